package main

import (
	"errors"
	"flag"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/internal/racefree"
)

// goPaddedDuration is a duration as time.Duration.String writes it with a
// zero unit the program's own formatter leaves out: "30m0s", "4h0m0s".
var goPaddedDuration = regexp.MustCompile(`[0-9](h0m|m0s)`)

// Every duration flag of every command shows its default in --help and in
// its man page as engine.FormatDuration writes it ("30m", "4h"), the way
// every message and scenario file writes a duration, not the flag
// package's "30m0s".
func TestDurationDefaultsReadAsTheProgramWritesThem(t *testing.T) {
	racefree.Only(t) // no goroutine: the command reads and prints in the test's own
	dir := t.TempDir()
	if _, errOut, code := run(t, "man", dir); code != 0 {
		t.Fatalf("man: exit %d, %s", code, errOut)
	}
	durations := 0
	for _, name := range commandNames() {
		c := commands[name]
		help, _, _ := run(t, "help", name)
		page, err := os.ReadFile(filepath.Join(dir, "breakerlab-"+name+".1"))
		if err != nil {
			t.Fatal(err)
		}
		for _, text := range []struct{ where, s string }{{"help", help}, {"man page", string(page)}} {
			if m := goPaddedDuration.FindString(text.s); m != "" {
				t.Errorf("%s's %s writes a duration as %q", name, text.where, m)
			}
		}
		var l flagList
		if err := c.run([]string{"--help"}, io.Discard, io.Discard); !errors.As(err, &l) {
			continue // no flags of its own (exercises lists its own)
		}
		l.fs.VisitAll(func(f *flag.Flag) {
			g, ok := f.Value.(flag.Getter)
			if !ok {
				return
			}
			if _, ok := g.Get().(time.Duration); !ok {
				return
			}
			durations++
			d, err := time.ParseDuration(f.DefValue)
			if err != nil {
				t.Fatalf("%s --%s: default %q: %v", name, f.Name, f.DefValue, err)
			}
			want := engine.FormatDuration(d)
			if line := "--" + f.Name + " DURATION (default " + want + ")"; !strings.Contains(help, line) {
				t.Errorf("%s's help lacks %q", name, line)
			}
			if line := `\fB--` + f.Name + `\fP \fIDURATION\fP (default ` + want + `)`; !strings.Contains(string(page), line) {
				t.Errorf("%s's man page lacks %q", name, line)
			}
		})
	}
	// serve's three and bench-for: a test that found none would pass
	// whatever the help wrote. lab's --bulkhead-wait and record's --max
	// say their defaults in words (TestNoFlagDefaultIsASentinel).
	if durations < 4 {
		t.Errorf("found %d duration flags; want serve's four", durations)
	}
}
