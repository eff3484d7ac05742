package challenge

import (
	"fmt"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/engine/scenariofile"
)

// A teacher's scenario may name a dependency my.db: a challenge knob on
// it reads the whole name, as --vary and [set] do. It was cut at the first
// dot, so that "my.db.timeout" was the key "db.timeout" of a part "my".
func TestChallengeKnobsReadDottedNames(t *testing.T) {
	sc, err := scenariofile.Parse("dotted.toml", []byte(`
duration = "10s"
[system]
workers = 20
[[system.endpoints]]
name = "web"
rate = 10
calls = "my.db"
[[system.dependencies]]
name = "my.db"
latency = { kind = "constant", value = "10ms" }
policy = { timeout = "250ms" }
`))
	if err != nil {
		t.Fatal(err)
	}
	for _, path := range []string{"my.db.timeout", `"my.db".timeout`} {
		if k, ok := knobKind(path, false); !ok || k != knobKinds["timeout"] {
			t.Errorf("knobKind(%s) = %v, %v; want a timeout's", path, k, ok)
		}
		v, err := readKnob(sc, path)
		if err != nil || fmt.Sprint(v) != (250*time.Millisecond).String() {
			t.Errorf("readKnob(%s) = %v, %v; want 250ms", path, v, err)
		}
	}
}
