package exercises

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/lessons/facts"
)

// testNames returns the Test functions of an exercise's bundled tests.
func testNames(t *testing.T, e Exercise) []string {
	t.Helper()
	var names []string
	for name, b := range e.TestFiles() {
		f, err := parser.ParseFile(token.NewFileSet(), name, b, parser.SkipObjectResolution)
		if err != nil {
			t.Fatalf("%s/test/%s: %v", e.Name, name, err)
		}
		for _, d := range f.Decls {
			if fn, ok := d.(*ast.FuncDecl); ok && fn.Recv == nil && strings.HasPrefix(fn.Name.Name, "Test") {
				names = append(names, fn.Name.Name)
			}
		}
	}
	slices.Sort(names)
	return names
}

var readmeTestName = regexp.MustCompile(`\bTest[A-Z]\w*`)

// A README that ties its rules to the tests that check them names tests
// that exist, and names every one of them: a rule with no test, or a test
// the README does not account for, is a README and a test drifting apart.
func TestReadmesNameTheirTests(t *testing.T) {
	for _, e := range catalog {
		named := readmeTestName.FindAllString(e.README(), -1)
		if len(named) == 0 {
			continue
		}
		tests := testNames(t, e)
		for _, n := range named {
			if !slices.Contains(tests, n) {
				t.Errorf("%s: the README names %s, which its tests do not have (they have %v)", e.Name, n, tests)
			}
		}
		for _, n := range tests {
			if !slices.Contains(named, n) {
				t.Errorf("%s: the README names some of its tests but not %s: say which rule it checks", e.Name, n)
			}
		}
	}
}

// Exercise 16's README quotes figures: each is checked here against the
// facts package or recomputed.
func TestContextBulkheadReadmeFigures(t *testing.T) {
	e, err := Lookup("16")
	if err != nil {
		t.Fatal(err)
	}
	readme := strings.Join(strings.Fields(e.README()), " ")

	lo, err := facts.Lookup("guide.bulkhead.wait_min")
	if err != nil {
		t.Fatal(err)
	}
	hi, err := facts.Lookup("guide.bulkhead.wait_max")
	if err != nil {
		t.Fatal(err)
	}
	if want := fmt.Sprintf("suggests %d–%d ms", lo.Dur().Milliseconds(), hi.Dur().Milliseconds()); !strings.Contains(readme, want) {
		t.Errorf("the README should quote the guide's queue timeouts as %q (facts %s and %s)", want, lo.Name, hi.Name)
	}

	little := regexp.MustCompile(`called (\d+) times a second that answers in ([\d.]+) s at p99 needs (\d+) permits`)
	m := little.FindStringSubmatch(readme)
	if m == nil {
		t.Fatalf("the README's Little's law example is gone or reworded; update %s", little)
	}
	rate, _ := strconv.Atoi(m[1])
	hold, _ := strconv.ParseFloat(m[2], 64)
	permits, _ := strconv.Atoi(m[3])
	if got := float64(rate) * hold; got != float64(permits) {
		t.Errorf("the README says %d calls a second × %v s needs %d permits; Little's law gives %v", rate, hold, permits, got)
	}

	// "exactly 250 ms": the queue timeout TestQueueTimeout waits out.
	test := string(e.TestFiles()["bulkhead_test.go"])
	if !strings.Contains(readme, "exactly 250 ms") || !strings.Contains(test, "New(1, 250*time.Millisecond)") ||
		!strings.Contains(test, "waited != 250*time.Millisecond") {
		t.Error("the README's \"exactly 250 ms\" should be the queue timeout TestQueueTimeout waits out")
	}
}

// The project's README counts the exercises in words; the count follows
// the catalog.
func TestProjectReadmeCountsTheExercises(t *testing.T) {
	b, err := os.ReadFile(filepath.Join("..", "README.md"))
	if err != nil {
		t.Skipf("no project README next to the package: %v", err)
	}
	m := regexp.MustCompile(`a workbook of (\w+) exercises`).FindSubmatch(b)
	if m == nil {
		t.Fatal(`README.md no longer says "a workbook of N exercises"; update this test with it`)
	}
	words := []string{"zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
		"eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen", "twenty"}
	if n := len(catalog); n >= len(words) || string(m[1]) != words[n] {
		t.Errorf("README.md says a workbook of %s exercises; the catalog has %d", m[1], len(catalog))
	}
}

// An exercise has one title, catalog.go's: the list and the runner's
// header show it, and its README opens with it.
func TestReadmeTitleIsTheCatalogs(t *testing.T) {
	for _, e := range All() {
		first, _, _ := strings.Cut(e.README(), "\n")
		if want := "# " + e.ID() + " · " + e.Title; first != want {
			t.Errorf("%s: the README opens with %q; want %q, the title in catalog.go", e.Name, first, want)
		}
	}
}
