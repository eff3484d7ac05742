package sandbox

import (
	"strings"
	"testing"

	"path/filepath"
)

// A fault's end moved in the form marks each variant's name with the
// fault it moved, the part and what it does ("payments hangs until 28s"),
// where the mark said "payments' fault until 28 s", not which fault, and a
// second burst's end "until 28s", not even whose.
func TestAnEditedVariantNamesTheFaultItMoved(t *testing.T) {
	path := filepath.Join(t.TempDir(), "pay.toml")
	writeFile(t, path, payTOML)
	m := followed(t, path)
	m = press(m, "e")
	m = focusLabel(t, m, "  until", 1)
	m = press(m, "ctrl+u", "2", "8", "s", "enter")
	if m.form != nil {
		t.Fatalf("until 28s was refused: %s", m.form.err)
	}
	want := "payments hangs until 28 s"
	for _, v := range m.sim.sc.Variants {
		if !strings.Contains(v.Name, "(edited: "+want+")") {
			t.Errorf("variant %q does not say %q", v.Name, want)
		}
	}
	if s := m.sim.sc.Summary; strings.Contains(s, "until") {
		t.Errorf("the summary says the moved fault by its field, not its span: %q", s)
	}
}

// payTOML is a file of two variants of one call that hangs, without a
// breaker and with one, as an engineer writes their own system.
const payTOML = `name = "pay"
duration = "40s"
[system]
workers = 50
queue = 100
[[system.endpoints]]
name = "checkout"
rate = 100
calls = "payments"
[[system.dependencies]]
name = "payments"
latency = { kind = "lognormal", p50 = "20ms", p99 = "80ms" }
faults = [{ kind = "hang", from = "10s", to = "25s" }]
policy = { timeout = "1s" }

[[variants]]
name = "timeout only"

[[variants]]
name = "with a breaker"
[variants.dependencies.payments]
policy = { timeout = "1s", breaker = { preset = "resilience4j" } }
`
