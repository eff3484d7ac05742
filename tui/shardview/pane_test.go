package shardview

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/engine/shuffle"
	"github.com/breakerlab/breakerlab/tui/internal/golden"
	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
)

// sideData runs one side of the default setup to at.
func sideData(t testing.TB, strategy shuffle.Strategy, at time.Duration) SideData {
	t.Helper()
	s := DefaultSetup()
	sd, err := newSide(s, strategy, tuitest.Seed)
	if err != nil {
		t.Fatal(err)
	}
	if err := sd.sim.AdvanceTo(at); err != nil {
		t.Fatal(err)
	}
	snap := sd.sim.Snapshot()
	plain, _ := shuffle.AssignPlain(s.Workers, s.PerCustomer, s.Customers)
	return SideData{Strategy: strategy, Assignment: sd.sim.Assignment(), Snap: &snap, Expect: sd.expect,
		Sample: pickSample(plain, sd.sim.Assignment(), 0, sampleMax), Gen: 1}
}

func TestSideGolden(t *testing.T) {
	for _, sz := range [][2]int{{40, 18}, {50, 22}, {80, 38}} {
		p := NewSide(tuitest.Plain())
		p.SetSize(sz[0], sz[1])
		p.SetData(sideData(t, shuffle.StrategyShuffle, 2500*time.Millisecond))
		v := p.View()
		tuitest.CheckBlock(t, v, sz[0], sz[1])
		golden.Check(t, fmt.Sprintf("side-shuffle-2.5s-%dx%d", sz[0], sz[1]), v)
	}
}

func TestOddsGolden(t *testing.T) {
	for _, c := range []struct{ w, h, n, k int }{{80, 3, 8, 2}, {100, 7, 8, 2}, {160, 8, 2048, 4}} {
		p := NewOdds(tuitest.Plain())
		p.SetSize(c.w, c.h)
		p.SetFleet(c.n, c.k, 999)
		v := p.View()
		tuitest.CheckBlock(t, v, c.w, c.h)
		golden.Check(t, fmt.Sprintf("odds-%d-%d-%dx%d", c.n, c.k, c.w, c.h), v)
	}
}

// The odds are exact: Route 53's fleet has 730,862,190,080 shards, and the
// chances are fractions, not rounded floats.
func TestOddsAreExact(t *testing.T) {
	p := NewOdds(tuitest.Plain())
	p.SetSize(160, 9)
	p.SetFleet(2048, 4, 999)
	v := p.View()
	for _, want := range []string{"C(2048, 4) = 730,862,190,080 possible shards", "1 in 730,862,190,080", "untouched"} {
		if !strings.Contains(v, want) {
			t.Errorf("the odds of 2,048 workers with 4 lack %q:\n%s", want, v)
		}
	}
	p.SetFleet(100, 5, 999)
	if v := p.View(); !strings.Contains(v, "75,287,520") || !strings.Contains(v, "1 to 4") {
		t.Errorf("100 workers with 5: the shard count and one row for 1 to 4 shared:\n%s", v)
	}
	p.SetFleet(8, 1, 999)
	if v := p.View(); !strings.Contains(v, "1 in 8") || strings.Contains(v, "degraded") {
		t.Errorf("one worker each: nobody is ever degraded:\n%s", v)
	}
	// The rows of a fleet add up to one.
	for _, f := range [][2]int{{8, 2}, {16, 4}, {64, 4}, {2048, 4}} {
		total := 0.0
		for j := 0; j <= f[1]; j++ {
			r, _ := shuffle.ShareExactly(f[0], f[1], j)
			x, _ := r.Float64()
			total += x
		}
		if total < 0.999999 || total > 1.000001 {
			t.Errorf("%v: chances sum to %v", f, total)
		}
	}
}

// A pane redraws only when what it shows changed: the same moment again,
// or a later one where no worker changed phase, hands back the cache.
func TestSideRedrawsOnlyOnChange(t *testing.T) {
	p := NewSide(tuitest.Plain())
	p.SetSize(50, 22)
	// From 2.6 s both of the poisoned customer's workers are restarting,
	// until 7.5 s.
	d := sideData(t, shuffle.StrategyShuffle, 3*time.Second)
	p.SetData(d)
	_ = p.View()
	p.SetData(d)
	if p.dirty {
		t.Error("the same data made the pane dirty")
	}
	later := sideData(t, shuffle.StrategyShuffle, 7*time.Second)
	p.SetData(later)
	if p.dirty {
		t.Error("a moment where no worker changed made the pane dirty")
	}
	p.SetData(sideData(t, shuffle.StrategyShuffle, 8*time.Second))
	if !p.dirty {
		t.Error("workers back up should redraw")
	}
	p.SetSize(51, 22)
	if !p.dirty {
		t.Error("a new size should redraw")
	}
	o := NewOdds(tuitest.Plain())
	o.SetSize(100, 7)
	o.SetFleet(8, 2, 999)
	_ = o.View()
	if o.SetFleet(8, 2, 999); o.dirty {
		t.Error("the same fleet again made the odds dirty")
	}
}

func TestSampleStartsWithThePoisonedAndGrowsByAppending(t *testing.T) {
	s := DefaultSetup()
	left, _ := shuffle.AssignPlain(s.Workers, s.PerCustomer, s.Customers)
	sd, err := newSide(s, shuffle.StrategyShuffle, tuitest.Seed)
	if err != nil {
		t.Fatal(err)
	}
	right := sd.sim.Assignment()
	long := pickSample(left, right, 0, 40)
	if len(long) != 40 || long[0] != 0 {
		t.Fatalf("sample %v", long)
	}
	seen := map[int]bool{}
	for _, c := range long {
		if seen[c] {
			t.Fatalf("customer %d twice in %v", c, long)
		}
		seen[c] = true
	}
	for n := range 40 {
		short := pickSample(left, right, 0, n)
		for i := range short {
			if short[i] != long[i] {
				t.Fatalf("a sample of %d is not the start of a longer one: %v vs %v", n, short, long)
			}
		}
	}
	// The first rows after the poisoned one show the kinds that tell the
	// story: lost on the left only, lost on the right only.
	lo, ro := overlaps(left, 0, s.Customers), overlaps(right, 0, s.Customers)
	if c := long[1]; lo[c] != overlapAll || ro[c] != overlapNone {
		t.Errorf("row 2 (#%d) should be lost under plain sharding and untouched under shuffle sharding", c)
	}
	if c := long[2]; lo[c] != overlapNone || ro[c] != overlapAll {
		t.Errorf("row 3 (#%d) should be the reverse", c)
	}
	if pickSample(left, right, 0, 0) != nil {
		t.Error("a sample of none should be nil")
	}
}

func TestTenths(t *testing.T) {
	for v, want := range map[float64]string{9980: "9,980.0", 35.7142: "35.7", 0: "0.0", 1234567.89: "1,234,567.9"} {
		if got := tenths(v); got != want {
			t.Errorf("tenths(%v) = %q, want %q", v, got, want)
		}
	}
}
