package main

import (
	"os/exec"
	"runtime"
	"slices"
	"testing"

	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/spf13/cobra"
)

// exercises' subcommands take their flags anywhere among their arguments,
// so a flag before the exercise's ID leaves it to complete as it does with
// none: a switch (--yes, --tests) takes no value, and --timeout takes the
// word after it. Once the ID is given there is nothing more to offer, and
// the value of --timeout is the user's.
func TestCompleteExerciseIDAfterAFlag(t *testing.T) {
	racefree.Only(t) // no goroutine: help and completion print and run nothing
	c := commands["exercises"]
	const first = "01-consecutive-breaker"
	for _, tc := range []struct {
		args       []string
		toComplete string
		want       bool // first is offered
	}{
		{[]string{"reset"}, "", true},
		{[]string{"reset", "--yes"}, "", true},
		{[]string{"reset", "--tests", "--yes"}, "01", true},
		{[]string{"solution", "--yes"}, "", true},
		{[]string{"check", "--timeout", "2m"}, "", true},
		{[]string{"check", "--timeout=2m"}, "0", true},
		{[]string{"reset", "--yes", "--"}, "", true},
		{[]string{"check", "--timeout"}, "", false},
		{[]string{"reset", "--yes", "01"}, "", false},
		{[]string{"reset", "01", "--yes"}, "", false},
		{[]string{"check", "--timeout", "2m", "03"}, "", false},
	} {
		words, dir := complete(c, tc.args, tc.toComplete)
		if got := slices.Contains(words, first); got != tc.want {
			t.Errorf("exercises %q %q<TAB> = %q; want %s offered: %v", tc.args, tc.toComplete, words, first, tc.want)
		}
		if dir&cobra.ShellCompDirectiveNoFileComp == 0 {
			t.Errorf("exercises %q %q<TAB> lets the shell offer files", tc.args, tc.toComplete)
		}
	}
}

// The shell's side of it: bash, sourcing the script `completion bash`
// prints, completes `breakerlab exercises reset --yes <TAB>` to the
// exercises, as it does `breakerlab exercises reset <TAB>`.
func TestCompletionBashExerciseAfterYes(t *testing.T) {
	// bash runs this test binary as main, twice: TestCompletionBashScript
	// does the same under -race.
	racefree.Only(t)
	bash, err := exec.LookPath("bash")
	if err != nil || runtime.GOOS == "windows" {
		t.Skip("no bash here")
	}
	want := bashCompletes(t, bash, "breakerlab", "exercises", "reset", "")
	if len(want) == 0 {
		t.Fatal("breakerlab exercises reset <TAB> completes to nothing")
	}
	if got := bashCompletes(t, bash, "breakerlab", "exercises", "reset", "--yes", ""); !slices.Equal(got, want) {
		t.Errorf("breakerlab exercises reset --yes <TAB> completes to %q, want %q as without --yes", got, want)
	}
}
