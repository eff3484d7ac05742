package main

import (
	"flag"
	"strings"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/internal/racefree"
)

// Every number flag of every command, given a word, is refused in one
// line that names the flag, the word and what it takes, and says where
// the flags are explained, exit 2: the refusal printed the whole list of
// the command's flags after it (sixty lines of serve's), and its line
// went off the top of the terminal.
func TestEveryNumberFlagsRefusalIsOneLine(t *testing.T) {
	racefree.Only(t) // no goroutine: every refusal comes before anything starts
	tempConfig(t)
	numbers := 0
	for _, name := range commandNames() {
		fs := commandFlagSet(commands[name])
		if fs == nil {
			continue
		}
		fs.VisitAll(func(f *flag.Flag) {
			if !isNumberFlag(f) {
				return
			}
			numbers++
			_, errOut, code := run(t, name, flagSpelling(f.Name), "x")
			if code != exitUsage || !strings.Contains(errOut, flagSpelling(f.Name)) || !strings.Contains(errOut, `"x"`) || !oneLineRefusal(errOut, name) {
				t.Errorf("%s %s x: exit %d, %q; want exit 2 and one line naming the flag and x, pointing to breakerlab %s --help", name, flagSpelling(f.Name), code, errOut, name)
			}
		})
	}
	// run's, sweep's, serve's, record's, lab's and more: a test that
	// found few would pass whatever the refusals wrote.
	if numbers < 30 {
		t.Errorf("found %d number flags", numbers)
	}
}

// isNumberFlag reports whether f takes a number, a duration or a budget.
func isNumberFlag(f *flag.Flag) bool {
	v := f.Value
	if w, ok := v.(wordedDefault); ok {
		v = w.Value
	}
	if _, ok := v.(*budgetFlag); ok {
		return true
	}
	g, ok := v.(flag.Getter)
	if !ok {
		return false
	}
	switch g.Get().(type) {
	case int, int64, uint, uint64, float64, time.Duration:
		return true
	}
	return false
}

// A number the flag reads but the command does not take, or a name or
// address it does not know, is refused in one line too, naming the flag,
// the value and what is allowed, and where the flags are explained, exit
// 2: a command of each.
func TestAValueTheCommandDoesNotTakeIsOneLine(t *testing.T) {
	racefree.Only(t) // no goroutine: every refusal comes before anything starts
	tempConfig(t)
	t.Chdir(t.TempDir())
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"run", "cascade", "--variant", "0"}, "--variant must be between 1 and 3 for cascade"},
		{[]string{"run", "cascade", "--width", "3"}, "--width must be at least 40 columns, got 3"},
		{[]string{"sweep", "cascade", "--vary", "recommendations.bulkhead=5..60:12", "--measure", "search.ok", "--seeds", "0"}, "--seeds 0: allowed are 1 to 1000"},
		{[]string{"sweep", "cascade", "--vary", "recommendations.bulkhead=5..60:12", "--measure", "search.ok", "--workers", "-1"}, "--workers must be from 0 (one per core) to"},
		{[]string{"serve", "--max-sessions", "0"}, "--max-sessions 0: allowed are 1 to 10000"},
		{[]string{"serve", "--idle-timeout", "-1s"}, "--idle-timeout -1s: allowed is 0 (never) or more"},
		{[]string{"serve", "--bench-clients", "9999"}, "--bench-clients 9999: allowed are 1 to 500"},
		{[]string{"record", "cascade", "--fps", "0", "-o", "x.cast"}, "--fps 0: allowed are 1 to 60"},
		{[]string{"record", "--lesson", "1", "--step", "99", "-o", "x.cast"}, "--step must be between 1 and"},
		{[]string{"sandbox", "cascade", "--variant", "9"}, "--variant must be between 1 and 3 for cascade (1 one shared pool of 200 threads, 2 bulkhead: recommendations <= 20, 3 bulkhead and circuit breaker), got 9"},
		{[]string{"interview", "--minutes", "0"}, "--minutes 0: allowed are 1 to 120"},
		{[]string{"drill", "--new", "-1"}, "--new wants 0 or more cards, got -1"},
		{[]string{"drill", "--generate", "0"}, "--generate 0: allowed are 1 to"},
		{[]string{"lab", "checkout", "--rate", "-1"}, "--rate -1: allowed is"},
		{[]string{"lab", "checkout", "--conns", "0", "--server", "go"}, "--conns 0: allowed are 1 to"},
		{[]string{"lessons", "--width", "3"}, "--width must be at least 40 columns, got 3"},
		{[]string{"challenges", "--width", "3"}, "--width must be at least 40 columns, got 3"},
		{[]string{"drill", "--topic", "nope"}, `--topic: unknown topic "nope" (allowed: cascade,`},
		{[]string{"interview", "--rubric", "nope"}, `--rubric: unknown interview prompt "nope" (allowed: api-gateway,`},
		{[]string{"serve", "--max-startups", "1:2"}, `--max-startups "1:2": want START:RATE:FULL`},
		{[]string{"serve", "--listen", "foo"}, `--listen wants HOST:PORT`},
		{[]string{"lab", "checkout", "--listen", "foo"}, `--listen "foo": want an IP address`},
	} {
		_, errOut, code := run(t, c.args...)
		if code != exitUsage || !strings.Contains(errOut, c.want) || !oneLineRefusal(errOut, c.args[0]) {
			t.Errorf("%q: exit %d, %q; want exit 2 and %q in one line that points to the help", c.args, code, errOut, c.want)
		}
	}
}

// The help says what a flag left out does and the numbers it takes, where
// only a refusal said them: drill's --kind and --topic showed no default,
// as if one had to be given, and --seeds, --conns and --width no range.
func TestHelpSaysDefaultsAndRanges(t *testing.T) {
	racefree.Only(t) // no goroutine: help only
	for _, c := range []struct{ cmd, want string }{
		{"drill", "--kind KIND (default: every kind)"},
		{"drill", "--topic T (default: every topic)"},
		{"sweep", "(from --seed up), 1 to 1000"},
		{"sweep", "the widest line the heatmap may draw, at least 40"},
		{"lab", "with --server go: the go server's MaxConnsPerHost to the provider, 1 to 1024"},
		{"run", "fit the table to N columns, at least 40"},
		{"lessons", "wrap the list to N columns, at least 40"},
		{"facts", "wrap the text to N columns, at least 40"},
	} {
		help, errOut, code := run(t, "help", c.cmd)
		if code != 0 || !strings.Contains(flat(help), c.want) {
			t.Errorf("help %s: exit %d, %s; lacks %q:\n%s", c.cmd, code, errOut, c.want, help)
		}
	}
}
