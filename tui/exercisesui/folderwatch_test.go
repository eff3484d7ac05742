package exercisesui

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
)

// watchedFolders is a workbook folder in t.TempDir() with the first two
// exercises' folders, those listed in present made, and a watcher started
// on all of them, as Init starts it; the messages of its next() arrive on
// msgs, one next() at a time, as the runner asks for them.
type watchedFolders struct {
	t    *testing.T
	dirs []string // the exercise folders
	w    *watcher
	msgs chan tea.Msg
	n    int // saves so far: each writes what no save before it did
}

func watchFolders(t *testing.T, present ...bool) *watchedFolders {
	t.Helper()
	root := t.TempDir()
	f := newFake()
	wf := &watchedFolders{t: t, msgs: make(chan tea.Msg, 16)}
	dirs := map[string]string{}
	for i, e := range f.exs[:2] {
		dir := filepath.Join(root, e.Name)
		wf.dirs = append(wf.dirs, dir)
		dirs[dir] = e.Name
		if present[i] {
			if err := os.Mkdir(dir, 0o755); err != nil {
				t.Fatal(err)
			}
		}
	}
	switch msg := startWatching(dirs)().(type) {
	case watchReadyMsg:
		wf.w = msg.w
	default:
		t.Fatalf("the watcher did not start: %#v", msg)
	}
	go func() {
		for {
			msg := wf.w.next()()
			wf.msgs <- msg
			if _, done := msg.(watchDoneMsg); done {
				return
			}
		}
	}()
	t.Cleanup(wf.w.close)
	return wf
}

// save writes a Go file into the exercise folder i, as a learner's save.
func (wf *watchedFolders) save(i int, file string) {
	wf.t.Helper()
	wf.n++
	if err := os.WriteFile(filepath.Join(wf.dirs[i], file), fmt.Appendf(nil, "package breaker\n\n// save %d\n", wf.n), 0o644); err != nil {
		wf.t.Fatal(err)
	}
}

// saved waits up to 5 s for the watcher to report a save in the exercise
// folder i, and fails the test if another message comes first.
func (wf *watchedFolders) saved(i int, what string) {
	wf.t.Helper()
	select {
	case msg := <-wf.msgs:
		if s, ok := msg.(fileSavedMsg); !ok || s.name != filepath.Base(wf.dirs[i]) {
			wf.t.Fatalf("%s: the watcher's message is %#v, want a save in %s", what, msg, filepath.Base(wf.dirs[i]))
		}
	case <-time.After(5 * time.Second):
		wf.t.Fatalf("%s: the watcher reported nothing in 5 s", what)
	}
}

// quiet takes the watcher's messages until none comes for half a second
// (10 s at most): what the folder's going and coming says is over.
func (wf *watchedFolders) quiet() {
	wf.t.Helper()
	deadline := time.After(10 * time.Second)
	for {
		select {
		case <-wf.msgs:
		case <-time.After(500 * time.Millisecond):
			return
		case <-deadline:
			wf.t.Fatal("the watcher kept reporting for 10 s")
		}
	}
}

// A learner who renames an exercise's folder and renames it back, while
// the runner watches, has the runner check it at each (the check says the
// folder is missing, then what it holds again) and see their saves in it
// afterwards: fsnotify drops a folder's watch when the folder goes, and
// the runner adds it again when the folder comes back.
func TestTheWatcherFollowsAFolderRenamedAndBack(t *testing.T) {
	wf := watchFolders(t, true, true)
	aside := filepath.Join(filepath.Dir(wf.dirs[0]), "mine01")
	if err := os.Rename(wf.dirs[0], aside); err != nil {
		t.Fatal(err)
	}
	wf.saved(0, "the folder renamed away")
	wf.quiet()
	if err := os.Rename(aside, wf.dirs[0]); err != nil {
		t.Fatal(err)
	}
	wf.saved(0, "the folder renamed back")
	wf.quiet()
	wf.save(0, "breaker.go")
	wf.saved(0, "a save in the folder renamed back")
}

// A runner started with an exercise's folder missing watches the others,
// and that one once it comes: x writes it afresh (its own write, which it
// checks itself, so no save is reported for it), and the learner's saves
// in it are seen from then on.
func TestTheWatcherWaitsForAMissingFolder(t *testing.T) {
	wf := watchFolders(t, false, true)
	done := wf.w.writing(wf.dirs[0]) // as x's reset writes a fresh folder
	if err := os.Mkdir(wf.dirs[0], 0o755); err != nil {
		t.Fatal(err)
	}
	wf.save(0, "breaker.go")
	wf.save(0, "breaker_test.go")
	wrote := map[string][]byte{}
	for _, name := range []string{"breaker.go", "breaker_test.go"} {
		b, err := os.ReadFile(filepath.Join(wf.dirs[0], name))
		if err != nil {
			t.Fatal(err)
		}
		wrote[name] = b
	}
	if changed := done(wrote, true); len(changed) > 0 {
		t.Fatalf("the files written are %v, not as written", changed)
	}
	wf.save(1, "mine.go")
	wf.saved(1, "a save in another folder after x wrote the missing one")
	wf.quiet()
	wf.save(0, "breaker.go")
	wf.saved(0, "a save in the folder x wrote")
}
