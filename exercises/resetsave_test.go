package exercises

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A save that lands on a file after a reset copied it to the backup and
// before the reset wrote the stub over it (an editor saving by rename as
// x's reset runs) is not lost: the backup holds it, the learner's latest,
// and the folder the stub. The restore of the tests keeps a save of a
// test file the same way. Before, the stub was written over the save, and
// the backup held only what the file had before it.
func TestASaveDuringAResetIsKept(t *testing.T) {
	for _, restore := range []bool{false, true} {
		w := newWorkbook(t)
		e := catalog[0]
		file, want := e.MainFile(), e.StubFiles()[e.MainFile()]
		if restore {
			for name, b := range e.TestFiles() {
				file, want = name, b
			}
		}
		path := filepath.Join(w.ExerciseDir(e), file)
		if err := os.WriteFile(path, append(want[:len(want):len(want)], "\n// mine\n"...), 0o644); err != nil {
			t.Fatal(err)
		}
		saved := string(want) + "\n// mine, saved as the reset ran\n"
		w.beforeReplace = func(p string) {
			if p != path {
				return
			}
			tmp := filepath.Join(filepath.Dir(p), ".save.tmp")
			if err := os.WriteFile(tmp, []byte(saved), 0o644); err != nil {
				t.Error(err)
			}
			if err := os.Rename(tmp, p); err != nil {
				t.Error(err)
			}
		}
		var b Backup
		var err error
		if restore {
			b, err = w.RestoreTestsWithBackup(e)
		} else {
			b, err = w.ResetWithBackup(e)
		}
		if err != nil {
			t.Fatalf("restore %v: %v", restore, err)
		}
		if got, err := os.ReadFile(filepath.Join(b.Dir, file)); err != nil || string(got) != saved {
			t.Errorf("restore %v: the backup's %s ends %q (%v), not with the save that came in", restore, file, tail(got), err)
		}
		if got, err := os.ReadFile(path); err != nil || string(got) != string(want) {
			t.Errorf("restore %v: %s ends %q (%v), not as the workbook gives it", restore, file, tail(got), err)
		}
		if leftovers, _ := filepath.Glob(filepath.Join(w.ExerciseDir(e), ".*")); len(leftovers) > 0 {
			t.Errorf("restore %v: left behind %v", restore, leftovers)
		}
	}
}

// tail is the last line of a file's content, all a failure needs to show.
func tail(b []byte) string {
	s := strings.TrimRight(string(b), "\n")
	return s[strings.LastIndex(s, "\n")+1:]
}
