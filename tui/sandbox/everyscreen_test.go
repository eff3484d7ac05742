package sandbox

import (
	"fmt"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/engine/scenarios"
	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	tea "github.com/charmbracelet/bubbletea"
)

// checkWhole fails when m's view at w×h cuts a word, or cuts short with
// "…" one of about or the note on its status line.
func checkWhole(t *testing.T, where string, m Model, w, h int, about ...string) {
	t.Helper()
	m = send(m, tea.WindowSizeMsg{Width: w, Height: h})
	tuitest.CheckWhole(t, fmt.Sprintf("%s at %dx%d", where, w, h), m.View(), append(about, m.note, m.noteShort)...)
}

// Every screen of the sandbox, on every built-in scenario and variant at
// the middle of its run, at 80×24, 120×40 and 200×60: the main view, the
// knob form with the cursor on each knob (its help whole), compare mode
// and its note, and per scenario the help and the breaker presets
// compared, each library's note whole. Each screen is opened once and
// drawn at the three sizes.
func TestEveryScreenCutsNothing(t *testing.T) {
	racefree.Only(t)
	for _, b := range scenarios.All() {
		// Each scenario's screens are a parallel subtest, so the test
		// (4 s of CPU) can use both cores when they are free; each
		// builds its own scenario and models.
		t.Run(b.Name, func(t *testing.T) {
			t.Parallel()
			sc := b.Build()
			at := (sc.Duration / 2).Truncate(time.Second)
			for v := range sc.Variants {
				m := jumpTo(t, newModel(t, 80, 24, Options{Scenario: sc, Variant: v}), at)
				where := fmt.Sprintf("%s variant %d", b.Name, v+1)
				c := press(m, "c")
				f := press(m, "e")
				for _, sz := range layoutSizes {
					checkWhole(t, where, m, sz[0], sz[1])
					checkWhole(t, where+", compare", c, sz[0], sz[1])
					if v == 0 {
						checkWhole(t, b.Name+", help", press(m, "?"), sz[0], sz[1])
					}
				}
				for _, sz := range layoutSizes {
					f = send(f, tea.WindowSizeMsg{Width: sz[0], Height: sz[1]})
					f.form.focus = 0
					for i, k := range f.form.knobs {
						// f is at this size already: its view is drawn once
						// for both checks (checkWhole would send the size
						// again and draw it a second time).
						what := fmt.Sprintf("%s, knob %q at %dx%d", where, k.label, sz[0], sz[1])
						view := f.View()
						tuitest.CheckWhole(t, what, view, k.hint, f.note, f.noteShort)
						tuitest.CheckValuesWhole(t, what, view, k.input.Value())
						if i < len(f.form.knobs)-1 {
							f = press(f, "down")
						}
					}
				}
				if v > 0 {
					continue
				}
				// The presets: the library's source, or where none of the
				// variants has a breaker, the note that says so.
				p := press(m, "C")
				for range len(presetNames()) {
					for _, sz := range layoutSizes {
						checkWhole(t, b.Name+", presets", p, sz[0], sz[1])
					}
					if p.cmp == nil {
						break
					}
					p = press(p, "p")
				}
			}
		})
	}
}
