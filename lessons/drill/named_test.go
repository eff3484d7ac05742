package drill

import (
	"reflect"
	"strings"
	"testing"
)

// Named builds the very cards Deck holds under those IDs, and refuses the
// IDs it cannot build alone.
func TestNamedCardsAreTheDecks(t *testing.T) {
	deck, err := Deck()
	if err != nil {
		t.Fatal(err)
	}
	ids := []string{"numbers-01", "ref-001-self-check-3", "gen-pool", "concept-timeout-vs-deadline", "numbers-02"}
	got, err := Named(ids...)
	if err != nil {
		t.Fatal(err)
	}
	for i, id := range ids {
		want, ok := byID(deck, id)
		if !ok {
			t.Fatalf("the deck has no %s", id)
		}
		if !reflect.DeepEqual(got[i], want) {
			t.Errorf("Named's %s differs from the deck's:\n%+v\n%+v", id, got[i], want)
		}
	}
	var lesson string
	for _, c := range deck {
		if !strings.HasPrefix(c.ID, "ref-") && !strings.HasPrefix(c.ID, "concept-") && !strings.HasPrefix(c.ID, "numbers-") && !strings.HasPrefix(c.ID, "gen-") {
			lesson = c.ID
			break
		}
	}
	for _, id := range []string{lesson, "no-such-card"} {
		if _, err := Named(id); err == nil || !strings.Contains(err.Error(), id) {
			t.Errorf("Named(%q): %v, want an error naming it", id, err)
		}
	}
}
