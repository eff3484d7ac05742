package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/internal/racefree"
)

// checkLessonFile writes src as a teacher's mine.md and runs `lesson FILE
// --check` on it: the file's path, the output, the error and the code.
func checkLessonFile(t *testing.T, src string) (file, out, errOut string, code int) {
	t.Helper()
	racefree.Only(t)
	file = filepath.Join(tempConfig(t), "mine.md")
	if err := os.WriteFile(file, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	out, errOut, code = run(t, "lesson", file, "--check")
	return file, out, errOut, code
}

// `lesson FILE --check` lists every number the file types by hand that
// nothing checks, each with its line, and the ways out; a number the
// step's [set] states passes.
func TestLessonCheckListsTypedNumbers(t *testing.T) {
	file, out, errOut, code := checkLessonFile(t, "+++\ntitle = \"Mine\"\nsummary = \"S\"\n+++\n\n+++ step\ntitle = \"One\"\nscenario = \"cascade\"\n[set]\nworkers = 40\n+++\n"+
		"The pool has 40 workers.\nRecommendations want 500 of them,\ntwice the pool.\n")
	if code != 2 || out != "" {
		t.Fatalf("exit %d, stdout %q: want 2 and nothing printed", code, out)
	}
	for _, want := range []string{
		file + ":13: text: step 1 (One) types 500 by hand, which nothing checks: quote it with a placeholder",
		file + `:14: text: step 1 (One) types "twice" by hand`,
		"{{fact NAME}}", "pin it with a claim", "say it without the number",
		`2 lines have numbers typed by hand that nothing checks (lessons/FORMAT.md, "Placeholders and metrics")`,
	} {
		if !strings.Contains(errOut, want) {
			t.Errorf("--check's message lacks %q:\n%s", want, errOut)
		}
	}
	if strings.Contains(errOut, ":12:") {
		t.Errorf("the pool's 40 workers are [set]'s: %s", errOut)
	}
}
