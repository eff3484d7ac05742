package exercisesui

import (
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/internal/racefree"
)

// "Wrote the solution to solutions/…" answered s on the exercise's screen,
// and stayed on the list's status line after l, and back again after esc,
// as if the list had written something. A message belongs to the screen it
// was said on; "Passed! n opens …" is of the exercise, and stays (n works
// on the list too: TestNextFromTheList).
func TestMessageStaysOnItsScreen(t *testing.T) {
	racefree.Only(t) // no goroutine: the model driven by hand, a fake backend
	d := start(t, newFake(), 120, 30)
	d.keys("s", "y")
	d.wantView("Wrote the solution to")
	d.keys("l")
	if v := d.view(); !strings.Contains(v, "Exercises") || strings.Contains(v, "Wrote the solution") {
		t.Fatalf("the list after s wrote a solution still says so:\n%s", v)
	}
	d.keys("n") // said on the list: it goes when the list does
	d.wantView("enter opens the one under the cursor")
	d.keys("esc")
	if v := d.view(); strings.Contains(v, "Wrote the solution") || strings.Contains(v, "enter opens the one under the cursor") {
		t.Fatalf("back on the exercise, the status line says what was said elsewhere:\n%s", v)
	}
}
