package lessons

import (
	"fmt"
	"math"
	"strings"
	"testing"
)

// A guess with a unit is converted to the answer's unit; a bare number is
// in the unit the input shows. Lesson 11 asks for a timeout "in
// milliseconds" (answer 885, unit ms): 0.885 s typed there was read as
// 0.885 and marked wrong.
func TestParseGuessConvertsTimesToTheAnswersUnit(t *testing.T) {
	inMS := &PreparedQuestion{Kind: Number, Answer: 885, AnswerKind: KindNumber, Unit: "ms", AnswerText: "885"}
	duration := &PreparedQuestion{Kind: Number, Answer: 0.885, AnswerKind: KindDuration, AnswerText: "885 ms"}
	// A generated problem's duration shows "s" after its input.
	durationS := &PreparedQuestion{Kind: Number, Answer: 0.885, AnswerKind: KindDuration, Unit: "s", AnswerText: "0.885"}
	workers := &PreparedQuestion{Kind: Number, Answer: 12, AnswerKind: KindNumber, Unit: "workers", AnswerText: "12"}
	share := &PreparedQuestion{Kind: Number, Answer: 0.41, AnswerKind: KindFraction, AnswerText: "41 %"}
	cases := []struct {
		name  string
		q     *PreparedQuestion
		input string
		want  float64
	}{
		{"ms: bare, in the unit shown", inMS, "885", 885},
		{"ms: ms typed", inMS, "885 ms", 885},
		{"ms: ms typed without a space", inMS, "885ms", 885},
		{"ms: seconds", inMS, "0.885 s", 885},
		{"ms: seconds without a space", inMS, "0.885s", 885},
		{"ms: microseconds, µ", inMS, "885000 µs", 885},
		{"ms: microseconds, u", inMS, "885000us", 885},
		{"ms: minutes", inMS, "0.01475m", 885},
		{"ms: a bare 0.885 is 0.885 ms", inMS, "0.885", 0.885},
		{"duration: bare, in seconds", duration, "0.885", 0.885},
		{"duration: seconds", duration, "0.885 s", 0.885},
		{"duration: milliseconds", duration, "885 ms", 0.885},
		{"duration: microseconds", duration, "885000µs", 0.885},
		{"duration shown in s: milliseconds", durationS, "885ms", 0.885},
		{"duration shown in s: bare", durationS, "0.885", 0.885},
		{"workers: bare", workers, "12", 12},
		{"workers: with the unit shown", workers, "12 workers", 12},
		{"share: percent", share, "41%", 0.41},
		{"share: points", share, "41", 0.41},
		{"share: a bare 0.41 is 0.41 %, as the box shows", share, "0.41", 0.0041},
	}
	for _, c := range cases {
		got, err := c.q.ParseGuess(c.input)
		if err != nil {
			t.Errorf("%s: ParseGuess(%q): %v", c.name, c.input, err)
			continue
		}
		if math.Abs(got-c.want) > 1e-12*math.Max(1, c.want) {
			t.Errorf("%s: ParseGuess(%q) = %v, want %v", c.name, c.input, got, c.want)
		}
		right, err := c.q.CheckNumber(c.input)
		if wantRight := c.want == c.q.Answer; err != nil || right != wantRight {
			t.Errorf("%s: CheckNumber(%q) = %v, %v; want %v", c.name, c.input, right, err, wantRight)
		}
	}
}

// A time typed for an answer that is no time is refused, saying so, rather
// than taken as its number of seconds (5 s as 5 workers).
func TestParseGuessRefusesATimeForANumberThatIsNone(t *testing.T) {
	for _, q := range []*PreparedQuestion{
		{Kind: Number, Answer: 5, AnswerKind: KindNumber, Unit: "workers", AnswerText: "5"},
		{Kind: Number, Answer: 5, AnswerKind: KindCount, AnswerText: "5"},
		{Kind: Number, Answer: 0.05, AnswerKind: KindFraction, AnswerText: "5 %"},
	} {
		got, err := q.ParseGuess("5 s")
		if err == nil || !strings.Contains(err.Error(), "is a time") {
			t.Errorf("answer in %q (%s): ParseGuess(5 s) = %v, %v; want it refused as a time", q.Unit, q.AnswerKind, got, err)
		}
	}
}

// The hint names the unit a bare number is read in, the unit ParseGuess
// reads it in: the drill said "times in seconds" beside an answer in ms.
func TestGuessHintNamesTheAnswersUnit(t *testing.T) {
	cases := []struct {
		q    *PreparedQuestion
		want string
	}{
		{&PreparedQuestion{AnswerKind: KindNumber, Unit: "ms"}, "Times in milliseconds, or typed with a unit (s, ms, µs)."},
		{&PreparedQuestion{AnswerKind: KindDuration}, "Times in seconds, or typed with a unit (s, ms, µs)."},
		{&PreparedQuestion{AnswerKind: KindDuration, Unit: "s"}, "Times in seconds, or typed with a unit (s, ms, µs)."},
		{&PreparedQuestion{AnswerKind: KindFraction}, "Shares in percent: 41 or 41% for 41 %, 0.5 for half a percent."},
		{&PreparedQuestion{AnswerKind: KindNumber, Unit: "workers"}, "Type a number of workers."},
		{&PreparedQuestion{AnswerKind: KindCount}, "Type a number."},
	}
	for _, c := range cases {
		if got := c.q.GuessHint(); got != c.want {
			t.Errorf("answer %s in %q: GuessHint() = %q, want %q", c.q.AnswerKind, c.q.Unit, got, c.want)
		}
	}
}

// Lesson 11's question in milliseconds, as the lesson player and the
// drill both judge it.
func TestLesson11TimeoutInMillisecondsTakesSeconds(t *testing.T) {
	l, err := Lookup("11-deadlines-across-hops")
	if err != nil {
		t.Fatal(err)
	}
	p, err := Prepare(l, NewLab())
	if err != nil {
		t.Fatal(err)
	}
	var q *PreparedQuestion
	for _, s := range p.Steps {
		if s.Title == "Self-check: the time left" {
			q = s.Question
		}
	}
	if q == nil || q.Unit != "ms" {
		t.Fatalf("lesson 11 has no question in ms titled \"Self-check: the time left\": %+v", q)
	}
	for input, want := range map[string]bool{"885": true, "885 ms": true, "0.885 s": true, "0.885s": true, "0.885": false, "885 s": false} {
		if got, err := q.CheckNumber(input); err != nil || got != want {
			t.Errorf("CheckNumber(%q) = %v, %v; want %v", input, got, err, want)
		}
	}
	if h := q.GuessHint(); !strings.Contains(h, "milliseconds") {
		t.Errorf("the hint %q does not name milliseconds", h)
	}
}

// A bare number on a share is in the unit its box shows, percent. Lesson 3
// asked "Answer in percent." over a box marked "%", and 1 typed there was
// graded as 100 %: every bare number was read as a fraction from 0 to 1
// unless only its reading as points was right. Card numbers-21 (the
// answer 0.0 %, within 1 point) still takes 1 as 1 %; and every bare
// number says how it was read.
func TestABareShareIsReadInPercent(t *testing.T) {
	none := &PreparedQuestion{Kind: Number, Answer: 0, AnswerKind: KindFraction, Tolerance: 0.01, AnswerText: "0.0 %"}
	most := &PreparedQuestion{Kind: Number, Answer: 0.995, AnswerKind: KindFraction, Tolerance: 0.01, AnswerText: "99.5 %"}
	half := &PreparedQuestion{Kind: Number, Answer: 0.5, AnswerKind: KindFraction, Tolerance: 0.01, AnswerText: "50 %"}
	rare := &PreparedQuestion{Kind: Number, Answer: 0.088, AnswerKind: KindFraction, Tolerance: 0.5, Relative: true, AnswerText: "8.8 %"}
	cases := []struct {
		name  string
		q     *PreparedQuestion
		input string
		want  float64
		right bool
		read  string
	}{
		{"numbers-21: 1 is 1 %", none, "1", 0.01, true, "read as 1 %"},
		{"0.5 is half a percent", none, "0.5", 0.005, true, "read as 0.5 %, not 50 %"},
		{"lesson 3: 1 is 1 %, not 100 %", rare, "1", 0.01, false, "read as 1 %"},
		{"1 is 1 % even where 100 % would be right", most, "1", 0.01, false, "read as 1 %"},
		{"0.5 is 0.5 %, not half", half, "0.5", 0.005, false, "read as 0.5 %, not 50 %"},
		{"points", half, "50", 0.5, true, "read as 50 %"},
		{"all of it", most, "100", 1, true, "read as 100 %"},
		{"a % sign is never in doubt", none, "1%", 0.01, true, ""},
		{"a % sign is never in doubt, wrong", half, "1%", 0.01, false, ""},
	}
	for _, c := range cases {
		got, read, err := c.q.ReadGuess(c.input)
		if err != nil {
			t.Errorf("%s: ReadGuess(%q): %v", c.name, c.input, err)
			continue
		}
		if math.Abs(got-c.want) > 1e-12 || read != c.read {
			t.Errorf("%s: ReadGuess(%q) = %v, %q; want %v, %q", c.name, c.input, got, read, c.want, c.read)
		}
		if right, err := c.q.CheckNumber(c.input); err != nil || right != c.right {
			t.Errorf("%s: CheckNumber(%q) = %v, %v; want %v", c.name, c.input, right, err, c.right)
		}
	}
	// A count is no share: no words on how it was read.
	workers := &PreparedQuestion{Kind: Number, Answer: 1, AnswerKind: KindNumber, Unit: "workers", AnswerText: "1"}
	if _, read, _ := workers.ReadGuess("1"); read != "" {
		t.Errorf("a count of workers says %q", read)
	}
}

// A number the quantity cannot be is refused, not graded "too high": 150
// and 150% cannot be a share of anything, nor -3 a count, in the lesson
// player and the drill as in a classroom's poll (one rule, possibleGuess).
func TestAShareAbove100IsRefused(t *testing.T) {
	half := &PreparedQuestion{Kind: Number, Answer: 0.5, AnswerKind: KindFraction, Tolerance: 0.01, AnswerText: "50 %"}
	for _, in := range []string{"150", "150%", "-5%"} {
		if _, _, err := half.ReadGuess(in); err == nil || err.Error() != fmt.Sprintf("Out of range: %q. A share is from 0 to 100%%", in) {
			t.Errorf("ReadGuess(%q) = %v, want a refusal saying a share is from 0 to 100%%", in, err)
		}
	}
	for _, in := range []string{"100", "100%", "0", "1"} {
		if _, _, err := half.ReadGuess(in); err != nil {
			t.Errorf("ReadGuess(%q): %v", in, err)
		}
	}
	count := &PreparedQuestion{Kind: Number, Answer: 24, AnswerKind: KindCount, Tolerance: 2, AnswerText: "24"}
	if _, _, err := count.ReadGuess("-3"); err == nil || err.Error() != `Out of range: "-3". A count is 0 or more` {
		t.Errorf("ReadGuess(-3) on a count = %v, want a refusal naming -3 and what a count is", err)
	}
}
