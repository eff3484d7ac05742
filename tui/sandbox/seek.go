package sandbox

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/scenariofile"
	"github.com/breakerlab/breakerlab/tui/internal/playback"
	"github.com/breakerlab/breakerlab/tui/pane"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
)

// Seeking, the seed and saving: the prompts the sandbox opens in its key
// line (a time to go to, a seed, a file to write the edited scenario to).
// The events ] and [ move through are events.go's.

// The prompts' kinds.
const (
	promptTime = iota
	promptSeed
	promptPath
	promptOverwrite
)

// promptKey handles a key while a prompt is open.
func (m Model) promptKey(k tea.KeyMsg) (tea.Model, tea.Cmd) {
	p := m.prompt
	if p.Kind == promptOverwrite {
		return m.overwriteKey(k)
	}
	switch p.Key(k) {
	case playback.PromptCancelled:
		m.prompt = nil
		m.refresh()
		return m, nil
	case playback.PromptTyping:
		return m, nil
	}
	var cmd tea.Cmd
	switch p.Kind {
	case promptChaos:
		m.chaosPrompt(p) // chaos.go: stays open on a bad spec
	case promptTime:
		done, note, err := m.clock.GoTo(p, timeline{&m})
		if !done {
			return m, nil
		}
		m.prompt = nil
		if m.report(err) {
			m.setNote(note, false)
		}
	case promptSeed:
		seed, err := m.seedTyped(p.Input)
		if err != nil {
			p.Err = err.Error()
			p.Select() // refused: the next typed seed replaces it
			return m, nil
		}
		m.prompt = nil
		m.setSeed(seed)
	case promptPath:
		path := strings.TrimSpace(p.Input)
		if path == "" {
			path = defaultPath(m.sim.sc)
		}
		data, err := m.dump()
		if err != nil {
			m.prompt = nil
			m.report(err)
			break
		}
		m.prompt = nil
		cmd = writeScenario(path, data, false, m.sim.savedNow())
	}
	m.refresh()
	return m, cmd
}

// overwriteKey answers "overwrite?": y writes, anything else keeps the
// file and goes back to the path to choose another.
func (m Model) overwriteKey(k tea.KeyMsg) (tea.Model, tea.Cmd) {
	path := m.prompt.Subject
	if k.String() == "y" || k.String() == "Y" {
		data, err := m.dump()
		m.prompt = nil
		if !m.report(err) {
			m.refresh()
			return m, nil
		}
		m.refresh()
		return m, writeScenario(path, data, true, m.sim.savedNow())
	}
	m.prompt = &playback.Prompt{Kind: promptPath, Label: "write the scenario to", Input: path,
		Hint: "kept the file; type another name"}
	m.refresh()
	return m, nil
}

// seedPrompt is the prompt S opens. S is "another seed" in the help, so
// enter alone takes one: the next after the seed shown, which the hint
// names (it answered `"" is not a seed`).
func (m *Model) seedPrompt() *playback.Prompt {
	return &playback.Prompt{Kind: promptSeed, Label: "seed",
		Hint: fmt.Sprintf("now %d; enter alone: %d, the next; re-runs this moment", m.sim.seed, m.sim.seed+1)}
}

// seedTyped is the seed the prompt's input asks for: the next when
// nothing is typed (past the largest seed, 0).
func (m *Model) seedTyped(input string) (uint64, error) {
	if strings.TrimSpace(input) == "" {
		return m.sim.seed + 1, nil
	}
	return playback.ParseSeed(input)
}

// setSeed re-runs everything on the shown variant at the same moment with
// another seed: in compare mode, the sides' moment, where the main view's
// run, re-run, is handed to a side (openCompare), not the moment compare
// mode opened at.
func (m *Model) setSeed(seed uint64) { m.setSeedAt(seed, m.now()) }

// setSeedAt re-runs the shown variant at t on another seed, after the
// work a long run takes to get there (work.go); t is the moment shown but
// where esc stopped that work. In compare mode esc changes nothing: the
// sides stand at t, which a run stopped short of it would have to play
// to, at once.
func (m *Model) setSeedAt(seed uint64, t time.Duration) {
	if seed == m.sim.seed {
		m.setNote(fmt.Sprintf("already on seed %d", seed), false)
		return
	}
	if w := m.sim.warmWork(m.sim.variant, seed, t); w != nil {
		if m.cmp != nil {
			w.stopNote = "stopped: still on seed " + fmt.Sprint(m.sim.seed) + "; S again goes on from there"
		}
		w.then = func(m *Model, at time.Duration, stopped bool) error {
			if stopped && m.cmp != nil {
				return nil
			}
			m.setSeedAt(seed, at)
			return nil
		}
		m.begin(w)
		return
	}
	old, oldSteps, oldBytes, oldGen := m.sim.seed, m.sim.steps, m.sim.stepBytes, m.sim.gen
	m.sim.seed, m.sim.steps = seed, nil
	if err := m.sim.rebuild(t); err != nil {
		m.sim.seed, m.sim.steps, m.sim.stepBytes = old, oldSteps, oldBytes
		m.report(m.sim.rebuild(m.sim.at))
		m.sim.gen = oldGen
		m.report(err)
		return
	}
	m.sim.kept.forget() // the other variants' runs were on the old seed
	m.sim.gen = m.sim.newGen()
	m.reopenCompare(fmt.Sprintf("seed %d: the same moment of other traffic", seed),
		fmt.Sprintf("seed %d: both sides re-run on other traffic", seed), "seed changed; compare closed: ", true)
}

// dump is the scenario with its knobs as a scenario file, headed by the
// command that reproduces the run on screen.
func (m *Model) dump() ([]byte, error) {
	data, err := scenariofile.Dump(m.sim.sc)
	if err != nil {
		return nil, fmt.Errorf("cannot write the scenario: %w", err)
	}
	head := fmt.Sprintf("# Written by the breakerlab sandbox, knobs included. The sandbox ran it on\n# seed %d: `breakerlab run FILE --seed %d` gives the same numbers.\n", m.sim.seed, m.sim.seed)
	head += injectedComment(m.sim.injected) // chaos.go
	return append([]byte(head), data...), nil
}

// defaultPath is where w offers to write: <scenario>-edited.toml here.
func defaultPath(sc *engine.Scenario) string {
	name := strings.Map(func(r rune) rune {
		if r == '/' || r == '\\' || r == ' ' || r < ' ' {
			return '-'
		}
		return r
	}, sc.Name)
	return name + "-edited.toml"
}

// writtenMsg reports a write: the path, whether it was refused because the
// file exists, and any error; what is the scenario the file holds.
type writtenMsg struct {
	path   string
	exists bool
	err    error
	what   saved
}

// writeScenario writes data, the scenario what, to path in a command;
// without overwrite, a file already there is left alone and reported.
func writeScenario(path string, data []byte, overwrite bool, what saved) tea.Cmd {
	write := func() writtenMsg {
		flag := os.O_WRONLY | os.O_CREATE | os.O_EXCL
		if overwrite {
			flag = os.O_WRONLY | os.O_CREATE | os.O_TRUNC
		}
		f, err := os.OpenFile(path, flag, 0o644)
		if errors.Is(err, fs.ErrExist) {
			return writtenMsg{path: path, exists: true}
		}
		if err != nil {
			return writtenMsg{path: path, err: err}
		}
		_, err = f.Write(data)
		if cerr := f.Close(); err == nil {
			err = cerr
		}
		return writtenMsg{path: path, err: err}
	}
	return func() tea.Msg {
		msg := write()
		msg.what = what
		return msg
	}
}

// writtenRows are the status line and the key line when the note of a
// write does not fit one line: what was written and how to run it, then
// the file's path alone on its line; nil when the note fits, or there is
// none.
func (m Model) writtenRows() []string {
	if m.written[0] == "" || m.note == "" || ansi.StringWidth(m.noteShort) <= m.w-2 {
		return nil
	}
	if ansi.StringWidth(m.written[1]) <= m.w-2 {
		return []string{pane.Fit(" "+m.th.Dim.Render(m.written[0]), m.w), pane.Fit(" "+m.th.Bold.Render(m.written[1]), m.w)}
	}
	// A path longer than a line: the command itself over the two lines,
	// broken after a slash (pane.Wrap).
	rows := pane.Wrap(m.noteShort, m.w-2)
	if len(rows) > 2 {
		rows = rows[:2] // a path of more than two lines: what fits
	}
	for i, r := range rows {
		rows[i] = pane.Fit(" "+m.th.Bold.Render(r), m.w)
	}
	for len(rows) < 2 {
		rows = append(rows, strings.Repeat(" ", m.w))
	}
	return rows
}

// onWritten shows what a write did, or asks before overwriting.
func (m Model) onWritten(msg writtenMsg) (tea.Model, tea.Cmd) {
	switch {
	case msg.exists:
		// A failed write's error, still on the status line, is not this
		// path's: it would read as the reason for the question.
		m.setNote("", false)
		m.prompt = &playback.Prompt{Kind: promptOverwrite, Label: filepath.Base(msg.path) + " exists; overwrite it?",
			Subject: msg.path, Hint: "y or n"}
	case msg.err != nil:
		// The prompt stays open with the path as typed and the error, as
		// the chaos input does: a typo in a directory should not cost the
		// whole path.
		// The status line above has the whole error; the prompt's own, the
		// reason alone, fits beside a long path.
		m.setNote("not written: "+msg.err.Error(), true)
		reason := msg.err
		var pe *fs.PathError
		if errors.As(reason, &pe) {
			reason = pe.Err
		}
		m.prompt = &playback.Prompt{Kind: promptPath, Label: "write the scenario to", Input: msg.path,
			Hint: "enter alone: " + defaultPath(m.sim.sc), Err: "not written: " + reason.Error()}
	default:
		if msg.what.sc != nil {
			m.saved = msg.what // leaving loses nothing this file holds (leave.go)
		}
		m.setNote(fmt.Sprintf("wrote %s: breakerlab run %s --seed %d gives these numbers", msg.path, msg.path, m.sim.seed), false)
		// In a narrow window the command stays whole: it is what the
		// learner came for. Where even the short form does not fit, the
		// command takes the status line and the key line (writtenRows).
		m.noteShort = fmt.Sprintf("wrote it: breakerlab run %s --seed %d", msg.path, m.sim.seed)
		m.written = [2]string{fmt.Sprintf("wrote it; breakerlab run --seed %d FILE reproduces it, FILE:", m.sim.seed), msg.path}
	}
	m.refresh()
	return m, nil
}
