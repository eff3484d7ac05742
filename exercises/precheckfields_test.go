package exercises

import (
	"context"
	"os"
	"path/filepath"
	"testing"
)

// A check that stops on a missing file says which kind was missing in its
// Result, so the runner picks the way out (the tests put back, or the
// stub written again) without reading its message.
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
	}
}
