package main

import (
	"strings"
	"testing"
	"unicode/utf8"
)

// A sweep run with --fault says so in the table and on the picture, under
// the scenario's label, as run's table does: both read as the scenario's
// own figures, which the fault changes (search.ok 100% at a bulkhead of
// 200 without it, 75% with it). Fitted to --width, the note wraps with the
// rest of the table.
func TestSweepTableAndPictureSayTheirFaults(t *testing.T) {
	const fault = "with --fault 12s recommendations slow 2s for 10s; 25s recommendations errors 50% for 3s"
	args := []string{"sweep", "cascade", "--vary", "recommendations.bulkhead=20..200:2", "--measure", "search.ok",
		"--seeds", "1", "--workers", "1", "--fault", "12s recommendations slow 2s for 10s", "--fault", "25s recommendations errors 50% for 3s"}
	for _, width := range []string{"80", "40"} {
		table, errOut, code := run(t, append(args, "--width", width)...)
		if code != 0 {
			t.Fatalf("exit %d: %s", code, errOut)
		}
		// The note's lines: from under the label to the measure's title.
		lines := strings.Split(table, "\n")
		end := 1
		for end < len(lines) && !strings.HasPrefix(lines[end], "search.ok") {
			end++
		}
		if got := strings.Join(strings.Fields(strings.Join(lines[1:end], " ")), " "); got != fault {
			t.Errorf("--width %s: the table's heading does not say %q under its label:\n%s", width, fault, table)
		}
		for _, l := range lines[1:end] {
			if w := utf8.RuneCountInString(l); width == "40" && w > 40 {
				t.Errorf("--width 40: the note has a line of %d columns: %q", w, l)
			}
		}
	}
	svg, errOut, code := run(t, append(args, "--format", "svg")...)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	if !strings.Contains(svg, ">"+fault+"<") {
		t.Errorf("the picture does not say %q", fault)
	}
	// Without a fault there is none to say.
	plain, errOut, code := run(t, "sweep", "cascade", "--vary", "recommendations.bulkhead=20..200:2", "--measure", "search.ok", "--seeds", "1", "--workers", "1")
	if code != 0 || strings.Contains(plain, "--fault") {
		t.Errorf("exit %d (%s), a sweep without a fault says one:\n%s", code, errOut, plain)
	}
}
