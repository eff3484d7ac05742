package drill

import (
	"math"
	"math/big"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/lessons"
)

// manySeeds is how many worksheets the tests below read: each holds one
// problem of every generator, so every generator is read this many times.
const manySeeds = 400

// eachProblem calls f on every problem of manySeeds worksheets.
func eachProblem(t *testing.T, f func(p Problem)) {
	t.Helper()
	for seed := range uint64(manySeeds) {
		ps, err := Generate(seed, len(Generators))
		if err != nil {
			t.Fatal(err)
		}
		for _, p := range ps {
			f(p)
		}
	}
}

// oneWithPlural finds a count of one followed by a plural noun: "1 calls",
// "1 retries". A decimal ("0.1 calls", "2.1 calls") or a group of digits
// ("1,000" is not "1") is not one.
var oneWithPlural = regexp.MustCompile(`(?:^|[^0-9.,])1 (calls|workers|slots|failures|successes|trials|retries|tokens|shards|times|requests|seconds|customers|permits|connections)\b`)

// The drill showed "The answer: 1 calls ... = 1 calls.": every generated
// text writes a count of one with a singular noun, as the lessons do.
func TestGeneratedTextsAgreeInNumber(t *testing.T) {
	eachProblem(t, func(p Problem) {
		c := p.Card()
		texts := map[string]string{"question": p.Question, "explain": p.Explain, "answer": c.Answer()}
		for i, o := range p.Choices {
			texts["choice "+string(rune('a'+i))] = o.Text + " " + o.Why
		}
		if p.Check != nil {
			for _, m := range p.Check.Misconceptions {
				texts["misconception "+m.Text] = m.Why
			}
		}
		for what, s := range texts {
			if m := oneWithPlural.FindString(s); m != "" {
				t.Errorf("%s's %s writes %q: %q", p.ID, what, strings.TrimSpace(m), s)
			}
		}
	})
	// The rule itself: a count of one takes the singular, others the plural.
	for v, want := range map[float64]string{1: "1 call", 0.5: "0.5 calls", 2: "2 calls", 10: "10 calls"} {
		if got := unit(v, "calls"); got != want {
			t.Errorf("unit(%g, calls) = %q, want %q", v, got, want)
		}
	}
}

// Every generated number problem names at least one likely wrong number
// with its why, and every generator two or more on some seed; a guess at
// one is wrong, and the drill's reading of it (Card.MisconceptionWhy, the
// lesson player's MisconceptionFor) gives that one's why; the right answer
// gives none. No misconception's margin reaches the answer's or another's,
// whatever the seed's numbers.
func TestGeneratedProblemsNameTheirMisconceptions(t *testing.T) {
	most := map[string]int{}
	eachProblem(t, func(p Problem) {
		if p.Kind != Number {
			// pool is a choice: each wrong choice carries its own why.
			for _, o := range p.Choices {
				if !o.Right && o.Why == "" {
					t.Errorf("%s: the wrong choice %q has no why", p.ID, o.Text)
				}
			}
			return
		}
		q, c := p.Check, p.Card()
		most[p.Generator] = max(most[p.Generator], len(q.Misconceptions))
		if len(q.Misconceptions) == 0 {
			t.Errorf("%s names no misconception: %s", p.ID, p.Question)
		}
		if why := c.MisconceptionWhy(q.AnswerText); why != "" {
			t.Errorf("%s: the right answer %s is told %q", p.ID, q.AnswerText, why)
		}
		ansTol := q.Tolerance
		if q.Relative {
			ansTol *= math.Abs(q.Answer)
		}
		for i, m := range q.Misconceptions {
			typed := m.Text
			if _, err := q.ParseGuess(typed); err != nil {
				// A share below 0.1 % prints as "<0.1%", and the answer
				// box reads "1,000 s" as no number: type its digits.
				typed = strconv.FormatFloat(m.Value, 'g', 10, 64)
				if q.AnswerKind == lessons.KindFraction {
					typed = strconv.FormatFloat(100*m.Value, 'g', 6, 64) + "%"
				}
			}
			if ok, err := q.CheckNumber(typed); err != nil || ok {
				t.Errorf("%s: the misconception %s reads as right (%v, %v); answer %s", p.ID, typed, ok, err, q.AnswerText)
			}
			if got := c.MisconceptionWhy(typed); got != m.Why {
				t.Errorf("%s: typing %s shows %q, want its why %q", p.ID, typed, got, m.Why)
			}
			if math.Abs(m.Value-q.Answer) <= ansTol+m.Tolerance {
				t.Errorf("%s: the misconception %s is within reach of the answer %s", p.ID, m.Text, q.AnswerText)
			}
			for _, o := range q.Misconceptions[:i] {
				if math.Abs(m.Value-o.Value) <= o.Tolerance+m.Tolerance {
					t.Errorf("%s: the misconceptions %s and %s overlap", p.ID, o.Text, m.Text)
				}
			}
			if !strings.HasPrefix(m.Why, "That ") && !strings.HasPrefix(m.Why, "The ") {
				t.Errorf("%s: the why %q should name the slip, as the others do", p.ID, m.Why)
			}
			// Every number the why states is the problem's: a given of
			// the question, a step of the working, the answer, the wrong
			// number itself, or one of the problem's own numbers in
			// another form (a latency in seconds, a count of failures).
			givens := append([]string{p.Question, p.Explain, q.AnswerText, m.Text, strings.ReplaceAll(m.Text, ",", "")}, derived(p)...)
			if n := lessons.UncheckedNumbers(m.Why, givens...); len(n) > 0 {
				t.Errorf("%s: the why of %s states %v, which are not the problem's: %q", p.ID, m.Text, n, m.Why)
			}
		}
	})
	for _, g := range Generators {
		if g != "pool" && most[g] < 2 {
			t.Errorf("%s names at most %d misconception over %d seeds, want two or more", g, most[g], manySeeds)
		}
	}
}

// derived are a problem's numbers in the forms its whys may state them and
// its question and working do not: a latency in seconds, a headroom's
// slots, the orders of a shard's draws.
func derived(p Problem) []string {
	x := p.p
	out := []string{trim(x.latency.Seconds()), trim(1000 * x.latency.Seconds()), trim(x.rate * x.latency.Seconds()), trim(x.rate * x.latency.Seconds() * (1 + x.headroom))}
	if x.window > 0 {
		out = append(out, trim(math.Ceil(x.threshold*float64(x.window)-1e-9)), trim(float64(x.window/2)))
	}
	if x.k > 0 {
		f := 1.0
		for i := 2; i <= x.k; i++ {
			f *= float64(i)
		}
		out = append(out, trim(f), report100(p.p.answer))
		// k in n reduced, as a chance is written: 2 of 8 is "1 in 4".
		r := big.NewRat(int64(x.k), int64(x.n))
		out = append(out, r.Num().String(), r.Denom().String())
	}
	if x.capacity > 0 {
		out = append(out, trim(float64(x.capacity)/2), trim(float64(x.capacity)/float64(x.cost)), trim(float64(x.capacity)/float64(2*x.cost)))
	}
	return out
}

func report100(f float64) string { return trim(100 * f) }

// A misconception is left out when a guess at it would be right or taken
// for an earlier one: here, with numbers chosen to collide.
func TestMisconceptionsLeaveOutWhatCollides(t *testing.T) {
	p := Problem{Question: "q"}
	p.number(lessons.KindNumber, 10, 0.5, false, "calls")
	p.misconceptions(slip{10.4, "That is the answer."}, slip{100, "That is a slip."}, slip{100.8, "That is the same slip."},
		slip{-3, "That is negative."}, slip{20, "That is another slip."})
	var got []float64
	for _, m := range p.Check.Misconceptions {
		got = append(got, m.Value)
	}
	if len(got) != 2 || got[0] != 100 || got[1] != 20 {
		t.Fatalf("kept %v, want [100 20]: 10.4 is within the answer's 0.5, 100.8 within 100's, -3 no count", got)
	}
}

// The lead's case: 100 requests a second for 10 ms on average is 1 call in
// flight, and the answer and the working said "1 calls". A seed that draws
// an answer of one is looked for, as few seeds of a worksheet do.
func TestAnswerOfOneIsSingular(t *testing.T) {
	for seed := range uint64(20000) {
		p, err := One("little", seed)
		if err != nil {
			t.Fatal(err)
		}
		if p.Check.AnswerText != "1" {
			continue
		}
		if got := p.Card().AnswerWithUnit(); got != "1 call" {
			t.Errorf("%s: the answer reads %q, want \"1 call\"", p.ID, got)
		}
		if !strings.Contains(p.Explain, "= 1 call.") || oneWithPlural.MatchString(p.Explain+" "+p.Card().Answer()) {
			t.Errorf("%s: the working reads %q", p.ID, p.Explain)
		}
		return
	}
	t.Fatal("no seed below 20,000 draws an answer of 1 call: look further")
}
