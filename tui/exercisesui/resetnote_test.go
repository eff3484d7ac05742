package exercisesui

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/exercises"
	"github.com/breakerlab/breakerlab/internal/racefree"
)

// stampedBackups is a fake whose resets copy the learner's code to a
// folder named as the workbook names it, by the time of the reset.
type stampedBackups struct{ *fake }

func (b stampedBackups) Reset(e exercises.Exercise) (exercises.Backup, error) {
	backup, err := b.fake.Reset(e)
	backup.Dir = filepath.Join(b.Dir(), ".breakerlab", "backup", e.Name, "20261205-150358.651")
	return backup, err
}

// After a reset the status line says where the learner's code went. At
// 50×16 that note runs to four lines, the folder's name on the last: the
// whole of it shows, or the learner cannot find their code.
func TestResetNoteShowsTheWholeFolderAt50Columns(t *testing.T) {
	racefree.Only(t) // no goroutine: the model driven by hand, a fake backend
	d := startOn(t, stampedBackups{newFake()}, 50, 16)
	d.keys("x", "y")
	v := d.view()
	if !strings.Contains(v, "Reset 01-consecutive-breaker to its stub.") {
		t.Fatalf("the reset said nothing:\n%s", v)
	}
	if !strings.Contains(v, "150358.651.") { // the folder's name, wherever the path breaks
		t.Errorf("the note of where the code went is cut before the folder's name:\n%s", v)
	}
}
