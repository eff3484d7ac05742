package drill

import (
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/lessons"
)

// A number written in words was never checked: a point could say "twice
// the p99" where the run shows another multiple. Each of the three checks
// refuses the planted word, and passes the text rewritten with
// placeholders that quote the run.
const (
	plantedTwice = "the provider's timeout, {{param cascade/0 recommendations.timeout}}, is twice its p99"
	correctedTwo = "the provider's timeout is {{param cascade/0 recommendations.timeout}} against a p99 of {{param cascade/0 recommendations.latency.p99}}"
)

func TestPlantedTwiceDisagreesWithTheRun(t *testing.T) {
	lab := lessons.NewLab()
	// The planted word is wrong: the run's timeout is not twice its p99.
	for _, claim := range []string{
		"param cascade/0 recommendations.timeout > 400ms",
		"param cascade/0 recommendations.latency.p99 < 200ms",
	} {
		r, err := lab.CheckClaim("planted", claim)
		if err != nil || !r.Holds {
			t.Fatalf("%s: %v %v: the planted twice may be right after all", claim, r.Holds, err)
		}
	}
}

func TestCardCheckRefusesNumberWords(t *testing.T) {
	lab := lessons.NewLab()
	card := func(point string) []CardText {
		return []CardText{{ID: "planted", Topic: "timeout", Source: "a test",
			Question: "How long should recommendations wait?", Points: []string{point}}}
	}
	_, err := CheckCards(lab, card(plantedTwice))
	if err == nil || !strings.Contains(err.Error(), `"twice"`) || !strings.Contains(err.Error(), "a number written in words where the engine computes it") {
		t.Errorf("the planted twice passed the card check: %v", err)
	}
	if _, err := CheckCards(lab, card(correctedTwo)); err != nil {
		t.Errorf("the corrected text was refused: %v", err)
	}
}

func TestInterviewCheckRefusesNumberWords(t *testing.T) {
	prompts, err := BuiltinPrompts()
	if err != nil {
		t.Fatal(err)
	}
	var p Prompt
	for _, q := range prompts {
		if q.ID == "notifications" {
			p = q
		}
	}
	if p.ID == "" {
		t.Fatal("no notifications prompt")
	}
	check := func(text string) InterviewCheck {
		q := p
		q.Points = []Point{{ID: "planted", Text: text, Keywords: []string{"timeout"}}}
		return CheckPrompts(nil, []Prompt{q})
	}
	c := check(plantedTwice)
	if c.OK() || !strings.Contains(strings.Join(c.Problems, "\n"), `"twice"`) {
		t.Errorf("the planted twice passed the interview check: %q", c.Problems)
	}
	if c := check(correctedTwo); !c.OK() {
		t.Errorf("the corrected text was refused: %q", c.Problems)
	}
}

func TestCheatSheetCheckRefusesNumberWords(t *testing.T) {
	lab := lessons.NewLab()
	sheet := func(text string) *Sheet {
		return &Sheet{Title: "t", Sections: []Section{{Title: "Timeouts", Rows: []Row{{Label: "recommendations", Text: text}}}}}
	}
	_, err := sheet(plantedTwice).Check(lab)
	if err == nil || !strings.Contains(err.Error(), `"twice"`) {
		t.Errorf("the planted twice passed the cheat sheet's check: %v", err)
	}
	if _, err := sheet(correctedTwo).Check(lab); err != nil {
		t.Errorf("the corrected text was refused: %v", err)
	}
}
