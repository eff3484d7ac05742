package sandbox

import (
	"strings"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
)

// Two sides with the same ok shares say so: api-gateway's C at 20 s at
// 80x24 read "changed most: search ok 0%→0% · users ok 100%→100%", a
// change named where there was none.
func TestCompareLineSaysNoChange(t *testing.T) {
	a := freshSnapshot(t, tuitest.Scenario(t, "cascade"), 0, 5*time.Second)
	b := a
	for _, l := range shortDifferences(&a, &b, false)[2:] {
		if strings.Contains(l, "changed most") || !strings.Contains(l, "no change") {
			t.Errorf("alike sides: %q", l)
		}
	}
	// A side that differs still says what changed most.
	c := freshSnapshot(t, tuitest.Scenario(t, "cascade"), 0, 20*time.Second)
	d := freshSnapshot(t, tuitest.Scenario(t, "cascade"), 2, 20*time.Second)
	if l := shortDifferences(&c, &d, false)[3]; !strings.HasPrefix(l, "changed most: ") {
		t.Errorf("different sides: %q", l)
	}
}
