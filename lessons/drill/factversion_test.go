package drill

import (
	"strings"
	"testing"
)

// A cheat-sheet row that quotes a library's default ("Envoy per cluster:
// 1,024 connections") is learnt by heart: the printed row names the
// library's version, in both formats.
func TestCheatRowsNameTheVersionOfEachDefault(t *testing.T) {
	sh, err := DefaultSheet()
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range []Format{Text, Markdown} {
		out, err := CheatSheet(f)
		if err != nil {
			t.Fatal(err)
		}
		// The text sheet wraps a version across lines like any words.
		flat := strings.Join(strings.Fields(out), " ")
		quoted := 0
		for _, sec := range sh.Sections {
			for _, r := range sec.Rows {
				n, _ := factVersions(r.Label + ": " + r.Text)
				quoted += n
				// A row that does not name them itself gets them at its end.
				if _, missing := factVersions(r.Label + ": " + r.Text); len(missing) > 0 {
					if want := "(" + strings.Join(missing, ", ") + ")"; !strings.Contains(flat, want) {
						t.Errorf("%s sheet, row %q quotes defaults of %s without naming them", f, r.Label, want)
					}
				}
			}
		}
		if quoted == 0 {
			t.Fatal("no cheat-sheet row quotes a library's fact: the test checks nothing")
		}
	}
}

// A hand card is memorised word for word: one that quotes a library's
// default names its version somewhere in the card.
func TestCardsNameTheVersionOfEachDefault(t *testing.T) {
	quoted := 0
	for _, c := range wholeCardTexts(t) {
		n, missing := factVersions(c.text)
		quoted += n
		for _, v := range missing {
			t.Errorf("card %s quotes a default of %s without naming it", c.id, v)
		}
	}
	if quoted == 0 {
		t.Fatal("no card quotes a library's fact: the test checks nothing")
	}
}

// So is a rubric point: the interviewee reads it to learn what a strong
// answer says.
func TestRubricNamesTheVersionOfEachDefault(t *testing.T) {
	prompts, err := BuiltinPrompts()
	if err != nil {
		t.Fatal(err)
	}
	quoted := 0
	for _, p := range prompts {
		for _, pt := range p.Points {
			n, missing := factVersions(pt.Text)
			quoted += n
			for _, v := range missing {
				t.Errorf("prompt %s, point %s quotes a default of %s without naming it", p.ID, pt.ID, v)
			}
		}
	}
	if quoted == 0 {
		t.Fatal("no rubric point quotes a library's fact: the test checks nothing")
	}
}
