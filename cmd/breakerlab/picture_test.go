package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A command refused for its scenario, its budget or a fault, with -o naming
// a file that exists, leaves that file as it was (it was emptied before the
// command looked at its input), and leaves no temporary file beside it.
func TestRefusedCommandKeepsTheOutputFile(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "results.png")
	const before = "last week's picture"
	for _, args := range [][]string{
		{"run", "no-such-scenario", "-o", path},
		{"run", "cascade", "--budget", "1000", "-o", path},
		{"run", "cascade", "--fault", "10s nowhere hang", "-o", path},
		{"sweep", "cascade", "--vary", "workers=10..20:2", "--measure", "search.ok", "--budget", "1000", "-o", path},
		{"record", "cascade", "--fault", "10s nowhere hang", "-o", path},
	} {
		if err := os.WriteFile(path, []byte(before), 0o640); err != nil {
			t.Fatal(err)
		}
		if _, _, code := run(t, args...); code == 0 {
			t.Fatalf("%q passed", args)
		}
		if got, err := os.ReadFile(path); err != nil || string(got) != before {
			t.Errorf("%q left the file as %q (%v)", args, got, err)
		}
		if left, _ := filepath.Glob(filepath.Join(dir, ".*")); len(left) > 0 {
			t.Errorf("%q left %q behind", args, left)
		}
	}
	// A command that succeeds replaces the file, keeping its mode.
	path = filepath.Join(dir, "results.csv")
	if err := os.WriteFile(path, []byte(before), 0o640); err != nil {
		t.Fatal(err)
	}
	if _, stderr, code := run(t, "run", "breaker-timeline", "--format", "csv", "-o", path); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	st, err := os.Stat(path)
	if err != nil || st.Mode().Perm() != 0o640 {
		t.Fatalf("%v, %v", st, err)
	}
	if got, _ := os.ReadFile(path); !strings.Contains(string(got), "caller") {
		t.Errorf("the csv was not written: %.80q", got)
	}
}

// -o out.svg or out.png without --format writes that picture; a --format
// that disagrees with the picture's name is refused, not written as a table
// into a file that opens as a broken picture.
func TestOutputNameChoosesThePicture(t *testing.T) {
	dir := t.TempDir()
	svg := filepath.Join(dir, "out.svg")
	if _, stderr, code := run(t, "run", "breaker-timeline", "-o", svg); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	if got, _ := os.ReadFile(svg); !strings.Contains(string(got), "<svg") {
		t.Errorf("-o out.svg wrote %.80q", got)
	}
	_, stderr, code := run(t, "run", "breaker-timeline", "--format", "table", "-o", filepath.Join(dir, "out.png"))
	if code != 2 || !strings.Contains(stderr, "-o "+filepath.Join(dir, "out.png")+" names a png picture, but --format is table: give --format png") {
		t.Errorf("exit %d: %s", code, stderr)
	}
	if _, err := os.Stat(filepath.Join(dir, "out.png")); err == nil {
		t.Error("the refused command wrote out.png")
	}
	if _, stderr, code := run(t, "run", "breaker-timeline", "-o", dir); code != 2 || !strings.Contains(stderr, "it is a folder") {
		t.Errorf("-o a folder: exit %d: %s", code, stderr)
	}
}
