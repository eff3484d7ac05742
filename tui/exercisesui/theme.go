package exercisesui

import (
	"github.com/charmbracelet/bubbles/help"
	"github.com/charmbracelet/lipgloss"
)

// theme is every style the runner uses, made from one renderer. Colour is
// never the only signal: each state also has a symbol and a word.
type theme struct {
	title, dim, pass, fail, warn, accent, key, rule, selected, strong lipgloss.Style
	// plain is the unstyled style on the session's renderer, not on
	// lipgloss's default one, which is the process's.
	plain lipgloss.Style
	help  help.Styles
}

// Symbols shown next to an exercise or a test.
const (
	symPass    = "✓"
	symFail    = "✗"
	symPending = "·"
	symCursor  = "▸"
)

// spinnerFrames turn while tests run, one frame a tick.
var spinnerFrames = [...]string{"⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"}

func newTheme(r *lipgloss.Renderer, noColor bool) theme {
	if r == nil {
		r = lipgloss.DefaultRenderer()
	}
	s := func() lipgloss.Style { return r.NewStyle() }
	t := theme{
		title:    s().Bold(true),
		dim:      s().Faint(true),
		pass:     s().Bold(true),
		fail:     s().Bold(true),
		warn:     s().Bold(true),
		accent:   s().Bold(true),
		key:      s().Bold(true),
		rule:     s().Faint(true),
		selected: s().Reverse(true),
		strong:   s().Bold(true),
		plain:    s(),
	}
	if !noColor {
		t.title = t.title.Foreground(lipgloss.AdaptiveColor{Light: "#1d4ed8", Dark: "#93c5fd"})
		t.pass = t.pass.Foreground(lipgloss.AdaptiveColor{Light: "#15803d", Dark: "#4ade80"})
		t.fail = t.fail.Foreground(lipgloss.AdaptiveColor{Light: "#b91c1c", Dark: "#f87171"})
		t.warn = t.warn.Foreground(lipgloss.AdaptiveColor{Light: "#a16207", Dark: "#facc15"})
		t.accent = t.accent.Foreground(lipgloss.AdaptiveColor{Light: "#7e22ce", Dark: "#d8b4fe"})
		t.key = t.key.Foreground(lipgloss.AdaptiveColor{Light: "#374151", Dark: "#d1d5db"})
	}
	t.help = help.Styles{
		Ellipsis:       t.dim,
		ShortKey:       t.key,
		ShortDesc:      t.dim,
		ShortSeparator: t.dim,
		FullKey:        t.key,
		FullDesc:       t.dim,
		FullSeparator:  t.dim,
	}
	return t
}
