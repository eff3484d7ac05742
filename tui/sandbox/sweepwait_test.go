package sandbox

import (
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	"github.com/charmbracelet/x/ansi"
)

// A pool's wait of 0 waits as long as the call's timeout lets it
// (engine.Pool.Wait): the sweep's picker called that 0 "none", which read
// as no wait at all, refused at once. It labels it as the map's axis
// does, 0 with what it means.
func TestAPoolsWaitOfZeroIsNotCalledNone(t *testing.T) {
	m := newModel(t, 200, 60, Options{Scenario: tuitest.Scenario(t, "go-server"), Variant: 1})
	m = press(m, "e")
	m = focusLabel(t, m, "transport wait", 1)
	m = press(m, "ctrl+s")
	screen := strings.Join(strings.Fields(ansi.Strip(m.View())), " ")
	if !strings.Contains(screen, "transport.wait along x") {
		t.Fatalf("ctrl+s on the transport wait opened no sweep of it:\n%s", m.View())
	}
	for _, want := range []string{"(0 (up to the timeout) and ", ", around 0;", "the run at 0 (up to the timeout) held "} {
		if !strings.Contains(screen, want) {
			t.Errorf("the picker does not say %q:\n%s", want, screen)
		}
	}
	if strings.Contains(screen, "none (up to the timeout)") || strings.Contains(screen, "around none") || strings.Contains(screen, "run with none") {
		t.Errorf("the picker calls the wait's 0 none:\n%s", screen)
	}
}
