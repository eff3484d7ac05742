package main

import (
	"encoding/json"
	"testing"
)

// A sweep's JSON says the command that runs it again, with every flag
// that changed its figures: its fault, its seeds, its variant. It named
// the scenario and the variant alone, and a rerun of a sweep made with
// --fault ran the scenario without it.
func TestSweepJSONSaysTheCommandThatRunsItAgain(t *testing.T) {
	args := []string{"sweep", "cascade", "--variant", "2", "--vary", "recommendations.bulkhead=10..40:4",
		"--measure", "search.ok", "--goal", "search.ok>=99%", "--seed", "9", "--seeds", "1",
		"--fault", "12s recommendations slow 2s", "--budget", "300M", "--workers", "1", "--format", "json"}
	out, errOut, code := run(t, args...)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	var doc struct{ Command string }
	if err := json.Unmarshal([]byte(out), &doc); err != nil {
		t.Fatal(err)
	}
	want := "breakerlab sweep cascade --variant 2 --vary recommendations.bulkhead=10..40:4 --measure search.ok " +
		"--goal 'search.ok>=99%' --seed 9 --seeds 1 --fault '12s recommendations slow 2s' --budget 300M"
	if doc.Command != want {
		t.Errorf("command %q, want %q", doc.Command, want)
	}
	// The command, run, gives the same JSON.
	again, errOut, code := run(t, "sweep", "cascade", "--variant", "2", "--vary", "recommendations.bulkhead=10..40:4",
		"--measure", "search.ok", "--goal", "search.ok>=99%", "--seed", "9", "--seeds", "1",
		"--fault", "12s recommendations slow 2s", "--budget", "300M", "--format", "json")
	if code != 0 || again != out {
		t.Errorf("the command ran (exit %d, %s) another sweep:\n%s\nwant:\n%s", code, errOut, again, out)
	}
}
