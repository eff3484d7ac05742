package exercisesui

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/exercises"
	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	tea "github.com/charmbracelet/bubbletea"
)

// flowed is the screen's text with each wrapped line joined to the one
// before it, so that a sentence reads the same at any width.
func flowed(view string) string {
	return strings.Join(strings.Fields(view), " ")
}

// The runner's verdict, on a real workbook, gives each fault with the
// runner's way out and not check's (`breakerlab exercises reset ...`,
// "check again"): a folder renamed or gone, a build without the file the
// learner edits, a test file the learner changed, where it keeps check's
// advice on tests of their own. Each key the way names stays in the key
// line at 50 columns, r too while the runner watches for saves, where it
// is not otherwise shown. With the test file edited, the case goes on
// to x and y (putsTheTestsBack), on the same check.
func TestVerdictGivesTheRunnersWayOut(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go test")
	}
	helper := func(pkg string) func(*exercises.Workbook, exercises.Exercise) error {
		return func(w *exercises.Workbook, e exercises.Exercise) error {
			if err := os.Remove(w.MainFile(e)); err != nil {
				return err
			}
			return os.WriteFile(filepath.Join(w.ExerciseDir(e), "helper.go"), []byte("package "+pkg+"\n\nfunc helper() int { return 1 }\n"), 0o644)
		}
	}
	for _, c := range []struct {
		name string
		edit func(*exercises.Workbook, exercises.Exercise) error
		want []string // in the verdict, as flowed
		keys []string // in the key line at 50 columns
		not  string   // a key the way must not name
		// then, if set, goes on from the verdict, on the same check.
		then func(t *testing.T, d *driver, w *exercises.Workbook, e exercises.Exercise, mine string)
	}{
		{"folder renamed", func(w *exercises.Workbook, e exercises.Exercise) error {
			return os.Rename(w.ExerciseDir(e), filepath.Join(w.Dir, "mine01"))
		}, []string{"01-consecutive-breaker is missing, and mine01 holds its package breaker (renamed?)",
			"Rename mine01 back to 01-consecutive-breaker: it is checked again as it comes back."},
			nil, "x writes", nil},
		{"folder gone", func(w *exercises.Workbook, e exercises.Exercise) error { return os.RemoveAll(w.ExerciseDir(e)) },
			[]string{"01-consecutive-breaker is missing (renamed or deleted?)", "Rename it back, and it is checked again as it comes back; or x writes a fresh stub."},
			[]string{"x reset"}, "press r", nil},
		{"built without the main file", helper("breaker"),
			[]string{"breaker.go, the file you edit, is missing, and the code does not compile:",
				"x writes the stub back; your code is copied to " + filepath.Join(".breakerlab", "backup", "01-consecutive-breaker") + " first.",
				"the tests use Breaker, which helper.go does not define"},
			[]string{"x reset"}, "", nil},
		{"built without the main file, no line", helper("other"),
			[]string{"(helper.go)", "breaker.go, the file you edit, is missing x writes the stub back; your code is copied to " + filepath.Join(".breakerlab", "backup", "01-consecutive-breaker") + " first."},
			[]string{"x reset"}, "", nil},
		{"test file edited", func(w *exercises.Workbook, e exercises.Exercise) error {
			test := filepath.Join(w.ExerciseDir(e), "breaker_test.go")
			b, err := os.ReadFile(test)
			if err != nil {
				return err
			}
			return os.WriteFile(test, []byte(strings.Replace(string(b), "func Test", "func TestMine", 1)), 0o644)
		}, []string{"your breaker_test.go differs from the bundled one",
			"x puts the bundled tests back, yours copied to the workbook's .breakerlab/backup/01-consecutive-breaker first; your code is kept (" + exercises.OwnTestsNote + ")."},
			[]string{"x put tests back"}, "", putsTheTestsBack},
		// The compiler's errors, each with its place, stand for the
		// report in the verdict; the test file that differs is said
		// before them.
		{"test file edited, a compile error at a line", func(w *exercises.Workbook, e exercises.Exercise) error {
			test := filepath.Join(w.ExerciseDir(e), "breaker_test.go")
			b, err := os.ReadFile(test)
			if err != nil {
				return err
			}
			if err := os.WriteFile(test, []byte(strings.Replace(string(b), "func Test", "func TestMine", 1)), 0o644); err != nil {
				return err
			}
			f, err := os.OpenFile(w.MainFile(e), os.O_APPEND|os.O_WRONLY, 0)
			if err != nil {
				return err
			}
			defer f.Close()
			_, err = f.WriteString("\nfunc broken() int { return \"x\" }\n")
			return err
		}, []string{"your breaker_test.go differs from the bundled one, so this check cannot pass. With your version: the code does not compile:",
			"x puts the bundled tests back, yours copied to the workbook's .breakerlab/backup/01-consecutive-breaker first; your code is kept (" + exercises.OwnTestsNote + ").",
			"01-consecutive-breaker/breaker.go:"},
			[]string{"x put tests back"}, "", nil},
	} {
		t.Run(c.name, func(t *testing.T) {
			w, e, mine := workbookWithWork(t, "01")
			if err := c.edit(w, e); err != nil {
				t.Fatal(err)
			}
			d := startOn(t, &firstCheckReal{Backend: NewBackend(w, 0)}, 80, 24)
			d.m.opt.Manual = false // as when watching: r is in the key line only when named
			r := d.m.results[e.Name]
			for _, width := range []int{80, 50} {
				d.send(tea.WindowSizeMsg{Width: width, Height: 24})
				v := d.view()
				// The way out wraps whole: a backup folder's long name
				// is not cut at 50 columns nor at 80.
				tuitest.CheckNoCuts(t, fmt.Sprintf("%s at %d columns", c.name, width), v)
				for _, want := range c.want {
					if !strings.Contains(flowed(v), want) {
						t.Errorf("at %d columns the verdict lacks %q:\n%s", width, want, v)
					}
				}
				if m := checkWords.FindString(v); m != "" {
					t.Errorf("at %d columns the runner shows check's %q:\n%s", width, m, v)
				}
				if c.not != "" && strings.Contains(v, c.not) {
					t.Errorf("at %d columns the verdict names %q, which would not help:\n%s", width, c.not, v)
				}
				if width == 50 {
					rows := strings.Split(v, "\n")
					for _, k := range append(c.keys, "q quit", "? more") {
						if last := rows[len(rows)-1]; !strings.Contains(last, k) {
							t.Errorf("the key line %q lacks %q", last, k)
						}
					}
				}
			}
			// What check prints says the same fault, with its own way out.
			if !strings.Contains(r.Report.Summary, "breakerlab exercises reset") && !strings.Contains(r.Report.Summary, "check again") {
				t.Errorf("check's summary lost its way out: %q", r.Report.Summary)
			}
			if c.then != nil {
				c.then(t, d, w, e, mine)
			}
		})
	}
}

// checkWords matches the way out of `breakerlab exercises check`, which
// the runner says with its keys.
var checkWords = regexp.MustCompile("`breakerlab[^`]*`|check again|--yes|--tests")
