package main

import (
	"errors"
	"flag"
	"io"
	"regexp"
	"testing"

	"github.com/breakerlab/breakerlab/internal/racefree"
)

// sentinelDefault is a default as the flag package would print a value
// that stands for something else: 0 for "a free port" or "one per core",
// 0s for "when the run ends", "" for "none".
var sentinelDefault = regexp.MustCompile(`\(default (0|0s|"")\)`)

// realZeros are the flags whose default 0 is a value the program uses as
// given, not a stand-in: none yet. A flag added here says why.
var realZeros = map[string]bool{}

// No flag's help says "(default 0)" where 0 stands for something else
// (a free port, one worker per core, the run's end): it says what it
// stands for, as --width says "the terminal's width". Both the help and
// describeFlag, which the man pages read too, are checked.
func TestNoFlagDefaultIsASentinel(t *testing.T) {
	racefree.Only(t) // no goroutine: --help prints and runs nothing
	tempConfig(t)
	flags := 0
	for _, name := range commandNames() {
		c := commands[name]
		help, _, _ := run(t, "help", name)
		for _, m := range sentinelDefault.FindAllString(help, -1) {
			t.Errorf("help %s says %s", name, m)
		}
		var l flagList
		if err := c.run([]string{"--help"}, io.Discard, io.Discard); !errors.As(err, &l) {
			continue // no flags of its own (exercises lists its own)
		}
		l.fs.VisitAll(func(f *flag.Flag) {
			flags++
			d := describeFlag(f, false)
			if sentinelDefault.MatchString("("+d.def+")") && !realZeros[name+" --"+f.Name] {
				t.Errorf("%s --%s: %q; say what it stands for (sayDefault)", name, f.Name, d.def)
			}
		})
	}
	if flags < 50 {
		t.Errorf("found %d flags; want every command's", flags)
	}
}
