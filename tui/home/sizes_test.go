package home

import (
	"fmt"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/engine/scenarios"
	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/breakerlab/breakerlab/tui/internal/golden"
	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
)

// sizes are the three sizes every screen has a golden file at: a laptop
// terminal (or a projector with a large font), a usual window, a big
// monitor.
var sizes = [][2]int{{80, 24}, {120, 40}, {200, 60}}

// builtinHome is the home screen on the built-in scenarios, as the program
// opens it.
func builtinHome(t *testing.T, o Options) Model {
	t.Helper()
	for _, b := range scenarios.All() {
		o.Scenarios = append(o.Scenarios, Entry{Name: b.Name, Summary: b.Summary, Build: b.Build})
	}
	// The shuffle scenario's summary, as cmd/breakerlab words it.
	o.Scenarios = append(o.Scenarios, Entry{Name: "shuffle",
		Summary: "one customer crashes every worker it reaches: plain shards against shuffle sharding", ShardView: true})
	return newHome(t, o)
}

// homeScreens are the home screen's own screens, opened from the menu.
func homeScreens(t *testing.T) map[string]Model {
	t.Helper()
	m := builtinHome(t, Options{Workbooks: workbooks(t, t.TempDir())})
	nw, cmd := update(press(m, "up"), keyMsg("enter"))
	nw = follow(t, nw, cmd)
	if nw.screen != onNoWorkbook {
		t.Fatalf("Exercises without a workbook should explain:\n%s", nw.View())
	}
	return map[string]Model{
		"menu":        m,
		"picker":      run(press(m, "down"), keyMsg("enter")), // its map's run delivered
		"help":        press(m, "?"),
		"no-workbook": nw,
	}
}

// resize gives m the window w×h; on the picker it runs the command that
// comes back, the run of the map a taller window has rows for
// (pickdetail.go), as the program would.
func resize(m Model, w, h int) Model {
	if m.screen != onPicker {
		return send(m, tea.WindowSizeMsg{Width: w, Height: h})
	}
	return run(m, tea.WindowSizeMsg{Width: w, Height: h})
}

// The menu, the scenario picker, the help and the no-workbook screen at
// 80×24, 120×40 and 200×60.
func TestHomeScreensAtThreeSizes(t *testing.T) {
	racefree.Only(t) // no goroutine: the model driven by hand
	for name, m := range homeScreens(t) {
		for _, sz := range sizes {
			v := resize(m, sz[0], sz[1]).View()
			tuitest.CheckBlock(t, v, sz[0], sz[1])
			golden.Check(t, fmt.Sprintf("sizes-%s-%dx%d", name, sz[0], sz[1]), v)
		}
	}
}

// homeSources are the texts the home screen's own screens show.
func homeSources(m Model) []string {
	var out []string
	for _, it := range items {
		out = append(out, it.desc)
	}
	for _, e := range m.o.Scenarios {
		out = append(out, e.Summary)
	}
	return out
}

// No line of the home screen's own screens cuts a word or splits a number
// at 80×24, nor at 40×10, where the menu and the picker scroll; the menu
// is whole at 80×24.
func TestHomeCutsNoWord(t *testing.T) {
	racefree.Only(t)
	for name, m := range homeScreens(t) {
		for _, sz := range [][2]int{{80, 24}, {40, 10}} {
			mm := send(m, tea.WindowSizeMsg{Width: sz[0], Height: sz[1]})
			src := homeSources(mm)
			tuitest.CheckNoCuts(t, fmt.Sprintf("%s at %dx%d", name, sz[0], sz[1]), mm.View(), src...)
			if name == "menu" || name == "picker" {
				// Every row of the list, at every cursor position.
				for range 8 {
					mm = press(mm, "down")
					tuitest.CheckNoCuts(t, fmt.Sprintf("%s at %dx%d, row %d", name, sz[0], sz[1], mm.cursor), mm.View(), src...)
				}
			}
		}
	}
	v := send(homeScreens(t)["menu"], tea.WindowSizeMsg{Width: 80, Height: 24}).View()
	if strings.Contains(v, "more line") {
		t.Errorf("at 80×24 the whole menu should be on screen, not scrolled:\n%s", v)
	}
	for _, it := range items {
		if !strings.Contains(v, it.desc[strings.LastIndex(it.desc, " ")+1:]) {
			t.Errorf("at 80×24 the menu lacks the end of %q:\n%s", it.desc, v)
		}
	}
}

// The menu's help at 40 columns lists every key whole: its columns go
// under one another where they do not fit side by side (help.Model cut
// them to "↑/k up …", the rest of the table lost).
func TestHelpKeysWholeWhenNarrow(t *testing.T) {
	for _, w := range []int{40, 36, 60} {
		m := press(send(newHome(t, Options{}), tea.WindowSizeMsg{Width: w, Height: 40}), "?")
		v := ansi.Strip(m.View())
		if strings.Contains(v, "…") {
			t.Errorf("at %d columns the help cuts a key short:\n%s", w, v)
		}
		for _, col := range m.keys.FullHelp() {
			for _, b := range col {
				if !b.Enabled() {
					continue
				}
				if h := b.Help(); !strings.Contains(v, h.Key) || !strings.Contains(v, h.Desc) {
					t.Errorf("at %d columns the help does not list %s %s:\n%s", w, h.Key, h.Desc, v)
				}
			}
		}
	}
}
