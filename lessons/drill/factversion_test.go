package drill

import (
	"strings"
	"testing"
)

// A cheat-sheet row that quotes a library's default ("Envoy per cluster:
// 1,024 connections") is learnt by heart: the printed row names the
// library's version, in both formats.
func TestCheatRowsNameTheVersionOfEachDefault(t *testing.T) {
	sh, err := DefaultSheet()
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range []Format{Text, Markdown} {
		out, err := CheatSheet(f)
		if err != nil {
			t.Fatal(err)
		}
		// The text sheet wraps a version across lines like any words.
		flat := strings.Join(strings.Fields(out), " ")
		quoted := 0
		for _, sec := range sh.Sections {
			for _, r := range sec.Rows {
				n, _ := factVersions(r.Label + ": " + r.Text)
				quoted += n
				// A row that does not name them itself gets them at its end.
				if _, missing := factVersions(r.Label + ": " + r.Text); len(missing) > 0 {
					if want := "(" + strings.Join(missing, ", ") + ")"; !strings.Contains(flat, want) {
						t.Errorf("%s sheet, row %q quotes defaults of %s without naming them", f, r.Label, want)
					}
				}
			}
		}
		if quoted == 0 {
			t.Fatal("no cheat-sheet row quotes a library's fact: the test checks nothing")
		}
	}
}
