package interviewui

import (
	"fmt"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	"github.com/breakerlab/breakerlab/tui/pane"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
)

// The whole rubric's text, the point's column and the answer beside it
// are wrapped in Update, once per width (rubricWrap, answerWrap), not in
// every frame. A resize must wrap them again, a grade must show, and a
// move of the cursor must mark the new point's words in the answer: after
// each, the screen is the one drawn from them wrapped afresh, and Update,
// not View, did the wrapping.
func TestRubricWrapFollowsSizeAndGrades(t *testing.T) {
	// In colour: a grade changes the style of the point's text, and only
	// its style.
	m, err := New(Options{Theme: tuitest.Color(), Prompt: "payment-checkout", Now: (&clockAt{start}).now})
	if err != nil {
		t.Fatal(err)
	}
	m = write(settle(tuitest.Send(m, tea.WindowSizeMsg{Width: 200, Height: 60})), answer)
	m = tuitest.Press(m, "ctrl+d")
	if !m.Grading() {
		t.Fatal("the answer was not handed in")
	}
	check := func(step string) {
		t.Helper()
		w, _ := m.layout()
		if !m.rubric.fits(m, w) {
			t.Errorf("%s: the rubric is wrapped for %d columns, not the main column's %d: View wraps it in every frame", step, m.rubric.w, w)
		}
		if _, rw, _ := answerWidth(w); !m.answerWrap.ok || m.answerWrap.i != m.cursor || m.answerWrap.w != rw {
			t.Errorf("%s: the answer is wrapped for point %d at %d columns, not the cursor's %d at %d", step, m.answerWrap.i+1, m.answerWrap.w, m.cursor+1, rw)
		}
		fresh := m
		fresh.rubric, fresh.answerWrap = rubricWrap{}, answerWrap{}
		got, want := m.View(), fresh.View()
		if got != want {
			t.Errorf("%s: the screen drawn from the kept wrapping differs from the rubric wrapped afresh:\n%q\nwant:\n%q", step, got, want)
		}
		got = ansi.Strip(got)
		if !strings.Contains(got, "The whole rubric") {
			t.Errorf("%s: the whole rubric is not on screen, nothing is tested:\n%s", step, got)
		}
	}
	check("at 200×60")
	// The main column is 100 columns wide at 200, 87 at 130, and the whole
	// width below 120.
	for _, size := range [][2]int{{130, 60}, {90, 60}, {200, 60}} {
		m = tuitest.Send(m, tea.WindowSizeMsg{Width: size[0], Height: size[1]})
		check(fmt.Sprintf("resized to %d×%d", size[0], size[1]))
	}
	// Point 1's line in the whole rubric: in the style of a point not
	// said, then, once marked, of one said.
	styled := func(step string, said bool) {
		t.Helper()
		w, _ := m.layout()
		first := pane.Wrap(m.prompt.Points[0].Text, w-11)[0]
		want, not := m.th.Subtitle.Render(first), m.th.Text.Render(first)
		if said {
			want, not = not, want
		}
		for _, l := range strings.Split(m.View(), "\n") {
			if strings.Contains(ansi.Strip(l), "  1. "+first) {
				if !strings.Contains(l, want) || (not != first && strings.Contains(l, not)) {
					t.Errorf("%s: point 1 in the whole rubric is not styled as a point said=%v: %q", step, said, l)
				}
				return
			}
		}
		t.Errorf("%s: point 1 is not in the whole rubric", step)
	}
	styled("point 1 not marked", false)
	m = tuitest.Press(m, "space")
	check("point 1 marked said")
	styled("point 1 marked said", true)
	if v := ansi.Strip(m.View()); !strings.Contains(v, "[x]   1. ") && !strings.Contains(v, "[x]✱  1. ") {
		t.Errorf("point 1 was marked said, and the whole rubric does not show it:\n%s", v)
	}
	m = tuitest.Press(m, "n")
	check("point 1 marked not said, on to point 2")
	m = tuitest.Press(m, "right")
	check("on to point 3")
	m = tuitest.Send(m, tea.WindowSizeMsg{Width: 50, Height: 60})
	check("stacked at 50×60")
}

// Moving to a point scrolls a long answer to the first place the point's
// words are marked (point, firstHintLine), reading the answer as marked
// for the new point, not the answer kept wrapped for the one before.
func TestMoveScrollsToTheNewPointsWords(t *testing.T) {
	m, _, _ := model(t, 80, 24, "payment-checkout")
	var long strings.Builder
	for k := range 30 {
		fmt.Fprintf(&long, "Line %d of what came first.\n", k+1)
	}
	m = write(m, long.String()+answer)
	m = tuitest.Press(m, "ctrl+d")
	if !m.Grading() || m.prompt.Points[3].ID != "bulkhead" {
		t.Fatal("not grading payment-checkout, its fourth point the bulkhead")
	}
	m = tuitest.Press(m, "right", "right") // point 3, whose words are not in the answer
	m = tuitest.Press(m, "right")          // point 4: the bulkhead
	if v := ansi.Strip(m.View()); !strings.Contains(v, "*bulkhead*") {
		t.Errorf("on the bulkhead's point, the answer is not scrolled to where it says bulkhead:\n%s", v)
	}
}
