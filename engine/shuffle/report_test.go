package shuffle

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"errors"
	"flag"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

func mustScenario(t *testing.T, seed uint64) Report {
	t.Helper()
	r, err := RunScenario(seed)
	if err != nil {
		t.Fatalf("RunScenario(%d): %v", seed, err)
	}
	return r
}

func TestScenarioOddsAndPlainAreExact(t *testing.T) {
	r := mustScenario(t, 5)
	wantShards := []string{"28", "1820", "635376", "75287520", "730862190080"}
	if len(r.Combinatorics) != len(wantShards) {
		t.Fatalf("%d odds rows, want %d", len(r.Combinatorics), len(wantShards))
	}
	for i, row := range r.Combinatorics {
		if row.Shards != wantShards[i] || row.ShareAllExact != "1/"+wantShards[i] {
			t.Errorf("row %d: %+v, want %s shards and share_all 1/%s", i, row, wantShards[i], wantShards[i])
		}
	}
	first := r.Combinatorics[0]
	if first.ShareAnyExact != "13/28" || first.ShareAll != 1.0/28 || first.ShareAny != 13.0/28 {
		t.Errorf("(8, 2): %+v, want 1/28 and 13/28", first)
	}
	if got := r.Combinatorics[4].ShareAny; got < 0.0077 || got > 0.0079 {
		t.Errorf("(2048, 4) shares at least one worker with chance %v, want about 0.8%%", got)
	}

	plain := r.Simulation.Plain
	if plain.Customers != 999 || plain.Lost != 249 || plain.Degraded != 0 || plain.ExpectedLost != 249 {
		t.Errorf("plain: %+v, want 999 others, 249 lost, none degraded, 249 expected", plain)
	}
	for _, row := range r.Simulation.Rows() {
		if row.Error != "" {
			t.Errorf("%s: %s", row.Strategy, row.Error)
		}
	}
	if r.Simulation.Shuffle.ExpectedLost != 999.0/28 {
		t.Errorf("shuffle expected %v lost, want 999/28", r.Simulation.Shuffle.ExpectedLost)
	}
	limited := r.Simulation.OverlapLimited
	if limited.Customers != 27 || limited.Lost != 0 || limited.Degraded != 12 || !strings.Contains(limited.Note, "28") {
		t.Errorf("overlap-limited: %+v, want the 28 customers that fit, none lost, 12 degraded, and a note", limited)
	}
}

func TestScenarioDependsOnlyOnSeed(t *testing.T) {
	a, b := mustScenario(t, 5), mustScenario(t, 5)
	if !reflect.DeepEqual(a, b) {
		t.Error("two runs with seed 5 differ")
	}
	c := mustScenario(t, 6)
	if !reflect.DeepEqual(a.Simulation.Hash, c.Simulation.Hash) || !reflect.DeepEqual(a.Simulation.Plain, c.Simulation.Plain) {
		t.Error("the plain and hash rows changed with the seed; they come from positions and ids alone")
	}
}

// The JSON is a contract: the keys other programs read must be there, with
// the shard counts as exact decimal strings.
func TestScenarioJSONContract(t *testing.T) {
	data, err := json.Marshal(mustScenario(t, 5))
	if err != nil {
		t.Fatal(err)
	}
	var decoded struct {
		Combinatorics []map[string]any          `json:"combinatorics"`
		Simulation    map[string]map[string]any `json:"simulation"`
	}
	if err := json.Unmarshal(data, &decoded); err != nil {
		t.Fatal(err)
	}
	for _, row := range decoded.Combinatorics {
		for _, key := range []string{"workers", "per_customer", "shards", "share_all", "share_any"} {
			if _, ok := row[key]; !ok {
				t.Errorf("odds row %v has no %q", row, key)
			}
		}
		if _, isString := row["shards"].(string); !isString {
			t.Errorf("shards %v is not a string", row["shards"])
		}
	}
	var keys []string
	for key, row := range decoded.Simulation {
		keys = append(keys, key)
		for _, field := range []string{"customers", "lost", "degraded", "expected_lost"} {
			if _, ok := row[field]; !ok {
				t.Errorf("simulation %q has no %q", key, field)
			}
		}
	}
	slices.Sort(keys)
	if want := []string{"hash", "overlap-limited", "plain", "shuffle"}; !slices.Equal(keys, want) {
		t.Errorf("simulation keys %v, want %v", keys, want)
	}
	if !bytes.Contains(data, []byte(`"shards":"730862190080"`)) {
		t.Errorf("the Route 53 shard count is not an exact string in %s", data)
	}
}

// The table for seed 5 is compared with a golden file; run the tests with
// -update to rewrite it after a deliberate change.
func TestWriteTableGolden(t *testing.T) {
	var buf bytes.Buffer
	if err := WriteTable(&buf, mustScenario(t, 5)); err != nil {
		t.Fatal(err)
	}
	got := buf.String()
	for _, want := range []string{"730,862,190,080", "1 in 730,862,190,080", "249 (24.9%)", "46.4%", "0.8%", "2,048"} {
		if !strings.Contains(got, want) {
			t.Errorf("table lacks %q:\n%s", want, got)
		}
	}
	golden := filepath.Join("testdata", "shuffle_seed5.txt")
	if *update {
		if err := os.WriteFile(golden, buf.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatalf("%v (run go test -update to create it)", err)
	}
	if got != string(want) {
		t.Errorf("table differs from %s:\n--- got\n%s\n--- want\n%s", golden, got, want)
	}
}

func TestWriteCSV(t *testing.T) {
	var buf bytes.Buffer
	r := mustScenario(t, 5)
	if err := WriteCSV(&buf, r); err != nil {
		t.Fatal(err)
	}
	// Two tables, as the text has: the simulation's, a blank line, the odds.
	blocks := strings.Split(buf.String(), "\n\n")
	if len(blocks) != 2 {
		t.Fatalf("%d CSV tables, want the simulation's and the odds:\n%s", len(blocks), buf.String())
	}
	records, err := csv.NewReader(strings.NewReader(blocks[0])).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	if len(records) != 5 {
		t.Fatalf("%d records, want a header and 4 strategies: %v", len(records), records)
	}
	if want := []string{"strategy", "customers", "lost", "degraded", "expected_lost", "expected_degraded"}; !slices.Equal(records[0], want) {
		t.Errorf("header %v, want %v", records[0], want)
	}
	if want := []string{"plain", "999", "249", "0", "249", "0"}; !slices.Equal(records[1], want) {
		t.Errorf("plain row %v, want %v", records[1], want)
	}
	for i, s := range Strategies() {
		if records[i+1][0] != string(s) {
			t.Errorf("row %d is %q, want %q", i+1, records[i+1][0], s)
		}
		row := r.Simulation.Rows()[i]
		if row.ExpectedDegraded == nil {
			if records[i+1][5] != "" {
				t.Errorf("%s: expected_degraded %q, want empty (the table's -)", s, records[i+1][5])
			}
		} else if got, _ := strconv.ParseFloat(records[i+1][5], 64); got != *row.ExpectedDegraded {
			t.Errorf("%s: expected_degraded %v, want %v", s, got, *row.ExpectedDegraded)
		}
	}
	odds, err := csv.NewReader(strings.NewReader(blocks[1])).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	if len(odds) != len(r.Combinatorics)+1 || odds[0][2] != "possible_shards" {
		t.Fatalf("odds table %v, want a header and %d fleets", odds, len(r.Combinatorics))
	}
	for i, o := range r.Combinatorics {
		if odds[i+1][2] != o.Shards || odds[i+1][4] != o.ShareAllExact || odds[i+1][6] != o.ShareAnyExact {
			t.Errorf("odds row %d = %v, want %+v", i+1, odds[i+1], o)
		}
	}
}

type failingWriter struct{}

var errDiskFull = errors.New("disk full")

func (failingWriter) Write([]byte) (int, error) { return 0, errDiskFull }

func TestWritersReportErrors(t *testing.T) {
	r := mustScenario(t, 5)
	if err := WriteTable(failingWriter{}, r); !errors.Is(err, errDiskFull) {
		t.Errorf("WriteTable to a failing writer: %v", err)
	}
	if err := WriteCSV(failingWriter{}, r); !errors.Is(err, errDiskFull) {
		t.Errorf("WriteCSV to a failing writer: %v", err)
	}
	if err := WriteTable(nil, r); err == nil {
		t.Error("WriteTable(nil) gave no error")
	}
	if err := WriteCSV(nil, r); err == nil {
		t.Error("WriteCSV(nil) gave no error")
	}
}

// A row that cannot run shows why instead of sinking the report.
func TestWriteTableShowsErrorRows(t *testing.T) {
	r := mustScenario(t, 5)
	r.Simulation.OverlapLimited = StrategyResult{Error: "no room"}
	var buf bytes.Buffer
	if err := WriteTable(&buf, r); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(buf.String(), "overlap-limited: could not run: no room") {
		t.Errorf("error row not explained:\n%s", buf.String())
	}
	// Disjoint triples of 4 workers leave room for one customer only.
	row := overlapLimitedRow(Fleet{Workers: 4, PerCustomer: 3, Customers: 1000, Strategy: StrategyOverlapLimited}, 5)
	if !strings.Contains(row.Error, "needs company") {
		t.Errorf("a fleet with room for one customer should report an error, got %+v", row)
	}
}

// Headless tables fit 80 columns: the prose and the notes under the
// simulation wrap at spaces, however long a note or an error row is.
func TestWriteTableFitsEightyColumns(t *testing.T) {
	r := mustScenario(t, 5)
	long := r
	long.Simulation.OverlapLimited = StrategyResult{Error: strings.Repeat("a reason that goes on ", 12)}
	for _, rep := range []Report{r, long} {
		var buf bytes.Buffer
		if err := WriteTable(&buf, rep); err != nil {
			t.Fatal(err)
		}
		for i, line := range strings.Split(buf.String(), "\n") {
			if n := len([]rune(line)); n > tableWidth {
				t.Errorf("line %d is %d columns wide: %q", i+1, n, line)
			}
		}
	}
}

// WriteTableWidth fits the width it is given, down to run's narrowest
// (40), by cutting each table into several led by its first column,
// without splitting or losing a cell; at 80 it is WriteTable, and at 0 a
// row and a sentence stay a line each.
func TestWriteTableWidthFitsEveryWidth(t *testing.T) {
	r := mustScenario(t, 5)
	var eighty, table bytes.Buffer
	if err := WriteTable(&table, r); err != nil {
		t.Fatal(err)
	}
	if err := WriteTableWidth(&eighty, r, 80); err != nil {
		t.Fatal(err)
	}
	if eighty.String() != table.String() {
		t.Errorf("WriteTableWidth at 80 differs from WriteTable:\n%s\n---\n%s", eighty.String(), table.String())
	}
	var wide bytes.Buffer
	if err := WriteTableWidth(&wide, r, 0); err != nil {
		t.Fatal(err)
	}
	var strategyRow string
	for _, l := range strings.Split(wide.String(), "\n") {
		if strings.HasPrefix(l, "plain ") {
			strategyRow = l
		}
	}
	if f := strings.Fields(strategyRow); len(f) != 8 { // plain, others, n (share), expected, n (share), expected
		t.Errorf("width 0: plain's row is not whole on one line: %q", strategyRow)
	}
	if !strings.Contains(wide.String(), "overlap-limited: "+r.Simulation.OverlapLimited.Note+"\n") {
		t.Errorf("width 0: the overlap-limited note is not one line:\n%s", wide.String())
	}
	cells := strings.Fields(wide.String())
	for _, width := range []int{40, 60, 100} {
		var buf bytes.Buffer
		if err := WriteTableWidth(&buf, r, width); err != nil {
			t.Fatal(err)
		}
		for i, line := range strings.Split(buf.String(), "\n") {
			if n := len([]rune(line)); n > width {
				t.Errorf("width %d: line %d is %d columns wide: %q", width, i+1, n, line)
			}
		}
		got := strings.Fields(buf.String())
		for _, c := range cells {
			if !slices.Contains(got, c) {
				t.Errorf("width %d lost or split %q:\n%s", width, c, buf.String())
			}
		}
		if width < 80 && strings.Count(buf.String(), "strategy ") < 2 {
			t.Errorf("width %d: the simulation's table was not cut into tables each led by the strategy:\n%s", width, buf.String())
		}
	}
}

// A table the width cuts from its group still says what its figures are:
// an "expected" column apart from the count it is the odds of is headed by
// what it expects (at --width 40 to 45, "lose some, carry on" and its
// expected figure did not fit one table, and the second read "strategy
// expected", the expected what unsaid).
func TestWriteTableWidthNamesACutExpectedColumn(t *testing.T) {
	r := mustScenario(t, 5)
	for _, tc := range []struct {
		width int
		want  string // the header of the table holding the lose-some figure's expectation
	}{
		{40, "expected to lose some"},
		{43, "expected to lose some"},
		{45, "expected to lose some"},
		{46, "lose some, carry on  expected"},
		{80, "lose some, carry on  expected"},
		{0, "lose some, carry on  expected"},
	} {
		var buf bytes.Buffer
		if err := WriteTableWidth(&buf, r, tc.width); err != nil {
			t.Fatal(err)
		}
		var headers []string
		for _, line := range strings.Split(buf.String(), "\n") {
			if strings.HasPrefix(line, "strategy ") {
				headers = append(headers, line)
			}
			if n := len([]rune(line)); tc.width > 0 && n > tc.width {
				t.Errorf("width %d: line is %d columns wide: %q", tc.width, n, line)
			}
		}
		found := false
		for _, h := range headers {
			found = found || strings.Contains(h, tc.want)
			if f := strings.Fields(h); len(f) > 1 && f[1] == "expected" && (len(f) < 3 || f[2] != "to") {
				t.Errorf("width %d: a table leads with a bare \"expected\": %q", tc.width, h)
			}
		}
		if !found {
			t.Errorf("width %d: no table header holds %q:\n%s", tc.width, tc.want, strings.Join(headers, "\n"))
		}
	}
	for width := 40; width <= 120; width++ {
		var buf bytes.Buffer
		if err := WriteTableWidth(&buf, r, width); err != nil {
			t.Fatal(err)
		}
		for _, line := range strings.Split(buf.String(), "\n") {
			if n := len([]rune(line)); n > width {
				t.Errorf("width %d: line is %d columns wide: %q", width, n, line)
			}
		}
	}
}
