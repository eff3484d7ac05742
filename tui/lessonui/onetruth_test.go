package lessonui

import (
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/report"
	"github.com/breakerlab/breakerlab/engine/scenarios"
	"github.com/breakerlab/breakerlab/tui/pane"
	"github.com/charmbracelet/x/ansi"
)

// tableRows reads the outcome table's rows: for each endpoint, the cells
// after its name.
func tableRows(t *testing.T, view string, n int) [][]string {
	t.Helper()
	rows, _ := tableRowsCounts(t, view, n)
	return rows
}

// tableRowsCounts is tableRows and, where the table has its arrived
// column, each row's count there (nil without it).
func tableRowsCounts(t *testing.T, view string, n int) (rows [][]string, counts []string) {
	t.Helper()
	lines := strings.Split(ansi.Strip(view), "\n")
	if len(lines) < 2+n {
		t.Fatalf("the table has %d lines, want %d rows:\n%s", len(lines), n, view)
	}
	counted := strings.HasSuffix(strings.TrimSpace(strings.Trim(lines[1], "│ ")), arrivedHead)
	for _, l := range lines[2 : 2+n] {
		f := strings.Fields(strings.Trim(l, "│"))
		if counted {
			counts = append(counts, f[len(f)-1])
			f = f[:len(f)-1]
		}
		rows = append(rows, f[1:])
	}
	return rows, counts
}

// checkTable fails unless the table shows, for each endpoint of s, the
// report's shares of its tally (of the window once it has begun), in the
// table's columns, to the precision the cell has room for.
func checkTable(t *testing.T, where string, p *endpointsPane, s *engine.Snapshot, final bool) {
	t.Helper()
	tl := tallyOf(s)
	cols := tl.columns(final)
	rows, counts := tableRowsCounts(t, p.View(), len(s.Endpoints))
	for i, row := range rows {
		if len(row) != len(cols) {
			t.Errorf("%s: %s has cells %q, want %d", where, s.Endpoints[i].Name, row, len(cols))
			continue
		}
		want := report.RunTally(&s.Endpoints[i])
		if pane.WindowBegun(s, s.Now) {
			want = report.WindowTally(&s.Endpoints[i])
		}
		if counts != nil && counts[i] != pane.Count(want.Arrived) {
			t.Errorf("%s: %s's arrived column shows %s, the engine's tally %s", where, s.Endpoints[i].Name, counts[i], pane.Count(want.Arrived))
		}
		for j, c := range cols {
			share := c.share(want)
			if want.Arrived == 0 {
				if row[j] != "-" {
					t.Errorf("%s: %s has no requests yet and shows %s", where, s.Endpoints[i].Name, row[j])
				}
				continue
			}
			if got := row[j]; got != shareText(share, true) && got != shareText(share, false) {
				t.Errorf("%s: %s %v shows %s, the engine's tally is %s", where, s.Endpoints[i].Name, c, got, shareText(share, true))
			}
		}
	}
}

// For every lesson step that runs the engine, played to where it pauses:
// the snapshot the panes draw is the one a fresh run of the step's
// scenario, design and seed reaches at that moment; at the end of the
// traffic the outcome table counts the run played out through its drain,
// which is the very run `breakerlab run` reports; and the table's cells are
// engine/report's shares of it.
func TestEveryStepShowsTheEnginesNumbers(t *testing.T) {
	t.Parallel() // parallel_test.go says which tests may
	checked := 0
	for _, p := range allLessons(t) {
		for i := range p.Steps {
			st := &p.Steps[i]
			if st.Scenario == nil {
				continue
			}
			m := play(t, answeredLater(open(t, p, i, 160, 48, inOneFrame(Options{}))))
			es := m.sim.(*engineSim)
			where := p.Lesson.ID + " step " + string(rune('1'+i))
			now := m.Now()
			r, err := engine.New(st.Scenario, es.variant, st.Sim.Seed)
			if err != nil {
				t.Fatal(err)
			}
			r.AdvanceTo(now)
			want := r.Snapshot()
			if !reflect.DeepEqual(es.snap, want) {
				t.Errorf("%s at %v: the panes draw another snapshot than the engine's", where, now)
			}
			settled := &want
			if m.heldNext() != "" {
				// A pause held at a breaker's event, before the rest of its
				// instant (holdEvent): the panes count the run just before
				// it, as the breaker pane shows it.
				b, _ := engine.New(st.Scenario, es.variant, st.Sim.Seed)
				b.AdvanceTo(now - 1)
				before := b.Snapshot()
				before.Now = now
				settled = &before
			}
			if now >= st.Scenario.Duration {
				runs, err := engine.RunAll(st.Scenario, st.Sim.Seed)
				if err != nil {
					t.Fatal(err)
				}
				if es.final == nil || !reflect.DeepEqual(*es.final, runs[es.variant]) {
					t.Errorf("%s: at the end the table must count the finished run, as `run` does", where)
				}
				settled = &runs[es.variant]
			} else if es.final != nil {
				t.Errorf("%s at %v: a final count before the end", where, now)
			}
			for _, pn := range es.panes {
				if ep, ok := pn.(*endpointsPane); ok {
					checkTable(t, where, ep, settled, es.final != nil)
					checked++
				}
			}
		}
	}
	if checked < 20 {
		t.Errorf("only %d outcome tables checked", checked)
	}
}

// answeredLater is m as a learner sees it who has made the predictions
// of the steps after m's: no later question holds back what the step's
// panes count (TestNoEarlierStepAnswersALaterPrediction checks that one
// does until then).
func answeredLater(m Model) Model {
	for j := m.step + 1; j < len(m.predicts); j++ {
		m.predicts[j].made = true
	}
	m.layout()
	return m
}

// endpointsOf finds the step's outcome table.
func endpointsOf(t *testing.T, m Model) *endpointsPane {
	t.Helper()
	for _, pn := range m.sim.(*engineSim).panes {
		if ep, ok := pn.(*endpointsPane); ok {
			return ep
		}
	}
	t.Fatal("the step has no outcome table")
	return nil
}

// Lesson 1's "who pays for it" at 12 s: recommendations' decided requests
// are all rejected, but nearly all of the window's requests are still
// waiting on the hung dependency, and the table says so instead of "100 %
// rejected". At the end it reads what `breakerlab run cascade` prints.
func TestLessonOneTableCountsAsRunDoes(t *testing.T) {
	p := allLessons(t)[0]
	step := -1
	for i, st := range p.Steps {
		if st.Title == "Who pays for it" {
			step = i
		}
	}
	if step < 0 {
		t.Fatal("lesson 1 has no step \"Who pays for it\"")
	}
	for _, size := range [][2]int{{80, 24}, {160, 48}} {
		m := open(t, p, step, size[0], size[1], Options{})
		if m.Now() != 12*time.Second {
			t.Fatalf("the step opens at %v, want 12 s", m.Now())
		}
		// The table keeps its counts back until the guess (holdOutcomes);
		// guessed, it counts the moment before the first frame moves on.
		m = send(m, keys("1")...)
		m = send(m, keys(" ")...) // paused, for play below
		if m.waiting() || m.Playing() || m.Now() != 12*time.Second {
			t.Fatalf("a guess should be taken at 12 s, at %v", m.Now())
		}
		ep := endpointsOf(t, m)
		rows := tableRows(t, ep.View(), 3)
		recs := rows[2] // ok, reject, failed, wait
		if len(recs) != 4 || recs[1] == "100.0%" || recs[1] == "100%" || !strings.HasPrefix(recs[3], "9") {
			t.Errorf("%dx%d at 12 s, recommendations: %q; want most of them waiting", size[0], size[1], recs)
		}
		if v := ansi.Strip(ep.View()); !strings.Contains(v, "waiting") && !strings.Contains(v, "wait") {
			t.Errorf("the table must name the waiting column:\n%s", v)
		}

		m = play(t, m)
		ep = endpointsOf(t, m)
		rows = tableRows(t, ep.View(), 3)
		// `breakerlab run cascade` (seed 5): search 39.0 % ok, profile
		// 38.1 % ok, recommendations 60.4 % rejected and 39.6 % failed.
		want := [][]string{{"39.0%", "61.0%", "0.0%"}, {"38.1%", "61.9%", "0.0%"}, {"0.0%", "60.4%", "39.6%"}}
		if size[0] < 100 {
			want = [][]string{{"39%", "61%", "0%"}, {"38%", "62%", "0%"}, {"0%", "60%", "40%"}}
			if rows[0][0] == "39.0%" {
				want = [][]string{{"39.0%", "61.0%", "0.0%"}, {"38.1%", "61.9%", "0.0%"}, {"0.0%", "60.4%", "39.6%"}}
			}
		}
		if !reflect.DeepEqual(rows, want) {
			t.Errorf("%dx%d at the end: %q, want %q (run's table)", size[0], size[1], rows, want)
		}
		if v := ansi.Strip(ep.View()); !strings.Contains(v, "final") {
			t.Errorf("the final table must say it is final:\n%s", v)
		}
	}
}

// The fallback column is there for a design whose fallback answers the
// client, and not for a fail-fast 503, which the engine counts as rejected.
func TestFallbackColumnOnlyWhereAFallbackAnswers(t *testing.T) {
	for _, c := range []struct {
		scenario string
		variant  int
		want     bool
	}{{"cascade", 0, false}, {"cascade", 2, true}, {"checkout", 3, false}} {
		b, ok := scenarios.Lookup(c.scenario)
		if !ok {
			t.Fatal(c.scenario)
		}
		r, err := engine.New(b.Build(), c.variant, 5)
		if err != nil {
			t.Fatal(err)
		}
		r.AdvanceTo(time.Second)
		s := r.Snapshot()
		tl := tallyOf(&s)
		if got := tl.columns(false)[1].outcome == engine.Fallback && !tl.columns(false)[1].waiting; got != c.want {
			t.Errorf("%s/%d: fallback column %v, want %v", c.scenario, c.variant, got, c.want)
		}
	}
}
