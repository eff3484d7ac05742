package exercisesui

import (
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/internal/racefree"
)

// After c checks every exercise, the list calls the stubs the learner has
// not begun "pending", as `breakerlab exercises list` does (the workbook's
// rule, exercises.StatusOf): a learner on their first exercise once read
// fifteen failures. The one they began and that fails is failing; the one
// that passes is done.
func TestCheckAllLeavesUntouchedStubsPending(t *testing.T) {
	racefree.Only(t) // no goroutine: the model driven by hand, a fake backend
	f := newFake()
	f.untouched = map[string]bool{}
	for _, e := range f.exs[2:] {
		f.untouched[e.Name] = true
	}
	f.pass("01-consecutive-breaker") // 02 is begun and fails
	d := start(t, f, 100, 30)
	d.keys("c", "l")
	v := d.view()
	if got := strings.Count(v, "✗ failing"); got != 1 {
		t.Fatalf("after c, %d exercises are failing in the list, want 1 (02, begun):\n%s", got, v)
	}
	for _, l := range strings.Split(v, "\n") {
		if strings.Contains(l, "✗ failing") && !strings.Contains(l, "rate-window") {
			t.Fatalf("the failing line is not 02's: %q", l)
		}
	}
	for _, e := range f.exs[2:] {
		if _, word, _ := d.m.stateOf(e); word != "pending" {
			t.Errorf("%s, the stub checked by c, is %q in the runner, want pending", e.Name, word)
		}
	}
	for name, want := range map[string]string{"01-consecutive-breaker": "done", "02-rate-window-breaker": "failing"} {
		e := f.exs[0]
		if name != e.Name {
			e = f.exs[1]
		}
		if _, word, _ := d.m.stateOf(e); word != want {
			t.Errorf("%s is %q in the runner, want %q", name, word, want)
		}
	}
}

// An untouched stub's check fails, and the workbook calls it pending (not
// begun); the header said "· pending" over the result's "✗ FAIL", which a
// learner read as a contradiction. It says what pending means there, the
// help's "not begun", beside the file and the mode: one wording at every
// width and for every exercise (a longer one where it fitted read "not
// begun" on 02 and more on 03, whose file's name is shorter). The list keeps
// the workbook's word.
func TestUntouchedStubSaysWhyItFails(t *testing.T) {
	racefree.Only(t) // no goroutine: the model driven by hand, a fake backend
	for _, width := range []int{80, 100, 200} {
		f := newFake()
		f.untouched = map[string]bool{}
		for _, e := range f.exs {
			f.untouched[e.Name] = true
		}
		d := start(t, f, width, 30)
		for i, e := range f.exs {
			d.run(d.m.goTo(i)) // as the list's enter opens it, checked
			v := d.view()
			if !strings.Contains(v, "✗ FAIL") {
				t.Fatalf("at %d columns, %s's untouched stub's check did not fail:\n%s", width, e.Name, v)
			}
			lines := strings.Split(v, "\n")
			want := "· " + stubFailsWord + "  " + e.Name + "/" + e.MainFile()
			if len(lines) < 2 || !strings.Contains(lines[1]+" ", want+" ") || !strings.Contains(lines[1], "r re-runs") {
				t.Errorf("at %d columns, %s's status line under the title should say %q beside the mode:\n%s", width, e.Name, want, v)
			}
			if strings.Contains(lines[1], "pending") {
				t.Errorf("at %d columns, %s's status line still says pending over a failed check:\n%s", width, e.Name, v)
			}
		}
		d.keys("l")
		if v := d.view(); !strings.Contains(v, "· pending") {
			t.Errorf("at %d columns, the list should keep the workbook's word, pending:\n%s", width, v)
		}
	}
}
