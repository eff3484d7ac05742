package sandbox

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	"github.com/charmbracelet/x/ansi"
)

// A scenario of one variant (a drill problem's, opened in the sandbox)
// showed a tab marker, "[1 40 workers, timeout 2 s]", as if there were
// variants to switch to: its title names the variant, without the number
// and brackets of a tab.
func TestOneVariantTitleHasNoTab(t *testing.T) {
	racefree.Only(t) // no goroutine: the model is drawn on this one and its commands are dropped
	sc := tuitest.Scenario(t, "cascade")
	sc.Variants = sc.Variants[len(sc.Variants)-1:]
	name := sc.Variants[0].Name
	for _, w := range []int{80, 100, 200} {
		m := newModel(t, w, 30, Options{Scenario: sc})
		title := ansi.Strip(m.titleLine())
		if strings.Contains(title, "[1") || strings.Contains(title, "1 "+name) {
			t.Errorf("at %d columns, one variant's title shows a tab: %q", w, title)
		}
		if w >= 100 && !strings.Contains(title, name) {
			t.Errorf("at %d columns, the title does not name the variant %q: %q", w, name, title)
		}
	}
	// Two variants keep their tabs.
	sc = tuitest.Scenario(t, "cascade")
	m := newModel(t, 200, 30, Options{Scenario: sc})
	if title := ansi.Strip(m.titleLine()); !strings.Contains(title, "[1 ") {
		t.Errorf("cascade's title lost its tabs: %q", title)
	}
}

// currentTab is how the title names variant v as the one playing: its
// tab, "[2 name]", or its name alone where it is the only one.
func currentTab(vs []engine.Variant, v int) string {
	if len(vs) == 1 {
		return "  " + vs[0].Name
	}
	return fmt.Sprintf("[%d %s]", v+1, vs[v].Name)
}

// Compare's line ended "(1 more)", one more what left to guess: it says
// how many endpoints it leaves out, and the count is of the endpoints
// not named.
func TestCompareLineSaysWhatIsLeftOut(t *testing.T) {
	racefree.Only(t) // no goroutine: the snapshots are run to their moment on this one
	a := freshSnapshot(t, tuitest.Scenario(t, "cascade"), 0, 18*time.Second)
	b := freshSnapshot(t, tuitest.Scenario(t, "cascade"), 2, 18*time.Second)
	n := len(a.Endpoints)
	if n < 3 {
		t.Fatalf("cascade has %d endpoints; the test wants 3 or more", n)
	}
	forms := shortDifferences(&a, &b, false)
	fewer := forms[4:]
	if len(fewer) != 2*(n-1) {
		t.Fatalf("%d forms naming fewer endpoints, want %d: %q", len(fewer), 2*(n-1), forms)
	}
	for i, l := range fewer {
		named := n - 1 - i/2
		want := "1 more endpoint)"
		if left := n - named; left > 1 {
			want = fmt.Sprintf("%d more endpoints)", left)
		}
		if i%2 == 0 {
			want = "(and " + want
		} else {
			want = "(" + want
		}
		if !strings.HasSuffix(l, want) || strings.Count(l, " · ") != named-1 {
			t.Errorf("naming %d of %d endpoints: %q, want it to end %q", named, n, l, want)
		}
	}
}
