package builder

import (
	"testing"

	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
)

// u says which edit it undid, newest first, as far back as the start: it
// said only "undone", and the learner searched the list for the change.
func TestUndoSaysWhatItUndid(t *testing.T) {
	racefree.Only(t)                                       // no goroutine: the model driven by hand
	m := tuitest.Press(newBuilder(100, 30), "enter", "d")  // /checkout → db
	m = tuitest.Press(selectPart(t, m, "front"), "a", "t") // /search, acme
	m = typeField(t, m, "workers", "40")
	for _, want := range []string{
		"undone: set workers 40 (3 more to undo)",
		"undone: added tenant acme (2 more to undo)",
		"undone: added endpoint /search (1 more to undo)",
		"undone: added dependency db (0 more to undo)",
		"nothing to undo",
	} {
		if m = tuitest.Press(m, "u"); m.msg != want {
			t.Errorf("u said %q, want %q", m.msg, want)
		}
	}
}
