package challengeui

import (
	"strings"
	"testing"
)

// Challenge 6 beside the sandbox at 140×24, a 44-column panel: its four
// orders wrap one to a line, and an arrow written before the order it
// picks ended the line above it, pointing at nothing ("… | →"). Its two
// goals over 5–25 s read the window two ways, "(5–25 s)" beside
// "(5–25s)", where one needed the close form to keep to its line. And the
// bare arrow before an order ran on into the order's own arrows, "| →
// retry→breaker→…" one chain of layers: the keys are written "[←]" and
// "[→]" on this list. It grades, as the program does, so it runs under
// -race with its neighbours.
func TestLayerOrderBesideTheSandboxReadsWhole(t *testing.T) {
	m := sized(t, open(t, "layer-order", Options{}), 140, 24)
	panel := plainLines(m)
	var arrows, windows []string
	for _, l := range panel {
		r := []rune(l)
		l = strings.TrimSpace(string(r[:min(len(r), panelWidth(140))])) // the panel, not the sandbox
		if strings.HasSuffix(l, "←]") || strings.HasSuffix(l, "→]") {
			t.Errorf("an arrow ends the line %q, before no choice", l)
		}
		for _, bare := range []string{"| ← ", "| → "} {
			if strings.Contains(l, bare) || strings.HasPrefix(l, bare[2:]) {
				t.Errorf("a bare key arrow runs on into the orders' arrows: %q", l)
			}
		}
		for _, a := range []string{"[←] ", "[→] "} {
			if strings.Contains(l, "| "+a) || strings.HasPrefix(l, a) {
				arrows = append(arrows, a)
			}
		}
		if _, w, ok := strings.Cut(l, "(5–25"); ok {
			w, _, _ = strings.Cut(w, ")")
			windows = append(windows, "(5–25"+w+")")
		}
	}
	if len(arrows) != 2 {
		t.Errorf("want [←] and [→] each before a choice, found %v:\n%s", arrows, strings.Join(panel, "\n"))
	}
	if len(windows) != 2 || windows[0] != windows[1] {
		t.Errorf("the two goals over 5–25 s should read the window alike: %v\n%s", windows, strings.Join(panel, "\n"))
	}
}
