package lessonui

import (
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	"github.com/charmbracelet/x/ansi"
)

// A step that names the "instances" pane shows tui/pane's fleet of a
// service's instances: lesson 12's second step, played to its pause at
// 80×24, has every api instance's own breaker open and the footer counting
// them, and cuts no word. When they probe is the next step's question:
// the footer names it ("after step 3"), and the probes show, due
// together, once that is answered.
func TestInstancesPaneShowsEachInstancesBreaker(t *testing.T) {
	for _, p := range allLessons(t) {
		if p.Lesson.ID != "12-a-fleet-of-breakers" {
			continue
		}
		m := open(t, p, 1, 80, 24, Options{})
		if got := p.Steps[1].Panes; len(got) == 0 || got[0] != "instances" {
			t.Fatalf("step 2's panes are %v, want the instances first", got)
		}
		m = play(t, m)
		v := m.View()
		tuitest.CheckBlock(t, v, 80, 24)
		tuitest.CheckNoCuts(t, "lesson 12 step 2 at 80x24", v)
		plain := ansi.Strip(v)
		for _, want := range []string{"api ×20", "breaker", "20 open", "after step 3"} {
			if !strings.Contains(plain, want) {
				t.Errorf("the instances pane should show %q:\n%s", want, plain)
			}
		}
		m.predicts[2].made = true
		m.layout()
		v = m.View()
		tuitest.CheckNoCuts(t, "lesson 12 step 2 at 80x24, step 3 answered", v)
		plain = ansi.Strip(v)
		for _, want := range []string{"next probe", "20 open", "probe at"} {
			if !strings.Contains(plain, want) {
				t.Errorf("after step 3's guess the instances pane should show %q:\n%s", want, plain)
			}
		}
		return
	}
	t.Fatal("lesson 12-a-fleet-of-breakers is not among the built-in lessons")
}

// The instances pane is flexible, from a few rows to every instance on a
// row, so a tall window shows the whole fleet and a short one the header,
// a few rows and the footer.
func TestInstancesPaneSizes(t *testing.T) {
	ip, ok := newEnginePane("instances", tuitest.Plain()).(*instancesPane)
	if !ok {
		t.Fatal(`newEnginePane("instances") is not the fleet of instances`)
	}
	if ip.Needs(39) != 0 {
		t.Error("the instances pane should share the column's rest as a flexible pane")
	}
	if lo, hi := ip.Min(39), ip.Max(); lo <= 0 || hi < lo {
		t.Errorf("Min %d, Max %d: want 0 < Min <= Max", lo, hi)
	}
}
