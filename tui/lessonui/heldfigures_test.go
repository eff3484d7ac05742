package lessonui

import (
	"regexp"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/lessons"
	"github.com/breakerlab/breakerlab/tui/pane"
)

// loopFigureRE is the tasks pane's loop line with its numbers.
var loopFigureRE = regexp.MustCompile(`loop +busy \d`)

// tasksView is the step's tasks pane, flattened, or "" without one.
func tasksView(m Model) string {
	if tp, ok := stepPane[*tasksPane](m); ok {
		return flatPane(tp.View())
	}
	return ""
}

// Lesson 14's first step ended on "loop busy 5.0%", and its second step
// asks what share of its time the loop is busy, on the same run: until
// that guess, the first step's tasks pane keeps the loop's figures back,
// and once it is made, revisiting the first step shows them.
func TestLaterPredictionHoldsItsFigure(t *testing.T) {
	var p *lessons.Prepared
	for _, l := range allLessons(t) {
		if strings.HasPrefix(l.Lesson.ID, "14") {
			p = l
		}
	}
	if p == nil {
		t.Fatal("no lesson 14")
	}
	if metric, own, _, _, ok := p.Steps[1].PredictedMetric(); !ok || !own || metricFigures[metric] != figLoop {
		t.Fatalf("lesson 14 step 2 predicts %q (own run %v): the test expects the loop's busy share", metric, own)
	}
	m := play(t, open(t, p, 0, 80, 24, Options{}))
	// Step 1's own guess is made: the words say which question the
	// figure waits for ("your guess" read as the one just made).
	if v := tasksView(m); loopFigureRE.MatchString(v) || !strings.Contains(v, "shown after step 2's question") {
		t.Fatalf("step 1's end shows the loop's figures that step 2 asks for, or does not say it waits for step 2's question:\n%s", v)
	}
	// Step 2 waits for its guess: still held.
	m = send(m, keys("n")...)
	if !m.waiting() {
		t.Fatal("step 2 does not wait for a prediction")
	}
	if v := tasksView(m); loopFigureRE.MatchString(v) {
		t.Fatalf("step 2 shows the loop's busy share before its guess:\n%s", v)
	}
	m = send(m, keys("5\n")...)
	for i := 0; m.Playing(); i++ {
		if i > 100_000 {
			t.Fatal("the simulation never stopped")
		}
		m = send(m, tickMsg{m.tickID})
	}
	if v := tasksView(m); !loopFigureRE.MatchString(v) {
		t.Fatalf("step 2's end, after the guess, lacks the loop's busy share:\n%s", v)
	}
	m = send(m, keys("p")...)
	m = play(t, m)
	if v := tasksView(m); !loopFigureRE.MatchString(v) {
		t.Fatalf("step 1 revisited after step 2's guess still holds the loop's figures:\n%s", v)
	}
}

// Every tasks-pane figure a lesson's prediction may ask for is one the
// pane can hold back, and every metric named there is a metric.
func TestEveryHeldFigureIsAMetric(t *testing.T) {
	known := map[string]bool{}
	for _, name := range lessons.MetricNames() {
		known[name] = true
	}
	for metric := range metricFigures {
		if !known[metric] {
			t.Errorf("%s is no metric of lessons", metric)
		}
	}
	asked := 0
	for _, p := range allLessons(t) {
		for i := range p.Steps {
			metric, _, _, _, ok := p.Steps[i].PredictedMetric()
			if ok && tasksMetric(metric) {
				asked++
				if metricFigures[metric] == 0 {
					t.Errorf("lesson %s step %d predicts %s, a tasks pane figure the pane does not hold back", p.Lesson.ID, i+1, metric)
				}
			}
		}
	}
	if asked == 0 {
		t.Error("no lesson predicts a tasks pane figure: the test checks nothing")
	}
}

// tasksMetric says whether a metric reads a tasks server's loop, tasks,
// memory, pools or permits: what the tasks pane shows.
func tasksMetric(metric string) bool {
	if metric == "pool-wait-mean" || metric == "oom-killed" {
		return false // in no line of the pane
	}
	for _, prefix := range []string{"loop-", "tasks-", "memory-", "oom-", "pool-", "permits-"} {
		if strings.HasPrefix(metric, prefix) {
			return true
		}
	}
	return false
}

// Lesson 14's "The acquisition timeout" tells of a queue for search-api's
// permits of over a thousand calls and ends on a permits line that read
// "0 waiting": the line gives the most waiting at once beside the
// moment's, the engine's figure, as a pool's line does.
func TestPermitsLineShowsTheMostWaiting(t *testing.T) {
	p := lessonID(t, "14-no-thread-pool")
	const step = 4
	if !strings.Contains(p.Steps[step].Title, "acquisition timeout") {
		t.Fatalf("lesson 14's step %d is %q", step+1, p.Steps[step].Title)
	}
	// At 80x24 the pane has room for the pool, not the permits: it says
	// "a taller window shows them".
	for _, size := range [][2]int{{100, 30}, {200, 60}} {
		m := play(t, open(t, p, step, size[0], size[1], inOneFrame(Options{})))
		es := m.sim.(*engineSim)
		s := es.snap
		found := false
		for i := range s.Dependencies {
			d := &s.Dependencies[i]
			if d.Name != "search-api" {
				continue
			}
			found = true
			want := "waiting (most " + pane.Count(d.BulkheadWaitingMax) + ")"
			if d.BulkheadWaitingMax < 1000 {
				t.Fatalf("search-api's most waiting for a permit is %d; the test expects the reveal's queue of over a thousand", d.BulkheadWaitingMax)
			}
			if v := tasksView(m); !strings.Contains(v, want) {
				t.Errorf("at %dx%d the tasks pane lacks %q at %v:\n%s", size[0], size[1], want, m.Now(), v)
			}
		}
		if !found {
			t.Fatal("no search-api in the step's run")
		}
	}
}
