package exercisesui

import (
	"crypto/sha256"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/fsnotify/fsnotify"
)

// watcher turns saves in the exercise folders into messages.
type watcher struct {
	fs    *fsnotify.Watcher
	names map[string]string // exercise folder → exercise name

	// The runner's own writes (x's reset or restore) are followed by a
	// check of their own: their events, seen as saves, would check the
	// exercise a second time 200 ms later, its verdict shown twice with
	// the spinner between. mu guards busy and own, which the command
	// writing the files fills while next reads them.
	mu   sync.Mutex
	busy map[string]int         // exercise folders the runner is writing to now
	own  map[string]writtenFile // Go files as the runner's last write left them
}

// writtenFile is a Go file as the runner's write left it: gone (a reset
// moves the learner's added files aside), or with this content.
type writtenFile struct {
	exists bool
	sum    [sha256.Size]byte
}

// Messages from the watcher.
type (
	watchReadyMsg struct{ w *watcher }
	fileSavedMsg  struct{ name string } // a Go file of this exercise changed
	watchErrMsg   struct{ err error }
	watchDoneMsg  struct{} // the watcher was closed
)

// startWatching is a command that watches every exercise folder, and the
// folders that hold them for an exercise folder that comes (back): a
// folder renamed or removed takes its watch with it (fsnotify drops it),
// and one missing at the start has none to take. A folder's return adds
// its watch again (next).
func startWatching(dirs map[string]string) tea.Cmd {
	return func() tea.Msg {
		fw, err := fsnotify.NewWatcher()
		if err != nil {
			return watchErrMsg{fmt.Errorf("cannot watch files: %w", err)}
		}
		w := &watcher{fs: fw, names: map[string]string{}}
		parents := map[string]bool{}
		for dir, name := range dirs {
			dir = filepath.Clean(dir)
			w.names[dir] = name
			parents[filepath.Dir(dir)] = true
		}
		for parent := range parents {
			if err := fw.Add(parent); err != nil {
				fw.Close()
				return watchErrMsg{fmt.Errorf("cannot watch %s: %w", parent, err)}
			}
		}
		for dir := range w.names {
			// A missing folder is watched once it comes: its parent's
			// watch tells when.
			if err := fw.Add(dir); err != nil && !errors.Is(err, fs.ErrNotExist) {
				fw.Close()
				return watchErrMsg{fmt.Errorf("cannot watch %s: %w", dir, err)}
			}
		}
		return watchReadyMsg{w}
	}
}

// next is a command that waits for the next save that matters.
func (w *watcher) next() tea.Cmd {
	return func() tea.Msg {
		for {
			select {
			case ev, ok := <-w.fs.Events:
				if !ok {
					return watchDoneMsg{}
				}
				if name, ok := w.names[filepath.Clean(ev.Name)]; ok {
					if msg := w.folderChanged(ev, name); msg != nil {
						return msg
					}
					continue
				}
				if name, ok := w.relevant(ev); ok && !w.ownWrite(ev.Name) {
					return fileSavedMsg{name}
				}
			case err, ok := <-w.fs.Errors:
				if !ok {
					return watchDoneMsg{}
				}
				return watchErrMsg{err}
			}
		}
	}
}

// folderChanged takes an event on the folder of the exercise name itself,
// seen from its parent: a folder that came (back) is watched again. Its
// coming or going is a save that matters, for its check to say what the
// folder holds now: the learner's code again, or nothing (the check then
// says the folder is missing), unless the runner made the change (x writes
// a missing folder afresh and checks it itself). nil when the event is
// none of these.
func (w *watcher) folderChanged(ev fsnotify.Event, name string) tea.Msg {
	if ev.Has(fsnotify.Create) {
		// Added again, not merely kept: fsnotify dropped the watch when
		// the folder went. Gone again already, it comes back with a
		// Create of its own.
		if err := w.fs.Add(ev.Name); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return watchErrMsg{fmt.Errorf("cannot watch %s: %w", ev.Name, err)}
		}
	}
	if !ev.Has(fsnotify.Create) && !ev.Has(fsnotify.Rename) && !ev.Has(fsnotify.Remove) {
		return nil
	}
	if w.ownWrite(ev.Name) {
		return nil
	}
	return fileSavedMsg{name}
}

// relevant reports whether ev is a change to a Go file of an exercise:
// editors' temporary and backup files are left out.
func (w *watcher) relevant(ev fsnotify.Event) (string, bool) {
	base := filepath.Base(ev.Name)
	if !strings.HasSuffix(base, ".go") || strings.HasPrefix(base, ".") || strings.HasPrefix(base, "#") {
		return "", false
	}
	if !ev.Has(fsnotify.Write) && !ev.Has(fsnotify.Create) && !ev.Has(fsnotify.Rename) && !ev.Has(fsnotify.Remove) {
		return "", false
	}
	name, ok := w.names[filepath.Dir(filepath.Clean(ev.Name))]
	return name, ok
}

// writing marks dir as written by the runner until the returned func is
// called, once the writing is over, with the Go files the write put there
// (by name, with their content) and whether it moved every other Go file
// of the folder aside (a reset) or left them be (a restore of the tests).
// The events of the writes are dropped, those that arrive after it too
// while the files are as written: what the runner wrote is stamped, not
// what the folder holds when done is called. An editor's save by rename
// that lands on a file as it is written, or just after, is then no write
// of the runner's: done returns the files not as written (by name, sorted),
// and the events of such a save, arriving after done, count as a save. A
// nil watcher (manual mode, or not ready yet) drops nothing, and done
// still says which files are not as written.
func (w *watcher) writing(dir string) (done func(wrote map[string][]byte, othersGone bool) []string) {
	dir = filepath.Clean(dir)
	before := goFiles(dir)
	if w != nil {
		w.mu.Lock()
		if w.busy == nil {
			w.busy = map[string]int{}
		}
		w.busy[dir]++
		w.mu.Unlock()
	}
	return func(wrote map[string][]byte, othersGone bool) []string {
		after := goFiles(dir)
		want := asWritten(dir, wrote, othersGone, append(before, after...))
		var changed []string
		for path, st := range want {
			// A file missing is no save: an editor's save by rename
			// leaves it there, with other content.
			if now := stamp(path); path != dir && now.exists && now != st {
				changed = append(changed, filepath.Base(path))
			}
		}
		slices.Sort(changed)
		if w == nil {
			return changed
		}
		w.mu.Lock()
		defer w.mu.Unlock()
		if w.own == nil {
			w.own = map[string]writtenFile{}
		}
		for path, st := range want {
			w.own[path] = st
		}
		if w.busy[dir]--; w.busy[dir] <= 0 {
			delete(w.busy, dir)
		}
		return changed
	}
}

// asWritten is each file of dir as the runner's write left it: the Go
// files of wrote with their content, and, where the write moved the others
// aside (othersGone), the other Go files seen in the folder (seen) gone.
// The folder is stamped too: a reset writes a missing one afresh.
func asWritten(dir string, wrote map[string][]byte, othersGone bool, seen []string) map[string]writtenFile {
	want := map[string]writtenFile{dir: {exists: true}}
	for name, b := range wrote {
		if strings.HasSuffix(name, ".go") {
			want[filepath.Join(dir, name)] = writtenFile{exists: true, sum: sha256.Sum256(b)}
		}
	}
	if othersGone {
		for _, path := range seen {
			if _, ok := want[path]; !ok {
				want[path] = writtenFile{}
			}
		}
	}
	return want
}

// ownWrite reports whether the event on path comes from the runner's own
// writing: it arrived while the runner wrote the folder, or the file is
// still as the runner left it. A file the learner changed since is theirs
// again.
func (w *watcher) ownWrite(path string) bool {
	path = filepath.Clean(path)
	w.mu.Lock()
	defer w.mu.Unlock()
	// path is a file in a folder being written, or the folder itself.
	if w.busy[filepath.Dir(path)] > 0 || w.busy[path] > 0 {
		return true
	}
	written, ok := w.own[path]
	if !ok {
		return false
	}
	if stamp(path) == written {
		return true
	}
	delete(w.own, path)
	return false
}

// goFiles lists the Go files in dir, the files whose events count.
func goFiles(dir string) []string {
	paths, _ := filepath.Glob(filepath.Join(dir, "*.go"))
	return paths
}

// stamp is the file at path as it is now; a folder, which has no content
// to sum, only exists.
func stamp(path string) writtenFile {
	if info, err := os.Stat(path); err == nil && info.IsDir() {
		return writtenFile{exists: true}
	}
	b, err := os.ReadFile(path)
	if err != nil {
		return writtenFile{}
	}
	return writtenFile{exists: true, sum: sha256.Sum256(b)}
}

func (w *watcher) close() {
	if w != nil && w.fs != nil {
		w.fs.Close()
	}
}
