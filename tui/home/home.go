// Package home is breakerlab's home screen: a menu of Lessons, Sandbox and
// Exercises, the scenario picker behind Sandbox, and the sandbox itself
// once a scenario is picked, or the shard view for the shuffle scenario
// (esc comes back). Lessons and Exercises run as
// programs of their own: the home screen quits and reports the choice, and
// the caller starts them.
//
// It holds no global state and takes its theme (and so its renderer) from
// Options. It may import tui/theme, tui/pane, tui/sandbox, tui/shardview, the engine's
// scenario types, bubbletea, bubbles (key, help) and x/ansi; it does no I/O.
package home

import (
	"fmt"
	"strings"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/tui/pane"
	"github.com/breakerlab/breakerlab/tui/sandbox"
	"github.com/breakerlab/breakerlab/tui/shardview"
	"github.com/breakerlab/breakerlab/tui/theme"
	"github.com/charmbracelet/bubbles/help"
	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
)

// Choice is what the learner asked for when the home screen quit.
type Choice int

// The choices a caller acts on after the program ends.
const (
	ChoseNothing Choice = iota // quit
	ChoseLessons
	ChoseExercises
)

// Entry is a scenario in the picker.
type Entry struct {
	Name, Summary string
	// Build returns a fresh copy of the scenario.
	Build func() *engine.Scenario
	// ShardView opens the shard view (the shuffle scenario's own
	// simulation) instead of the sandbox; Build is not used.
	ShardView bool
	// Unavailable, when set, says why the sandbox cannot open it.
	Unavailable string
}

// Options configure the home screen.
type Options struct {
	Theme     *theme.Theme
	Scenarios []Entry
	Seed      uint64
	// Lessons and Exercises say whether the caller can start them; when it
	// cannot, the item says so instead of quitting.
	Lessons, Exercises bool
}

type screen int

const (
	onMenu screen = iota
	onPicker
	onSandbox
	onShards
)

type item struct {
	title, desc string
	choice      Choice
}

var items = [...]item{
	{"Lessons", "step through how one slow dependency takes a server down, and what stops it", ChoseLessons},
	{"Sandbox", "play a scenario live: the pool fills, the breaker trips; pause, rewind, turn knobs", ChoseNothing},
	{"Exercises", "build a breaker, a bulkhead and retries yourself, graded by Go tests", ChoseExercises},
}

const sandboxItem = 1

type keyMap struct {
	Up, Down, Open, Back, Help, Quit key.Binding
}

func newKeyMap() keyMap {
	b := func(keys []string, k, desc string) key.Binding {
		return key.NewBinding(key.WithKeys(keys...), key.WithHelp(k, desc))
	}
	return keyMap{
		Up:   b([]string{"up", "k"}, "↑/k", "up"),
		Down: b([]string{"down", "j"}, "↓/j", "down"),
		Open: b([]string{"enter"}, "enter", "open"),
		Back: b([]string{"esc"}, "esc", "back"),
		Help: b([]string{"?"}, "?", "all keys"),
		Quit: b([]string{"q", "ctrl+c"}, "q", "quit"),
	}
}

func (k keyMap) ShortHelp() []key.Binding {
	return []key.Binding{k.Up, k.Down, k.Open, k.Back, k.Help, k.Quit}
}

func (k keyMap) FullHelp() [][]key.Binding {
	return [][]key.Binding{{k.Up, k.Down}, {k.Open, k.Back}, {k.Help, k.Quit}}
}

// Model is the home screen.
type Model struct {
	o    Options
	th   *theme.Theme
	keys keyMap
	help help.Model

	screen   screen
	cursor   int
	pick     int
	sb       sandbox.Model
	sv       shardview.Model
	w, h     int
	note     string
	choice   Choice
	showHelp bool
}

// New builds the home screen.
func New(o Options) Model {
	if o.Theme == nil {
		o.Theme = theme.New(nil)
	}
	m := Model{o: o, th: o.Theme, keys: newKeyMap(), help: help.New()}
	m.help.Styles = o.Theme.Help
	m.keys.Back.SetEnabled(false)
	return m
}

// Choice is what the learner picked before quitting.
func (m Model) Choice() Choice { return m.choice }

// InSandbox reports whether the sandbox is open.
func (m Model) InSandbox() bool { return m.screen == onSandbox }

// InShardView reports whether the shard view is open.
func (m Model) InShardView() bool { return m.screen == onShards }

// Init does nothing.
func (m Model) Init() tea.Cmd { return nil }

// Update routes messages: to the sandbox while it is open, else to the
// menu or the picker.
func (m Model) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	if ws, ok := msg.(tea.WindowSizeMsg); ok {
		m.w, m.h = ws.Width, ws.Height
		m.help.Width = ws.Width
	}
	if m.screen == onSandbox {
		if _, ok := msg.(sandbox.BackMsg); ok {
			m.screen = onPicker
			m.keys.Back.SetEnabled(true)
			return m, nil
		}
		sb, cmd := m.sb.Update(msg)
		m.sb = sb.(sandbox.Model)
		return m, cmd
	}
	if m.screen == onShards {
		if _, ok := msg.(shardview.BackMsg); ok {
			m.screen = onPicker
			m.keys.Back.SetEnabled(true)
			return m, nil
		}
		sv, cmd := m.sv.Update(msg)
		m.sv = sv.(shardview.Model)
		return m, cmd
	}
	k, ok := msg.(tea.KeyMsg)
	if !ok {
		return m, nil
	}
	if m.showHelp {
		if key.Matches(k, m.keys.Quit) && k.Type == tea.KeyCtrlC {
			return m, tea.Quit
		}
		m.showHelp = false
		return m, nil
	}
	m.note = ""
	switch {
	case key.Matches(k, m.keys.Quit):
		return m, tea.Quit
	case key.Matches(k, m.keys.Help):
		m.showHelp = true
	case key.Matches(k, m.keys.Back):
		if m.screen == onPicker {
			m.screen = onMenu
			m.keys.Back.SetEnabled(false)
		}
	case key.Matches(k, m.keys.Up):
		m.move(-1)
	case key.Matches(k, m.keys.Down):
		m.move(1)
	case key.Matches(k, m.keys.Open):
		return m.open()
	}
	return m, nil
}

func (m *Model) move(d int) {
	if m.screen == onPicker {
		if n := len(m.o.Scenarios); n > 0 {
			m.pick = (m.pick + d + n) % n
		}
		return
	}
	m.cursor = (m.cursor + d + len(items)) % len(items)
}

func (m Model) open() (tea.Model, tea.Cmd) {
	if m.screen == onMenu {
		it := items[m.cursor]
		switch {
		case m.cursor == sandboxItem:
			m.screen = onPicker
			m.keys.Back.SetEnabled(true)
		case it.choice == ChoseLessons && !m.o.Lessons:
			m.note = "The lessons are not written yet: the Sandbox runs the same scenarios."
		case it.choice == ChoseExercises && !m.o.Exercises:
			m.note = "The exercise runner is not available in this build; try `breakerlab exercises`."
		default:
			m.choice = it.choice
			return m, tea.Quit
		}
		return m, nil
	}
	if len(m.o.Scenarios) == 0 {
		return m, nil
	}
	e := m.o.Scenarios[m.pick]
	if e.ShardView && e.Unavailable == "" {
		sv, err := shardview.New(shardview.Options{Theme: m.th, Seed: m.o.Seed, CanGoHome: true})
		if err != nil {
			m.note = fmt.Sprintf("cannot open %s: %v", e.Name, err)
			return m, nil
		}
		next, _ := sv.Update(tea.WindowSizeMsg{Width: m.w, Height: m.h})
		m.sv = next.(shardview.Model)
		m.screen = onShards
		return m, m.sv.Init()
	}
	if e.Unavailable != "" || e.Build == nil {
		m.note = e.Unavailable
		return m, nil
	}
	sb, err := sandbox.New(sandbox.Options{Theme: m.th, Scenario: e.Build(), Seed: m.o.Seed, CanGoHome: true})
	if err != nil {
		m.note = fmt.Sprintf("cannot open %s: %v", e.Name, err)
		return m, nil
	}
	next, _ := sb.Update(tea.WindowSizeMsg{Width: m.w, Height: m.h})
	m.sb = next.(sandbox.Model)
	m.screen = onSandbox
	return m, m.sb.Init()
}

// View draws the current screen.
func (m Model) View() string {
	switch m.screen {
	case onSandbox:
		return m.sb.View()
	case onShards:
		return m.sv.View()
	}
	if m.w <= 0 || m.h <= 0 {
		return ""
	}
	var body []string
	body = append(body, "", " "+m.th.Title.Render("breakerlab"), " "+m.th.Subtitle.Render("learn how systems survive a failing dependency"), "")
	switch {
	case m.showHelp:
		body = append(body, " "+m.th.Bold.Render("Keys"), "")
		for _, l := range strings.Split(m.help.FullHelpView(m.keys.FullHelp()), "\n") {
			body = append(body, "   "+l)
		}
		body = append(body, "", " "+m.th.Dim.Render("In the sandbox, ? lists its own keys. Any key closes this help."))
	case m.screen == onPicker:
		body = append(body, " "+m.th.Bold.Render("Sandbox: choose a scenario"), "")
		nameW := 0
		for _, e := range m.o.Scenarios {
			nameW = max(nameW, len(e.Name))
		}
		for i, e := range m.o.Scenarios {
			name := fmt.Sprintf("%-*s", nameW, e.Name)
			desc := e.Summary
			if e.Unavailable != "" {
				desc = "(not in the sandbox yet) " + desc
			}
			body = append(body, m.row(i == m.pick, name, desc, e.Unavailable != ""))
		}
		// The chosen scenario's summary in full, since the rows cut it.
		if m.pick < len(m.o.Scenarios) {
			body = append(body, "")
			for _, l := range strings.Split(ansi.Wrap(m.o.Scenarios[m.pick].Summary, max(m.w-6, 1), ""), "\n") {
				body = append(body, "   "+m.th.Dim.Render(l))
			}
		}
	default:
		for i, it := range items {
			body = append(body, m.row(i == m.cursor, fmt.Sprintf("%-9s", it.title), it.desc, false))
		}
	}
	body = append(body, "")
	if m.note != "" {
		for _, l := range strings.Split(ansi.Wrap(m.note, max(m.w-4, 1), ""), "\n") {
			body = append(body, "   "+m.th.Warn.Render(l))
		}
	}
	// The key help sits on the last line.
	lines := pane.Block(body, m.w, m.h-1)
	lines = append(lines, pane.Fit(" "+m.help.ShortHelpView(m.keys.ShortHelp()), m.w))
	if m.h == 1 {
		lines = lines[len(lines)-1:]
	}
	return strings.Join(lines, "\n")
}

// row is one menu or picker line: a cursor, the name, its description.
func (m Model) row(selected bool, name, desc string, dim bool) string {
	cur := "  "
	n := m.th.Bold.Render(name)
	if selected {
		cur = m.th.Accent.Render(theme.GlyphCursor) + " "
		n = m.th.Selected.Render(" " + name + " ")
	} else {
		n = " " + n + " "
	}
	d := desc
	if dim {
		d = m.th.Dim.Render(desc)
	}
	return " " + cur + n + "  " + d
}
