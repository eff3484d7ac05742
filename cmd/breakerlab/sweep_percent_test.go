package main

import (
	"encoding/json"
	"strconv"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/breakerlab/breakerlab/tui/pane"
)

// The handout's sweep (the findings room's section 11): the table wrote
// search.ok as "0.406", and "1" for a share that may be short of all, and
// the goal typed as 99% came back as "search.ok>=0.99", where run, the
// lessons and the sandbox write percentages. The table reads as they do,
// each figure the JSON's share written by pane.Percent; the CSV and the
// JSON keep the share from 0 to 1, and the JSON's goal its fraction.
func TestSweepTableWritesSharesAsPercentages(t *testing.T) {
	racefree.Only(t) // its sweep's workers and progress are TestSweepCSVMatchesRuns's, which runs under -race
	args := []string{"sweep", "cascade", "--variant", "2", "--vary", "recommendations.bulkhead=10..200:20",
		"--measure", "search.ok", "--goal", "search.ok>=99%"}
	table, stderr, code := run(t, args...)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	js, stderr, code := run(t, append(args, "--format", "json")...)
	if code != 0 {
		t.Fatalf("json: exit %d: %s", code, stderr)
	}
	var doc struct {
		Goal  string
		Cells []struct{ Mean, Min, Max float64 }
	}
	if err := json.Unmarshal([]byte(js), &doc); err != nil {
		t.Fatalf("%v in %s", err, js)
	}
	if doc.Goal != "search.ok>=0.99" {
		t.Errorf("the JSON's goal is %q: it keeps the fraction, search.ok>=0.99", doc.Goal)
	}
	lines := strings.Split(strings.TrimRight(table, "\n"), "\n")
	if len(lines) < 3+len(doc.Cells) {
		t.Fatalf("the table has %d lines for %d cells:\n%s", len(lines), len(doc.Cells), table)
	}
	short := false
	for i, c := range doc.Cells {
		if c.Mean > 1 || c.Min < 0 {
			t.Errorf("cell %d: the JSON's share %v..%v is not from 0 to 1", i, c.Min, c.Max)
		}
		row := strings.Fields(lines[3+i])
		want := []string{pane.Percent(c.Mean), pane.Percent(c.Min), pane.Percent(c.Max)}
		if len(row) < 4 || row[1] != want[0] || row[2] != want[1] || row[3] != want[2] {
			t.Errorf("row %q: want mean, fewest and most %v", lines[3+i], want)
		}
		short = short || c.Mean < 1
	}
	if !short {
		t.Error("every cell is all ok: the test reads no share short of all")
	}
	if !strings.Contains(table, "✓ meets search.ok>=99%: ") || strings.Contains(table, "0.99") {
		t.Errorf("the goal should read as typed, search.ok>=99%%:\n%s", table)
	}
	csv, stderr, code := run(t, append(args, "--format", "csv")...)
	if code != 0 {
		t.Fatalf("csv: exit %d: %s", code, stderr)
	}
	rows := strings.Split(strings.TrimRight(csv, "\n"), "\n")[1:]
	for i, c := range doc.Cells {
		if f := strings.Split(rows[i], ","); len(f) < 4 || f[3] != strconv.FormatFloat(c.Mean, 'g', 6, 64) {
			t.Errorf("CSV row %q: the mean should stay the share %v, from 0 to 1", rows[i], c.Mean)
		}
	}
}
