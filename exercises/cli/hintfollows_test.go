package cli

import (
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/exercises"
)

// `hint ID` without a number gives the first hint about a test that
// failed at the exercise's last check (the runner's h, check's "Stuck?"), which the workbook records, and
// says which test and when; with no check yet, hint 1 and how to make
// hints follow the failing tests. It gave hint 1 whatever failed: the
// command line keeps nothing between runs. `hint ID N` is as it was.
func TestHintFollowsTheLastCheck(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go test")
	}
	dir := initWorkbook(t)
	kept := keepBinaries(t, dir)
	e, _ := exercises.Lookup("01")
	hints := e.HintList()

	r := do(t, dir, "hint", "01")
	if r.err != nil || !strings.HasPrefix(r.out.String(), "Hint 1 of 5 for 01-consecutive-breaker:\n\n"+hints[0].Text+"\n") ||
		!strings.Contains(r.out.String(), "(No check of 01-consecutive-breaker is recorded yet: after `breakerlab exercises check 01`, `breakerlab exercises hint 01` gives the first hint about a test that fails.)") {
		t.Fatalf("hint 01 before any check = %v\n%s; want hint 1 and how to make hints follow the failing tests", r.err, r.out.String())
	}

	// The solution with one mistake (testdata/mutants'
	// refused-call-restarts-cooldown): the early tests pass, so hint 1,
	// about String(), is no help.
	code := string(e.SolutionFiles()["breaker.go"])
	const open = "if b.now().Sub(b.openedAt) < b.cooldown {\n"
	mutant := strings.Replace(code, open, open+"\t\t\tb.openedAt = b.now()\n", 1)
	if mutant == code {
		t.Fatal("the solution of 01 no longer has the line the mistake goes after")
	}
	main := filepath.Join(dir, e.Name, "breaker.go")
	if err := os.WriteFile(main, []byte(mutant), 0o644); err != nil {
		t.Fatal(err)
	}
	checked := kept.run([]string{"check", "1"}, Env{Dir: dir, StderrWidth: 200})
	if checked.err == nil {
		t.Fatalf("the mistake passes:\n%s", checked.out.String())
	}
	header := regexp.MustCompile(`^Hint (\d) of 5 for 01-consecutive-breaker, for (Test\w+), which failed at your last check \(just now\):\n\n`)
	for _, here := range []struct{ dir, arg string }{{dir, "01"}, {filepath.Join(dir, e.Name), ""}} {
		args := []string{"hint"}
		if here.arg != "" {
			args = append(args, here.arg)
		}
		r := do(t, here.dir, args...)
		m := header.FindStringSubmatch(r.out.String())
		if r.err != nil || m == nil {
			t.Fatalf("%v in %s after a failing check = %v\n%s; want the hint for a test that failed, saying which", args, here.dir, r.err, r.out.String())
		}
		n, _ := strconv.Atoi(m[1])
		if n < 2 || !slices.Contains(hints[n-1].Tests, m[2]) || !strings.Contains(r.out.String(), "\n\n"+hints[n-1].Text+"\n") {
			t.Errorf("%v gave hint %d for %s:\n%s\nwant a later hint than 1, about that test, with its text", args, n, m[2], r.out.String())
		}
		// check said the same hint, and that the test failed.
		if !strings.Contains(checked.out.String(), m[2]) || !strings.Contains(checked.errOut.String(), "`breakerlab exercises hint 01 "+m[1]+"` prints a hint for "+m[2]) {
			t.Errorf("hint gives hint %s for %s; check said:\n%s%s", m[1], m[2], checked.out.String(), checked.errOut.String())
		}
	}
	// A number asked for is given, whatever failed.
	if r := do(t, dir, "hint", "01", "1"); r.err != nil || r.out.String() != "Hint 1 of 5 for 01-consecutive-breaker:\n\n"+hints[0].Text+"\n\n(next: breakerlab exercises hint 01 2)\n" {
		t.Errorf("hint 01 1 = %v\n%q", r.err, r.out.String())
	}
	// An edit since the check is said: the hint answers the old code.
	if err := os.WriteFile(main, []byte(mutant+"\n// trying something\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if r := do(t, dir, "hint", "01"); r.err != nil || !strings.Contains(r.out.String(), "which failed at your last check (just now; you have changed the code since):") {
		t.Errorf("hint 01 after an edit = %v\n%s; want it to say the code changed since the check", r.err, r.out.String())
	}
	// A reset starts over: the stub's failures are not the learner's.
	if r := do(t, dir, "reset", "01", "--yes"); r.err != nil {
		t.Fatal(r.err)
	}
	if r := do(t, dir, "hint", "01"); r.err != nil || !strings.HasPrefix(r.out.String(), "Hint 1 of 5 for 01-consecutive-breaker:\n") || !strings.Contains(r.out.String(), "No check of 01-consecutive-breaker is recorded yet") {
		t.Errorf("hint 01 after a reset = %v\n%s; want hint 1, with no check recorded", r.err, r.out.String())
	}
}

// checkedAgo says when the last check was as a learner reads it.
func TestCheckedAgo(t *testing.T) {
	now := time.Date(2026, 3, 4, 15, 30, 0, 0, time.Local)
	for _, c := range []struct {
		before time.Duration
		want   string
	}{
		{-time.Minute, "just now"}, // a clock set back
		{59 * time.Second, "just now"},
		{time.Minute, "1 minute ago"},
		{59 * time.Minute, "59 minutes ago"},
		{time.Hour, "1 hour ago"},
		{23 * time.Hour, "23 hours ago"},
		{48 * time.Hour, "on 2 Mar 2026 at 15:30"},
	} {
		if got := checkedAgo(now.Add(-c.before), now); got != c.want {
			t.Errorf("a check %v before: %q, want %q", c.before, got, c.want)
		}
	}
}
