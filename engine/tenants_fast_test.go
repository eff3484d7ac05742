package engine

import (
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/engine/shed"
	"pgregory.net/rapid"
)

// Tests of the tenants branch's short ways (shedding.go, tenants.go): each
// against the general steps it stands for.

// sheds judges a live head's wait itself under the OldestAge signal
// (shedding.go): at every step of random runs with load shedding, and for
// every class, its decision and the shedder it leaves are Admit's on the
// queue liveQueue reads.
func TestShedsMatchesAdmit(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		sc := genLimitedScenario(t)
		sys := &sc.Variants[0].System
		if sys.Shed == nil {
			c := time.Duration(rapid.IntRange(1, 2000).Draw(t, "critMs")) * ms
			sys.Shed = &ShedPolicy{Signal: shed.OldestAge, MaxWait: [shed.NumClasses]time.Duration{c, c / 2, c / 4}}
		}
		r, err := New(sc, 0, rapid.Uint64().Draw(t, "seed"))
		if err != nil {
			t.Fatalf("generated an invalid scenario: %v", err)
		}
		s := r.frontShed
		for at, ok := nextStep(r); ok; at, ok = nextStep(r) {
			r.AdvanceTo(at)
			for c := range shed.NumClasses + 1 {
				before := *s.sh
				got := r.sheds(s, &r.accept, c)
				after := *s.sh
				*s.sh = before
				want := !s.sh.Admit(r.now, r.liveQueue(&r.accept, s), c)
				if got != want || *s.sh != after {
					t.Fatalf("at %v, class %v, queue %d: sheds says %v, Admit %v; shedder %+v, want %+v", r.now, c, r.accept.n, got, want, after, *s.sh)
				}
				*s.sh = before
			}
		}
	})
}

// nextStep is when r's next event or arrival is due, before its end; false
// when none is.
func nextStep(r *Run) (time.Duration, bool) {
	at := r.end
	if h := r.queue.peek(); h != nil {
		at = min(at, h.at)
	}
	if r.firstArr >= 0 {
		at = min(at, r.arrAt)
	}
	return at, at < r.end
}
