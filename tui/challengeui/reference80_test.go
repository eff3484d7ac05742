package challengeui

import (
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/lessons/challenge"
	"github.com/charmbracelet/x/ansi"
)

// On every level at 80×24, the smallest window, the reference solution
// once shown says that it earns no stars and that u takes it back; and
// its stars line is the one truth about its stars: no "★★★ beats par"
// above a line saying it earns none. (Level 21's note was cut off below
// the window, and every level showed the design's own verdict.)
func TestReferenceSolutionSaysItAllAt80x24(t *testing.T) {
	all, err := challenge.All()
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range all {
		m := press(t, tried(sized(t, open(t, c.ID, Options{}), 80, 24)), "s")
		if r := m.Result(); r == nil || !r.Pass || !m.onReference() {
			t.Fatalf("%s: s after three tries should show the reference solution, which passes", c.ID)
		}
		v := ansi.Strip(m.View())
		flat := strings.Join(strings.Fields(v), " ")
		for _, want := range []string{"☆☆☆ " + referenceVerdict, "u takes it back"} {
			if !strings.Contains(flat, want) {
				t.Errorf("%s at 80x24: no %q\n%s", c.ID, want, v)
			}
		}
		for _, l := range strings.Split(v, "\n") {
			if strings.Contains(l, "★") && !strings.Contains(l, "Challenge") {
				t.Errorf("%s at 80x24: a line gives the solution stars: %q", c.ID, l)
			}
		}
		if strings.Contains(flat, "enlarge the window") {
			t.Errorf("%s at 80x24: the reference solution's screen runs past the window\n%s", c.ID, v)
		}
	}
}
