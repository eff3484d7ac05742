package sandbox

import (
	"fmt"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/breakerlab/breakerlab/lessons"
	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	"github.com/charmbracelet/x/ansi"
)

// A knob whose 0 is none (no timeout: the caller waits for ever; no
// bulkhead) is swept with none as a column of its own and round values
// after it, not as 0 on a scale of 0, 90.9, 182 ms (finding 8).
func TestSweepOfNoneHasItsOwnColumnAndRoundValues(t *testing.T) {
	sc := tuitest.Scenario(t, "cascade")
	if err := lessons.SetKnob(sc, 0, "recommendations.timeout", "0s"); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		path  string
		steps int
		want  string
	}{
		{"recommendations.timeout", 12, "0s 100ms 200ms 300ms 400ms 500ms 600ms 700ms 800ms 900ms 1s"},
		{"recommendations.timeout", 8, "0s 200ms 400ms 600ms 800ms 1s"},
		{"recommendations.bulkhead", 12, "0 1 2 3 4 5 6 7 8 9 10"},
		{"recommendations.bulkhead", 8, "0 2 4 6 8 10"},
	} {
		sp, err := spanAround(sc, 0, c.path, c.steps)
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, v := range sp.ax.Values {
			got = append(got, fmt.Sprint(v))
		}
		if g := strings.Join(got, " "); g != c.want {
			t.Errorf("%s on %d: axis %q, want %q", c.path, c.steps, g, c.want)
		}
		if sp.x != 0 || sp.ax.X[0] != 0 {
			t.Errorf("%s: the design (none) is not the first column: %v, mark %v", c.path, sp.ax.X, sp.x)
		}
		values, _ := sp.words()
		if !strings.HasPrefix(values, "none (no ") {
			t.Errorf("%s: the picker says %q, want it to name none first", c.path, values)
		}
	}
	// With 7 workers a bulkhead is cut at 7: none, then 1..7.
	if err := lessons.SetKnob(sc, 0, "workers", int64(7)); err != nil {
		t.Fatal(err)
	}
	sp, err := spanAround(sc, 0, "recommendations.bulkhead", 12)
	if err != nil || len(sp.ax.X) != 8 || sp.ax.X[7] != 7 || !sp.cutHi {
		t.Errorf("with 7 workers the bulkhead axis is %v (cut %v), %v", sp.ax.X, sp.cutHi, err)
	}
}

// The sweep's heatmap labels the design's "none" as such, and its legend
// line says "no timeout", never "timeout=0ms".
func TestSweepHeatmapNamesNone(t *testing.T) {
	racefree.Only(t) // its sweep's workers and messages are TestSweepRunsAndMarksTheDesign's (drive), which runs under -race
	m := newModel(t, 80, 24, Options{Scenario: shortCascade(t)})
	m = press(m, "e")
	for m.form.knobs[m.form.focus].label != "timeout" {
		m = press(m, "down")
	}
	m.form.knobs[m.form.focus].input.SetValue("0")
	m = press(m, "enter")
	if m.form != nil {
		t.Fatalf("timeout 0 refused: %s", m.form.err)
	}
	m = press(m, "e")
	for m.form.knobs[m.form.focus].label != "timeout" {
		m = press(m, "down")
	}
	m = send(m, ctrlS)
	if m.sw == nil {
		t.Fatalf("no sweep picker: %s", m.form.err)
	}
	// The range goes up from none to what the design's run reads
	// (runTop; sweepzero_test.go checks the figure): the picker says the
	// axis the sweep runs, and the heatmap labels it.
	nx, _ := gridSize(m.w, m.h)
	sp, err := m.sw.spanOf(m.sw.x, nx)
	if err != nil {
		t.Fatal(err)
	}
	values, _ := sp.words()
	pick := ansi.Strip(strings.Join(m.pickerLines(200, 40), " "))
	if !strings.HasPrefix(values, "none (no timeout) and ") || !strings.Contains(pick, values+", around none") {
		t.Errorf("the picker does not announce none and round values (%q):\n%s", values, pick)
	}
	next, cmd := m.Update(tuitest.Key("enter"))
	m = drive(t, next.(Model), cmd)
	v := ansi.Strip(m.View())
	flat := strings.Join(strings.Split(v, "\n"), " ")
	// Labels may skip columns on a narrow map: the last column's, or the
	// one before it, is drawn, as the map writes a value (Axis.Labels).
	last, labels := len(sp.ax.X)-1, sp.ax.Labels()
	if !strings.Contains(flat, " "+labels[last]+" ") && !strings.Contains(flat, " "+labels[last-1]+" ") {
		t.Errorf("the heatmap's labels do not end at the axis's %s:\n%s", labels[last], v)
	}
	for _, want := range []string{"none  ", "◆ the design in the form: no timeout (recommendations.timeout=0)"} {
		if !strings.Contains(flat, want) {
			t.Errorf("the heatmap does not say %q:\n%s", want, v)
		}
	}
	if strings.Contains(v, "timeout=0ms") || strings.Contains(v, "90.9") {
		t.Errorf("the heatmap shows none as 0 ms on an odd scale:\n%s", v)
	}
}
