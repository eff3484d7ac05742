package lessonui

import (
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/scenarios"
	"github.com/breakerlab/breakerlab/tui/pane"
	"github.com/breakerlab/breakerlab/tui/theme"
	"github.com/charmbracelet/x/ansi"
)

// The tasks pane shows each limit a tasks server's run has, with the
// figures the snapshot holds: the pool full and its queue in the
// uncontained async service, the semaphores where there are some, the
// kills of the Go server without a timeout, and no memory line where the
// scenario models none.
func TestTasksPaneShowsTheRunsLimits(t *testing.T) {
	final := func(sc *engine.Scenario, v int) *engine.Snapshot {
		t.Helper()
		snaps, err := engine.RunAll(sc, 5)
		if err != nil {
			t.Fatal(err)
		}
		return &snaps[v]
	}
	for _, c := range []struct {
		name      string
		snap      *engine.Snapshot
		has, lack []string
	}{
		{"async-cascade/0", final(scenarios.AsyncCascade(), 0),
			[]string{"loop busy 5.0%", "most 7,096", "of 2,048", "pool aiohttp", "(most 100)", "(most 6,996)"}, []string{"permits", "killed"}},
		{"async-cascade/1", final(scenarios.AsyncCascade(), 1),
			[]string{"permits search-api", "of 10 held (most 10)", "3,154 refused"}, []string{"killed"}},
		{"go-server/0", final(scenarios.GoServer(), 0),
			[]string{"killed 2×", "pool transport", "no cap", "pool database", "of 20"}, []string{"permits"}},
		{"event-loop-stall/0", final(scenarios.EventLoopStall(), 0),
			// The executor's permits are the fix's: no endpoint calls
			// report-db before it, so they get no line.
			[]string{"loop busy 80", "waited ≤ 1.34 s"}, []string{"memory", "permits"}},
		{"event-loop-stall/1", final(scenarios.EventLoopStall(), 1),
			[]string{"permits report-db", "of 8 held"}, []string{"memory"}},
	} {
		p := newTasksPane(theme.New(theme.Plain()))
		p.SetData(pane.Data{Snap: c.snap})
		p.SetSize(60, p.Needs(60))
		view := ansi.Strip(p.View())
		// The body without the title; wrapped lines rejoin, so a figure
		// split at the edge still counts.
		_, body, _ := strings.Cut(view, "\n")
		flat := strings.Join(strings.Fields(strings.NewReplacer("│", " ", "╰", " ", "╯", " ", "─", " ").Replace(body)), " ")
		for _, want := range c.has {
			if !strings.Contains(flat, want) {
				t.Errorf("%s: the pane lacks %q:\n%s", c.name, want, view)
			}
		}
		for _, not := range c.lack {
			if strings.Contains(flat, not) {
				t.Errorf("%s: the pane shows %q, which the run does not have:\n%s", c.name, not, view)
			}
		}
		if n := strings.Count(view, "\n") + 1; n != p.Needs(60) {
			t.Errorf("%s: the pane is %d lines at the height it asked for, %d", c.name, n, p.Needs(60))
		}
	}
}
