package sandbox

import (
	"strings"
	"testing"
)

// An edit that no variant's name quotes (variant 1's name counts its
// workers, not the search-index timeout) is marked only by the status
// line's "(edited)", and at 80 columns the line dropped it with the
// variant's name: "cascade · variant 1/3 · seed 5", an edited run read as
// the scenario's own. The short forms keep the mark.
func TestAnEditedRunIsMarkedAt80Columns(t *testing.T) {
	for _, w := range []int{80, 100} {
		m := press(newModel(t, w, 24, Options{}), "e")
		setField(t, m, "Calls to search-index", "timeout", "1s")
		if m = press(m, "enter"); m.form != nil {
			t.Fatalf("the timeout of 1s was refused: %s", m.form.err)
		}
		m.setNote("", false) // the line as it reads once the note is gone
		m.refresh()
		line := statusLine(m)
		if !strings.Contains(line, "(edited)") || !strings.Contains(line, "seed 5") {
			t.Errorf("%d columns: the status line of an edited run reads %q; want it marked (edited), with its seed", w, line)
		}
	}
}
