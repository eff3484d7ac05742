package main

import (
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/internal/racefree"
)

// The command line's refusals say what to type on the command line: a
// duration with its unit and no quotes (the quoting is a lesson's TOML
// advice), a share in percentages as --goal and the knob form take it,
// a fault's moment first, and durations as a learner writes them (24h,
// not 24h0m0s).
func TestCommandLineRefusalsSayWhatToType(t *testing.T) {
	racefree.Only(t) // no goroutine: every case is refused before anything starts
	for _, c := range []struct {
		args     []string
		want     string
		wantNone []string
	}{
		{[]string{"sweep", "cascade", "--vary", "recommendations.timeout=1..5", "--measure", "search.ok"},
			"recommendations.timeout is a duration: give both ends with a unit, such as 1s..5s", []string{"in quotes"}},
		{[]string{"sweep", "cascade", "--vary", `recommendations.timeout="1s".."5s":3`, "--measure", "search.ok"},
			"on the command line a value goes without quotes: recommendations.timeout=1s..5s:3", nil},
		{[]string{"sweep", "cascade", "--vary", "workers=10%..90", "--measure", "search.ok"},
			"give both ends as percentages (10%..90%) or both as shares (0.1..0.9)", nil},
		{[]string{"run", "cascade", "--fault", "recommendations slow 2s"},
			"a fault starts with the moment it is injected at, AT in AT TARGET KIND [ARGS] [for DURATION]: '12s recommendations slow 2s'", []string{`the time "recommendations"`}},
		{[]string{"run", "cascade", "--fault", "25h recommendations slow 2s"},
			"want a time from 0 to 24h, e.g.", []string{"24h0m0s"}},
		{[]string{"run", "cascade", "--fault", "12s recommendations surge x3"},
			"not surge; surge is for a tenant or an endpoint; in cascade: endpoints search, profile, endpoint:recommendations (surge xFACTOR, recover)", nil},
		{[]string{"run", "--help=false", "cascade"},
			"--help=false: --help takes no value: give --help alone for run's flags, or leave it out to run", nil},
		{[]string{"man"}, "man takes one folder to write the pages into, got none", []string{"[]"}},
	} {
		_, errOut, code := run(t, c.args...)
		// A sweep's refusal wraps to 80 columns: read across its breaks.
		if code != 2 || !strings.Contains(strings.Join(strings.Fields(errOut), " "), c.want) {
			t.Errorf("%q: exit %d, %q; want exit 2 and %q", c.args, code, errOut, c.want)
		}
		for _, w := range c.wantNone {
			if strings.Contains(errOut, w) {
				t.Errorf("%q: %q should not say %q", c.args, errOut, w)
			}
		}
	}
}

// A share's range in percentages sweeps the shares a range of fractions
// does, as the knob form reads 50% as 0.5.
func TestSweepTakesPercentagesForAShare(t *testing.T) {
	racefree.Only(t) // its sweep's workers and progress are TestSweepCSVMatchesRuns's, which runs under -race
	sweepOf := func(rng string) string {
		out, errOut, code := run(t, "sweep", "cascade", "--variant", "3", "--seeds", "1", "--format", "csv",
			"--vary", "recommendations.breaker.failure_rate="+rng, "--measure", "search.ok")
		if code != 0 {
			t.Fatalf("failure_rate=%s: exit %d, %s", rng, code, errOut)
		}
		return out
	}
	pct, frac := sweepOf("10%..90%:3"), sweepOf("0.1..0.9:3")
	if pct != frac {
		t.Errorf("10%%..90%%:3 swept\n%s\nwhere 0.1..0.9:3 swept\n%s", pct, frac)
	}
}

// Every man page lists the command's own flags under OPTIONS, each with
// its text in a paragraph man fills to the screen; NAME says what the
// command does in a line; no page offers --help[=false], a value the
// commands refuse.
func TestManPagesListTheRealFlags(t *testing.T) {
	racefree.Only(t) // no goroutine: the command reads and prints in the test's own
	dir := t.TempDir()
	if _, errOut, code := run(t, "man", dir); code != 0 {
		t.Fatalf("man: exit %d, %s", code, errOut)
	}
	page := func(name string) string {
		b, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	sweep := page("breakerlab-sweep.1")
	for _, want := range []string{
		".SH NAME\nbreakerlab-sweep - run a scenario over a grid of one or two knobs and show a measure as a heatmap\n",
		".SH OPTIONS\n", ".TP\n\\fB--vary\\fP \\fIPATH=FROM\\&.\\&.TO[:STEPS]\\fP\n", ".TP\n\\fB--seeds\\fP \\fIN\\fP (default 3)\n", ".TP\n\\fB-o\\fP \\fIFILE\\fP\n",
		".nh\n.ad l\n",
	} {
		if !strings.Contains(sweep, want) {
			t.Errorf("breakerlab-sweep.1 lacks %q:\n%s", want, sweep)
		}
	}
	if strings.Contains(sweep, ".EX\nflags of sweep") {
		t.Errorf("breakerlab-sweep.1 keeps the flags in an unfilled block:\n%s", sweep)
	}
	// exercises' own commands and flags, each a term and its text, not
	// its help's columns kept as they are (past 80 once man indents them).
	if ex := page("breakerlab-exercises.1"); !strings.Contains(ex, ".TP\n\\fB--timeout DURATION\\fP\ntime allowed per exercise") || strings.Contains(ex, ".EX\nUsage:") {
		t.Errorf("breakerlab-exercises.1 should list --timeout DURATION as a term:\n%s", ex)
	}
	width := regexp.MustCompile(`(?m)^\\fB--width\\fP \\fIN\\fP \(default: the terminal's width, or 80 in a pipe\)$`)
	if run := page("breakerlab-run.1"); !width.MatchString(run) {
		t.Errorf("breakerlab-run.1 should name --width's value N:\n%s", run)
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		p := page(e.Name())
		if strings.Contains(p, "help[=false]") || strings.Contains(p, "help for ") {
			t.Errorf("%s offers cobra's help flag:\n%s", e.Name(), p)
		}
	}
}

// --measure and the metric of --goal complete with what sweep measures on
// the scenario (and variant) typed.
func TestCompleteSweepMeasures(t *testing.T) {
	racefree.Only(t) // no goroutine: help and completion print and run nothing
	measures := completions(t, "sweep", "cascade", "--measure", "")
	for _, want := range []string{"search.ok", "search.p99", "recommendations.in_flight_max", "recommendations.held_max"} {
		if !slices.Contains(measures, want) {
			t.Errorf("--measure completes %q, lacking %s", measures, want)
		}
	}
	if slices.Contains(measures, "recommendations.first_open") {
		t.Errorf("variant 1 has no breaker, yet --measure offers recommendations.first_open: %q", measures)
	}
	goal := completions(t, "sweep", "cascade", "--variant", "3", "--goal", "recommendations.f")
	if !slices.Equal(goal, []string{"recommendations.fallback", "recommendations.failed", "recommendations.first_open"}) {
		t.Errorf("--goal recommendations.f on variant 3 completes %q", goal)
	}
	if got := completions(t, "sweep", "cascade", "--measure=search.p9"); !slices.Equal(got, []string{"--measure=search.p95", "--measure=search.p99"}) {
		t.Errorf("--measure=search.p9 completes %q", got)
	}
}
