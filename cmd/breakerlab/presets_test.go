package main

import (
	"strings"
	"testing"
	"unicode/utf8"
)

func TestPresetsGolden(t *testing.T) {
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
	out, _, code := run(t, "presets", "polly", "hystrix", "gobreaker", "polly", "resilience4j", "failsafe-go", "polly")
	if code != 0 {
		t.Fatalf("exit %d", code)
	}
	for i, line := range strings.Split(out, "\n") {
		if n := utf8.RuneCountInString(line); n > 80 {
			t.Errorf("line %d is %d columns wide: %q", i+1, n, line)
		}
	}
	if strings.Count(out, "late results") != 2 {
		t.Errorf("seven columns should make two tables:\n%s", out)
	}
}

func TestPresetsPicksColumns(t *testing.T) {
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
	_, errOut, code := run(t, "presets", "finagle")
	if code != 2 || !strings.Contains(errOut, "allowed: resilience4j, polly, gobreaker, hystrix, failsafe-go") {
		t.Fatalf("exit %d, stderr %q", code, errOut)
	}
}

// A dashed argument is a flag, and presets has none: "--format json" was
// looked up as a preset called "--format".
func TestPresetsTakesNoFlags(t *testing.T) {
	_, errOut, code := run(t, "presets", "--format", "json")
	if code != 2 || !strings.Contains(errOut, "unknown flag --format") || !strings.Contains(errOut, "presets takes no flags") || strings.Contains(errOut, "preset \"--format\"") {
		t.Fatalf("exit %d, stderr %q", code, errOut)
	}
	out, _, code := run(t, "help", "presets")
	if code != 0 || strings.Contains(out, "flags of presets") || !strings.Contains(out, "breakerlab presets resilience4j gobreaker") {
		t.Errorf("help presets: exit %d:\n%s", code, out)
	}
}
