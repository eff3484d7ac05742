package lessonui

import (
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/lessons"
)

// Lesson 14 step 2 asks for the loop's busy share, shown as 5.0%; a guess
// of 30 is 25.0 percentage points above it, written no finer than the two
// figures beside it (it read "25.03", from the unrounded answer).
func TestOffByIsAsPreciseAsTheFiguresItCompares(t *testing.T) {
	p := lessonID(t, "14-no-thread-pool")
	step := stepTitled(t, p, "The loop is idle")
	if step != 1 {
		t.Fatalf("the loop's busy share is asked on step %d, want step 2", step+1)
	}
	m := open(t, p, step, 80, 24, Options{})
	m = runToStop(t, send(m, keys("30\n")...))
	v := textColumn(m)
	for _, want := range []string{"Your prediction: 30.0%", "What happened: 5.0%", "25.0 percentage points above it"} {
		if !strings.Contains(v, want) {
			t.Errorf("the outcome lacks %q:\n%s", want, v)
		}
	}
}

// The difference takes the decimals of the finer figure as shown.
func TestShownDecimals(t *testing.T) {
	for _, c := range []struct {
		figure string
		want   int
	}{{"5.0%", 1}, {"41%", 0}, {"0.25%", 2}, {"<0.1%", 1}, {">99.9%", 1}, {"1,250 workers", 0}, {"1,250.5 ms", 1}, {"never", 0}} {
		if got := shownDecimals(c.figure); got != c.want {
			t.Errorf("shownDecimals(%q) = %d, want %d", c.figure, got, c.want)
		}
	}
}

// A guess of exactly half the answer is half of it: "under half" was
// wrong there, as HowFar's "less than half" was. A guess further below
// says by how much, as one above does: 25 against 452 read "half of it or
// less", as if it were off by two, not eighteen.
func TestOffByAtExactlyHalf(t *testing.T) {
	q := &lessons.PreparedQuestion{Kind: lessons.Number, Answer: 10, AnswerKind: lessons.KindNumber, Unit: "workers"}
	for got, want := range map[float64]string{
		5:  "5 workers below it, half of it",
		4:  "6 workers below it, the answer is 2.5 times your guess",
		20: "10 workers above it, 2 times it",
		6:  "4 workers below it",
	} {
		if s := offBy(q, got); s != want {
			t.Errorf("offBy(%v) for 10 = %q, want %q", got, s, want)
		}
	}
	q.Answer = 452
	if s, want := offBy(q, 25), "427 workers below it, the answer is 18.1 times your guess"; s != want {
		t.Errorf("offBy(25) for 452 = %q, want %q", s, want)
	}
}
