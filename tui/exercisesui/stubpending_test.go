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

// The header under the title names the exercise's state in the list's
// word, from the one place (stateOf), for every state: it said "not
// begun" of an untouched stub whose check failed, where the list (and
// `breakerlab exercises list`) said "pending".
func TestHeaderAndListSayOneWordPerState(t *testing.T) {
	racefree.Only(t) // no goroutine: the model driven by hand, a fake backend
	f := newFake()
	f.untouched = map[string]bool{}
	for _, e := range f.exs[2:] {
		f.untouched[e.Name] = true
	}
	f.pass("01-consecutive-breaker") // done; 02 is begun and fails; the rest are stubs
	d := start(t, f, 100, 30)
	d.keys("c")
	seen := map[string]bool{}
	for i, e := range f.exs {
		d.run(d.m.goTo(i))
		_, word, _ := d.m.stateOf(e)
		seen[word] = true
		head := strings.Split(d.view(), "\n")
		if len(head) < 2 || !strings.Contains(head[1], " "+word+"  "+e.Name+"/") {
			t.Errorf("%s is %q in the list; the header says otherwise:\n%s", e.Name, word, strings.Join(head[:min(len(head), 2)], "\n"))
		}
		d.keys("l")
		if v := d.view(); !strings.Contains(v, " "+word) {
			t.Errorf("%s: the list lacks its word %q:\n%s", e.Name, word, v)
		}
		d.keys("esc")
	}
	for _, w := range []string{"done", "failing", "pending"} {
		if !seen[w] {
			t.Errorf("no exercise was %q: the test covers too little (saw %v)", w, seen)
		}
	}
}
