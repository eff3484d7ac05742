package exercisesui

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/internal/racefree"
)

// With the exercise's folder renamed, the way out is to rename it back.
// Watching, the folder's return is checked by itself (the watcher follows
// it), so the verdict and x's refusal say so and do not send the learner
// to r; in manual mode r is the only way, and they name it, the key line
// too.
func TestRenameBackSaysWhatChecksItAgain(t *testing.T) {
	racefree.Only(t) // no goroutine: the model driven by hand, a fake backend
	for _, c := range []struct {
		name     string
		manual   bool
		want     string
		keyLineR bool // r re-run stays in the key line at 50 columns
	}{
		{"watching", false, "Rename mine01 back to 01-consecutive-breaker: it is checked again as it comes back.", false},
		{"manual", true, "Rename mine01 back to 01-consecutive-breaker, then r checks it again.", true},
	} {
		t.Run(c.name, func(t *testing.T) {
			w, e, _ := workbookWithWork(t, "01")
			if err := os.Rename(w.ExerciseDir(e), filepath.Join(w.Dir, "mine01")); err != nil {
				t.Fatal(err)
			}
			d := startOn(t, &firstCheckReal{Backend: NewBackend(w, 0)}, 50, 24)
			d.m.opt.Manual = c.manual
			if r := d.m.results[e.Name]; !r.FolderMissing || r.RenamedTo != "mine01" {
				t.Fatalf("the check did not find the folder renamed to mine01: %+v", r)
			}
			v := d.view()
			if !strings.Contains(flowed(v), c.want) {
				t.Errorf("the verdict lacks %q:\n%s", c.want, v)
			}
			if got := strings.Contains(keyLine(v), "r re-run"); got != c.keyLineR {
				t.Errorf("r re-run in the key line is %v, want %v: %q", got, c.keyLineR, keyLine(v))
			}
			d.keys("x")
			if v := d.view(); !strings.Contains(flowed(v), "Not reset: the last check found your code in mine01, and a fresh 01-consecutive-breaker would leave it unchecked. "+c.want) {
				t.Errorf("x's refusal lacks %q:\n%s", c.want, v)
			}
		})
	}
}
