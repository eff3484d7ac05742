package main

import (
	"encoding/csv"
	"strings"
	"testing"
)

// A sweep's CSV is plain CSV, a header row and a row a cell, which any
// reader takes (a "# command" line is read as the header by those that do
// not skip comments); --help and the README say so, and where the command
// that reruns it is instead: the JSON's "command".
func TestSweepCSVSaysWhereItsCommandIs(t *testing.T) {
	out, errOut, _ := run(t, "sweep", "--help")
	help := strings.Join(strings.Fields(out+errOut), " ")
	if !strings.Contains(help, `csv (a header row and a row a cell, nothing else: the command that runs the sweep again, its faults included, is in json's "command")`) {
		t.Errorf("sweep --help does not say what the CSV holds and where the command is:\n%s", out+errOut)
	}
	if readme := readmeFlat(t); !strings.Contains(readme, "A sweep's CSV is a header row and a row a cell, nothing else, so any CSV reader takes it: the command that runs the sweep again, its faults included, is in the JSON's `command`") {
		t.Error("the README's sweep section does not say what the CSV holds and where the command is")
	}
	got, errOut, code := run(t, "sweep", "cascade", "--vary", "recommendations.bulkhead=20..200:2", "--measure", "search.ok",
		"--seeds", "1", "--workers", "1", "--fault", "12s recommendations slow 2s for 10s", "--format", "csv")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	rows, err := csv.NewReader(strings.NewReader(got)).ReadAll()
	if err != nil {
		t.Fatalf("the CSV does not read as CSV: %v\n%s", err, got)
	}
	if len(rows) != 3 || rows[0][0] != "recommendations.bulkhead (calls)" {
		t.Errorf("the CSV is not a header row and a row a cell:\n%s", got)
	}
}
