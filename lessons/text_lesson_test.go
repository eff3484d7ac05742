package lessons

import (
	"strings"
	"testing"
)

// TestLessonTextQuotesTheLessonsOwnRuns: stepN in a text outside a lesson
// is that lesson's step, overrides included, so a cheat-sheet line can
// quote what a lesson shows.
func TestLessonTextQuotesTheLessonsOwnRuns(t *testing.T) {
	l, err := Lookup("03-bulkheads")
	if err != nil {
		t.Fatal(err)
	}
	lab := NewLab()
	// Step 7 overrides the checkout's provider to healthy; checkout/3 as
	// built in has the slow spell, so the two differ.
	own, err := lab.FillLessonText(l, "row", "{{share step7 checkout rejected}}|{{share checkout/3 checkout rejected}}")
	if err != nil {
		t.Fatal(err)
	}
	parts := strings.Split(own, "|")
	if len(parts) != 2 || parts[0] == parts[1] {
		t.Fatalf("step7 must be lesson 3's own run, not the built-in variant: %q", own)
	}
	r, err := lab.CheckLessonClaim(l, "row", "share step7 checkout rejected > 0.05")
	if err != nil || !r.Holds {
		t.Fatalf("lesson 3's claim about step 7: %+v, %v", r, err)
	}
	if _, err := lab.FillLessonText(l, "row x", "{{share step99 checkout ok}}"); err == nil || !strings.Contains(err.Error(), "row x") {
		t.Fatalf("a step the lesson lacks must be refused, naming the text: %v", err)
	}
}
