package drillui

import (
	"strings"
	"testing"
)

// A generated problem's card says its numbers are new each session, not
// the 19-digit seed they were drawn from, which told a learner nothing
// and could not be typed anywhere to get the problem back.
func TestGeneratedCardShowsNoSeed(t *testing.T) {
	for _, sz := range [][2]int{{60, 16}, {80, 24}, {200, 60}} {
		m, _ := model(t, sz[0], sz[1], "gen-share", "gen-pool")
		for range 2 {
			c, ok := m.Current()
			if !ok {
				t.Fatal("no card")
			}
			v := m.View()
			words := strings.Join(strings.Fields(v), " ") // the words, however wrapped
			if strings.Contains(v, "seed") {
				t.Errorf("%s at %dx%d shows its seed:\n%s", c.ID, sz[0], sz[1], v)
			}
			if want := "generated: " + c.Generator + ", new numbers each time"; !strings.Contains(words, want) {
				t.Errorf("%s at %dx%d does not say %q:\n%s", c.ID, sz[0], sz[1], want, v)
			}
			m = skip(m)
		}
	}
}
