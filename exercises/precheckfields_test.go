package exercises

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A check that stops on a missing file says which kind was missing in its
// Result, so the runner picks the way out (the tests put back, or the
// stub written again) without reading its message; and it gives what is
// wrong apart from the command that fixes it (Result.Fault): the runner
// says x under it instead, while the summary keeps the command for
// `exercises check`.
func TestPrecheckSaysWhatIsMissing(t *testing.T) {
	for _, c := range []struct {
		id, file             string
		tests, given, isMain bool
	}{
		{"02", "breaker_test.go", true, false, false},
		{"03", "window.go", false, true, false},
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
		if r.TestsMissing != c.tests || r.GivenMissing != c.given || r.MainMissing != c.isMain {
			t.Errorf("%s without %s: TestsMissing %v, GivenMissing %v, MainMissing %v; want %v, %v, %v (%q)",
				c.id, c.file, r.TestsMissing, r.GivenMissing, r.MainMissing, c.tests, c.given, c.isMain, r.Report.Summary)
		}
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
