// Package palette is the command line that jumps anywhere in the home
// screen, as k9s's `:` does: the learner types `lesson 4`, `sandbox
// multi-hop` or `drill`, tab completes the command or its argument from the
// candidates listed above the line, and enter jumps. It owns the typing,
// the matching and the drawing; what the commands are and where they lead
// is its parent's (tui/home): the palette only answers with a JumpMsg.
//
// It may import tui/theme, tui/pane, bubbletea, bubbles/key and
// charmbracelet/x/ansi. It does no I/O.
package palette

import (
	"fmt"
	"strings"

	"github.com/breakerlab/breakerlab/tui/pane"
	"github.com/breakerlab/breakerlab/tui/theme"
	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
)

// Command is a place the palette jumps to.
type Command struct {
	// Name is what the learner types ("lesson"); Aliases are other names
	// that mean the same ("lessons").
	Name    string
	Aliases []string
	// Desc says where it leads, beside the candidate.
	Desc string
	// Args are the values its argument takes, for completion; a command
	// without Args (nil) takes none, and one whose Args are empty but not
	// nil (not known yet) takes any value as typed. With NeedsArg unset the argument may be
	// left out ("lesson" alone opens the list of lessons).
	Args     []Arg
	NeedsArg bool
	// ArgName names the argument in the list of commands ("N", "NAME").
	ArgName string
}

// Arg is one value a command's argument may take ("4", "Timeouts").
type Arg struct{ Value, Desc string }

// Key opens the palette on every screen of the home screen, those that
// play included (where `:` goes to a time). ctrl+p is presentation
// mode's, and x, f and ! the sandbox's fault keys; ctrl+k is the command
// palette's key in many programs.
const Key = "ctrl+k"

// JumpMsg is the palette's answer: the command chosen (its Name, never an
// alias) and its argument (one of its Args' Value, or "").
type JumpMsg struct{ Command, Arg string }

// ClosedMsg says the palette was closed without a jump (esc).
type ClosedMsg struct{}

// KeyMap are the palette's keys while it is open.
type KeyMap struct {
	Complete, Next, Prev, Go, Close, Clear key.Binding
}

// DefaultKeys are the palette's keys. ctrl+p is not among them: it toggles
// presentation mode on every screen.
func DefaultKeys() KeyMap {
	b := func(keys []string, k, desc string) key.Binding {
		return key.NewBinding(key.WithKeys(keys...), key.WithHelp(k, desc))
	}
	return KeyMap{
		Complete: b([]string{"tab"}, "tab", "complete"),
		Next:     b([]string{"down", "ctrl+n"}, "↓", "next"),
		Prev:     b([]string{"up", "shift+tab"}, "↑", "previous"),
		Go:       b([]string{"enter"}, "enter", "go"),
		Close:    b([]string{"esc"}, "esc", "close"),
		Clear:    b([]string{"ctrl+u"}, "ctrl+u", "clear"),
	}
}

// Model is the palette. The zero value is closed and has no commands; build
// it with New.
type Model struct {
	th    *theme.Theme
	keys  KeyMap
	cmds  []Command
	input []rune
	sel   int
	open  bool
	err   string
	w, h  int
}

// New builds a closed palette over the commands.
func New(th *theme.Theme, cmds []Command) Model {
	if th == nil {
		th = theme.New(nil)
	}
	return Model{th: th, keys: DefaultKeys(), cmds: cmds}
}

// SetCommands replaces the commands (the lessons loaded, a challenge
// added); what is typed stays.
func (m *Model) SetCommands(cmds []Command) {
	m.cmds = cmds
	m.sel = 0
}

// SetSize is the window's size: the palette takes at most a third of its
// height.
func (m *Model) SetSize(w, h int) { m.w, m.h = w, h }

// Open opens the palette with an empty line.
func (m *Model) Open() {
	m.open, m.input, m.sel, m.err = true, nil, 0, ""
}

// Close closes the palette without a jump, keeping nothing typed: for a
// key the screen under it must have instead (ctrl+c).
func (m *Model) Close() { m.open, m.input, m.sel, m.err = false, nil, 0, "" }

// IsOpen reports whether the palette is open (and so takes every key).
func (m Model) IsOpen() bool { return m.open }

// Input is the line as typed.
func (m Model) Input() string { return string(m.input) }

// Init does nothing.
func (m Model) Init() tea.Cmd { return nil }

// Update takes a key while the palette is open; a jump or esc closes it and
// answers with JumpMsg or ClosedMsg.
func (m Model) Update(msg tea.Msg) (Model, tea.Cmd) {
	k, ok := msg.(tea.KeyMsg)
	if !ok || !m.open {
		return m, nil
	}
	m.err = ""
	cands := m.Candidates()
	switch {
	case key.Matches(k, m.keys.Close):
		m.open = false
		return m, func() tea.Msg { return ClosedMsg{} }
	case key.Matches(k, m.keys.Go):
		return m.submit(cands)
	case key.Matches(k, m.keys.Complete):
		if len(cands) > 0 {
			m.setInput(cands[m.sel].Line)
			break
		}
		// An argument no value matches ("lesson 99"): tab clears it, so
		// that the list shows every value the command takes, as the
		// refusal of such an argument promises.
		if word, _, hasArg := m.split(); hasArg {
			if c := m.resolve(word); c != nil && len(c.Args) > 0 {
				m.setInput(c.Name + " ")
			}
		}
	case key.Matches(k, m.keys.Next):
		if len(cands) > 0 {
			m.sel = (m.sel + 1) % len(cands)
		}
	case key.Matches(k, m.keys.Prev):
		if len(cands) > 0 {
			m.sel = (m.sel + len(cands) - 1) % len(cands)
		}
	case key.Matches(k, m.keys.Clear):
		m.setInput("")
	case k.Type == tea.KeyBackspace:
		if len(m.input) == 0 {
			// Backspace on an empty line closes it, as in vim and k9s.
			m.open = false
			return m, func() tea.Msg { return ClosedMsg{} }
		}
		m.setInput(string(m.input[:len(m.input)-1]))
	case k.Type == tea.KeyRunes || k.Type == tea.KeySpace:
		r := k.Runes
		if k.Type == tea.KeySpace {
			r = []rune{' '}
		}
		m.setInput(string(m.input) + typable(r))
	}
	return m, nil
}

// typable is what of runes typed or pasted goes on the line: a control
// character (ESC, a tab, a bell, DEL, the C1 controls U+0080–U+009F, CSI
// among them) or a bidirectional control (an override or isolate such as
// U+202E, a mark such as U+200F) is dropped (pane.Typable, the rule of
// every text input), so that "a\x1b[31mb" pasted never reaches the
// terminal as a sequence and the line shows what will be matched.
func typable(runes []rune) string {
	var b strings.Builder
	for _, r := range runes {
		if pane.Typable(r) {
			b.WriteRune(r)
		}
	}
	return b.String()
}

func (m *Model) setInput(s string) {
	m.input = []rune(s)
	m.sel = 0
}

// submit jumps to what the line names, or to the candidate chosen, or says
// what is wrong with the line.
func (m Model) submit(cands []Candidate) (Model, tea.Cmd) {
	word, arg, hasArg := m.split()
	if word == "" {
		m.open = false
		return m, func() tea.Msg { return ClosedMsg{} }
	}
	c := m.resolve(word)
	if c != nil && hasArg && c.Args == nil {
		// A command that takes no argument, given one: it is a command
		// all the same, and "no command" would send the learner looking
		// for one in the list that names it.
		if arg == "" {
			return m.jump(c.Name, "")
		}
		m.err = c.Name + " takes no argument"
		return m, nil
	}
	if c == nil {
		// Not a command as typed: the candidate chosen, if there is one.
		if len(cands) == 0 {
			m.err = m.unknown(word)
			return m, nil
		}
		pick := cands[m.sel]
		if pick.Arg == "" && pick.cmd.NeedsArg {
			m.setInput(pick.Line) // "lesson " and its arguments listed
			return m, nil
		}
		return m.jump(pick.cmd.Name, pick.Arg)
	}
	if arg == "" {
		if c.NeedsArg {
			m.setInput(c.Name + " ")
			m.err = c.Name + " needs one of the values listed"
			return m, nil
		}
		return m.jump(c.Name, "")
	}
	for _, a := range c.Args {
		if strings.EqualFold(a.Value, arg) {
			return m.jump(c.Name, a.Value)
		}
	}
	if len(cands) > 0 && cands[m.sel].cmd == c {
		return m.jump(c.Name, cands[m.sel].Arg)
	}
	if len(c.Args) == 0 {
		return m.jump(c.Name, arg)
	}
	// The argument as typed (Shown): Go's quoting wrote `has no
	// "cascade --fault \"1s\""`, which read as noise.
	m.err = fmt.Sprintf(`%s has no "%s"; tab lists what it takes`, c.Name, Shown(arg))
	return m, nil
}

func (m Model) jump(cmd, arg string) (Model, tea.Cmd) {
	m.open, m.input = false, nil
	return m, func() tea.Msg { return JumpMsg{Command: cmd, Arg: arg} }
}

// unknown says that word is no command, and names the commands.
func (m Model) unknown(word string) string {
	names := make([]string, 0, len(m.cmds))
	for _, c := range m.cmds {
		names = append(names, c.Name)
	}
	return fmt.Sprintf(`no command "%s"; the commands: %s`, Shown(word), strings.Join(names, ", "))
}

// split is the line's command word and its argument (trimmed), and whether
// a space follows the command word.
func (m Model) split() (word, arg string, hasArg bool) {
	s := strings.TrimLeft(string(m.input), " ")
	word, arg, hasArg = strings.Cut(s, " ")
	return strings.ToLower(word), strings.TrimSpace(arg), hasArg
}

// resolve is the command word names: its name or an alias, else the only
// command it begins.
func (m Model) resolve(word string) *Command {
	var prefixed *Command
	n := 0
	for i := range m.cmds {
		c := &m.cmds[i]
		for _, name := range c.names() {
			if name == word {
				return c
			}
		}
		for _, name := range c.names() {
			if strings.HasPrefix(name, word) {
				prefixed, n = c, n+1
				break
			}
		}
	}
	if n == 1 {
		return prefixed
	}
	return nil
}

func (c *Command) names() []string { return append([]string{c.Name}, c.Aliases...) }

// Candidate is one completion of the line: Line is what tab puts on it.
type Candidate struct {
	Line, Label, Desc string
	Arg               string
	cmd               *Command
}

// Candidates are the completions of the line as typed: the commands it
// begins (then those it appears in), or, once a command is typed and a
// space follows, the values of its argument that begin with what follows
// (then those whose description holds it).
func (m Model) Candidates() []Candidate {
	word, arg, hasArg := m.split()
	if hasArg {
		c := m.resolve(word)
		if c == nil || c.Args == nil {
			return nil
		}
		low := strings.ToLower(arg)
		var first, then []Candidate
		for _, a := range c.Args {
			cand := Candidate{Line: c.Name + " " + a.Value, Label: c.Name + " " + a.Value, Desc: a.Desc, Arg: a.Value, cmd: c}
			switch {
			case strings.HasPrefix(strings.ToLower(a.Value), low):
				first = append(first, cand)
			case strings.Contains(strings.ToLower(a.Value), low) || strings.Contains(strings.ToLower(a.Desc), low):
				then = append(then, cand)
			}
		}
		return append(first, then...)
	}
	var first, then []Candidate
	for i := range m.cmds {
		c := &m.cmds[i]
		line, label := c.Name, c.Name
		if c.Args != nil {
			line += " "
			arg := c.ArgName
			if arg == "" {
				arg = "ARG"
			}
			if c.NeedsArg {
				label += " " + arg
			} else {
				label += " [" + arg + "]"
			}
		}
		cand := Candidate{Line: line, Label: label, Desc: c.Desc, cmd: c}
		switch {
		case anyName(c, func(n string) bool { return strings.HasPrefix(n, word) }):
			first = append(first, cand)
		case anyName(c, func(n string) bool { return strings.Contains(n, word) }):
			then = append(then, cand)
		}
	}
	return append(first, then...)
}

func anyName(c *Command, f func(string) bool) bool {
	for _, n := range c.names() {
		if f(n) {
			return true
		}
	}
	return false
}

// Height is how many rows the palette takes at the foot of the window.
func (m Model) Height() int {
	if !m.open {
		return 0
	}
	return len(m.lines())
}

// View is the palette's rows, each exactly the window's width: a rule, the
// candidates, then the line being typed with its keys (or what is wrong).
func (m Model) View() string {
	if !m.open {
		return ""
	}
	return strings.Join(m.lines(), "\n")
}

func (m Model) lines() []string {
	w := max(m.w, 1)
	cands := m.Candidates()
	room := max(min(len(cands), m.h/3-2, 10), 0)
	// The window of candidates keeps the chosen one in it.
	start := 0
	if m.sel >= room && room > 0 {
		start = m.sel - room + 1
	}
	out := []string{m.th.Dim.Render(rule(w, len(cands), room))}
	labelW := 0
	for _, c := range cands {
		labelW = max(labelW, ansi.StringWidth(c.Label))
	}
	labelW = min(labelW, w/2)
	for i := start; i < start+room && i < len(cands); i++ {
		c := cands[i]
		mark, label := "  ", fmt.Sprintf("%-*s", labelW, c.Label)
		if i == m.sel {
			mark, label = m.th.Accent.Render(theme.GlyphCursor)+" ", m.th.Selected.Render(label)
		} else {
			label = m.th.Bold.Render(label)
		}
		descW := w - 2 - labelW - 2
		line := mark + label
		if i == m.sel && ansi.StringWidth(c.Desc) > descW {
			// The rows preview each description; the chosen one's is
			// said whole, under its row.
			out = append(out, pane.Fit(line, w))
			for _, l := range pane.Wrap(c.Desc, w-4) {
				out = append(out, pane.Fit("    "+m.th.Dim.Render(l), w))
			}
			continue
		}
		if descW >= 8 {
			line += "  " + m.th.Dim.Render(WordFit(c.Desc, descW))
		}
		out = append(out, pane.Fit(line, w))
	}
	prompt := m.th.Accent.Render(":") + string(m.input) + m.th.Accent.Render("▏")
	var tail string
	switch {
	case m.err != "":
		// The error takes the line under the prompt, wrapped, never cut.
		out = append(out, pane.Fit(prompt, w))
		for _, l := range pane.Wrap(m.err, w-1) {
			out = append(out, pane.Fit(" "+m.th.Error.Render(l), w))
		}
		return out
	default:
		tail = m.th.Key.Render("tab") + m.th.Dim.Render(" complete  ") + m.th.Key.Render("enter") + m.th.Dim.Render(" go  ") +
			m.th.Key.Render("esc") + m.th.Dim.Render(" close")
	}
	gap := w - ansi.StringWidth(prompt) - ansi.StringWidth(tail)
	if gap >= 2 {
		return append(out, prompt+strings.Repeat(" ", gap)+tail)
	}
	return append(out, pane.Fit(prompt, w))
}

// rule is the palette's top border, which says how many candidates there
// are when not all are shown.
func rule(w, n, shown int) string {
	label := "── go to "
	if n > shown {
		label += fmt.Sprintf("(%d of %d, ↑↓ for more) ", shown, n)
	}
	if ansi.StringWidth(label) >= w {
		return strings.Repeat("─", w)
	}
	return label + strings.Repeat("─", w-ansi.StringWidth(label))
}

// WordFit shortens plain text to w cells at a word boundary, ending in " …"
// (an ellipsis after a space: a mark, not a cut word).
func WordFit(s string, w int) string {
	if w <= 0 {
		return ""
	}
	if ansi.StringWidth(s) <= w {
		return s
	}
	if w < 3 {
		return strings.Repeat(".", w)
	}
	cut := ansi.Truncate(s, w-2, "")
	if rest := s[len(cut):]; !strings.HasPrefix(rest, " ") {
		if i := strings.LastIndex(cut, " "); i > 0 {
			cut = cut[:i]
		} else {
			return strings.Repeat(".", min(w, 3))
		}
	}
	return strings.TrimRight(cut, " ,;:") + " …"
}

// Overlay draws the palette over the foot of view (a screen exactly w×h):
// the screen behind stays visible above it.
func (m Model) Overlay(view string) string {
	if !m.open {
		return view
	}
	lines := strings.Split(view, "\n")
	pal := m.lines()
	if len(pal) > len(lines) {
		pal = pal[len(pal)-len(lines):]
	}
	copy(lines[len(lines)-len(pal):], pal)
	return strings.Join(lines, "\n")
}
