package interviewui

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/lessons/drill"
	"github.com/breakerlab/breakerlab/tui/internal/golden"
	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	"github.com/charmbracelet/x/ansi"
)

// interviewScreens are the interview's screens for prompt p: the list of
// prompts, the answer being written six minutes in, and the rubric.
func interviewScreens(t *testing.T, w, h int, p string) [][2]string {
	t.Helper()
	picker, _, _ := model(t, w, h, "")
	m, c, _ := model(t, w, h, p)
	m = write(m, answer)
	c.t = start.Add(6*time.Minute + 12*time.Second)
	writing := m.View()
	m = tuitest.Press(m, "ctrl+d")
	return [][2]string{{"prompts", picker.View()}, {"writing", writing}, {"rubric", m.View()}}
}

// promptTexts are the texts the interview's screens show.
func promptTexts() []string {
	out := []string{answer}
	for _, p := range drill.Prompts() {
		out = append(out, p.Title, p.Text, p.Source)
		for _, pt := range p.Points {
			out = append(out, pt.Text)
		}
	}
	return out
}

// The interview's screens at 120×40 and 200×60, one file a size.
func TestInterviewAtLargerSizes(t *testing.T) {
	for _, sz := range [][2]int{{120, 40}, {200, 60}} {
		var b strings.Builder
		for _, s := range interviewScreens(t, sz[0], sz[1], "payment-checkout") {
			tuitest.CheckBlock(t, s[1], sz[0], sz[1])
			tuitest.CheckNoCuts(t, fmt.Sprintf("%s at %dx%d", s[0], sz[0], sz[1]), s[1], promptTexts()...)
			fmt.Fprintf(&b, "──── %s ────\n%s\n", s[0], ansi.Strip(s[1]))
		}
		golden.Check(t, fmt.Sprintf("screens-%dx%d", sz[0], sz[1]), b.String())
	}
}

// No line of the interview's screens, for any prompt, cuts a word or
// splits a number at 80×24.
func TestInterviewCutsNoWordAt80x24(t *testing.T) {
	for _, p := range drill.Prompts() {
		for _, s := range interviewScreens(t, 80, 24, p.ID) {
			tuitest.CheckNoCuts(t, p.ID+" "+s[0], s[1], promptTexts()...)
		}
	}
}

// A keyword that is a stem marks the whole word it begins: the rubric
// shows "*idempotency*", never "*idempotenc*y", and marks that meet merge.
func TestMarksCoverWholeWords(t *testing.T) {
	m, _, _ := model(t, 80, 60, "payment-checkout")
	m = write(m, answer)
	m = tuitest.Press(m, "ctrl+d")
	for m.prompt.Points[m.cursor].ID != "idempotency" {
		m = tuitest.Press(m, "right")
	}
	v := ansi.Strip(m.View())
	if !strings.Contains(v, "*idempotency*") || strings.Contains(v, "*y") {
		t.Errorf("the rubric should mark whole words:\n%s", v)
	}
	text := "an idempotency key, retries"
	sp := func(from, to int) drill.Span { return drill.Span{Start: from, End: to} }
	got := wholeWords(text, []drill.Span{sp(3, 8), sp(9, 13), sp(15, 18), sp(20, 25)})
	want := []drill.Span{sp(3, 14), sp(15, 18), sp(20, 27)}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("wholeWords = %v, want %v", got, want)
	}
}
