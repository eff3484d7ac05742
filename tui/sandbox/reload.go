package sandbox

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/chaos"
	"github.com/breakerlab/breakerlab/engine/scenariofile"
	"github.com/breakerlab/breakerlab/tui/internal/playback"
	"github.com/breakerlab/breakerlab/tui/pane"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
	"github.com/fsnotify/fsnotify"
)

// A sandbox opened on a scenario file follows it: the learner edits the
// file in an editor beside the sandbox, and each save is read again (a
// watcher on the file's folder, as editors save by writing a new file and
// renaming it over the old one, which a watch on the file itself loses),
// or R reads it by hand. A good file replaces the scenario, with the
// variant, the moment, the knobs and the faults the learner had set
// carried over where they still apply, and the status line says what was
// carried and what was not. A bad file leaves the run on screen as it was
// and its refusal stays on the status line until the file is good again.

// fileSettle is how long the file's folder must be quiet before a change
// is read: an editor's save is several events (a temporary file written,
// renamed over, its mode set), and the file read between them is half
// written or missing.
const fileSettle = 150 * time.Millisecond

// fileFollow is the file the sandbox follows. It is behind a pointer, as
// the panes are, so that the copies of the model bubbletea hands round
// share one watcher.
type fileFollow struct {
	path string
	load func() (*engine.Scenario, error)
	// err is the file's refusal as last read, "" while the file is good:
	// the status line shows it until a read finds the file good again.
	err string
	// pending is the file as last read while a form, a prompt or long
	// work held the screen: it is played once they are done
	// (Model.usePending).
	pending *fileReadMsg

	// mu guards w and closed: the watcher is made by a command, on
	// bubbletea's goroutine for commands, while Close may come from the
	// program's end.
	mu     sync.Mutex
	w      *fsnotify.Watcher
	closed bool
}

// Messages of the file's watcher.
type (
	fileWatchingMsg struct{}            // the watcher is ready: wait for a change
	fileWatchErrMsg struct{ err error } // the watcher cannot watch (R still reads)
	fileWatchEnd    struct{}            // the watcher was closed
)

// fileReadMsg is the file as read again, off Update (read): the scenario,
// or why there is none. byHand says R asked; watched, that the watcher
// read it, which waits for the next change once this is handled.
type fileReadMsg struct {
	sc              *engine.Scenario
	err             error
	byHand, watched bool
}

// read is the command that reads the file again.
func (f *fileFollow) read(byHand bool) tea.Cmd {
	return func() tea.Msg { return f.readNow(byHand) }
}

// readNow reads the file: a file moved or deleted is said so, where the
// loader's refusal would be the command line's, naming the built-in
// scenarios to give instead.
func (f *fileFollow) readNow(byHand bool) fileReadMsg {
	if _, err := os.Stat(f.path); errors.Is(err, fs.ErrNotExist) {
		return fileReadMsg{err: fmt.Errorf("%s is gone from %s (moved or deleted); it is read again when it is back", f.name(), filepath.Dir(f.path)), byHand: byHand}
	}
	sc, err := f.load()
	return fileReadMsg{sc: sc, err: err, byHand: byHand}
}

// newFileFollow follows path, read again by load; nil load parses the
// file as a scenario file.
func newFileFollow(path string, load func() (*engine.Scenario, error)) *fileFollow {
	if path == "" {
		return nil
	}
	if load == nil {
		load = func() (*engine.Scenario, error) {
			data, err := os.ReadFile(path)
			if err != nil {
				return nil, fmt.Errorf("cannot read scenario file %s: %w", path, err)
			}
			return scenariofile.Parse(path, data)
		}
	}
	return &fileFollow{path: filepath.Clean(path), load: load}
}

// name is the file as the status line names it.
func (f *fileFollow) name() string { return filepath.Base(f.path) }

// start is the command that makes the one watcher, on the file's folder.
func (f *fileFollow) start() tea.Cmd {
	return func() tea.Msg {
		w, err := fsnotify.NewWatcher()
		if err != nil {
			return fileWatchErrMsg{fmt.Errorf("cannot watch %s for changes: %w (R reads it again)", f.name(), err)}
		}
		if err := w.Add(filepath.Dir(f.path)); err != nil {
			w.Close()
			return fileWatchErrMsg{fmt.Errorf("cannot watch %s for changes: %w (R reads it again)", f.name(), err)}
		}
		f.mu.Lock()
		defer f.mu.Unlock()
		if f.closed || f.w != nil {
			// Closed before it was ready, or a second start: one watcher.
			w.Close()
			return fileWatchEnd{}
		}
		f.w = w
		return fileWatchingMsg{}
	}
}

// next is the command that waits for the file to change, and then for
// its folder to be quiet for fileSettle.
func (f *fileFollow) next() tea.Cmd {
	f.mu.Lock()
	w := f.w
	f.mu.Unlock()
	if w == nil {
		return nil
	}
	return func() tea.Msg {
		var settle <-chan time.Time
		for {
			select {
			case ev, ok := <-w.Events:
				if !ok {
					return fileWatchEnd{}
				}
				if filepath.Clean(ev.Name) == f.path && !ev.Has(fsnotify.Chmod) {
					settle = time.After(fileSettle)
				}
			case err, ok := <-w.Errors:
				if !ok {
					return fileWatchEnd{}
				}
				return fileWatchErrMsg{fmt.Errorf("watching %s: %w (R reads it again)", f.name(), err)}
			case <-settle:
				msg := f.readNow(false)
				msg.watched = true
				return msg
			}
		}
	}
}

// close ends the watcher; the command waiting on it returns fileWatchEnd.
func (f *fileFollow) close() {
	if f == nil {
		return
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	f.closed = true
	if f.w != nil {
		f.w.Close()
	}
}

// Close ends the watch on the scenario file, if the sandbox follows one;
// the program that ran the sandbox calls it once the sandbox is closed.
func (m Model) Close() { m.file.close() }

// Following is the scenario file the sandbox follows, "" for none.
func (m Model) Following() string {
	if m.file == nil {
		return ""
	}
	return m.file.path
}

// onFileMsg handles the watcher's messages; ok is false for any other.
func (m Model) onFileMsg(msg tea.Msg) (tea.Model, tea.Cmd, bool) {
	if m.file == nil {
		return m, nil, false
	}
	switch msg := msg.(type) {
	case fileWatchingMsg:
		return m, m.file.next(), true
	case fileReadMsg:
		m.file.pending = &msg
		m.usePending()
		m.refresh()
		if msg.watched {
			return m, m.file.next(), true
		}
		return m, nil, true
	case fileWatchErrMsg:
		m.setNote(msg.err.Error(), true)
		m.refresh()
		return m, m.file.next(), true
	case fileWatchEnd:
		return m, nil, true
	}
	return m, nil, false
}

// busy reports whether something holds the screen that a new scenario
// would pull from under it: the knob form or its sweep, a prompt, the
// chaos menu, the question before leaving, or long work.
func (m *Model) busy() bool {
	return m.form != nil || m.sw != nil || m.prompt != nil || m.chaos != nil || m.leaving != nil || m.work != nil || m.warming != nil
}

// busyWhat names what busy found holding the screen.
func (m *Model) busyWhat() string {
	switch {
	case m.form != nil || m.sw != nil:
		return "the knob form"
	case m.prompt != nil:
		return "the prompt"
	case m.chaos != nil:
		return "the chaos menu"
	case m.leaving != nil:
		return "the question"
	}
	return "the work under way"
}

// usePending plays the file as last read once nothing holds the screen;
// until then it waits, said on the status line.
func (m *Model) usePending() {
	if m.file == nil || m.file.pending == nil {
		return
	}
	if m.busy() {
		if m.note == "" {
			m.setNote(m.file.name()+" changed: read once "+m.busyWhat()+" closes", false)
		}
		return
	}
	read := *m.file.pending
	m.file.pending = nil
	m.useRead(read.sc, read.err, read.byHand)
}

// useRead plays fresh, the file as read again, in place of the scenario
// if it is good, or shows err, or why fresh cannot run, until it is
// (byHand: R asked, which says so even when nothing changed).
func (m *Model) useRead(fresh *engine.Scenario, err error, byHand bool) {
	f := m.file
	if err == nil && len(fresh.Variants) == 0 {
		err = fmt.Errorf("%s has no variants; a scenario file needs at least one [[variants]]", f.path)
	}
	if err == nil {
		err = fresh.Validate()
	}
	if err == nil {
		err = m.limits.check(fresh, 1)
	}
	if err != nil {
		f.err = fileRefusal(err)
		m.setNote("", false) // the refusal is the status line's (fileNote)
		return
	}
	wasBad := f.err != ""
	f.err = ""
	if reflect.DeepEqual(fresh, m.sim.original) {
		if byHand || wasBad {
			m.setNote(f.name()+" read again: the same scenario, nothing to change", false)
		}
		return
	}
	said, err := m.replaceScenario(fresh)
	if err != nil {
		f.err = fileRefusal(err)
		m.setNote("", false)
		return
	}
	m.setNote(f.name()+" read again"+said, false)
	m.noteShort = f.name() + " read again" + shortSaid(said)
}

// fileRefusal is the file's refusal as the status line shows it: what
// the file says is wrong, and that the run on screen stays.
func fileRefusal(err error) string {
	return err.Error() + refusalTail
}

// refusalTail ends a refusal of the file: the run shown is not the file's.
const refusalTail = "; the run on screen is the file as last read"

// shortSaid is the note's tail for a window where the whole note does not
// fit: only what was lost, which must not go unsaid.
func shortSaid(said string) string {
	if i := strings.Index(said, "; not carried: "); i >= 0 {
		return said[i:]
	}
	return ""
}

// replaceScenario plays fresh, the file read again, in place of the
// scenario: on the variant shown (by index) and at the time shown, where
// fresh still has them, with the learner's knob edits and injected faults
// carried where they still apply. said tells what moved and what was not
// carried, for the status line. On an error the run on screen stays.
func (m *Model) replaceScenario(fresh *engine.Scenario) (said string, err error) {
	s := m.sim
	var notes, lost []string
	// The variant shown is found by its name (variantIn): a file whose
	// variants were reordered kept the place and showed another design.
	v := variantIn(s.original, fresh, s.variant)
	if v < 0 {
		notes = append(notes, fmt.Sprintf("variant %d, %q, is gone, showing variant 1", s.variant+1, s.original.Variants[s.variant].Name))
		v = 0
	}
	at := s.at
	if at > fresh.Duration {
		at = fresh.Duration
		notes = append(notes, "the run is shorter now, shown at its end")
	}
	knobs, carried, dropped := carryKnobs(s.original, s.knobs(), fresh)
	lost = append(lost, dropped...)
	var specs []chaos.Spec
	for _, sp := range s.injected {
		if _, err := chaos.Apply(knobs, append(slices.Clone(specs), sp)); err != nil {
			lost = append(lost, "fault "+sp.String())
			continue
		}
		specs = append(specs, sp)
	}
	old := *s
	s.original, s.variant, s.at, s.injected = cloneScenario(fresh), v, at, specs
	plain, run, err := s.newScenario(knobs, carried)
	if err == nil {
		err = s.runInstead(run)
	}
	if err != nil {
		*s = old
		return "", err
	}
	s.plain, s.edited = plain, len(carried) > 0
	for sp := range s.typed {
		if !slices.Contains(specs, sp) {
			delete(s.typed, sp)
		}
	}
	// Leaving asks about what no file holds: the file as read now (with
	// the command line's faults, which it runs again) is what is saved.
	saveFaults := m.saved.faults
	m.saved = saved{sc: cloneScenario(fresh), knobs: cloneScenario(fresh)}
	if sc, err := chaos.Apply(fresh, saveFaults); err == nil && len(saveFaults) > 0 {
		m.saved.sc, m.saved.faults = sc, saveFaults
	}
	m.keys.NextVariant.SetEnabled(len(fresh.Variants) > 1)
	m.keys.PrevVariant.SetEnabled(len(fresh.Variants) > 1)
	m.chrome = &playback.Chrome{} // its key line was cached with the old variants' keys
	if len(carried) > 0 {
		notes = append(notes, "knobs kept: "+strings.Join(changeWords(carried), ", "))
	}
	if len(specs) > 0 {
		notes = append(notes, "faults kept: "+strings.Join(specWords(specs), ", "))
	}
	if len(lost) > 0 {
		notes = append(notes, "not carried: "+strings.Join(lost, ", "))
	}
	if m.cmp != nil {
		a, b := m.cmp.sides[0], m.cmp.sides[1]
		if err := m.openCompare(a.variant, b.variant, a.preset, b.preset); err != nil || m.warming != nil {
			m.cmp, m.warming = nil, nil
			notes = append(notes, "compare closed")
		}
	}
	if len(notes) == 0 {
		return "", nil
	}
	return ": " + strings.Join(notes, "; "), nil
}

// specWords are the faults in the chaos menu's words.
func specWords(specs []chaos.Spec) []string {
	out := make([]string, len(specs))
	for i, sp := range specs {
		out[i] = sp.String()
	}
	return out
}

// variantIn is the index in fresh, the file read again, of variant i of
// old, the file as last read, or -1 where it is gone: the variant of the
// same name, else, where the file renamed it in place, the one at its
// place that old has no variant of that name for.
func variantIn(old, fresh *engine.Scenario, i int) int {
	named := func(sc *engine.Scenario, name string) int {
		for j := range sc.Variants {
			if sc.Variants[j].Name == name {
				return j
			}
		}
		return -1
	}
	if j := named(fresh, old.Variants[i].Name); j >= 0 {
		return j
	}
	if i < len(fresh.Variants) && named(old, fresh.Variants[i].Name) < 0 {
		return i
	}
	return -1
}

// carryKnobs is fresh with the knob edits the learner made (edited against
// old, the file as last read) set on it again, field by field, variant by
// variant, each found in fresh by its name (variantIn): a file whose
// variants were reordered had the edits of one set on another by their
// place. An edit is carried where fresh still has the field
// and the file left its value as it was; where the file moved it too, the
// file's value is the newer word, and the edit is not carried, nor where
// the field is gone or its value no longer fits. dropped says those edits
// in the form's words, with why.
func carryKnobs(old, edited, fresh *engine.Scenario) (out *engine.Scenario, carried []change, dropped []string) {
	out = fresh
	seen := map[string]bool{}
	for i := range min(len(old.Variants), len(edited.Variants)) {
		g, f := newForm(nil, old, i), newForm(nil, edited, i)
		was := textsByKey(g)
		sys := &old.Variants[i].System
		to := variantIn(old, fresh, i)
		if to < 0 {
			for _, c := range f.editsFrom(g, sys) {
				if !seen[c.words] {
					seen[c.words] = true
					dropped = append(dropped, fmt.Sprintf("%s (variant %q is gone)", c.words, old.Variants[i].Name))
				}
			}
			continue
		}
		n := newForm(nil, out, to)
		nKeys := n.fieldKeys()
		at := make(map[string]int, len(nKeys))
		for j, k := range nKeys {
			at[k] = j
		}
		var set []change
		for j, key := range f.fieldKeys() {
			k := &f.knobs[j]
			now := strings.TrimSpace(k.input.Value())
			before, inOld := was[key]
			if inOld && now == before {
				continue // not edited
			}
			c := k.edit(now, before, sys, old.Duration)
			nj, ok := at[key]
			switch {
			case !ok:
				if !seen[c.words] {
					dropped = append(dropped, c.words+" (no such knob now)")
				}
			case strings.TrimSpace(n.knobs[nj].input.Value()) == now:
				// Already so: an edit of a field every variant shares,
				// carried with an earlier variant, or the file says it too.
			case strings.TrimSpace(n.knobs[nj].input.Value()) != before:
				if !seen[c.words] {
					dropped = append(dropped, c.words+" (the file sets it now)")
				}
			default:
				n.knobs[nj].input.SetValue(now)
				set = append(set, c)
			}
			seen[c.words] = true
		}
		if len(set) == 0 {
			continue
		}
		if b := n.build(out); b != nil {
			out = b
			carried = append(carried, set...)
			continue
		}
		for _, c := range set {
			dropped = append(dropped, c.words+" (refused on the new file)")
		}
	}
	return out, carried, dropped
}

// textsByKey is each field's text of f, by the field's identity.
func textsByKey(f *form) map[string]string {
	out := make(map[string]string, len(f.knobs))
	for j, key := range f.fieldKeys() {
		out[key] = strings.TrimSpace(f.knobs[j].input.Value())
	}
	return out
}

// fileNote is the status line's note: the note of the moment, else the
// file's refusal while it stands.
func (m *Model) fileNote() (note string, isErr bool, short string) {
	if m.note != "" || m.file == nil || m.file.err == "" {
		return m.note, m.noteErr, m.noteShort
	}
	return m.file.err, true, m.file.name() + " refused: " + refusalWhere(m.file.err)
}

// refusalRows are the status line and the key line while the file's
// refusal stands and does not fit one line: the refusal over both, as
// what it says is allowed comes last and a line cut short lost it (at 80
// columns "duration must be a duration …"). The keys stay in ? and under
// any note of the moment; nil when the refusal fits, or there is none.
func (m Model) refusalRows() []string {
	if m.note != "" || m.file == nil || m.file.err == "" || m.prompt != nil || m.leaving != nil {
		return nil
	}
	room := m.w - 2
	if ansi.StringWidth(m.file.err) <= room || room < 20 {
		return nil
	}
	rows := pane.Wrap(m.file.err, room)
	if len(rows) > 2 {
		// Without the tail that the run stays, if that is what it takes.
		rows = pane.Wrap(strings.TrimSuffix(m.file.err, refusalTail), room)
	}
	if len(rows) > 2 {
		rows = append(rows[:1], ansi.Truncate(rows[1], room-2, "")+" …")
	}
	for i, r := range rows {
		rows[i] = pane.Fit(" "+m.th.Error.Render(r), m.w)
	}
	return rows
}

// refusalWhere is the "file:line" a refusal starts with, or its words cut
// at the first colon where it names no line.
func refusalWhere(msg string) string {
	before, rest, ok := strings.Cut(msg, ": ")
	if !ok {
		return msg
	}
	if i := strings.LastIndexByte(before, ':'); i >= 0 {
		return "line " + before[i+1:] + ": " + rest
	}
	return rest
}

// noFileNote is R's refusal where the sandbox follows no file.
const noFileNote = "R reads the scenario file again: this scenario is built in, not a file (w writes it as one)"
