package main

import (
	"regexp"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/internal/racefree"
)

// Every example `breakerlab --help` gives names a command there is, with
// flags that command takes: the help is the first page a teacher reads
// (it named neither presenting nor pictures).
func TestRootExamplesNameRealCommandsAndFlags(t *testing.T) {
	racefree.Only(t) // no goroutine: help and completion print and run nothing
	for _, line := range strings.Split(strings.TrimSpace(rootExamples), "\n") {
		// The command, then its words after two spaces or more.
		cmd := regexp.MustCompile(`\s{2,}`).Split(strings.TrimSpace(line), 2)[0]
		f := strings.Fields(cmd)
		if len(f) < 2 || f[0] != "breakerlab" || f[1] == "help" {
			continue // the home screen, help itself, a shell line
		}
		c, ok := commands[f[1]]
		if !ok {
			t.Errorf("%q: no command %s", line, f[1])
			continue
		}
		help := helpOf(t, c.name)
		for _, w := range f[2:] {
			if strings.HasPrefix(w, "-") && !strings.Contains(help, w+" ") && !strings.Contains(help, w+"\n") && !strings.Contains(help, w+"=") {
				t.Errorf("%q: %s takes no flag %s", line, f[1], w)
			}
		}
	}
}

// helpOf is `breakerlab help NAME`'s text.
func helpOf(t *testing.T, name string) string {
	t.Helper()
	out, errOut, _ := run(t, "help", name)
	return out + errOut
}
