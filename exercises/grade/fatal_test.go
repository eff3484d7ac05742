package grade

import (
	"strings"
	"testing"
)

// A fatal error of the runtime (a stack overflow, a map written by two
// goroutines at once) ends the test process as a panic does, but cannot be
// recovered and dumps the runtime's own lines and frames first: its
// summary says what it was and where in the learner's code, and the
// test's output keeps their frames only, a recursion's repeated frame
// once with a count, rather than hundreds of lines of runtime dump said to
// be lines the learner's code printed. The streams are replayed
// (recorded_test.go).
func TestFatalErrorIsSaidWithTheLearnersLine(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		rec      recorded
		test     string
		summary  string
		frames   []string // lines the test's output shows, in order
		notShown []string // what it must not show
	}{
		{recorded{name: "stack-overflow", files: map[string]string{
			"p.go": "package p\n\ntype B struct{ n int }\n\n// Rate calls itself for ever.\n" +
				"func (b *B) Rate() float64 {\n\treturn b.Rate() + 1\n}\n",
			"p_test.go": "package p\n\nimport \"testing\"\n\nfunc TestOK(t *testing.T) {}\n\n" +
				"func TestRate(t *testing.T) {\n\tvar b B\n\tif b.Rate() < 0 {\n\t\tt.Fatal(\"negative\")\n\t}\n}\n\n" +
				"func TestLater(t *testing.T) {}\n",
		}}, "TestRate",
			"1 of 3 tests pass; a fatal error in TestRate stopped the other 1: your code recursed without end at p.go:6 in (*B).Rate (a stack overflow: its calls filled the 64 MB a test's stack may grow to); what stops it calling itself?",
			[]string{"fatal error: stack overflow", "  at p.(*B).Rate (p.go:6)", "  at p.(*B).Rate (p.go:7)", "  … the same call ", " more times (5592216 frames left out of the dump)", "  at p.TestRate (p_test.go:9)"},
			[]string{"runtime: ", "runtime stack:", "lines your code printed", "goroutine "}},
		{recorded{name: "concurrent-map-writes", files: map[string]string{
			"p.go": "package p\n\n// Count writes the map from two goroutines with no lock.\n" +
				"func Count(m map[int]int) {\n\tdone := make(chan bool)\n\tgo func() {\n\t\tfor i := 0; ; i++ {\n\t\t\tm[i%8]++\n\t\t}\n\t}()\n" +
				"\tgo func() {\n\t\tfor i := 0; ; i++ {\n\t\t\tm[i%8]++\n\t\t}\n\t}()\n\t<-done\n}\n",
			"p_test.go": "package p\n\nimport \"testing\"\n\nfunc TestCount(t *testing.T) { Count(map[int]int{}) }\n",
		}}, "TestCount",
			"", // which of the two goroutines the runtime caught varies
			[]string{"fatal error: concurrent map writes"},
			[]string{"lines your code printed"}},
		{recorded{name: "unlock-of-unlocked-mutex", files: map[string]string{
			"p.go": "package p\n\nimport \"sync\"\n\ntype C struct {\n\tmu sync.Mutex\n\tn  int\n}\n\n" +
				"// Add unlocks twice.\nfunc (c *C) Add() {\n\tc.mu.Lock()\n\tdefer c.mu.Unlock()\n\tc.n++\n\tc.mu.Unlock()\n}\n",
			"p_test.go": "package p\n\nimport \"testing\"\n\nfunc TestAdd(t *testing.T) {\n\tvar c C\n\tc.Add()\n}\n",
		}}, "TestAdd",
			"0 of 1 tests pass; a fatal error in TestAdd stopped the test process: sync: unlock of unlocked mutex at p.go:16 in (*C).Add: Unlock without a Lock before it, or called twice?",
			[]string{"fatal error: sync: unlock of unlocked mutex", "  at p.(*C).Add (p.go:16)", "  at p.TestAdd (p_test.go:7)"},
			[]string{"lines your code printed", "goroutine "}},
	} {
		t.Run(tc.rec.name, func(t *testing.T) {
			r := tc.rec.replay(t, Options{})
			if r.Status != Failed {
				t.Fatalf("status = %v, want failed; report:\n%s", r.Status, r.Text())
			}
			if tc.summary != "" && r.Summary != tc.summary {
				t.Errorf("summary:\n%q\nwant\n%q", r.Summary, tc.summary)
			}
			if tc.summary == "" && !strings.Contains(r.Summary, "a fatal error in "+tc.test+" stopped the test process: concurrent map writes at p.go:") ||
				!strings.HasSuffix(r.Summary, ": two goroutines used the map at once; does a mutex guard every use of it?") && tc.summary == "" {
				t.Errorf("summary: %q", r.Summary)
			}
			var out []string
			for _, l := range find(t, r, tc.test).Shown() {
				out = append(out, l.Text)
			}
			text := strings.Join(out, "\n")
			at := 0
			for _, f := range tc.frames {
				i := strings.Index(text[at:], f)
				if i < 0 {
					t.Fatalf("output lacks %q after what came before it:\n%s", f, text)
				}
				at += i + len(f)
			}
			for _, no := range tc.notShown {
				if strings.Contains(text, no) {
					t.Errorf("output shows %q:\n%s", no, text)
				}
			}
			if len(out) > 12 {
				t.Errorf("output is %d lines; the frames of one recursion should fit in a few:\n%s", len(out), text)
			}
		})
	}
}

// The line in the place of a deep stack's left-out frames is read in both
// the forms runtimes write; anything else is a function line.
func TestElidedFrames(t *testing.T) {
	for _, tc := range []struct {
		line string
		n    int
		ok   bool
	}{
		{"...44739054 frames elided...", 44739054, true},
		{"...additional frames elided...", -1, true},
		{"...0 frames elided...", 0, false},
		{"example.com/p.(*B).Rate(...)", 0, false},
		{"...", 0, false},
	} {
		if n, ok := elidedFrames(tc.line); n != tc.n || ok != tc.ok {
			t.Errorf("elidedFrames(%q) = %d, %v; want %d, %v", tc.line, n, ok, tc.n, tc.ok)
		}
	}
}
