package main

import (
	"encoding/csv"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/internal/racefree"
)

// A command refused for its scenario, its budget or a fault, with -o naming
// a file that exists, leaves that file as it was (it was emptied before the
// command looked at its input), and leaves no temporary file beside it.
func TestRefusedCommandKeepsTheOutputFile(t *testing.T) {
	racefree.Only(t) // no goroutine: refusals, and a run, which starts none
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
	racefree.Only(t) // no goroutine: the command reads and prints in the test's own
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

// -o out.csv and -o out.json without --format write CSV and JSON, as
// out.svg and out.png write pictures (they wrote the text table, which the
// next CSV or JSON reader failed on); a --format that disagrees with the
// name is refused and writes nothing; a name that is no format (out.txt)
// takes --format or the table.
func TestOutputNameChoosesTheFormat(t *testing.T) {
	racefree.Only(t) // no goroutine: the command reads and prints in the test's own
	dir := t.TempDir()
	for _, c := range []struct {
		args  []string
		file  string
		check func(string) bool
	}{
		{[]string{"run", "breaker-timeline"}, "r.csv", func(s string) bool {
			_, err := csv.NewReader(strings.NewReader(s)).ReadAll()
			return err == nil && strings.HasPrefix(s, "variant,")
		}},
		{[]string{"run", "breaker-timeline"}, "R.JSON", func(s string) bool { return json.Valid([]byte(s)) }},
		{[]string{"run", "breaker-timeline", "--format", "json"}, "r2.json", func(s string) bool { return json.Valid([]byte(s)) }},
		{[]string{"run", "breaker-timeline"}, "r.txt", func(s string) bool { return strings.HasPrefix(s, "breaker-timeline, seed 5") }},
		{[]string{"run", "breaker-timeline", "--format", "csv"}, "r2.txt", func(s string) bool { return strings.HasPrefix(s, "variant,") }},
		{[]string{"sweep", "cascade", "--vary", "workers=100..200:2", "--measure", "search.ok", "--seeds", "1"}, "s.csv", func(s string) bool {
			return strings.HasPrefix(s, "workers,runs,values,search.ok mean")
		}},
		{[]string{"sweep", "cascade", "--vary", "workers=100..200:2", "--measure", "search.ok", "--seeds", "1"}, "s.json", func(s string) bool {
			return json.Valid([]byte(s)) && strings.Contains(s, `"scenario": "cascade"`)
		}},
	} {
		path := filepath.Join(dir, c.file)
		if _, stderr, code := run(t, append(c.args, "-o", path)...); code != 0 {
			t.Fatalf("%v -o %s: exit %d: %s", c.args, c.file, code, stderr)
		}
		if got, _ := os.ReadFile(path); !c.check(string(got)) {
			t.Errorf("%v -o %s wrote %.120q", c.args, c.file, got)
		}
	}
	for _, c := range []struct {
		args []string
		file string
		want string
	}{
		{[]string{"run", "breaker-timeline", "--format", "json"}, "x.csv", "names a csv file, but --format is json: give --format csv"},
		{[]string{"run", "breaker-timeline", "--format", "table"}, "x.json", "names a json file, but --format is table: give --format json"},
		{[]string{"sweep", "cascade", "--vary", "workers=100..200:2", "--measure", "search.ok", "--format", "csv"}, "x.json", "names a json file, but --format is csv"},
	} {
		path := filepath.Join(dir, c.file)
		_, stderr, code := run(t, append(c.args, "-o", path)...)
		if code != 2 || !strings.Contains(stderr, "-o "+path+" "+c.want) {
			t.Errorf("%v -o %s: exit %d, %q; want 2 and %q", c.args, c.file, code, stderr, c.want)
		}
		if _, err := os.Stat(path); err == nil {
			t.Errorf("the refused %v wrote %s", c.args, c.file)
		}
	}
}
