package drill

import (
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/breakerlab/breakerlab/engine/breaker"
)

func TestCheatSheetFitsEightyColumns(t *testing.T) {
	s, err := CheatSheet(Text)
	if err != nil {
		t.Fatal(err)
	}
	for i, l := range strings.Split(s, "\n") {
		if n := utf8.RuneCountInString(l); n > 80 {
			t.Errorf("line %d is %d columns: %q", i+1, n, l)
		}
	}
	t.Logf("%d lines", strings.Count(s, "\n"))
}

// TestCheatSheetQuotesTheDefaults: every preset's name and every value its
// configuration describes appear in the sheet, as do the bulkhead defaults.
func TestCheatSheetQuotesTheDefaults(t *testing.T) {
	for _, f := range []Format{Text, Markdown} {
		s, _ := CheatSheet(f)
		flat := strings.Join(strings.Fields(s), " ")
		for _, p := range breaker.Presets() {
			if !strings.Contains(s, p.Name) {
				t.Errorf("%s: no column for %s", f, p.Name)
			}
			for _, set := range p.Config.Describe() {
				if set.Value != "-" && !strings.Contains(flat, set.Value) {
					t.Errorf("%s: %s's %s (%s) is missing", f, p.Name, set.Name, set.Value)
				}
			}
		}
		for _, d := range BulkheadDefaults {
			if !strings.Contains(flat, d.Value) {
				t.Errorf("%s: the bulkhead default %q is missing", f, d.Value)
			}
		}
		for _, want := range []string{"Retry(CircuitBreaker(", "attempt timeout", "Which tool", "How each goes wrong", "= 28"} {
			if !strings.Contains(flat, want) {
				t.Errorf("%s: %q is missing", f, want)
			}
		}
	}
	if _, err := CheatSheet("html"); err == nil || !strings.Contains(err.Error(), "text, markdown") {
		t.Fatalf("html: %v", err)
	}
}

var update = flag.Bool("update", false, "rewrite the golden files under testdata/")

// golden compares got with testdata/name; -update rewrites it.
func golden(t *testing.T, name, got string) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		if err := os.MkdirAll("testdata", 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (go test -update writes it)", err)
	}
	if got != string(want) {
		t.Errorf("%s differs (go test ./lessons/drill -update rewrites it)\n--- got\n%s--- want\n%s", path, got, want)
	}
}

func TestCheatSheetGolden(t *testing.T) {
	for _, f := range []Format{Text, Markdown} {
		s, err := CheatSheet(f)
		if err != nil {
			t.Fatal(err)
		}
		golden(t, "cheatsheet."+string(f)+".golden", s)
	}
}
