package drill

import (
	"cmp"
	"maps"
	"slices"
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

// A prompt's play sentence is written from its parts table, in the order
// its text quotes the parts, where both were typed and could drift apart
// (slow-apis said "payment plays the slow API" with no table, so a point
// told the candidate "payment never fails a call"); a table maps only the
// parts the text quotes, and a sentence written beside a table names
// every part it maps.
func TestPartsTablesAgreeWithTheirPrompts(t *testing.T) {
	for id, want := range map[string]string{
		"notifications": "search plays email, profile SMS and recommendations push",
		"slow-apis":     "payment plays the slow API",
	} {
		p, err := PromptNamed(id)
		if err != nil {
			t.Fatal(err)
		}
		if p.Plays != want {
			t.Errorf("%s plays %q, want %q, written from its parts %v", id, p.Plays, want, p.Parts)
		}
	}
	raw, err := BuiltinPrompts()
	if err != nil {
		t.Fatal(err)
	}
	var notifications Prompt
	for _, p := range raw {
		if p.ID == "notifications" {
			notifications = p
		}
		for k, v := range p.Parts {
			if !isPartNote(v) && !slices.Contains(quotedParts(p), k) {
				t.Errorf("%s maps %s, whose numbers its text never quotes", p.ID, k)
			}
		}
	}
	for _, tc := range []struct {
		name  string
		edit  func(p *Prompt)
		wants string
	}{
		{"a part the text does not quote", func(p *Prompt) { p.Parts = map[string]string{"search": "email", "search-index": "the index"} },
			`parts maps search-index to "the index", but the text quotes no number of search-index (it quotes: search, profile, recommendations)`},
		{"a sentence that leaves a part out", func(p *Prompt) { p.Plays = "search plays email and profile SMS" },
			`plays leaves out recommendations, which parts maps to "push"`},
		{"a note", func(p *Prompt) {
			p.Parts = map[string]string{"search": "email", "search-index": "no part: email has no index"}
		}, ""},
	} {
		p := notifications
		p.Parts = maps.Clone(p.Parts)
		tc.edit(&p)
		p.Plays = cmp.Or(p.Plays, playsFromParts(p))
		err := checkPartsKeys(p)
		switch {
		case tc.wants == "" && err != nil:
			t.Errorf("%s: %v", tc.name, err)
		case tc.wants != "" && (err == nil || !strings.Contains(err.Error(), tc.wants)):
			t.Errorf("%s: %v, want %q", tc.name, err, tc.wants)
		}
	}
}
