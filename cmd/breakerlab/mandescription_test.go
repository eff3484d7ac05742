package main

import (
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/internal/racefree"
)

// manPages writes the man pages into a folder of the test's and returns
// it.
func manPages(t *testing.T) string {
	t.Helper()
	racefree.Only(t) // no goroutine: the command reads and prints in the test's own
	dir := t.TempDir()
	if _, errOut, code := run(t, "man", dir); code != 0 {
		t.Fatalf("man: exit %d, %s", code, errOut)
	}
	return dir
}

// Each man page's DESCRIPTION repeated its NAME's summary word for word.
// It now says what the summary does not, and in the words `help NAME`
// prints under the summary: one string for both. No page's DESCRIPTION
// begins with its summary, and none is empty.
func TestManDescriptionIsNotTheSummary(t *testing.T) {
	dir := manPages(t)
	flat := func(s string) string { return strings.Join(strings.Fields(strings.ReplaceAll(s, `\&`, "")), " ") }
	for _, name := range commandNames() {
		c := commands[name]
		b, err := os.ReadFile(filepath.Join(dir, "breakerlab-"+name+".1"))
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		_, desc, _ := strings.Cut(string(b), ".SH DESCRIPTION\n")
		desc, _, _ = strings.Cut(desc, "\n\n")
		desc = flat(desc)
		if desc == "" || strings.HasPrefix(strings.ToLower(desc), strings.ToLower(flat(c.summary))) {
			t.Errorf("%s's DESCRIPTION %q begins with its summary %q, or is empty", name, desc, c.summary)
			continue
		}
		help, _, _ := run(t, "help", name)
		if !strings.Contains(flat(help), desc) {
			t.Errorf("%s's DESCRIPTION is not what help %s prints under its summary:\n%s\nhelp:\n%s", name, name, desc, help)
		}
	}
}

// Each flag a command's description names (--check, --reveal) is a flag
// its own parser knows: the descriptions were written beside the flags,
// and a description naming a flag the command lacks sends a reader to an
// error.
func TestAboutNamesOnlyFlagsTheCommandHas(t *testing.T) {
	racefree.Only(t) // no goroutine: each command parses --help in the test's own
	flagRE := regexp.MustCompile(`--[a-z][a-z-]*`)
	named := 0
	for name, about := range commandAbout {
		c, ok := commands[name]
		if !ok {
			t.Errorf("commandAbout describes %q, which is no command", name)
			continue
		}
		has := map[string]bool{}
		for _, f := range commandFlags(c) {
			has[f.name] = true
		}
		for _, f := range flagRE.FindAllString(about, -1) {
			named++
			if !has[f] {
				t.Errorf("%s's description names %s, which is no flag of %s (it has %v)", name, f, name, slices.Sorted(maps.Keys(has)))
			}
		}
	}
	for name := range commands {
		if _, ok := commandAbout[name]; !ok && name != "help" {
			t.Errorf("%s has no description", name)
		}
	}
	if named < 20 {
		t.Errorf("only %d flags named in the descriptions: is the pattern right?", named)
	}
}

// Every page is ASCII: troff reads its input as Latin-1 unless man runs
// preconv first, and warned of serve's "320×100" ("invalid input
// character") and dropped the ×. A character past ASCII is written as
// roff's escape for it, which groff and mandoc both read.
func TestManPagesAreASCII(t *testing.T) {
	dir := manPages(t)
	pages, err := filepath.Glob(filepath.Join(dir, "*.1"))
	if err != nil || len(pages) == 0 {
		t.Fatalf("no pages in %s: %v", dir, err)
	}
	escaped := 0
	for _, p := range pages {
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		for i, line := range strings.Split(string(b), "\n") {
			for _, r := range line {
				if r >= 0x80 {
					t.Errorf("%s:%d holds %q, past ASCII: %q", filepath.Base(p), i+1, r, line)
					break
				}
			}
		}
		escaped += strings.Count(string(b), `\[u00D7]`)
	}
	if escaped == 0 {
		t.Error(`no page writes serve's × as \[u00D7]`)
	}
}
