package sandbox

import (
	"reflect"
	"slices"
	"strings"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/chaos"
	"github.com/breakerlab/breakerlab/tui/internal/playback"
	"github.com/breakerlab/breakerlab/tui/pane"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
)

// Leaving with work not written: knobs applied and faults injected live
// only in the sandbox until w writes them, and whoever opened it starts a
// new one next time. So q, ctrl+c and esc (back, inside another screen)
// ask first while the scenario on screen differs from the one opened or
// last written, as the builder asks before it drops a system not saved:
// the status line names what would be lost, the key line asks, y leaves,
// w writes first and any other key stays.

// saved is the scenario as opened or last written: what leaving would
// keep.
type saved struct {
	sc     *engine.Scenario // as run, the injected faults in it
	knobs  *engine.Scenario // before the faults (sim.knobs)
	faults []chaos.Spec
}

// savedNow is the scenario on screen as saved.
func (s *sim) savedNow() saved {
	return saved{sc: cloneScenario(s.sc), knobs: cloneScenario(s.knobs()), faults: slices.Clone(s.injected)}
}

// leaveQuestion is the open question: quit the program (else go back), and
// whether the clock played before it was asked. then, when the home
// screen's palette asked (Leaving), is what y sends in place of BackMsg or
// tea.Quit: the jump, for the parent to go on with.
type leaveQuestion struct {
	quit, resume bool
	then         tea.Msg
}

// unsaved reports whether leaving now (quit: the program, else back to
// the parent) would lose knobs or faults that no file holds.
func (m *Model) unsaved(quit bool) bool {
	if m.saved.sc == nil {
		return false
	}
	if !quit && m.keepsFaults {
		return !reflect.DeepEqual(m.sim.knobs(), m.saved.knobs)
	}
	return !reflect.DeepEqual(m.sim.sc, m.saved.sc)
}

// lost names what leaving would lose, in the form's words for the knobs
// ("workers 8") and the chaos menu's for the faults (none going back to a
// parent that keeps them).
func (m *Model) lost(quit bool) []string {
	var out []string
	v := m.sim.variant
	was, now := m.saved.knobs, m.sim.knobs()
	if !reflect.DeepEqual(was, now) {
		if v < len(was.Variants) {
			out = newForm(m.th, now, v).changesFrom(newForm(m.th, was, v), &was.Variants[v].System)
		}
		if len(out) == 0 {
			out = append(out, "knob edits") // of another variant's calls, which this form does not show
		}
	}
	if !quit && m.keepsFaults {
		return out
	}
	had := map[string]bool{}
	for _, sp := range m.saved.faults {
		had[sp.String()] = true
	}
	for _, sp := range m.sim.injected {
		if !had[sp.String()] {
			out = append(out, "the fault "+sp.String())
		}
	}
	if len(out) == 0 {
		out = append(out, "the faults taken back") // fewer faults than written
	}
	return out
}

// quit ends the program, or asks first when it would lose work.
func (m Model) quit() (tea.Model, tea.Cmd) {
	if m.unsaved(true) {
		return m.askLeaving(true), nil
	}
	return m, tea.Quit
}

// back leaves for the screen that opened the sandbox, or asks first when
// it would lose work.
func (m Model) back() (tea.Model, tea.Cmd) {
	if m.unsaved(false) {
		return m.askLeaving(false), nil
	}
	m.clock.Play(false)
	return m, func() tea.Msg { return BackMsg{} }
}

// Leaving is how the home screen's palette leaves the sandbox for another
// place (quit: for the program's end): ok when no knob edit or fault would
// be lost, so the palette goes at once; else the sandbox asks as q and esc
// do, and y sends then (the palette's jump) instead of leaving itself.
func (m Model) Leaving(then tea.Msg, quit bool) (next Model, ok bool) {
	if !m.unsaved(quit) {
		return m, true
	}
	// A prompt takes the key line the question is asked in; the jump
	// would have dropped it anyway.
	m.prompt = nil
	m = m.askLeaving(quit)
	m.leaving.then = then
	return m, false
}

// askLeaving puts the question up: the clock stops while it is open, so
// the note naming what would be lost stays (ageNote), and plays again if
// the learner stays.
func (m Model) askLeaving(quit bool) Model {
	m.leaving = &leaveQuestion{quit: quit, resume: m.clock.Playing()}
	m.clock.Play(false)
	m.setNote("would be lost: "+strings.Join(m.lost(quit), ", "), true)
	m.refresh()
	return m
}

// answerLeaving takes the key that answers the question.
func (m Model) answerLeaving(k tea.KeyMsg) (tea.Model, tea.Cmd) {
	q := *m.leaving
	m.leaving = nil
	m.setNote("", false)
	switch k.String() {
	case "y", "Y":
		if q.then != nil {
			return m, func() tea.Msg { return q.then }
		}
		if q.quit {
			return m, tea.Quit
		}
		return m, func() tea.Msg { return BackMsg{} }
	case "ctrl+c":
		if q.quit {
			return m, tea.Quit
		}
		return m.askLeaving(true), nil // as the builder: ctrl+c asks to quit
	case "w":
		if m.writeElsewhere == "" {
			// The form's typed values go as esc drops them: w writes the
			// scenario as it runs.
			m.form, m.chaos, m.sw = nil, nil, nil
			m.prompt = m.writePrompt()
			m.refresh()
			return m, nil
		}
	}
	m.refresh()
	return m, m.clock.Play(q.resume)
}

// askLine is the question in the key line, in as many words as fit.
func (m Model) askLine() string {
	verb, does := "Leave", "y leaves and loses them"
	if m.leaving.quit {
		verb, does = "Quit", "y quits and loses them"
	}
	tries := []string{verb + " without writing them? " + does + " · w writes them first · any other key stays",
		verb + " unwritten? " + does + " · w writes · other: stay", verb + " unwritten? y/w/other"}
	if m.writeElsewhere != "" {
		tries = []string{verb + " and lose them? " + does + " · any other key stays", verb + " and lose them? y/other"}
	}
	for _, t := range tries {
		if ansi.StringWidth(t)+1 <= m.w {
			return pane.Fit(" "+m.th.Bold.Render(t), m.w)
		}
	}
	return pane.Fit(" "+m.th.Bold.Render(tries[len(tries)-1]), m.w)
}

// writePrompt is the prompt w opens: where to write the scenario.
func (m *Model) writePrompt() *playback.Prompt {
	return &playback.Prompt{Kind: promptPath, Label: "write the scenario to",
		Hint: "enter alone: " + defaultPath(m.sim.sc)}
}
