package sandbox

import (
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/scenarios"
	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/breakerlab/breakerlab/lessons"
	"github.com/breakerlab/breakerlab/tui/internal/golden"
	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	"github.com/breakerlab/breakerlab/tui/pane"
	"github.com/charmbracelet/x/ansi"
)

// sweptOn is the shared pool's sweep of workers against the
// recommendations' rate at w × h, run to its end.
func sweptOn(t *testing.T, w, h int) Model {
	t.Helper()
	m := openSweepOn(t, w, h)
	next, cmd := m.Update(tuitest.Key("enter"))
	m = drive(t, next.(Model), cmd)
	if s := m.sw; s == nil || s.stage != sweepDone || !s.res.Complete() {
		t.Fatal("the sweep did not complete")
	}
	return m
}

// The arrows move a cursor over the map's cells from the design's (◆),
// and the line under the map gives the cell's settings and its figure,
// which is the mean of the engine's own runs of that design; the cursor
// stops at the grid's edges.
func TestSweepCursorReadsACell(t *testing.T) {
	racefree.Only(t) // its sweep's workers and messages are TestSweepRunsAndMarksTheDesign's, run under -race
	m := sweptOn(t, 80, 24)
	if strings.Contains(ansi.Strip(m.View()), "▣") {
		t.Fatal("the cursor should not show before an arrow is pressed")
	}
	if !strings.Contains(ansi.Strip(m.View()), "←↑↓→ read a cell") {
		t.Errorf("a finished map should say the arrows read a cell:\n%s", m.View())
	}
	m = press(m, "right")
	m = press(m, "right")
	m = press(m, "up")
	s := m.sw
	mi, mj := s.mark.Cell(s.plan)
	c := s.mark.Cursor
	if !c.Shown || c.I != mi+2 || c.J != mj+1 {
		t.Fatalf("cursor at %+v after right, right, up from the design's cell (%d, %d)", c, mi, mj)
	}
	x, y := s.plan.Axes[0].X[c.I], s.plan.Axes[1].X[c.J]
	// The cell's figure, from the engine's runs of that design.
	var sum float64
	for _, seed := range s.plan.Seeds {
		sc := shortCascade(t)
		sc.Variants[0].System.Workers = int(x)
		if err := lessons.SetKnob(sc, 0, "recommendations.rate", y); err != nil {
			t.Fatal(err)
		}
		r, err := engine.New(sc, 0, seed)
		if err != nil {
			t.Fatal(err)
		}
		r.Run()
		snap := r.Snapshot()
		e, _ := snap.Endpoint("search")
		sum += e.Window.Share(engine.OK)
	}
	want := fmt.Sprintf("▣ the cell under the cursor: workers=%g, recommendations.rate=%g, search.ok %s", x, y, pane.Percent(sum/float64(len(s.plan.Seeds))))
	v := m.View()
	flat := strings.Join(strings.Fields(strings.NewReplacer("│", " ", "\u00a0", " ").Replace(ansi.Strip(v))), " ")
	if !strings.Contains(flat, want) {
		t.Errorf("the cursor's line should read %q:\n%s", want, v)
	}
	if !strings.Contains(ansi.Strip(v), "enter try it in the form") {
		t.Errorf("with a cell under the cursor, enter should be offered:\n%s", v)
	}
	golden.Check(t, "sweep-cursor-80x24", v)
	// The ▣ is on the cell's row, the one labelled with its rate.
	row := ""
	for _, l := range strings.Split(ansi.Strip(v), "\n") {
		if strings.HasPrefix(strings.TrimLeft(strings.TrimPrefix(l, "│"), " "), fmt.Sprintf("%g │", y)) {
			row = l
		}
	}
	if !strings.Contains(row, "▣") {
		t.Errorf("the row of rate %g should hold the ▣: %q", y, row)
	}
	// The edges hold it.
	for range 30 {
		m = press(m, "left")
		m = press(m, "down")
	}
	if c := m.sw.mark.Cursor; c.I != 0 || c.J != 0 {
		t.Errorf("the cursor should stop at the corner, is at %+v", c)
	}
	// Back on the design's cell, the line says so rather than repeat
	// the ◆'s line.
	for range mi {
		m = press(m, "right")
	}
	for range mj {
		m = press(m, "up")
	}
	if v := ansi.Strip(m.View()); !strings.Contains(v, "▣ the cursor is on the design ◆ marks") || strings.Contains(v, "▣ the cell under the cursor") {
		t.Errorf("on the design's cell the cursor's line should name it as the ◆'s:\n%s", v)
	}
	for range mi {
		m = press(m, "left")
	}
	for range mj {
		m = press(m, "down")
	}
	// m measures the same grid again: the cursor stays on its cell.
	next, cmd := m.Update(tuitest.Key("m"))
	m = drive(t, next.(Model), cmd)
	if c := m.sw.mark.Cursor; !c.Shown || c.I != 0 || c.J != 0 {
		t.Errorf("a new measure of the same grid should keep the cursor, is at %+v", c)
	}
}

// enter puts the cell under the cursor into the form, each field holding
// the value the cell ran, and the form then builds the cell's own design.
func TestSweepCellGoesIntoTheForm(t *testing.T) {
	racefree.Only(t) // its sweep's workers and messages are TestSweepRunsAndMarksTheDesign's, run under -race
	m := sweptOn(t, 80, 24)
	m = press(m, "right")
	m = press(m, "up")
	s := m.sw
	c := s.mark.Cursor
	xs, ys := s.plan.Axes[0].Values[c.I], s.plan.Axes[1].Values[c.J]
	want := cloneScenario(s.base)
	for _, set := range []struct {
		path string
		v    any
	}{{"workers", xs}, {"recommendations.rate", ys}} {
		if err := lessons.SetKnob(want, 0, set.path, set.v); err != nil {
			t.Fatal(err)
		}
	}
	m = press(m, "enter")
	if m.sw != nil || m.form == nil {
		t.Fatal("enter on a cell should close the sweep on the form")
	}
	if got := m.form.knobs[m.form.focus].label; got != "workers" {
		t.Errorf("the form's cursor should be on the first knob swept, is on %q", got)
	}
	built := m.form.build(m.sim.knobs())
	if built == nil {
		t.Fatalf("the form refused the cell's design: %s", m.form.err)
	}
	for _, path := range []string{"workers", "recommendations.rate"} {
		g, _ := lessons.KnobValue(built, 0, path)
		w, _ := lessons.KnobValue(want, 0, path)
		if !reflect.DeepEqual(g, w) {
			t.Errorf("%s: the form builds %v, the cell ran %v", path, g, w)
		}
	}
}

// A second knob the form has no field for cannot go into it: enter says
// so on the status line and the map stays.
func TestSweepCellOfAKnobWithNoField(t *testing.T) {
	racefree.Only(t) // its sweep's workers and messages are TestSweepRunsAndMarksTheDesign's, run under -race
	m := openSweepOn(t, 80, 24)
	s := m.sw
	at := -1
	for i, p := range s.choices {
		if fieldFor(m.form, s.base, s.variant, p) < 0 {
			at = i
			break
		}
	}
	if at < 0 {
		t.Fatal("every second knob has a field: pick a scenario with one that has none")
	}
	s.cursor = at
	next, cmd := m.Update(tuitest.Key("enter"))
	m = drive(t, next.(Model), cmd)
	m = press(m, "up")
	m = press(m, "enter")
	if m.sw == nil {
		t.Fatal("enter should not close the map when a knob has no field")
	}
	want := s.choices[at] + " has no field in the form"
	if v := ansi.Strip(m.View()); !strings.Contains(v, want) {
		t.Errorf("the status line should say %q:\n%s", want, v)
	}
	m = press(m, "up")
	if strings.Contains(ansi.Strip(m.View()), want) {
		t.Error("the refusal should go at the next key")
	}
}

// Every value a sandbox sweep gives a form's knob, written into its field
// as enter writes a cell's, builds the value the sweep ran: the form runs
// the cell the learner picked, not a rounding of it.
func TestEveryFieldTakesItsSweepValues(t *testing.T) {
	racefree.Only(t) // forms and scenarios only: no goroutine
	t.Parallel()     // parallel_test.go says which tests may
	tried := 0
	for _, name := range scenarios.Names() {
		b, _ := scenarios.Lookup(name)
		sc := b.Build()
		for v := range sc.Variants {
			for i, k := range newForm(tuitest.Plain(), sc, v).knobs {
				path, ok := knobPath(sc, v, &k)
				if !ok || k.absent != "" || sweepable(sc, v, path) != nil {
					continue
				}
				sp, err := spanAround(sc, v, path, 6)
				if err != nil {
					continue
				}
				for _, val := range sp.ax.Values {
					want := cloneScenario(sc)
					if err := lessons.SetKnob(want, v, path, val); err != nil || want.Validate() != nil {
						continue
					}
					f := newForm(tuitest.Plain(), sc, v)
					text, ok := f.knobs[i].textOf(val)
					if !ok {
						t.Errorf("%s variant %d: %s=%v: no text for the field", name, v+1, path, val)
						continue
					}
					f.knobs[i].input.SetValue(text)
					built := f.build(sc)
					if built == nil {
						t.Errorf("%s variant %d: %s=%v as %q: the form refuses it: %s", name, v+1, path, val, text, f.err)
						continue
					}
					g, _ := lessons.KnobValue(built, v, path)
					w, _ := lessons.KnobValue(want, v, path)
					if !reflect.DeepEqual(g, w) {
						t.Errorf("%s variant %d: %s=%v as %q builds %v, the sweep ran %v", name, v+1, path, val, text, g, w)
					}
					tried++
				}
			}
		}
	}
	if tried < 100 {
		t.Errorf("only %d values tried", tried)
	}
}
