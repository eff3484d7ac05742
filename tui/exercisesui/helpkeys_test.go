package exercisesui

import (
	"io"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	"github.com/breakerlab/breakerlab/tui/palette"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"
)

// startHome is the runner as the home screen opens it: with Leave.
func startHome(t *testing.T, width, height int) *driver {
	t.Helper()
	m := New(newFake(), Options{Manual: true, NoColor: true, Debounce: time.Millisecond, Parallel: 3,
		Tick: time.Microsecond, Renderer: lipgloss.NewRenderer(io.Discard), Leave: func() tea.Msg { return nil }})
	d := &driver{t: t, m: m}
	d.send(tea.WindowSizeMsg{Width: width, Height: height})
	d.run(m.Init())
	return d
}

// esc closes the keys shown in full, as ? does, on the main screen and
// the list, where it went back instead (inside the home screen, out of the
// runner); the keys say so. Shut, esc goes back as before.
func TestEscClosesTheKeys(t *testing.T) {
	racefree.Only(t) // no goroutine: the model driven by hand, a fake backend
	closes := regexp.MustCompile(`\?/esc\s+close the help`)
	for _, home := range []bool{true, false} {
		d := start(t, newFake(), 80, 24)
		if home {
			d = startHome(t, 80, 24)
		}
		for _, name := range []string{"main", "list"} {
			if name == "list" {
				d.keys("l")
			}
			d.keys("?")
			if v := d.view(); !closes.MatchString(v) {
				t.Errorf("inside home %v, %s: the keys in full should say ?/esc closes them:\n%s", home, name, v)
			}
			_, cmd := d.m.Update(tea.KeyMsg{Type: tea.KeyEsc})
			d.keys("esc")
			if on := map[string]screen{"main": screenMain, "list": screenList}[name]; d.m.help.ShowAll || cmd != nil || d.m.screen != on {
				t.Errorf("inside home %v, %s: esc should close the keys and only that: keys %v, on screen %d, a command %v", home, name, d.m.help.ShowAll, d.m.screen, cmd != nil)
			}
			if v := d.view(); closes.MatchString(v) || !offersQuestion(v) {
				t.Errorf("inside home %v, %s: shut, the key line should offer ? again:\n%s", home, name, v)
			}
		}
		d.keys("esc") // back from the list
		if d.m.screen != screenMain {
			t.Errorf("inside home %v: esc with the keys shut should leave the list", home)
		}
	}
}

// Inside the home screen `:` asks it for the palette, as ctrl+k does, and
// the keys in full list both; not while a question waits for y or n, nor
// in the list's filter, where it is text. On its own the runner has no
// palette to ask for.
func TestColonAsksTheHomeScreenForThePalette(t *testing.T) {
	racefree.Only(t) // no goroutine: the model driven by hand, a fake backend
	asks := func(d *driver) bool { return tuitest.AsksForKey(d.m, ":", palette.Key) }
	lists := regexp.MustCompile(regexp.QuoteMeta(":/"+palette.Key) + `\s+go anywhere`)
	for _, home := range []bool{true, false} {
		d := start(t, newFake(), 80, 24)
		if home {
			d = startHome(t, 80, 24)
		}
		for _, name := range []string{"main", "list"} {
			if name == "list" {
				d.keys("l")
			}
			if got := asks(d); got != home {
				t.Errorf("inside home %v, %s: `:` asks for the palette %v", home, name, got)
			}
			d.keys("?")
			v := d.view()
			keys := v[strings.LastIndex(v, "───"):] // the footer, under the last rule
			if lists.MatchString(keys) != home || strings.Contains(keys, "…") {
				t.Errorf("inside home %v, %s: the keys in full list the palette %v, whole:\n%s", home, name, lists.MatchString(keys), keys)
			}
			if got := asks(d); got != home || !d.m.help.ShowAll {
				t.Errorf("inside home %v, %s: `:` on the keys asks for the palette %v, leaving them open %v", home, name, got, d.m.help.ShowAll)
			}
			d.keys("?")
		}
		d.keys("/")
		if asks(d) {
			t.Errorf("inside home %v: `:` in the list's filter is text", home)
		}
		d.keys("esc", "esc", "x")
		if d.m.screen != screenConfirm || asks(d) {
			t.Errorf("inside home %v: `:` while a question waits asks for nothing (on screen %d)", home, d.m.screen)
		}
	}
}
