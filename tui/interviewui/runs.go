package interviewui

import (
	"fmt"
	"strings"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/report"
	"github.com/breakerlab/breakerlab/engine/scenarios"
	"github.com/breakerlab/breakerlab/tui/chart"
	"github.com/breakerlab/breakerlab/tui/pane"
)

// What a tall window adds beside the prompt: the prompt's scenario played
// by the engine. While the answer is written, only its worst design (the
// failure the prompt asks to prevent, not a design that prevents it);
// with the rubric, every design the scenario holds, to set the answer
// against. The runs are the engine's, at the scenario's own seed, each
// played once and kept.

// runSeed is the seed the runs use: `breakerlab run`'s default.
const runSeed = 5

// designRun is one variant's outcome shares per endpoint over the
// scenario's counted window.
type designRun struct {
	name      string
	endpoints []string
	shares    [][len(engine.Outcomes)]float64
	okAll     float64 // the ok share of every endpoint's requests together
	// The run at its end, and the variant's faults, for a chart of it.
	snap   engine.Snapshot
	faults []pane.FaultSpan
}

// runCache keeps each scenario's runs by name.
type runCache map[string][]designRun

// designRuns plays every variant of the named scenario once.
func (c runCache) designRuns(name string) []designRun {
	if r, ok := c[name]; ok {
		return r
	}
	b, ok := scenarios.Lookup(name)
	if !ok {
		c[name] = nil
		return nil
	}
	sc := b.Build()
	var out []designRun
	for v := range sc.Variants {
		r, err := engine.New(sc, v, runSeed)
		if err != nil {
			continue
		}
		r.Run()
		s := r.Snapshot()
		d := designRun{name: sc.Variants[v].Name, snap: s, faults: pane.FaultSpans(sc, v)}
		var all report.Tally
		for i := range s.Endpoints {
			t := report.WindowTally(&s.Endpoints[i])
			all = all.Add(t)
			var sh [len(engine.Outcomes)]float64
			for k, o := range engine.Outcomes {
				sh[k] = t.Share(o)
			}
			d.endpoints = append(d.endpoints, s.Endpoints[i].Name)
			d.shares = append(d.shares, sh)
		}
		d.okAll = all.Share(engine.OK)
		out = append(out, d)
	}
	c[name] = out
	return out
}

// designLines write one design's shares: its name, then a line per
// endpoint with the outcomes it had.
func (m Model) designLines(d designRun, w int) []string {
	out := []string{}
	for _, l := range pane.Wrap(d.name, max(w, 1)) {
		out = append(out, m.th.Subtitle.Render(l))
	}
	for i, e := range d.endpoints {
		var parts []string
		for k, o := range engine.Outcomes {
			if sh := d.shares[i][k]; sh > 0 || o == engine.OK {
				parts = append(parts, fmt.Sprintf("%s %.1f%%", o, 100*sh))
			}
		}
		for j, l := range pane.Wrap(e+": "+strings.Join(parts, ", "), max(w-2, 1)) {
			if j > 0 {
				l = "  " + l
			}
			out = append(out, "  "+l)
		}
	}
	return out
}

// runLines are the engine's runs of the prompt's scenario for the side
// panel: the worst design alone while writing, every design at the rubric.
func (m Model) runLines(scenario string, every bool, w int) []string {
	runs := m.runs.designRuns(scenario)
	if len(runs) == 0 {
		return nil
	}
	b, _ := scenarios.Lookup(scenario)
	sc := b.Build()
	window := fmt.Sprintf("requests arriving %s–%s, seed %d", pane.Seconds(sc.MeasureFrom), pane.Seconds(sc.MeasureTo), runSeed)
	var out []string
	add := func(s string) {
		for _, l := range pane.Wrap(s, max(w, 1)) {
			out = append(out, m.th.Bold.Render(l))
		}
	}
	if !every {
		worst := worstOf(runs)
		add("What goes wrong: the engine's worst design of " + sc.Name)
		out = append(out, m.th.Dim.Render(pane.Fit(window, w)))
		return append(out, m.designLines(worst, w)...)
	}
	add(fmt.Sprintf("What the %d designs of %s do in the engine", len(runs), sc.Name))
	out = append(out, m.th.Dim.Render(pane.Fit(window, w)))
	for _, r := range runs {
		out = append(out, m.designLines(r, w)...)
	}
	return out
}

// worstOf is the design whose requests went ok least often, the first of
// those alike.
func worstOf(runs []designRun) designRun {
	worst := runs[0]
	for _, r := range runs[1:] {
		if r.okAll < worst.okAll {
			worst = r
		}
	}
	return worst
}

// worstChart draws the worst design's outcomes over the whole run in
// w×h, the fault marked on its time axis: the failure as a picture.
func (m Model) worstChart(scenario string, w, h int) []string {
	runs := m.runs.designRuns(scenario)
	if len(runs) == 0 {
		return nil
	}
	worst := worstOf(runs)
	c := chart.NewOutcomes(m.th)
	c.SetSize(w, h)
	snap := worst.snap
	c.SetData(pane.Data{Snap: &snap, Faults: worst.faults, Final: &snap})
	return strings.Split(c.View(), "\n")
}
