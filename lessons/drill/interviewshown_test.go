package drill

import (
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/breakerlab/breakerlab/lessons"
)

// Every rubric point whose claims play in a scenario other than its
// prompt's names it, so the learner can open what the point claims:
// payment-checkout's drain once spoke of "a cooldown fitted to its
// restart", checked against fleet-probes while checkout restarts nothing
// and the point said nothing of fleet-probes.
func TestRubricPointsNameWhereTheyAreShown(t *testing.T) {
	racefree.Only(t) // parses the prompts and reads their texts, runs nothing
	raw, err := BuiltinPrompts()
	if err != nil {
		t.Fatal(err)
	}
	elsewhere := 0
	for _, p := range raw {
		for _, pt := range p.Points {
			if len(shownElsewhere(p.Scenario, pt)) > 0 {
				elsewhere++
			}
			if msg := checkShown(p.Scenario, pt); msg != "" {
				t.Errorf("prompt %s, point %s: %s", p.ID, pt.ID, msg)
			}
		}
	}
	// The common deadline, cooldown and local points, and drain, quota and
	// shedding: the check looked at points that play elsewhere.
	if elsewhere < 6 {
		t.Errorf("%d rubric points play in another scenario than their prompt's; want at least the common deadline, cooldown and local ones in each prompt", elsewhere)
	}
}

// The old payment-checkout drain point: `breakerlab interview --check`
// names fleet-probes and says how to fix it.
func TestOldDrainPointIsNamed(t *testing.T) {
	old := Prompt{ID: "payment-checkout", Title: "A payment checkout", Scenario: "checkout",
		Text: "Design checkout: {{param checkout/0 checkout.rate}} checkouts a second on {{param checkout/0 workers}} workers.",
		Points: []Point{{ID: "drain", Keywords: []string{"drain"},
			Text: "the pending charges drain at a limited rate once the provider is back, behind jittered breaker waits and a cooldown fitted to its restart",
			Expect: []string{
				"probe-burst fleet-probes/1 api < probe-burst fleet-probes/0 api",
				"share fleet-probes/1 page ok > share fleet-probes/0 page ok",
			}}}}
	got := strings.Join(CheckPrompts(lessons.NewLab(), []Prompt{old}).Problems, "\n")
	want := "prompt payment-checkout, point drain: its claims play in fleet-probes, not in checkout, the prompt's scenario: " +
		"name where the learner sees them (`breakerlab sandbox fleet-probes`, and its tabs) or say only what checkout shows"
	if !strings.Contains(got, want) {
		t.Errorf("the check should say\n%s\nit said:\n%s", want, got)
	}
	// A point that names the scenario, or claims only its prompt's, passes.
	named := old.Points[0]
	named.Text += " (`breakerlab sandbox fleet-probes`)"
	if msg := checkShown("checkout", named); msg != "" {
		t.Errorf("a point naming fleet-probes: %s", msg)
	}
	own := Point{ID: "health", Text: "/health answered {{share checkout/3 health ok}}", Expect: []string{"share checkout/3 health ok == 100%"}}
	if msg := checkShown("checkout", own); msg != "" {
		t.Errorf("a point claiming only checkout: %s", msg)
	}
}
