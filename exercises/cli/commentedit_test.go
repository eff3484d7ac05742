package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A note the learner writes in a bundled test file changes nothing the
// tests check, so it is no edit: reset --tests does not stop to ask for
// --yes over it. Their note is not lost for that: the file is copied to
// the backup before the bundled one goes back, and reset says where.
func TestResetTestsKeepsACommentOnlyEditWithoutAsking(t *testing.T) {
	dir := initWorkbook(t)
	test := filepath.Join(dir, "01-consecutive-breaker", "breaker_test.go")
	appendTo(t, test, "\n// MY NOTE: the cooldown test is the one to read first\n")
	r := do(t, dir, "reset", "--tests", "01")
	out := r.out.String()
	if r.err != nil || !strings.Contains(out, "Your previous breaker_test.go is in ") {
		t.Fatalf("reset --tests over a note in the test file: %v\n%s", r.err, out)
	}
	backup := strings.TrimSpace(out[strings.Index(out, " is in ")+len(" is in "):])
	if b, err := os.ReadFile(filepath.Join(backup, "breaker_test.go")); err != nil || !strings.Contains(string(b), "MY NOTE") {
		t.Fatalf("the backup in %s lacks the learner's note: %v", backup, err)
	}
}
