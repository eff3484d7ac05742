package cli

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/breakerlab/breakerlab/exercises"
)

// A learner's way through exercise 01 in one workbook, each step a
// subtest with assertions of its own: the stub checked and failing, the
// solution checked and passing (in a pipe, on a terminal, from inside its
// folder), its test file edited, its code broken again, a reset, and the
// check of 02 that the pass suggested. Each step starts from the state the
// one before reached, so each state is graded once (a go command, some
// 0.4 s of CPU): these were seven tests, each with a workbook of its own
// that checked the same code again to reach the same states (19 go
// commands in the package, 11 now).
func TestAWayThroughExercise01(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go test")
	}
	dir := initWorkbook(t)
	kept := keepBinaries(t, dir)
	e, _ := exercises.Lookup("1")
	main := filepath.Join(dir, e.Name, "breaker.go")
	code := string(e.SolutionFiles()["breaker.go"])
	var failed *CheckFailed

	// The check of a stub fails, says each failing test, and (on a
	// terminal as wide as this, where no line of it is broken) points at
	// a hint; the next steps are said on standard error alone, and only
	// on a terminal.
	t.Run("a stub fails, and the check points at a hint", func(t *testing.T) {
		r := kept.run([]string{"check", "1"}, Env{Dir: dir, StderrWidth: 200})
		if !errors.As(r.err, &failed) || !strings.Contains(r.out.String(), "FAIL 01-consecutive-breaker") || !strings.Contains(r.out.String(), "FAIL Test") {
			t.Fatalf("check of a stub = %v\n%s", r.err, r.out.String())
		}
		const stuck = "Stuck? `breakerlab exercises hint 01` prints a hint"
		if !strings.Contains(r.errOut.String(), stuck) {
			t.Errorf("check of a failing stub says no hint; stderr:\n%s", r.errOut.String())
		}
		if r := do(t, dir, "hint", "01"); r.err != nil {
			t.Errorf("the suggested `breakerlab exercises hint 01` fails: %v", r.err)
		}
	})

	for name, b := range e.SolutionFiles() {
		if err := os.WriteFile(filepath.Join(dir, e.Name, name), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}

	// The check of a solution passes; in a pipe its standard error is one
	// opening line, and on a terminal it shows its phases and leaves only
	// the opening line, broken to the terminal's width as check's results
	// are, and the next step; the same standard output each way.
	var piped *run
	t.Run("a solution passes, its phases shown only on a terminal", func(t *testing.T) {
		piped = kept.do(dir, "check", "01-consecutive-breaker")
		if piped.err != nil || !strings.HasPrefix(piped.out.String(), "ok   01-consecutive-breaker") {
			t.Fatalf("check of a solution = %v\n%s", piped.err, piped.out.String())
		}
		const opening = "building and running the tests of 01-consecutive-breaker..."
		if !strings.HasPrefix(piped.errOut.String(), opening) || strings.Count(piped.errOut.String(), "\n") != 1 || strings.ContainsAny(piped.errOut.String(), "\r\x1b") {
			t.Fatalf("in a pipe check wrote to standard error %q; want its one opening line", piped.errOut.String())
		}
		// Why a first build is slow is said only of a build that is
		// (the phase line, exercises.SlowBuildNote), not before each.
		if strings.Contains(piped.errOut.String(), "fresh Go cache") {
			t.Fatalf("the opening line of check says why a first build is slow before any is: %q", piped.errOut.String())
		}
		term := kept.run([]string{"check", "1"}, Env{Dir: dir, StderrWidth: 80})
		if term.err != nil {
			t.Fatal(term.err)
		}
		if term.out.String() != piped.out.String() {
			t.Fatalf("standard output differs on a terminal:\n%s\nin a pipe:\n%s", term.out.String(), piped.out.String())
		}
		got := term.errOut.String()
		// The time limit is the exercises' own (exercises.DefaultTimeout).
		limit := fmt.Sprintf("time limit %d s)", int(exercises.DefaultTimeout.Seconds()))
		for _, want := range []string{"\rcompiling your code and the tests… (0 s so far)", "\rrunning the tests… (", limit} {
			if !strings.Contains(got, want) {
				t.Errorf("on a terminal standard error lacks %q:\n%q", want, got)
			}
		}
		s := screen(got)
		const next = "Next: 02-rate-window-breaker"
		if len(s) < 2 || !strings.HasPrefix(strings.Join(s, " "), opening) || s[len(s)-1] != "" || slices.ContainsFunc(s, func(l string) bool { return utf8.RuneCountInString(l) > 80 }) ||
			!strings.HasPrefix(strings.Join(strings.Fields(strings.Join(s, " ")), " "), strings.TrimSpace(piped.errOut.String())+" "+next) {
			t.Errorf("after check the terminal shows %q; want the opening line, then the next step, in lines of at most 80 characters", s)
		}
		// The next step is the next exercise not done, said whole, and
		// the result is one line.
		const nextStep = "Next: 02-rate-window-breaker, in " + "02-rate-window-breaker" + string(filepath.Separator) + "breaker.go; `breakerlab exercises check 02` grades it."
		if flowed := strings.Join(strings.Fields(strings.Join(s, " ")), " "); !strings.Contains(flowed, nextStep) || strings.Count(term.out.String(), "\n") != 1 {
			t.Errorf("check of a pass: stdout:\n%sterminal:\n%q\nwant the one result line, and %q on stderr", term.out.String(), s, nextStep)
		}
	})

	// Once it passes, list says it is done, on a terminal with the
	// figures the runner's header and the home screen give ("1 of 16
	// done"), to a script one line per exercise; and its solution needs no
	// --yes.
	t.Run("list says a pass, counted on a terminal", func(t *testing.T) {
		if r := do(t, dir, "list"); listedStatus(r.out.String(), "01") != "done" ||
			strings.Count(r.out.String(), "\n") != len(exercises.All()) {
			t.Fatalf("list after passing, in a pipe:\n%s\nwant 01 done, one line per exercise", r.out.String())
		}
		r := &run{}
		r.err = Run([]string{"list"}, Env{Stdout: &r.out, Stderr: &r.errOut, Dir: dir, StdoutWidth: 80})
		want := fmt.Sprintf("\n\n1 of %d done\n", len(exercises.All()))
		if r.err != nil || !strings.HasSuffix(r.out.String(), want) {
			t.Errorf("list on a terminal = %v:\n%s\nwant it to end with %q", r.err, r.out.String(), want)
		}
		if r := do(t, dir, "solution", "1"); r.err != nil {
			t.Fatalf("solution after passing needs no --yes: %v", r.err)
		}
	})

	// Inside an exercise's folder (a subfolder of it too), check alone is
	// that exercise, and says so; from the workbook's folder, all of them.
	t.Run("check in an exercise's folder is that exercise", func(t *testing.T) {
		for _, here := range []string{filepath.Join(dir, e.Name), filepath.Join(dir, e.Name, "notes")} {
			os.MkdirAll(here, 0o755)
			r := kept.do(here, "check")
			if r.err != nil || r.out.String() != "ok   01-consecutive-breaker     "+strings.TrimPrefix(r.out.String(), "ok   01-consecutive-breaker     ") || strings.Count(r.out.String(), "\n") != 1 ||
				!strings.Contains(r.errOut.String(), "checking 01-consecutive-breaker, the exercise of this folder") {
				t.Errorf("check in %s = %v\n%s%s; want 01 alone, said", here, r.err, r.out.String(), r.errOut.String())
			}
			if r := do(t, here, "hint"); r.err != nil || !strings.Contains(r.out.String(), "Hint 1 of") || !strings.Contains(r.out.String(), "for 01-consecutive-breaker") {
				t.Errorf("hint in %s = %v\n%s", here, r.err, r.out.String())
			}
		}
	})

	// A pass sticks, so an exercise that passed is still done after its
	// test file is edited; check says "done before, failing now", as list
	// does, and the note on the edited test speaks of this check, which
	// cannot pass. It once said the exercise "cannot count as done" in
	// the same line.
	test := filepath.Join(dir, e.Name, "breaker_test.go")
	t.Run("a done exercise with an edited test is said one way", func(t *testing.T) {
		appendTo(t, test, editedTest)
		r := kept.do(dir, "check", "1")
		out := r.out.String()
		if !errors.As(r.err, &failed) || !failed.Solved ||
			!strings.HasPrefix(out, "FAIL 01-consecutive-breaker     done before, failing now: your breaker_test.go differs from the bundled one, so this check cannot pass; ") {
			t.Fatalf("check of a done exercise with an edited test = %v\n%s", r.err, out)
		}
		if notDone := regexp.MustCompile(`(?i)exercise (cannot|can't|does not|doesn't) count as done|not (count|be) done`).FindString(out); notDone != "" {
			t.Errorf("check says %q of an exercise it calls done before:\n%s", notDone, out)
		}
		if r := do(t, dir, "list"); listedStatus(r.out.String(), "01") != "done, failing now" {
			t.Errorf("list after the failing check:\n%s", r.out.String())
		}
	})
	if err := os.WriteFile(test, e.TestFiles()["breaker_test.go"], 0o644); err != nil {
		t.Fatal(err)
	}

	// A pass sticks (findings 7): broken again, 01 is "done, changed
	// since" until checked, then check fails and says it is done before
	// but failing now, list says so too, and the solution needs no --yes;
	// a reset makes it pending again. The code that breaks it prints 45
	// lines at every failure: a learner who debugs with prints sees why
	// each test fails, the failure's file:line message of every failing
	// test, however much their code printed before it (findings 1).
	t.Run("a pass sticks, and failures show past prints", func(t *testing.T) {
		broken := code
		for old, mistaken := range map[string]string{
			// Opens one failure late, and prints 45 lines at every failure.
			"if b.failures >= b.threshold {":    "if b.failures > b.threshold {",
			"func (b *Breaker) OnFailure() {\n": "func (b *Breaker) OnFailure() {\n\tfor i := range 45 {\n\t\tfmt.Println(\"debug line\", i, b.failures)\n\t}\n",
		} {
			if !strings.Contains(broken, old) {
				t.Fatalf("exercise 01's solution no longer has %q", old)
			}
			broken = strings.Replace(broken, old, mistaken, 1)
		}
		if err := os.WriteFile(main, []byte(broken), 0o644); err != nil {
			t.Fatal(err)
		}
		if r := do(t, dir, "list"); listedStatus(r.out.String(), "01") != "done, changed since" {
			t.Fatalf("list after an edit not checked yet:\n%s", r.out.String())
		}
		r := kept.do(dir, "check", "1")
		out := r.out.String()
		if !errors.As(r.err, &failed) || !strings.HasPrefix(out, "FAIL 01-consecutive-breaker     done before, failing now: ") ||
			!strings.Contains(out, "FAIL Test") {
			t.Fatalf("check of a passed exercise broken again = %v\n%s", r.err, out)
		}
		// Each failing test's block holds its message.
		blocks := strings.Split(out, "\n  FAIL ")[1:]
		if len(blocks) == 0 {
			t.Fatalf("no failing test shown:\n%s", out)
		}
		for _, b := range blocks {
			b, _, _ = strings.Cut(b, "\n  ok  ")
			if !strings.Contains(b, "breaker_test.go:") {
				name, _, _ := strings.Cut(b, "\n")
				t.Errorf("%s: its failure message is not shown:\n%s", name, b)
			}
		}
		if !strings.Contains(out, "debug line 0") || !strings.Contains(out, "lines your code printed are not shown") {
			t.Errorf("check does not show the first prints and a note of those left out:\n%s", out)
		}
		if r := do(t, dir, "list"); listedStatus(r.out.String(), "01") != "done, failing now" ||
			listedStatus(r.out.String(), "02") != "pending" {
			t.Fatalf("list after a failing check of a passed exercise:\n%s", r.out.String())
		}
		// Broken again, it stays done, and the figure on a terminal says
		// it fails now, as the home screen's does.
		lr := &run{}
		lr.err = Run([]string{"list"}, Env{Stdout: &lr.out, Stderr: &lr.errOut, Dir: dir, StdoutWidth: 80})
		if want := fmt.Sprintf("\n\n1 of %d done · 1 failing now\n", len(exercises.All())); lr.err != nil || !strings.HasSuffix(lr.out.String(), want) {
			t.Errorf("list on a terminal, 01 broken again = %v:\n%s\nwant it to end with %q", lr.err, lr.out.String(), want)
		}
		if r := do(t, dir, "solution", "1"); r.err != nil {
			t.Fatalf("solution of a once-passed exercise needs no --yes: %v", r.err)
		}
		if r := do(t, dir, "reset", "1"); !isUsage(r.err) || !strings.Contains(r.err.Error(), "pending again") {
			t.Fatalf("reset without --yes should say the exercise will count as pending again: %v", r.err)
		}
		if r := do(t, dir, "reset", "1", "--yes"); r.err != nil {
			t.Fatal(r.err)
		}
		if r := do(t, dir, "list"); listedStatus(r.out.String(), "01") != "pending" {
			t.Fatalf("list after a reset:\n%s", r.out.String())
		}
		if r := do(t, dir, "solution", "1"); !isUsage(r.err) {
			t.Fatalf("solution after a reset = %v, want it to ask for --yes again", r.err)
		}
	})

	// The command a pass of 01 suggested runs as named: it grades the
	// stub of 02, which fails.
	t.Run("the suggested check of 02 runs as named", func(t *testing.T) {
		if r := kept.do(dir, "check", "02"); !errors.As(r.err, &failed) || !strings.HasPrefix(r.out.String(), "FAIL 02-rate-window-breaker") {
			t.Errorf("the suggested `breakerlab exercises check 02` = %v, want it to grade the stub (and fail)\n%s", r.err, r.out.String())
		}
	})
}
