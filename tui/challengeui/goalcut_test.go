package challengeui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/breakerlab/breakerlab/lessons/challenge"
	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
)

// A goal wrapped over two lines was cut in half by "↓ N more lines" (seen
// at 50×16): its mark and the start of its label on screen, the rest of
// it and its value under the cut. In every level, at the start and with
// the first knob moved, a goal the panel shows is shown whole.
func TestShortPanelCutsBetweenGoals(t *testing.T) {
	all, err := challenge.All()
	if err != nil {
		t.Fatal(err)
	}
	whole := 0 // goals of two lines or more shown whole
	for _, c := range all {
		for _, sz := range [][2]int{{50, 16}, {40, 14}} {
			for _, keys := range [][]string{nil, {"right"}} {
				m := press(t, sized(t, open(t, c.ID, Options{Embedded: true}), sz[0], sz[1]), keys...)
				tuitest.CheckBlock(t, m.View(), sz[0], sz[1])
				w, ok := m.panelShown()
				if !ok {
					t.Fatalf("%s at %dx%d: no panel", c.ID, sz[0], sz[1])
				}
				view := plainLines(m)
				for i := range view {
					view[i] = strings.TrimSpace(view[i])
				}
				// The goals as drawn, naming the scenario's window, or, where
				// the panel squeezed it out (maxSqueeze), not: a goal is cut
				// when it is cut as both.
				_, blocks := m.goalBlocks(min(w, 100)-2, false, seedsBeside)
				_, bare := m.goalBlocks(min(w, 100)-2, true, seedsBeside)
				cutAfter := func(b goalBlock) int {
					at := indexOf(view, strings.TrimSpace(ansi.Strip(b.lines[0])))
					if at < 0 {
						return 0 // wholly below the cut
					}
					for j, l := range b.lines[1:] {
						if at+1+j >= len(view) || view[at+1+j] != strings.TrimSpace(ansi.Strip(l)) {
							return j + 1
						}
					}
					return 0
				}
				for i, b := range blocks {
					if len(b.lines) < 2 || indexOf(view, strings.TrimSpace(ansi.Strip(b.lines[0]))) < 0 {
						continue
					}
					cut := false
					if j := cutAfter(b); j > 0 && cutAfter(bare[i]) > 0 {
						cut = true
						t.Errorf("%s at %dx%d after %v: the goal %q is cut after %d of its %d lines:\n%s",
							c.ID, sz[0], sz[1], keys, ansi.Strip(b.lines[0]), j, len(b.lines), strings.Join(plainLines(m), "\n"))
					}
					if !cut {
						whole++
					}
				}
			}
		}
	}
	if whole == 0 {
		t.Error("no goal of two lines or more was on screen: the test checks nothing")
	}
}

func indexOf(lines []string, s string) int {
	for i, l := range lines {
		if l == s {
			return i
		}
	}
	return -1
}
