package main

import (
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/breakerlab/breakerlab/engine/breaker"
	"github.com/breakerlab/breakerlab/internal/racefree"
)

func TestPresetsGolden(t *testing.T) {
	racefree.Only(t) // no goroutine: the command reads and prints in the test's own
	out, errOut, code := run(t, "presets")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	golden(t, "presets.txt", out)
	for i, line := range strings.Split(out, "\n") {
		if n := utf8.RuneCountInString(line); n > 80 {
			t.Errorf("line %d is %d columns wide: %q", i+1, n, line)
		}
	}
	for _, want := range []string{"resilience4j", "polly", "gobreaker", "hystrix", "failsafe-go", "> 5", "rate at 10", "20 x 500 ms"} {
		if !strings.Contains(out, want) {
			t.Errorf("presets output lacks %q", want)
		}
	}
	// The rows where the libraries differ in the small print: each states
	// every preset's rule, in the presets' order.
	for _, want := range []string{
		"leaves open    > open for   >= open for  > open for   > open for   >= open for",
		"trials judged  rate at 10   1st failure  1st failure  1st failure  1st failure",
		"late results   recorded     recorded     dropped      recorded     recorded",
		"buckets start  -            at a call    -            on a grid    -",
	} {
		if !strings.Contains(out, want+"\n") {
			t.Errorf("presets output lacks the row %q", want)
		}
	}
}

func TestPresetsWrapsManyColumns(t *testing.T) {
	racefree.Only(t) // no goroutine: the command reads and prints in the test's own
	out, _, code := run(t, "presets", "polly", "hystrix", "gobreaker", "polly", "resilience4j", "failsafe-go", "polly")
	if code != 0 {
		t.Fatalf("exit %d", code)
	}
	for i, line := range strings.Split(out, "\n") {
		if n := utf8.RuneCountInString(line); n > 80 {
			t.Errorf("line %d is %d columns wide: %q", i+1, n, line)
		}
	}
	tables, _, _ := strings.Cut(out, "What each row means:") // the legend names each row once more
	if strings.Count(tables, "late results") != 2 {
		t.Errorf("seven columns should make two tables:\n%s", out)
	}
}

func TestPresetsPicksColumns(t *testing.T) {
	racefree.Only(t) // no goroutine: the command reads and prints in the test's own
	out, _, code := run(t, "presets", "hystrix", "gobreaker")
	if code != 0 {
		t.Fatalf("exit %d", code)
	}
	header := strings.Split(out, "\n")[2]
	if strings.Fields(header)[0] != "hystrix" || strings.Fields(header)[1] != "gobreaker" || strings.Contains(out, "resilience4j") {
		t.Fatalf("columns: %q\n%s", header, out)
	}
}

func TestPresetsUnknownNameExitsTwo(t *testing.T) {
	racefree.Only(t) // no goroutine: the command reads and prints in the test's own
	_, errOut, code := run(t, "presets", "finagle")
	if code != 2 || !strings.Contains(errOut, "allowed: resilience4j, polly, gobreaker, hystrix, failsafe-go") {
		t.Fatalf("exit %d, stderr %q", code, errOut)
	}
}

// A dashed argument is a flag, and presets has none: "--format json" was
// looked up as a preset called "--format".
func TestPresetsTakesNoFlags(t *testing.T) {
	racefree.Only(t) // no goroutine: the command reads and prints in the test's own
	_, errOut, code := run(t, "presets", "--format", "json")
	if code != 2 || !strings.Contains(errOut, "unknown flag --format") || !strings.Contains(errOut, "presets takes no flags") || strings.Contains(errOut, "preset \"--format\"") {
		t.Fatalf("exit %d, stderr %q", code, errOut)
	}
	out, _, code := run(t, "help", "presets")
	if code != 0 || strings.Contains(out, "flags of presets") || !strings.Contains(out, "breakerlab presets resilience4j gobreaker") {
		t.Errorf("help presets: exit %d:\n%s", code, out)
	}
}

// Every row of the table has a line under it that says what it means, in
// words to say in an interview: "late results recorded" and "leaves open
// > open for" were engine jargon with nothing to read them by.
func TestPresetsSayWhatEachRowMeans(t *testing.T) {
	racefree.Only(t) // no goroutine: the command reads and prints in the test's own
	for _, args := range [][]string{{"presets"}, {"presets", "opossum"}} {
		out, errOut, code := run(t, args...)
		if code != 0 {
			t.Fatalf("%q: exit %d: %s", args, code, errOut)
		}
		_, legend, ok := strings.Cut(out, "\nWhat each row means:\n")
		legend, _, _ = strings.Cut(legend, "\n\n")
		if !ok {
			t.Fatalf("%q prints no legend:\n%s", args, out)
		}
		flat := " " + strings.Join(strings.Fields(legend), " ") + " "
		rows := breaker.Resilience4j().Describe()
		for _, r := range rows {
			m := breaker.Meaning(r.Name)
			if m == "" {
				t.Errorf("the row %q has no meaning", r.Name)
				continue
			}
			if !strings.Contains(flat, " "+r.Name+" "+m+" ") {
				t.Errorf("%q: the legend lacks %q: %s", args, r.Name+" "+m, legend)
			}
		}
		if n := strings.Count(legend, "\n  ") + 1; !strings.HasPrefix(legend, "  ") || n < len(rows) {
			t.Errorf("%q: the legend has %d rows for the table's %d:\n%s", args, n, len(rows), legend)
		}
	}
}
