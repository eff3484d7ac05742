// Package golden compares rendered views with files under testdata/, for
// the TUI's tests. Views are compared with their escape codes stripped;
// `go test ./tui/... -update` rewrites the files.
//
// It imports the standard library, x/ansi and x/exp/golden (whose -update
// flag it shares, since teatest's tests register that one), and is
// imported only by tests.
package golden

import (
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
	// Imported for its -update flag: defining our own would clash with it
	// in every test binary that also uses teatest.
	_ "github.com/charmbracelet/x/exp/golden"
)

// updating reports whether -update was given.
func updating() bool {
	f := flag.Lookup("update")
	return f != nil && f.Value.String() == "true"
}

// Check compares view, stripped of escape codes, with testdata/name.golden.
func Check(t testing.TB, name, view string) {
	t.Helper()
	got := ansi.Strip(view)
	if !strings.HasSuffix(got, "\n") {
		got += "\n"
	}
	path := filepath.Join("testdata", name+".golden")
	if updating() {
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
		t.Errorf("view differs from %s (go test -update rewrites it)\n--- got\n%s--- want\n%s", path, got, want)
	}
}
