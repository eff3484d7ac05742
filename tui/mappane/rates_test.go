package mappane

import (
	"math"
	"strings"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	"github.com/breakerlab/breakerlab/tui/pane"
	"github.com/charmbracelet/x/ansi"
)

// nodeNamed is the map's node of that name.
func nodeNamed(t *testing.T, m *Model, name string) *node {
	t.Helper()
	for i := range m.g.nodes {
		if m.g.nodes[i].name == name {
			return &m.g.nodes[i]
		}
	}
	t.Fatalf("no node %q on the map", name)
	return nil
}

// arrivedRate is an endpoint's requests arriving a second over the rate
// window, from its own series.
func arrivedRate(t *testing.T, s *engine.Snapshot, name string) float64 {
	t.Helper()
	e, ok := s.Endpoint(name)
	if !ok {
		t.Fatalf("no endpoint %q", name)
	}
	k := samplesIn(s.SampleEvery)
	var n uint64
	for _, b := range e.Series[len(e.Series)-k:] {
		n += uint64(b.Arrivals)
	}
	return float64(n) / rateWindow.Seconds()
}

// A second into a hang (lesson 1, step 3, paused at 11 s), recommendations
// is called as often as ever, and none of the calls since is answered: its
// calls/s is the calls made to it, not the ones answered (once 75/s, of
// about 100 arriving), and its failed share, 0% until the first timeouts,
// is labelled as a share of the answered calls. The front's calls/s is its
// arrivals, as a tenant's is.
func TestAHungDependencyIsCalledAsOftenAsEver(t *testing.T) {
	s := snapAt(t, "cascade", 0, 11*time.Second)
	m := newMap(s, 200, 30)
	rec := nodeNamed(t, m, "recommendations")
	if rec.used < 100 {
		t.Fatalf("at 11 s %d calls to recommendations in flight: not the hang this test is about", rec.used)
	}
	// Each recommendations request makes one call, at once: the pool has
	// room at 11 s, so the calls made are the requests that arrived.
	want := arrivedRate(t, s, "recommendations")
	if math.Abs(rec.rate-want) > 0.03*want {
		t.Errorf("recommendations: %.1f calls/s, want the %.1f a second its requests arrive at", rec.rate, want)
	}
	front := nodeNamed(t, m, FrontName)
	all := 0.0
	for _, e := range s.Endpoints {
		all += arrivedRate(t, s, e.Name)
	}
	if math.Abs(front.rate-all) > 1e-9*all {
		t.Errorf("front: %.1f calls/s, want its %.1f arrivals a second", front.rate, all)
	}
	view := ansi.Strip(m.View())
	if rec.failed == 0 && !strings.Contains(view, keyFailed) {
		t.Errorf("recommendations' failed share reads 0%% and nothing says it counts only the answered calls:\n%s", view)
	}
	if !strings.Contains(view, keyRate) {
		t.Errorf("the legend does not say what calls/s counts:\n%s", view)
	}
}

// A service's calls/s and failed share are its callers' view, as a
// dependency's: the attempts of every caller that reached it, and the
// share of their answers that failed, the refusals on the way included.
// Counted from the service's own answers, rate-limit-vs-bulkhead's catalog
// read 198/s and 0% while its limiter refused seven calls in ten.
func TestAServiceCountsItsCallersCalls(t *testing.T) {
	s := snapAt(t, "rate-limit-vs-bulkhead", 1, 20*time.Second)
	m := newMap(s, 200, 30)
	cat := nodeNamed(t, m, "catalog")
	var sum pane.Calls
	edges := 0
	for i := range s.Dependencies {
		if d := &s.Dependencies[i]; d.Service == "catalog" {
			c, ok := edgeCounts(d, nil, s.SampleEvery)
			if !ok {
				t.Fatalf("edge %s has no samples", d.Name)
			}
			sum.Add(c)
			edges++
		}
	}
	if edges < 2 {
		t.Fatalf("catalog has %d callers' edges, want the two this test is about", edges)
	}
	if want := float64(sum.Reached) / rateWindow.Seconds(); math.Abs(cat.rate-want) > 1e-9*want || sum.Made < 2*sum.Reached {
		t.Errorf("catalog: %.1f calls/s, want the %.1f of its callers' that reached it (of %.1f made)",
			cat.rate, want, float64(sum.Made)/rateWindow.Seconds())
	}
	if want := float64(sum.Failed) / float64(sum.Answered); cat.failed != want || want < 0.5 {
		t.Errorf("catalog: failed %.3f, want its callers' %.3f (most refused by the limiter)", cat.failed, want)
	}
}

// go-inventory's process is killed at its memory limit at about 34.3 s
// and takes its 1,788 calls to inventory with it, unanswered. A second
// and a half later the map's rate window still holds the three seconds
// before the kill, when product called inventory some 200 times a
// second: inventory's calls/s is the calls made in the window (about
// 135/s, the calls that reached it), not 0 because the lost calls
// outnumber the window's calls, as it read for five seconds after the
// kill.
func TestAKillLosesNoCallsMadeBeforeIt(t *testing.T) {
	sc := tuitest.Scenario(t, "go-inventory")
	r, err := engine.New(sc, 0, tuitest.Seed)
	if err != nil {
		t.Fatal(err)
	}
	at := 36 * time.Second
	r.AdvanceTo(at - rateWindow)
	before := r.Snapshot()
	r.AdvanceTo(at)
	s := r.Snapshot()
	if s.Tasks == nil || s.Tasks.Kills != 1 || before.Tasks.Kills != 0 {
		t.Fatalf("go-inventory: no kill between %v and %v: not the loss this test is about", at-rateWindow, at)
	}
	inv, was := dependencyNamed(t, &s, "inventory"), dependencyNamed(t, &before, "inventory")
	if last := was.Series[len(was.Series)-1]; last.InFlight-last.Abandoned < 1000 {
		t.Fatalf("inventory held %d calls before the kill, want the pile-up this test is about", last.InFlight-last.Abandoned)
	}
	// No bulkhead, breaker or retry on the edge: every call made reaches
	// inventory, a dial of 5 ms later.
	want := float64(inv.Calls-was.Calls) / rateWindow.Seconds()
	got := nodeNamed(t, newMap(&s, 200, 30), "inventory").rate
	if want < 100 || math.Abs(got-want) > 0.02*want {
		t.Errorf("inventory at %v: %.1f calls/s, want the %.1f a second that reached it", at, got, want)
	}
}

// dependencyNamed is the front's dependency of that name in s.
func dependencyNamed(t *testing.T, s *engine.Snapshot, name string) *engine.DependencySnapshot {
	t.Helper()
	for i := range s.Dependencies {
		if s.Dependencies[i].Name == name {
			return &s.Dependencies[i]
		}
	}
	t.Fatalf("no dependency %q", name)
	return nil
}

// The title says over what the rates are: in a run's first seconds, its
// whole span so far, not the rate window it has yet to fill. Lesson 2's
// checkout at 0.5 s showed the front's 30.0/s, fifteen arrivals in half a
// second, under "rates over 5 s". The rate it shows is the arrivals so
// far over the time so far.
func TestEarlyRatesSaySinceTheStart(t *testing.T) {
	for _, c := range []struct {
		at   time.Duration
		note string
	}{{500 * time.Millisecond, "rates since the start"}, {2 * time.Second, "rates since the start"}, {rateWindow, "rates over 5 s"}, {8 * time.Second, "rates over 5 s"}} {
		s := snapAt(t, "checkout", 0, c.at)
		m := newMap(s, 200, 30)
		title := strings.SplitN(ansi.Strip(m.View()), "\n", 2)[0]
		if !strings.Contains(title, c.note) {
			t.Errorf("at %v the title should say %q: %q", c.at, c.note, title)
		}
		if c.at >= rateWindow {
			continue
		}
		var arrived uint64
		for _, e := range s.Endpoints {
			for _, b := range e.Series {
				arrived += uint64(b.Arrivals)
			}
		}
		front := nodeNamed(t, m, FrontName)
		if want := float64(arrived) / c.at.Seconds(); math.Abs(front.rate-want) > 1e-9*want {
			t.Errorf("at %v the front shows %.2f/s; %d arrived since the start, %.2f/s", c.at, front.rate, arrived, want)
		}
	}
}
