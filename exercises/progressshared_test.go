package exercises

import "testing"

// A runner stays open while the learner runs `exercises reset` and
// `exercises check` in another shell: each save of the runner's must keep
// what the other process wrote since the runner read the file.
func TestProgressKeepsAnotherProcesssChanges(t *testing.T) {
	runner := newWorkbook(t)
	solved, other := catalog[12], catalog[0]
	if err := runner.setDone(solved, passedReport, runner.fingerprint(solved)); err != nil {
		t.Fatal(err)
	}

	shell, err := Open(runner.Dir)
	if err != nil {
		t.Fatal(err)
	}
	if err := shell.forget(solved); err != nil { // what reset does to the progress
		t.Fatal(err)
	}
	if err := shell.setDone(other, passedReport, shell.fingerprint(other)); err != nil {
		t.Fatal(err)
	}

	// The runner re-tests the reset stub, which fails, and moves on.
	if err := runner.setDone(solved, failedReport, runner.fingerprint(solved)); err != nil {
		t.Fatal(err)
	}
	if err := runner.SetCurrent(other); err != nil {
		t.Fatal(err)
	}

	after, err := Open(runner.Dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, wb := range []*Workbook{after, runner} {
		// Reset, then failed: as one never solved, not done; the stub,
		// not begun, so pending (StatusOf), with the failure on record.
		if st := wb.Status(solved); st != Pending {
			t.Errorf("a reset exercise after the runner's next check: %v, want %v", st, Pending)
		}
		if fp, ok := wb.progress.Failing[solved.Name]; !ok || fp != wb.fingerprint(solved) {
			t.Errorf("the runner's failing check of the reset stub is not on record: %q, %v", fp, ok)
		}
		if st := wb.Status(other); st != Done {
			t.Errorf("an exercise another process checked: %v, want %v", st, Done)
		}
	}
	if after.Current().Name != other.Name {
		t.Errorf("current = %s, want %s", after.Current().Name, other.Name)
	}
}
