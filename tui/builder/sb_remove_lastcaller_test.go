package builder

import (
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
)

// x on an endpoint that alone calls a part is refused naming the endpoint
// and the part, and what would do; once the part goes first, the endpoint
// goes too. The refusal said "no endpoint calls "cache": … or remove it",
// about the part the learner had not touched.
func TestRemovingTheOnlyCallerNamesBoth(t *testing.T) {
	m := tuitest.Press(newBuilder(100, 30), "enter")
	m = selectPart(t, m, "/checkout")
	m = tuitest.Press(m, "d", "a") // /checkout → a dependency; a second endpoint
	m = tuitest.Press(m, "d")      // the new endpoint → a dependency of its own
	ep, leaf := m.sc.Variants[0].System.Endpoints[1].Name, m.sc.Variants[0].System.Endpoints[1].Calls
	if leaf == "" {
		t.Fatalf("the second endpoint should call a dependency: %+v", m.sc.Variants[0].System.Endpoints)
	}
	id := m.id
	m = tuitest.Press(selectPart(t, m, ep), "x")
	want := ep + " is the only endpoint that calls " + leaf + ", which nothing would call then: remove " + leaf + " first (select it, x), or make another endpoint call it (select that endpoint, c)"
	if !m.msgErr || m.msg != "refused: "+want || m.id != id {
		t.Fatalf("x on %s: %q, want %q and nothing changed", ep, m.msg, want)
	}
	m = tuitest.Press(selectPart(t, m, leaf), "x")
	m = tuitest.Press(selectPart(t, m, ep), "x")
	if m.msgErr || !strings.HasPrefix(m.msg, "removed "+ep) {
		t.Fatalf("with %s gone, x should remove %s: %q", leaf, ep, m.msg)
	}
}
