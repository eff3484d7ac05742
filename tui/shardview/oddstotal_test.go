package shardview

import (
	"fmt"
	"math/big"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/engine/shuffle"
	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
)

// The odds pane gives the reference's parts (1 in 28 share every worker,
// 42.9% share exactly one) and its total too: "46.4% share at least one
// worker" on 8 workers, 2 each. The total is the sum of every row but
// "none", and it is what shuffle.ShareAny says.
func TestOddsPaneGivesTheTotalOfItsParts(t *testing.T) {
	racefree.Only(t) // one pane drawn from exact odds; no goroutine
	for _, f := range []struct{ n, k int }{{8, 2}, {16, 4}, {64, 4}, {100, 5}, {2048, 4}, {12, 6}} {
		t.Run(fmt.Sprintf("%d-%d", f.n, f.k), func(t *testing.T) {
			o := NewOdds(tuitest.Plain())
			o.SetFleet(f.n, f.k, 999)
			o.SetSize(200, o.Needs())
			v := o.View()
			sum := new(big.Rat)
			for _, r := range o.rows[:len(o.rows)-1] {
				sum.Add(sum, r.p)
			}
			want, _ := shuffle.ShareAny(f.n, f.k)
			if sum.Cmp(want) != 0 || o.any.p.Cmp(want) != 0 {
				t.Errorf("the rows but none add to %s, the total is %s, shuffle.ShareAny %s", sum.RatString(), o.any.p.RatString(), want.RatString())
			}
			line := percentText(sum) + " "
			if !strings.Contains(v, line) || !strings.Contains(v, "share at least one worker") {
				t.Errorf("the pane lacks the total %q share at least one worker:\n%s", line, v)
			}
		})
	}
	// The reference's figure for its fleet.
	o := NewOdds(tuitest.Plain())
	o.SetFleet(8, 2, 999)
	o.SetSize(200, o.Needs())
	if v := o.View(); !strings.Contains(v, "46.4% (13/28) share at least one worker") {
		t.Errorf("8 workers, 2 each: the pane lacks the reference's 46.4%% share at least one worker:\n%s", v)
	}
}
