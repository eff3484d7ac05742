package chart_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/engine/scenarios"
	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	"github.com/breakerlab/breakerlab/tui/sandbox"
	tea "github.com/charmbracelet/bubbletea"
)

// outcomeMarks are the marks the Outcomes pane draws in its bands and on
// its time axis, each of which its legend must explain.
const outcomeMarks = "█▒░╳·━"

// outcomesBox finds the Outcomes pane of a plain screen and splits its
// inside into the rows above its legend (bands, axis, labels) and the
// legend's rows. found is false when the screen shows no such pane.
func outcomesBox(view string) (chart, legend []string, found bool) {
	lines := strings.Split(view, "\n")
	for y, l := range lines {
		r := []rune(l)
		for _, title := range []string{"╭─ Outcomes", "╭─ Timeline"} {
			x := strings.Index(l, title)
			if x < 0 {
				continue
			}
			x = len([]rune(l[:x]))
			end := x + 1
			for end < len(r) && r[end] != '╮' {
				end++
			}
			var inside []string
			for _, below := range lines[y+1:] {
				br := []rune(below)
				if end >= len(br) || br[x] == '╰' {
					break
				}
				inside = append(inside, string(br[x+1:end]))
			}
			// The time axis is the first row drawn only of axis cells;
			// its labels take the next row and the legend the rest.
			for i, row := range inside {
				if t := strings.TrimSpace(row); t != "" && strings.Trim(t, "─━") == "" {
					if i+2 > len(inside) {
						return inside, nil, true
					}
					return inside[:i+2], inside[i+2:], true
				}
			}
			return inside, nil, true
		}
	}
	return nil, nil, false
}

// unexplained lists the marks the chart rows draw that no legend row
// explains.
func unexplained(chart, legend []string) []string {
	said := strings.Join(legend, "\n")
	var out []string
	for _, mark := range outcomeMarks {
		if strings.ContainsRune(strings.Join(chart, "\n"), mark) && !strings.ContainsRune(said, mark) {
			out = append(out, string(mark))
		}
	}
	return out
}

// Every mark the Outcomes pane draws — the four fills, the dot of a stretch
// with nothing decided and the heavy stretch of the axis that is the fault
// — is explained by its legend, in every built-in scenario and variant, at
// each event, at the sizes a learner most often reads the sandbox at. At
// 80×24 the legend was cut to its outcomes' line, which left the dot and
// the fault unexplained.
func TestLgOutcomesLegendExplainsEveryMark(t *testing.T) {
	if testing.Short() {
		t.Skip("walks every built-in scenario")
	}
	for _, sz := range [][2]int{{80, 24}, {100, 30}} {
		for _, b := range scenarios.All() {
			sc := b.Build()
			for v := range sc.Variants {
				m, err := sandbox.New(sandbox.Options{Theme: tuitest.Plain(), Scenario: b.Build(), Variant: v, Seed: tuitest.Seed})
				if err != nil {
					t.Fatal(err)
				}
				m = tuitest.Send(m, tea.WindowSizeMsg{Width: sz[0], Height: sz[1]})
				// Each event in turn, then the end of the run.
				for step := 0; step < 14; step++ {
					where := fmt.Sprintf("%dx%d %s variant %d at %v", sz[0], sz[1], b.Name, v+1, m.Now())
					chart, legend, found := outcomesBox(m.View())
					if found {
						if miss := unexplained(chart, legend); len(miss) > 0 {
							t.Errorf("%s: the Outcomes pane draws %s with no legend entry:\n%s\n--- legend:\n%s",
								where, strings.Join(miss, " "), strings.Join(chart, "\n"), strings.Join(legend, "\n"))
							break
						}
					}
					before := m.Now()
					if step == 12 {
						m = tuitest.Press(m, "G")
					} else {
						m = tuitest.Press(m, "]")
					}
					if m.Now() == before && step < 12 {
						step = 11 // no event left: look at the end next
					}
				}
			}
		}
	}
}
