package theme

import (
	"fmt"
	"strings"

	"github.com/breakerlab/breakerlab/tui/theme/termbg"
	"github.com/charmbracelet/lipgloss"
	"github.com/muesli/termenv"
)

// EnvTheme is the environment variable that says which background the
// theme draws for: "light" or "dark". Unset, empty or "auto" leaves it to
// the terminal. An environment variable rather than a flag, so that it
// reaches every command at once, is set once in a shell's profile as a
// terminal's background is, and crosses SSH (ssh -o
// SetEnv=BREAKERLAB_THEME=light) to a classroom's server.
const EnvTheme = termbg.EnvTheme

// backgroundChoice is what EnvTheme asks for.
type backgroundChoice int

const (
	fromTerminal backgroundChoice = iota
	forceDark
	forceLight
)

// themeChoice reads EnvTheme. A value it does not know is an error that
// names the values it takes, and leaves the choice to the terminal.
func themeChoice(getenv func(string) string) (backgroundChoice, error) {
	if getenv == nil {
		return fromTerminal, nil
	}
	// termbg reads it too, before main, to know whether to ask the
	// terminal at all: the one reading of light and dark.
	if dark, fixed := termbg.Chosen(getenv); fixed {
		if dark {
			return forceDark, nil
		}
		return forceLight, nil
	}
	v := getenv(EnvTheme)
	switch strings.ToLower(strings.TrimSpace(v)) {
	case "", "auto":
		return fromTerminal, nil
	}
	return fromTerminal, fmt.Errorf("%s=%q is not a theme: it takes light, dark or auto (ask the terminal)", EnvTheme, v)
}

// CheckEnv says what is wrong with EnvTheme's value, or nil: for a
// warning at start, since a misspelt value otherwise falls back to asking
// the terminal without a word.
func CheckEnv(getenv func(string) string) error {
	_, err := themeChoice(getenv)
	return err
}

// DecideBackground settles, once, whether r draws on a dark background,
// and fixes the answer on r: EnvTheme when it says light or dark, else the
// terminal's own answer (lipgloss asks it for its background colour with
// OSC 11, then reads COLORFGBG; stdout's was asked at start, by termbg),
// else dark. Call it before the program starts: a question asked later,
// from View, would have the terminal's reply read as keys, and a fixed
// answer keeps anything from asking again.
// Under the ASCII profile there is no colour to choose, so the terminal
// is not asked.
func DecideBackground(r *lipgloss.Renderer, getenv func(string) string) {
	decideBackground(r, getenv, r.HasDarkBackground)
}

// decideBackground is DecideBackground with the question to the terminal
// given: for the process's terminal, NewRenderer gives termbg's answer,
// asked at start with a shorter wait than termenv's.
func decideBackground(r *lipgloss.Renderer, getenv func(string) string, askTerminal func() bool) {
	choice, _ := themeChoice(getenv)
	switch {
	case choice == forceLight:
		r.SetHasDarkBackground(false)
	case choice == forceDark, r.ColorProfile() == termenv.Ascii:
		r.SetHasDarkBackground(true)
	default:
		r.SetHasDarkBackground(askTerminal())
	}
}
