package challengeui

import (
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/breakerlab/breakerlab/lessons/challenge"
)

// A why cut for room keeps a piece of itself in view: beside the sandbox
// at 140×24 level 6 drew "why: … i shows why in full", a line that said
// nothing. On every level as it opens, at 80×24, 140×24 and 200×60, no
// line is a "why: …" with no word of the why, and a cut why shows its
// first whole words, at least three of them, then where the rest is.
func TestACutWhyKeepsAPieceOfIt(t *testing.T) {
	racefree.Only(t) // the gradings run in this goroutine (settle); nothing starts another
	all, err := challenge.All()
	if err != nil {
		t.Fatal(err)
	}
	cut := 0
	for _, c := range all {
		for _, sz := range [][2]int{{80, 24}, {140, 24}, {200, 60}} {
			m := sized(t, open(t, c.ID, Options{}), sz[0], sz[1])
			r := m.Result()
			var whys []string
			if r != nil {
				for _, why := range c.ExplainResult(m.setting, r) {
					whys = append(whys, strings.Join(strings.Fields(why), " "), strings.Join(strings.Fields(m.withoutChoice(why)), " "))
				}
			}
			var panel []string
			for _, l := range plainLines(m) {
				l, _, _ = strings.Cut(l, "│") // the challenge's panel, left of the sandbox
				panel = append(panel, strings.TrimSpace(l))
			}
			for i, l := range panel {
				if strings.HasPrefix(l, "why: …") {
					t.Errorf("%s at %dx%d: a why line with no word of the why: %q", c.ID, sz[0], sz[1], l)
				}
				piece, ok := strings.CutSuffix(l, "… i shows the rest")
				if !ok {
					continue
				}
				cut++
				start := i
				for start > 0 && !strings.HasPrefix(panel[start], "why: ") {
					start--
				}
				shown := strings.Join(strings.Fields(strings.Join(append(panel[start:i:i], piece), " ")), " ")
				shown = strings.TrimPrefix(shown, "why: ")
				if len(strings.Fields(shown)) < 3 {
					t.Errorf("%s at %dx%d: the cut why shows %q, too little of it", c.ID, sz[0], sz[1], shown)
				}
				// A piece of whole words: the why goes on after it with a
				// space or a mark, not inside a word.
				whole := false
				for _, w := range whys {
					after, ok := strings.CutPrefix(w, shown)
					whole = whole || ok && (after == "" || strings.ContainsAny(after[:1], " ,:;."))
				}
				if !whole {
					t.Errorf("%s at %dx%d: the cut why %q is not the first whole words of any of the whys %q", c.ID, sz[0], sz[1], shown, whys)
				}
			}
		}
	}
	if cut == 0 {
		t.Fatal("no why was cut: the test tries nothing")
	}
}
