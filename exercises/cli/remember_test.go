package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/exercises"
)

// init remembers the workbook it wrote in the learner's config folder, and
// the runner and list, run in another folder, say where it is (and that it
// is gone, once it is): they used to say only that there was none, as if
// the learner had never written one.
func TestOutsideTheWorkbookItsFolderIsNamed(t *testing.T) {
	home := t.TempDir()
	t.Setenv("HOME", home)
	t.Setenv("XDG_CONFIG_HOME", filepath.Join(home, "cfg"))
	memory, err := exercises.RememberedPath()
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(memory, home) {
		t.Fatalf("the record is kept in %s, outside the temporary HOME %s", memory, home)
	}
	in := func(dir string, args ...string) *run {
		r := &run{}
		r.err = Run(args, Env{Stdout: &r.out, Stderr: &r.errOut, Dir: dir, Remembered: memory,
			Runner: func(*exercises.Workbook, RunnerOptions) error { return nil }})
		return r
	}
	book := filepath.Join(t.TempDir(), "ws", exercises.DefaultDir)
	if r := in("", "init", book); r.err != nil {
		t.Fatal(r.err)
	}
	if got := exercises.Remembered(memory); got != book {
		t.Fatalf("init remembered %q, want %q", got, book)
	}

	elsewhere := t.TempDir()
	r := in(elsewhere)
	if !isUsage(r.err) || !strings.Contains(r.err.Error(), "your workbook is in "+book) || !strings.Contains(r.err.Error(), "cd "+book) {
		t.Errorf("the runner outside the workbook: %v", r.err)
	}
	r = in(elsewhere, "list")
	if r.err != nil || !strings.Contains(r.errOut.String(), "yours is in "+book) {
		t.Errorf("list outside the workbook: %v, %q", r.err, r.errOut.String())
	}
	// Both the titles and that workbook's progress are known there: list
	// shows both, as inside it.
	if got := listedStatus(r.out.String(), "01"); got != "pending" {
		t.Errorf("list outside the workbook gives 01 the status %q, want its progress, pending, and its title:\n%s", got, r.out.String())
	}
	// Inside it, as before.
	if r := in(filepath.Join(book, "01-consecutive-breaker")); r.err != nil {
		t.Errorf("the runner inside the workbook: %v", r.err)
	}

	if err := os.RemoveAll(book); err != nil {
		t.Fatal(err)
	}
	r = in(elsewhere)
	if !isUsage(r.err) || !strings.Contains(r.err.Error(), book+" is no longer there") {
		t.Errorf("the runner once the workbook is gone: %v", r.err)
	}
	r = in(elsewhere, "list")
	if !strings.Contains(r.errOut.String(), book+" is no longer there") {
		t.Errorf("list once the workbook is gone: %q", r.errOut.String())
	}
}
