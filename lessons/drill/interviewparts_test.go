package drill

import (
	"strings"
	"testing"
)

// Every prompt's points name its own parts: the notifications and ranking
// prompts play cascade's endpoints under other names, and a rubric copied
// from the shop's said "search and profile" to a candidate asked about
// email and SMS. Each prompt's filled points are held to its Parts, whose
// keys must be parts of its scenario.
func TestEveryPromptNamesItsOwnParts(t *testing.T) {
	raw, err := BuiltinPrompts()
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range raw {
		if err := checkPartsKeys(p); err != nil {
			t.Errorf("%s: %v", p.ID, err)
		}
		for _, pt := range p.Points {
			if msg := checkParts(p, pt.Text); msg != "" {
				t.Errorf("%s, point %s: %s: %s", p.ID, pt.ID, msg, pt.Text)
			}
		}
	}
	// The check sees the copy it was written for.
	for _, p := range raw {
		if p.ID == "notifications" {
			if msg := checkParts(p, "a cap kept search and profile at {{share cascade/1 search+profile ok}}"); !strings.Contains(msg, "search (this prompt's email)") {
				t.Errorf("a point naming cascade's endpoints passed: %q", msg)
			}
			return
		}
	}
	t.Fatal("no notifications prompt")
}
