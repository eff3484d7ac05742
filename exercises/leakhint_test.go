package exercises

import (
	"strings"
	"testing"
)

// In 08, TestAttemptTimesOut fails two ways: the timeout's error matches
// the wrong sentinels, or fn's goroutine is left blocked sending its late
// result on an unbuffered channel (the unbuffered-result mutant), which
// the summary puts first. The hint h offers for that test must speak of
// both: it spoke of wrapping errors alone, under a failure about a
// goroutine left blocked.
func TestTheTimeoutHintSpeaksOfTheBlockedSend(t *testing.T) {
	e, err := Lookup("08")
	if err != nil {
		t.Fatal(err)
	}
	hints := e.HintList()
	i, test := HintFor(hints, []string{"TestAttemptTimesOut"})
	if test != "TestAttemptTimesOut" {
		t.Fatalf("HintFor offers hint %d for %q, want one for TestAttemptTimesOut", i+1, test)
	}
	text := strings.Join(strings.Fields(hints[i].Text), " ")
	for _, want := range []string{"%w", "blocked sending", "buffer"} {
		if !strings.Contains(text, want) {
			t.Errorf("hint %d, offered for TestAttemptTimesOut, lacks %q:\n%s", i+1, want, hints[i].Text)
		}
	}
}
