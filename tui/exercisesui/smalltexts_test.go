package exercisesui

import (
	"fmt"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/exercises"
	"github.com/breakerlab/breakerlab/exercises/grade"
	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/charmbracelet/x/ansi"
)

// Past the last hint, a learner who has not passed is pointed at the
// solution; one whose exercise passed is not stuck, and is not told so.
func TestLastHintAsksIfStuckOnlyBeforeAPass(t *testing.T) {
	racefree.Only(t) // no goroutine: the model driven by hand, a fake backend
	for _, passed := range []bool{false, true} {
		f := newFake()
		if passed {
			f.pass("01-consecutive-breaker")
		}
		d := start(t, f, 100, 40)
		for range len(exercises.All()[0].Hints()) + 1 {
			d.keys("h")
		}
		v := d.view()
		if !strings.Contains(v, "That was the last hint.") {
			t.Fatalf("passed %v: no last-hint message after every hint:\n%s", passed, v)
		}
		if asks := strings.Contains(v, "Still stuck?"); asks == passed {
			t.Fatalf("passed %v: the last-hint message asks if the learner is stuck: %v\n%s", passed, asks, v)
		}
	}
}

// A row whose check runs keeps the list's names in one column: its state
// is worded to fit the column the other rows' states make (done, failing
// now makes a wider one), and does not move the names as its seconds grow.
// The row used to say "running tests 11/30 s" and push every name right
// by 14 cells, one more at 10 s.
func TestARunningRowKeepsTheListsColumns(t *testing.T) {
	racefree.Only(t) // no goroutine: the model driven by hand, a fake backend
	for _, c := range []struct {
		failingNow bool
		want       map[string]string // what the running row says, by phase and seconds
	}{
		{false, map[string]string{"compiling 3": "building", "testing 9": "testing", "testing 11": "testing"}},
		{true, map[string]string{"compiling 3": "compiling 3 s", "testing 9": "tests 9/30 s", "testing 11": "tests 11/30 s"}},
	} {
		f := newFake()
		f.pass("01-consecutive-breaker")
		if c.failingNow {
			f.solved["03-slow-calls"] = true // passed once, fails now
		}
		for _, width := range []int{80, 200} {
			d := start(t, f, width, 30)
			d.keys("l")
			settled := nameColumns(t, d)
			clock := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
			d.m.opt.Now = func() time.Time { return clock }
			e := d.m.exs[1]
			_ = d.m.startCheck(e) // only looks in progress: its commands do not run
			for _, step := range []struct {
				phase grade.Phase
				secs  int
			}{{grade.Compiling, 3}, {grade.Testing, 9}, {grade.Testing, 11}} {
				// Its command waits for the next phase: not run.
				next, _ := d.m.Update(phaseMsg{name: e.Name, gen: d.m.gen[e.Name], progress: grade.Progress{Phase: step.phase, Timeout: 30 * time.Second}, box: newPhaseBox()})
				d.m = next.(Model)
				clock = clock.Add(time.Duration(step.secs) * time.Second)
				d.m.now = clock
				key := fmt.Sprintf("%s %d", step.phase, step.secs)
				if got := nameColumns(t, d); fmt.Sprint(got) != fmt.Sprint(settled) {
					t.Fatalf("%d columns, failing now %v, %s: the names start at cells %v, and %v with no check running:\n%s",
						width, c.failingNow, key, got, settled, d.view())
				}
				row := rowOf(d, e.Name)
				if !strings.Contains(row, " "+c.want[key]+" ") {
					t.Fatalf("%d columns, failing now %v, %s: the running row says %q, want %q", width, c.failingNow, key, row, c.want[key])
				}
				clock = clock.Add(-time.Duration(step.secs) * time.Second)
			}
		}
	}
}

// nameColumns is the cell at which each row of the list shows its name.
func nameColumns(t *testing.T, d *driver) []int {
	t.Helper()
	var at []int
	for _, i := range d.m.visible() {
		row := rowOf(d, d.m.exs[i].Name)
		j := strings.Index(row, " "+d.m.exs[i].Name+" ")
		if j < 0 {
			t.Fatalf("no row shows %s:\n%s", d.m.exs[i].Name, d.view())
		}
		at = append(at, ansi.StringWidth(row[:j]))
	}
	return at
}

func rowOf(d *driver, name string) string {
	for _, l := range strings.Split(d.view(), "\n") {
		if strings.Contains(l, " "+name+" ") {
			return l
		}
	}
	return ""
}

// A number and its unit stay on one line in every task and hint at every
// width: at 200 columns 04's task broke "under 50 %)" after the 50, and
// 13's "waits 1 s" after the 1.
func TestNumbersKeepTheirUnits(t *testing.T) {
	racefree.Only(t) // no goroutine: the model driven by hand, a fake backend
	d := start(t, newFake(), 80, 24)
	for width := 30; width <= 240; width++ {
		d.m.width = width
		for _, e := range d.m.exs {
			texts := map[string][]string{"task": d.m.drawReadme(d.m.info[e.Name].readme)}
			for i, h := range d.m.info[e.Name].hints {
				texts[fmt.Sprintf("hint %d", i+1)] = wrap(d.m.strong(flow(h.Text)), width, 0)
			}
			for what, lines := range texts {
				for i := 1; i < len(lines); i++ {
					end := strings.TrimRight(ansi.Strip(lines[i-1]), " ")
					next := strings.TrimLeft(ansi.Strip(lines[i]), " ")
					if end != "" && end[len(end)-1] >= '0' && end[len(end)-1] <= '9' && unitStart.MatchString(next) {
						t.Fatalf("at %d columns %s's %s parts a number from its unit:\n%s\n%s", width, e.Name, what, end, next)
					}
				}
			}
		}
	}
	// The join moves where lines break, and draws the spaces it joins
	// with as spaces.
	if got, want := strings.Join(wrap("waits 250 ms, then 1 s", 11, 0), "|"), "waits|250 ms,|then 1 s"; got != want {
		t.Fatalf("wrapped to %q, want %q", got, want)
	}
}

// unitStart matches a line that starts with a unit, standing alone.
var unitStart = regexp.MustCompile(`^(%|(ns|µs|ms|s|min|h)\b)`)
