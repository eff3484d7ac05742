package cli

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/exercises"
)

// The check of one exercise points at the next step, as the runner's h
// and n do: a hint while it fails, the next exercise not done once it
// passes. Both on standard error, and only on a terminal (a script's
// standard error keeps its one opening line); each command named runs as
// named.
func TestCheckOfOneSaysTheNextStep(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go test")
	}
	dir := initWorkbook(t)
	kept := keepBinaries(t, dir)
	// On a terminal as wide as this, no line of it is broken.
	onTerminal := func() *run {
		return kept.run([]string{"check", "1"}, Env{Dir: dir, StderrWidth: 200})
	}
	r := onTerminal()
	const stuck = "Stuck? `breakerlab exercises hint 01` prints a hint"
	if !strings.Contains(r.errOut.String(), stuck) {
		t.Errorf("check of a failing stub says no hint; stderr:\n%s", r.errOut.String())
	}
	e, _ := exercises.Lookup("1")
	for name, b := range e.SolutionFiles() {
		if err := os.WriteFile(filepath.Join(dir, e.Name, name), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	r = onTerminal()
	const next = "Next: 02-rate-window-breaker, in " + "02-rate-window-breaker" + string(filepath.Separator) + "breaker.go; `breakerlab exercises check 02` grades it."
	if r.err != nil || !strings.Contains(r.errOut.String(), next) || strings.Count(r.out.String(), "\n") != 1 {
		t.Errorf("check of a pass = %v; stdout:\n%sstderr:\n%s\nwant the one result line, and %q on stderr", r.err, r.out.String(), r.errOut.String(), next)
	}
	if r := do(t, dir, "hint", "01"); r.err != nil {
		t.Errorf("the suggested `breakerlab exercises hint 01` fails: %v", r.err)
	}
	var failed *CheckFailed
	if r := kept.do(dir, "check", "02"); !errors.As(r.err, &failed) {
		t.Errorf("the suggested `breakerlab exercises check 02` = %v, want it to grade the stub (and fail)", r.err)
	}
}

// On a terminal, list ends with the figures the runner's header and the
// home screen give ("1 of 16 done", and "· 1 failing now" for a pass
// that sticks while its code fails); to a script it stays one line per
// exercise.
func TestListOnATerminalCountsWhatIsDone(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go test")
	}
	dir := initWorkbook(t)
	kept := keepBinaries(t, dir)
	e, _ := exercises.Lookup("2")
	for name, b := range e.SolutionFiles() {
		if err := os.WriteFile(filepath.Join(dir, e.Name, name), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if r := kept.do(dir, "check", "2"); r.err != nil {
		t.Fatal(r.err)
	}
	r := &run{}
	r.err = Run([]string{"list"}, Env{Stdout: &r.out, Stderr: &r.errOut, Dir: dir, StdoutWidth: 80})
	want := fmt.Sprintf("\n\n1 of %d done\n", len(exercises.All()))
	if r.err != nil || !strings.HasSuffix(r.out.String(), want) {
		t.Errorf("list on a terminal = %v:\n%s\nwant it to end with %q", r.err, r.out.String(), want)
	}
	if piped := do(t, dir, "list"); strings.Count(piped.out.String(), "\n") != len(exercises.All()) {
		t.Errorf("list in a pipe:\n%s\nwant one line per exercise", piped.out.String())
	}
	// Broken again, it stays done, and the figure says it fails now, as
	// the home screen's does.
	if err := os.WriteFile(filepath.Join(dir, e.Name, e.MainFile()), e.StubFiles()[e.MainFile()], 0o644); err != nil {
		t.Fatal(err)
	}
	var failed *CheckFailed
	if r := kept.do(dir, "check", "2"); !errors.As(r.err, &failed) {
		t.Fatalf("check of the stub again = %v", r.err)
	}
	r = &run{}
	r.err = Run([]string{"list"}, Env{Stdout: &r.out, Stderr: &r.errOut, Dir: dir, StdoutWidth: 80})
	want = fmt.Sprintf("\n\n1 of %d done · 1 failing now\n", len(exercises.All()))
	if r.err != nil || !strings.HasSuffix(r.out.String(), want) {
		t.Errorf("list on a terminal, 02 broken again = %v:\n%s\nwant it to end with %q", r.err, r.out.String(), want)
	}
}
