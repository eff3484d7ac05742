package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/internal/racefree"
)

// TestMain lets the test binary stand in for breakerlab when the completion
// script calls it (BREAKERLAB_TEST_AS_MAIN=1).
//
// The tests run sweeps in the test binary's own process, whose heap holds
// every test's shared runs and lessons besides: under sweep's soft memory
// limit for one sweep (engine/sweep/memory.go, 40 MB) the collector ran without
// pause and the allocator handed pages back to the system at every span,
// a quarter of the racefree.Only tests' CPU. So the test binary sets
// GOMEMLIMIT, which the sweep leaves in force, unless the one running the
// tests set it; engine/sweep's TestSweepHoldsItsMemoryLimit checks the limit. A
// child standing in for breakerlab drops the setting again before it
// starts (its runtime read it as no limit, the default), so the sweep it
// runs sets its limit as a user's does.
func TestMain(m *testing.M) {
	if os.Getenv("BREAKERLAB_TEST_AS_MAIN") == "1" {
		if os.Getenv(testSetGOMEMLIMIT) == "1" {
			os.Unsetenv("GOMEMLIMIT")
			os.Unsetenv(testSetGOMEMLIMIT)
		}
		os.Exit(runMain(os.Args[1:], os.Stdout, os.Stderr))
	}
	if _, set := os.LookupEnv("GOMEMLIMIT"); !set {
		os.Setenv("GOMEMLIMIT", "off")
		os.Setenv(testSetGOMEMLIMIT, "1")
	}
	os.Exit(m.Run())
}

// testSetGOMEMLIMIT marks a GOMEMLIMIT that TestMain set, and not the one
// who ran the tests, for a child to drop.
const testSetGOMEMLIMIT = "BREAKERLAB_TEST_SET_GOMEMLIMIT"

// Every command answers --help and -h as `help NAME` does: its summary,
// flags and examples on standard output, exit 0 (so that `breakerlab run
// --help | less` shows them); exercises, which has commands of its own,
// prints its usage page, exit 0. A flag no command defines exits 2. The
// table lists the flag each command's help must show; a command added to
// the table of commands must be added here.
func TestEveryCommandHelpAndBadFlag(t *testing.T) {
	racefree.Only(t) // no goroutine: the command reads and prints in the test's own
	flagShown := map[string]string{
		"challenge": "--check", "challenges": "--check", "cheatsheet": "--format", "completion": "",
		"drill": "--generate", "exercises": "", "facts": "", "home": "", "interview": "--minutes",
		"lab": "--rate", "lesson": "--step", "lessons": "--width", "man": "", "new": "--seed", "presets": "",
		"record": "--size", "run": "--seed", "sandbox": "--seed", "scenarios": "--dump",
		"serve": "--listen", "sweep": "--vary", "version": "",
	}
	for _, name := range commandNames() {
		flag, ok := flagShown[name]
		if !ok {
			t.Errorf("command %s is not in this test's table", name)
			continue
		}
		t.Run(name, func(t *testing.T) {
			help, errOut, code := run(t, "help", name)
			if code != 0 || !strings.HasPrefix(help, "breakerlab "+name+": ") || !strings.Contains(help, "examples:") || !strings.Contains(help, flag) {
				t.Errorf("help %s: exit %d, %q %q; want exit 0, its summary, examples and %s", name, code, help, errOut, flag)
			}
			asking := [][]string{{"--help"}, {"-h"}, {"nothing-to-see", "--help"}}
			if name == "exercises" {
				asking = asking[:2] // its first word names one of its commands
			}
			for _, asks := range asking {
				out, errOut, code := run(t, append([]string{name}, asks...)...)
				if code != 0 || errOut != "" || !strings.Contains(out, "examples:\n  ") {
					t.Errorf("%s %q: exit %d, stdout %q, stderr %q; want exit 0 and the help on stdout", name, asks, code, out, errOut)
				}
				if name != "exercises" && out != help {
					t.Errorf("%s %q printed\n%s\nwhere help %s prints\n%s", name, asks, out, name, help)
				}
			}
			_, errOut, code = run(t, name, "--breakerlab-no-such-flag")
			if code != 2 || !strings.Contains(errOut, "breakerlab-no-such-flag") {
				t.Errorf("%s with a bad flag: exit %d, %q; want exit 2 naming the flag", name, code, errOut)
			}
		})
	}
}

// `help` with a name that is no command, or with two, is a usage error;
// cobra's own help command printed the root's page with exit 0.
func TestHelpOfNoCommand(t *testing.T) {
	racefree.Only(t) // no goroutine: help and completion print and run nothing
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"help", "nosuch"}, `unknown command "nosuch"; the commands are: challenge,`},
		{[]string{"help", "run", "sweep"}, "help takes one command's name, got 2 words (run sweep)"},
	} {
		out, errOut, code := run(t, c.args...)
		if code != 2 || out != "" || !strings.Contains(errOut, c.want) {
			t.Errorf("%q: exit %d, stdout %q, stderr %q; want exit 2 and %q", c.args, code, out, errOut, c.want)
		}
	}
	if got := completions(t, "help", "sw"); !slices.Equal(got, []string{"sweep"}) {
		t.Errorf("help sw completes to %q, want [sweep]", got)
	}
}

func TestRootHelp(t *testing.T) {
	racefree.Only(t) // no goroutine: help and completion print and run nothing
	for _, args := range [][]string{{"--help"}, {"-h"}, {"help"}} {
		out, _, code := run(t, args...)
		if code != 0 || !strings.Contains(out, "Commands:") || !strings.Contains(out, "Examples:") || !strings.Contains(out, "completion") {
			t.Errorf("%q: exit %d, %q", args, code, out)
		}
	}
}

// Every flag an example uses is one its command defines.
func TestExamplesUseRealFlags(t *testing.T) {
	racefree.Only(t) // no goroutine: help and completion print and run nothing
	for _, name := range commandNames() {
		c := commands[name]
		if c.examplesText() == "" {
			t.Errorf("%s has no examples", name)
		}
		flags := flagsText(c, textWidth)
		for line := range strings.SplitSeq(c.examplesText(), "\n") {
			for w := range strings.FieldsSeq(line) {
				if n, ok := flagName(w); ok && w != "-o" && !strings.Contains(flags, "--"+n) && !strings.Contains(flags, "-"+n) {
					t.Errorf("%s: example %q uses %s, not among its flags", name, line, w)
				}
			}
		}
	}
}

// complete runs the hidden __complete command the scripts call and returns
// the candidates (the last line, ":N", is the directive).
func completions(t *testing.T, args ...string) []string {
	t.Helper()
	out, errOut, code := run(t, append([]string{"__complete"}, args...)...)
	if code != 0 {
		t.Fatalf("__complete %q: exit %d, %s", args, code, errOut)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	var got []string
	for _, l := range lines[:len(lines)-1] {
		got = append(got, strings.SplitN(l, "\t", 2)[0])
	}
	return got
}

func TestCompleteHidden(t *testing.T) {
	racefree.Only(t)
	for _, c := range []struct {
		args []string
		want []string
		not  []string
	}{
		{[]string{""}, []string{"run", "scenarios", "completion", "lesson", "version"}, nil},
		{[]string{"ru"}, []string{"run"}, []string{"scenarios"}},
		{[]string{"run", ""}, scenarioNames(), nil},
		{[]string{"run", "ca"}, []string{"cascade"}, []string{"checkout"}},
		{[]string{"run", "cascade", "--format", ""}, []string{"table", "json", "csv", "svg", "png"}, nil},
		{[]string{"run", "--format=j"}, []string{"--format=json"}, nil},
		{[]string{"run", "cascade", "--s"}, []string{"--seed"}, []string{"--format"}},
		{[]string{"sandbox", "--seed", "3", ""}, []string{"cascade"}, nil},
		{[]string{"sweep", "cascade", "--vary", "rec"}, []string{"recommendations.bulkhead="}, nil},
		{[]string{"lesson", ""}, []string{"01-one-slow-dependency"}, nil},
		{[]string{"record", "--lesson", ""}, []string{"01-one-slow-dependency"}, nil},
		{[]string{"challenge", ""}, []string{"timeout-pool"}, nil},
		{[]string{"presets", "resilience4j", ""}, []string{"gobreaker", "polly"}, nil},
		{[]string{"lab", "checkout", "--mode", ""}, []string{"none", "timeout", "protected", "all"}, nil},
		{[]string{"interview", "--rubric", ""}, []string{"api-gateway"}, nil},
		{[]string{"completion", ""}, []string{"bash", "zsh", "fish", "powershell"}, nil},
		{[]string{"exercises", ""}, []string{"init", "check", "hint"}, nil},
		{[]string{"exercises", "hint", "01"}, []string{"01-consecutive-breaker"}, nil},
	} {
		got := completions(t, c.args...)
		for _, w := range c.want {
			if !slices.Contains(got, w) {
				t.Errorf("__complete %q = %q, lacks %q", c.args, got, w)
			}
		}
		for _, w := range c.not {
			if slices.Contains(got, w) {
				t.Errorf("__complete %q = %q, should not hold %q", c.args, got, w)
			}
		}
	}
}

// The bash script that `completion bash` prints, sourced in bash, completes
// `breakerlab run <TAB>` to the scenario names: the script calls this test
// binary standing in for breakerlab (see TestMain).
func TestCompletionBashScript(t *testing.T) {
	// Bash runs this test binary as main for the words, race-built under
	// -race; completion starts no goroutine, and the command's own
	// (the terminate watch) run under -race in every test in the process.
	racefree.Only(t)
	bash, err := exec.LookPath("bash")
	if err != nil || runtime.GOOS == "windows" {
		t.Skip("no bash here")
	}
	got := bashCompletes(t, bash, "breakerlab", "run", "")
	slices.Sort(got)
	if want := scenarioNames(); !slices.Equal(got, want) {
		t.Errorf("breakerlab run <TAB> completes to %q, want %q", got, want)
	}
}

func TestCompletionScripts(t *testing.T) {
	racefree.Only(t) // no goroutine: help and completion print and run nothing
	for _, sh := range completionShells {
		out, errOut, code := run(t, "completion", sh)
		if code != 0 || !strings.Contains(out, "breakerlab") {
			t.Errorf("completion %s: exit %d, %s", sh, code, errOut)
		}
	}
	if _, errOut, code := run(t, "completion", "tcsh"); code != 2 || !strings.Contains(flat(errOut), "bash, zsh, fish, powershell") {
		t.Errorf("completion tcsh: exit %d, %q", code, errOut)
	}
}

func TestManPages(t *testing.T) {
	dir := manPages(t)
	b, err := os.ReadFile(filepath.Join(dir, "breakerlab-run.1"))
	if err != nil {
		t.Fatal(err)
	}
	// Each page is titled by its own command: man breakerlab-run shows
	// BREAKERLAB-RUN(1) at its top, not BREAKERLAB(1).
	for _, want := range []string{"--format", "breakerlab run cascade --seed 5", `.TH "BREAKERLAB-RUN" "1"`} {
		if !strings.Contains(string(b), want) {
			t.Errorf("breakerlab-run.1 lacks %q", want)
		}
	}
	if b, err := os.ReadFile(filepath.Join(dir, "breakerlab.1")); err != nil || !strings.Contains(string(b), `.TH "BREAKERLAB" "1"`) {
		t.Errorf("breakerlab.1: %v, title not BREAKERLAB", err)
	}
}

// man given a file where it wants a folder says so, exit 2, as -o does:
// it had said "mkdir ...: not a directory", exit 1, as if the program had
// failed.
func TestManRefusesAFileForItsFolder(t *testing.T) {
	racefree.Only(t) // no goroutine: the command reads and prints in the test's own
	file := filepath.Join(t.TempDir(), "notes.txt")
	if err := os.WriteFile(file, []byte("mine\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for arg, want := range map[string]string{
		file:                        file + ": it is a file, not a folder; give a folder",
		filepath.Join(file, "man1"): "part of that path is a file, not a folder; give a folder",
	} {
		out, errOut, code := run(t, "man", arg)
		if code != exitUsage || !strings.Contains(errOut, want) || out != "" {
			t.Errorf("man %s: exit %d, stdout %q, stderr %q; want exit %d saying %q", arg, code, out, errOut, exitUsage, want)
		}
	}
	if b, _ := os.ReadFile(file); string(b) != "mine\n" {
		t.Errorf("man changed the file it was given: %q", b)
	}
}

// A release stamps its version, commit and date (goreleaser's ldflags);
// placeholders of a snapshot outside git are left out.
func TestVersionStamped(t *testing.T) {
	racefree.Only(t) // no goroutine: the command reads and prints in the test's own
	defer func(v, c, d string) { version, commit, date = v, c, d }(version, commit, date)
	version, commit, date = "1.2.3", "0123456789abcdef", "2026-12-01T10:00:00Z"
	if out, _, _ := run(t, "version"); out != "breakerlab 1.2.3 (commit 0123456789ab, built 2026-12-01T10:00:00Z)\n" {
		t.Errorf("version = %q", out)
	}
	commit, date = "none", "0001-01-01T00:00:00Z"
	if out, _, _ := run(t, "version"); !strings.HasPrefix(out, "breakerlab 1.2.3") || strings.Contains(out, "none") || strings.Contains(out, "0001") {
		t.Errorf("version = %q", out)
	}
}
