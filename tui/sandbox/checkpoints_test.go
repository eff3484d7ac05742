package sandbox

import (
	"fmt"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/internal/deepequal"
	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/charmbracelet/x/ansi"
)

// sameScreenAsReplay checks that m, moved to where it stands, shows what
// a sandbox that played sc's run from 0 s straight there shows: the
// screen, and the snapshot under it. The fresh sandbox's checkpoints and
// run played ahead, which its opening's profile leaves, are let go: a
// seek would go on from them too.
func sameScreenAsReplay(t *testing.T, what string, m Model) {
	t.Helper()
	fresh := newModel(t, 100, 30, Options{Scenario: m.sim.sc, Variant: m.sim.variant})
	fresh = drainWork(t, fresh)
	fresh.sim.cps, fresh.sim.warm = checkpoints{}, nil
	if err := fresh.seek(m.now()); err != nil {
		t.Fatal(err)
	}
	fresh = drainWork(t, fresh)
	fresh.refresh()
	if got, want := ansi.Strip(m.View()), ansi.Strip(fresh.View()); got != want {
		t.Errorf("%s: the screen at %v differs from the replay from 0 s's:\n%s\nwant:\n%s", what, m.now(), got, want)
	}
	if !deepequal.Equal(m.sim.snap, fresh.sim.snap) {
		t.Errorf("%s: the snapshot at %v differs from the replay from 0 s's", what, m.now())
	}
	sameAsDirect(t, what, m.sim)
}

// A jump back on a long run goes on from the latest checkpoint before it
// and shows what a replay from 0 s shows, screen and snapshot, for
// targets on and either side of the checkpoints the opening's work left.
func TestJumpBackFromCheckpointsIsTheReplay(t *testing.T) {
	racefree.Only(t) // as TestSlicedSeekIsTheDirectRun: no goroutine, the work played here
	t.Parallel()     // parallel_test.go says which tests may
	sc := unprofiled(longCheckout(t), "checkout jumped back over checkpoints")
	m := drainWork(t, newModel(t, 100, 30, Options{Scenario: sc, Variant: 3}))
	if err := m.seek(sc.Duration); err != nil {
		t.Fatal(err)
	}
	m = drainWork(t, m)
	cps := &m.sim.cps
	if len(cps.list) < 3 {
		t.Fatalf("playing the hour kept %d checkpoints, want one every %v past %v", len(cps.list), checkpointEvery, directSpan)
	}
	var targets []time.Duration
	for _, cp := range cps.list {
		at := cp.r.Now() / step * step
		targets = append(targets, at-step, at, at+step, at+61*time.Second)
	}
	for _, at := range targets {
		// Each a jump back from the end, past the last minute's steps.
		if err := m.seek(sc.Duration); err != nil {
			t.Fatal(err)
		}
		m = drainWork(t, m)
		if cps.from(m.sim.key(), replayFrom(at)) == nil && at >= directSpan+checkpointEvery+time.Minute {
			t.Errorf("no checkpoint for a jump back to %v", at)
		}
		if err := m.seek(at); err != nil {
			t.Fatal(err)
		}
		m = drainWork(t, m)
		m.refresh()
		sameScreenAsReplay(t, "back to "+at.String(), m)
	}
}

// A jump forward on a long run, from 0 s and from where it stands, goes
// on from the latest checkpoint at or before where its replay keeps step
// snapshots, when that is further on than the run shown: within one
// Update here, where playing the run shown there takes work in slices;
// and it shows what the run played from 0 s shows, screen and snapshot,
// for targets on and either side of the checkpoints the opening's
// profile left.
func TestJumpForwardFromCheckpointsIsTheReplay(t *testing.T) {
	racefree.Only(t) // as TestSlicedSeekIsTheDirectRun: no goroutine, the work played here
	t.Parallel()     // parallel_test.go says which tests may
	sc := unprofiled(longCheckout(t), "checkout jumped forward over checkpoints")
	m := drainWork(t, newModel(t, 100, 30, Options{Scenario: sc, Variant: 3}))
	cps := &m.sim.cps
	if len(cps.list) < 3 {
		t.Fatalf("the profile kept %d checkpoints, want one every %v past %v", len(cps.list), checkpointEvery, directSpan)
	}
	var targets []time.Duration
	for _, cp := range cps.list {
		at := cp.r.Now() / step * step
		targets = append(targets, at-step, at, at+step, at+61*time.Second)
	}
	const standing = directSpan + time.Minute // between the first two checkpoints
	for _, from := range []time.Duration{0, standing} {
		for _, at := range targets {
			if at <= from {
				continue
			}
			what := fmt.Sprintf("from %v to %v", from, at)
			if err := m.sim.restart(); err != nil {
				t.Fatal(err)
			}
			if err := m.seek(from); err != nil {
				t.Fatal(err)
			}
			m = drainWork(t, m)
			cp, base := cps.latest(m.sim.key(), replayFrom(at)), m.sim.run.Now()
			if err := m.seek(at); err != nil {
				t.Fatal(err)
			}
			if cp != nil && cp.Now() > base && m.work != nil {
				t.Errorf("%s: the checkpoint at %v is %v short of it, yet the seek plays the run shown from %v in slices",
					what, cp.Now(), at-cp.Now(), m.work.from)
			}
			m = drainWork(t, m)
			m.refresh()
			sameScreenAsReplay(t, what, m)
		}
	}
}

// A checkpoint taken after the moment a jump back replays from is not
// gone on from: the run would stand past the jump's time. Checkpoints
// taken at chosen moments, 21 m and 33 m 30 s (slots 20 m and 30 m): a
// jump to 33 m 29.9 s goes on from the first; one to 45 m from the second.
func TestJumpBackSkipsACheckpointPastIt(t *testing.T) {
	racefree.Only(t) // as TestSlicedSeekIsTheDirectRun: no goroutine, the work played here
	sc := longCheckout(t)
	m := drainWork(t, newModel(t, 100, 30, Options{Scenario: sc, Variant: 3}))
	s := m.sim
	// Each jump back from the end, to which work plays on, keeping
	// checkpoints of its own: those are put back to the chosen two.
	place := func() {
		t.Helper()
		s.cps = checkpoints{}
		for _, at := range []time.Duration{21 * time.Minute, 33*time.Minute + 30*time.Second} {
			r, err := engine.New(sc, s.variant, s.seed)
			if err != nil {
				t.Fatal(err)
			}
			r.AdvanceTo(at)
			s.cps.offer(s.key(), r)
		}
		if len(s.cps.list) != 2 {
			t.Fatalf("kept %d checkpoints of 2 offered", len(s.cps.list))
		}
	}
	for _, c := range []struct{ at, from time.Duration }{
		{33*time.Minute + 29*time.Second + 900*time.Millisecond, 21 * time.Minute},
		{45 * time.Minute, 33*time.Minute + 30*time.Second},
	} {
		if err := m.seek(sc.Duration); err != nil {
			t.Fatal(err)
		}
		m = drainWork(t, m)
		place()
		if r := s.cps.from(s.key(), replayFrom(c.at)); r == nil {
			t.Errorf("a jump back to %v goes on from 0 s, want the checkpoint at %v", c.at, c.from)
		} else if r.Now() != c.from {
			t.Errorf("a jump back to %v goes on from %v, want the checkpoint at %v", c.at, r.Now(), c.from)
		}
		if err := m.seek(c.at); err != nil {
			t.Fatal(err)
		}
		m = drainWork(t, m)
		m.refresh()
		sameScreenAsReplay(t, "back to "+c.at.String(), m)
	}
}

// The checkpoints of a 24-hour run (engine.MaxDuration) played once hold
// at most checkpointBudget, counted as what each copy holds
// (KeptFootprint), at the multiples of one spacing, evenly over the run.
func TestLongRunCheckpointsKeepToTheBudget(t *testing.T) {
	racefree.Only(t) // as TestSlicedSeekIsTheDirectRun: no goroutine, the work played here
	t.Parallel()     // parallel_test.go says which tests may
	sc := unprofiled(sparseDay(t), "checkout played for a day")
	m := drainWork(t, newModel(t, 100, 30, Options{Scenario: sc, Variant: 3}))
	c := &m.sim.cps
	sum := 0
	for i, cp := range c.list {
		sum += cp.r.KeptFootprint()
		if cp.slot%c.spacing != 0 || cp.r.Now() < cp.slot || cp.r.Now() >= cp.slot+c.spacing {
			t.Errorf("checkpoint %d at %v stands for %v, off the spacing %v", i, cp.r.Now(), cp.slot, c.spacing)
		}
		if i > 0 && cp.slot != c.list[i-1].slot+c.spacing {
			t.Errorf("no checkpoint between %v and %v, at the spacing %v", c.list[i-1].slot, cp.slot, c.spacing)
		}
	}
	if sum != c.bytes || c.bytes > checkpointBudget {
		t.Errorf("the checkpoints hold %d bytes, counted %d, of a budget of %d", sum, c.bytes, checkpointBudget)
	}
	// Evenly over the run: a replay plays at most the spacing, a few
	// hours at most on this run.
	if len(c.list) < 8 || c.list[len(c.list)-1].slot+c.spacing < sc.Duration {
		t.Errorf("%d checkpoints, the last at %v, at a spacing of %v: not over the whole day", len(c.list), c.list[len(c.list)-1].slot, c.spacing)
	}
	t.Logf("%d checkpoints every %v hold %.1f MB", len(c.list), c.spacing, float64(c.bytes)/(1<<20))
	// The README says the budget and the spacing this run keeps to (its
	// 24-hour checkout is this one, in the variant this test plays).
	readme, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	text := strings.Join(strings.Fields(string(readme)), " ")
	for _, want := range []string{
		fmt.Sprintf("at most %d MB of them", checkpointBudget>>20),
		fmt.Sprintf("on a 24-hour checkout, one every %d h %d m", c.spacing/time.Hour, c.spacing%time.Hour/time.Minute),
	} {
		if !strings.Contains(text, want) {
			t.Errorf("the README does not say %q", want)
		}
	}
}

// On a 24-hour run a time typed forward past a checkpoint far from the
// run shown is work from that checkpoint, not from where the run stands:
// the run at 1 h, 13 h typed, the work begins at the latest checkpoint
// at or before 12h 59m (some hours on), and ends on the run played from
// 0 s straight there.
func TestLongForwardSeekWorksFromACheckpoint(t *testing.T) {
	racefree.Only(t) // as TestSlicedSeekIsTheDirectRun: no goroutine, the work played here
	t.Parallel()     // parallel_test.go says which tests may
	sc := unprofiled(sparseDay(t), "checkout sought forward over a day")
	m := drainWork(t, newModel(t, 100, 30, Options{Scenario: sc, Variant: 3}))
	if err := m.seek(time.Hour); err != nil {
		t.Fatal(err)
	}
	m = drainWork(t, m)
	const to = 13 * time.Hour
	cp := m.sim.cps.latest(m.sim.key(), replayFrom(to))
	if cp == nil || cp.Now() <= time.Hour+directSpan {
		t.Fatalf("no checkpoint past %v and before %v to go on from", time.Hour+directSpan, to)
	}
	m = goTo(m, "13h")
	if m.work == nil || m.work.from != cp.Now() {
		from := "none"
		if m.work != nil {
			from = m.work.from.String()
		}
		t.Errorf("13h typed at 1 h: work from %s, want from the checkpoint at %v", from, cp.Now())
	}
	m = drainWork(t, m)
	if m.now() != to {
		t.Fatalf("13h typed: at %v", m.now())
	}
	sameAsDirect(t, "13h typed at 1 h", m.sim)
}
