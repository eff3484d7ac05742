package present

import (
	"strings"

	"github.com/breakerlab/breakerlab/tui/pane"
	"github.com/breakerlab/breakerlab/tui/theme"
	tea "github.com/charmbracelet/bubbletea"
)

// Momenter is a screen that has a key number now; ok is false when what
// it shows has none (a list, a text-only step).
type Momenter interface {
	Moment() (mo Moment, ok bool)
}

// KeyLineAsker is a screen whose last line, where it keeps its key help,
// can ask something instead: a prompt being typed, a question to answer
// with a key. Presentation mode keeps that line, which it would otherwise
// give to the key corner, so the room reads what the presenter answers.
type KeyLineAsker interface {
	KeyLineAsks() bool
}

// Noter is a screen without a key number that says on its last line, in
// presentation mode, where the mode has one to show: the home menu, which
// looks much as it does without the mode, tells the presenter that the
// sandbox and the lessons show theirs big. PresentNote's forms are the
// fullest first; the first that fits beside the key corner is drawn, none
// when none does.
type Noter interface {
	PresentNote() []string
}

// Model wraps a screen with presentation mode: ctrl+p toggles it on any
// screen the wrapped model shows, keys pressed while it is on are shown in
// the corner, and View draws the screen's Moment when it has one, else the
// screen itself without its key help.
type Model struct {
	inner tea.Model
	th    *theme.Theme // the high-contrast variant of the screen's theme
	on    bool
	keys  *Keys
	w, h  int
}

// Wrap wraps inner, drawn with th's renderer; on starts in presentation
// mode (--present).
func Wrap(inner tea.Model, th *theme.Theme, on bool) Model {
	return Model{inner: inner, th: theme.New(th.R, theme.HighContrast()), on: on, keys: &Keys{}}
}

// Inner is the wrapped screen.
func (m Model) Inner() tea.Model { return m.inner }

// On reports whether presentation mode is on.
func (m Model) On() bool { return m.on }

// Init is the screen's.
func (m Model) Init() tea.Cmd { return m.inner.Init() }

// Update takes ctrl+p and the corner's fades, and hands the rest on.
func (m Model) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	if m.keys.Fade(msg) {
		return m, nil
	}
	var shown tea.Cmd
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		m.w, m.h = msg.Width, msg.Height
	case tea.KeyMsg:
		if msg.String() == Key {
			m.on, m.keys.Last = !m.on, ""
			return m, nil
		}
		if m.on {
			shown = m.keys.Show(msg)
		}
	}
	next, cmd := m.inner.Update(msg)
	m.inner = next
	return m, tea.Batch(shown, cmd)
}

// View draws the screen, for a projector when presentation mode is on.
func (m Model) View() string {
	if !m.on {
		return m.inner.View()
	}
	return Show(m.th, m.inner, m.keys.Last, m.w, m.h)
}

// Viewer is a screen as presentation mode draws it; it may also be a
// Momenter and a KeyLineAsker.
type Viewer interface {
	View() string
}

// Show draws screen for a projector at w×h, with th (the high-contrast
// theme) and lastKey in the key corner: the screen's Moment when it has
// one, else the screen itself, its last line given to the key corner
// unless that line asks something. Model.View and the classroom server's
// presenting sessions both draw through it, so a screen's prompt is kept
// wherever it is presented.
func Show(th *theme.Theme, screen Viewer, lastKey string, w, h int) string {
	if mm, ok := screen.(Momenter); ok {
		if mo, ok := mm.Moment(); ok {
			return View(th, mo, lastKey, w, h)
		}
	}
	if a, ok := screen.(KeyLineAsker); ok && a.KeyLineAsks() {
		// The key typed shows in the prompt itself: no corner.
		return block(screen.View(), w, h)
	}
	if n, ok := screen.(Noter); ok && w > 0 && h > 0 {
		return corner(pane.Block(strings.Split(screen.View(), "\n"), w, h), th, lastKey, w, n.PresentNote()...)
	}
	return Frame(th, screen.View(), lastKey, w, h)
}
