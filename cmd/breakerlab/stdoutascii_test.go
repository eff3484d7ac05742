//go:build linux || darwin

package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/breakerlab/breakerlab/tui/asciiterm"
)

// nonASCII reports whether s has a byte outside ASCII.
func nonASCII(s string) bool {
	return strings.ContainsFunc(s, func(r rune) bool { return r >= 0x80 })
}

// afterProgress is what a command printed on a terminal after its progress
// line, which a run slow enough (under -race, on a busy machine) draws and
// rubs out ("\x1b[K") as it goes, a different number of times from run to
// run.
func afterProgress(drawn string) string {
	if i := strings.LastIndex(drawn, "\x1b[K"); i >= 0 {
		return drawn[i+len("\x1b[K"):]
	}
	return drawn
}

// On a terminal whose locale is not UTF-8, what the headless commands
// print is ASCII: the same text, each character drawn as the screens draw
// it (asciiterm). Under a UTF-8 locale the terminal gets the characters
// themselves; so does a pipe under any locale, and a file written with -o.
func TestPtyHeadlessOutputFollowsTheLocale(t *testing.T) {
	// Its programs are this test binary run as main, each a process of its
	// own: under -race every one of its 27 runs is the race-built program,
	// 27 s of CPU where 4 s. What they check is the bytes, and the
	// goroutines behind them run under -race elsewhere: the sweep's workers
	// and the command's watches in TestSweepCSVMatchesRuns (a sweep in the
	// test's process), the home screen on a terminal in
	// TestPtyTheHomeScreenOnAnAnsweringTerminal and
	// TestPtyAFullScreenProgramTerminatedExits143, the reader of the
	// terminal in TestPtyTheHomeScreenOnAnAnsweringTerminal.
	racefree.Only(t)
	t.Parallel()
	// The locale is LANG's alone, and BREAKERLAB_ASCII does not settle it;
	// the theme is settled so that nothing waits for the terminal's answer.
	env := func(lang string) []string {
		return []string{"LC_ALL=", "LC_CTYPE=", "BREAKERLAB_ASCII=", "TMUX=", "LANG=" + lang, "BREAKERLAB_THEME=dark"}
	}
	// onPty is what args print on a terminal under lang; the command's
	// end ends the wait.
	onPty := func(t *testing.T, lang string, args ...string) string {
		t.Helper()
		drawn, _ := startOnPty(t, env(lang), "", 30*time.Second, 0, "\x00never shown", args...)
		return afterProgress(drawn)
	}
	// piped says whether the command is run in a pipe too. Whether the
	// text is mapped is runCommandLine's choice for every command
	// (terminalText: a terminal's, under a locale that is not UTF-8), and
	// none of them asks the locale itself; so the pipe is tried on the
	// commands that print in a few milliseconds, and not on the two that
	// run the engine first (the challenges' goals, the cheat sheet's
	// figures), a third of a second a run.
	for _, c := range []struct {
		args  []string
		piped bool
	}{{[]string{"challenges"}, false}, {[]string{"cheatsheet"}, false}, {[]string{"facts"}, true}, {[]string{"scenarios"}, true},
		{[]string{"run", "multi-hop"}, true}, {[]string{"help", "serve"}, true},
		{[]string{"sweep", "cascade", "--vary", "recommendations.bulkhead=5..50:2", "--vary", "recommendations.timeout=100ms..2s:2", "--measure", "search.ok", "--seeds", "1"}, true}} {
		args := c.args
		t.Run(strings.Join(args, " "), func(t *testing.T) {
			t.Parallel()
			unicode, ascii := onPty(t, "C.UTF-8", args...), onPty(t, "C", args...)
			if !nonASCII(unicode) {
				t.Fatalf("nothing outside ASCII under C.UTF-8, so nothing to map: %q", unicode)
			}
			if nonASCII(ascii) {
				t.Errorf("characters outside ASCII on a terminal under LANG=C:\n%s", ascii)
			}
			var mapped bytes.Buffer
			if _, err := asciiterm.NewWriter(&mapped).Write([]byte(unicode)); err != nil {
				t.Fatal(err)
			}
			if ascii != mapped.String() {
				t.Errorf("under LANG=C\n%s\nwant the UTF-8 text mapped\n%s", ascii, mapped.String())
			}

			// A pipe gets the same bytes under both.
			if !c.piped {
				return
			}
			pipedC, _, _ := runPiped(t, env("C"), args...)
			pipedUTF8, _, _ := runPiped(t, env("C.UTF-8"), args...)
			if pipedC != pipedUTF8 || !nonASCII(pipedC) {
				t.Errorf("in a pipe under LANG=C\n%s\nunder C.UTF-8\n%s", pipedC, pipedUTF8)
			}
		})
	}

	// The full-screen programs still find their terminal behind the
	// ASCII writer: the home screen opens, in ASCII.
	t.Run("home", func(t *testing.T) {
		t.Parallel()
		home, took := startOnPty(t, env("C"), "", 10*time.Second, 0, "Sandbox")
		if took == 10*time.Second || nonASCII(home) {
			t.Errorf("the home screen under LANG=C: %q", home)
		}
	})

	// -o FILE from a terminal is the same bytes under both locales.
	t.Run("-o", func(t *testing.T) {
		t.Parallel()
		dir := t.TempDir()
		files := map[string]string{}
		for _, lang := range []string{"C.UTF-8", "C"} {
			path := filepath.Join(dir, lang+".txt")
			onPty(t, lang, "run", "multi-hop", "-o", path)
			b, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			files[lang] = string(b)
		}
		if files["C"] != files["C.UTF-8"] || !nonASCII(files["C"]) {
			t.Errorf("-o under LANG=C:\n%s\nunder C.UTF-8:\n%s", files["C"], files["C.UTF-8"])
		}
	})
}
