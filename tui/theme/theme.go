// Package theme is the one place where breakerlab's terminal UI decides how
// things look: colours, text styles, the glyphs that carry meaning without
// colour, and the renderer they are drawn with.
//
// A Theme is built from a lipgloss renderer that the caller owns (one per
// terminal or SSH session), so nothing here is global. With NO_COLOR set the
// renderer uses the ASCII profile: no colour and no text attributes, which is
// why every state also has a word or a symbol. The renderer also carries
// whether the background is dark, decided once at start (DecideBackground),
// and New picks the colours for it.
//
// It may import lipgloss, termenv, bubbles/help and the engine's outcome and
// breaker types; it imports nothing else from tui/.
package theme

import (
	"io"
	"os"
	"strings"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/breaker"
	"github.com/breakerlab/breakerlab/tui/theme/termbg"
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
// and the background (DecideBackground, with the process's environment)
// now, so that View never touches the terminal, and uses the ASCII profile
// when noColor is set.
func NewRenderer(w io.Writer, noColor bool) *lipgloss.Renderer {
	r := lipgloss.NewRenderer(w)
	if noColor {
		r.SetColorProfile(termenv.Ascii)
	}
	_ = r.ColorProfile()
	ask := r.HasDarkBackground
	if w == io.Writer(os.Stdout) {
		// termbg asked it at start, before any program could take its
		// input, with a shorter wait than termenv's five seconds for a
		// terminal that never answers: that answer, not a second question.
		ask = termbg.StdoutDark
	}
	decideBackground(r, os.Getenv, ask)
	return r
}

// Fixed is a renderer with a fixed profile, whatever it writes to: for a
// recording (tui/record), which is replayed by a terminal other than the
// one that made it. True colour, or ASCII when noColor is set; a dark
// background, as players show recordings by default.
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

// OutcomeShort names an outcome in six letters at most, where a table or
// a legend is narrow: the lesson player's outcome tables and the outcomes
// chart's legend say it the same way.
func OutcomeShort(o engine.Outcome) string {
	switch o {
	case engine.Fallback:
		return "fallbk"
	case engine.Rejected:
		return "reject"
	}
	return o.String()
}

// OutcomeTiny names an outcome in four letters at most, for the narrowest.
func OutcomeTiny(o engine.Outcome) string {
	switch o {
	case engine.Fallback:
		return "fbck"
	case engine.Rejected:
		return "rej"
	case engine.Failed:
		return "fail"
	}
	return o.String()
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

	// Light is set when the theme draws for a light background (the
	// renderer's, DecideBackground): views that pick colours of their own,
	// such as the heatmap's bands, pick them for it.
	Light bool

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
// the exact shade: the dark background's colours (lightColors has the
// light background's).
const (
	red     = "1"
	green   = "2"
	yellow  = "3"
	blue    = "4"
	magenta = "5"
	cyan    = "6"
	grey    = "8"
)

// colors are a theme's colours by what they mean.
type colors struct {
	red, green, yellow, blue, magenta, cyan lipgloss.TerminalColor
	// muted is the subtitle's, and on a light background the dim text's
	// too; border is the panes' borders'.
	muted, border lipgloss.TerminalColor
	// more are the series' colours past the first five.
	more [3]lipgloss.TerminalColor
}

// darkColors are the ANSI numbers above, as the dark theme has always
// drawn them.
var darkColors = colors{
	red: lipgloss.Color(red), green: lipgloss.Color(green), yellow: lipgloss.Color(yellow),
	blue: lipgloss.Color(blue), magenta: lipgloss.Color(magenta), cyan: lipgloss.Color(cyan),
	muted: lipgloss.Color(grey), border: lipgloss.Color(grey),
	more: [3]lipgloss.TerminalColor{lipgloss.Color("12"), lipgloss.Color("13"), lipgloss.Color("14")},
}

// Option changes how New builds a theme.
type Option func(*options)

type options struct{ highContrast bool }

// HighContrast builds the projector's theme: bright colours only (no grey,
// no faint text, which a projector washes out), bold where the normal
// theme is plain, and reverse video for what is chosen. Under NO_COLOR it
// is as plain as the normal theme: the words and symbols carry the meaning.
func HighContrast() Option { return func(o *options) { o.highContrast = true } }

// New builds the theme on r (lipgloss's default renderer if nil), for the
// background decided on r (NewRenderer, Fixed and Plain decide it; else
// DecideBackground). The default renderer is taken to be dark: asking it
// would query the process's terminal from wherever New is called, perhaps
// while a program runs.
func New(r *lipgloss.Renderer, opts ...Option) *Theme {
	light := false
	if r == nil {
		r = lipgloss.DefaultRenderer()
	} else {
		light = !r.HasDarkBackground()
	}
	var o options
	for _, f := range opts {
		f(&o)
	}
	if o.highContrast {
		return newHighContrast(r, light)
	}
	s := r.NewStyle
	p := darkColors
	if light {
		p = lightColors
	}
	t := &Theme{R: r, Color: r.ColorProfile() != termenv.Ascii, Light: light, Text: r.NewStyle()}
	t.Title = s().Bold(true).Foreground(p.magenta)
	t.Subtitle = s().Foreground(p.muted)
	t.Dim = s().Faint(true)
	if light {
		// Faint black on white is a pale grey in many terminals, too pale
		// for the help's words: a grey of known contrast instead.
		t.Dim = s().Foreground(p.muted)
	}
	t.Bold = s().Bold(true)
	t.Key = s().Bold(true).Foreground(p.cyan)
	t.Accent = s().Foreground(p.magenta)
	t.Good = s().Foreground(p.green)
	t.Warn = s().Foreground(p.yellow)
	t.Bad = s().Foreground(p.red)
	t.Error = s().Bold(true).Foreground(p.red)
	t.Selected = s().Bold(true).Reverse(true)
	t.Border = s().Foreground(p.border)
	t.BorderFocus = s().Foreground(p.magenta)
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
		s().Foreground(p.green),  // ok
		s().Foreground(p.cyan),   // fallback
		s().Foreground(p.yellow), // rejected
		s().Foreground(p.red),    // failed
	}
	t.series = []lipgloss.Style{
		s().Foreground(p.blue),
		s().Foreground(p.cyan),
		s().Foreground(p.magenta),
		s().Foreground(p.yellow),
		s().Foreground(p.green),
		s().Foreground(p.more[0]),
		s().Foreground(p.more[1]),
		s().Foreground(p.more[2]),
	}
	t.states = [3]lipgloss.Style{
		s().Foreground(p.green),  // closed
		s().Foreground(p.red),    // open
		s().Foreground(p.yellow), // half-open
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
// brightest text whatever its scheme. On a light background white and
// the bright colours vanish: there the text is the terminal's own
// foreground, and the colours the light theme's dark ones, in bold.
func newHighContrast(r *lipgloss.Renderer, light bool) *Theme {
	s := r.NewStyle
	c := func(n string) lipgloss.TerminalColor { return lipgloss.Color(n) }
	var (
		bRed, bGreen, bYellow, bBlue, bMagenta, bCyan = c("9"), c("10"), c("11"), c("12"), c("13"), c("14")
		white                                         = c("15")
	)
	if light {
		p := lightColors
		bRed, bGreen, bYellow, bBlue, bMagenta, bCyan = p.red, p.green, p.yellow, p.blue, p.magenta, p.cyan
		white = lipgloss.NoColor{}
	}
	t := &Theme{R: r, Color: r.ColorProfile() != termenv.Ascii, HighContrast: true, Light: light, Text: s()}
	t.Title = s().Bold(true).Foreground(white)
	t.Subtitle = s().Bold(true).Foreground(white)
	t.Dim = s().Foreground(white)
	t.Bold = s().Bold(true).Foreground(white)
	t.Key = s().Bold(true).Reverse(true)
	t.Accent = s().Bold(true).Foreground(bMagenta)
	t.Good = s().Bold(true).Foreground(bGreen)
	t.Warn = s().Bold(true).Foreground(bYellow)
	t.Bad = s().Bold(true).Foreground(bRed)
	t.Error = s().Bold(true).Foreground(bRed)
	t.Selected = s().Bold(true).Reverse(true)
	t.Border = s().Foreground(white)
	t.BorderFocus = s().Bold(true).Foreground(bCyan)
	t.PaneTitle = s().Bold(true).Foreground(white)
	t.Help = help.Styles{
		Ellipsis: t.Dim, ShortKey: t.Key, ShortDesc: t.Dim, ShortSeparator: t.Dim,
		FullKey: t.Key, FullDesc: t.Dim, FullSeparator: t.Dim,
	}
	t.outcomes = [4]lipgloss.Style{
		s().Bold(true).Foreground(bGreen),
		s().Bold(true).Foreground(bCyan),
		s().Bold(true).Foreground(bYellow),
		s().Bold(true).Foreground(bRed),
	}
	t.series = []lipgloss.Style{
		s().Bold(true).Foreground(bBlue),
		s().Bold(true).Foreground(bCyan),
		s().Bold(true).Foreground(bMagenta),
		s().Bold(true).Foreground(bYellow),
		s().Bold(true).Foreground(bGreen),
	}
	t.states = [3]lipgloss.Style{
		s().Bold(true).Foreground(bGreen),
		s().Bold(true).Foreground(bRed),
		s().Bold(true).Foreground(bYellow),
	}
	return t
}
