package serve

import (
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/breakerlab/breakerlab/lessons"
	"github.com/breakerlab/breakerlab/tui/internal/playback"
)

// A number the room's poll refused stayed in the box and typing went on
// its end: a student refused 150% who typed 15 for the share they meant
// sent 15015, refused again. The refused number stays, selected, beside
// the reason and a note that typing replaces it, as in the lesson
// player's boxes (playback.NumberField.Select); the 15 typed then is the
// number sent.
func TestARefusedNumberIsReplacedByTheNextTyped(t *testing.T) {
	racefree.Only(t) // no goroutine: sessions driven by hand
	share := &lessons.PreparedQuestion{Kind: lessons.Number, Prompt: "What share?", Answer: 0.15, AnswerKind: lessons.KindFraction, Tolerance: 0.05, AnswerText: "15%"}
	room := NewRoom()
	_ = plainSession(t, room, true, 100, 30)
	st := plainSession(t, room, false, 80, 24)
	q, _ := numberQuestion(share, true, "L, step 1")
	room.Ask(q)
	reads(st)
	keys(st, "1", "5", "0", "enter")
	v := flat(st.View())
	if a, _ := room.OpenQuestion(); len(a.Guesses) != 0 {
		t.Fatalf("150%% was taken: %v", a.Guesses)
	}
	for _, want := range []string{"Your number: 150", `Out of range: "150". A share is from 0 to 100%.`, playback.ReplaceNote} {
		if !strings.Contains(v, want) {
			t.Errorf("refused, the box should show %q:\n%s", want, st.View())
		}
	}
	keys(st, "1", "5")
	if v := flat(st.View()); !strings.Contains(v, "Your number: 15▏") || strings.Contains(v, playback.ReplaceNote) {
		t.Errorf("15 typed on the refused 150 should replace it:\n%s", st.View())
	}
	keys(st, "enter")
	a, _ := room.OpenQuestion()
	if len(a.Guesses) != 1 || a.Guesses[0].Verdict != lessons.Spot {
		t.Fatalf("15 after the refused 150: %+v\n%s", a.Guesses, st.View())
	}
}
