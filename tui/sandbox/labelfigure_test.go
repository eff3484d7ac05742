package sandbox

import (
	"fmt"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/scenarios"
	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/breakerlab/breakerlab/tui/internal/golden"
	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	tea "github.com/charmbracelet/bubbletea"
)

// settingLabels are the words the breaker and pool panes put before a
// setting's or a bulkhead's figure: "timeout 5 s", "bulkhead 20",
// "bulkhead payment 4/4".
func settingLabels(sys *engine.System) []string {
	labels := []string{"timeout", "bulkhead"}
	add := func(ds []engine.Dependency) {
		for _, d := range ds {
			labels = append(labels, "bulkhead "+d.Name)
		}
	}
	add(sys.Dependencies)
	for _, s := range sys.Services {
		add(s.Dependencies)
	}
	return labels
}

// Every built-in scenario's every variant, at its start, middle and end,
// at 80×24, 100×30 and 200×60: no line ends in a setting's word with its
// figure on the next. At 80×24 the breaker pane wrote "… › bulkhead" /
// "20." (cascade's bulkhead variant) and "timeout" / "100 ms"
// (async-cascade's third), and the pool pane "bulkhead recommendations" /
// "20/20 full".
func TestLabelsKeepTheirFigures(t *testing.T) {
	racefree.Only(t)
	for _, b := range scenarios.All() {
		t.Run(b.Name, func(t *testing.T) {
			t.Parallel()
			sc := b.Build()
			for v := range sc.Variants {
				labels := settingLabels(&sc.Variants[v].System)
				m := newModel(t, 80, 24, Options{Scenario: sc, Variant: v})
				for _, at := range []time.Duration{0, (sc.Duration / 2).Truncate(time.Second), sc.Duration} {
					m = jumpTo(t, m, at)
					for _, sz := range [][2]int{{80, 24}, {100, 30}, {200, 60}} {
						m = send(m, tea.WindowSizeMsg{Width: sz[0], Height: sz[1]})
						tuitest.CheckLabelsKeepFigures(t, fmt.Sprintf("%s variant %d at %v, %dx%d", b.Name, v+1, at, sz[0], sz[1]), m.View(), labels...)
					}
				}
			}
		})
	}
}

// The screens the label check first failed on, as a learner sees them at
// 80×24: cascade's bulkhead variant at its start (the breaker pane's
// "timeout 5 s ›" / "bulkhead 20.") and its bulkhead-and-breaker
// variant at 15 s (the pool pane's "bulkhead 20/20 full").
func TestLabelFigureGolden(t *testing.T) {
	for _, c := range []struct {
		variant int
		at      time.Duration
	}{{1, 0}, {2, 15 * time.Second}} {
		m := jumpTo(t, newModel(t, 80, 24, Options{Variant: c.variant}), c.at)
		golden.Check(t, fmt.Sprintf("labelfigure-cascade-v%d-%v-80x24", c.variant+1, c.at), m.View())
	}
}
