package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/internal/racefree"
)

// Each man page's DESCRIPTION repeated its NAME's summary word for word.
// It now says what the summary does not, and in the words `help NAME`
// prints under the summary: one string for both. No page's DESCRIPTION
// begins with its summary, and none is empty.
func TestManDescriptionIsNotTheSummary(t *testing.T) {
	racefree.Only(t) // no goroutine: the command reads and prints in the test's own
	dir := t.TempDir()
	if _, errOut, code := run(t, "man", dir); code != 0 {
		t.Fatalf("man: exit %d, %s", code, errOut)
	}
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
