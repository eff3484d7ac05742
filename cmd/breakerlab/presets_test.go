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
		if n := utf8.RuneCountInString(line); n > 100 {
			t.Errorf("line %d is %d columns wide: %q", i+1, n, line)
		}
	}
	for _, want := range []string{"resilience4j", "polly", "gobreaker", "hystrix", "failsafe-go", "> 5", "as a window", "10 of 1 s"} {
		if !strings.Contains(out, want) {
			t.Errorf("presets output lacks %q", want)
		}
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
