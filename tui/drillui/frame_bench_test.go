package drillui

import (
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/lessons/drill"
	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	tea "github.com/charmbracelet/bubbletea"
)

// benchDeck is the whole deck, built once: its numbers come from the
// engine.
var benchDeck = sync.OnceValues(drill.Deck)

// BenchmarkFrame is one frame of the drill on a choice card: a key that
// moves the cursor (down, then up), then the full View, the session's list
// beside the card and, on a tall window, the card's record and the deck's
// queue under it.
func BenchmarkFrame(b *testing.B) {
	deck, err := benchDeck()
	if err != nil {
		b.Fatal(err)
	}
	at := time.Date(2026, 11, 30, 14, 0, 0, 0, time.UTC)
	for _, size := range [][2]int{{100, 30}, {120, 40}, {200, 60}} {
		b.Run(fmt.Sprintf("%dx%d", size[0], size[1]), func(b *testing.B) {
			m := New(Options{Theme: tuitest.Color(), Deck: deck, Now: func() time.Time { return at },
				Session: drill.SessionOptions{New: 20, Seed: 1}})
			m = tuitest.Send(m, tea.WindowSizeMsg{Width: size[0], Height: size[1]})
			for range len(m.cards) {
				if c, ok := m.Current(); !ok || c.Kind == drill.Choice {
					break
				}
				m = tuitest.Press(m, "1", "enter", "space", "3", "enter")
			}
			if c, ok := m.Current(); !ok || c.Kind != drill.Choice {
				b.Fatal("no choice card in the session")
			}
			tuitest.BenchKeys(b, m, "down", "up")
		})
	}
}
