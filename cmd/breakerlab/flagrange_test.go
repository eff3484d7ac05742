package main

import (
	"errors"
	"flag"
	"io"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/internal/flagerr"
)

// commandFlagSets is every command's flags, as --help reads them: by the
// command's name, "lab checkout" for a command's own command.
func commandFlagSets(t *testing.T) map[string]*flag.FlagSet {
	t.Helper()
	out := map[string]*flag.FlagSet{}
	var names []string
	for n := range commands {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		if n == "exercises" {
			continue // its flags are exercises/cli's, none a number
		}
		for _, args := range [][]string{{"--help"}, {"checkout", "--help"}} {
			var l flagList
			if err := commands[n].run(args, io.Discard, io.Discard); errors.As(err, &l) {
				out[l.fs.Name()] = l.fs
			}
		}
	}
	return out
}

// helpRange finds a range written in a flag's text: "1 to 10000", "1s to
// 10m", "0.05 to 10".
var helpRange = regexp.MustCompile(`\b\d[\w.]* to \d[\w.]*`)

// Each number flag's range is declared once (intIn, durationIn, ranged),
// and its help, its check and its two refusals read it: a word given to
// it got only the kind ("--max-sessions takes a whole number, got
// "abc""), and only a number out of range learned which numbers. Walked
// over every command's number flags: a text that writes a range is a
// declared one's, its own; the check takes both ends and refuses past
// them; a word, a missing value and a number past what the kind holds are
// each told the range.
func TestEveryNumberFlagsHelpSaysTheRangeItsCheckHolds(t *testing.T) {
	sets := commandFlagSets(t)
	if len(sets) < 10 || sets["serve"] == nil || sets["lab checkout"] == nil {
		t.Fatalf("walked %d commands' flags (serve's %v, lab checkout's %v): the walk misses commands", len(sets), sets["serve"] != nil, sets["lab checkout"] != nil)
	}
	declared := 0
	for name, fs := range sets {
		fs.VisitAll(func(f *flag.Flag) {
			d := describeFlag(f, true)
			r, isRanged := rangeOf(f)
			if !isRanged {
				if d.arg == "N" || d.arg == "NUMBER" || d.arg == "DURATION" {
					if m := helpRange.FindString(d.usage); m != "" {
						t.Errorf("%s %s: its help says %q, a range no check declares (intIn, durationIn or ranged)", name, d.name, m)
					}
				}
				return
			}
			declared++
			if !strings.Contains(d.usage, r.Allowed()) || strings.Contains(d.usage, rangeMark) {
				t.Errorf("%s %s: its help does not say its range %q: %q", name, d.name, r.Allowed(), d.usage)
			}
			fresh := func(s string) (*rangedFlag, error) {
				// A copy, so that the command's own flag keeps its default.
				g := flag.NewFlagSet(fs.Name(), flag.ContinueOnError)
				g.SetOutput(io.Discard)
				inner := reflectCopy(r.Getter)
				c := &rangedFlag{Getter: inner, lo: r.lo, hi: r.hi, words: r.words, own: r.own}
				g.Var(c, f.Name, f.Usage)
				err := g.Parse([]string{"--" + f.Name + "=" + s})
				if err == nil {
					err = checkRanges(g)
				}
				if err != nil {
					return c, flagerr.Explain(g, err)
				}
				return c, nil
			}
			if r.own {
				// Checked by its command, after the flags it depends
				// on; the word refusals below still say its range.
				t.Logf("%s %s: checked by its command", name, d.name)
			}
			for _, end := range []float64{r.lo, r.hi} {
				if _, err := fresh(valueOf(r, end)); err != nil {
					t.Errorf("%s %s: the range's end %s is refused: %v", name, d.name, valueOf(r, end), err)
				}
			}
			for _, past := range []float64{r.lo - step(r), r.hi + step(r)} {
				if r.own {
					break
				}
				c, err := fresh(valueOf(r, past))
				want := flagerr.OutOfRange(f.Name, c.text(), r).Error()
				if err == nil || err.Error() != want || !strings.Contains(err.Error(), r.Allowed()) {
					t.Errorf("%s %s %s: refused with %v, want %q", name, d.name, valueOf(r, past), err, want)
				}
			}
			for _, bad := range []string{"abc", "99999999999999999999999"} {
				if r.own && bad != "abc" {
					continue // a fraction holds it; its command refuses it
				}
				if _, err := fresh(bad); err == nil || !strings.Contains(err.Error(), r.Allowed()) {
					t.Errorf("%s %s %s: refused with %v, which does not say %q", name, d.name, bad, err, r.Allowed())
				}
			}
			if msg := needsValue(f); !strings.Contains(msg, r.Allowed()) {
				t.Errorf("%s %s given last: %q does not say %q", name, d.name, msg, r.Allowed())
			}
		})
	}
	if declared < 15 {
		t.Errorf("%d number flags declare a range; the walk expects serve's, lab's, record's, drill's, interview's and sweep's", declared)
	}
}

// step is the least change past an end of r: one, or for a duration one
// second's nanoseconds, or for a fraction a hundredth.
func step(r *rangedFlag) float64 {
	switch r.Get().(type) {
	case time.Duration:
		return float64(time.Second)
	case float64:
		return 0.01
	}
	return 1
}

// valueOf is x written as r's flag takes it.
func valueOf(r *rangedFlag, x float64) string {
	switch r.Get().(type) {
	case time.Duration:
		return time.Duration(x).String()
	case float64:
		return strconv.FormatFloat(x, 'f', -1, 64)
	}
	return strconv.FormatInt(int64(x), 10)
}

// reflectCopy is a new value of g's kind, the flag package's own.
func reflectCopy(g flag.Getter) flag.Getter {
	fs := flag.NewFlagSet("copy", flag.ContinueOnError)
	switch g.Get().(type) {
	case time.Duration:
		fs.Duration("v", 0, "")
	case float64:
		fs.Float64("v", 0, "")
	default:
		fs.Int("v", 0, "")
	}
	return fs.Lookup("v").Value.(flag.Getter)
}
