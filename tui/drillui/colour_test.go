package drillui

import (
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/lessons"
	"github.com/breakerlab/breakerlab/lessons/drill"
	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	"github.com/breakerlab/breakerlab/tui/theme"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
)

// searchCard is lesson 7's self-check on a bad fallback, as the deck has
// it (a lesson's card is not built without the whole deck, drill.Named).
var searchCard = drill.Card{ID: "search-fallback", Topic: "fallback", Kind: drill.Choice,
	Question: "Search fails because its index is corrupt. Which fallback fails with it?",
	Choices: []lessons.Option{
		{Text: "Querying the search standby, which reads the same index.", Right: true},
		{Text: "Results for popular queries from a local cache, marked as possibly stale.", Why: "The cache lives in the caller and works without the index."},
		{Text: "A notice that search is unavailable, with links to the categories.", Why: "An honest, fast answer that needs nothing from search."},
	},
	Explain: "A fallback that depends on the broken thing fails with it.",
	Source:  "lesson 07-fallbacks-and-metrics, step 9"}

// A choice under the cursor, or marked ✓ or ✗ once answered, wraps and
// indents as it does without colour: its lead's escapes take no cells, and
// counting them wrapped "…with links to the" early and indented the rest
// fifteen columns.
func TestColourChangesNoChoiceLayout(t *testing.T) {
	open := func(th *theme.Theme, w, h int) Model {
		m := New(Options{Theme: th, Deck: []drill.Card{searchCard}, Now: func() time.Time { return now },
			Session: drill.SessionOptions{New: 1, Seed: 1}})
		return tuitest.Send(m, tea.WindowSizeMsg{Width: w, Height: h})
	}
	for _, sz := range [][2]int{{60, 16}, {80, 24}, {200, 60}} {
		plain, colour := open(tuitest.Plain(), sz[0], sz[1]), open(tuitest.Color(), sz[0], sz[1])
		for i := range searchCard.Choices {
			for _, keys := range [][]string{nil, {"enter"}} {
				want, got := tuitest.Press(plain, keys...).View(), ansi.Strip(tuitest.Press(colour, keys...).View())
				if got != want {
					t.Errorf("at %dx%d, choice %c %v: colour changes the layout\n%s\nwithout colour:\n%s", sz[0], sz[1], 'a'+i, keys, got, want)
				}
			}
			plain, colour = tuitest.Press(plain, "down"), tuitest.Press(colour, "down")
		}
	}
}
