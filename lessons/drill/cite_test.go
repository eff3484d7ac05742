package drill

import (
	"strings"
	"testing"
)

// TestReadersSeeTitlesNotFileNames: what a learner reads names a reference
// by its title; "seeds/001" is the project's file name, not a source.
func TestReadersSeeTitlesNotFileNames(t *testing.T) {
	for _, f := range []Format{Text, Markdown} {
		sheet, err := CheatSheet(f)
		if err != nil {
			t.Fatal(err)
		}
		if i := strings.Index(sheet, "seeds/"); i >= 0 {
			t.Errorf("the %s cheat sheet names a file: …%s…", f, sheet[max(0, i-40):min(len(sheet), i+40)])
		}
	}
	deck, err := Deck()
	if err != nil {
		t.Fatal(err)
	}
	cited := 0
	for _, c := range deck {
		s := Cite(c.Source)
		if strings.Contains(s, "seeds/") {
			t.Errorf("card %s's source reads %q", c.ID, s)
		}
		if strings.Contains(c.Source, "seeds/") {
			cited++
		}
	}
	if cited == 0 {
		t.Fatal("no card names a reference: the check reads nothing")
	}
	if got, want := Cite("seeds/002, frequently asked questions 1"), "“"+References[2].Title+"”, frequently asked questions 1"; got != want {
		t.Errorf("Cite: %q, want %q", got, want)
	}
}
