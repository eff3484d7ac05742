package grade

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"testing"
)

// bulkheadTest uses New, (*Bulkhead).Release (three times, as exercise
// 06's tests do) and the field inUse, from a test in the package p.
const bulkheadTest = `package p

import "testing"

func TestRelease(t *testing.T) {
	b := New(2)
	b.Release()
	if b.inUse != 0 {
		t.Fatal(b.inUse)
	}
	_ = Bulkhead{inUse: 1}
}

func TestReleaseTwice(t *testing.T) {
	b := New(2)
	b.Release()
	b.Release()
}
`

// A name the tests use and the learner's file does not define is said
// once, in the learner's terms, at the place in their file to look:
// the name they defined instead if one is close (a method renamed by a
// slip), the type the name belongs to (a field removed), or else the
// tests' first use (a function removed), never once for each line of the
// tests that uses it. The compiler's messages are those of a real run,
// replayed (recorded_test.go); TestCompileError and
// TestRunPackagesGivesABrokenBuildItsOwnReport grade real build failures.
func TestUndefinedNameTheTestsUseIsSaidOnce(t *testing.T) {
	t.Parallel()
	learners := map[string]string{
		"renamed": "package p\n\ntype Bulkhead struct{ inUse int }\n\nfunc New(n int) *Bulkhead { return &Bulkhead{} }\n\n" +
			"func (b *Bulkhead) Releas() { b.inUse-- }\n",
		"removed": "package p\n\ntype Bulkhead struct{ inUse int }\n\nfunc (b *Bulkhead) Release() { b.inUse-- }\n",
		"field": "package p\n\ntype Bulkhead struct{ permits chan struct{} }\n\nfunc New(n int) *Bulkhead { return &Bulkhead{} }\n\n" +
			"func (b *Bulkhead) Release() { <-b.permits }\n",
	}
	dirs := []string{"renamed", "removed", "field"}
	want := [][]BuildError{
		{{File: "p.go", Line: 7, Col: 20, Message: "the tests call (*Bulkhead).Release, which p.go does not define; the nearest name it defines is Releas"}},
		{{File: "p_test.go", Line: 6, Col: 7, Message: "the tests call New, which p.go does not define"}},
		{{File: "p.go", Line: 3, Col: 6, Message: "the tests use Bulkhead.inUse, which p.go does not define"}},
	}
	for i, name := range dirs {
		r := recorded{name: "undefined-" + name, files: map[string]string{"p.go": learners[name], "p_test.go": bulkheadTest}}.replay(t, Options{})
		if r.Status != BuildFailed || !slices.Equal(r.BuildErrors, want[i]) {
			t.Errorf("%s: %v, build errors:\n%q\nwant:\n%q\nreport:\n%s", dirs[i], r.Status, r.BuildErrors, want[i], r.Text())
		}
		if w := "does not compile: " + want[i][0].String(); r.Summary != w {
			t.Errorf("%s: summary %q, want %q", dirs[i], r.Summary, w)
		}
	}
}

// buildFailure feeds a collector for the package in dir the compiler's
// messages for it, and returns the build errors reported.
func buildFailure(t *testing.T, dir string, messages ...string) []BuildError {
	t.Helper()
	c := newCollector(dir, DefaultMaxLines, DefaultMaxLineLen)
	for _, m := range messages {
		b, err := json.Marshal(map[string]string{"ImportPath": "example.com/p [example.com/p.test]", "Action": "build-output", "Output": m + "\n"})
		if err != nil {
			t.Fatal(err)
		}
		c.line(b)
	}
	c.line([]byte(`{"ImportPath":"example.com/p [example.com/p.test]","Action":"build-fail"}`))
	return c.report().BuildErrors
}

// The other forms of the compiler's messages: a test in the package p_test
// (which names the type p.Counter, and p.New), the compiler's own
// suggestion of a name, the learner's own code using the missing name too,
// a value receiver; and what is left as the compiler wrote it: a name only
// the learner's code uses, and a member of a type their files do not
// declare.
func TestUndefinedNameForms(t *testing.T) {
	dir := t.TempDir()
	for name, body := range map[string]string{
		"p.go": "package p\n\ntype Counter struct {\n\tTotal int\n}\n\nfunc (c *Counter) Plus(n int) { c.Add(n) }\n\nfunc Make() Counter { return Counter{} }\n",
		"p_test.go": "package p_test\n\nimport (\n\t\"testing\"\n\n\t\"example.com/p\"\n)\n\n" +
			"func TestAdd(t *testing.T) {\n\tc := p.New()\n\tvar d p.Counter\n\td.Add(1)\n\t_ = d.total\n\t_ = c\n}\n",
	} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, tc := range []struct {
		name     string
		messages []string
		want     []BuildError
	}{
		{"a function from the package p_test",
			[]string{"./p_test.go:10:9: undefined: p.New"},
			[]BuildError{{File: "p_test.go", Line: 10, Col: 9, Message: "the tests call New, which p.go does not define"}}},
		{"a name kept and added to",
			[]string{"./p_test.go:10:9: undefined: p.Ma"},
			[]BuildError{{File: "p.go", Line: 9, Col: 6, Message: "the tests use Ma, which p.go does not define; the nearest name it defines is Make"}}},
		{"the compiler's note that it stopped is no error",
			[]string{"./p_test.go:10:9: undefined: p.New", "./p_test.go:13:8: too many errors"},
			[]BuildError{{File: "p_test.go", Line: 10, Col: 9, Message: "the tests call New, which p.go does not define"}}},
		{"a method of a value, from the package p_test, and the learner's code",
			[]string{"./p.go:7:35: c.Add undefined (type *Counter has no field or method Add)",
				"./p_test.go:12:4: d.Add undefined (type p.Counter has no field or method Add)"},
			[]BuildError{{File: "p.go", Line: 3, Col: 6, Message: "the tests call Counter.Add, which p.go does not define; your code uses it too, at p.go:7"}}},
		{"the compiler's suggestion",
			[]string{"./p_test.go:13:8: d.total undefined (type p.Counter has no field or method total, but does have field Total)"},
			[]BuildError{{File: "p.go", Line: 4, Col: 2, Message: "the tests use Counter.total, which p.go does not define; the nearest name it defines is Total"}}},
		{"only the learner's code",
			[]string{"./p.go:7:35: c.Add undefined (type *Counter has no field or method Add)"},
			[]BuildError{{File: "p.go", Line: 7, Col: 35, Message: "c.Add undefined (type *Counter has no field or method Add)"}}},
		{"a type not the learner's",
			[]string{"./p_test.go:13:8: d.total undefined (type *strings.Builder has no field or method total)"},
			[]BuildError{{File: "p_test.go", Line: 13, Col: 8, Message: "d.total undefined (type *strings.Builder has no field or method total)"}}},
		{"a function of another package",
			[]string{"./p_test.go:10:9: undefined: other.New"},
			[]BuildError{{File: "p_test.go", Line: 10, Col: 9, Message: "undefined: other.New"}}},
		{"a type of the same name in another package",
			[]string{"./p_test.go:13:8: d.total undefined (type *other.Counter has no field or method total)"},
			[]BuildError{{File: "p_test.go", Line: 13, Col: 8, Message: "d.total undefined (type *other.Counter has no field or method total)"}}},
	} {
		if got := buildFailure(t, dir, tc.messages...); !slices.Equal(got, tc.want) {
			t.Errorf("%s: build errors\n%q\nwant\n%q", tc.name, got, tc.want)
		}
	}
}
