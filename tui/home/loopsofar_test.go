package home

import (
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/breakerlab/breakerlab/tui/breakerloop"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
)

// The live picture's clock ("  76 s  ● closed ... refused 3") and a line
// of its transition log ("▸ 84.3 s  open → half-open: ...").
var (
	loopClock   = regexp.MustCompile(`^\s*(\d+) s  .*refused \d+`)
	loopLogLine = regexp.MustCompile(`^\s*▸?\s*(\d+(?:\.\d+)?) (s|ms)  (closed|open|half-open) → `)
)

// loopSeen reads the clock the picture shows and the times of the
// transitions its log lists, from a screen with no colour.
func loopSeen(t *testing.T, screen string) (clock time.Duration, listed []time.Duration) {
	t.Helper()
	clock = -1
	for _, l := range strings.Split(screen, "\n") {
		if c := loopClock.FindStringSubmatch(l); c != nil {
			n, _ := strconv.Atoi(c[1])
			clock = time.Duration(n) * time.Second
			continue
		}
		if c := loopLogLine.FindStringSubmatch(l); c != nil {
			f, err := strconv.ParseFloat(c[1], 64)
			if err != nil {
				t.Fatalf("a time in the log that is not a number: %q", l)
			}
			unit := time.Second
			if c[2] == "ms" {
				unit = time.Millisecond
			}
			listed = append(listed, time.Duration(f*float64(unit)))
		}
	}
	return clock, listed
}

// The home screen's transition log says "so far": at every second of the
// loop, across its wrap to the start, and at every size, no transition it
// lists is later than the clock the picture shows beside it, and a tall
// window does list them as they happen.
func TestLiveLogListsOnlyThePast(t *testing.T) {
	racefree.Only(t) // no goroutine: the ticks are sent by hand
	sizes := [][2]int{{80, 24}, {100, 30}, {200, 60}}
	m := loopAt(t, Options{}, 0)
	listedAny := map[[2]int]bool{}
	wrapped, last := false, time.Duration(0)
	for step := 0; step < 140; step++ {
		for _, sz := range sizes {
			screen := ansi.Strip(send(m, tea.WindowSizeMsg{Width: sz[0], Height: sz[1]}).View())
			clock, listed := loopSeen(t, screen)
			if clock < 0 {
				t.Fatalf("%dx%d, tick %d: no clock on the picture:\n%s", sz[0], sz[1], step, screen)
			}
			if sz == sizes[2] {
				wrapped = wrapped || clock < last
				last = clock
			}
			for _, at := range listed {
				// The clock shows whole seconds, the frame's own time.
				if at > clock {
					t.Fatalf("%dx%d, tick %d: the log lists a transition at %v with the clock at %v:\n%s", sz[0], sz[1], step, at, clock, screen)
				}
			}
			listedAny[sz] = listedAny[sz] || len(listed) > 0
		}
		m = send(m, breakerloop.TickMsg{Gen: 0})
	}
	if !wrapped {
		t.Fatal("the loop never wrapped to its start: the test did not cross it")
	}
	if !listedAny[sizes[2]] {
		t.Fatal("at 200x60 the log never listed a transition: nothing was checked")
	}
}

// The progress panes under the picture keep their row at every second of
// the loop: the log keeps its rows, blank until its transitions happen,
// and the blank row before the panes stays.
func TestLiveLogKeepsThePanesInPlace(t *testing.T) {
	racefree.Only(t) // no goroutine: the ticks are sent by hand
	m := progressHome(t, 200, 60)
	row := func(m Model) int {
		for i, l := range strings.Split(ansi.Strip(m.View()), "\n") {
			if strings.Contains(l, "╭─ Lessons") {
				return i
			}
		}
		t.Fatalf("no Lessons pane at 200x60:\n%s", ansi.Strip(m.View()))
		return -1
	}
	want := row(m)
	for step := 1; step < 130; step++ {
		m = send(m, breakerloop.TickMsg{Gen: 0})
		if got := row(m); got != want {
			t.Fatalf("tick %d: the Lessons pane moved from row %d to %d:\n%s", step, want, got, ansi.Strip(m.View()))
		}
	}
}
