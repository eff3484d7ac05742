package exercises

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// An exercise never solved whose last check failed is "failing", as the
// runner says it, not "pending": list once said pending of a failure the
// runner marked ✗ failing. Its files changed since that check, it is
// pending again, as a done one is then "done, changed since".
func TestAFailedCheckOfAnUnsolvedExerciseIsFailing(t *testing.T) {
	w := newWorkbook(t)
	e := catalog[1]
	begun, err := os.ReadFile(w.MainFile(e))
	if err != nil {
		t.Fatal(err)
	}
	begun = append(begun, "\n// begun: no longer the stub\n"...)
	if err := os.WriteFile(w.MainFile(e), begun, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := w.setDone(e, failedReport, w.fingerprint(e)); err != nil {
		t.Fatal(err)
	}
	again, err := Open(w.Dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, wb := range []*Workbook{w, again} {
		if st := wb.Status(e); st != Failing || st.String() != "failing" || st.Solved() || wb.Solved(e) {
			t.Fatalf("after a failing check: %v (%q), solved %v", st, st, wb.Solved(e))
		}
	}
	if w.NextPending(catalog[0]).Name != e.Name {
		t.Error("NextPending skips an exercise that failed and was never solved")
	}
	os.WriteFile(w.MainFile(e), []byte("package breaker\n// a fix not checked yet\n"), 0o644)
	if st := w.Status(e); st != Pending {
		t.Fatalf("after an edit not checked yet: %v, want %v", st, Pending)
	}
}

// StatusOf is the one rule: every pair of solved and the last check's
// outcome has its status.
func TestStatusOf(t *testing.T) {
	for _, c := range []struct {
		solved bool
		now    Checked
		want   Status
	}{
		{false, NotChecked, Pending},
		{false, CheckedFail, Failing},
		{false, CheckedPass, Done},
		{true, CheckedPass, Done},
		{true, CheckedFail, DoneFailing},
		{true, NotChecked, DoneChanged},
		{false, CheckedStub, Pending},
		{true, CheckedStub, DoneFailing},
		{false, CheckedNoTests, TestsMissing},
		{true, CheckedNoTests, DoneFailing},
	} {
		if got := StatusOf(c.solved, c.now); got != c.want {
			t.Errorf("StatusOf(solved %v, %v) = %v, want %v", c.solved, c.now, got, c.want)
		}
	}
}

// A stub the learner has not begun reads pending after a check of it
// failed, as every stub's does: `c` in the runner checks all sixteen, and a
// learner who has begun one must not read fifteen failures. Once they
// change it, a failure is theirs: failing. After a pass, the stub written
// back by hand fails now: done, failing now.
func TestAFailedCheckOfTheStubIsPending(t *testing.T) {
	w := newWorkbook(t)
	e := catalog[2]
	stub, err := os.ReadFile(w.MainFile(e))
	if err != nil {
		t.Fatal(err)
	}
	if err := w.setDone(e, failedReport, w.fingerprint(e)); err != nil {
		t.Fatal(err)
	}
	if st := w.Status(e); st != Pending || st.String() != "pending" {
		t.Fatalf("the stub after a failing check: %v (%q), want pending", st, st)
	}
	// CRLF, as an editor on Windows saves, is still the stub (untouched).
	crlf := strings.ReplaceAll(string(stub), "\n", "\r\n")
	if err := os.WriteFile(w.MainFile(e), []byte(crlf), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := w.setDone(e, failedReport, w.fingerprint(e)); err != nil {
		t.Fatal(err)
	}
	if st := w.Status(e); st != Pending {
		t.Fatalf("the stub saved with CRLF after a failing check: %v, want pending", st)
	}
	if err := os.WriteFile(w.MainFile(e), append(append([]byte(nil), stub...), "\n// begun\n"...), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := w.setDone(e, failedReport, w.fingerprint(e)); err != nil {
		t.Fatal(err)
	}
	if st := w.Status(e); st != Failing {
		t.Fatalf("an edited stub after a failing check: %v, want failing", st)
	}
	if err := w.setDone(e, passedReport, w.fingerprint(e)); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(w.MainFile(e), stub, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := w.setDone(e, failedReport, w.fingerprint(e)); err != nil {
		t.Fatal(err)
	}
	if st := w.Status(e); st != DoneFailing {
		t.Fatalf("the stub written back after a pass, failing: %v, want done, failing now", st)
	}
}

// A bundled test file deleted from an exercise the learner has not begun
// reads "test file missing", before a check and after the check that
// stopped on it, where the check's failure made it "failing". After a
// pass it stays done, failing now.
func TestADeletedTestFileIsSaidAsSuch(t *testing.T) {
	w := newWorkbook(t)
	e := catalog[1]
	var name string
	for n := range e.TestFiles() {
		name = n
		break
	}
	test := filepath.Join(w.ExerciseDir(e), name)
	if err := os.Remove(test); err != nil {
		t.Fatal(err)
	}
	if st := w.Status(e); st != TestsMissing || st.String() != "test file missing" {
		t.Fatalf("before a check: %v (%q), want test file missing", st, st)
	}
	if err := w.setDone(e, failedReport, w.fingerprint(e)); err != nil {
		t.Fatal(err)
	}
	if st := w.Status(e); st != TestsMissing {
		t.Fatalf("after a check stopped on it: %v, want test file missing", st)
	}
	if err := w.setDone(e, passedReport, "passed earlier"); err != nil {
		t.Fatal(err)
	}
	if err := w.setDone(e, failedReport, w.fingerprint(e)); err != nil {
		t.Fatal(err)
	}
	if st := w.Status(e); st != DoneFailing {
		t.Fatalf("after a pass: %v, want done, failing now", st)
	}
}
