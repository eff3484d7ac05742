package grade

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A recursion without end overflows the stack limit the grader sets
// (Options.MaxStack), not the runtime's 1 GB, which takes seconds to fill
// and can run into the time limit: the summary names the learner's line
// and the limit the runtime reported, so a report naming 1 MB shows the
// test binary ran with the grader's limit. The package declares its own
// "debug" and a TestMain, which the added file must leave alone.
func TestRunawayRecursionOverflowsTheGradersLimit(t *testing.T) {
	t.Parallel()
	dir := module(t, map[string]string{
		"p.go": "package p\n\nvar debug = 1\n\n// Down calls itself for ever.\n" +
			"func Down(n int) int {\n\treturn Down(n+debug) + 1\n}\n",
		"p_test.go": "package p\n\nimport (\n\t\"os\"\n\t\"testing\"\n)\n\n" +
			"func TestMain(m *testing.M) { os.Exit(m.Run()) }\n\n" +
			"func TestDown(t *testing.T) {\n\tif Down(0) < 0 {\n\t\tt.Fatal(\"negative\")\n\t}\n}\n",
	})
	r := Run(context.Background(), Options{Dir: dir, Binary: keptBin(t), MaxStack: 1 << 20})
	want := "0 of 1 tests pass; a fatal error in TestDown stopped the test process: your code recursed without end at p.go:6 in Down " +
		"(a stack overflow: its calls filled the 1 MB a test's stack may grow to); what stops it calling itself?"
	if r.Status != Failed || r.Summary != want {
		t.Fatalf("status %v, summary:\n%q\nwant\n%q\nreport:\n%s", r.Status, r.Summary, want, r.Text())
	}
	if _, err := os.Stat(filepath.Join(dir, maxStackFile)); err == nil {
		t.Errorf("%s was left in the learner's folder; it belongs in the overlay only", maxStackFile)
	}
}

// The file that sets the limit is in the package the folder's files
// declare (an external test package's name without _test), and never
// hides a file of the learner's of the same name; a negative limit, or a
// folder with no test files (go test says so) or no Go files, adds
// nothing.
func TestStackOverlay(t *testing.T) {
	t.Parallel()
	write := func(files map[string]string) string {
		dir := t.TempDir()
		for name, body := range files {
			if err := os.WriteFile(filepath.Join(dir, name), []byte(body), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		return dir
	}
	inner := write(map[string]string{"a.go": "package breaker\n", "a_test.go": "package breaker\n"})
	outer := write(map[string]string{"a_test.go": "package pool_test\n"})
	taken := write(map[string]string{"a.go": "package p\n", "a_test.go": "package p\n", maxStackFile: "package p\n"})
	noTests := write(map[string]string{"a.go": "package p\n"})
	empty := write(nil)
	args, cleanup, err := stackOverlay([]string{inner, outer, taken, noTests, empty}, 4096)
	if err != nil {
		t.Fatal(err)
	}
	defer cleanup()
	if len(args) != 1 || !strings.HasPrefix(args[0], "-overlay=") {
		t.Fatalf("args = %q, want one -overlay=", args)
	}
	b, err := os.ReadFile(strings.TrimPrefix(args[0], "-overlay="))
	if err != nil {
		t.Fatal(err)
	}
	var overlay struct{ Replace map[string]string }
	if err := json.Unmarshal(b, &overlay); err != nil {
		t.Fatalf("overlay: %v\n%s", err, b)
	}
	for dir, pkg := range map[string]string{inner: "package breaker\n", outer: "package pool\n"} {
		src, ok := overlay.Replace[filepath.Join(dir, maxStackFile)]
		if !ok {
			t.Errorf("overlay does not add %s to %s: %v", maxStackFile, dir, overlay.Replace)
			continue
		}
		body, err := os.ReadFile(src)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(string(body), pkg) || !strings.Contains(string(body), "SetMaxStack(4096)") {
			t.Errorf("the file for %s:\n%s\nwant %q and SetMaxStack(4096)", dir, body, pkg)
		}
	}
	if len(overlay.Replace) != 2 {
		t.Errorf("overlay adds %d files, want 2 (none to a folder with a file of that name, no test files or no Go files): %v", len(overlay.Replace), overlay.Replace)
	}
	if args, _, _ := stackOverlay([]string{inner}, -1); args != nil {
		t.Errorf("a negative limit gave %q, want nothing added", args)
	}
}
