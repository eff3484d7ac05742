package challengeui

import (
	"fmt"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/lessons/challenge"
	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	"github.com/charmbracelet/x/ansi"
)

// Where the list has no room for the summaries, the titles were still
// held to half the line: at 60 columns "Size a timeout against the p…"
// with fifteen cells blank after the stars. The titles take the line the
// summaries leave, and only what does not fit is cut, at a word.
func TestPickerTitlesTakeTheLine(t *testing.T) {
	all, err := challenge.All()
	if err != nil {
		t.Fatal(err)
	}
	for _, sz := range [][2]int{{60, 15}, {50, 14}, {40, 12}, {30, 12}} {
		p := picker(sz[0], sz[1])
		for range all {
			view := p.View()
			where := fmt.Sprintf("%dx%d, cursor on %d", sz[0], sz[1], p.nav.Cursor)
			tuitest.CheckBlock(t, view, sz[0], sz[1])
			for _, l := range strings.Split(ansi.Strip(view), "\n") {
				c := rowLevel(all, l)
				if c == nil {
					continue
				}
				if m := tuitest.CutWord.FindString(l); m != "" {
					t.Errorf("%s: a title cut mid-word: %q", where, l)
				}
				if strings.Contains(l, c.Title) {
					continue
				}
				// Shortened: the line must have had no room for one more
				// word of it.
				shown := strings.TrimSpace(strings.SplitN(strings.TrimLeft(l, " ▸"), " ", 2)[1])
				shown = strings.TrimSpace(strings.SplitN(shown, "☆", 2)[0])
				shown = strings.SplitN(shown, "★", 2)[0]
				kept := strings.TrimSuffix(strings.TrimSpace(shown), "…")
				words := strings.Fields(c.Title)
				n := len(strings.Fields(kept))
				if n >= len(words) {
					t.Errorf("%s: %q ends in … but shows the whole title", where, l)
					continue
				}
				longer := strings.Join(words[:n+1], " ") + " …"
				if spare := sz[0] - ansi.StringWidth(strings.TrimRight(l, " ")); ansi.StringWidth(longer)-ansi.StringWidth(shown) <= spare-len(" "+nextTag) {
					t.Errorf("%s: %q is shortened to %q with %d cells free after it", where, c.Title, shown, spare)
				}
			}
			next, _ := p.Update(tuitest.Key("down"))
			p = next.(Picker)
		}
	}
}

// rowLevel is the level whose title row l is, or nil.
func rowLevel(all []*challenge.Challenge, l string) *challenge.Challenge {
	rest := strings.TrimLeft(l, " ▸")
	if ansi.StringWidth(l)-ansi.StringWidth(rest) > 5 || !strings.ContainsAny(rest, "☆★") {
		return nil
	}
	num, _, _ := strings.Cut(rest, " ")
	for _, c := range all {
		if fmt.Sprint(c.Number) == num {
			return c
		}
	}
	return nil
}
