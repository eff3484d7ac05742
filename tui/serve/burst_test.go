package serve

import (
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/internal/racefree"
)

// Keys a student types faster than the session reads them arrive as one
// message of several runes ("jjjj" over a slow link): the reveal's page
// scrolled by none of them, where four presses of j scroll it four lines.
func TestABurstOfKeysScrollsAsTheKeysDo(t *testing.T) {
	racefree.Only(t)
	_, _, one := longReveal(t)
	keys(one, "j", "j", "j", "j")
	_, _, burst := longReveal(t)
	keys(burst, "jjjj")
	if !strings.Contains(one.View(), "more above") {
		t.Fatalf("four presses of j did not scroll the reveal:\n%s", one.View())
	}
	if got, want := burst.View(), one.View(); got != want {
		t.Fatalf("the burst \"jjjj\" left the reveal at\n%s\nwhere four presses of j leave it at\n%s", got, want)
	}
}
