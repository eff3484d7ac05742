package interviewui

import (
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
)

// A design's shares are written as run's table writes them
// (report.Percent1): 3,011 ok of 3,012 and its one failure (async-cascade,
// seed 8, breaker + bulkhead's profile) read ">99.9%" and "<0.1%", not
// "100.0%" and "0.0%".
func TestDesignLinesNeverRoundToAllOrNone(t *testing.T) {
	m, err := New(Options{Theme: tuitest.Plain()})
	if err != nil {
		t.Fatal(err)
	}
	d := designRun{name: "breaker + bulkhead", endpoints: []string{"profile"}, shares: make([][len(engine.Outcomes)]float64, 1)}
	d.shares[0][engine.OK], d.shares[0][engine.Failed] = 3011.0/3012, 1.0/3012
	got := strings.Join(m.designLines(d, 80), "\n")
	if !strings.Contains(got, "profile: ok >99.9%, failed <0.1%") {
		t.Errorf("the design's lines read:\n%s\nwant profile: ok >99.9%%, failed <0.1%%", got)
	}
}
