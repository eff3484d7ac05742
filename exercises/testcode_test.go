package exercises

import (
	"path"
	"regexp"
	"strings"
	"testing"
	"testing/fstest"
)

// rewordCatalogTests plays a newer breakerlab whose bundled tests of e
// differ from these only in their comments, for the rest of t, as 01's
// did when its "Seed practice N:" comments were reworded.
func rewordCatalogTests(t *testing.T, e Exercise) {
	t.Helper()
	old := catalogFS
	t.Cleanup(func() { catalogFS = old })
	lineComment := regexp.MustCompile(`(?m)^// .*$`)
	files := fstest.MapFS{}
	for name, b := range e.TestFiles() {
		n := 0
		reworded := lineComment.ReplaceAllFunc(b, func([]byte) []byte {
			n++
			return []byte("// Reworded, and\n// a line longer.")
		})
		if n == 0 {
			t.Fatalf("%s of %s has no comment to reword", name, e.Name)
		}
		reworded = append([]byte("/* A new block comment. */\n"), reworded...)
		files[path.Join(catalogRoot, e.Name, "test", name)] = &fstest.MapFile{Data: reworded}
	}
	catalogFS = overlayFS{old, files}
}

// A newer breakerlab that only rewords the bundled tests' comments has not
// changed what they check: an existing workbook's tests are not "updated"
// (the check of a solved exercise still passes, and x or reset --tests is
// not asked for), and an exercise not started on still counts as such.
func TestCommentOnlyTestChangesAreNoUpdate(t *testing.T) {
	w := newWorkbook(t)
	kept := keptBinaries(t, w)
	e := catalog[0]
	rewordCatalogTests(t, e)
	if c := w.ChangedTests(e); c.Any() {
		t.Fatalf("after the bundled tests' comments changed, ChangedTests = %+v", c)
	}
	if !w.untouched(e) {
		t.Error("after the bundled tests' comments changed, a workbook not started on counts as started")
	}

	needGo(t)
	writeFiles(w.ExerciseDir(e), e.SolutionFiles())
	r := kept.check(e, CheckOptions{})
	if !r.Passed() || r.TestsChanged || r.TestsOutdated || strings.Contains(r.Report.Summary, "updated") {
		t.Fatalf("a solved exercise after its tests' comments changed: %v %q (changed %v, outdated %v)",
			r.Report.Status, r.Report.Summary, r.TestsChanged, r.TestsOutdated)
	}
}

// What counts as a change of a test file: anything the compiler or the go
// command reads, comments included where they are read; comments and
// layout elsewhere do not.
func TestSameTestCode(t *testing.T) {
	const base = "package p\n\nimport \"testing\"\n\n// TestA checks a.\nfunc TestA(t *testing.T) {\n\tif f() != 1 {\n\t\tt.Error(\"want 1\")\n\t}\n}\n"
	for _, c := range []struct {
		name string
		a, b string
		same bool
	}{
		{"comment reworded", base, strings.Replace(base, "// TestA checks a.", "// TestA checks that f\n// gives 1.", 1), true},
		{"comment added in a body", base, strings.Replace(base, "\tif f()", "\t// why 1: see the README\n\tif /* here */ f()", 1), true},
		{"layout", base, strings.Replace(base, "\tif f() != 1 {", "\tif f()!=1 {", 1), true},
		{"semicolons written out", base, strings.Replace(base, "t.Error(\"want 1\")", "t.Error(\"want 1\");", 1), true},
		{"CRLF", base, strings.ReplaceAll(base, "\n", "\r\n"), true},
		{"a string changed", base, strings.Replace(base, "want 1", "want one", 1), false},
		{"a test added", base, base + "func TestB(t *testing.T) {}\n", false},
		{"a build constraint added", base, "//go:build race\n\n" + base, false},
		{"a comment across lines, which ends a statement", "package p\n\nfunc f() int {\n\treturn 1 /*\n*/ + 1\n}\n", "package p\n\nfunc f() int {\n\treturn 1 + 1\n}\n", false},
		{"an example's output", "package p\n\nfunc ExampleF() {\n\tprintln(1)\n\t// Output: 1\n}\n", "package p\n\nfunc ExampleF() {\n\tprintln(1)\n\t// Output: 2\n}\n", false},
		{"a cgo preamble", "package p\n\n// int one(void) { return 1; }\nimport \"C\"\n", "package p\n\n// int one(void) { return 2; }\nimport \"C\"\n", false},
		{"a file that does not parse, comments aside", "package p\nfunc {\n// a\n", "package p\nfunc {\n// b\n", false},
	} {
		if got := sameTestCode([]byte(c.a), []byte(c.b)); got != c.same {
			t.Errorf("%s: sameTestCode = %v, want %v", c.name, got, c.same)
		}
	}
}
