// Package termbg asks the terminal on the process's standard output for
// its background colour, once, as the process starts, and waits for the
// answer no longer than Timeout.
//
// termenv asks the same question with a fixed five-second wait
// (termenv@v0.16.0, termenv_unix.go, OSCTimeout), and bubbletea asks it
// through lipgloss's default renderer from its own init
// (bubbletea@v1.3.10, tea_init.go), before main runs and whatever the
// command: on a terminal that never answers (a serial console, some CI
// pty wrappers, old terminals) every command showed nothing for five
// seconds. This package's init asks first, with the short wait, and puts
// the answer on the default renderer, so that bubbletea's init finds it
// there and asks nothing. It asks before main, as bubbletea did, so that
// the answer is there for whatever draws with the default renderer
// (the exercise runner's colours) and no program can yet be reading the
// terminal's input, where the answer would be taken for keys.
//
// It imports nothing that bubbletea does not import itself: Go
// initialises, of the packages whose imports are initialised, the first
// by import path (the spec's "Package initialization"), and
// github.com/breakerlab/... sorts before github.com/charmbracelet/...,
// so this init runs before bubbletea's. An import bubbletea lacks could
// make it run later; cmd/breakerlab's pty test would then see the
// five-second wait again.
package termbg

import (
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/charmbracelet/lipgloss"
	"github.com/muesli/termenv"
)

// Timeout is how long the terminal is waited for. A terminal that
// answers at all ends the wait early: the question is followed by a
// cursor-position request, which every terminal since the VT100 answers,
// after its colour if it knows it, so only a terminal that answers
// nothing waits the whole of it. A local terminal answers within a few
// milliseconds; over SSH the answer takes one network round trip, under
// 300 ms between continents. 400 ms leaves room for that round trip and a
// busy machine, and is still a short pause on a terminal that never
// answers. An answer later than that comes in as the program's input, as
// it did after termenv's five seconds.
const Timeout = 400 * time.Millisecond

// EnvTheme is the environment variable that fixes the background, light
// or dark, so that the terminal is not asked (theme.EnvTheme says more).
const EnvTheme = "BREAKERLAB_THEME"

// stdoutDark is the background decided at start for standard output.
var stdoutDark = true

func init() {
	r := lipgloss.DefaultRenderer()
	if dark, fixed := Chosen(os.Getenv); fixed {
		stdoutDark = dark
	} else if r.ColorProfile() != termenv.Ascii {
		// Under the ASCII profile (NO_COLOR, a pipe, a dumb terminal)
		// there is no colour to choose, and nothing to ask.
		stdoutDark = darkFrom(ask(os.Stdout, os.Getenv, Timeout), os.Getenv("COLORFGBG"))
	}
	r.SetHasDarkBackground(stdoutDark)
}

// StdoutDark reports whether standard output's background is dark, as
// decided at start: EnvTheme's choice, else the terminal's answer to OSC
// 11, else COLORFGBG's background, else dark, as termenv decides. The
// terminal was asked at most once, before main.
func StdoutDark() bool { return stdoutDark }

// Chosen reads EnvTheme: dark or light when it says so (in any case,
// spaces around), and fixed false otherwise (unset, "auto", or a value it
// does not know), when the terminal decides.
func Chosen(getenv func(string) string) (dark, fixed bool) {
	switch strings.ToLower(strings.TrimSpace(getenv(EnvTheme))) {
	case "dark":
		return true, true
	case "light":
		return false, true
	}
	return false, false
}

// darkFrom decides from the terminal's answer to OSC 11 (empty when none
// came), else from COLORFGBG ("15;0": its last field is the background's
// ANSI colour), else dark. The lightness test is termenv's (HSL lightness
// under one half), so that the answer is the one termenv would give.
func darkFrom(answer, colorFGBG string) bool {
	if c, ok := parseAnswer(answer); ok {
		return isDark(c)
	}
	if i := strings.LastIndexByte(colorFGBG, ';'); i >= 0 {
		if n, err := strconv.Atoi(colorFGBG[i+1:]); err == nil {
			return isDark(termenv.ANSIColor(n))
		}
	}
	return true
}

func isDark(c termenv.Color) bool {
	_, _, l := termenv.ConvertToRGB(c).Hsl()
	return l < 0.5
}

// parseAnswer reads a background colour from an answer to OSC 11,
// "ESC ] 11 ; rgb:RRRR/GGGG/BBBB" ended by BEL or ST. Each component
// has one to four hex digits, a fraction of its largest value (XParseColor).
func parseAnswer(s string) (termenv.RGBColor, bool) {
	_, rest, ok := strings.Cut(s, "\x1b]11;rgb:")
	if !ok {
		return "", false
	}
	end := strings.IndexAny(rest, "\a\x1b")
	if end < 0 {
		return "", false
	}
	parts := strings.Split(rest[:end], "/")
	if len(parts) != 3 {
		return "", false
	}
	hex := "#"
	for _, p := range parts {
		if len(p) < 1 || len(p) > 4 {
			return "", false
		}
		v, err := strconv.ParseUint(p, 16, 16)
		if err != nil {
			return "", false
		}
		most := uint64(1)<<(4*len(p)) - 1
		byteValue := (v*255 + most/2) / most               // rounded
		hex += strconv.FormatUint(0x100+byteValue, 16)[1:] // two digits
	}
	return termenv.RGBColor(hex), true
}
