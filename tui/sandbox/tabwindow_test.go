package sandbox

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/engine/scenarios"
	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/breakerlab/breakerlab/tui/internal/golden"
	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	"github.com/charmbracelet/x/ansi"
)

// rate-limit-vs-bulkhead's eight names need over 100 cells: at 80
// columns its tabs read "[1 partner burst: no protection] 2  3  4  5  6
// 7  8", seven designs by number alone. The tabs scroll instead: on every
// variant of every built-in with more than five, the current tab's
// neighbours are named, no tab is a bare number, and a ‹ or › stands
// where tabs are cut.
func TestManyTabsNameTheirNeighboursAt80(t *testing.T) {
	racefree.Only(t)
	many := 0
	for _, b := range scenarios.All() {
		sc := b.Build()
		if len(sc.Variants) <= manyTabs {
			continue // TestTabsKeepTheirNamesAt80 has every tab named
		}
		many++
		for cur := range sc.Variants {
			m := newModel(t, 80, 24, Options{Scenario: sc, Variant: cur})
			title := ansi.Strip(m.titleLine())
			if !strings.Contains(title, currentTab(sc.Variants, cur)) {
				t.Errorf("%s, variant %d: the current tab is not named whole: %q", b.Name, cur+1, title)
			}
			forms := tightForms(m.tabForms())
			hiddenLeft, hiddenRight := false, false
			for i := range sc.Variants {
				if i == cur {
					continue
				}
				named, bare := tabShown(title, i, forms[i])
				switch {
				case bare:
					t.Errorf("%s, variant %d: tab %d is its number alone: %q", b.Name, cur+1, i+1, title)
				case !named && (i == cur-1 || i == cur+1):
					t.Errorf("%s, variant %d: neighbour %d has no name: %q", b.Name, cur+1, i+1, title)
					fallthrough
				case !named && i < cur:
					hiddenLeft = true
				case !named:
					hiddenRight = true
				}
			}
			if hiddenLeft != strings.Contains(title, "‹") || hiddenRight != strings.Contains(title, "›") {
				t.Errorf("%s, variant %d: tabs cut on the left %v, on the right %v, but the marks are not where they are: %q",
					b.Name, cur+1, hiddenLeft, hiddenRight, title)
			}
			if w := ansi.StringWidth(title); w > 80 {
				t.Errorf("%s, variant %d: title is %d cells wide at 80 columns", b.Name, cur+1, w)
			}
		}
	}
	if many == 0 {
		t.Fatal("no built-in scenario has more than five variants: the test checks nothing")
	}
}

// rate-limit-vs-bulkhead in the middle of its tabs, at the smallest and
// the largest size: the window of named tabs at 80 columns, every tab
// named at 200.
func TestManyTabsGolden(t *testing.T) {
	racefree.Only(t)
	sc := tuitest.Scenario(t, "rate-limit-vs-bulkhead")
	for _, sz := range [][2]int{{80, 24}, {200, 60}} {
		m := newModel(t, sz[0], sz[1], Options{Scenario: sc, Variant: 3})
		m = seekTo(t, m, 20*time.Second)
		v := m.View()
		tuitest.CheckBlock(t, v, sz[0], sz[1])
		golden.Check(t, fmt.Sprintf("tabs-rate-limit-v4-20s-%dx%d", sz[0], sz[1]), v)
	}
}

// A tab the window names in its tightest form ("3 bulkheads …") is
// clicked by its name, not only by its number.
func TestClickOnAWindowedTab(t *testing.T) {
	m := newModel(t, 80, 24, Options{Scenario: tuitest.Scenario(t, "rate-limit-vs-bulkhead"), Variant: 1})
	title := ansi.Strip(m.titleLine())
	label := "bulkheads …"
	x := strings.Index(title, " 3 "+label)
	if x < 0 {
		t.Fatalf("the title lacks tab 3 as %q: %q", label, title)
	}
	at := ansi.StringWidth(title[:x]) + 3 + ansi.StringWidth(label) - 1 // the name's last cell
	if got, ok := m.tabAt(at); !ok || got != 2 {
		t.Errorf("a click on %q picks variant %d (%v), want 3", label, got+1, ok)
	}
}
