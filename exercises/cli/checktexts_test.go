package cli

import (
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/exercises"
	"github.com/charmbracelet/x/ansi"
)

// On an 80-column terminal, check's lines are broken at spaces, each
// further line indented as the line it continues (a test's output stays
// under its test, a summary in its column), and no word is lost or cut:
// the terminal itself would cut test names in two and put the rest at
// column 0. In a pipe the lines stay whole.
func TestCheckFitsTheTerminal(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go test")
	}
	dir := initWorkbook(t)
	kept := keepBinaries(t, dir)
	// 03's stub fails tests whose messages run past 80 columns.
	piped := checkAt(t, kept, 0, "3")
	if !slices.ContainsFunc(piped.lines, func(l string) bool { return ansi.StringWidth(l) > 80 }) {
		t.Fatalf("no line of the piped output is wider than 80, so there is nothing to wrap:\n%s", piped.out)
	}
	const width = 80
	wrapped := checkAt(t, kept, width, "3")
	for _, l := range append(slices.Clone(wrapped.lines), wrapped.errLines...) {
		if w := ansi.StringWidth(l); w > width {
			t.Errorf("a line of %d cells on a %d-column terminal: %q", w, width, l)
		}
	}
	// Each piped line is one or more wrapped lines with the same words;
	// the first starts as it does, the others are indented at least as
	// much, and never at column 0.
	rest := wrapped.lines
	for _, pl := range piped.lines {
		want := strings.Fields(pl)
		var got []string
		for first := true; len(got) < len(want); first = false {
			if len(rest) == 0 {
				t.Fatalf("the wrapped output ends before %q:\n%s", pl, wrapped.out)
			}
			wl := rest[0]
			rest = rest[1:]
			switch {
			case first && indent(wl) != indent(pl):
				t.Errorf("%q starts at column %d, want %d as in a pipe", wl, indent(wl), indent(pl))
			case !first && (indent(wl) < indent(pl) || indent(wl) == 0):
				t.Errorf("%q, continuing %q, is indented %d", wl, pl, indent(wl))
			}
			got = append(got, strings.Fields(wl)...)
		}
		if !slices.Equal(got, want) {
			t.Errorf("wrapped, %q reads\n%q", pl, strings.Join(got, " "))
		}
	}
	if len(rest) > 0 {
		t.Errorf("the wrapped output has more lines than the piped: %q", rest)
	}
}

// A build failure tied to no line is quoted in check's result line, with
// what to do; the compiler's line is not printed again under it.
func TestCheckSaysABuildErrorWithNoLineOnce(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go test")
	}
	dir := initWorkbook(t)
	kept := keepBinaries(t, dir)
	e, _ := exercises.Lookup("2")
	main := filepath.Join(dir, e.Name, "breaker.go")
	b, err := os.ReadFile(main)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(main, []byte(strings.Replace(string(b), "package ratebreaker\n", "package main\n", 1)), 0o644); err != nil {
		t.Fatal(err)
	}
	out := checkAt(t, kept, 0, "2").out
	if n := strings.Count(out, "found packages main"); n != 1 || !strings.Contains(out, "it must say `package ratebreaker`") {
		t.Errorf("check of a package clause changed to main says Go's words %d times, want once with what to do:\n%s", n, out)
	}
}

type checkOutput struct {
	out             string
	lines, errLines []string
}

// checkAt runs check in kept's workbook with stdout and stderr on terminals width columns
// wide (0: pipes), and returns its lines; the lines of standard error are
// its notes, the phase line it rewrites split where it is rewritten.
func checkAt(t *testing.T, kept keptBins, width int, args ...string) checkOutput {
	t.Helper()
	r := kept.run(append([]string{"check"}, args...), Env{Dir: kept.dir, StdoutWidth: width, StderrWidth: width})
	var failed *CheckFailed
	if !errors.As(r.err, &failed) {
		t.Fatalf("check %v = %v, want a failure\n%s", args, r.err, r.out.String())
	}
	c := checkOutput{out: r.out.String()}
	c.lines = strings.Split(strings.TrimSuffix(c.out, "\n"), "\n")
	c.errLines = strings.FieldsFunc(ansi.Strip(r.errOut.String()), func(r rune) bool { return r == '\n' || r == '\r' })
	return c
}

func indent(l string) int { return len(l) - len(strings.TrimLeft(l, " ")) }
