//go:build linux || darwin

package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/tui/asciiterm"
)

// nonASCII reports whether s has a byte outside ASCII.
func nonASCII(s string) bool {
	return strings.ContainsFunc(s, func(r rune) bool { return r >= 0x80 })
}

// On a terminal whose locale is not UTF-8, what the headless commands
// print is ASCII: the same text, each character drawn as the screens draw
// it (asciiterm). Under a UTF-8 locale the terminal gets the characters
// themselves; so does a pipe under any locale, and a file written with -o.
func TestPtyHeadlessOutputFollowsTheLocale(t *testing.T) {
	ptyEnv(t)
	for _, k := range []string{"LC_ALL", "LC_CTYPE", "BREAKERLAB_ASCII", "TMUX"} {
		t.Setenv(k, "")
	}
	// onPty is what args print on a terminal under lang; the theme is
	// settled so that nothing waits for the terminal's answer, and the
	// command's end ends the wait.
	onPty := func(lang string, args ...string) string {
		t.Helper()
		drawn, _ := startOnPty(t, []string{"LANG=" + lang, "BREAKERLAB_THEME=dark"}, "", 30*time.Second, 0, "\x00never shown", args...)
		return drawn
	}
	for _, args := range [][]string{{"challenges"}, {"cheatsheet"}, {"facts"}, {"scenarios"}, {"run", "multi-hop"}, {"help", "serve"}} {
		name := strings.Join(args, " ")
		unicode, ascii := onPty("C.UTF-8", args...), onPty("C", args...)
		if !nonASCII(unicode) {
			t.Errorf("%s: nothing outside ASCII under C.UTF-8, so nothing to map: %q", name, unicode)
			continue
		}
		if nonASCII(ascii) {
			t.Errorf("%s: characters outside ASCII on a terminal under LANG=C:\n%s", name, ascii)
		}
		var mapped bytes.Buffer
		if _, err := asciiterm.NewWriter(&mapped).Write([]byte(unicode)); err != nil {
			t.Fatal(err)
		}
		if ascii != mapped.String() {
			t.Errorf("%s: under LANG=C\n%s\nwant the UTF-8 text mapped\n%s", name, ascii, mapped.String())
		}

		// A pipe (here a buffer) gets the same bytes under both.
		t.Setenv("LANG", "C")
		pipedC, _, _ := run(t, args...)
		t.Setenv("LANG", "C.UTF-8")
		pipedUTF8, _, _ := run(t, args...)
		if pipedC != pipedUTF8 || !nonASCII(pipedC) {
			t.Errorf("%s: in a pipe under LANG=C\n%s\nunder C.UTF-8\n%s", name, pipedC, pipedUTF8)
		}
	}

	// The full-screen programs still find their terminal behind the
	// ASCII writer: the home screen opens, in ASCII.
	home, took := startOnPty(t, []string{"LANG=C", "BREAKERLAB_THEME=dark"}, "", 10*time.Second, 0, "Sandbox")
	if took == 10*time.Second || nonASCII(home) {
		t.Errorf("the home screen under LANG=C: %q", home)
	}

	// -o FILE from a terminal is the same bytes under both locales.
	dir := t.TempDir()
	files := map[string]string{}
	for _, lang := range []string{"C.UTF-8", "C"} {
		path := filepath.Join(dir, lang+".txt")
		onPty(lang, "run", "multi-hop", "-o", path)
		b, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		files[lang] = string(b)
	}
	if files["C"] != files["C.UTF-8"] || !nonASCII(files["C"]) {
		t.Errorf("-o under LANG=C:\n%s\nunder C.UTF-8:\n%s", files["C"], files["C.UTF-8"])
	}
}
