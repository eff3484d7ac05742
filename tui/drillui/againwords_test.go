package drillui

import (
	"slices"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/breakerlab/breakerlab/lessons"
	"github.com/breakerlab/breakerlab/lessons/drill"
	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	"github.com/charmbracelet/x/ansi"
)

// A choice picked wrong said "enter: again; it comes back in 10m", and
// the card came back three cards on: the 10 minutes are when the schedule
// has it due again, not when it is seen again. The verdict says both, as
// requeue will do them, and only the schedule once the card has had its
// tries this session.
func TestAWrongPickSaysWhenTheCardComesBack(t *testing.T) {
	racefree.Only(t) // driven key by key, no goroutine
	deck := append([]drill.Card{searchCard}, openCards(4)...)
	m, _ := modelOn(t, 80, 24, deck)
	m = find(t, m, searchCard.ID)
	due := drill.FormatInterval(m.Intervals()[drill.Again])
	for try := 0; try <= requeueMost; try++ {
		c, _ := m.Current()
		if c.ID != searchCard.ID {
			t.Fatalf("try %d: %s on screen, want %s back", try, c.ID, searchCard.ID)
		}
		wrong := slices.IndexFunc(c.Choices, func(o lessons.Option) bool { return !o.Right })
		m = tuitest.Press(m, string(rune('a'+wrong))) // a letter picks and answers
		v := strings.Join(strings.Fields(ansi.Strip(m.View())), " ")
		if strings.Contains(v, "comes back in "+due) {
			t.Errorf("try %d: the verdict gives the schedule's %s as when the card comes back:\n%s", try, due, ansi.Strip(m.View()))
		}
		m = tuitest.Press(m, "enter") // graded again
		// What the verdict promised is what requeue then did, as its note
		// says: "comes back after 3 more cards", "comes back next".
		note := strings.Join(strings.Fields(m.note), " ")
		want := "enter: again; it is due again in " + due
		if _, when, ok := strings.Cut(note, "” comes back "); ok {
			when, _, _ = strings.Cut(when, ", for another try")
			want = "enter: again; back " + when + ", then due in " + due
		} else if try < requeueMost {
			t.Fatalf("try %d: the card was not put back: %q", try, note)
		}
		if !strings.Contains(v, want) {
			t.Errorf("try %d: the verdict should say %q:\n%s", try, want, v)
		}
		for range requeueGap {
			if c, ok := m.Current(); ok && c.ID != searchCard.ID {
				m = skip(m)
			}
		}
	}
}
