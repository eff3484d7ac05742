package exercises

import (
	"os"
	"testing"
)

// An exercise never solved whose last check failed is "failing", as the
// runner says it, not "pending": list once said pending of a failure the
// runner marked ✗ failing. Its files changed since that check, it is
// pending again, as a done one is then "done, changed since".
func TestAFailedCheckOfAnUnsolvedExerciseIsFailing(t *testing.T) {
	w := newWorkbook(t)
	e := catalog[1]
	if err := w.setDone(e, false, w.fingerprint(e)); err != nil {
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
	} {
		if got := StatusOf(c.solved, c.now); got != c.want {
			t.Errorf("StatusOf(solved %v, %v) = %v, want %v", c.solved, c.now, got, c.want)
		}
	}
}
