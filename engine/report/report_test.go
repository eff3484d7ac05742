package report

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/engine"
)

func TestThousands(t *testing.T) {
	for n, want := range map[uint64]string{0: "0", 999: "999", 1000: "1,000", 730862190080: "730,862,190,080"} {
		if got := thousands(n); got != want {
			t.Errorf("thousands(%d) = %q, want %q", n, got, want)
		}
	}
}

func TestSecondsKeepsOnlyTheDecimalsItNeeds(t *testing.T) {
	for d, want := range map[time.Duration]string{24 * time.Second: "24 s", 1520 * time.Millisecond: "1.52 s", 15072 * time.Microsecond: "0.015 s"} {
		if got := Seconds(d); got != want {
			t.Errorf("Seconds(%v) = %q, want %q", d, got, want)
		}
	}
}

func tinyRun(t *testing.T) (*engine.Scenario, []engine.Snapshot) {
	t.Helper()
	sc := &engine.Scenario{Name: "tiny", Summary: "one endpoint", Duration: 10 * time.Second, MeasureFrom: 2 * time.Second, MeasureTo: 8 * time.Second,
		Variants: []engine.Variant{{Name: "only", System: engine.System{Workers: 4,
			Endpoints:    []engine.Endpoint{{Name: "e", Interval: time.Second, Calls: "d"}},
			Dependencies: []engine.Dependency{{Name: "d", Latency: engine.Latency{Kind: engine.Constant, Value: 5 * time.Millisecond}}}}}}}
	snaps, err := engine.RunAll(sc, 1)
	if err != nil {
		t.Fatal(err)
	}
	return sc, snaps
}

func TestJSONCountsTheWindowOnly(t *testing.T) {
	sc, snaps := tinyRun(t)
	var buf bytes.Buffer
	if err := WriteJSON(&buf, Build(sc, 1, snaps)); err != nil {
		t.Fatal(err)
	}
	var got Report
	if err := json.Unmarshal(buf.Bytes(), &got); err != nil {
		t.Fatal(err)
	}
	e := got.Variants[0].Endpoints["e"]
	// Arrivals at 2, 3, ..., 7 s fall in [2 s, 8 s).
	if e.Outcomes["ok"] != 6 || e.LatencyMS.P50 != 5 {
		t.Fatalf("window outcomes %v, p50 %v ms; want 6 ok at 5 ms", e.Outcomes, e.LatencyMS.P50)
	}
	if got.WindowMS != [2]int64{2000, 8000} {
		t.Fatalf("window_ms %v", got.WindowMS)
	}
}

// TestJSONWritesComparisonsAsThemselves: a variant named with "<=" reads
// "<=" in the JSON, not "\u003c=", for people and scripts alike.
func TestJSONWritesComparisonsAsThemselves(t *testing.T) {
	sc, snaps := tinyRun(t)
	sc.Variants[0].Name = "bulkhead: d <= 2 & more"
	snaps[0].Variant = sc.Variants[0].Name
	var buf bytes.Buffer
	if err := WriteJSON(&buf, Build(sc, 1, snaps)); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(buf.String(), `"bulkhead: d <= 2 & more"`) || strings.Contains(buf.String(), `\u00`) {
		t.Errorf("want the name written as it is; got\n%s", buf.String())
	}
}

func TestTableAndCSV(t *testing.T) {
	sc, snaps := tinyRun(t)
	var table, csv bytes.Buffer
	if err := WriteTable(&table, sc, 1, snaps); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(table.String(), "100.0%") || !strings.Contains(table.String(), "from 2 s to 8 s") {
		t.Fatalf("table:\n%s", table.String())
	}
	// The first line names the scenario and seed, and its summary after a
	// colon; a scenario without one has no colon left hanging.
	for _, summary := range []string{"", "one slow dependency"} {
		sc.Summary = summary
		var b bytes.Buffer
		if err := WriteTable(&b, sc, 1, snaps); err != nil {
			t.Fatal(err)
		}
		want := sc.Name + ", seed 1\n"
		if summary != "" {
			want = sc.Name + ", seed 1: " + summary + "\n"
		}
		if first, _, _ := strings.Cut(b.String(), "\n"); first+"\n" != want {
			t.Errorf("summary %q: first line %q, want %q", summary, first, want)
		}
	}
	if err := WriteCSV(&csv, sc, 7, nil, snaps); err != nil {
		t.Fatal(err)
	}
	if lines := strings.Count(csv.String(), "\n"); lines != 5 {
		t.Fatalf("csv has %d lines, want a header and 4 outcomes:\n%s", lines, csv.String())
	}
	// Every row says the run it is of: the scenario, the seed and the
	// window its counts cover, in the JSON's milliseconds. A CSV of seed 5
	// and one of seed 9 read the same. The faults injected follow, none
	// here (cmd/breakerlab's runcsv test injects some).
	rows := strings.Split(strings.TrimSpace(csv.String()), "\n")
	if !strings.HasSuffix(rows[0], ",scenario,seed,window from (ms),window to (ms),faults") {
		t.Errorf("csv header %q: want it to end with the scenario, the seed, the window and the faults", rows[0])
	}
	for _, r := range rows[1:] {
		if want := fmt.Sprintf(",%s,7,%d,%d,", sc.Name, sc.MeasureFrom.Milliseconds(), sc.MeasureTo.Milliseconds()); !strings.HasSuffix(r, want) {
			t.Errorf("csv row %q: want it to end %q", r, want)
		}
	}
}
