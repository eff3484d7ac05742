package sandbox

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/internal/racefree"
)

// S is "another seed" in the help: enter with nothing typed takes one,
// the next, which the prompt names before it is taken (it answered `""
// is not a seed`). Past the largest seed the next is 0.
func TestSeedPromptEnterAloneTakesTheNextSeed(t *testing.T) {
	racefree.Only(t) // no goroutine: Update and View on this one, their commands dropped
	m := newModel(t, 100, 30, Options{})
	m = seekTo(t, m, 10*time.Second)
	old := m.sim.seed
	m = press(m, "S")
	if want := fmt.Sprintf("enter alone: %d, the next", old+1); !strings.Contains(keyLine(m), want) {
		t.Errorf("the seed prompt does not say what enter alone takes (%q): %q", want, keyLine(m))
	}
	m = press(m, "enter")
	if m.prompt != nil || m.sim.seed != old+1 || m.Now() != 10*time.Second {
		t.Fatalf("S enter: prompt %+v, seed %d (want %d) at %v", m.prompt, m.sim.seed, old+1, m.Now())
	}
	if !strings.Contains(statusLine(m), fmt.Sprintf("seed %d", old+1)) {
		t.Errorf("the status line does not name the new seed: %q", statusLine(m))
	}
	m = press(m, "S", "1", "8", "4", "4", "6", "7", "4", "4", "0", "7", "3", "7", "0", "9", "5", "5", "1", "6", "1", "5", "enter")
	m = press(m, "S", "enter")
	if m.sim.seed != 0 {
		t.Errorf("the next seed after the largest is %d, want 0", m.sim.seed)
	}
}
