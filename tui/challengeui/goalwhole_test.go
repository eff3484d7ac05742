package challengeui

import (
	"fmt"
	"strings"
	"testing"
)

// Challenge 6 beside the sandbox at 124 to 140 columns has a 44-column
// panel, and its goal "calls sent to inventory" wrapped there, "calls
// sent to" over "inventory", for want of one cell of a value column
// sized for the widest value while its own count took five. Its line is
// whole, with its value and bound, at every size it is played at. It
// grades, as the program does, so it runs under -race with its neighbours.
// So are the knob "what answers a refused order" and the par.
func TestLayerOrderCallsGoalOnOneLine(t *testing.T) {
	const label = "calls sent to inventory"
	for _, sz := range [][2]int{{80, 24}, {124, 24}, {140, 24}, {200, 60}} {
		m := sized(t, open(t, "layer-order", Options{}), sz[0], sz[1])
		r := m.Result()
		if r == nil {
			t.Fatalf("%dx%d: the start was not graded", sz[0], sz[1])
		}
		var value string
		for i, g := range m.c.Goals {
			if g.Label == label {
				value = r.Goals[i].Shown() + " " + g.WantText()
			}
		}
		if value == "" {
			t.Fatalf("challenge 6 has no goal %q", label)
		}
		line := lineWith(m, label)
		if !strings.Contains(line, value) {
			t.Errorf("%dx%d: want %q whole on a line with %q, found %q:\n%s", sz[0], sz[1], label, value, line,
				strings.Join(plainLines(m), "\n"))
		}
		// The knob below it and the par wrapped there too: "order" and
		// "from the start" each on a line of their own.
		if l := lineWith(m, "   what answers a refused order"); !strings.Contains(l, "none") {
			t.Errorf("%dx%d: want the knob whole beside its value, found %q:\n%s", sz[0], sz[1], l, strings.Join(plainLines(m), "\n"))
		}
		for _, l := range plainLines(m) {
			if w, ok := m.panelShown(); ok {
				l = string([]rune(l)[:min(len([]rune(l)), w)]) // the panel, not the sandbox
			}
			if l = strings.TrimSpace(l); l == "order" || l == "from the start" || l == "inventory" {
				t.Errorf("%dx%d: %q wrapped onto a line of its own:\n%s", sz[0], sz[1], l, strings.Join(plainLines(m), "\n"))
			}
		}
		if sz[0] >= 124 && !m.wide() {
			t.Errorf("%s: the panel should be beside the sandbox", fmt.Sprint(sz))
		}
	}
}
