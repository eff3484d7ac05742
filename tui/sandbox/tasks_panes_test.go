package sandbox

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/breakerlab/breakerlab/tui/internal/golden"
	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	"github.com/breakerlab/breakerlab/tui/pane"
	"github.com/charmbracelet/x/ansi"
)

// tasksCases are the tasks servers' scenarios at a moment that tells their
// story: the shared pool full, the process killed once, the loop stalled.
var tasksCases = []layoutCase{
	{"async-cascade", builtin("async-cascade"), 0, 30 * time.Second},
	{"go-server", builtin("go-server"), 0, 40 * time.Second},
	{"event-loop-stall", builtin("event-loop-stall"), 0, 12 * time.Second},
}

// The sandbox on a tasks server draws its limits in the worker pool's
// place, at every size with nothing cut and no pane left mostly blank;
// the goldens hold what a learner sees at the smallest and largest.
func TestTasksPanesLayout(t *testing.T) {
	racefree.Only(t) // drawing alone: no goroutine to watch
	for _, c := range tasksCases {
		for _, sz := range [][2]int{{80, 24}, {100, 30}, {120, 40}, {200, 60}} {
			where := fmt.Sprintf("%s at %dx%d", c.name, sz[0], sz[1])
			m := seekTo(t, newModel(t, sz[0], sz[1], Options{Scenario: c.sc(t), Variant: c.variant}), c.at)
			v := m.View()
			tuitest.CheckBlock(t, v, sz[0], sz[1])
			tuitest.CheckNoCuts(t, where, v)
			plain := ansi.Strip(v)
			if !strings.Contains(plain, "Limits") {
				t.Errorf("%s: no limits pane:\n%s", where, plain)
			}
			if strings.Contains(plain, "Worker pool") {
				t.Errorf("%s: a worker pool pane on a server without one:\n%s", where, plain)
			}
			checkNoBlankRun(t, where, m, plain)
			if sz[0] == 80 || sz[0] == 200 {
				golden.Check(t, fmt.Sprintf("tasks-%s-%dx%d", c.name, sz[0], sz[1]), plain)
			}
		}
	}
}

// checkNoBlankRun fails when a column of the main view has more than three
// blank lines in a row, inside a pane's frame or below the last: room
// given to a pane that has nothing to put in it, or given to none.
func checkNoBlankRun(t *testing.T, where string, m Model, plain string) {
	t.Helper()
	a := m.arrange()
	lines := strings.Split(plain, "\n")
	x := 0
	for c := range 2 {
		w := a.widths[c]
		run := 0
		for i, l := range lines[1 : len(lines)-2] {
			r := []rune(l)
			if x+w > len(r) {
				break
			}
			cell := string(r[x : x+w])
			// Blank inside a frame, or outside any pane.
			if strings.TrimSpace(strings.Trim(cell, "│")) == "" {
				run++
			} else {
				run = 0
			}
			if run > 3 {
				t.Errorf("%s: column %d has %d blank lines in a row ending at line %d:\n%s", where, c, run, i+1, plain)
				return
			}
		}
		x += w
	}
}

// One truth: the numbers the limits pane and the charts both show (a
// pool's connections in use, the memory held, the loop's busy share now)
// are a fresh run's at that moment, and appear in both panes.
func TestTasksPanesShowTheEnginesNumbers(t *testing.T) {
	racefree.Only(t)
	for _, c := range tasksCases {
		sc := c.sc(t)
		m := seekTo(t, newModel(t, 200, 60, Options{Scenario: sc, Variant: c.variant}), c.at)
		s := freshSnapshot(t, sc, c.variant, c.at)
		v := ansi.Strip(m.View())
		twice := func(what, text string) {
			t.Helper()
			if n := strings.Count(v, text); n < 2 {
				t.Errorf("%s: %s %q shown %d times, want in the limits pane and its chart:\n%s", c.name, what, text, n, v)
			}
		}
		for i := range s.Pools {
			twice("pool "+s.Pools[i].Name, pane.PoolInUse(&s.Pools[i]))
		}
		switch {
		case s.Tasks.Down:
			twice("restart", "back at "+pane.Seconds(s.Tasks.UpAt))
		case s.Tasks.MemoryLimit > 0:
			twice("memory", pane.MemoryHeld(s.Tasks))
		default:
			twice("live tasks", pane.Count(s.Tasks.Live)+" ")
		}
		twice("loop", "busy "+pane.Percent(pane.LoopNow(s.Tasks)))
	}
}

// The knob form of a tasks server has its pools' and its memory's knobs,
// and no workers or accept queue; the focused call has its permit wait.
func TestTasksKnobForm(t *testing.T) {
	racefree.Only(t) // no goroutine: the model takes its keys on this one and its commands are dropped
	m := press(newModel(t, 120, 40, Options{Scenario: tuitest.Scenario(t, "async-cascade"), Variant: 1}), "e")
	if m.form == nil {
		t.Fatal("no knob form")
	}
	var labels []string
	for _, k := range m.form.knobs {
		labels = append(labels, k.label)
	}
	all := "|" + strings.Join(labels, "|") + "|"
	for _, want := range []string{"aiohttp size", "aiohttp per host", "aiohttp wait", "loop threads", "memory limit MiB", "permit wait", "bulkhead"} {
		if !strings.Contains(all, "|"+want+"|") {
			t.Errorf("no %q knob in %q", want, all)
		}
	}
	for _, not := range []string{"workers", "accept queue"} {
		if strings.Contains(all, "|"+not+"|") {
			t.Errorf("a %q knob on a tasks server: %q", not, all)
		}
	}
}

// Compare mode on a tasks server shows each side's limits where a thread
// pool's sides show their worker pools.
func TestTasksCompareShowsLimits(t *testing.T) {
	racefree.Only(t)
	m := seekTo(t, newModel(t, 100, 30, Options{Scenario: tuitest.Scenario(t, "go-server")}), 40*time.Second)
	m = press(m, "c")
	if m.cmp == nil {
		t.Fatalf("no compare mode: %s", m.note)
	}
	v := m.View()
	tuitest.CheckBlock(t, v, 100, 30)
	plain := ansi.Strip(v)
	if strings.Count(plain, "Limits") != 2 || strings.Contains(plain, "Worker pool") {
		t.Errorf("compare should show both sides' limits and no worker pool:\n%s", plain)
	}
}
