package playback

import (
	"strings"
	"testing"
	"time"
)

// A time typed at the seek prompt naming a unit twice ("5s1s", which Go
// sums to 6s) is refused with what was most likely meant; a compound of
// distinct units ("1m30s") is taken.
func TestSeekRefusesATimeNamingAUnitTwice(t *testing.T) {
	const says = "5s1s repeats the unit s: did you mean 1s?"
	if _, err := ParseTimeIn("5s1s", 0, 2*time.Minute, 2*time.Minute); err == nil || !strings.HasPrefix(err.Error(), says+" Type 0 to ") {
		t.Errorf("5s1s: %v, want %q and the times allowed", err, says)
	}
	if d, err := ParseTimeIn("1m30s", 0, 2*time.Minute, 2*time.Minute); err != nil || d != 90*time.Second {
		t.Errorf("1m30s: %v, %v, want 90 s", d, err)
	}
}
