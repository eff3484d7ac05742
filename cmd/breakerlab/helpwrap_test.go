package main

import (
	"bytes"
	"flag"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/internal/racefree"
)

// flagEntry is the words of flag name's entry in a command's help (its
// line: the flag, its value's name and its default, then its text), joined
// by single spaces whatever the lines they were wrapped to; "" when the
// help lists no such flag.
func flagEntry(help, name string) string {
	var words []string
	in := false
	// From the flags' heading on: the summary's lines above it wrap with
	// two spaces before them too, and may start with a flag.
	_, flags, _ := strings.Cut(help, "\nflags of ")
	for line := range strings.SplitSeq(flags, "\n") {
		switch {
		case line == "  "+name || strings.HasPrefix(line, "  "+name+" "):
			in = true
		case in && strings.HasPrefix(line, strings.Repeat(" ", flagTextIndent)) && strings.TrimSpace(line) != "":
		default:
			if in {
				return strings.Join(words, " ")
			}
			continue
		}
		words = append(words, strings.Fields(line)...)
	}
	return strings.Join(words, " ")
}

// overWidth is the lines of help wider than width columns but those that
// may be, as writeCommandHelp keeps them whole: a line of one word (a
// list of measures joined by |, at 40 columns) and an example's command
// line over the width by itself, or its rest after a backslash (kept whole
// to be copied).
func overWidth(help string, width int) []string {
	var long []string
	examples, continues := false, false
	for line := range strings.SplitSeq(help, "\n") {
		if line == "examples:" {
			examples = true
		}
		// A line after one that ends in a backslash is the rest of an
		// example's command line, as a shell reads it.
		rest := continues
		continues = strings.HasSuffix(line, `\`)
		if len([]rune(line)) <= width {
			continue
		}
		if len(strings.Fields(line)) == 1 {
			continue
		}
		_, about, _ := strings.Cut(strings.TrimLeft(line, " "), "  ")
		// An example's command line, indented two spaces, over the width
		// by itself (it is never broken): the lines its words wrap to,
		// beside or under it, are held to the width.
		commandLine := !strings.HasPrefix(line, "   ") || rest
		if examples && commandLine && len([]rune(line))-len([]rune(strings.TrimLeft(about, " "))) > width {
			continue
		}
		long = append(long, line)
	}
	return long
}

// quotedExample is an example in single quotes in a flag's text, after a
// space or a bracket (an apostrophe, "the API's port", follows a letter).
var quotedExample = regexp.MustCompile(`[ (]('[^']+')`)

// Every command's help, in a pipe, wraps to 80 columns: no line runs past
// them, and each flag's entry keeps all its words in order (a wrap that
// dropped or cut one would show here), and an example in quotes is kept
// on one line, to be copied. A wider or narrower width moves
// only where the lines break: the same words, at most as wide.
func TestHelpWrapsToItsWidth(t *testing.T) {
	racefree.Only(t) // no goroutine: help prints and runs nothing
	tempConfig(t)
	entries, quoted := 0, 0
	for _, name := range commandNames() {
		c := commands[name]
		byHelp, _, code := run(t, "help", name)
		byFlag, _, code2 := run(t, name, "--help")
		if code != 0 || code2 != 0 {
			t.Fatalf("help %s: exit %d; %s --help: exit %d", name, code, name, code2)
		}
		if name != "exercises" && byFlag != byHelp {
			t.Errorf("%s --help and help %s differ:\n%s\n---\n%s", name, name, byFlag, byHelp)
		}
		for _, help := range []string{byHelp, byFlag} {
			if long := overWidth(help, textWidth); len(long) > 0 {
				t.Errorf("%s's help in a pipe has lines over %d columns:\n%s", name, textWidth, strings.Join(long, "\n"))
			}
		}
		fs := commandFlagSet(c)
		for _, width := range []int{minTableWidth, textWidth, 200} {
			var b bytes.Buffer
			writeCommandHelp(&b, c, width)
			help := b.String()
			if width == textWidth && help != byHelp {
				t.Errorf("help %s in a pipe is not its help at %d columns", name, textWidth)
			}
			if !slices.Equal(strings.Fields(help), strings.Fields(byHelp)) {
				t.Errorf("help %s at %d columns has other words than at %d:\n%s", name, width, textWidth, help)
			}
			if long := overWidth(help, width); len(long) > 0 {
				t.Errorf("help %s at %d columns has longer lines:\n%s", name, width, strings.Join(long, "\n"))
			}
			if fs == nil {
				continue
			}
			fs.VisitAll(func(f *flag.Flag) {
				d := describeFlag(f, true)
				head := d.name
				if d.arg != "" {
					head += " " + d.arg
				}
				if d.def != "" {
					head += " (" + d.def + ")"
				}
				want := strings.Join(strings.Fields(head+" "+d.usage), " ")
				if got := flagEntry(help, d.name); got != want {
					t.Errorf("help %s at %d columns: %s reads\n%q\nwant\n%q", name, width, d.name, got, want)
				}
				entries++
				for _, m := range quotedExample.FindAllStringSubmatch(d.usage, -1) {
					quoted++
					if !strings.Contains(help, m[1]) {
						t.Errorf("help %s at %d columns splits %s's example %s over two lines", name, width, d.name, m[1])
					}
				}
			})
		}
	}
	// A test that found few flags would pass whatever the wrap did.
	if entries < 3*100 || quoted < 3*20 {
		t.Errorf("checked %d flags' entries and %d quoted examples", entries, quoted)
	}
}

// A flag that takes a value names it on its line ("--seed N", "--format
// table|json", "-o FILE"), and a switch names none: the help alone tells
// `--fault '12s api down'` from `--wide`, which a line that named neither
// left to a refusal to teach. Whether a flag takes a value is asked of the
// flag package, which reads the command line, not of the help.
func TestHelpNamesEveryValueAndNoSwitch(t *testing.T) {
	racefree.Only(t) // no goroutine: help prints and runs nothing
	tempConfig(t)
	valued, switches := 0, 0
	for _, name := range commandNames() {
		fs := commandFlagSet(commands[name])
		if fs == nil {
			continue
		}
		help, _, _ := run(t, "help", name)
		// From the flags' heading on: the summary above it wraps too.
		_, help, _ = strings.Cut(help, "\nflags of ")
		fs.VisitAll(func(f *flag.Flag) {
			var line string
			for l := range strings.SplitSeq(help, "\n") {
				if l == "  "+flagSpelling(f.Name) || strings.HasPrefix(l, "  "+flagSpelling(f.Name)+" ") {
					line = l
					break
				}
			}
			after := strings.Fields(strings.TrimPrefix(line, "  "+flagSpelling(f.Name)))
			named := len(after) > 0 && !strings.HasPrefix(after[0], "(")
			if b, ok := f.Value.(interface{ IsBoolFlag() bool }); ok && b.IsBoolFlag() {
				switches++
				if named {
					t.Errorf("help %s: the switch %s reads as if it took a value: %q", name, flagSpelling(f.Name), line)
				}
				return
			}
			valued++
			if !named {
				t.Errorf("help %s: %s takes a value but its line names none: %q", name, flagSpelling(f.Name), line)
			}
		})
	}
	if valued < 60 || switches < 20 {
		t.Errorf("found %d flags that take a value and %d switches", valued, switches)
	}
}

// A value's name on a command's usage line ("run SCENARIO [--seed N]
// [--fault SPEC]") is the name its flag's line in the help gives it: a
// reader who meets --fault SPEC above and --fault FAULT below would take
// them for two things.
func TestUsageAndFlagsNameAValueAlike(t *testing.T) {
	racefree.Only(t) // no goroutine: help prints and runs nothing
	valueInUsage := regexp.MustCompile(`(--?[a-z][a-z-]*) ([A-Z][A-Z]*)`)
	compared := 0
	for _, name := range commandNames() {
		c := commands[name]
		fs := commandFlagSet(c)
		if fs == nil {
			continue
		}
		for _, m := range valueInUsage.FindAllStringSubmatch(c.usage, -1) {
			f := fs.Lookup(strings.TrimLeft(m[1], "-"))
			if f == nil {
				continue
			}
			compared++
			d := describeFlag(f, true)
			if got := valueInUsage.FindStringSubmatch(d.name + " " + d.arg); got == nil || got[2] != m[2] {
				t.Errorf("%s: the usage line names %s's value %s, its flag's line %q", name, m[1], m[2], d.name+" "+d.arg)
			}
		}
	}
	if compared < 15 {
		t.Errorf("compared %d values' names", compared)
	}
}

// What a command's help says a flag does is what it does: challenge's
// --start prints the starting design (its text said so while the words
// above the flags said it opened the level at its first screen), and
// lesson's --step left out opens the step where you left off, not a step
// 0 that "(default 0)" named.
func TestHelpSaysWhatTheFlagDoes(t *testing.T) {
	racefree.Only(t) // no goroutine: --start prints, help prints
	tempConfig(t)
	design, errOut, code := run(t, "challenge", "timeout-pool", "--start")
	if code != 0 || !strings.HasPrefix(design, "# Challenge 1:") || !strings.Contains(design, "\n[system]\n") {
		t.Fatalf("challenge timeout-pool --start: exit %d, %s%.300s; want the starting design printed", code, errOut, design)
	}
	help, _, _ := run(t, "help", "challenge")
	if !strings.Contains(strings.Join(strings.Fields(help), " "), "--start prints its starting design") {
		t.Errorf("help challenge does not say --start prints the starting design:\n%s", help)
	}
	help, _, _ = run(t, "help", "lesson")
	if want := "--step N (default: where you left off) open this step, 1 to the lesson's number of steps, instead of where you left off"; flagEntry(help, "--step") != want {
		t.Errorf("help lesson's --step reads %q, want %q", flagEntry(help, "--step"), want)
	}
}
