package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/internal/racefree"
)

// The heatmap in a pipe and in a file written with -o is the same bytes
// whatever the locale, as every other command's text is: it was mapped to
// ASCII in a pipe under LANG=C. (On a terminal it follows the locale:
// TestPtyHeadlessOutputFollowsTheLocale.)
func TestSweepHeatmapKeepsItsBytesOffATerminal(t *testing.T) {
	racefree.Only(t) // its sweep's workers, progress and watches are TestSweepCSVMatchesRuns's, which runs under -race
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
	unicode, c := sweep("C.UTF-8"), sweep("C")
	if !strings.Contains(unicode, "█") {
		t.Fatalf("no shade in the Unicode heatmap:\n%s", unicode)
	}
	if c != unicode {
		t.Errorf("in a pipe under LANG=C:\n%s\nunder LANG=C.UTF-8:\n%s", c, unicode)
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
