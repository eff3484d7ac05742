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
	"github.com/breakerlab/breakerlab/internal/racefree"
	tea "github.com/charmbracelet/bubbletea"
)

// onDisk is the fake with real exercise folders: its restores and resets
// write the exercise's test file, as the workbook's do.
type onDisk struct {
	*fake
	root string
}

func (d onDisk) ExerciseDir(e exercises.Exercise) string { return filepath.Join(d.root, e.Name) }
func (d onDisk) RestoreTests(e exercises.Exercise) (exercises.Backup, error) {
	d.write(e, e.TestFiles())
	return d.fake.RestoreTests(e)
}
func (d onDisk) Reset(e exercises.Exercise) (exercises.Backup, error) {
	d.write(e, resetFiles(e))
	return d.fake.Reset(e)
}

// write writes files as the workbook's restore or reset does: the runner
// stamps what they write as its own (watcher.writing).
func (d onDisk) write(e exercises.Exercise, files map[string][]byte) {
	for name, b := range files {
		os.WriteFile(filepath.Join(d.ExerciseDir(e), name), b, 0o644)
	}
}

// x's own writes are followed by a check of their own: the watcher must
// not take them for a save and check the exercise a second time. The
// learner's save in another exercise after them is the first event it
// reports; before, it reported the restore's (and the reset's) writes.
func TestTheWatcherLeavesOutTheRunnersOwnWrites(t *testing.T) {
	for _, what := range []string{"restore", "reset"} {
		f := newFake()
		if what == "restore" {
			f.missing = map[string]bool{"01-consecutive-breaker": true}
		}
		disk := onDisk{f, t.TempDir()}
		dirs := map[string]string{}
		for _, e := range f.exs[:2] {
			os.Mkdir(disk.ExerciseDir(e), 0o755)
			dirs[disk.ExerciseDir(e)] = e.Name
		}
		ready, ok := startWatching(dirs)().(watchReadyMsg)
		if !ok {
			t.Fatal("the watcher did not start")
		}
		d := startOn(t, disk, 100, 30)
		d.m.watch = ready.w // as watchReadyMsg does, without its next() for the driver to wait on
		checks := len(f.checked())
		d.keys("x", "y")
		if what == "restore" && len(f.restores) != 1 || what == "reset" && len(f.resets) != 1 {
			t.Fatalf("%s: x then y did not %s (restores %v, resets %v)", what, what, f.restores, f.resets)
		}
		if n := len(f.checked()) - checks; n != 1 {
			t.Errorf("%s: %d checks after x, want its own one", what, n)
		}
		learners := filepath.Join(disk.ExerciseDir(f.exs[1]), "mine.go")
		os.WriteFile(learners, []byte("package breaker\n"), 0o644)
		got := make(chan tea.Msg, 1)
		go func() { got <- ready.w.next()() }()
		select {
		case msg := <-got:
			if saved, ok := msg.(fileSavedMsg); !ok || saved.name != f.exs[1].Name {
				t.Errorf("%s: the watcher's first message is %#v, want the save in %s: the runner's writes count as saves", what, msg, f.exs[1].Name)
			}
		case <-time.After(5 * time.Second):
			t.Errorf("%s: no message 5 s after a save", what)
		}
		// The learner's own save of a file x wrote is theirs again.
		os.WriteFile(filepath.Join(disk.ExerciseDir(f.exs[0]), "breaker_test.go"), []byte("package breaker\n// mine\n"), 0o644)
		// (mine.go's save may still have events to come.)
		deadline := time.After(5 * time.Second)
	seen:
		for {
			go func() { got <- ready.w.next()() }()
			select {
			case msg := <-got:
				if saved, ok := msg.(fileSavedMsg); !ok || saved.name == f.exs[0].Name {
					if !ok {
						t.Errorf("%s: after the learner changed a file x wrote, the watcher sent %#v", what, msg)
					}
					break seen
				}
			case <-deadline:
				t.Errorf("%s: a change to a file x wrote went unseen", what)
				break seen
			}
		}
		ready.w.close()
	}
}

// While x asks, the footer is the question, over the verdict it is about
// (the body from its top): not "Passed! n opens…", which the question
// contradicts.
func TestTheQuestionReplacesTheStatusLine(t *testing.T) {
	racefree.Only(t) // no goroutine: the model driven by hand, a fake backend
	f := newFake()
	f.pass("01-consecutive-breaker")
	d := start(t, f, 80, 24)
	d.wantView("Passed! n opens 02")
	d.keys("G", "x")
	v := d.view()
	if strings.Contains(v, "Passed!") {
		t.Errorf("the reset question shows under a stale \"Passed!\":\n%s", v)
	}
	flat := strings.Join(strings.Fields(v), " ")
	if !strings.Contains(flat, "Reset 01-consecutive-breaker to its stub?") || !strings.Contains(v, "PASS") {
		t.Errorf("the question should show with the verdict it is about:\n%s", v)
	}
	d.keys("n")
	d.wantView(nothingChangedMessage)
}

// At 50 columns the key line gives way, but not x while the verdict says
// "x puts the bundled tests back".
func TestAKeyTheVerdictNamesStaysInTheKeyLine(t *testing.T) {
	racefree.Only(t) // no goroutine: the model driven by hand, a fake backend
	f := newFake()
	f.missing = map[string]bool{"01-consecutive-breaker": true}
	d := start(t, f, 50, 16)
	v := d.view()
	if !strings.Contains(strings.Join(strings.Fields(v), " "), "x puts the bundled tests back") {
		t.Fatalf("the verdict should name x:\n%s", v)
	}
	lines := strings.Split(strings.TrimRight(v, "\n"), "\n")
	if keyLine := lines[len(lines)-1]; !strings.Contains(keyLine, "x put tests back") {
		t.Errorf("the key line %q lacks the x the verdict names", keyLine)
	}
}

// faulty is the fake whose checks find a bundled test file missing, with
// the summary and Fault a workbook's check gives.
type faulty struct{ *fake }

func (f faulty) Check(ctx context.Context, e exercises.Exercise, p func(grade.Progress)) exercises.Result {
	r := f.fake.Check(ctx, e, p)
	r.TestsMissing = true
	r.Fault = "the bundled test file breaker_test.go is missing, so nothing can be graded"
	r.Report = grade.Report{Status: grade.NoTests, Summary: r.Fault + "; put it back with `breakerlab exercises reset --tests 01` (your code is kept)"}
	return r
}

// The runner says its own way out (x) under a missing test file, not the
// command line's, which the summary ends with.
func TestNoTestsSaysOnlyTheRunnersWayOut(t *testing.T) {
	racefree.Only(t) // no goroutine: the model driven by hand, a fake backend
	d := startOn(t, faulty{newFake()}, 80, 24)
	flat := strings.Join(strings.Fields(d.view()), " ")
	for _, want := range []string{"NO TESTS the bundled test file breaker_test.go is missing, so nothing can be graded", "x puts the bundled tests back"} {
		if !strings.Contains(flat, want) {
			t.Errorf("the view lacks %q:\n%s", want, d.view())
		}
	}
	if strings.Contains(flat, "breakerlab exercises reset") {
		t.Errorf("the runner tells of the command line's reset over its own x:\n%s", d.view())
	}
}
