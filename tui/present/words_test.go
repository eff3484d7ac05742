package present_test

import (
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/breakerlab/breakerlab/lessons"
	"github.com/breakerlab/breakerlab/tui/lessonui"
	"github.com/breakerlab/breakerlab/tui/present"
	"github.com/breakerlab/breakerlab/tui/theme"
	"github.com/charmbracelet/x/ansi"
)

// cutWords are the words of want that v does not hold whole, each line
// of v read apart (a word cut at a line's end, "th…", is not whole).
func cutWords(v, want string) []string {
	held := map[string]bool{}
	for _, l := range strings.Split(ansi.Strip(v), "\n") {
		for _, f := range strings.Fields(l) {
			held[f] = true
		}
	}
	var out []string
	for _, f := range strings.Fields(want) {
		if !held[f] {
			out = append(out, f)
		}
	}
	return out
}

// The key number's words are broken at a word where the window is too
// narrow for them, never cut inside one: at 80×24 lesson 2's fourth step
// read "most calls in flight at once, abandoned ones included (payment):
// shown after th…" (lesson 7's second, lesson 9's third and seventh
// too). Every step of every built-in lesson, as it opens, at the
// projector's narrow sizes; and a figure's long lead and label under big
// digits.
func TestKeyNumberIsNeverCutInsideAWord(t *testing.T) {
	racefree.Only(t) // every lesson prepared and drawn, no goroutine
	all, err := lessons.All()
	if err != nil {
		t.Fatal(err)
	}
	th := theme.New(theme.Plain())
	lab := lessons.NewLab()
	held := 0
	for _, l := range all {
		p, err := lessons.Prepare(l, lab)
		if err != nil {
			t.Fatal(err)
		}
		for i := range p.Steps {
			pl, err := lessonui.New(p, lessonui.Options{Theme: th, Step: i})
			if err != nil {
				t.Fatal(err)
			}
			mo, ok := pl.Moment()
			if !ok || mo.Label == "" && mo.Figure == "" && mo.Lead == "" {
				continue
			}
			// Held, the number is all words; else its digits are drawn
			// big (at these sizes), its lead over them and its label
			// under them.
			words := mo.Lead + " " + mo.Label
			if mo.Held {
				words = mo.Words()
				held++
			}
			for _, sz := range [][2]int{{80, 24}, {60, 20}} {
				v := present.View(th, mo, "", sz[0], sz[1])
				fits(t, v, sz[0], sz[1])
				if cut := cutWords(v, words); len(cut) > 0 {
					t.Errorf("%s step %d at %s: %q cut at %q:\n%s", l.ID, i+1, size(sz), words, cut, v)
				}
			}
		}
	}
	if held < 20 {
		t.Fatalf("only %d held numbers drawn", held)
	}
	long := present.Moment{Title: "t", Figure: "36", Lead: "recommendations and profile-db breakers: half-open since 24.5 s",
		Label: "most calls in flight at once, abandoned ones included (payment)"}
	for _, sz := range [][2]int{{60, 20}, {60, 40}} {
		v := present.View(th, long, "", sz[0], sz[1])
		fits(t, v, sz[0], sz[1])
		if cut := cutWords(v, long.Lead+" "+long.Label); len(cut) > 0 {
			t.Errorf("at %s the lead and label are cut at %q:\n%s", size(sz), cut, v)
		}
		if !strings.Contains(v, "█") {
			t.Errorf("at %s the figure is not drawn big:\n%s", size(sz), v)
		}
	}
}
