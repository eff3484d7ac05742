package drillui

import (
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/breakerlab/breakerlab/lessons/drill"
	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	"github.com/charmbracelet/x/ansi"
)

// A letter picks its answer at once, and the keys' page said "↑/↓ a–f
// choose an answer; enter picks it": a learner pressing b to move there
// before enter had answered already. The page now says what each key does.
func TestKeysPageSaysALetterPicksAtOnce(t *testing.T) {
	racefree.Only(t) // driven key by key, no goroutine
	m, _ := modelOn(t, 80, 24, []drill.Card{searchCard})
	if v := ansi.Strip(tuitest.Press(m, "b").View()); !strings.Contains(v, "Not this time") && !strings.Contains(v, "Right") {
		t.Fatalf("b should answer the card at once:\n%s", v)
	}
	keys := strings.Join(strings.Fields(ansi.Strip(tuitest.Press(m, "?").View())), " ")
	for _, want := range []string{"↑/↓ choose an answer; enter picks it", "a–f pick that answer at once"} {
		if !strings.Contains(keys, want) {
			t.Errorf("the keys' page should say %q:\n%s", want, keys)
		}
	}
}

// At 80×24 the keys page is taller than the window and says "pgup/pgdn
// scroll" under it, but every key closed it: pgdn showed the card again,
// and the page's last lines could not be read. pgup/pgdn scroll it now,
// apart from the card's own scroll; any other key closes it.
func TestKeysPageScrolls(t *testing.T) {
	racefree.Only(t)                                     // driven key by key, no goroutine
	m, _ := modelOn(t, 80, 18, []drill.Card{searchCard}) // shorter than the page, however it grows
	m = tuitest.Press(m, "?")
	v := ansi.Strip(m.View())
	if !strings.Contains(v, "pgup/pgdn scroll") {
		t.Fatalf("the keys page should scroll at 80x18:\n%s", v)
	}
	m = tuitest.Press(m, "pgdown")
	v = ansi.Strip(m.View())
	if !strings.Contains(v, "Keys") && !strings.Contains(v, "closes this help") {
		t.Fatalf("pgdn closed the keys page:\n%s", v)
	}
	if !strings.Contains(strings.Join(strings.Fields(v), " "), "Any key but pgup/pgdn closes this help.") {
		t.Errorf("pgdn should bring the page's last line into view:\n%s", v)
	}
	if m.scroll != 0 {
		t.Errorf("scrolling the keys page moved the card's scroll to %d", m.scroll)
	}
	m = tuitest.Press(m, "pgup")
	if v := ansi.Strip(m.View()); !strings.Contains(v, "show the model answer") {
		t.Errorf("pgup should bring the page's top back:\n%s", v)
	}
	m = tuitest.Press(m, "x")
	if v := ansi.Strip(m.View()); !strings.Contains(v, "Search fails because its index is corrupt") {
		t.Errorf("another key should close the page and show the card:\n%s", v)
	}
}
