// Package tuitest builds what the TUI's tests share: a theme with a fixed
// colour profile, engine snapshots of the built-in scenarios at given
// moments, packed as pane data, and the driving of a screen by messages
// (Key, Send, Press, SeekTo) or as a whole program (WaitFor).
//
// It imports the engine, lessons (a progress store, LearnerStore),
// tui/theme, tui/pane, bubbletea and teatest, and is
// imported only by tests.
package tuitest

import (
	"bytes"
	"io"
	"strings"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/chaos"
	"github.com/breakerlab/breakerlab/engine/scenarios"
	"github.com/breakerlab/breakerlab/tui/pane"
	"github.com/breakerlab/breakerlab/tui/theme"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/exp/teatest"
	"github.com/muesli/termenv"
)

// Seed is the seed of every fixture: the reference documents' own.
const Seed = 5

// Plain is a theme without colour, as under NO_COLOR.
func Plain() *theme.Theme { return theme.New(theme.Plain()) }

// Color is a theme with a fixed 256-colour profile, for checking that
// colour changes no layout.
func Color() *theme.Theme {
	r := theme.Plain()
	r.SetColorProfile(termenv.ANSI256)
	return theme.New(r)
}

// UnreachableGoServer names, for Scenario and At, go-server with its
// payment provider unreachable (engine.Unreachable) where the built-in's
// hangs: its host drops the dials too, so the transport's connections
// pile up being dialled, the case the panes' words and lines for dials
// are drawn for. A hung host's dials connect in their usual time.
const UnreachableGoServer = "go-server, payments unreachable"

// Scenario builds a built-in scenario, or UnreachableGoServer.
func Scenario(t testing.TB, name string) *engine.Scenario {
	t.Helper()
	if name == UnreachableGoServer {
		// As --fault makes it: an unreachable span over the hang's
		// (payments' first fault, go-server's first dependency's).
		sc := Scenario(t, "go-server")
		f := sc.Variants[0].System.Dependencies[0].Faults[0]
		sc, err := chaos.Apply(sc, []chaos.Spec{{At: f.From, Target: "payments", Kind: chaos.Unreachable, For: f.To - f.From}})
		if err != nil {
			t.Fatal(err)
		}
		return sc
	}
	b, ok := scenarios.Lookup(name)
	if !ok {
		t.Fatalf("no built-in scenario %q", name)
	}
	return b.Build()
}

// At runs variant v of a built-in scenario to time at (seconds) and packs
// the snapshot as pane data.
func At(t testing.TB, name string, v int, at float64) pane.Data {
	t.Helper()
	sc := Scenario(t, name)
	r, err := engine.New(sc, v, Seed)
	if err != nil {
		t.Fatal(err)
	}
	r.AdvanceTo(time.Duration(at * float64(time.Second)))
	s := r.Snapshot()
	return pane.Data{Snap: &s, Gen: 1, Faults: pane.FaultSpans(sc, v)}
}

// CheckBlock fails unless view is exactly h lines of exactly w cells.
func CheckBlock(t testing.TB, view string, w, h int) {
	t.Helper()
	lines := strings.Split(view, "\n")
	if len(lines) != h {
		t.Fatalf("view has %d lines, want %d", len(lines), h)
	}
	for i, l := range lines {
		if n := ansi.StringWidth(l); n != w {
			t.Fatalf("line %d is %d cells wide, want %d: %q", i, n, w, ansi.Strip(l))
		}
	}
}

// CheckFirstLines checks that the w×h view opens with the lines want, in
// order, each without its padding: what a too-small screen keeps above
// its request, say. It reports every line that differs, with the screen.
func CheckFirstLines(t testing.TB, view string, w, h int, want ...string) {
	t.Helper()
	lines := strings.Split(ansi.Strip(view), "\n")
	if len(lines) != h {
		t.Errorf("%d×%d: %d lines", w, h, len(lines))
	}
	for i, l := range want {
		if i >= len(lines) || strings.TrimRight(lines[i], " ") != l {
			t.Errorf("%d×%d: line %d reads %q, want %q\n%s", w, h, i+1, lines[min(i, len(lines)-1)], l, strings.Join(lines, "\n"))
		}
	}
}

// Key is the message a key sends, by its name as bubbles/key writes it
// ("space", "right", "ctrl+r", "pgdown"...); anything else is typed as runes.
func Key(k string) tea.KeyMsg {
	if t, ok := keyTypes[k]; ok {
		msg := tea.KeyMsg{Type: t}
		if t == tea.KeySpace {
			msg.Runes = []rune{' '}
		}
		return msg
	}
	return tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune(k)}
}

var keyTypes = map[string]tea.KeyType{
	"space": tea.KeySpace, "enter": tea.KeyEnter, "esc": tea.KeyEsc, "tab": tea.KeyTab, "shift+tab": tea.KeyShiftTab,
	"backspace": tea.KeyBackspace, "up": tea.KeyUp, "down": tea.KeyDown, "left": tea.KeyLeft, "right": tea.KeyRight,
	"pgup": tea.KeyPgUp, "pgdown": tea.KeyPgDown, "home": tea.KeyHome, "end": tea.KeyEnd,
	"ctrl+c": tea.KeyCtrlC, "ctrl+r": tea.KeyCtrlR, "ctrl+u": tea.KeyCtrlU, "ctrl+k": tea.KeyCtrlK,
	// The rest of the control keys the screens bind: named as runes,
	// "ctrl+d" was a burst of six characters that only matched a binding
	// by its name, as typed text must not.
	"ctrl+a": tea.KeyCtrlA, "ctrl+b": tea.KeyCtrlB, "ctrl+d": tea.KeyCtrlD, "ctrl+e": tea.KeyCtrlE,
	"ctrl+f": tea.KeyCtrlF, "ctrl+g": tea.KeyCtrlG, "ctrl+l": tea.KeyCtrlL, "ctrl+n": tea.KeyCtrlN,
	"ctrl+o": tea.KeyCtrlO, "ctrl+p": tea.KeyCtrlP, "ctrl+s": tea.KeyCtrlS, "ctrl+t": tea.KeyCtrlT,
	"ctrl+v": tea.KeyCtrlV, "ctrl+w": tea.KeyCtrlW, "ctrl+x": tea.KeyCtrlX, "ctrl+y": tea.KeyCtrlY,
	"ctrl+z": tea.KeyCtrlZ, "shift+up": tea.KeyShiftUp, "shift+down": tea.KeyShiftDown,
	"shift+left": tea.KeyShiftLeft, "shift+right": tea.KeyShiftRight,
}

// Send hands the messages to the model one by one, dropping the commands,
// and returns the model that results.
func Send[M tea.Model](m M, msgs ...tea.Msg) M {
	for _, msg := range msgs {
		next, _ := m.Update(msg)
		m = next.(M)
	}
	return m
}

// Press sends the keys (named as Key reads them) one by one.
func Press[M tea.Model](m M, keys ...string) M {
	for _, k := range keys {
		m = Send(m, tea.Msg(Key(k)))
	}
	return m
}

// Timed is a screen that shows a moment of virtual time.
type Timed interface {
	tea.Model
	Now() time.Duration
}

// SeekTo steps the model to at with the → key.
func SeekTo[M Timed](t testing.TB, m M, at time.Duration) M {
	t.Helper()
	for m.Now() < at {
		m = Press(m, "right")
	}
	return m
}

// WaitFor waits, up to 10 s, until a teatest program's output contains s.
func WaitFor(t *testing.T, out io.Reader, s string) {
	t.Helper()
	teatest.WaitFor(t, out, func(b []byte) bool { return bytes.Contains(b, []byte(s)) },
		teatest.WithDuration(10*time.Second), teatest.WithCheckInterval(20*time.Millisecond))
}
