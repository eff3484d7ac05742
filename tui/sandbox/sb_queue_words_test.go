package sandbox

import (
	"strings"
	"testing"
)

// A negative accept queue other than -1 is refused in words it does not
// meet: "-5" was refused as not "a whole number, or -1 for no limit".
func TestNegativeQueueRefusedInWordsItDoesNotMeet(t *testing.T) {
	for _, text := range []string{"-5", "-2", "-100"} {
		_, err := parse(kindQueue, text)
		if err == nil {
			t.Fatalf("%s was taken as an accept queue", text)
		}
		if msg := err.Error(); strings.Contains(msg, "a whole number") || !strings.Contains(msg, "-1 for no limit") || !strings.Contains(msg, "0 or more") {
			t.Errorf("%s refused as %q, want 0 or more, or -1 for no limit", text, msg)
		}
	}
	for _, text := range []string{"-1", "unbounded", "0", "50"} {
		if _, err := parse(kindQueue, text); err != nil {
			t.Errorf("%s refused: %v", text, err)
		}
	}
}
