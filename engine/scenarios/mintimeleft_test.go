package scenarios

import (
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/engine"
)

// A deadline cuts a query off at its end; MinTimeLeft keeps inventory from
// starting one that cannot finish in the time left. In multi-hop's design
// with propagated deadlines, inventory's queries to a database slowed to
// 500 ms start with too little time left and are cut off at the deadline
// (order pages 5.5 % ok); held back when under 500 ms is left, they fail
// at once instead, inventory's workers go to calls that can finish, and
// far more order pages are answered (34.6 % on seed 5).
func TestMinTimeLeftSendsOnlyCallsThatCanFinish(t *testing.T) {
	sc := MultiHop()
	plain := sc.Variants[2]
	held := MultiHop().Variants[2] // a copy of its own: the systems share no slices
	held.Name = "deadlines, and no query started with under 500 ms left"
	db := &held.System.Services[1].Dependencies[0]
	if db.Name != "database" || !db.Policy.PropagateDeadline {
		t.Fatalf("multi-hop's third design changed: %+v", db)
	}
	db.Policy.MinTimeLeft = 500 * time.Millisecond
	sc.Variants = []engine.Variant{plain, held}
	if err := sc.Validate(); err != nil {
		t.Fatal(err)
	}
	snaps, err := engine.RunAll(sc, 5)
	if err != nil {
		t.Fatal(err)
	}
	ok := func(s engine.Snapshot) float64 { return s.Endpoints[1].Window.Share(engine.OK) }
	dbOf := func(s engine.Snapshot) engine.DependencySnapshot { return s.Services[1].Dependencies[0] }
	if ok(snaps[1]) < 5*ok(snaps[0]) {
		t.Errorf("order pages ok: %.3f held back, %.3f with the deadline alone; want several times more", ok(snaps[1]), ok(snaps[0]))
	}
	if d := dbOf(snaps[1]); d.DeadlineExceeded == 0 || d.DeadlineTimeouts >= dbOf(snaps[0]).DeadlineTimeouts {
		t.Errorf("database: %d held back, %d cut off at the deadline (%d without MinTimeLeft)", d.DeadlineExceeded, d.DeadlineTimeouts, dbOf(snaps[0]).DeadlineTimeouts)
	}
	t.Logf("order pages ok %.3f → %.3f; database cut off at the deadline %d → %d, held back %d",
		ok(snaps[0]), ok(snaps[1]), dbOf(snaps[0]).DeadlineTimeouts, dbOf(snaps[1]).DeadlineTimeouts, dbOf(snaps[1]).DeadlineExceeded)

	// It pays only once it reaches what a slow query takes (the README's
	// sweep): at 400 ms the queries it lets through still cannot finish.
	for _, c := range []struct {
		left time.Duration
		gain bool
	}{{400 * time.Millisecond, false}, {600 * time.Millisecond, true}} {
		v := MultiHop().Variants[2]
		v.System.Services[1].Dependencies[0].Policy.MinTimeLeft = c.left
		one := MultiHop()
		one.Variants = []engine.Variant{v}
		s, err := engine.RunAll(one, 5)
		if err != nil {
			t.Fatal(err)
		}
		if got := ok(s[0]) > 5*ok(snaps[0]); got != c.gain {
			t.Errorf("min time left %v: order pages ok %.3f against %.3f with the deadline alone", c.left, ok(s[0]), ok(snaps[0]))
		}
	}

	// Without a propagated deadline it has nothing to read: refused.
	db.Policy.PropagateDeadline = false
	if err := sc.Validate(); err == nil {
		t.Error("min time left without propagate deadline was accepted")
	}
}

// A number that switches a part on (min time left from 0 to 500 ms) is a
// change of design, which "propagated deadlines and cancellation" no longer
// names whole; a number that only moves (the margin, 10 ms to 20 ms) is not.
func TestSwitchingAPartOnIsAChangeOfDesign(t *testing.T) {
	for _, c := range []struct {
		edit  func(*engine.Policy)
		stale bool
	}{
		{func(p *engine.Policy) { p.MinTimeLeft = 500 * time.Millisecond }, true},
		{func(p *engine.Policy) { p.DeadlineMargin = 20 * time.Millisecond }, false},
	} {
		edited := MultiHop()
		c.edit(&edited.Variants[2].System.Services[1].Dependencies[0].Policy)
		if stale := Relabel(MultiHop(), edited); (len(stale) == 1 && stale[0] == 2) != c.stale {
			t.Errorf("stale designs %v, want design 3 stale: %v", stale, c.stale)
		}
	}
}
