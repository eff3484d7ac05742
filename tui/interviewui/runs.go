package interviewui

import (
	"fmt"
	"strings"
	"time"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/report"
	"github.com/breakerlab/breakerlab/engine/scenarios"
	"github.com/breakerlab/breakerlab/tui/chart"
	"github.com/breakerlab/breakerlab/tui/pane"
	tea "github.com/charmbracelet/bubbletea"
)

// What a tall window adds beside the prompt: the prompt's scenario played
// by the engine. While the answer is written, only its worst design (the
// failure the prompt asks to prevent, not a design that prevents it);
// with the rubric, every design the scenario holds, to set the answer
// against. The runs are the engine's, at the scenario's own seed, each
// played once and kept.
//
// Playing them takes a fifth of a second, so View never does: after each
// message (Update) syncRuns starts them in a tea.Cmd when the side panel
// is on screen and its scenario has none kept, one scenario at a time,
// and runsMsg brings them back. Until then the panel says they run.

// runSeed is the seed the runs use: `breakerlab run`'s default.
const runSeed = 5

// designRun is one variant's outcome shares per endpoint over the
// scenario's counted window.
type designRun struct {
	name      string
	endpoints []string
	shares    [][len(engine.Outcomes)]float64
	okAll     float64 // the ok share of every endpoint's requests together
	// The run at its end, and the variant's faults, for a chart of it:
	// kept for the worst design only, the one worstChart draws (playRuns
	// drops the others').
	snap   engine.Snapshot
	faults []pane.FaultSpan
}

// scenarioRuns are a scenario's designs played, with what the panel says
// of the scenario itself: its name and the span its counts cover.
type scenarioRuns struct {
	name     string
	from, to time.Duration
	designs  []designRun
	// chart is the worst design's chart as last drawn (worstChart), with
	// the size it was drawn at: the runs never change, so a frame at the
	// same size draws the same lines, and ntcharts' canvas (a cell
	// struct per cell) is built again only when the size changes.
	chart drawnChart
}

// drawnChart is a chart's lines and the size they were drawn at.
type drawnChart struct {
	w, h  int
	lines []string
}

// runCache keeps each scenario's runs by name. It is written in Update
// only (a runsMsg); the runs of a name never change (one seed), so the
// model's copies share it. View adds to a scenario's runs only its chart,
// drawn from them (scenarioRuns.chart).
type runCache map[string]*scenarioRuns

// runsMsg brings back the runs of the scenario called name.
type runsMsg struct {
	name string
	runs *scenarioRuns
}

// panelScenario is the scenario of the prompt the side panel shows: the
// one under the cursor while choosing.
func (m Model) panelScenario() string {
	if m.phase == picking {
		if len(m.prompts) == 0 {
			return ""
		}
		return m.prompts[m.pick].Scenario
	}
	return m.prompt.Scenario
}

// syncRuns starts, in a command, the runs of the side panel's scenario
// when the panel is on screen, none are kept for it and none are in
// flight.
func (m Model) syncRuns() (Model, tea.Cmd) {
	name := m.panelScenario()
	if side, _ := m.sidePlace(); side == 0 || m.inSandbox || name == "" || m.runsPending != "" {
		return m, nil
	}
	if _, ok := m.runs[name]; ok {
		return m, nil
	}
	m.runsPending = name
	return m, func() tea.Msg { return playRuns(name) }
}

// gotRuns keeps the runs that came back and starts those of the scenario
// now on screen, if it is another.
func (m Model) gotRuns(msg runsMsg) (Model, tea.Cmd) {
	m.runs[msg.name] = msg.runs
	if m.runsPending == msg.name {
		m.runsPending = ""
	}
	return m.syncRuns()
}

// playRuns plays every variant of the named scenario; it is called in a
// command. An unknown name has no runs (nil).
func playRuns(name string) runsMsg {
	b, ok := scenarios.Lookup(name)
	if !ok {
		return runsMsg{name: name}
	}
	sc := b.Build()
	out := &scenarioRuns{name: sc.Name, from: sc.MeasureFrom, to: sc.MeasureTo}
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
		out.designs = append(out.designs, d)
	}
	// A snapshot holds the run's every series (a third of a megabyte for
	// each of api-gateway's designs) and a session keeps the runs of every
	// scenario it showed: only the worst design's is ever charted.
	if len(out.designs) > 0 {
		worst := worstIndex(out.designs)
		for i := range out.designs {
			if i != worst {
				out.designs[i].snap, out.designs[i].faults = engine.Snapshot{}, nil
			}
		}
	}
	return runsMsg{name: name, runs: out}
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
				parts = append(parts, fmt.Sprintf("%s %s", o, report.Percent1(sh)))
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
// panel: the worst design alone while writing, every design at the rubric;
// a line saying they run until they are back.
func (m Model) runLines(scenario string, every bool, w int) []string {
	sr, ok := m.runs[scenario]
	if !ok {
		return []string{m.th.Dim.Render(pane.Fit("the engine is playing "+scenario+"'s designs…", w))}
	}
	if sr == nil || len(sr.designs) == 0 {
		return nil
	}
	runs := sr.designs
	window := fmt.Sprintf("requests arriving %s–%s, seed %d", pane.Seconds(sr.from), pane.Seconds(sr.to), runSeed)
	var out []string
	add := func(s string) {
		for _, l := range pane.Wrap(s, max(w, 1)) {
			out = append(out, m.th.Bold.Render(l))
		}
	}
	if !every {
		worst := worstOf(runs)
		add("What goes wrong: the engine's worst design of " + sr.name)
		out = append(out, m.th.Dim.Render(pane.Fit(window, w)))
		return append(out, m.designLines(worst, w)...)
	}
	add(fmt.Sprintf("What the %d designs of %s do in the engine", len(runs), sr.name))
	out = append(out, m.th.Dim.Render(pane.Fit(window, w)))
	for _, r := range runs {
		out = append(out, m.designLines(r, w)...)
	}
	return out
}

// worstOf is the design whose requests went ok least often, the first of
// those alike.
func worstOf(runs []designRun) designRun {
	return runs[worstIndex(runs)]
}

// worstIndex is the index of worstOf's design.
func worstIndex(runs []designRun) int {
	worst := 0
	for i, r := range runs {
		if r.okAll < runs[worst].okAll {
			worst = i
		}
	}
	return worst
}

// worstChart draws the worst design's outcomes over the whole run in
// w×h, the fault marked on its time axis: the failure as a picture. The
// lines are kept with the runs and drawn again only at another size.
func (m Model) worstChart(scenario string, w, h int) []string {
	sr := m.runs[scenario]
	if sr == nil || len(sr.designs) == 0 {
		return nil // not back yet, or none
	}
	if c := sr.chart; c.lines != nil && c.w == w && c.h == h {
		return c.lines[:len(c.lines):len(c.lines)] // an append copies
	}
	worst := worstOf(sr.designs)
	c := chart.NewOutcomes(m.th)
	c.SetSize(w, h)
	snap := worst.snap
	c.SetData(pane.Data{Snap: &snap, Faults: worst.faults, Final: &snap})
	lines := strings.Split(c.View(), "\n")
	sr.chart = drawnChart{w: w, h: h, lines: lines}
	return lines[:len(lines):len(lines)]
}
