package main

import (
	"errors"
	"flag"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/spf13/cobra"

	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/breakerlab/breakerlab/lessons/drill"
)

// completion is one answer of complete, for comparing two.
type completion struct {
	words     []string
	directive cobra.ShellCompDirective
}

func completeOf(c command, args []string, toComplete string) completion {
	words, dir := complete(c, args, toComplete)
	return completion{words, dir}
}

func (a completion) equal(b completion) bool {
	return slices.Equal(a.words, b.words) && a.directive == b.directive
}

// A true/false switch takes no value, so the word after it is completed
// as it would be without the switch: the command's next argument, or a
// flag. Every command's switches, read from the flag set its parser
// answers --help with, as the flag package tells a switch (IsBoolFlag).
func TestCompleteAfterSwitch(t *testing.T) {
	racefree.Only(t)
	checked := map[string]bool{}
	for _, name := range commandNames() {
		c := commands[name]
		var l flagList
		if err := c.run([]string{"--help"}, io.Discard, io.Discard); !errors.As(err, &l) {
			continue // exercises and completion, which parse no flags of their own here
		}
		// Where completion stands with no switch: at the first argument,
		// at the second (after the first the first completion offers) and at
		// a flag's name.
		stands := [][]string{nil}
		if first := completeOf(c, nil, ""); len(first.words) > 0 && first.directive&cobra.ShellCompDirectiveFilterFileExt == 0 {
			stands = append(stands, []string{first.words[0]})
		}
		l.fs.VisitAll(func(f *flag.Flag) {
			b, ok := f.Value.(interface{ IsBoolFlag() bool })
			if !ok || !b.IsBoolFlag() {
				return
			}
			if _, ok := f.Value.(*historyFlag); ok {
				return // takes the argument after it: TestCompleteHistoryArgument
			}
			checked[name+" --"+f.Name] = true
			for _, before := range stands {
				for _, toComplete := range []string{"", "-"} {
					want := completeOf(c, before, toComplete)
					args := append(slices.Clone(before), "--"+f.Name)
					if got := completeOf(c, args, toComplete); !got.equal(want) {
						t.Errorf("%s %q %q<TAB> = %q (directive %d); without --%s it is %q (directive %d)",
							name, args, toComplete, got.words, got.directive, f.Name, want.words, want.directive)
					}
				}
			}
		})
	}
	// The loop found the switches, not none: a few it must have met.
	for _, want := range []string{"run --wide", "scenarios --wide", "lesson --present", "interview --list"} {
		if !checked[want] {
			t.Errorf("no switch %s among those checked: %v", want, checked)
		}
	}
}

// `interview --history` is a switch that takes the argument after it as
// the interview to print: completion offers the saved interviews there,
// as after --history=.
func TestCompleteHistoryArgument(t *testing.T) {
	racefree.Only(t)
	c := commands["interview"]
	specs := flagInfo(c)
	i := slices.IndexFunc(specs, func(s flagSpec) bool { return s.name == "history" })
	if i < 0 || specs[i].value || !specs[i].argAfter {
		t.Fatalf("interview's flags read as %+v; want --history a switch that takes the argument after it", specs)
	}
	tempConfig(t)
	dir, err := drill.DefaultDir()
	if err != nil {
		t.Fatal(err)
	}
	takeInterview(t, dir, "api-gateway", "a breaker per upstream", time.Date(2026, 11, 30, 14, 0, 0, 0, time.UTC), time.Minute, "y")
	ids := savedInterviewIDs()
	if len(ids) != 1 {
		t.Fatalf("the interview saved reads as %q", ids)
	}
	if got := completeOf(c, []string{"--history"}, ""); !slices.Equal(got.words, ids) {
		t.Errorf("interview --history <TAB> = %q, want the saved %q", got.words, ids)
	}
	if got, want := completeOf(c, nil, "--history="), []string{"--history=" + ids[0]}; !slices.Equal(got.words, want) {
		t.Errorf("interview --history=<TAB> = %q, want %q", got.words, want)
	}
}

// -o, a one-letter flag, takes a file: completion after it is the
// shell's, not the command's scenarios, and a flag begun ("-", "--") is
// completed to the command's flags as its help writes them.
func TestCompleteOneLetterFlag(t *testing.T) {
	racefree.Only(t)
	run := commands["run"]
	if got := completeOf(run, []string{"-o"}, ""); len(got.words) != 0 || got.directive != cobra.ShellCompDirectiveDefault {
		t.Errorf("run -o <TAB> = %q (directive %d), want the shell's files", got.words, got.directive)
	}
	if got := completeOf(run, nil, "-"); !slices.Contains(got.words, "-o") || !slices.Contains(got.words, "--wide") {
		t.Errorf("run -<TAB> = %q, want its flags, -o and --wide among them", got.words)
	}
	if got := completeOf(run, []string{"cascade"}, "--"); !slices.Contains(got.words, "--seed") || slices.Contains(got.words, "-o") {
		t.Errorf("run cascade --<TAB> = %q, want the flags written with two dashes", got.words)
	}
	if got := completeOf(run, []string{"--"}, "-"); slices.Contains(got.words, "--seed") {
		t.Errorf("run -- -<TAB> = %q: after -- no word is a flag", got.words)
	}
}

// The scripts `completion bash` prints, sourced in bash, complete past a
// switch: `breakerlab run --wide <TAB>` offers the scenarios, as
// `breakerlab run <TAB>` does. The script calls this test binary standing
// in for breakerlab (see TestMain).
func TestCompletionBashAfterSwitch(t *testing.T) {
	racefree.Only(t)
	bash, err := exec.LookPath("bash")
	if err != nil || runtime.GOOS == "windows" {
		t.Skip("no bash here")
	}
	got := bashCompletes(t, bash, "breakerlab", "run", "--wide", "")
	slices.Sort(got)
	if want := scenarioNames(); !slices.Equal(got, want) {
		t.Errorf("breakerlab run --wide <TAB> completes to %q, want %q", got, want)
	}
	got = bashCompletes(t, bash, "breakerlab", "run", "cascade", "--wide", "--f")
	if !slices.Equal(got, []string{"--fault", "--format"}) {
		t.Errorf("breakerlab run cascade --wide --f<TAB> completes to %q, want --fault and --format", got)
	}
}

// bashCompletes sources `completion bash` in bash and completes the last
// of words as the shell does at a TAB, returning COMPREPLY.
func bashCompletes(t *testing.T, bash string, words ...string) []string {
	t.Helper()
	script, errOut, code := run(t, "completion", "bash")
	if code != 0 || !strings.Contains(script, "__start_breakerlab") {
		t.Fatalf("completion bash: exit %d, %s", code, errOut)
	}
	dir := t.TempDir()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(exe, filepath.Join(dir, "breakerlab")); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "completion.bash"), []byte(script), 0o644); err != nil {
		t.Fatal(err)
	}
	// The words go to bash as its arguments, $1 on, so that none needs
	// quoting here. The script uses bash-completion's
	// _get_comp_words_by_ref: the package's when it is installed, else a
	// stand-in for a plain line.
	const drive = `[ -r /usr/share/bash-completion/bash_completion ] && source /usr/share/bash-completion/bash_completion
if ! declare -F _get_comp_words_by_ref >/dev/null; then
	_get_comp_words_by_ref() { cur=${COMP_WORDS[COMP_CWORD]}; prev=${COMP_WORDS[COMP_CWORD-1]}; words=("${COMP_WORDS[@]}"); cword=$COMP_CWORD; }
fi
source ./completion.bash
COMP_WORDS=("$@")
COMP_CWORD=$(($# - 1))
COMP_LINE="$*"
COMP_POINT=${#COMP_LINE}
COMP_TYPE=9
__start_breakerlab breakerlab "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD-1]}"
printf '%s\n' "${COMPREPLY[@]}"
`
	cmd := exec.Command(bash, append([]string{"--norc", "--noprofile", "-c", drive, "bash"}, words...)...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "PATH="+dir+string(os.PathListSeparator)+os.Getenv("PATH"), "BREAKERLAB_TEST_AS_MAIN=1")
	// compopt complains outside a real completion (on standard error).
	var stderr strings.Builder
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("bash: %v\n%s%s", err, out, stderr.String())
	}
	return strings.Fields(string(out))
}

// The bash script calls _get_comp_words_by_ref, which the bash-completion
// package defines and the script does not: in a shell without it, the
// example's source <(breakerlab completion bash) loaded and every tab
// then printed "command not found". help completion says what it needs.
func TestCompletionHelpNamesBashCompletion(t *testing.T) {
	racefree.Only(t) // no goroutine: the command reads and prints in the test's own
	script, _, code := run(t, "completion", "bash")
	if code != 0 {
		t.Fatalf("completion bash: exit %d", code)
	}
	const needed = "_get_comp_words_by_ref"
	if !strings.Contains(script, needed) || strings.Contains(script, needed+"()") {
		t.Skipf("the bash script no longer leans on %s from outside", needed)
	}
	help, _, _ := run(t, "help", "completion")
	if flat := strings.Join(strings.Fields(help), " "); !strings.Contains(flat, "needs the bash-completion package") {
		t.Errorf("the bash script calls %s, which only the bash-completion package defines, and help completion does not say so:\n%s", needed, help)
	}
}
