package exercises

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A check that stops on a missing bundled file gives what is wrong apart
// from the command that fixes it (Result.Fault): the runner says x under
// it instead, while the summary keeps the command for `exercises check`.
func TestPrecheckGivesTheFaultApartFromTheCommand(t *testing.T) {
	for _, c := range []struct{ id, file string }{
		{"02", "breaker_test.go"},
		{"03", "window.go"},
	} {
		w, err := Init(filepath.Join(t.TempDir(), "wb"))
		if err != nil {
			t.Fatal(err)
		}
		e, err := Lookup(c.id)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.Remove(filepath.Join(w.ExerciseDir(e), c.file)); err != nil {
			t.Fatal(err)
		}
		r := w.Check(context.Background(), e, CheckOptions{})
		command := "`breakerlab exercises reset --tests " + e.ID() + "`"
		if !strings.Contains(r.Report.Summary, command) {
			t.Errorf("%s without %s: the summary %q should keep the command line's way out %s", c.id, c.file, r.Report.Summary, command)
		}
		if r.Fault == "" || !strings.Contains(r.Fault, c.file) || strings.Contains(r.Fault, "breakerlab exercises") {
			t.Errorf("%s without %s: Fault = %q, want what is missing without the command", c.id, c.file, r.Fault)
		}
		if !strings.HasPrefix(r.Report.Summary, r.Fault) {
			t.Errorf("%s without %s: Fault %q should be how the summary %q begins", c.id, c.file, r.Fault, r.Report.Summary)
		}
	}
}
