package lessonui

import (
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/lessons"
	"github.com/breakerlab/breakerlab/tui/chart"
	"github.com/breakerlab/breakerlab/tui/theme"
	"github.com/charmbracelet/x/ansi"
)

// flatPane is a pane's view with the frame and the layout taken out.
func flatPane(v string) string {
	return strings.Join(strings.Fields(strings.NewReplacer("│", " ", "╭", " ", "╮", " ", "╰", " ", "╯", " ", "─", " ").Replace(ansi.Strip(v))), " ")
}

var numberRE = regexp.MustCompile(`\d[\d,.]*`)

// At 80×24, as at 200×60, the tasks pane of every step that shows one
// draws each figure it shows whole where the play stops: each number of
// the figure is on screen (lesson 14's first step cut its pool line at
// "5 in use, of 100 (most", losing the 100 the reveal quotes), and shows
// at least four of them.
func TestTasksPaneKeepsEveryNumberAt80x24(t *testing.T) {
	t.Parallel() // parallel_test.go says which tests may
	checked := 0
	for _, p := range allLessons(t) {
		for i, st := range p.Steps {
			if !st.HasSim() || !strings.Contains(strings.Join(st.Panes, " "), "tasks") {
				continue
			}
			// At 200×60, TestEveryStepHasNoEmptyAreaAt200x60 checks the
			// same on the one-frame play it makes of every step.
			m := play(t, open(t, p, i, 80, 24, inOneFrame(Options{})))
			checked += checkTasksPaneNumbers(t, p, i, m, 80, 24)
		}
	}
	if checked < tasksStepsLeast {
		t.Errorf("only %d tasks panes checked", checked)
	}
}

// tasksStepsLeast is the fewest tasks panes the lessons' steps show, at
// each size checked.
const tasksStepsLeast = 5

// checkTasksPaneNumbers checks the tasks pane of m, step i of p played
// at w×h to where it stops: each figure shown has every number of its
// words, at least three figures show, and those left out are counted. It
// returns how many tasks panes it checked.
func checkTasksPaneNumbers(t *testing.T, p *lessons.Prepared, i int, m Model, w, h int) int {
	t.Helper()
	st := p.Steps[i]
	if !st.HasSim() || !strings.Contains(strings.Join(st.Panes, " "), "tasks") {
		return 0
	}
	checked := 0
	es := m.sim.(*engineSim)
	for _, pn := range es.panes {
		tp, ok := pn.(*tasksPane)
		if !ok {
			continue
		}
		v := flatPane(tp.View())
		shown := 0
		figs, kinds := tasksFigures(&es.snap)
		for j, f := range figs {
			if tp.held&kinds[j] != 0 {
				shown++ // held for a later step's prediction (TestLaterPredictionHoldsItsFigure)
				continue
			}
			// The label and what it names stay on one line.
			head := strings.Fields(f[1])[0]
			if head == "pool" || head == "permits" {
				head += " " + strings.Fields(f[1])[1]
			}
			if !strings.Contains(v, head) {
				continue // left out whole: no room
			}
			shown++
			for _, n := range numberRE.FindAllString(f[1], -1) {
				if n = strings.TrimRight(n, ".,"); !strings.Contains(v, n) {
					t.Errorf("%s step %d at %dx%d: the tasks pane lacks %s of %q:\n%s", p.Lesson.ID, i+1, w, h, n, f[1], tp.View())
				}
			}
		}
		// The loop, the tasks and the memory at least, and the
		// figures left out are counted.
		all := len(figs)
		if want := min(all, 3); shown < want {
			t.Errorf("%s step %d at %dx%d: the tasks pane shows %d figures, want %d:\n%s", p.Lesson.ID, i+1, w, h, shown, want, tp.View())
		}
		if more := fmt.Sprintf("+ %d more", all-shown); shown < all && !strings.Contains(v, more) {
			t.Errorf("%s step %d at %dx%d: the tasks pane leaves %d figures out without a word:\n%s", p.Lesson.ID, i+1, w, h, all-shown, tp.View())
		}
		checked++
	}
	return checked
}

// Lesson 9's "Through the incident" says to watch the transitions pane,
// and its reveal tells the whole story (opened, probed, opened again,
// closed): at 80×24 the pane shows every transition of the run, not the
// last one alone.
func TestThroughTheIncidentShowsEveryTransitionAt80x24(t *testing.T) {
	p := allLessons(t)[8]
	i := stepTitled(t, p, "Through the incident")
	m := play(t, open(t, p, i, 80, 24, Options{}))
	es := m.sim.(*engineSim)
	n := len(es.snap.Transitions)
	if n < 5 {
		t.Fatalf("the run has %d transitions, want the 5 the reveal describes", n)
	}
	var view string
	for _, pn := range es.panes {
		if tp, ok := pn.(*transitionsPane); ok {
			view = tp.View()
		}
	}
	if strings.Contains(view, "last ") {
		t.Errorf("at 80x24 the transitions pane leaves some of the %d transitions out:\n%s", n, view)
	}
	for _, tr := range es.snap.Transitions {
		if w := fmt.Sprintf("%s → %s", tr.From, tr.To); !strings.Contains(ansi.Strip(view), w) {
			t.Errorf("at 80x24 the transitions pane lacks %q:\n%s", w, view)
		}
	}
}

// Entries that do not all fit whole keep a line each, so more transitions
// show; the newest take their reasons back while rows are left, and a row
// still left starts the next one's reason, marked as cut.
func TestFitEntries(t *testing.T) {
	e := [][]string{{"a", "a'"}, {"b", "b'"}, {"c", "c'", "c''"}, {"d", "d'"}}
	for _, c := range []struct {
		room  int
		want  string
		shown int
	}{
		{0, "a a' b b' c c' c'' d d'", 4},
		{9, "a a' b b' c c' c'' d d'", 4},
		{8, "a b b' c c' c'' d d'", 4},
		{7, "a b c c' c'' d d'", 4},
		{6, "a b c c' … d d'", 4},
		{5, "a b c d d'", 4},
		{4, "a b c d", 4},
		{2, "c d", 2},
		{1, "d", 1},
	} {
		body, shown := fitEntries(e, c.room, 20)
		if got := strings.Join(body, " "); got != c.want || shown != c.shown || (c.room > 0 && len(body) > c.room) {
			t.Errorf("room %d: %q (%d shown), want %q (%d)", c.room, got, shown, c.want, c.shown)
		}
	}
}

// Lesson 9's "What relieved the provider?" is about the provider's calls
// in flight: at 80×24 the chart has the rows to show the peak against the
// bulkhead's cap, not two rows on a scale to 50.
func TestWhatRelievedTheProviderDrawsItsChartAt80x24(t *testing.T) {
	p := allLessons(t)[8]
	i := stepTitled(t, p, "What relieved the provider?")
	m := play(t, open(t, p, i, 80, 24, Options{}))
	for _, pn := range m.sim.(*engineSim).panes {
		if f, ok := pn.(*flexPane[*chart.InFlight]); ok {
			if h := strings.Count(f.View(), "\n") + 1; h < 10 {
				t.Errorf("at 80x24 the chart of calls in flight is %d rows:\n%s", h, f.View())
			}
			return
		}
	}
	t.Fatal("the step shows no chart of calls in flight")
}

// A reason cut short ends at a word, with its styles kept whole.
func TestMarkCut(t *testing.T) {
	for _, c := range []struct {
		in    string
		inner int
		want  string
	}{
		{"the open wait ran out", 30, "the open wait ran out …"},
		{"the open wait ran out", 21, "the open wait ran …"},
		{"         5 of the last 10 calls", 30, "         5 of the last 10 …"},
	} {
		if got := markCut(c.in, c.inner); got != c.want || ansi.StringWidth(got) > c.inner {
			t.Errorf("markCut(%q, %d) = %q, want %q", c.in, c.inner, got, c.want)
		}
	}
	styled := theme.New(nil).Dim.Render("the open wait ran out")
	if got := markCut(styled, 21); ansi.Strip(got) != "the open wait ran …" {
		t.Errorf("a styled line: %q", ansi.Strip(got))
	}
}
