package lessonui

import (
	"fmt"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/lessons"
	"github.com/breakerlab/breakerlab/tui/internal/golden"
	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	"github.com/breakerlab/breakerlab/tui/pane"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
)

// The lesson list at 80×24, 120×40 and 200×60.
func TestPickerAtThreeSizes(t *testing.T) {
	all, err := lessons.All()
	if err != nil {
		t.Fatal(err)
	}
	store, _ := lessons.OpenStore(filepath.Join(t.TempDir(), "lessons.json"))
	var pk tea.Model = NewPicker(all, lessons.NewLab(), Options{Theme: tuitest.Plain(), Store: store})
	for _, sz := range [][2]int{{80, 24}, {120, 40}, {200, 60}} {
		pk, _ = pk.Update(tea.WindowSizeMsg{Width: sz[0], Height: sz[1]})
		v := pk.View()
		tuitest.CheckBlock(t, v, sz[0], sz[1])
		var src []string
		for _, l := range all {
			src = append(src, l.Title, l.Summary)
		}
		tuitest.CheckNoCuts(t, fmt.Sprintf("lesson list at %dx%d", sz[0], sz[1]), v, src...)
		golden.Check(t, fmt.Sprintf("picker-%dx%d", sz[0], sz[1]), v)
	}
	// At 80×24 the list scrolls: each lesson, chosen, is on screen whole.
	pk, _ = pk.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	for i, l := range all {
		v := ansi.Strip(pk.View())
		last := l.Summary[strings.LastIndex(l.Summary, " ")+1:]
		if !regexp.MustCompile(`▸\s+`+fmt.Sprint(l.Number)+`\. `).MatchString(v) || !strings.Contains(v, last) {
			t.Errorf("with lesson %d chosen, the list should show it whole:\n%s", l.Number, v)
		}
		if i == len(all)-1 && !strings.Contains(v, "above") {
			t.Errorf("on the last lesson the list should say what is above:\n%s", v)
		}
		tuitest.CheckNoCuts(t, fmt.Sprintf("lesson list at 80x24, lesson %d", l.Number), v, l.Summary)
		pk, _ = pk.Update(tea.KeyMsg{Type: tea.KeyDown})
	}
}

// Every step of every lesson at 120×40 and 200×60, as at 80×24 and
// 160×48 (TestEveryStepRendersGolden): one file per lesson and size; no
// two panes share a title (checkPaneTitles). Each step is opened where
// that test walks to it with n; the title check walked with n too, and the
// screens are the same, as they open and with a prediction skipped
// (compared at every step at both sizes when the check moved here).
func TestEveryStepAtLargerSizes(t *testing.T) {
	t.Parallel() // parallel_test.go says which tests may
	for _, p := range allLessons(t) {
		for _, size := range [][2]int{{120, 40}, {200, 60}} {
			w, h := size[0], size[1]
			var b strings.Builder
			for i := range p.Steps {
				m := open(t, p, i, w, h, Options{})
				if m.Step() != i {
					t.Fatalf("%s: on step %d, want %d", p.Lesson.ID, m.Step(), i)
				}
				view := m.View()
				tuitest.CheckBlock(t, view, w, h)
				where := fmt.Sprintf("%s step %d at %dx%d", p.Lesson.ID, i+1, w, h)
				tuitest.CheckWhole(t, where, view, stepSources(p, i)...)
				checkPaneTitles(t, where, m, view)
				fmt.Fprintf(&b, "──── step %d/%d ────\n%s\n", i+1, len(p.Steps), ansi.Strip(view))
			}
			golden.Check(t, fmt.Sprintf("%s-%dx%d", p.Lesson.ID, w, h), b.String())
		}
	}
}

// A large window shows the charts, not charts stretched to fill it: at
// 200×60 no pane of any lesson's first step is taller than the most it can
// use.
func TestChartsAreNotStretched(t *testing.T) {
	for _, p := range allLessons(t) {
		m := open(t, p, 0, 200, 60, Options{})
		if m.sim == nil {
			continue
		}
		ps := m.sim.Panes()
		hs := placePanes(ps, 120, m.simBodyHeight())
		for i, pn := range ps {
			mx, ok := pn.(interface{ Max() int })
			if ok && mx.Max() > 0 && hs[i] > mx.Max() {
				t.Errorf("%s: pane %d is %d rows at 200×60, more than the %d it can use", p.Lesson.ID, i, hs[i], mx.Max())
			}
		}
	}
	// The outcomes chart of lesson 1 (three endpoints) stops at 32 rows.
	m := open(t, allLessons(t)[0], 0, 200, 60, Options{})
	v := ansi.Strip(m.View())
	top := strings.Index(v, "Outcomes per endpoint")
	if top < 0 {
		t.Fatalf("lesson 1 should show its outcomes chart:\n%s", v)
	}
	rows := 0
	for _, l := range strings.Split(v[top:], "\n") {
		rows++
		if strings.Contains(l, "╰") {
			break
		}
	}
	if rows > outcomesMax(pane.Data{Snap: &engine.Snapshot{Endpoints: make([]engine.EndpointSnapshot, 3)}}) {
		t.Errorf("lesson 1's outcomes chart is %d rows at 200×60:\n%s", rows, v)
	}
}
