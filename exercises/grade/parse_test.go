package grade

import (
	"strings"
	"testing"
)

// feed runs canned go test -json output through a collector.
func feed(lines ...string) Report {
	c := newCollector("/w/p", 5, 40)
	for _, l := range lines {
		c.line([]byte(l))
	}
	return c.report()
}

func TestLongLinesSplitByTest2jsonAreJoined(t *testing.T) {
	r := feed(
		`{"Action":"run","Test":"TestA"}`,
		`{"Action":"output","Test":"TestA","Output":"    a_test.go:3: aaaaaaaaaa"}`,
		`{"Action":"output","Test":"TestA","Output":"bbbbbbbbbb\n"}`,
		`{"Action":"output","Test":"TestA","Output":"    a_test.go:4: next\n"}`,
		`{"Action":"fail","Test":"TestA"}`,
		`{"Action":"fail"}`,
	)
	out := r.Tests[0].Output
	if len(out) != 2 || out[0] != "a_test.go:3: aaaaaaaaaabbbbbbbbbb" || out[1] != "a_test.go:4: next" {
		t.Fatalf("output = %q", out)
	}
}

func TestNonJSONLinesArePackageOutput(t *testing.T) {
	r := feed(`something the go command printed`, `{"Action":"pass"}`)
	if r.Status != NoTests || len(r.Output) != 1 || r.Output[0] != "something the go command printed" {
		t.Fatalf("report: %v %q", r.Status, r.Output)
	}
}

func TestFailureOutsideTests(t *testing.T) {
	r := feed(
		`{"Action":"run","Test":"TestA"}`,
		`{"Action":"pass","Test":"TestA"}`,
		`{"Action":"output","Output":"exit status 1\n"}`,
		`{"Action":"fail"}`,
	)
	if r.Status != Failed || !strings.Contains(r.Summary, "outside them") {
		t.Fatalf("report: %v %q", r.Status, r.Summary)
	}
}

func TestStatusNames(t *testing.T) {
	for s := Passed; s <= Errored; s++ {
		if name := s.String(); name == "" || strings.HasPrefix(name, "Status(") {
			t.Errorf("status %d has no name", s)
		}
	}
	if Status(99).String() != "Status(99)" {
		t.Error("an unknown status should print its number")
	}
}

// Whatever go test prints, the collector never panics, keeps its caps and
// counts consistently.
func FuzzCollector(f *testing.F) {
	for _, seed := range []string{
		`{"Action":"run","Test":"TestA"}` + "\n" + `{"Action":"output","Test":"TestA","Output":"panic: x\n"}`,
		`{"ImportPath":"p","Action":"build-output","Output":"./p.go:1:2: bad\n"}` + "\n" + `{"Action":"build-fail"}`,
		`{"Action":"output","Output":"?   \tp\t[no test files]\n"}`,
		`{"Action":"output","Test":"T/x","Output":"\t/w/p/p.go:3 +0x1\n"}`,
		"not json\n{\"Action\":",
		`{"Action":"output","Test":"T","Output":"panic: test timed out after 1s\n"}`,
	} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, input string) {
		c := newCollector("/w/p", 3, 20)
		for _, l := range strings.Split(input, "\n") {
			c.line([]byte(l))
		}
		r := c.report()
		passed, total := r.Counts()
		if passed > total || total > len(r.Tests) {
			t.Fatalf("counts %d of %d with %d tests", passed, total, len(r.Tests))
		}
		for _, tr := range r.Tests {
			if len(tr.Output) > 3 {
				t.Fatalf("kept %d lines, cap 3", len(tr.Output))
			}
		}
		if r.Summary == "" {
			t.Fatal("empty summary")
		}
		_ = r.Text()
	})
}
