package exercisesui

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/exercises"
	"github.com/breakerlab/breakerlab/exercises/grade"
	tea "github.com/charmbracelet/bubbletea"
)

// saveAfterReset is a real workbook's backend whose reset is followed at
// once, before the runner has taken stock of what it wrote, by the
// learner's editor saving the file they edit from the buffer it still
// holds, the way most editors save: the content written to a temporary
// file, renamed over the file. Its checks fail without running Go.
type saveAfterReset struct {
	Backend
	save []byte
	err  *error
}

func (b saveAfterReset) Check(_ context.Context, e exercises.Exercise, _ func(grade.Progress)) exercises.Result {
	return exercises.Result{Exercise: e, Report: failing(e.Name)}
}

func (b saveAfterReset) Reset(e exercises.Exercise) (exercises.Backup, error) {
	backup, err := b.Backend.Reset(e)
	tmp := filepath.Join(b.ExerciseDir(e), "."+e.MainFile()+".swp")
	if werr := os.WriteFile(tmp, b.save, 0o644); werr != nil {
		*b.err = werr
	} else if rerr := os.Rename(tmp, filepath.Join(b.ExerciseDir(e), e.MainFile())); rerr != nil {
		*b.err = rerr
	}
	return backup, err
}

// An editor's save by rename a moment after x's reset keeps what the
// learner saved: it is in the folder, their code from before the reset is
// in the backup, the status line does not say the folder holds the stub,
// and the save's events are a save the watcher reports, not the reset's
// own writes. The runner took stock of the folder once the reset was over
// and stamped the learner's save as its own write: its line said "Reset …
// to its stub." over the learner's code, and the save went unreported.
func TestASaveByRenameRightAfterAResetIsKept(t *testing.T) {
	w, e, mine := workbookWithWork(t, "01")
	dirs := map[string]string{}
	for _, x := range exercises.All() {
		dirs[w.ExerciseDir(x)] = x.Name
	}
	ready, ok := startWatching(dirs)().(watchReadyMsg)
	if !ok {
		t.Fatal("the watcher did not start")
	}
	t.Cleanup(ready.w.close)
	saved := mine + "\n// saved by the editor after the reset\n"
	var saveErr error
	d := startOn(t, saveAfterReset{Backend: NewBackend(w, 0), save: []byte(saved), err: &saveErr}, 100, 30)
	d.m.watch = ready.w // as watchReadyMsg does, without its next() for the driver to wait on
	d.keys("x", "y")
	if saveErr != nil {
		t.Fatalf("the editor's save failed: %v", saveErr)
	}
	if b, err := os.ReadFile(w.MainFile(e)); err != nil || string(b) != saved {
		t.Fatalf("%s after the reset and the save: %q (%v), want the save", e.MainFile(), b, err)
	}
	v := flowed(d.view())
	if want := "Reset " + e.Name + " to its stub, but " + e.MainFile() + " changed as it was written (a save from your editor?), so it holds that save, not the stub"; !strings.Contains(v, want) {
		t.Errorf("the status line does not say %q:\n%s", want, d.view())
	}
	if !strings.Contains(v, "Your previous "+e.MainFile()+" is in .breakerlab/backup/"+e.Name+"/") {
		t.Errorf("the status line does not say where the code from before the reset went:\n%s", d.view())
	}
	if copies, _ := filepath.Glob(filepath.Join(w.Dir, ".breakerlab", "backup", e.Name, "*", e.MainFile())); len(copies) != 1 {
		t.Errorf("backups of %s: %v, want one", e.MainFile(), copies)
	} else if b, err := os.ReadFile(copies[0]); err != nil || string(b) != mine {
		t.Errorf("the backup holds %q (%v), want the code from before the reset", b, err)
	}
	got := make(chan tea.Msg, 1)
	go func() { got <- ready.w.next()() }()
	select {
	case msg := <-got:
		if s, ok := msg.(fileSavedMsg); !ok || s.name != e.Name {
			t.Errorf("the watcher's first message is %#v, want the save in %s", msg, e.Name)
		}
	case <-time.After(5 * time.Second):
		t.Error("the watcher reported nothing in 5 s: the save was taken for the reset's own write")
	}
}
