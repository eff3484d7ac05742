package mappane

import (
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/engine/scenarios"
	"github.com/charmbracelet/x/ansi"
)

// treeGlyphs are the glyphs the tree draws, each with the words its
// legend entry has.
var treeGlyphs = map[string]string{
	"▣": "service", "◆": "dependency", "◇": "tenant", "↑": "drawn above", "⚠": "fault",
	"▁": "closed", "▄": "half-open", "█": "open", "▓": "forced-open", "┈": "metrics-only",
}

// Every glyph the tree draws is named in the legend, however few rows the
// pane has for it: a legend cut short named ▁ closed and ▄ half-open while
// the branch drew █ (lesson 5's one dependency, its breaker open, in the
// lesson player's 7 rows).
func TestLegendNamesEveryGlyphDrawn(t *testing.T) {
	for _, b := range scenarios.All() {
		sc := b.Build()
		for v := range sc.Variants {
			for _, at := range []float64{0.4, 0.8} {
				s := snapAt(t, b.Name, v, sc.Duration*7/10)
				if at == 0.4 {
					s = snapAt(t, b.Name, v, sc.Duration*4/10)
				}
				for _, w := range []int{49, 80} {
					probe := newMap(s, w, 40)
					probe.SetStatic(true)
					for h := probe.MinHeight() + 1; h <= probe.Needs(); h++ {
						m := newMap(s, w, h)
						m.SetStatic(true)
						checkLegend(t, b.Name, v, w, h, ansi.Strip(m.View()))
					}
				}
			}
		}
	}
}

// checkLegend fails when a glyph of the tree's rows has no legend entry.
// Legend lines start at the frame (a tree row starts with the cursor's
// column, a space in a static map).
func checkLegend(t *testing.T, name string, v, w, h int, view string) {
	t.Helper()
	lines := strings.Split(view, "\n")
	var tree, legend []string
	for _, l := range lines[1 : len(lines)-1] {
		inner := strings.TrimSuffix(strings.TrimPrefix(l, "│"), "│")
		switch {
		case strings.TrimSpace(inner) == "":
		case strings.HasPrefix(inner, " "):
			tree = append(tree, inner)
		default:
			legend = append(legend, inner)
		}
	}
	named := " " + strings.Join(legend, "  ") + " "
	if len(legend) == 0 {
		return // no legend at all: none to be wrong (the pane's minimum)
	}
	for _, row := range tree {
		for g, words := range treeGlyphs {
			if strings.Contains(row, g) && !strings.Contains(named, g+" "+words) {
				t.Errorf("%s variant %d at %dx%d: %q is drawn, the legend lacks %q:\n%s", name, v+1, w, h, g, g+" "+words, view)
			}
		}
	}
}

// A caller's abandoned calls give way in the in-use column where it would
// not fit with them: the map keeps its columns rather than show the
// nodes' names alone (lesson 1's cascade with a bulkhead, 100 columns
// wide, once recommendations hung).
func TestAbandonedCallsGiveWayToTheColumns(t *testing.T) {
	s := snapAt(t, "cascade", 1, 30e9)
	m := newMap(s, 49, 12)
	m.SetStatic(true)
	view := ansi.Strip(m.View())
	if m.Columns() < 2 || !strings.Contains(view, "20/20 held ") || strings.Contains(view, "columns hidden") {
		t.Errorf("%d columns shown; want the calls held and the rate:\n%s", m.Columns(), view)
	}
	// With room, the abandoned calls are said.
	wide := newMap(s, 120, 12)
	if !strings.Contains(ansi.Strip(wide.View()), "20/20 held · ") {
		t.Errorf("at 120 columns the abandoned calls are not said:\n%s", ansi.Strip(wide.View()))
	}
}
