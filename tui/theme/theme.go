// Package theme is the one place where breakerlab's terminal UI decides how
// things look: colours, text styles, the glyphs that carry meaning without
// colour, and the renderer they are drawn with.
//
// A Theme is built from a lipgloss renderer that the caller owns (one per
// terminal or SSH session), so nothing here is global. With NO_COLOR set the
// renderer uses the ASCII profile: no colour and no text attributes, which is
// why every state also has a word or a symbol.
//
// It may import lipgloss, termenv, bubbles/help and the engine's outcome and
// breaker types; it imports nothing else from tui/.
package theme

import (
	"io"
	"strings"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/breaker"
	"github.com/charmbracelet/bubbles/help"
	"github.com/charmbracelet/lipgloss"
	"github.com/muesli/termenv"
)

// NoColor reports whether the environment asks for no colour: NO_COLOR set
// to anything but the empty string (https://no-color.org).
func NoColor(getenv func(string) string) bool {
	return getenv != nil && getenv("NO_COLOR") != ""
}

// NewRenderer makes a renderer writing to w. It detects the colour profile
// now, so that View never touches the terminal, and uses the ASCII profile
// when noColor is set.
func NewRenderer(w io.Writer, noColor bool) *lipgloss.Renderer {
	r := lipgloss.NewRenderer(w)
	if noColor {
		r.SetColorProfile(termenv.Ascii)
	}
	_ = r.ColorProfile()
	// The colours below read on dark and light backgrounds alike, so the
	// background is never queried; say so to keep lipgloss from asking.
	r.SetHasDarkBackground(true)
	return r
}

// Fixed is a renderer with a fixed profile, whatever it writes to: for a
// recording (tui/record), which is replayed by a terminal other than the
// one that made it. True colour, or ASCII when noColor is set.
func Fixed(noColor bool) *lipgloss.Renderer {
	r := lipgloss.NewRenderer(io.Discard)
	r.SetColorProfile(termenv.TrueColor)
	if noColor {
		r.SetColorProfile(termenv.Ascii)
	}
	r.SetHasDarkBackground(true)
	return r
}

// Plain is a renderer with a fixed ASCII profile, for tests and golden files.
func Plain() *lipgloss.Renderer {
	r := lipgloss.NewRenderer(io.Discard)
	r.SetColorProfile(termenv.Ascii)
	r.SetHasDarkBackground(true)
	return r
}

// Glyphs that carry meaning on their own, with or without colour.
const (
	GlyphFree     = '·' // a free worker
	GlyphPass     = '✓' // a success in a breaker window
	GlyphFail     = '✗' // a failure in a breaker window
	GlyphEmpty    = '·' // an unfilled slot of a breaker window
	GlyphLit      = '●' // the current state
	GlyphUnlit    = '○' // another state
	GlyphPlaying  = "▶"
	GlyphPaused   = "⏸"
	GlyphFinished = "■"
	GlyphCursor   = "▸"
)

// OutcomeGlyph is the fill that stands for an outcome in the share charts.
func OutcomeGlyph(o engine.Outcome) rune {
	switch o {
	case engine.OK:
		return '█'
	case engine.Fallback:
		return '▒'
	case engine.Rejected:
		return '░'
	case engine.Failed:
		return '╳'
	}
	return '?'
}

// Ink is a style reduced to the escape codes around its text, for the hot
// paths (pool cells, chart cells) where calling lipgloss per cell is too slow.
type Ink struct{ pre, post string }

// InkOf captures a style that has only colours and attributes (no padding,
// width or border).
func InkOf(s lipgloss.Style) Ink {
	out := s.Render("X")
	i := strings.IndexByte(out, 'X')
	if i < 0 {
		return Ink{}
	}
	return Ink{pre: out[:i], post: out[i+1:]}
}

// Paint wraps s in the ink.
func (k Ink) Paint(s string) string {
	if k.pre == "" {
		return s
	}
	return k.pre + s + k.post
}

// WriteTo appends s in the ink to b.
func (k Ink) WriteTo(b *strings.Builder, s string) {
	b.WriteString(k.pre)
	b.WriteString(s)
	b.WriteString(k.post)
}

// Theme holds every style of the UI. Build it with New; it is read-only
// afterwards and may be shared by the models of one session.
type Theme struct {
	R *lipgloss.Renderer
	// Color is false when the renderer cannot show colour (NO_COLOR, a dumb
	// terminal): views then lean on words and symbols alone.
	Color bool

	// HighContrast is set on the projector's variant (see HighContrast).
	HighContrast bool

	// Text is the unstyled style, on this theme's renderer: a view that
	// needs "no style" takes it from here, never from lipgloss's default
	// renderer, which belongs to the process and not to the session.
	Text lipgloss.Style

	Title, Subtitle, Dim, Bold, Key, Accent lipgloss.Style
	Good, Warn, Bad, Selected, Error        lipgloss.Style
	Border, BorderFocus, PaneTitle          lipgloss.Style
	Help                                    help.Styles

	outcomes [4]lipgloss.Style
	series   []lipgloss.Style
	states   [3]lipgloss.Style
}

// Palette, in ANSI colour numbers so that the terminal's own scheme decides
// the exact shade: they read on dark and light backgrounds.
const (
	red     = "1"
	green   = "2"
	yellow  = "3"
	blue    = "4"
	magenta = "5"
	cyan    = "6"
	grey    = "8"
)

// Option changes how New builds a theme.
type Option func(*options)

type options struct{ highContrast bool }

// HighContrast builds the projector's theme: bright colours only (no grey,
// no faint text, which a projector washes out), bold where the normal
// theme is plain, and reverse video for what is chosen. Under NO_COLOR it
// is as plain as the normal theme: the words and symbols carry the meaning.
func HighContrast() Option { return func(o *options) { o.highContrast = true } }

// New builds the theme on r (lipgloss's default renderer if nil).
func New(r *lipgloss.Renderer, opts ...Option) *Theme {
	if r == nil {
		r = lipgloss.DefaultRenderer()
	}
	var o options
	for _, f := range opts {
		f(&o)
	}
	if o.highContrast {
		return newHighContrast(r)
	}
	s := r.NewStyle
	c := func(n string) lipgloss.Color { return lipgloss.Color(n) }
	t := &Theme{R: r, Color: r.ColorProfile() != termenv.Ascii, Text: r.NewStyle()}
	t.Title = s().Bold(true).Foreground(c(magenta))
	t.Subtitle = s().Foreground(c(grey))
	t.Dim = s().Faint(true)
	t.Bold = s().Bold(true)
	t.Key = s().Bold(true).Foreground(c(cyan))
	t.Accent = s().Foreground(c(magenta))
	t.Good = s().Foreground(c(green))
	t.Warn = s().Foreground(c(yellow))
	t.Bad = s().Foreground(c(red))
	t.Error = s().Bold(true).Foreground(c(red))
	t.Selected = s().Bold(true).Reverse(true)
	t.Border = s().Foreground(c(grey))
	t.BorderFocus = s().Foreground(c(magenta))
	t.PaneTitle = s().Bold(true)
	t.Help = help.Styles{
		Ellipsis:       t.Dim,
		ShortKey:       t.Key,
		ShortDesc:      t.Dim,
		ShortSeparator: t.Dim,
		FullKey:        t.Key,
		FullDesc:       s(),
		FullSeparator:  t.Dim,
	}
	t.outcomes = [4]lipgloss.Style{
		s().Foreground(c(green)),  // ok
		s().Foreground(c(cyan)),   // fallback
		s().Foreground(c(yellow)), // rejected
		s().Foreground(c(red)),    // failed
	}
	t.series = []lipgloss.Style{
		s().Foreground(c(blue)),
		s().Foreground(c(cyan)),
		s().Foreground(c(magenta)),
		s().Foreground(c(yellow)),
		s().Foreground(c(green)),
		s().Foreground(c("12")),
		s().Foreground(c("13")),
		s().Foreground(c("14")),
	}
	t.states = [3]lipgloss.Style{
		s().Foreground(c(green)),  // closed
		s().Foreground(c(red)),    // open
		s().Foreground(c(yellow)), // half-open
	}
	return t
}

// Outcome is the style of an outcome.
func (t *Theme) Outcome(o engine.Outcome) lipgloss.Style {
	if int(o) < len(t.outcomes) {
		return t.outcomes[o]
	}
	return t.Dim
}

// Series is the style of the i-th endpoint (and the dependency it calls).
func (t *Theme) Series(i int) lipgloss.Style {
	if i < 0 {
		return t.Dim
	}
	return t.series[i%len(t.series)]
}

// State is the style of a breaker state; operator states share open's and
// closed's colours.
func (t *Theme) State(st breaker.State) lipgloss.Style {
	switch st {
	case breaker.Closed, breaker.Disabled, breaker.MetricsOnly:
		return t.states[0]
	case breaker.Open, breaker.ForcedOpen:
		return t.states[1]
	case breaker.HalfOpen:
		return t.states[2]
	}
	return t.Dim
}

// newHighContrast is HighContrast's theme. The bright ANSI colours (9 to
// 15) are the ones a projector keeps apart; white is the terminal's
// brightest text whatever its scheme.
func newHighContrast(r *lipgloss.Renderer) *Theme {
	s := r.NewStyle
	c := func(n string) lipgloss.Color { return lipgloss.Color(n) }
	const (
		bRed, bGreen, bYellow, bBlue, bMagenta, bCyan, white = "9", "10", "11", "12", "13", "14", "15"
	)
	t := &Theme{R: r, Color: r.ColorProfile() != termenv.Ascii, HighContrast: true, Text: s()}
	t.Title = s().Bold(true).Foreground(c(white))
	t.Subtitle = s().Bold(true).Foreground(c(white))
	t.Dim = s().Foreground(c(white))
	t.Bold = s().Bold(true).Foreground(c(white))
	t.Key = s().Bold(true).Reverse(true)
	t.Accent = s().Bold(true).Foreground(c(bMagenta))
	t.Good = s().Bold(true).Foreground(c(bGreen))
	t.Warn = s().Bold(true).Foreground(c(bYellow))
	t.Bad = s().Bold(true).Foreground(c(bRed))
	t.Error = s().Bold(true).Foreground(c(bRed))
	t.Selected = s().Bold(true).Reverse(true)
	t.Border = s().Foreground(c(white))
	t.BorderFocus = s().Bold(true).Foreground(c(bCyan))
	t.PaneTitle = s().Bold(true).Foreground(c(white))
	t.Help = help.Styles{
		Ellipsis: t.Dim, ShortKey: t.Key, ShortDesc: t.Dim, ShortSeparator: t.Dim,
		FullKey: t.Key, FullDesc: t.Dim, FullSeparator: t.Dim,
	}
	t.outcomes = [4]lipgloss.Style{
		s().Bold(true).Foreground(c(bGreen)),
		s().Bold(true).Foreground(c(bCyan)),
		s().Bold(true).Foreground(c(bYellow)),
		s().Bold(true).Foreground(c(bRed)),
	}
	t.series = []lipgloss.Style{
		s().Bold(true).Foreground(c(bBlue)),
		s().Bold(true).Foreground(c(bCyan)),
		s().Bold(true).Foreground(c(bMagenta)),
		s().Bold(true).Foreground(c(bYellow)),
		s().Bold(true).Foreground(c(bGreen)),
	}
	t.states = [3]lipgloss.Style{
		s().Bold(true).Foreground(c(bGreen)),
		s().Bold(true).Foreground(c(bRed)),
		s().Bold(true).Foreground(c(bYellow)),
	}
	return t
}
