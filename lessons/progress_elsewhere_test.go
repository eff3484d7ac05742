package lessons

import (
	"path/filepath"
	"testing"
)

// A classroom's poll records a step's prediction while the learner's own
// player has the lesson open, holding a copy of its progress read before.
// The latest prediction of a step is the learner's, wherever it was made:
// the player's saves of its older copy keep the poll's, and a prediction
// the player makes afterwards replaces it; both survive a save.
func TestAPredictionMadeElsewhereOutlivesAnOlderCopy(t *testing.T) {
	l := stepLesson("one", "two", "three")
	key := l.ProgressKey()
	path := filepath.Join(t.TempDir(), "lessons.json")
	s, err := OpenStore(path)
	if err != nil {
		t.Fatal(err)
	}
	kept := func(i int) Prediction {
		t.Helper()
		pr, _ := s.Get(key).Prediction(i)
		return pr
	}
	v := 0.4
	mine2 := Prediction{Guess: "the pool fills", Result: "off"}
	poll1 := Prediction{Guess: "40%", Result: "spot", Value: &v}
	poll2a := Prediction{Guess: "none", Result: "right"}
	poll2b := Prediction{Guess: "all", Result: "off"}

	// The player opens on step 0 and predicts step 2 first (it may jump).
	player := s.GetLesson(l)
	player.SawStep(0)
	player.Predicted(2, mine2)
	s.Set(key, player)

	// The poll of step 1, of which the player has no prediction.
	if _, had := s.PredictedElsewhere(l, 1, poll1); had {
		t.Fatal("step 1 had a prediction before the poll")
	}
	// The poll of step 2 replaces the player's earlier one, and says so;
	// the student changes their answer before the reveal.
	if was, had := s.PredictedElsewhere(l, 2, poll2a); !had || !was.same(mine2) {
		t.Fatalf("the poll of step 2 replaced %+v (%v), want %+v", was, had, mine2)
	}
	if was, _ := s.PredictedElsewhere(l, 2, poll2b); !was.same(poll2a) {
		t.Fatalf("the changed answer replaced %+v, want %+v", was, poll2a)
	}
	// A second window opened between the two answers holds the first.
	between := s.GetLesson(l)
	between.Predicted(2, poll2a)

	// The player moves on and saves its older copy: none for step 1, its
	// own for step 2.
	player.SawStep(1)
	s.Set(key, player)
	if got := kept(1); !got.same(poll1) {
		t.Errorf("step 1 after the player's save: %+v, want the poll's %+v", got, poll1)
	}
	if got := kept(2); !got.same(poll2b) {
		t.Errorf("step 2 after the player's save: %+v, want the poll's last answer %+v", got, poll2b)
	}
	if got := s.Get(key); got.Step != 1 || len(got.Seen) != 2 {
		t.Errorf("the player's own progress was not kept: %+v", got)
	}
	s.Set(key, between)
	if got := kept(2); !got.same(poll2b) {
		t.Errorf("step 2 after a copy holding the poll's first answer: %+v, want %+v", got, poll2b)
	}

	// Later, the player asks for step 1's prediction (it has none) and
	// the student gives one there: it is the latest, and it stands.
	mine1 := Prediction{Guess: "55%", Result: "off"}
	player.Predicted(1, mine1)
	s.Set(key, player)
	if got := kept(1); !got.same(mine1) {
		t.Errorf("step 1 after the player's later prediction: %+v, want %+v", got, mine1)
	}
	s.Set(key, player)
	if got := kept(1); !got.same(mine1) {
		t.Errorf("step 1 after the player saved again: %+v, want %+v", got, mine1)
	}

	if err := s.Save(); err != nil {
		t.Fatal(err)
	}
	again := reopen(t, path).Get(key)
	for i, want := range map[int]Prediction{1: mine1, 2: poll2b} {
		if got, _ := again.Prediction(i); !got.same(want) {
			t.Errorf("step %d in the file: %+v, want %+v", i, got, want)
		}
	}
}
