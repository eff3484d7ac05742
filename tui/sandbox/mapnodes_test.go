package sandbox

import (
	"fmt"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/engine/scenarios"
	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
)

// In the sandbox at 120×40 the map is on screen for every built-in
// scenario's every variant, with every part of its system.
func TestMapShowsEveryNodeAt120x40(t *testing.T) {
	racefree.Only(t)
	for _, b := range scenarios.All() {
		sc := b.Build()
		for v := range sc.Variants {
			m := newModel(t, 120, 40, Options{Scenario: tuitest.Scenario(t, b.Name), Variant: v})
			view := ansi.Strip(m.View())
			if !strings.Contains(view, "╭─ Map ") {
				t.Errorf("%s variant %d: no map at 120×40 (%s)\n%s", b.Name, v+1, m.Hidden(), view)
				continue
			}
			for _, n := range m.xp.mapv.Names() {
				if !strings.Contains(view, " "+n+" ") {
					t.Errorf("%s variant %d: the map lacks %q", b.Name, v+1, n)
				}
			}
			if want := len(sc.Variants[v].System.Services) + len(sc.Variants[v].System.Tenants) + 1; len(m.xp.mapv.Names()) < want {
				t.Errorf("%s variant %d: the map has %d nodes, fewer than the %d services, tenants and front", b.Name, v+1, len(m.xp.mapv.Names()), want)
			}
		}
	}
}

// n moves the map's selection, which MapSelection hands out as the engine
// names it; a click on a node's row on the map selects it.
func TestMapSelectionByKeyAndClick(t *testing.T) {
	racefree.Only(t) // no goroutine: Update and View on this one, their commands dropped
	m := newModel(t, 200, 60, Options{Scenario: tuitest.Scenario(t, "multi-hop"), Variant: 2})
	if got := m.MapSelection(); got != "front" {
		t.Fatalf("starts on %q", got)
	}
	m = press(m, "n")
	m = press(m, "n")
	if got := m.MapSelection(); got != "inventory" {
		t.Errorf("n n selected %q, want inventory", got)
	}
	if !strings.Contains(ansi.Strip(m.View()), "map: selected inventory") {
		t.Error("the status line does not say what is selected")
	}
	lines := strings.Split(ansi.Strip(m.View()), "\n")
	for y, l := range lines {
		if x := strings.Index(l, "◆ database"); x >= 0 {
			x = len([]rune(l[:x]))
			next, _ := m.Update(tea.MouseMsg{X: x, Y: y, Action: tea.MouseActionPress, Button: tea.MouseButtonLeft})
			m = next.(Model)
			if got := m.MapSelection(); got != "database" {
				t.Errorf("a click on database's row selected %q", got)
			}
			return
		}
	}
	t.Fatalf("no database on the map:\n%s", strings.Join(lines, "\n"))
}

// mapTopNote is the Map frame's top edge: its note, if any, after the
// title and the dashes.
var mapTopNote = regexp.MustCompile(`╭─ Map ─+(?: ([^─╮]+) ─)?╮`)

// plainMapNote is what the Map's top edge may say: the hidden columns,
// quoted, or their count, and how to see them; or the rates' window.
var plainMapNote = regexp.MustCompile(`^(hidden columns?: "[^"]+"(, "[^"]+")*( \((a wider window shows (them|it)|widen to see)\))?|\d+ ((columns?|cols?) )?hidden( \(widen( to see)?\))?|rates over .+)$`)

// footNote is a note set in a pane's bottom edge.
var footNote = regexp.MustCompile(`╰─ ([^─╯]+) ─+╯`)

// The notes a user tester found cryptic read as plain words at the sizes
// where they were seen, and fit whole: the Map's top edge names or counts
// the columns too wide for it (not "wider shows failed, now"), and the
// bottom edge names the charts left out with nothing to show (not "out:
// in flight ≤ 1, latency < 1 ms"). At these sizes a map on screen is too
// narrow for all its columns, and says so.
func TestMapAndFootNotesReadPlainly(t *testing.T) {
	racefree.Only(t)
	for _, name := range []string{"cascade", "multi-hop", "breaker-timeline"} {
		sc := tuitest.Scenario(t, name)
		for _, sz := range [][2]int{{80, 24}, {100, 30}} {
			for v := range sc.Variants {
				m := newModel(t, sz[0], sz[1], Options{Scenario: sc, Variant: v})
				mapShown, saidHidden := false, false
				for _, at := range []time.Duration{sc.Duration / 4, sc.Duration / 2, sc.Duration * 3 / 4} {
					m = jumpTo(t, m, at)
					view := ansi.Strip(m.View())
					where := fmt.Sprintf("%s variant %d at %dx%d, %s", name, v+1, sz[0], sz[1], at)
					for _, l := range strings.Split(view, "\n") {
						if i := strings.Index(l, "╭─ Map "); i >= 0 {
							mapShown = true
							edge := mapTopNote.FindStringSubmatch(l[i:])
							if edge == nil {
								t.Errorf("%s: the Map's top edge runs out of its frame: %q", where, l)
								continue
							}
							if w, ok := mapWidth(m.arrange()); !ok || ansi.StringWidth(edge[0]) != w {
								t.Errorf("%s: the Map's top edge %q is not its pane's %d cells", where, edge[0], w)
							}
							if edge[1] != "" && !plainMapNote.MatchString(edge[1]) {
								t.Errorf("%s: the Map's note %q is not plain words (cut short, or the old wording)", where, edge[1])
							}
							saidHidden = saidHidden || strings.Contains(edge[1], "hidden")
						}
						for _, foot := range footNote.FindAllStringSubmatch(l, -1) {
							for _, bad := range []string{"out: in flight", "≤", "< 1 ms", "…"} {
								if strings.Contains(foot[1], bad) {
									t.Errorf("%s: %q in the bottom edge's note %q", where, bad, foot[1])
								}
							}
						}
					}
				}
				if mapShown && !saidHidden {
					t.Errorf("%s variant %d at %dx%d: the map's note never says a column is hidden", name, v+1, sz[0], sz[1])
				}
			}
		}
	}
}

// mapWidth is the width of the column the map is in.
func mapWidth(a *arrangement) (int, bool) {
	for c, col := range a.cols {
		for _, s := range col {
			if s.id == pMap {
				return a.widths[c], true
			}
		}
	}
	return 0, false
}
