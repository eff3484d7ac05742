package theme

import (
	"image/color"
	"io"
	"testing"

	"github.com/charmbracelet/lipgloss"
	"github.com/muesli/termenv"
)

var white = color.RGBA{255, 255, 255, 255}

// envOf is an environment holding kv's variables alone.
type envOf map[string]string

func (e envOf) Getenv(k string) string { return e[k] }

func (e envOf) Environ() []string {
	var out []string
	for k, v := range e {
		out = append(out, k+"="+v)
	}
	return out
}

// decided is a renderer of profile p on a background decided by
// DecideBackground from env, termenv reading env too (COLORFGBG), as the
// SSH server's renderer reads the client's.
func decided(p termenv.Profile, env envOf) *lipgloss.Renderer {
	r := lipgloss.NewRenderer(io.Discard, termenv.WithEnvironment(env), termenv.WithUnsafe())
	r.SetColorProfile(p)
	DecideBackground(r, env.Getenv)
	return r
}

// BREAKERLAB_THEME wins over what the terminal says (COLORFGBG here), in
// any case; unset, empty, "auto" or a value it does not know, the terminal
// decides; with no colour to choose the terminal is not asked.
func TestDecideBackground(t *testing.T) {
	const onWhite, onBlack = "0;15", "15;0"
	for _, c := range []struct {
		theme, colorfgbg string
		profile          termenv.Profile
		dark             bool
	}{
		{"", onWhite, termenv.TrueColor, false},
		{"", onBlack, termenv.TrueColor, true},
		{"", "", termenv.TrueColor, true},
		{"auto", onWhite, termenv.ANSI256, false},
		{"dark", onWhite, termenv.TrueColor, true},
		{"light", onBlack, termenv.TrueColor, false},
		{"Light ", "", termenv.ANSI, false},
		{"ligth", onWhite, termenv.TrueColor, false},
		{"ligth", onBlack, termenv.TrueColor, true},
		{"", onWhite, termenv.Ascii, true},
	} {
		r := decided(c.profile, envOf{EnvTheme: c.theme, "COLORFGBG": c.colorfgbg})
		if got := r.HasDarkBackground(); got != c.dark {
			t.Errorf("%s=%q, COLORFGBG=%q, %v: dark %v, want %v", EnvTheme, c.theme, c.colorfgbg, c.profile, got, c.dark)
		}
		if th := New(r); th.Light == c.dark {
			t.Errorf("%s=%q, COLORFGBG=%q: the theme's Light is %v, want %v", EnvTheme, c.theme, c.colorfgbg, th.Light, !c.dark)
		}
	}
	for v, bad := range map[string]bool{"": false, "auto": false, "dark": false, "LIGHT": false, "ligth": true, "solarized": true} {
		if err := CheckEnv(envOf{EnvTheme: v}.Getenv); (err != nil) != bad {
			t.Errorf("%s=%q: CheckEnv says %v", EnvTheme, v, err)
		}
	}
}

// NewRenderer, which every local program draws with, reads the process's
// BREAKERLAB_THEME.
func TestNewRendererHonoursTheEnvironment(t *testing.T) {
	for v, dark := range map[string]bool{"light": false, "dark": true} {
		t.Setenv(EnvTheme, v)
		if got := NewRenderer(io.Discard, false).HasDarkBackground(); got != dark {
			t.Errorf("%s=%s: NewRenderer's background dark %v", EnvTheme, v, got)
		}
	}
}

// styled is every style of a theme that draws in a colour, by name, with
// the least contrast against the background it must keep: 4.5:1 for text,
// 3:1 for the borders.
func styled(th *Theme) map[string]struct {
	st  lipgloss.Style
	min float64
} {
	type entry = struct {
		st  lipgloss.Style
		min float64
	}
	out := map[string]entry{
		"Title": {th.Title, 4.5}, "Subtitle": {th.Subtitle, 4.5}, "Dim": {th.Dim, 4.5},
		"Key": {th.Key, 4.5}, "Accent": {th.Accent, 4.5}, "Good": {th.Good, 4.5},
		"Warn": {th.Warn, 4.5}, "Bad": {th.Bad, 4.5}, "Error": {th.Error, 4.5},
		"Border": {th.Border, 3}, "BorderFocus": {th.BorderFocus, 3},
	}
	for i, st := range th.outcomes {
		out["outcome "+string(rune('0'+i))] = entry{st, 4.5}
	}
	for i, st := range th.series {
		out["series "+string(rune('0'+i))] = entry{st, 4.5}
	}
	for i, st := range th.states {
		out["state "+string(rune('0'+i))] = entry{st, 4.5}
	}
	return out
}

// On a light background every colour the theme sends, in true colour and
// in 256 colours, reads against white: text at 4.5:1, borders at 3:1. The
// dark theme's ANSI yellow, cyan, green and bright colours do not (xterm's
// yellow is 1.7:1, its bright cyan 1.25:1), so every one differs from the
// dark theme's.
func TestLightThemeContrast(t *testing.T) {
	for _, p := range []termenv.Profile{termenv.TrueColor, termenv.ANSI256} {
		r := Plain()
		r.SetColorProfile(p)
		r.SetHasDarkBackground(false)
		light := styled(New(r))
		dr := Plain()
		dr.SetColorProfile(p)
		dark := styled(New(dr))
		for name, e := range light {
			fg, ok := InkOf(e.st).Foreground()
			if !ok {
				t.Errorf("%v: the light theme's %s has no colour", p, name)
				continue
			}
			if c := Contrast(fg, white); c < e.min {
				t.Errorf("%v: the light theme's %s is %v, %.2f:1 against white, under %.1f:1", p, name, fg, c, e.min)
			}
			if InkOf(e.st) == InkOf(dark[name].st) {
				t.Errorf("%v: the light theme's %s is the dark theme's", p, name)
			}
		}
		if New(r).Dim.GetFaint() {
			t.Errorf("%v: the light theme's Dim is faint, a pale grey on white in many terminals", p)
		}
	}
}

// The projector's theme on a light background draws no white (nor any
// bright colour): its text is the terminal's own foreground, its colours
// read at 4.5:1 against white.
func TestHighContrastOnLight(t *testing.T) {
	r := Plain()
	r.SetColorProfile(termenv.ANSI256)
	r.SetHasDarkBackground(false)
	hc := New(r, HighContrast())
	if !hc.Light {
		t.Fatal("the projector's theme on a light background is not Light")
	}
	for name, e := range styled(hc) {
		fg, ok := InkOf(e.st).Foreground()
		if !ok {
			continue // the terminal's foreground, which reads on its background
		}
		if c := Contrast(fg, white); c < e.min {
			t.Errorf("the light projector theme's %s is %v, %.2f:1 against white", name, fg, c)
		}
	}
}

// Contrast is WCAG's: 21 for black on white, 1 for a colour on itself,
// and the figures its examples give.
func TestContrast(t *testing.T) {
	black := color.RGBA{0, 0, 0, 255}
	for _, c := range []struct {
		a, b color.Color
		want float64
	}{
		{black, white, 21},
		{white, black, 21},
		{white, white, 1},
		{color.RGBA{0x77, 0x77, 0x77, 255}, white, 4.48},
		{color.RGBA{0xff, 0xff, 0xcc, 255}, white, 1.03},
	} {
		if got := Contrast(c.a, c.b); got < c.want-0.01 || got > c.want+0.01 {
			t.Errorf("Contrast(%v, %v) = %.3f, want %.2f", c.a, c.b, got, c.want)
		}
	}
	r := Plain()
	r.SetColorProfile(termenv.ANSI256)
	for _, c := range []struct {
		st   lipgloss.Style
		want string
		ok   bool
	}{
		{r.NewStyle().Foreground(lipgloss.Color("#af0000")), "#af0000", true},
		{r.NewStyle().Bold(true).Foreground(lipgloss.Color("1")), "#800000", true},
		{r.NewStyle().Foreground(lipgloss.Color("124")), "#af0000", true},
		{r.NewStyle().Bold(true).Reverse(true), "", false},
	} {
		fg, ok := InkOf(c.st).Foreground()
		if ok != c.ok || ok && rgbOf(fg) != c.want {
			t.Errorf("%q: foreground %v %v, want %s %v", InkOf(c.st).Paint("x"), fg, ok, c.want, c.ok)
		}
	}
}

// rgbOf writes c as "#rrggbb".
func rgbOf(c color.Color) string {
	r, g, b, _ := c.RGBA()
	return rgbHex(int(r>>8), int(g>>8), int(b>>8))
}
