package shardview

import (
	"strings"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/engine/shuffle"
	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
)

// Too narrow for the counts table, a side drops its headings ("999 others",
// "now", "odds, #0 down"); each line must then say itself what its two
// numbers are, not "lost 25 (35.7)".
func TestNarrowCountsSayWhatTheirNumbersAre(t *testing.T) {
	// No goroutine: one side pane drawn from a seeded run.
	racefree.Only(t)
	p := NewSide(tuitest.Plain())
	p.SetSize(34, 22)
	d := sideData(t, shuffle.StrategyShuffle, 2500*time.Millisecond)
	p.SetData(d)
	v := p.View()
	tuitest.CheckBlock(t, v, 34, 22)
	if strings.Contains(v, "odds, #0 down") {
		t.Fatalf("34 columns should be too narrow for the counts table:\n%s", v)
	}
	now, e := d.Snap.Now, d.Expect
	for _, want := range []string{
		"lost " + count(now.Lost) + " of 999 · odds " + tenths(e.Lost),
		"some " + count(now.Degraded) + " of 999 · odds " + tenths(e.Degraded),
		"fine " + count(now.Healthy) + " of 999 · odds " + tenths(999-e.Lost-e.Degraded),
	} {
		if !strings.Contains(v, want) {
			t.Errorf("the narrow side lacks %q:\n%s", want, v)
		}
	}
}
