package lessons

import (
	"math"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/internal/racefree"
)

// A count's guess may end in its unit, plural or singular, in any case:
// "16 workers" was taken where "16 worker" was refused as no number, and
// the refusal said only that. One list (guessUnits) is what the parse
// takes and what a refusal names.
func TestAGuessTakesItsUnitSingularOrPlural(t *testing.T) {
	racefree.Only(t) // no goroutine: parsing only
	workers := &PreparedQuestion{Kind: Number, Answer: 16, AnswerKind: KindNumber, Unit: "workers", AnswerText: "16"}
	retries := &PreparedQuestion{Kind: Number, Answer: 1, AnswerKind: KindNumber, Unit: "retries", AnswerText: "1"}
	for q, inputs := range map[*PreparedQuestion][]string{
		workers: {"16", "16 workers", "16workers", "16 worker", "16 Workers", "16 WORKER"},
		retries: {"1", "1 retry", "1 retries", "1 Retry"},
	} {
		for _, in := range inputs {
			got, err := q.ParseGuess(in)
			if err != nil || got != q.Answer {
				t.Errorf("unit %s: ParseGuess(%q) = %v, %v; want %v", q.Unit, in, got, err, q.Answer)
			}
		}
	}
	// A refusal names what is allowed, from the same list.
	_, err := workers.ParseGuess("16 wrkrs")
	want := `Not a number: "16 wrkrs". Type a number, alone or followed by workers or worker (12, 12 workers)`
	if err == nil || err.Error() != want {
		t.Errorf("ParseGuess(16 wrkrs) = %v, want %q", err, want)
	}
	for _, u := range workers.guessUnits() {
		if err == nil || !strings.Contains(err.Error(), u) {
			t.Errorf("the refusal %v does not name %q, a unit the parse takes", err, u)
		}
	}
}

// A refusal says what may be typed, in the answer's terms.
func TestARefusedGuessNamesWhatIsAllowed(t *testing.T) {
	racefree.Only(t) // no goroutine: parsing only
	for _, c := range []struct {
		q     *PreparedQuestion
		input string
		want  string
	}{
		{&PreparedQuestion{AnswerKind: KindFraction}, "forty", `Not a number: "forty". Type a share in percent, 40 or 40%`},
		{&PreparedQuestion{AnswerKind: KindDuration}, "soon", `Not a number: "soon". Type a number of seconds, or a time with its unit (0.5 s, 500 ms)`},
		{&PreparedQuestion{AnswerKind: KindNumber, Unit: "ms"}, "5 sec", `Not a number: "5 sec". Type a number of milliseconds, or a time with its unit (0.5 s, 500 ms)`},
		{&PreparedQuestion{AnswerKind: KindCount}, "a dozen", `Not a number: "a dozen". Type a number, such as 12`},
		// A percentage for a count is no count: 41% was read as 0.41 workers.
		{&PreparedQuestion{AnswerKind: KindNumber, Unit: "workers"}, "41%", `Not in workers: "41%" is a percentage. Type a number, alone or followed by workers or worker (12, 12 workers)`},
		{&PreparedQuestion{AnswerKind: KindCount}, "1/2", `Not a plain number: "1/2" is a fraction. Type a number, such as 12`},
	} {
		if _, err := c.q.ParseGuess(c.input); err == nil || err.Error() != c.want {
			t.Errorf("answer %s in %q: ParseGuess(%q) = %v, want %q", c.q.AnswerKind, c.q.Unit, c.input, err, c.want)
		}
	}
}

// A bare number on a question asked in percent is percent: 40 is 40 %.
// Below 1 it could be meant as a fraction (0.4 for 40 %); the box's %
// makes it 0.4 %, and the words on how it was read name the reading not
// taken, so the learner who meant 40 % learns to type 40.
func TestABareShareBelowOneNamesTheOtherReading(t *testing.T) {
	racefree.Only(t) // no goroutine: parsing only
	q := &PreparedQuestion{Kind: Number, Answer: 0.4, AnswerKind: KindFraction, Tolerance: 0.05, AnswerText: "40 %"}
	for _, c := range []struct {
		input string
		want  float64
		words string
	}{
		{"40", 0.4, "You typed 40, read as 40 %."},
		{"0.4", 0.004, "You typed 0.4, read as 0.4 %, not 40 %."},
		{"0.05", 0.0005, "You typed 0.05, read as 0.05 %, not 5 %."},
		{"1", 0.01, "You typed 1, read as 1 %."},
		{"0", 0, "You typed 0, read as 0 %."},
		{"40%", 0.4, ""},
		{"0.4%", 0.004, ""},
	} {
		got, err := q.ParseGuess(c.input)
		if err != nil || math.Abs(got-c.want) > 1e-12 {
			t.Errorf("ParseGuess(%q) = %v, %v; want %v", c.input, got, err, c.want)
		}
		if w := q.TypedReading(c.input); w != c.words {
			t.Errorf("TypedReading(%q) = %q, want %q", c.input, w, c.words)
		}
	}
}
