package lessons

import (
	"slices"
	"testing"
)

// ShownOrder is the player's order: a prediction's is its first attempt's
// whatever the progress says; a question's follows the attempt the
// progress is on, so taking it again shows a new order.
func TestShownOrder(t *testing.T) {
	var p Progress
	for i := 0; i < 3; i++ {
		p.TakeAgain(2)
	}
	if got, want := ShownOrder("ada", "03-x", p, 2, true, 5), ChoiceOrder("ada", "03-x", 2, "predict", 0, 5); !slices.Equal(got, want) {
		t.Errorf("prediction: %v, want %v", got, want)
	}
	if got, want := ShownOrder("ada", "03-x", p, 2, false, 5), ChoiceOrder("ada", "03-x", 2, "question", 3, 5); !slices.Equal(got, want) {
		t.Errorf("question at attempt 3: %v, want %v", got, want)
	}
	if got, want := ShownOrder("ada", "03-x", Progress{}, 2, false, 5), ChoiceOrder("ada", "03-x", 2, "question", 0, 5); !slices.Equal(got, want) {
		t.Errorf("question at attempt 0: %v, want %v", got, want)
	}
}
