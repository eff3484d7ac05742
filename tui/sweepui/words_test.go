package sweepui

import (
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/tui/theme"
)

// A lesson's map writes its goal and each row's boundary in words, with
// the knobs' labels (the axes say whose knobs they are): a learner was
// never taught the typed paths. The sandbox's map keeps them as a user
// types them back.
func TestHeatmapInWordsSaysGoalAndBoundaryInWords(t *testing.T) {
	res := filled(t, "recommendations.bulkhead=2..24:12", "recommendations.rate=50..200:7", "recommendations.rejected", "recommendations.rejected<=0.01",
		func(i, j int) float64 {
			if i >= 4+j {
				return 0
			}
			return 0.3
		})
	plain := theme.New(theme.Plain())
	words := strings.ReplaceAll(HeatmapInWords(res, plain, 200), "\u00a0", " ")
	for _, want := range []string{
		"recommendations rejected (share), seed 5",
		"↑ recommendations rate (req/s)",
		"recommendations bulkhead (calls) →",
		"✓ meets recommendations rejected ≤ 1%: ",
		"at rate 200: met from bulkhead 22",
		"at rate 50: met from bulkhead 10",
	} {
		if !strings.Contains(words, want) {
			t.Errorf("in words, the map lacks %q:\n%s", want, words)
		}
	}
	for _, typed := range []string{"=", "recommendations.", "<="} {
		if strings.Contains(words, typed) {
			t.Errorf("in words, the map has the typed %q:\n%s", typed, words)
		}
	}
	typed := Heatmap(res, plain, 200)
	for _, want := range []string{"✓ meets recommendations.rejected<=1%: ", "at recommendations.rate=200: met from recommendations.bulkhead=22"} {
		if !strings.Contains(typed, want) {
			t.Errorf("typed, the map lacks %q:\n%s", want, typed)
		}
	}
}

// A knob's words are its label, as the sandbox's form writes it; an axis
// adds whose it is; a goal on a figure with a unit says it.
func TestKnobAndGoalWords(t *testing.T) {
	for path, want := range map[string]string{
		"dependency.breaker.min_calls": "min calls",
		"caller.rate":                  "rate",
		"recommendations.timeout":      "timeout",
		"workers":                      "workers",
		"queue":                        "accept queue",
		"payment.breaker.open":         "open for",
		"inventory.database.timeout":   "timeout",
	} {
		if got := knobLabel(path); got != want {
			t.Errorf("knobLabel(%q) = %q, want %q", path, got, want)
		}
	}
	res := filled(t, "dependency.breaker.min_calls=20..200:10", "caller.rate=1..4:4", "recommendations.p99", "recommendations.p99<=250",
		func(i, j int) float64 { return float64(100 * i / (j + 1)) })
	out := strings.ReplaceAll(HeatmapInWords(res, theme.New(theme.Plain()), 200), "\u00a0", " ")
	for _, want := range []string{"dependency min calls →", "↑ caller rate (req/s)", "recommendations p99 ≤ 250 ms", "at rate 1: not met from min calls"} {
		if !strings.Contains(out, want) {
			t.Errorf("lacks %q:\n%s", want, out)
		}
	}
}
