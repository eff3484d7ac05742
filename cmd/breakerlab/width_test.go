package main

import (
	"bytes"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/internal/racefree"
)

// Headless tables fit the width they are given; in a pipe (as here) and
// with --wide they are not wrapped, so scripts see one line per row.
func TestHeadlessTablesFitTheWidth(t *testing.T) {
	racefree.Only(t)
	for _, args := range [][]string{
		{"run", "cascade", "--width", "80"},
		{"run", "checkout", "--width", "80"},
		{"run", "breaker-timeline", "--width", "80"},
		{"scenarios", "--width", "80"},
		{"run", "cascade", "--width", "60"},
	} {
		var out, errOut bytes.Buffer
		if code := runMain(args, &out, &errOut); code != 0 {
			t.Fatalf("%v: exit %d: %s", args, code, errOut.String())
		}
		width := 80
		if args[len(args)-1] == "60" {
			width = 60
		}
		for i, l := range strings.Split(out.String(), "\n") {
			if n := len([]rune(l)); n > width {
				t.Errorf("%v: line %d is %d columns: %q", args, i+1, n, l)
			}
		}
	}
	var wide, piped, errOut bytes.Buffer
	runMain([]string{"run", "cascade", "--wide"}, &wide, &errOut)
	runMain([]string{"run", "cascade"}, &piped, &errOut)
	if wide.String() != piped.String() || !strings.Contains(wide.String(), "profile             recommendations") {
		t.Errorf("--wide and a pipe should both print the unwrapped table:\n%s", wide.String())
	}
}

func TestWidthFlagsRefuseNonsense(t *testing.T) {
	racefree.Only(t) // no goroutine: every case is refused before anything starts
	for _, args := range [][]string{
		{"run", "cascade", "--width", "10"},
		{"run", "cascade", "--width", "-5"},
		{"run", "cascade", "--wide", "--width", "100"},
		{"scenarios", "--width", "abc"},
	} {
		var out, errOut bytes.Buffer
		if code := runMain(args, &out, &errOut); code != exitUsage || errOut.Len() == 0 {
			t.Errorf("%v: exit %d, message %q; want 2 and a message", args, code, errOut.String())
		}
	}
}

func TestHelpFitsEightyColumns(t *testing.T) {
	racefree.Only(t) // no goroutine: help and completion print and run nothing
	var out, errOut bytes.Buffer
	if code := runMain([]string{"help"}, &out, &errOut); code != 0 {
		t.Fatalf("help: exit %d", code)
	}
	for i, l := range strings.Split(out.String(), "\n") {
		if n := len([]rune(l)); n > 80 {
			t.Errorf("help line %d is %d columns: %q", i+1, n, l)
		}
	}
	for _, name := range commandNames() {
		if !strings.Contains(out.String(), "  "+name+" ") {
			t.Errorf("help does not list %s", name)
		}
	}
}
