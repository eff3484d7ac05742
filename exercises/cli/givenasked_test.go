package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The question reset --tests asks before it replaces an edited test says
// too that it writes back a given file that is missing: the learner did
// not write policies.go, so nothing else in the question covers it.
func TestResetTestsQuestionNamesTheGivenFiles(t *testing.T) {
	dir := initWorkbook(t)
	ex := filepath.Join(dir, "12-composition")
	os.Remove(filepath.Join(ex, "policies.go"))
	test := filepath.Join(ex, "compose_test.go")
	b, _ := os.ReadFile(test)
	os.WriteFile(test, append(b, editedTest...), 0o644)
	r := do(t, dir, "reset", "12", "--tests")
	if !isUsage(r.err) || !strings.Contains(r.err.Error(), "and writes back policies.go, given to you and missing; add --yes to go ahead") {
		t.Fatalf("reset 12 --tests over an edited test with policies.go gone = %v; want a question naming policies.go", r.err)
	}
	if _, err := os.Stat(filepath.Join(ex, "policies.go")); err == nil {
		t.Fatal("reset --tests without --yes wrote policies.go back")
	}
}
