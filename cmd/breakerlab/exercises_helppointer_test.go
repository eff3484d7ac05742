package main

import (
	"strings"
	"testing"
)

// A flag refused by `breakerlab exercises` pointed to "`breakerlab
// exercises help`", in backquotes, where every other command's refusal
// ends "; see breakerlab CMD --help". It ends as theirs do now, and what
// it points to works: `exercises --help` prints the page `exercises help`
// does.
func TestExercisesFlagRefusalPointsToHelpAsOtherCommandsDo(t *testing.T) {
	for _, args := range [][]string{
		{"exercises", "--nope"},
		{"exercises", "--timeout", "x"},
		{"exercises", "check", "--nope"},
		{"exercises", "check", "--timeout"},
		{"exercises", "check", "--timeout", "-1s"},
	} {
		_, stderr, code := run(t, args...)
		line := strings.TrimRight(stderr, "\n")
		if code != exitUsage || !strings.HasPrefix(line, "breakerlab exercises: ") || !strings.HasSuffix(line, "; see breakerlab exercises --help") || strings.Count(line, "\n") > 0 {
			t.Errorf("%s: exit %d, %q; want exit %d and one line ending \"; see breakerlab exercises --help\"", strings.Join(args, " "), code, stderr, exitUsage)
		}
		if strings.Contains(stderr, "exercises: exercises:") || strings.Contains(stderr, "`") {
			t.Errorf("%s: %q names the command twice or points in backquotes", strings.Join(args, " "), stderr)
		}
	}
	page, _, code := run(t, "exercises", "help")
	if code != 0 || !strings.Contains(page, "Usage: breakerlab exercises") {
		t.Fatalf("exercises help: exit %d:\n%s", code, page)
	}
	for _, h := range []string{"--help", "-h"} {
		if out, stderr, code := run(t, "exercises", h); code != 0 || out != page || stderr != "" {
			t.Errorf("exercises %s: exit %d, stderr %q, and a page unlike `exercises help`'s:\n%s", h, code, stderr, out)
		}
	}
}

// The exercises' own refusals that are not of a flag or a name (a hint
// past the last, reset without --yes) ran to 300 characters on one line,
// which a terminal broke mid-word ("the README of 1" / "6-context-…").
// They are fitted to messageWidth as a name refusal is, and end where
// their message does: each says itself what to type instead.
func TestExercisesRefusalsFitTheWidth(t *testing.T) {
	_, stderr, code := run(t, "exercises", "hint", "1", "9")
	if code != exitUsage || !strings.HasPrefix(stderr, "breakerlab exercises: 01-consecutive-breaker has 5 hints") || !strings.HasSuffix(stderr, "prints the last\n") {
		t.Fatalf("exercises hint 1 9: exit %d, %q", code, stderr)
	}
	for _, l := range strings.Split(strings.TrimSuffix(stderr, "\n"), "\n") {
		if len([]rune(l)) > messageWidth || l == "" {
			t.Errorf("exercises hint 1 9: a line of %d characters, over %d (or empty): %q", len([]rune(l)), messageWidth, stderr)
		}
	}
}
