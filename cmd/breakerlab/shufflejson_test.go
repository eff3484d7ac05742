package main

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/internal/racefree"
)

// run shuffle --format json has no window_ms and no variants: the
// shuffle simulation has no clock to measure over and no designs with
// endpoints, and [0, 0] and [] beside its own section read as a run that
// measured nothing. What it does say, the table says too: the seed and
// the setup the counts came from, and each strategy's expectations.
func TestRunShuffleJSONSaysWhatTheTableSays(t *testing.T) {
	racefree.Only(t) // runs in the test's own goroutine
	const seed = 7   // not the default, so that a table without its seed shows
	out, errOut, code := run(t, "run", "shuffle", "--seed", fmt.Sprint(seed), "--format", "json")
	if code != 0 {
		t.Fatalf("json: exit %d: %s", code, errOut)
	}
	var keys map[string]json.RawMessage
	if err := json.Unmarshal([]byte(out), &keys); err != nil {
		t.Fatal(err)
	}
	for _, k := range []string{"window_ms", "variants"} {
		if v, ok := keys[k]; ok {
			t.Errorf("run shuffle's JSON has %q: %s; the shuffle simulation has none", k, v)
		}
	}
	for _, k := range []string{"scenario", "seed", "shuffle"} {
		if _, ok := keys[k]; !ok {
			t.Errorf("run shuffle's JSON lacks %q", k)
		}
	}
	var doc struct {
		Seed    uint64 `json:"seed"`
		Shuffle struct {
			Simulation map[string]struct {
				Customers        int      `json:"customers"`
				ExpectedLost     float64  `json:"expected_lost"`
				ExpectedDegraded *float64 `json:"expected_degraded"`
			} `json:"simulation"`
			Setup struct {
				Workers     int    `json:"workers"`
				Customers   int    `json:"customers"`
				PerCustomer int    `json:"per_customer"`
				Poisoned    int    `json:"poisoned"`
				MaxShared   int    `json:"max_shared"`
				Seed        uint64 `json:"seed"`
			} `json:"setup"`
		} `json:"shuffle"`
	}
	if err := json.Unmarshal([]byte(out), &doc); err != nil {
		t.Fatal(err)
	}
	table, errOut, code := run(t, "run", "shuffle", "--seed", fmt.Sprint(seed))
	if code != 0 {
		t.Fatalf("table: exit %d: %s", code, errOut)
	}
	flat := strings.Join(strings.Fields(table), " ") // a sentence may wrap
	s := doc.Shuffle.Setup
	if doc.Seed != seed || s.Seed != seed {
		t.Errorf("the JSON's seeds are %d and %d, want %d", doc.Seed, s.Seed, seed)
	}
	for _, want := range []string{
		fmt.Sprintf("seed %d:", seed),
		fmt.Sprintf("%d workers, %s customers with %d workers each", s.Workers, thousandsOf(s.Customers), s.PerCustomer),
		fmt.Sprintf("Customer %d's requests", s.Poisoned),
		fmt.Sprintf("with at most %d worker shared", s.MaxShared),
	} {
		if !strings.Contains(flat, want) {
			t.Errorf("the table does not say %q, which the JSON's setup does:\n%s", want, table)
		}
	}
	for name, row := range doc.Shuffle.Simulation {
		var line []string
		for _, l := range strings.Split(table, "\n") {
			if f := strings.Fields(l); len(f) > 0 && f[0] == name {
				line = f
			}
		}
		// strategy, others, lost (share), expected, degraded (share), expected
		if len(line) != 8 {
			t.Errorf("%s: no row of eight fields in the table: %q", name, line)
			continue
		}
		if got, want := line[1], thousandsOf(row.Customers); got != want {
			t.Errorf("%s: the table's others %s, the JSON's customers %s", name, got, want)
		}
		if got, want := line[4], strconv.FormatFloat(row.ExpectedLost, 'f', 1, 64); got != want {
			t.Errorf("%s: the table expects %s lost, the JSON %s", name, got, want)
		}
		want := "-"
		if row.ExpectedDegraded != nil {
			want = strconv.FormatFloat(*row.ExpectedDegraded, 'f', 1, 64)
		}
		if line[7] != want {
			t.Errorf("%s: the table expects %s degraded, the JSON %s", name, line[7], want)
		}
	}
	if len(doc.Shuffle.Simulation) != 4 {
		t.Errorf("the JSON has %d strategies, want 4", len(doc.Shuffle.Simulation))
	}
}

// thousandsOf writes n as the table does, with commas between thousands.
func thousandsOf(n int) string {
	s := strconv.Itoa(n)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}
