package main

import (
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/breakerlab/breakerlab/lessons"
	"github.com/breakerlab/breakerlab/lessons/drill"
)

// TestCheatSheetCheckCommand: `breakerlab cheatsheet --check` passes on the
// built-in sheet with a one-line summary, and refuses --format with it.
func TestCheatSheetCheckCommand(t *testing.T) {
	racefree.Only(t)
	out, errOut, code := run(t, "cheatsheet", "--check")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	if strings.Count(out, "\n") != 1 || !strings.Contains(out, "claims hold") || !strings.Contains(out, "no unchecked numbers") {
		t.Fatalf("want a one-line summary, got %q", out)
	}
	if _, errOut, code := run(t, "cheatsheet", "--check", "--format", "markdown"); code != 2 || !strings.Contains(errOut, "--check") {
		t.Fatalf("--check with --format: exit %d, %q", code, errOut)
	}
}

// TestCheatSheetCheckFailsOnABadRow: a wrong number and a typed number
// make --check exit 1, naming the section and the row.
func TestCheatSheetCheckFailsOnABadRow(t *testing.T) {
	racefree.Only(t) // no goroutine: the command reads and prints in the test's own
	bad := `title = "t"
[[section]]
title = "Retries"
[[section.row]]
label = "AWS retry quota"
text = "{{fact aws.retry.capacity}} tokens"
expect = ["fact aws.retry.capacity == 400"]
[[section.row]]
label = "Envoy retry budget"
text = "at least 3 retries, {{fact envoy.retry_budget.min}}"
`
	defer func(f func() (drill.CheckSummary, error)) { checkCheatSheet = f }(checkCheatSheet)
	checkCheatSheet = func() (drill.CheckSummary, error) {
		sh, err := drill.ParseSheet([]byte(bad))
		if err != nil {
			return drill.CheckSummary{}, err
		}
		return sh.Check(lessons.NewLab())
	}
	out, errOut, code := run(t, "cheatsheet", "--check")
	if code != 1 || out != "" {
		t.Fatalf("exit %d, stdout %q; want exit 1 and nothing printed", code, out)
	}
	for _, want := range []string{`section "Retries", row "AWS retry quota"`, "400", `section "Retries", row "Envoy retry budget"`, "typed numbers nothing checks: 3"} {
		if !strings.Contains(errOut, want) {
			t.Errorf("stderr does not say %q:\n%s", want, errOut)
		}
	}
	t.Log(errOut)
}
