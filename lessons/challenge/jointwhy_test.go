package challenge

import (
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/internal/racefree"
)

// deadlineWithWhys is level 12's file with its [[whys]] replaced by why.
func deadlineWithWhys(t *testing.T, why string) (*Challenge, error) {
	t.Helper()
	data, err := content.ReadFile("content/12-deadline.toml")
	if err != nil {
		t.Fatal(err)
	}
	text := string(data)
	at := strings.Index(text, "[[whys]]")
	end := strings.Index(text[at:], "[[goals]]")
	if at < 0 || end < 0 {
		t.Fatal("level 12 has no [[whys]] before its goals")
	}
	text = text[:at] + why + "\n" + text[at+end:]
	return Parse("12-deadline.toml", []byte(text), func(rel string) ([]byte, error) { return content.ReadFile("content/" + rel) })
}

// A [[whys]] is refused, naming its line and what it takes, where its
// conditions are not two knobs' or name what is not there.
func TestJointWhyRefusals(t *testing.T) {
	for _, tc := range []struct{ when, want string }{
		{`["payment.deadline > 0s"]`, "its conditions name two knobs or more"},
		{`["payment.deadline <= payment.deadline"]`, "compares payment.deadline with itself"},
		{`["payment.deadline <= payment.retry.attempts"]`, "payment.retry.attempts cannot be added to or compared with the other knobs"},
		{`["payment.deadline <= payment.timeout +"]`, "a + with nothing after it"},
		{`["payment.deadlin <= payment.timeout"]`, `"payment.deadlin" is not a knob of this challenge; the knobs are`},
		{`["payment.deadline about payment.timeout"]`, "is not a condition: write knobs' paths, one of <= >= == != < >"},
		{`["payment.deadline <= 2", "payment.timeout > 0s"]`, `"2" is not a duration such as "500ms"`},
		{`["payment.deadline <= {{param payment.colour}}", "payment.timeout > 0s"]`, "payment.colour"},
	} {
		_, err := deadlineWithWhys(t, "[[whys]]\nwhen = "+tc.when+"\ntext = \"x\"\n")
		if err == nil || !strings.Contains(err.Error(), tc.want) || !strings.Contains(err.Error(), "whys[1].when") {
			t.Errorf("when = %s: %v, want whys[1].when and %q", tc.when, err, tc.want)
		}
	}
	_, err := deadlineWithWhys(t, "[[whys]]\nwhen = [\"payment.deadline <= payment.timeout\"]\ntext = \"x\"\ngoals = [\"calls\"]\n")
	if err == nil || !strings.Contains(err.Error(), `names "calls", which is not a goal's label; the goals are: calls sent to payment`) {
		t.Errorf("a goal that is not there: %v", err)
	}
	_, err = deadlineWithWhys(t, "[[whys]]\nwhen = [\"payment.deadline <= payment.timeout\"]\n")
	if err == nil || !strings.Contains(err.Error(), "a why needs text") {
		t.Errorf("no text: %v", err)
	}
	// A value is in its knobs' unit, a placeholder too, and a side adds
	// knobs and values.
	c, err := deadlineWithWhys(t, "[[whys]]\nwhen = [\"payment.deadline >= {{param checkout.patience}}\", \"payment.retry.attempts == 1\", \"payment.deadline - 100ms >= payment.timeout + 0s\"]\ntext = \"x\"\n")
	if err != nil {
		t.Fatal(err)
	}
	w := &c.Whys[0]
	for _, tc := range []struct {
		s    Setting
		want bool
	}{
		{Setting{"payment.deadline": "1s", "payment.retry.attempts": int64(1)}, true},
		{Setting{"payment.deadline": "1s", "payment.retry.attempts": int64(1), "payment.timeout": "900ms"}, true},
		{Setting{"payment.deadline": "1s", "payment.retry.attempts": int64(1), "payment.timeout": "901ms"}, false},
		{Setting{"payment.deadline": "900ms", "payment.retry.attempts": int64(1)}, false},
		{Setting{"payment.deadline": "2s", "payment.retry.attempts": int64(2)}, false},
	} {
		if got := w.holds(c, tc.s); got != tc.want {
			t.Errorf("%v: holds %v, want %v", tc.s, got, tc.want)
		}
	}
}

// Level 12's deadline no longer than the timeout, each moved from the
// start, is told why, naming both knobs with their values; a deadline
// past the timeout is not told it. Its claim is the engine's: where the
// retries it says are not sent are sent, it is not told.
func TestDeadlineNoLongerThanTheTimeoutIsTold(t *testing.T) {
	racefree.Only(t) // grading runs the engine in this goroutine, no other
	c := lookup(t, "deadline")
	const told = "payment deadline = 1 s, payment timeout = 1 s: A deadline no longer than the timeout"
	s := Setting{"payment.deadline": "1s", "payment.timeout": "1s"}
	r, err := c.Grade(s)
	if err != nil {
		t.Fatal(err)
	}
	whys := c.ExplainResult(s, r)
	if r.Pass || len(whys) == 0 || !strings.HasPrefix(whys[0], told) {
		t.Fatalf("deadline 1 s, timeout 1 s: pass %v, whys %q, want %q", r.Pass, whys, told)
	}
	// The knob's own why of a deadline past the scenario's timeout
	// assumes that timeout, and is not told beside it.
	for _, w := range whys[1:] {
		if strings.HasPrefix(w, "payment deadline = ") || strings.HasPrefix(w, "payment timeout = ") {
			t.Errorf("told beside the joint why: %q", w)
		}
	}
	past := Setting{"payment.deadline": "1s", "payment.timeout": "900ms"}
	if r, err := c.Grade(past); err != nil || slicesHasPrefix(c.ExplainResult(past, r), "payment deadline = 1 s, payment timeout = ") {
		t.Errorf("a deadline past the timeout is told the joint why (%v)", err)
	}
	// The same why with a claim the design does not bear out.
	false_, err := deadlineWithWhys(t, "[[whys]]\nwhen = [\"payment.deadline > 0s\", \"payment.deadline <= payment.timeout\"]\ntext = \"x\"\ngoals = [\"checkouts answered\"]\nclaims = [\"retries payment >= 400\"]\n")
	if err != nil {
		t.Fatal(err)
	}
	r, err = false_.Grade(s)
	if err != nil {
		t.Fatal(err)
	}
	if slicesHasPrefix(false_.ExplainResult(s, r), "payment deadline = 1 s, payment timeout = 1 s: x") {
		t.Error("a joint why whose claim the engine does not bear out is told")
	}
}

func slicesHasPrefix(lines []string, prefix string) bool {
	for _, l := range lines {
		if strings.HasPrefix(l, prefix) {
			return true
		}
	}
	return false
}
