package pane_test

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/breaker"
	"github.com/breakerlab/breakerlab/tui/internal/golden"
	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	"github.com/breakerlab/breakerlab/tui/pane"
	"github.com/charmbracelet/x/ansi"
)

// The sizes the fleet pane gets: in an 80×24 terminal the whole body when
// a key opens it (80×21), at 120×40 and 200×60 a place in the right column.
var fleetSizes = [][2]int{{80, 21}, {66, 24}, {110, 24}}

// fleetSnap is a fleet of 20 api instances at 26 s, each with its breaker
// on provider: 12 closed, 4 open (three opened at 24 s and will probe
// together at 29 s, one at 22.5 s), 2 half-open since 25 s (opened at 20 s
// with a 5 s wait: in lockstep), and 2 down after a restart.
func fleetSnap() *engine.Snapshot {
	const now = 26 * time.Second
	cfg := breaker.Config{OpenFor: 5 * time.Second, HalfOpenTrials: 3}
	br := func(st breaker.State, left time.Duration, sent int) *engine.BreakerSnapshot {
		return &engine.BreakerSnapshot{Config: cfg, State: st, OpenRemaining: left, TrialsSent: sent}
	}
	sv := engine.ServiceSnapshot{Name: "api", Depth: 1, Workers: 16, QueueCap: 20, Calls: "provider", Balancer: engine.RoundRobin,
		Dependencies: []engine.DependencySnapshot{{Name: "provider"}}}
	var trans []engine.Transition
	tr := func(inst int, at time.Duration, from, to breaker.State) {
		trans = append(trans, engine.Transition{Dependency: "provider", Service: "api", Instance: inst,
			Transition: breaker.Transition{At: at, From: from, To: to}})
	}
	for k := range 20 {
		in := engine.InstanceSnapshot{Busy: 4 + (k*7)%13, Queued: (k * 5) % 9}
		switch {
		case k < 12:
			in.Breakers = []*engine.BreakerSnapshot{br(breaker.Closed, 0, 0)}
		case k < 15:
			in.Busy = 16
			in.Breakers = []*engine.BreakerSnapshot{br(breaker.Open, 3*time.Second, 0)}
			tr(k, 24*time.Second, breaker.Closed, breaker.Open)
		case k == 15:
			in.Breakers = []*engine.BreakerSnapshot{br(breaker.Open, 1500*time.Millisecond, 0)}
			tr(k, 22500*time.Millisecond, breaker.Closed, breaker.Open)
		case k < 18:
			in.Breakers = []*engine.BreakerSnapshot{br(breaker.HalfOpen, 0, 1)}
			tr(k, 20*time.Second, breaker.Closed, breaker.Open)
			tr(k, 25*time.Second, breaker.Open, breaker.HalfOpen)
		default:
			in.State, in.Busy, in.Queued, in.Restarts = engine.InstanceIsDown, 0, 0, 1
			in.Until = now + time.Duration(k-17)*12500*time.Millisecond
			in.Breakers = []*engine.BreakerSnapshot{br(breaker.Closed, 0, 0)}
		}
		sv.Busy += in.Busy
		sv.Queued += in.Queued
		sv.Instances = append(sv.Instances, in)
	}
	return &engine.Snapshot{Scenario: "fleet-probes", Now: now, Duration: 60 * time.Second, SampleEvery: every,
		Workers: 64, Busy: 40, Services: []engine.ServiceSnapshot{sv}, Transitions: trans}
}

func TestFleetGolden(t *testing.T) {
	d := pane.Data{Snap: fleetSnap(), Gen: 1}
	for _, sz := range append(fleetSizes, [2]int{80, 24}) {
		f := pane.NewFleet(tuitest.Plain())
		f.SetData(d)
		f.SetSize(sz[0], sz[1])
		v := f.View()
		tuitest.CheckBlock(t, v, sz[0], sz[1])
		checkNoCut(t, fmt.Sprintf("fleet %dx%d", sz[0], sz[1]), v)
		golden.Check(t, fmt.Sprintf("fleet-mixed-%dx%d", sz[0], sz[1]), v)
	}
}

// rowNumbers lists the instance numbers the view shows, in order.
func rowNumbers(v string) []string {
	var out []string
	for _, l := range strings.Split(ansi.Strip(v), "\n")[2:] {
		f := strings.Fields(strings.Trim(l, "│"))
		if len(f) > 1 && (f[1] == "up" || f[1] == "down" || f[1] == "hung") {
			out = append(out, f[0])
		}
	}
	return out
}

// A pane of 80×24 holds all 20 instances with the header and the footer;
// a shorter one says how many more there are, and scrolls to them.
func TestFleetTwentyFitAt80x24AndMoreScroll(t *testing.T) {
	f := pane.NewFleet(tuitest.Plain())
	f.SetData(pane.Data{Snap: fleetSnap(), Gen: 1})
	f.SetSize(80, 24)
	v := f.View()
	if got := rowNumbers(v); len(got) != 20 || got[0] != "0" || got[19] != "19" {
		t.Fatalf("at 80×24 all 20 instances should show, got %v:\n%s", got, v)
	}
	if strings.Contains(v, "more") {
		t.Errorf("nothing is hidden at 80×24:\n%s", v)
	}

	f.SetSize(80, 21)
	v = f.View()
	if got := rowNumbers(v); len(got) != 16 || !strings.Contains(v, "↓ 4 more") {
		t.Fatalf("at 80×21, 16 rows and \"↓ 4 more\", got %v:\n%s", got, v)
	}
	f = tuitest.Press(f, "down", "down", "down", "down", "down")
	v = f.View()
	if got := rowNumbers(v); got[0] != "4" || got[len(got)-1] != "19" || !strings.Contains(v, "↑ 4 above") || strings.Contains(v, "more") {
		t.Errorf("scrolled to the end: rows 5 to 20 and \"↑ 4 above\", got %v:\n%s", got, v)
	}
	f = tuitest.Press(f, "pgup")
	if got := rowNumbers(f.View()); got[0] != "0" {
		t.Errorf("page up goes back to the first: %v", got)
	}
}

// The footer counts the instances by breaker state and says when several
// probe in lockstep, from the snapshot: with the half-open ones gone
// half-open at different moments, there is no lockstep to report.
func TestFleetFooterCountsAndLockstep(t *testing.T) {
	f := pane.NewFleet(tuitest.Plain())
	f.SetData(pane.Data{Snap: fleetSnap(), Gen: 1})
	f.SetSize(110, 30)
	v := ansi.Strip(f.View())
	for _, want := range []string{"█ 4 open", "▄ 2 half-open", "▁ 14 closed", "2 down", "jitter off",
		"2 went half-open at 25.0 s: probes in lockstep", "3 open will probe together at 29.0 s",
		"down 12.5 s left", "down 25.0 s left", "probing 1/3", "24.0 s", "29.0 s", "27.5 s"} {
		if !strings.Contains(v, want) {
			t.Errorf("the fleet lacks %q:\n%s", want, v)
		}
	}

	s := fleetSnap()
	s.Transitions[len(s.Transitions)-1].At = 25500 * time.Millisecond
	s.Services[0].Instances[13].Breakers[0].OpenRemaining = 2 * time.Second
	s.Services[0].Instances[14].Breakers[0].OpenRemaining = 2500 * time.Millisecond
	f.SetData(pane.Data{Snap: s, Gen: 2})
	v = ansi.Strip(f.View())
	if strings.Contains(v, "lockstep") || strings.Contains(v, "together") {
		t.Errorf("breakers that went half-open apart and wait apart are not in lockstep:\n%s", v)
	}
}

// SetService picks another service; a name the run lacks is said plainly.
func TestFleetPicksItsService(t *testing.T) {
	s := fleetSnap()
	if got := pane.FirstFleet(s); got != "api" {
		t.Fatalf("FirstFleet = %q", got)
	}
	f := pane.NewFleet(tuitest.Plain())
	f.SetService("billing")
	f.SetData(pane.Data{Snap: s, Gen: 1})
	f.SetSize(80, 10)
	if v := ansi.Strip(f.View()); !strings.Contains(v, "No service named billing") {
		t.Errorf("an unknown service should be named:\n%s", v)
	}
	if _, ok := f.Showing(); ok {
		t.Error("Showing should report nothing shown")
	}
}
