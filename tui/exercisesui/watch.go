package exercisesui

import (
	"fmt"
	"path/filepath"
	"strings"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/fsnotify/fsnotify"
)

// watcher turns saves in the exercise folders into messages.
type watcher struct {
	fs    *fsnotify.Watcher
	names map[string]string // exercise folder → exercise name
}

// Messages from the watcher.
type (
	watchReadyMsg struct{ w *watcher }
	fileSavedMsg  struct{ name string } // a Go file of this exercise changed
	watchErrMsg   struct{ err error }
	watchDoneMsg  struct{} // the watcher was closed
)

// startWatching is a command that watches every exercise folder.
func startWatching(dirs map[string]string) tea.Cmd {
	return func() tea.Msg {
		fw, err := fsnotify.NewWatcher()
		if err != nil {
			return watchErrMsg{fmt.Errorf("cannot watch files: %w", err)}
		}
		w := &watcher{fs: fw, names: map[string]string{}}
		for dir, name := range dirs {
			if err := fw.Add(dir); err != nil {
				fw.Close()
				return watchErrMsg{fmt.Errorf("cannot watch %s: %w", dir, err)}
			}
			w.names[filepath.Clean(dir)] = name
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
				if name, ok := w.relevant(ev); ok {
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

func (w *watcher) close() {
	if w != nil && w.fs != nil {
		w.fs.Close()
	}
}
