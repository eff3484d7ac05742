package exercisesui

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/exercises"
	"github.com/breakerlab/breakerlab/exercises/grade"
	"github.com/breakerlab/breakerlab/internal/racefree"
)

// firstCheckReal is a real workbook's backend whose first check is the
// workbook's own (here one that stops before any test runs) and whose
// later ones fail without running Go, so the test builds nothing.
type firstCheckReal struct {
	Backend
	checked bool
}

func (b *firstCheckReal) Check(ctx context.Context, e exercises.Exercise, progress func(grade.Progress)) exercises.Result {
	if b.checked {
		return exercises.Result{Exercise: e, Report: failing(e.Name)}
	}
	b.checked = true
	return b.Backend.Check(ctx, e, progress)
}

// With only a file the workbook gave to build on missing (03's
// window.go), the check says `reset --tests` writes it back with the
// learner's code kept; x offers that, not a reset of the exercise to its
// stub, and y puts window.go back and leaves the learner's code as it is.
func TestMissingGivenFileOffersTheTestsBack(t *testing.T) {
	racefree.Only(t) // no goroutine: the model driven by hand, a fake backend
	w, e, mine := workbookWithWork(t, "03")
	given := filepath.Join(w.ExerciseDir(e), "window.go")
	if err := os.Remove(given); err != nil {
		t.Fatal(err)
	}
	d := startOn(t, &firstCheckReal{Backend: NewBackend(w, 0)}, 200, 30)
	r, ok := d.m.results[e.Name]
	if !ok || r.Report.Status != grade.Errored || !strings.Contains(r.Report.Summary, "reset --tests") {
		t.Fatalf("the check of %s without window.go: %v %q", e.Name, r.Report.Status, r.Report.Summary)
	}
	d.keys("x")
	d.wantView("Put back the bundled tests of " + e.Name + "?")
	d.keys("y")
	if b, err := os.ReadFile(given); err != nil || string(b) != string(e.StubFiles()["window.go"]) {
		t.Errorf("y did not write window.go back as given (%v)", err)
	}
	if b, err := os.ReadFile(w.MainFile(e)); err != nil || string(b) != mine {
		t.Errorf("y changed the learner's %s (%v)", e.MainFile(), err)
	}
	// The line saying what x did names window.go, as `reset --tests`
	// does: "Restored the bundled tests" alone left the learner who
	// deleted it looking for it.
	d.wantView("Restored the bundled tests and window.go, given to you and missing; your code is untouched.")
}
