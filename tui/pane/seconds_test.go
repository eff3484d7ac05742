package pane

import (
	"testing"
	"time"
)

// A half tenth rounds up, as a reader rounds: strconv's tie to even wrote
// 250 ms as "0.2 s" and 2.25 s as "2.2 s".
func TestSecondsRoundsAHalfUp(t *testing.T) {
	for _, c := range []struct {
		d    time.Duration
		want string
	}{
		{250 * time.Millisecond, "0.3 s"},
		{2250 * time.Millisecond, "2.3 s"},
		{249 * time.Millisecond, "0.2 s"},
		{0, "0.0 s"},
		{30 * time.Second, "30.0 s"},
		{12345 * time.Millisecond, "12.3 s"},
		{-250 * time.Millisecond, "-0.3 s"},
		{-10 * time.Millisecond, "0.0 s"},
	} {
		if got := Seconds(c.d); got != c.want {
			t.Errorf("Seconds(%v) = %q, want %q", c.d, got, c.want)
		}
	}
}
