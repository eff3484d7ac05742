package lessonui

import (
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/breakerlab/breakerlab/lessons"
	"github.com/breakerlab/breakerlab/tui/chart"
	"github.com/charmbracelet/x/ansi"
)

// A step that shows the outcomes timeline says under its keys what a
// cell shows, with the chart's own threshold (chart.NotablePercent): the
// legend's "cell: worst outcome ≥10%" was explained nowhere. A step
// without the timeline does not explain it.
func TestHelpSaysWhatAnOutcomesCellShowsWhereTheStepHasTheTimeline(t *testing.T) {
	racefree.Only(t) // no goroutine: the model driven by hand
	p := allLessons(t)[0]
	with := slices.IndexFunc(p.Steps, func(s lessons.PreparedStep) bool { return slices.Contains(s.Panes, "chart") })
	without := slices.IndexFunc(p.Steps, func(s lessons.PreparedStep) bool {
		return len(s.Panes) > 0 && !slices.Contains(s.Panes, "chart")
	})
	if with < 0 || without < 0 {
		t.Fatalf("lesson %q no longer has a step with the timeline and one without (%d, %d): pick another", p.Lesson.Title, with, without)
	}
	rule := regexp.MustCompile(`an outcome of at least (\d+)% of a column's decided requests always gets a cell, the worst first: so a band one row high shows in each cell the worst outcome that reached (\d+)% of its column`)
	helpText := func(step int) string {
		// A window tall enough for the whole help on one page.
		m := open(t, p, step, 100, 120, Options{Embedded: true})
		m = send(m, keys("?")...)
		v := ansi.Strip(m.View())
		if strings.Contains(v, "↓ more") {
			t.Fatalf("step %d's help does not fit 120 rows:\n%s", step+1, v)
		}
		return strings.Join(strings.Fields(strings.ReplaceAll(v, "│", " ")), " ")
	}
	help := helpText(with)
	got := rule.FindStringSubmatch(help)
	if got == nil {
		t.Fatalf("step %d shows the timeline, and its help does not say what a cell shows:\n%s", with+1, help)
	}
	for _, n := range got[1:] {
		if n != strconv.Itoa(chart.NotablePercent) {
			t.Errorf("the help says %s%%, the chart draws an outcome of %d%% or more: %q", n, chart.NotablePercent, got[0])
		}
	}
	if help := helpText(without); strings.Contains(help, "worst outcome that reached") {
		t.Errorf("step %d has no timeline, and its help explains its cells:\n%s", without+1, help)
	}
}
