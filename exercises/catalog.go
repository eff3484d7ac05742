package exercises

import (
	"embed"
	"errors"
	"fmt"
	"io/fs"
	"path"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/breakerlab/breakerlab/exercises/grade"
)

// The catalog lives under testdata so that the go tool never builds it as
// part of this module; the stubs do not pass their own tests. There is no
// go.mod in it (a nested module would be left out of the module zip that
// `go install` downloads); workbooks get a generated one.
//
//go:embed testdata/catalog
var embeddedCatalog embed.FS

// catalogFS is what the catalog is read from: the embedded one. Tests put
// another in its place to play a catalog whose files changed.
var catalogFS fs.FS = embeddedCatalog

const catalogRoot = "testdata/catalog"

// Exercise is one entry of the catalog.
type Exercise struct {
	Number  int    // 1, 2, ...
	Name    string // "01-consecutive-breaker": the folder in the workbook
	Title   string // one line for lists; the README opens with it (TestReadmeTitleIsTheCatalogs)
	Package string // the Go package name of its code
	Race    bool   // graded with the race detector
}

// ID returns the two-digit number, "01".
func (e Exercise) ID() string { return fmt.Sprintf("%02d", e.Number) }

var catalog = []Exercise{
	{1, "01-consecutive-breaker", "A breaker that counts failures in a row", "breaker", false},
	{2, "02-rate-window-breaker", "A breaker that judges the failure rate of the last N calls", "ratebreaker", false},
	{3, "03-slow-calls", "Slow calls count as failures", "slowcall", false},
	{4, "04-half-open-trials", "Half-open with N trial calls, safe for concurrent callers", "halfopen", true},
	{5, "05-time-window", "A time-based sliding window kept in buckets", "timewindow", false},
	{6, "06-semaphore-bulkhead", "A semaphore bulkhead with a maximum wait", "bulkhead", true},
	{7, "07-thread-pool-bulkhead", "A thread-pool bulkhead with a bounded queue", "threadpool", true},
	{8, "08-attempt-timeout", "A per-attempt timeout inside the caller's deadline", "attempt", true},
	{9, "09-retry-backoff", "Retry with exponential backoff and full jitter", "retry", false},
	{10, "10-retry-budget", "A retry budget as a token bucket", "budget", true},
	{11, "11-shuffle-shard", "Shuffle sharding and the exact overlap odds", "shuffleshard", false},
	{12, "12-composition", "Size a bulkhead, then compose the policies in order", "compose", true},
	{13, "13-shrinking-deadline", "A deadline that shrinks across hops", "deadline", false},
	{14, "14-token-bucket", "A token-bucket rate limiter with waits", "ratelimit", true},
	{15, "15-tenant-bulkhead", "A bulkhead per tenant with a shared overflow", "tenants", true},
	{16, "16-context-bulkhead", "A client bulkhead: queue timeout and context", "permits", true},
}

// All returns the catalog in order.
func All() []Exercise { return append([]Exercise(nil), catalog...) }

// ErrUnknownExercise is wrapped by Lookup's error for an ID that names no
// exercise.
var ErrUnknownExercise = errors.New("unknown exercise")

// Lookup finds an exercise by number ("1", "01") or name
// ("01-consecutive-breaker", "consecutive-breaker").
func Lookup(id string) (Exercise, error) {
	id = strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(id), "/"))
	if n, err := strconv.Atoi(id); err == nil {
		for _, e := range catalog {
			if e.Number == n {
				return e, nil
			}
		}
	}
	for _, e := range catalog {
		if id == e.Name || id == e.Name[3:] {
			return e, nil
		}
	}
	return Exercise{}, fmt.Errorf("%w %q: give a number from 1 to %d or a name such as %s (`breakerlab exercises list` shows them all)",
		ErrUnknownExercise, id, len(catalog), catalog[0].Name)
}

// README returns the exercise's task description, in Markdown.
func (e Exercise) README() string {
	b, err := fs.ReadFile(catalogFS, path.Join(catalogRoot, e.Name, "README.md"))
	if err != nil {
		return "(this exercise has no README)"
	}
	return string(b)
}

// Hint is one hint and the tests it helps pass.
type Hint struct {
	Text string
	// Tests are the names of the bundled tests the hint concerns, from
	// its "Tests:" line: the runner and check offer the first hint that
	// concerns a test still failing, not the first in the file, which may
	// speak of a test long passed.
	Tests []string
}

// hintTestsPrefix opens a hint's first line, which names the tests it
// concerns, separated by commas; the line is data, not part of the text.
const hintTestsPrefix = "Tests:"

// HintList returns the hints, gentlest first. In hints.md they are
// separated by lines holding only "---", each opening with its Tests: line.
func (e Exercise) HintList() []Hint {
	b, err := fs.ReadFile(catalogFS, path.Join(catalogRoot, e.Name, "hints.md"))
	if err != nil {
		return nil
	}
	var hints []Hint
	for _, h := range strings.Split(strings.ReplaceAll(string(b), "\r\n", "\n"), "\n---\n") {
		h = strings.TrimSpace(h)
		var tests []string
		if first, rest, _ := strings.Cut(h, "\n"); strings.HasPrefix(first, hintTestsPrefix) {
			for _, name := range strings.Split(strings.TrimPrefix(first, hintTestsPrefix), ",") {
				if name = strings.TrimSpace(name); name != "" {
					tests = append(tests, name)
				}
			}
			h = strings.TrimSpace(rest)
		}
		if h != "" {
			hints = append(hints, Hint{Text: h, Tests: tests})
		}
	}
	return hints
}

// Hints returns the hints' texts, gentlest first.
func (e Exercise) Hints() []string {
	list := e.HintList()
	out := make([]string, len(list))
	for i, h := range list {
		out[i] = h.Text
	}
	return out
}

// NextHint returns the index of the hint to show next: the first not yet
// shown that concerns a test failing, else the first not yet shown (no test
// known to fail: not run yet, or a build that failed), or -1 when every
// hint is shown. A subtest ("TestX/case") counts as its test.
func NextHint(hints []Hint, shown func(i int) bool, failing func(test string) bool) int {
	next := -1
	for i, h := range hints {
		if shown(i) {
			continue
		}
		if next < 0 {
			next = i
		}
		for _, t := range h.Tests {
			if failing(t) {
				return i
			}
		}
	}
	return next
}

// HintFor returns the index of the hint for a learner whose tests in
// failing fail, and the first of those tests it concerns: the hint the
// runner's h offers first, which `exercises check` names and `exercises
// hint ID` prints. The test is "" when no hint concerns a test in failing;
// the index is then 0, the first hint (-1 only when there is none).
func HintFor(hints []Hint, failing []string) (int, string) {
	i := NextHint(hints, func(int) bool { return false },
		func(test string) bool { return slices.Contains(failing, test) })
	for _, test := range failing {
		if i >= 0 && slices.Contains(hints[i].Tests, test) {
			return i, test
		}
	}
	return i, ""
}

// FailingTests returns the top-level tests a report counts as failed, in
// its order, each once: TestX for a failed TestX/case as well.
func FailingTests(r grade.Report) []string {
	var out []string
	for _, t := range r.Tests {
		if !t.Failed() {
			continue
		}
		name, _, _ := strings.Cut(t.Name, "/")
		if !slices.Contains(out, name) {
			out = append(out, name)
		}
	}
	return out
}

// StubFiles returns the files the learner edits, as they start: name to
// content.
func (e Exercise) StubFiles() map[string][]byte { return e.files("stub") }

// TestFiles returns the bundled tests that grade the exercise.
func (e Exercise) TestFiles() map[string][]byte { return e.files("test") }

// SolutionFiles returns the files of a solution, to replace the stub files.
func (e Exercise) SolutionFiles() map[string][]byte { return e.files("solution") }

func (e Exercise) files(kind string) map[string][]byte {
	dir := path.Join(catalogRoot, e.Name, kind)
	entries, err := fs.ReadDir(catalogFS, dir)
	if err != nil {
		return nil
	}
	out := map[string][]byte{}
	for _, ent := range entries {
		if ent.IsDir() {
			continue
		}
		if b, err := fs.ReadFile(catalogFS, path.Join(dir, ent.Name())); err == nil {
			out[ent.Name()] = b
		}
	}
	return out
}

// MainFile returns the stub file a learner should open first: the one
// named after the package's main idea, which is the first stub file in
// name order that holds a TODO.
func (e Exercise) MainFile() string {
	files := e.StubFiles()
	names := make([]string, 0, len(files))
	for n := range files {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		if strings.Contains(string(files[n]), "TODO") {
			return n
		}
	}
	if len(names) > 0 {
		return names[0]
	}
	return ""
}
