package builder

import (
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
)

// checkoutToDB is the empty server whose /checkout calls a dependency,
// db, added by d.
func checkoutToDB() Model { return tuitest.Press(newBuilder(100, 30), "enter", "d") }

// c moving an endpoint's call away from the one dependency that only it
// called drops that dependency, with the latency typed for it: the note
// says so, and u brings it back with its numbers. It said only "/checkout
// now calls cache", and the list lost db without a word.
func TestACallMovedAwaySaysWhatWentWithIt(t *testing.T) {
	racefree.Only(t) // no goroutine: the model driven by hand
	m := typeField(t, checkoutToDB(), "latency p50", "35ms")
	m = tuitest.Press(selectPart(t, m, "front"), "a", "d") // /search → cache
	m = tuitest.Press(selectPart(t, m, "/checkout"), "c")
	m = tuitest.Press(selectPart(t, m, "cache"), "enter")
	if m.msgErr || slicesHas(m.parts, "db") {
		t.Fatalf("/checkout should call cache, db gone: %q", m.msg)
	}
	if want := "/checkout now calls cache; nothing calls db any more, so it is gone with its settings (u brings it back)"; m.msg != want {
		t.Errorf("the note is %q, want %q", m.msg, want)
	}
	m = tuitest.Press(m, "u")
	if !slicesHas(m.parts, "db") || m.sc.Variants[0].System.Dependencies[0].Latency.P50.String() != "35ms" {
		t.Errorf("u should bring db back with its latency: %+v", m.sc.Variants[0].System.Dependencies)
	}
	// A call moved to a part while the old one is still called by
	// another endpoint leaves nothing behind, and says nothing more.
	m = tuitest.Press(selectPart(t, m, "front"), "a", "c")
	m = tuitest.Press(selectPart(t, m, "db"), "enter", "c")
	m = tuitest.Press(selectPart(t, m, "cache"), "enter")
	if !strings.HasSuffix(m.msg, " now calls cache") {
		t.Errorf("db is still called by /checkout: %q", m.msg)
	}
}

// u says which edit it undid, newest first, as far back as the start: it
// said only "undone", and the learner searched the list for the change.
func TestUndoSaysWhatItUndid(t *testing.T) {
	racefree.Only(t)                                                     // no goroutine: the model driven by hand
	m := tuitest.Press(selectPart(t, checkoutToDB(), "front"), "a", "t") // /search, acme
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
