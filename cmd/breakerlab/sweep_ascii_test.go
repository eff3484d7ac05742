package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

// Under a locale that is not UTF-8 the heatmap on standard output is
// drawn in ASCII, each line as wide as in Unicode; a file written with -o
// is the same bytes whatever the locale.
func TestSweepHeatmapFollowsTheLocale(t *testing.T) {
	for _, k := range []string{"LC_ALL", "LC_CTYPE", "BREAKERLAB_ASCII"} {
		t.Setenv(k, "")
	}
	args := []string{"sweep", "cascade", "--vary", "recommendations.bulkhead=5..50:2", "--vary", "recommendations.timeout=100ms..2s:2", "--measure", "search.ok", "--seeds", "1"}
	sweep := func(lang string, more ...string) string {
		t.Helper()
		t.Setenv("LANG", lang)
		stdout, stderr, code := run(t, append(args, more...)...)
		if code != 0 {
			t.Fatalf("LANG=%s: exit code %d: %s", lang, code, stderr)
		}
		return stdout
	}
	unicode, ascii := sweep("C.UTF-8"), sweep("C")
	if !strings.Contains(unicode, "█") {
		t.Fatalf("no shade in the Unicode heatmap:\n%s", unicode)
	}
	if strings.ContainsFunc(ascii, func(r rune) bool { return r > 0x7f }) {
		t.Errorf("LANG=C: characters outside ASCII:\n%s", ascii)
	}
	was, is := strings.Split(unicode, "\n"), strings.Split(ascii, "\n")
	if len(is) != len(was) {
		t.Fatalf("LANG=C: %d lines, want %d", len(is), len(was))
	}
	for i := range was {
		if ansi.StringWidth(is[i]) != ansi.StringWidth(was[i]) {
			t.Errorf("LANG=C: line %d is %q, was %q", i+1, is[i], was[i])
		}
	}

	dir := t.TempDir()
	files := map[string][]byte{}
	for _, lang := range []string{"C.UTF-8", "C"} {
		path := filepath.Join(dir, lang+".txt")
		sweep(lang, "-o", path)
		b, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		files[lang] = b
	}
	if string(files["C"]) != string(files["C.UTF-8"]) || !strings.Contains(string(files["C"]), "█") {
		t.Errorf("-o under LANG=C:\n%s\nunder LANG=C.UTF-8:\n%s", files["C"], files["C.UTF-8"])
	}
}
