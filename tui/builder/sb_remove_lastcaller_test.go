package builder

import (
	"slices"
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

// x on a service says what went with it: its dependencies left the list
// without a word.
func TestRemovingAServiceNamesWhatWentWithIt(t *testing.T) {
	m := tuitest.Press(newBuilder(100, 30), "enter")
	m = selectPart(t, m, "/checkout")
	m = tuitest.Press(m, "s") // /checkout → a service
	svc := m.cur().name
	m = tuitest.Press(m, "d") // the service → a dependency
	leaf := m.cur().name
	m = tuitest.Press(selectPart(t, m, svc), "x")
	if want := "removed " + svc + " and what it called, " + leaf + " (u brings them back)"; m.msgErr || m.msg != want {
		t.Fatalf("x on %s: %q, want %q", svc, m.msg, want)
	}
	m = tuitest.Press(m, "u")
	if !slices.ContainsFunc(m.parts, func(p part) bool { return p.name == leaf }) {
		t.Errorf("u should bring %s back: %+v", leaf, m.parts)
	}
}
