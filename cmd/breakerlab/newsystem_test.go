package main

import (
	"slices"
	"strings"
	"testing"

	"github.com/spf13/cobra"

	"github.com/breakerlab/breakerlab/internal/racefree"
)

// `breakerlab new FILE` refuses a file it cannot build on before any
// screen opens, with exit code 2 and o's words: the path as given, what
// was wrong and what is wanted; and its flags as every command's are.
func TestNewSystemUsageErrors(t *testing.T) {
	racefree.Only(t) // no goroutine: every case is refused before anything starts
	dir := t.TempDir()
	bad := writeTemp(t, "bad.toml", "duration = \"30s\"\n\n[system]\nworkers = 0\n\n[[system.endpoints]]\nname = \"/a\"\nrate = 5\n")
	empty := writeTemp(t, "empty.toml", "")
	binary := writeTemp(t, "binary.toml", "name = \"x\"\x00")
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"new", bad}, bad + ":4: [system]: workers must be between 1 and 100000, got 0"},
		{[]string{"new", "missing/system.toml"}, "there is no file missing/system.toml; give the path of a .toml file saved with w"},
		{[]string{"new", dir}, dir + " is a folder, not a scenario file: give the path of the file itself"},
		{[]string{"new", empty}, empty + " is empty: a scenario file is TOML"},
		{[]string{"new", binary}, binary + " is not a text file (byte 11 is NUL)"},
		// A built-in's name is no file: the starts list has it.
		{[]string{"new", "cascade"}, "cascade is a built-in scenario: `breakerlab new` lists it among the starts"},
		{[]string{"new", bad, "other.toml"}, "new takes at most one scenario file to build on, got 2"},
		{[]string{"new", "--seed", "x"}, "--seed takes a whole number"},
		{[]string{"new", "--bogus"}, "see breakerlab new --help"},
	} {
		out, errOut, code := run(t, c.args...)
		if code != exitUsage || !strings.Contains(errOut, c.want) || out != "" {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want exit %d and %q", c.args, code, out, errOut, exitUsage, c.want)
		}
	}
	// A file it can build on gets as far as the terminal, which a test
	// has not.
	good := writeTemp(t, "good.toml", "duration = \"30s\"\n\n[system]\nworkers = 8\n\n[[system.endpoints]]\nname = \"/a\"\nrate = 5\n")
	if _, errOut, code := run(t, "new", good); code != exitUsage || !strings.Contains(errOut, "the builder needs a terminal") {
		t.Errorf("new %s: exit %d, %q; want the builder's refusal of a pipe", good, code, errOut)
	}
}

// new's help says what it opens and shows its flags and examples; its
// first argument completes .toml files, and nothing after it.
func TestNewSystemHelpAndCompletion(t *testing.T) {
	racefree.Only(t) // no goroutine: the command reads and prints in the test's own
	out, _, code := run(t, "new", "--help")
	for _, want := range []string{"breakerlab new: build a system of your own", "--seed N", "--present", "breakerlab new my-system.toml"} {
		if code != 0 || !strings.Contains(out, want) {
			t.Errorf("new --help: exit %d, no %q:\n%s", code, want, out)
		}
	}
	if root, _, _ := run(t, "help"); !strings.Contains(root, "new") {
		t.Errorf("help should list new:\n%s", root)
	}
	c := commands["new"]
	if got := completeOf(c, nil, "my"); !slices.Equal(got.words, []string{"toml"}) || got.directive != cobra.ShellCompDirectiveFilterFileExt {
		t.Errorf("new <TAB> = %q (directive %d), want .toml files", got.words, got.directive)
	}
	if got := completeOf(c, []string{"a.toml"}, ""); len(got.words) != 0 || got.directive != cobra.ShellCompDirectiveNoFileComp {
		t.Errorf("new a.toml <TAB> = %q (directive %d), want nothing", got.words, got.directive)
	}
}
