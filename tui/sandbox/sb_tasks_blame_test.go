package sandbox

import (
	"testing"

	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
)

// A memory limit below the process's base is refused on its own field:
// the loop's threads, untouched, were marked "refused: see below" too,
// for the refusal began "tasks:".
func TestMemoryLimitRefusalMarksItsFieldAlone(t *testing.T) {
	sc := tuitest.Scenario(t, "go-server")
	k := NewKnobForm(tuitest.Plain(), sc, 0)
	for k.f.knobs[k.f.focus].label != "memory limit MiB" {
		k.Key(keyMsg("down"))
	}
	k.Key(keyMsg("ctrl+u"))
	k.Key(keyMsg("1"))
	k.Key(keyMsg("0"))
	if k.Build(sc) != nil {
		t.Fatal("a memory limit of 10 MiB, below the base, was taken")
	}
	for _, kn := range k.f.knobs {
		switch kn.label {
		case "memory limit MiB":
			if kn.err == "" {
				t.Error("the memory limit should be marked refused")
			}
		default:
			if kn.err != "" {
				t.Errorf("%s, untouched, marked %q", kn.label, kn.err)
			}
		}
	}
	if l := k.f.knobs[k.f.focus].label; l != "memory limit MiB" {
		t.Errorf("the cursor went to %q, want the memory limit", l)
	}
}
