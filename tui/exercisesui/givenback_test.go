package exercisesui

import (
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/internal/racefree"
)

// Putting back the tests writes back too a file the workbook gave to
// build on, if it is missing (exercises.Workbook.RestoreTests): the
// question names it, since "your code is kept" does not cover a file the
// learner did not write. An exercise with none asks as before.
func TestRestoreQuestionNamesTheGivenFiles(t *testing.T) {
	racefree.Only(t) // no goroutine: the model driven by hand, a fake backend
	for _, c := range []struct{ name, want string }{
		{"03-slow-calls", "Put back the bundled tests of 03-slow-calls? window.go, which the workbook gave you, comes back too if it is missing. Your code is kept."},
		{"12-composition", "Put back the bundled tests of 12-composition? policies.go, which the workbook gave you, comes back too if it is missing. Your code is kept."},
		{"01-consecutive-breaker", "Put back the bundled tests of 01-consecutive-breaker? Your code is kept."},
	} {
		f := newFake()
		f.current = c.name
		f.outdated = map[string]bool{c.name: true}
		d := start(t, f, 200, 30)
		d.keys("x")
		if v := d.view(); !strings.Contains(v, c.want+"  (y/n)") {
			t.Errorf("%s: the question should read %q:\n%s", c.name, c.want, v)
		}
	}
}

// A test file the learner changed is copied to the backup before the
// bundled one replaces it: the question says so, and where, as `reset
// --tests` does, not only that their code is kept.
func TestRestoreQuestionSaysWhereAnEditedTestGoes(t *testing.T) {
	racefree.Only(t) // no goroutine: the model driven by hand, a fake backend
	f := newFake()
	f.edited = map[string]bool{"01-consecutive-breaker": true}
	d := start(t, f, 200, 30)
	d.keys("x")
	want := "Put back the bundled tests of 01-consecutive-breaker? A copy of your breaker_test.go goes to .breakerlab/backup/01-consecutive-breaker first; your code is kept."
	if v := d.view(); !strings.Contains(v, want+"  (y/n)") {
		t.Errorf("the question should read %q:\n%s", want, v)
	}
}
