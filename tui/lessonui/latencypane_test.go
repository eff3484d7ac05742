package lessonui

import (
	"fmt"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/lessons"
	"github.com/breakerlab/breakerlab/tui/internal/golden"
	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	"github.com/breakerlab/breakerlab/tui/pane"
	"github.com/charmbracelet/x/ansi"
)

// revealPercentileRE finds a p50 or p99 of the step's own run in a
// reveal, the two figures the latency pane writes: {{p50 step health}}.
var revealPercentileRE = regexp.MustCompile(`\{\{\s*p(50|99) step ([A-Za-z0-9_-]+)\s*\}\}`)

// latencyRows reads the latency figures' rows: endpoint name to its p50
// and p99 as shown.
func latencyRows(view string) map[string][2]string {
	out := map[string][2]string{}
	for _, l := range strings.Split(ansi.Strip(view), "\n") {
		f := strings.Fields(strings.Trim(l, "│ "))
		// name, p50 value and unit, p99 value and unit; "-" has no unit.
		switch {
		case len(f) == 5:
			out[f[0]] = [2]string{f[1] + " " + f[2], f[3] + " " + f[4]}
		case len(f) == 3 && f[1] == "-" && f[2] == "-":
			out[f[0]] = [2]string{"-", "-"}
		}
	}
	return out
}

// At 80x24 every step whose reveal quotes its run's p50 or p99 shows the
// latency: the chart where it has room, else the figures, where "1 more
// pane needs a taller window" stood when the learner looked for lesson
// 10's 42.5 ms or lesson 11's 5.06 ms (lesson 9's "Through the
// incident", 10's, 11's and 14's "Breaker and bulkhead"). Played to its
// end, the figures write each quoted percentile as the reveal does, from
// the same snapshot: one truth for both.
func TestRevealedLatencyShownAt80x24(t *testing.T) {
	checked := 0
	for _, p := range allLessons(t) {
		for i, st := range p.Steps {
			if st.Step == nil || st.Step.Predict == nil || st.Predict == nil || !slices.Contains(st.Panes, "latency") {
				continue
			}
			quoted := revealPercentileRE.FindAllStringSubmatch(st.Step.Predict.Reveal, -1)
			if len(quoted) == 0 {
				continue
			}
			where := fmt.Sprintf("%s step %d", p.Lesson.ID, i+1)
			m := play(t, open(t, p, i, 80, 24, Options{}))
			es, ok := m.sim.(*engineSim)
			if !ok || es.final == nil {
				continue // paused before the end: the reveal quotes the end
			}
			var lp *latencyPane
			for _, pn := range es.panes {
				if l, ok := pn.(*latencyPane); ok {
					lp = l
				}
			}
			if lp == nil {
				t.Fatalf("%s: no latency pane", where)
			}
			view := lp.View()
			if !strings.Contains(m.View(), "Latency") || view == "" {
				t.Errorf("%s at 80x24 leaves the latency out, though its reveal quotes it:\n%s", where, ansi.Strip(m.View()))
				continue
			}
			rows := latencyRows(view)
			for _, q := range quoted {
				ep := endpointIn(es.final, q[2])
				if ep == nil {
					t.Fatalf("%s: the reveal quotes %s, not an endpoint of the run", where, q[2])
				}
				d, col := ep.P50, 0
				if q[1] == "99" {
					d, col = ep.P99, 1
				}
				want := lessons.LatencyText(d)
				if !strings.Contains(st.Predict.Reveal, want) {
					t.Errorf("%s: the reveal does not write %s's p%s as %s:\n%s", where, q[2], q[1], want, st.Predict.Reveal)
				}
				if lp.h >= chartRows {
					continue // the chart, drawn whole: a line, not a figure
				}
				row, shown := rows[q[2]]
				if !shown {
					t.Errorf("%s at 80x24: the latency figures leave out %s, whose p%s the reveal quotes:\n%s", where, q[2], q[1], ansi.Strip(view))
					continue
				}
				if row[col] != want {
					t.Errorf("%s at 80x24: %s's p%s shows %s, the reveal %s", where, q[2], q[1], row[col], want)
				}
				checked++
			}
		}
	}
	if checked < 5 {
		t.Errorf("only %d quoted percentiles checked", checked)
	}
}

func endpointIn(s *engine.Snapshot, name string) *engine.EndpointSnapshot {
	for i := range s.Endpoints {
		if s.Endpoints[i].Name == name {
			return &s.Endpoints[i]
		}
	}
	return nil
}

// Lesson 11's "A timeout at each hop" at 80x24, guessed and played to
// its end: the reveal's "99th percentile of 0 ms" and "5.06 ms" beside
// the latency figures, under the chain and the outcome table.
func TestTimeoutAtEachHopAt80x24Golden(t *testing.T) {
	p := allLessons(t)[10]
	i := stepTitled(t, p, "A timeout at each hop")
	m := runToStop(t, send(open(t, p, i, 80, 24, Options{}), keys("1")...))
	golden.Check(t, "latency-11-timeout-at-each-hop-80x24", ansi.Strip(m.View()))
}

// The figures wait for the guess of a prediction about the step's own
// latency, as the outcome table waits for one about its outcomes, and
// with too few rows keep the endpoint the step is about.
func TestLatencyFiguresHoldAndFocus(t *testing.T) {
	s := &engine.Snapshot{Endpoints: []engine.EndpointSnapshot{
		{Name: "home", P50: 2 * 1e6, P99: 3 * 1e6},
		{Name: "search", P50: 503800 * 1e3, P99: 1000300 * 1e3},
	}}
	for i := range s.Endpoints {
		s.Endpoints[i].Window[engine.OK] = 10
	}
	p := newLatencyPane(tuitest.Plain())
	p.SetData(pane.Data{Snap: s})
	p.SetSize(39, 3)
	if v := ansi.Strip(p.View()); !strings.Contains(v, "504 ms") || !strings.Contains(v, "1.00 s") || !strings.Contains(v, "2.00 ms") {
		t.Errorf("the figures, to three places:\n%s", v)
	}
	p.HoldFigures(true)
	if v := ansi.Strip(p.View()); strings.Contains(v, "504 ms") || !strings.Contains(v, "after your guess") {
		t.Errorf("held, the figures show:\n%s", v)
	}
	p.HoldFigures(false)
	p.SetFocus([]string{"search"})
	p.SetSize(39, 2)
	v := ansi.Strip(p.View())
	if !strings.Contains(v, "search") || strings.Contains(v, "home") || !strings.Contains(v, "1 of 2") {
		t.Errorf("in two rows, the step's endpoint and a count of those left out:\n%s", v)
	}
}

// Lesson 14's step that asks search's median latency holds the figures,
// and so do those whose claims quote one ("from the cache, almost
// instantly": a p99 of 552 µs); a step about the loop's busy share alone
// does not.
func TestPredictsLatency(t *testing.T) {
	p := allLessons(t)[13]
	asked, not := 0, 0
	for _, st := range p.Steps {
		if st.Predict == nil {
			continue
		}
		if strings.Contains(st.Predict.Prompt, "median latency") {
			asked++
			if !st.PredictsLatency() {
				t.Errorf("%q is not said to predict a latency", st.Predict.Prompt)
			}
		}
		if !st.PredictsLatency() {
			not++
		}
	}
	if asked == 0 || not == 0 {
		t.Errorf("lesson 14: %d predictions of a median latency, %d about something else; want some of each", asked, not)
	}
}
