package home

import (
	"fmt"
	"strconv"

	"github.com/breakerlab/breakerlab/tui/challengeui"
	"github.com/breakerlab/breakerlab/tui/lessonui"
	"github.com/breakerlab/breakerlab/tui/palette"
	tea "github.com/charmbracelet/bubbletea"
)

// PaletteKey opens the command palette on every screen (palette.Key);
// `:` opens it too where it means nothing else.
const PaletteKey = palette.Key

// colonFree reports whether `:` means nothing on the screen that is open,
// so that it opens the palette: the home screen's own lists, the lists of
// lessons and challenges while none is open, and the builder while it
// neither takes text nor asks. Screens that play take `:` to go to a time;
// screens that take text take it as text.
func (m Model) colonFree() bool {
	switch m.screen {
	case onMenu, onPicker, onNoWorkbook:
		return !m.filtering()
	case onLessons:
		return m.lessons != nil && !m.lessons.Open() && !m.lessons.Filtering()
	case onChallenges:
		return m.ch != nil && !m.ch.Open() && !m.ch.Filtering()
	case onBuilder:
		return m.bd != nil && m.bd.ColonFree()
	}
	return false
}

// paletteKey opens the palette when k is its key here.
func (m *Model) paletteKey(k tea.KeyMsg) bool {
	if m.busy != "" || !(k.String() == PaletteKey || k.String() == ":" && m.colonFree()) {
		return false
	}
	m.loadLessons()
	m.pal.SetCommands(m.commands())
	m.pal.SetSize(m.w, m.h)
	m.pal.Open()
	return true
}

// loadLessons loads the lessons the first time they are needed (the
// palette lists them, the Lessons item opens them).
func (m *Model) loadLessons() {
	if m.o.Lessons == nil && m.o.LoadLessons != nil {
		all, err := m.o.LoadLessons()
		m.o.LoadLessons = nil // one try: the built-in lessons do not change while the program runs
		if err != nil {
			m.lessonsErr = err
		}
		m.o.Lessons = all
	}
}

// commands are the palette's places: every item of the menu, with the
// lessons, scenarios and challenges as arguments.
func (m *Model) commands() []palette.Command {
	var lessonArgs []palette.Arg
	for _, l := range m.o.Lessons {
		if l.Number > 0 {
			lessonArgs = append(lessonArgs, palette.Arg{Value: strconv.Itoa(l.Number), Desc: l.Title})
		}
	}
	scenarioArgs := []palette.Arg{}
	for _, e := range m.o.Scenarios {
		scenarioArgs = append(scenarioArgs, palette.Arg{Value: e.Name, Desc: e.Summary})
	}
	cmds := []palette.Command{
		{Name: "home", Desc: "the home screen's menu"},
		{Name: "lesson", Aliases: []string{"lessons", "l"}, ArgName: "N", Args: lessonArgs, Desc: items[lessonsItem].desc},
		{Name: "sandbox", Aliases: []string{"scenario", "s"}, ArgName: "NAME", Args: scenarioArgs, Desc: items[sandboxItem].desc},
		{Name: "new", Aliases: []string{"build", "builder"}, Desc: items[newSystemItem].desc},
	}
	if m.o.Challenges != nil {
		// Until the challenges are read (countChallenges), any number is
		// taken as typed, and the challenge list says if there is none.
		args := m.chArgs
		if args == nil {
			args = []palette.Arg{}
		}
		cmds = append(cmds, palette.Command{Name: "challenge", Aliases: []string{"challenges", "c"}, ArgName: "N", Args: args, Desc: items[challengesItem].desc})
	}
	cmds = append(cmds,
		palette.Command{Name: "drill", Desc: items[drillItem].desc},
		palette.Command{Name: "interview", Desc: items[interviewItem].desc},
		palette.Command{Name: "exercises", Aliases: []string{"ex"}, Desc: items[exercisesItem].desc},
		palette.Command{Name: "lab", Aliases: []string{"live"}, Desc: items[liveLabItem].desc},
		palette.Command{Name: "quit", Aliases: []string{"q"}, Desc: "leave breakerlab"},
	)
	return cmds
}

// leaveScreen closes the screen that is open as its own way out would
// (the lesson's place saved, the runner's checks stopped, the lab's
// servers stopped, the faults injected while playing the builder's system
// kept in its draft) and comes back to the menu.
func (m *Model) leaveScreen() tea.Cmd {
	cmd := m.recount(m.screen)
	switch m.screen {
	case onSandbox:
		if m.sbFromBuilder {
			// As esc there does (update): the builder, kept as the
			// draft, takes them as an edit, which w saves and u undoes.
			m.bd.Played(m.sb.Injected())
			m.sbFromBuilder = false
		}
	case onLessons:
		p, c := m.lessons.CloseLesson()
		m.lessons, cmd = &p, tea.Sequence(c, cmd) // counted once saved
	case onChallenges:
		p := m.ch.CloseLevel()
		m.ch = &p
	case onExercises:
		ex := m.ex.Close()
		m.ex = &ex
	case onLiveLab:
		m.live = nil
		cmd = m.stopLiveLab()
	}
	m.setScreen(onMenu)
	return cmd
}

// sandboxLetGo is the palette's jump sent back by the sandbox once the
// learner answered its question by leaving: it goes without asking again,
// as the knobs and faults it asked about are still not written.
type sandboxLetGo struct{ jump palette.JumpMsg }

// jump goes where the palette says. An interview with work not kept asks
// first, as its esc does, and sends the jump back once the learner leaves;
// so does the sandbox with knobs or faults not written, as its q and esc
// do. The builder keeps its draft when left (openBuilder) and the sandbox
// playing it hands back its faults (leaveScreen).
func (m Model) jump(j palette.JumpMsg) (tea.Model, tea.Cmd) {
	switch {
	case m.screen == onInterview:
		iv, ok := m.iv.Leaving(j)
		m.iv = &iv
		if !ok {
			return m, nil
		}
	case m.screen == onSandbox:
		// Playing the builder's system, its faults go back to the builder
		// on the way out (leaveScreen), whose question covers them: the
		// sandbox asks about its knob edits only, as its esc does.
		sb, ok := m.sb.Leaving(sandboxLetGo{j}, j.Command == "quit" && !m.sbFromBuilder)
		m.sb = sb
		if !ok {
			return m, nil
		}
	case m.screen == onBuilder && j.Command == "quit":
		// The builder is kept as a draft when left, but not past the
		// program's end: :quit does what ctrl+c does there, which asks
		// before it drops a system not saved.
		return m.builderUpdate(tea.KeyMsg{Type: tea.KeyCtrlC})
	}
	return m.jumpNow(j)
}

// jumpNow leaves the screen that is open and goes where the palette says.
func (m Model) jumpNow(j palette.JumpMsg) (tea.Model, tea.Cmd) {
	left := m.leaveScreen()
	var next tea.Model = m
	var cmd tea.Cmd
	switch j.Command {
	case "home":
	case "quit":
		return m.quitOrAsk(left)
	case "sandbox":
		m.setScreen(onPicker)
		next = m
		if j.Arg != "" {
			for i, e := range m.o.Scenarios {
				if e.Name == j.Arg {
					m.pick = i
					next, cmd = m.open()
				}
			}
		}
	case "new":
		next, cmd = m.openBuilder()
	case "lesson":
		next, cmd = m.jumpLesson(j.Arg)
	case "challenge":
		next, cmd = m.openChallenges()
		if h := next.(Model); j.Arg != "" && h.screen == onChallenges {
			n, _ := strconv.Atoi(j.Arg)
			if h.ch.Select(n) {
				p, c := h.ch.Update(tea.KeyMsg{Type: tea.KeyEnter})
				pp := p.(challengeui.Picker)
				h.ch = &pp
				next, cmd = h, tea.Batch(cmd, c)
			}
		}
	case "drill":
		next, cmd = m.openDrill()
	case "interview":
		next, cmd = m.openInterview()
	case "exercises":
		next, cmd = m.findWorkbook()
	case "lab":
		next, cmd = m.startLiveLab()
	default:
		m.setNote(fmt.Sprintf("the palette has no place %q", j.Command), true)
		next = m
	}
	return next, tea.Batch(left, cmd)
}

// quitOrAsk ends the program once left has run, or, while the builder's
// system has changes no file holds, opens the builder asking first, as its
// own ctrl+c does (builder.AskQuit): the draft outlives leaving the
// builder, not the program, so no way out of the program (the menu's q, a
// ctrl+c elsewhere, :quit) drops it unasked.
func (m Model) quitOrAsk(left tea.Cmd) (tea.Model, tea.Cmd) {
	if m.bd == nil || !m.bd.Unsaved() {
		return m, tea.Sequence(left, tea.Quit)
	}
	bd := m.bd.AskQuit()
	bd.SetSize(m.w, m.h) // the window may have changed since it was left
	m.bd = &bd
	m.showHelp = false
	m.setScreen(onBuilder)
	return m, left
}

// draftAtRisk reports whether ending the program from the screen open
// now could drop the builder's system: it has changes no file holds, or
// the sandbox playing it holds faults it would hand back.
func (m Model) draftAtRisk() bool {
	if m.bd == nil || m.screen == onBuilder {
		return false // the builder asks on its own
	}
	return m.bd.Unsaved() || m.screen == onSandbox && m.sbFromBuilder
}

// quitKey is ctrl+c on a screen other than the builder while the builder's
// system is at risk: it leaves as :quit would (each screen's own question
// first, its place saved, its servers stopped), then asks about the
// system. A sandbox already asking its leave question takes ctrl+c as its
// answer (quit, losing what it asked about), so only the builder asks on.
func (m Model) quitKey() (tea.Model, tea.Cmd) {
	j := palette.JumpMsg{Command: "quit"}
	if m.screen == onSandbox && m.sb.KeyLineAsks() && !m.sb.TakesText() {
		return m.jumpNow(j)
	}
	return m.jump(j)
}

// jumpLesson opens the lesson numbered arg ("" opens the list).
func (m Model) jumpLesson(arg string) (tea.Model, tea.Cmd) {
	next, cmd := m.openLessons()
	h := next.(Model)
	if arg == "" || h.screen != onLessons {
		return next, cmd
	}
	n, _ := strconv.Atoi(arg)
	if !h.lessons.Select(n) {
		h.setNote(fmt.Sprintf("there is no lesson %s", arg), true)
		return h, cmd
	}
	p, c := h.lessons.Update(tea.KeyMsg{Type: tea.KeyEnter})
	pp := p.(lessonui.Picker)
	h.lessons = &pp
	return h, tea.Batch(cmd, c)
}

// paletteMsg handles what belongs to the palette: its key, every key while
// it is open, and its answers; ok is false for the rest. It works on
// update's model, not a copy: a copy, returned as a tea.Model on some
// paths, moved the whole model (some 20 KB) to the heap on every message,
// the animation's ticks included, where few are the palette's.
func (m *Model) paletteMsg(msg tea.Msg) (next tea.Model, cmd tea.Cmd, ok bool) {
	switch msg := msg.(type) {
	case palette.JumpMsg:
		next, cmd = m.jump(msg)
		return next, cmd, true
	case sandboxLetGo:
		next, cmd = m.jumpNow(msg.jump)
		return next, cmd, true
	case palette.ClosedMsg:
		return *m, nil, true
	case lessonsProgressMsg, challengesMsg, exercisesMsg:
		m.progressMsg(msg)
		return *m, nil, true
	case liveLabStoppedMsg:
		// It may come while another screen is open (a jump left the lab).
		m.busy = ""
		if msg.err != nil {
			m.setNote("The live lab's servers did not stop cleanly: "+msg.err.Error(), true)
		}
		return *m, nil, true
	case tea.KeyMsg:
		if m.pal.IsOpen() {
			if msg.Type == tea.KeyCtrlC {
				// ctrl+c does what it does on the screen under the
				// palette: the builder asks before it drops a draft, a
				// lesson saves the learner's place, the menu quits.
				m.pal.Close()
				next, cmd = m.update(msg)
				return next, cmd, true
			}
			m.pal, cmd = m.pal.Update(msg)
			return *m, cmd, true
		}
		if m.paletteKey(msg) {
			return *m, nil, true
		}
	}
	return nil, nil, false
}
