package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/breakerlab/breakerlab/tui/serve"
)

// commandFlagSet is the flag set c's parser answers --help with, or nil
// for a command without one (exercises answers with its own text).
func commandFlagSet(c command) *flag.FlagSet {
	var l flagList
	if err := c.run([]string{"--help"}, io.Discard, io.Discard); !errors.As(err, &l) {
		return nil
	}
	return l.fs
}

// The flag package's markup for a value's name (`FILE` in a flag's text)
// is read, not printed: every command's help names the value after its
// flag ("--check FILE") and its text reads "in FILE"; a flag given no
// value, or one its kind cannot read, is refused in the same words.
func TestHelpAndRefusalsPrintNoBackquotes(t *testing.T) {
	racefree.Only(t) // no goroutine: help, and refusals before anything starts
	tempConfig(t)
	valued := 0
	for _, name := range commandNames() {
		help, errOut, code := run(t, "help", name)
		if code != 0 || strings.Contains(help, "`") {
			t.Errorf("help %s: exit %d, %s%s", name, code, errOut, help)
		}
		fs := commandFlagSet(commands[name])
		if fs == nil {
			continue
		}
		fs.VisitAll(func(f *flag.Flag) {
			if b, ok := f.Value.(interface{ IsBoolFlag() bool }); ok && b.IsBoolFlag() {
				return // a switch takes no value
			}
			valued++
			_, errOut, code := run(t, name, flagSpelling(f.Name))
			if code != exitUsage || !strings.Contains(errOut, flagSpelling(f.Name)+" needs a value after it") || strings.Contains(errOut, "`") {
				t.Errorf("%s %s: exit %d, %q; want exit 2, needs a value, and no backquote", name, flagSpelling(f.Name), code, errOut)
			}
		})
	}
	// run's, sweep's, serve's, challenge's and more: a test that found
	// few would pass whatever the refusals wrote.
	if valued < 40 {
		t.Errorf("found %d flags that take a value", valued)
	}
	for _, c := range []struct{ args []string }{
		{[]string{"challenge", "2", "--check"}},
		{[]string{"run", "cascade", "--width", "x"}},
	} {
		_, errOut, _ := run(t, c.args...)
		if strings.Contains(errOut, "`") || !strings.Contains(errOut, " FILE;") && !strings.Contains(errOut, " takes a whole number,") {
			t.Errorf("%q: %q; want the value named without backquotes", c.args, errOut)
		}
	}
	for name, line := range map[string]string{
		"challenge": "\n  --check FILE\n      grade the design in FILE (a scenario file",
		"scenarios": "\n  --dump NAME\n      print the built-in scenario NAME as",
		"run":       "\n  --width N (default: the terminal's width, or 80 in a pipe)\n      fit the table to N columns",
	} {
		if help, _, _ := run(t, "help", name); !strings.Contains(help, line) {
			t.Errorf("help %s lacks %q:\n%s", name, line, help)
		}
	}
}

// flagSpelling is a flag as the help writes it: --seed, but -o.
func flagSpelling(name string) string {
	if len(name) == 1 {
		return "-" + name
	}
	return "--" + name
}

// synopsisLine is a man page's SYNOPSIS, as man shows it.
var synopsisLine = regexp.MustCompile(`\.SH SYNOPSIS\n\\fB(.*)\\fP\n`)

// Every man page's SYNOPSIS is the command line the root help shows in
// the command's line, its note after "; " left out; a command with flags
// or arguments shows them there, each flag one the command has.
func TestManSynopsisIsTheRootHelpsUsage(t *testing.T) {
	racefree.Only(t) // no goroutine: the command reads and prints in the test's own
	dir := t.TempDir()
	if _, errOut, code := run(t, "man", dir); code != 0 {
		t.Fatalf("man: exit %d, %s", code, errOut)
	}
	root, _, _ := run(t, "--help")
	lines := rootHelpLines(root)
	for _, name := range append(commandNames(), "") {
		file, want := "breakerlab-"+name+".1", ""
		if name == "" {
			file = "breakerlab.1"
			m := regexp.MustCompile(`Usage: (\S+(?: \S+)*)`).FindStringSubmatch(root)
			if m == nil {
				t.Fatalf("the root help has no Usage line:\n%s", root)
			}
			want = m[1]
		} else {
			line, ok := lines[name]
			if !ok {
				t.Fatalf("the root help lists no %s:\n%s", name, root)
			}
			want = name
			if i := strings.LastIndex(line, " ("+name+" "); i >= 0 && strings.HasSuffix(line, ")") {
				want, _, _ = strings.Cut(line[i+2:len(line)-1], "; ")
			}
			want = "breakerlab " + want
		}
		page, err := os.ReadFile(filepath.Join(dir, file))
		if err != nil {
			t.Fatal(err)
		}
		m := synopsisLine.FindSubmatch(page)
		if m == nil {
			t.Fatalf("%s has no SYNOPSIS:\n%s", file, page)
		}
		got := strings.ReplaceAll(string(m[1]), `\-`, "-")
		if got != want {
			t.Errorf("%s's SYNOPSIS is %q; the root help's usage is %q", file, got, want)
		}
		if name == "" {
			continue
		}
		flags := flagsText(commands[name], textWidth)
		if flags != "" && got == "breakerlab "+name {
			t.Errorf("%s's SYNOPSIS %q shows none of its arguments or flags:\n%s", file, got, flags)
		}
		for _, w := range regexp.MustCompile(`--?[a-z][a-z-]*`).FindAllString(got, -1) {
			if !regexp.MustCompile(`(?m)^  ` + regexp.QuoteMeta(w) + `\b`).MatchString(flags) {
				t.Errorf("%s's SYNOPSIS names %s, which is not among its flags:\n%s", file, w, flags)
			}
		}
	}
}

// rootHelpLines are the commands' lines of the root help by name, each
// summary's wrapped lines joined.
func rootHelpLines(help string) map[string]string {
	out := map[string]string{}
	_, list, _ := strings.Cut(help, "\nCommands:\n")
	list, _, _ = strings.Cut(list, "\n\n")
	last := ""
	for line := range strings.SplitSeq(list, "\n") {
		if strings.HasPrefix(line, "   ") && last != "" {
			out[last] += " " + strings.TrimSpace(line)
			continue
		}
		name, text, _ := strings.Cut(strings.TrimSpace(line), " ")
		last, out[name] = name, strings.TrimSpace(text)
	}
	return out
}

// facts wraps what each fact says and its source to 80 columns in a pipe,
// or to --width, as the cheat sheet and presets fit 80: a source ran to
// 282. --wide keeps a line a sentence, and the words are the same.
func TestFactsWrapToTheWidth(t *testing.T) {
	racefree.Only(t) // no goroutine: the command reads and prints in the test's own
	for _, c := range []struct {
		args  []string
		width int
	}{
		{[]string{"facts"}, 80},
		{[]string{"facts", "--width", "60"}, 60},
		{[]string{"facts", "--width", "120"}, 120},
	} {
		out, errOut, code := run(t, c.args...)
		if code != 0 {
			t.Errorf("%q: exit %d, %s", c.args, code, errOut)
			continue
		}
		for line := range strings.SplitSeq(strings.TrimRight(out, "\n"), "\n") {
			// A word longer than the line (a source's path) stays whole,
			// alone on its line.
			if n := len([]rune(line)); n > c.width && strings.Contains(strings.TrimSpace(line), " ") {
				t.Errorf("%q: a line of %d columns: %q", c.args, n, line)
			}
		}
		wide, errOut, code := run(t, "facts", "--wide")
		if code != 0 {
			t.Fatalf("facts --wide: exit %d, %s", code, errOut)
		}
		if longest(wide) <= c.width {
			t.Errorf("facts --wide has no line past %d columns, so wrapping to %d is not tested", c.width, c.width)
		}
		if strings.Join(strings.Fields(out), " ") != strings.Join(strings.Fields(wide), " ") {
			t.Errorf("%q wraps to other words than --wide prints", c.args)
		}
	}
	_, errOut, code := run(t, "facts", "--width", "30")
	if code != exitUsage || !strings.Contains(errOut, "--width must be at least 40 columns, got 30") {
		t.Errorf("facts --width 30: exit %d, %q", code, errOut)
	}
}

// longest is the width of s's longest line.
func longest(s string) int {
	n := 0
	for line := range strings.SplitSeq(s, "\n") {
		n = max(n, len([]rune(line)))
	}
	return n
}

// A --check that names no challenge, or a challenge file that is not
// there, says what was wrong and what is allowed.
func TestChallengeCheckMistakesSayWhatIsAllowed(t *testing.T) {
	racefree.Only(t) // no goroutine: the command refuses before it grades anything
	tempConfig(t)
	for _, c := range []struct {
		args []string
		want []string
	}{
		{[]string{"challenges", "--check", "nosuch"}, []string{"the challenge file nosuch does not exist", "--check takes challenge files (TOML), or none to check every built-in level"}},
		{[]string{"challenges", "--check", "3"}, []string{"3 is built-in level 3 (", "not a file", "or none to check every built-in level"}},
		{[]string{"challenge", "--check", "design.toml"}, []string{"--check grades a design against a challenge: name the challenge", "breakerlab challenge 2 --check design.toml", "a number, an ID or a challenge file"}},
		{[]string{"challenge", "--start"}, []string{"--start prints a challenge's starting design: name the challenge", "breakerlab challenge 2 --start"}},
	} {
		out, errOut, code := run(t, c.args...)
		for _, want := range c.want {
			if code != exitUsage || out != "" || !strings.Contains(errOut, want) {
				t.Errorf("%q: exit %d, stdout %q, stderr %q; want exit 2 and %q", c.args, code, out, errOut, want)
			}
		}
	}
}

// A flag's help shows one default: in words where the value would mislead
// (--width's 0 is the terminal's width; --max-simulations' is this
// machine's cores, which a man page written where the release is built
// leaves out). home's flags are named for home.
func TestFlagsShowOneDefault(t *testing.T) {
	racefree.Only(t) // no goroutine: the command reads and prints in the test's own
	tempConfig(t)
	for _, name := range commandNames() {
		help, _, _ := run(t, "help", name)
		for line := range strings.SplitSeq(help, "\n") {
			if strings.HasPrefix(line, "  -") && strings.Count(line, "(default") > 1 {
				t.Errorf("help %s shows two defaults: %q", name, line)
			}
		}
	}
	serveHelp, _, _ := run(t, "help", "serve")
	if want := fmt.Sprintf("--max-simulations N (default: the number of cores, %d here)\n", serve.DefaultMaxSimulations); !strings.Contains(serveHelp, want) {
		t.Errorf("serve's help lacks %q:\n%s", want, serveHelp)
	}
	dir := t.TempDir()
	if _, errOut, code := run(t, "man", dir); code != 0 {
		t.Fatalf("man: exit %d, %s", code, errOut)
	}
	page, err := os.ReadFile(filepath.Join(dir, "breakerlab-serve.1"))
	if err != nil {
		t.Fatal(err)
	}
	if want := "\\fB--max-simulations\\fP \\fIN\\fP (default: the number of cores)\n"; !strings.Contains(string(page), want) {
		t.Errorf("breakerlab-serve.1 lacks %q:\n%s", want, page)
	}
	if home, _, _ := run(t, "home", "--help"); !strings.Contains(home, "\nflags of home:\n  --present") {
		t.Errorf("home --help:\n%s", home)
	}
}
