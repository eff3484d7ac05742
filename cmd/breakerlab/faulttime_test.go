package main

import (
	"strings"
	"testing"
)

// --fault at a moment past the run's end is refused quoting the moment as
// typed, the run's end in its unit: "999s", not "16m39s".
func TestFaultFlagRefusesTheTimeAsTyped(t *testing.T) {
	_, errOut, code := run(t, "run", "multi-hop", "--fault", "999s inventory hang")
	want := `--fault: fault "999s inventory hang": at 999s, past the end of multi-hop's traffic, which runs from 0 to 60s`
	if code != 2 || !strings.Contains(errOut, want) || strings.Contains(errOut, "16m39s") {
		t.Errorf("exit %d, %q; want exit 2 saying %q", code, errOut, want)
	}
}

// A --fault that its target takes but the variants refuse (a surge over
// another tenant's burst) is quoted as typed too, where the refusal of
// the faults together quoted "20s globex surge x3 for 10s".
func TestFaultFlagRefusedByTheVariantsIsQuotedAsTyped(t *testing.T) {
	_, errOut, code := run(t, "run", "noisy-tenant", "--fault", "20 globex surge x3 for 10000ms")
	want := `--fault: fault "20 globex surge x3 for 10000ms", variant "one shared pool" and every other: search carries tenant acme's burst`
	if code != 2 || !strings.Contains(errOut, want) {
		t.Errorf("exit %d, %q; want exit 2 saying %q", code, errOut, want)
	}
}
