package shardview

import (
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/engine/report"
	"github.com/breakerlab/breakerlab/engine/shuffle"
	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
)

// A chance short of certain never reads "100.0%": with 2,048 workers, one
// each, another customer shares none of yours in 2,047 of 2,048 draws,
// 99.95%, which one decimal rounds up to 100.0%. The odds write it as
// run's table writes a share, ">99.9%".
func TestOddsNeverRoundAChanceToCertain(t *testing.T) {
	none, err := shuffle.ShareExactly(2048, 1, 0)
	if err != nil {
		t.Fatal(err)
	}
	f, _ := none.Float64()
	if f >= 1 || f < 0.9995 {
		t.Fatalf("the chance of sharing none is %v: the test wants one that rounds to 100.0%%", f)
	}
	if got := percentText(none); got != ">99.9%" || got != report.Percent1(f) {
		t.Errorf("the chance %s reads %q, want >99.9%% (report.Percent1)", none, got)
	}
	p := NewOdds(tuitest.Plain())
	p.SetSize(160, 8)
	p.SetFleet(2048, 1, 999)
	v := p.View()
	if strings.Contains(v, "100.0%") || !strings.Contains(v, ">99.9%") {
		t.Errorf("2,048 workers, one each: sharing none should read >99.9%%, not 100.0%%:\n%s", v)
	}
}
