package lessons

import (
	"errors"
	"os"
	"strings"
	"testing"
)

// A numeric question's [[...misconception]] that breaks a rule is refused
// with the line and the field named, and a message that says what is
// wanted.
func TestMalformedMisconceptionsNameLineAndField(t *testing.T) {
	sim := "+++ step\ntitle = \"a\"\nscenario = \"cascade\"\npause = \"12s\"\n"
	num := sim + "[predict]\nprompt = \"How many at 12 s?\"\nanswer = \"held-at step recommendations 12s\"\ntolerance = 10\n"
	// answerOf is the lesson with one misconception whose answer is the
	// quoted expression, and badAnswer how its refusal starts.
	answerOf := func(expr string) string {
		return predictHead + num + "[[predict.misconception]]\nanswer = \"" + expr + "\"\nwhy = \"w\"\n+++\n"
	}
	const badAnswer = "x.md:14: predict.misconception[0].answer: a misconception's answer is a number, a metric expression, or the product or ratio of two: "
	cases := []struct {
		name, text, want string
	}{
		{"no why", predictHead + num + "[[predict.misconception]]\nanswer = 200\n+++\n",
			"x.md:14: predict.misconception[0].why: every misconception needs a why"},
		{"no answer", predictHead + num + "[[predict.misconception]]\nwhy = \"w\"\n+++\n",
			"x.md:14: predict.misconception[0].answer: every misconception needs the answer it leads to"},
		{"bad expression", answerOf("workers step"), badAnswer + "unknown metric"},
		{"product without a second figure", answerOf("param step workers ×"), badAnswer + "\"×\" needs a figure on each side"},
		{"three figures", answerOf("param step workers × param step workers / param step workers"), badAnswer + "a product is made of two figures"},
		{"bad second figure", answerOf("param step workers × nope step"), badAnswer + "the product's second figure: unknown metric"},
		{"not a number", predictHead + num + "[[predict.misconception]]\nanswer = true\nwhy = \"w\"\n+++\n",
			"x.md:14: predict.misconception[0].answer: want a number or a metric expression in quotes"},
		{"bad tolerance", predictHead + num + "[[predict.misconception]]\nanswer = 200\ntolerance = \"lots\"\nwhy = \"w\"\n+++\n",
			"x.md:14: predict.misconception[0].tolerance: want a number (absolute) or a percentage"},
		{"unknown key", predictHead + num + "[[predict.misconception]]\nanswer = 200\ntext = \"t\"\nwhy = \"w\"\n+++\n",
			"x.md:16: predict.misconception.text: unknown key \"predict.misconception.text\" in the step's front matter (allowed: answer, tolerance, why)"},
		{"on a choice question", predictHead + sim + "[question]\nprompt = \"p\"\n[[question.choice]]\ntext = \"a\"\nright = true\n[[question.choice]]\ntext = \"b\"\nwhy = \"w\"\n[[question.misconception]]\nanswer = 2\nwhy = \"w\"\n+++\n",
			"x.md:18: question.misconception: [[question.misconception]] names a wrong number of a numeric answer"},
		{"bad placeholder in why", predictHead + num + "[[predict.misconception]]\nanswer = 200\nwhy = \"{{nope step}}\"\n+++\n",
			"x.md:14: predict.misconception[0].why: placeholder {{nope step}}"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := Parse("x.md", []byte(c.text))
			if err == nil {
				t.Fatalf("accepted; want an error starting %q", c.want)
			}
			if !errors.Is(err, ErrInvalid) {
				t.Errorf("error does not wrap ErrInvalid: %v", err)
			}
			if !strings.HasPrefix(err.Error(), c.want) {
				t.Errorf("error\n  %v\nwant it to start with\n  %s", err, c.want)
			}
		})
	}
}

// A misconception whose number a guess could never be told about is
// refused when the lesson is prepared: one inside the answer's tolerance
// (a guess there is right), one past the most a guess may be (the player
// refuses it), and one of another kind than the answer.
func TestMisconceptionsAreCheckedWhenPrepared(t *testing.T) {
	sim := "+++ step\ntitle = \"a\"\nscenario = \"cascade\"\npause = \"12s\"\n"
	num := sim + "[predict]\nprompt = \"How many at 12 s?\"\nanswer = \"held-at step recommendations 11s\"\ntolerance = 10\nunit = \"workers\"\n"
	for _, c := range []struct {
		name, text, want string
	}{
		{"inside the tolerance", num + "[[predict.misconception]]\nanswer = 100\nwhy = \"w\"\n+++\n",
			"x.md:15: predict.misconception[0].answer: 100 is within the answer's tolerance (107): a guess there is right"},
		{"past the most", num + "[[predict.misconception]]\nanswer = 500\nwhy = \"w\"\n+++\n",
			"x.md:15: predict.misconception[0].answer: 500 is more than a guess may be (the pool has only 200 workers"},
		{"another kind", num + "[[predict.misconception]]\nanswer = \"opens breaker-timeline/0\"\nwhy = \"w\"\n+++\n",
			"x.md:15: predict.misconception[0].answer: \"opens breaker-timeline/0\" is a duration and the answer a count"},
		{"a ratio over 0", num + "[[predict.misconception]]\nanswer = \"param step workers / opened step\"\nwhy = \"w\"\n+++\n",
			"x.md:15: predict.misconception[0].answer: \"param step workers / opened step\" divides by opened step, which the run gives as 0"},
	} {
		t.Run(c.name, func(t *testing.T) {
			l, err := Parse("x.md", []byte(predictHead+c.text))
			if err != nil {
				t.Fatal(err)
			}
			_, err = Prepare(l, testLab)
			if err == nil || !strings.HasPrefix(err.Error(), c.want) {
				t.Errorf("Prepare: %v\nwant an error starting %s", err, c.want)
			}
		})
	}
}

// A wrong guess near a misconception's number is told its why: the
// nearest, within its margin (the question's own tolerance unless it
// states one), computed by the engine and filled.
func TestMisconceptionForAGuess(t *testing.T) {
	src := predictHead + "+++ step\ntitle = \"a\"\nscenario = \"cascade\"\npause = \"12s\"\n[predict]\nprompt = \"How many at 11 s?\"\nanswer = \"held-at step recommendations 11s\"\ntolerance = 10\nunit = \"workers\"\n" +
		"[[predict.misconception]]\nanswer = \"param step workers\"\nwhy = \"The pool has {{param step workers}}.\"\n" +
		"[[predict.misconception]]\nanswer = 50\ntolerance = \"20%\"\nwhy = \"Half of it.\"\n" +
		"[[predict.misconception]]\nanswer = \"param step workers ÷ param step recommendations.rate\"\ntolerance = 0\nwhy = \"Workers ÷ rate.\"\n+++\nbody\n"
	l, err := Parse("x.md", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	p, err := Prepare(l, testLab)
	if err != nil {
		t.Fatal(err)
	}
	q := p.Steps[0].Predict
	if len(q.Misconceptions) != 3 || q.Misconceptions[0].Value != 200 || q.Misconceptions[0].Why != "The pool has 200." {
		t.Fatalf("misconceptions %+v", q.Misconceptions)
	}
	// A ratio of two figures is computed, and read in the answer's terms.
	ratio := 200 / mustEval(t, 0, "param cascade/0 recommendations.rate")
	if q.Misconceptions[2].Value != ratio || q.Misconceptions[2].Why != "Workers ÷ rate." {
		t.Errorf("the ratio's misconception %+v, want %v", q.Misconceptions[2], ratio)
	}
	if m, ok := q.MisconceptionFor(ratio); !ok || m.Why != "Workers ÷ rate." {
		t.Errorf("a guess of the ratio %v is told %q (%v)", ratio, m.Why, ok)
	}
	for _, c := range []struct {
		guess float64
		why   string
	}{{200, "The pool has 200."}, {191, "The pool has 200."}, {60, "Half of it."}, {40, "Half of it."}, {39, ""}, {61, ""}, {150, ""}} {
		m, ok := q.MisconceptionFor(c.guess)
		if ok != (c.why != "") || m.Why != c.why {
			t.Errorf("guess %v: %q (%v), want %q", c.guess, m.Why, ok, c.why)
		}
	}
}

// A wrong answer to a question is told how far off it is without the
// answer itself.
func TestHowFar(t *testing.T) {
	q := &PreparedQuestion{Kind: Number, Answer: 500, AnswerKind: KindNumber}
	for got, want := range map[float64]string{
		520: "too high, but within 10 % of it", 480: "too low, but within 10 % of it",
		600: "too high, by less than half of it", 300: "too low, by less than half of it",
		800: "too high, by half of it or more", 1000: "too high: twice the answer or more",
		6000: "too high: ten times the answer or more", 200: "too low: half the answer or less",
		-5: "too low", 0: "too low",
	} {
		if s := q.HowFar(got); s != want {
			t.Errorf("HowFar(%v) = %q, want %q", got, s, want)
		}
	}
}

// FORMAT.md documents the misconceptions where it documents questions.
func TestFormatDocumentsMisconceptions(t *testing.T) {
	doc, err := os.ReadFile("FORMAT.md")
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"[[predict.misconception]]", "[[question.misconception]]", "`misconceptions`"} {
		if !strings.Contains(string(doc), want) {
			t.Errorf("FORMAT.md does not mention %s", want)
		}
	}
}
