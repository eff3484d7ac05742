package pane_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/engine/breaker"
	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	"github.com/breakerlab/breakerlab/tui/pane"
	"github.com/charmbracelet/x/ansi"
)

// A held fleet keeps back when its breakers will probe (the column and the
// footer's lockstep) and says when they show; the states, when each
// opened, and the instances stay. Let go, it shows them all again.
func TestFleetHoldKeepsBackTheProbes(t *testing.T) {
	for _, sz := range append(fleetSizes, [2]int{80, 24}, [2]int{40, 12}) {
		where := fmt.Sprintf("fleet %dx%d", sz[0], sz[1])
		f := pane.NewFleet(tuitest.Plain())
		f.SetData(pane.Data{Snap: fleetSnap(), Gen: 1})
		f.SetSize(sz[0], sz[1])
		f.Hold(true)
		v := f.View()
		tuitest.CheckBlock(t, v, sz[0], sz[1])
		checkNoCut(t, where, v)
		plain := ansi.Strip(v)
		// 29.0 s and 27.5 s are the open breakers' next probes; "probing"
		// the half-open ones' trials.
		for _, gone := range []string{"29.0 s", "27.5 s", "probing", "lockstep", "together", "probe at"} {
			if strings.Contains(plain, gone) {
				t.Errorf("%s: held, the fleet shows %q:\n%s", where, gone, plain)
			}
		}
		if head := strings.Split(plain, "\n")[1]; strings.Contains(head, "next") {
			t.Errorf("%s: held, the fleet has a column of next probes: %q", where, head)
		}
		if words := flatPaneText(plain); !strings.Contains(words, "after guess") && !strings.Contains(words, "after your guess") && !strings.Contains(words, "once you have guessed") {
			t.Errorf("%s: held, the fleet should say when the probes show:\n%s", where, plain)
		}
		if len(rowNumbers(v)) == 0 || !strings.Contains(plain, "open") {
			t.Errorf("%s: held, the instances and their states stay:\n%s", where, plain)
		}
		if f.MinHeight(sz[0]) > f.Needs(sz[0]) {
			t.Errorf("%s: held, MinHeight %d is above Needs %d", where, f.MinHeight(sz[0]), f.Needs(sz[0]))
		}

		f.Hold(false)
		if plain := ansi.Strip(f.View()); sz[0] >= 80 && !strings.Contains(plain, "29.0 s") {
			t.Errorf("%s: let go, the next probes show again:\n%s", where, plain)
		}
	}
	// Wide enough for every column, only the next probe goes: the others
	// keep their heads.
	f := pane.NewFleet(tuitest.Plain())
	f.SetData(pane.Data{Snap: fleetSnap(), Gen: 1})
	f.SetSize(110, 30)
	f.Hold(true)
	plain := ansi.Strip(f.View())
	for _, head := range []string{"state", "pool", "queue", "provider breaker", "opened", "restarts", "24.0 s", "█ 4 open", "▄ 2 half-open"} {
		if !strings.Contains(plain, head) {
			t.Errorf("held at 110×30, the fleet lacks %q:\n%s", head, plain)
		}
	}
	if strings.Contains(plain, "hidden") {
		t.Errorf("held at 110×30, no column but the next probe's goes, and unnamed:\n%s", plain)
	}
}

// A held fleet whose breakers are all closed has no probe to keep back:
// it draws as it would (lesson 12's first steps hold it from the start).
func TestFleetHoldWithNothingToHoldDrawsAsItWould(t *testing.T) {
	s := fleetSnap()
	for k := range s.Services[0].Instances {
		b := s.Services[0].Instances[k].Breakers[0]
		b.State, b.OpenRemaining, b.TrialsSent = breaker.Closed, 0, 0
	}
	s.Transitions = nil
	for _, sz := range append(fleetSizes, [2]int{80, 24}) {
		f := pane.NewFleet(tuitest.Plain())
		f.SetData(pane.Data{Snap: s, Gen: 1})
		f.SetSize(sz[0], sz[1])
		want := f.View()
		f.Hold(true)
		if got := f.View(); got != want {
			t.Errorf("%dx%d: held with every breaker closed, the fleet changed:\n%s\nwant:\n%s", sz[0], sz[1], got, want)
		}
	}
}

// flatPaneText is a pane's words without its frame, on one line.
func flatPaneText(v string) string {
	return strings.Join(strings.Fields(strings.NewReplacer("│", " ", "╭", " ", "╮", " ", "╰", " ", "╯", " ", "─", " ").Replace(v)), " ")
}

// A held tenants table shows "-" for every share and for the refusals of
// a tenant's own limit, and says when they show; what arrived stays. Let
// go, the shares are back.
func TestTenantsHoldKeepsBackTheShares(t *testing.T) {
	s := tenantSnap()
	for _, sz := range tenantSizes {
		where := fmt.Sprintf("tenants %d", sz[0])
		p := pane.NewTenants(tuitest.Plain())
		p.SetData(pane.Data{Snap: s, Gen: 1})
		p.Hold(true)
		h := p.Needs(sz[0])
		p.SetSize(sz[0], h)
		v := p.View()
		tuitest.CheckBlock(t, v, sz[0], h)
		checkNoCut(t, where, v)
		plain := ansi.Strip(v)
		if strings.Contains(plain, "%") || strings.Contains(plain, "950") {
			t.Errorf("%s: held, a share or globex's 950 limited shows:\n%s", where, plain)
		}
		if !strings.Contains(plain, "7,000") || !strings.Contains(flatPaneText(plain), "once you have guessed") {
			t.Errorf("%s: held, the arrivals stay and the note says when the shares show:\n%s", where, plain)
		}
		p.Hold(false)
		if plain := ansi.Strip(p.View()); !strings.Contains(plain, "93%") {
			t.Errorf("%s: let go, the shares show again:\n%s", where, plain)
		}
	}
}
