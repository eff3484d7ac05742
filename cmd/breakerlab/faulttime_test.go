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
