package shuffle

import (
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"math/big"
	"slices"
	"strconv"
	"strings"

	"github.com/breakerlab/breakerlab/engine/report"
)

// Report is the result of the built-in `shuffle` scenario: the value of the
// "shuffle" key in `breakerlab run shuffle --format json`.
type Report struct {
	Combinatorics []OddsRow  `json:"combinatorics"`
	Simulation    Simulation `json:"simulation"`
	Setup         Setup      `json:"setup"`
}

// OddsRow is one line of the odds table: a fleet of Workers where every
// customer gets PerCustomer of them.
type OddsRow struct {
	Workers     int    `json:"workers"`
	PerCustomer int    `json:"per_customer"`
	Shards      string `json:"shards"` // C(n, k) in decimal, a string so that it stays exact
	// ShareAll and ShareAny are the chances that two random customers share
	// all their workers or at least one, as floats for reading; the _exact
	// fields hold the same chances as reduced fractions.
	ShareAll      float64 `json:"share_all"`
	ShareAny      float64 `json:"share_any"`
	ShareAllExact string  `json:"share_all_exact"`
	ShareAnyExact string  `json:"share_any_exact"`
}

// Simulation holds the poisoned-customer outcome under each strategy. It is
// a struct rather than a map so the JSON keys come out in teaching order.
type Simulation struct {
	Plain          StrategyResult `json:"plain"`
	Shuffle        StrategyResult `json:"shuffle"`
	Hash           StrategyResult `json:"hash"`
	OverlapLimited StrategyResult `json:"overlap-limited"`
}

// StrategyResult is one strategy's row of the simulation.
type StrategyResult struct {
	Customers    int     `json:"customers"` // the others, not counting the poisoned customer
	Lost         int     `json:"lost"`
	Degraded     int     `json:"degraded"`
	ExpectedLost float64 `json:"expected_lost"`
	// ExpectedDegraded is absent where the odds give no honest figure.
	ExpectedDegraded *float64 `json:"expected_degraded,omitempty"`
	// Note explains a row that ran under different terms than the others;
	// Error says why a row could not run at all.
	Note  string `json:"note,omitempty"`
	Error string `json:"error,omitempty"`
}

// Setup records the parameters the simulation ran with.
type Setup struct {
	Workers     int    `json:"workers"`
	Customers   int    `json:"customers"`
	PerCustomer int    `json:"per_customer"`
	Poisoned    int    `json:"poisoned"`
	MaxShared   int    `json:"max_shared"` // the limit for the overlap-limited row
	Seed        uint64 `json:"seed"`
}

// NamedResult pairs a strategy with its row, for printing in order.
type NamedResult struct {
	Strategy Strategy
	StrategyResult
}

// Rows lists the strategies' rows in the order of Strategies().
func (s Simulation) Rows() []NamedResult {
	return []NamedResult{
		{StrategyPlain, s.Plain},
		{StrategyShuffle, s.Shuffle},
		{StrategyHash, s.Hash},
		{StrategyOverlapLimited, s.OverlapLimited},
	}
}

// ScenarioFleets returns the (workers, workers per customer) pairs of the
// scenario's odds table, from a toy fleet to Route 53's 2,048 name servers
// with 4 each.
func ScenarioFleets() [][2]int {
	return [][2]int{{8, 2}, {16, 4}, {64, 4}, {100, 5}, {2048, 4}}
}

// The scenario's simulation: 8 workers, 1,000 customers with 2 each (plain
// sharding is then 4 fixed shards of 2), customer 0 poisoned, and at most 1
// shared worker for the overlap-limited row.
const (
	scenarioWorkers     = 8
	scenarioCustomers   = 1000
	scenarioPerCustomer = 2
	scenarioPoisoned    = 0
	scenarioMaxShared   = 1
)

// OddsTable computes one odds row per fleet.
func OddsTable(fleets [][2]int) ([]OddsRow, error) {
	rows := make([]OddsRow, 0, len(fleets))
	for _, f := range fleets {
		n, k := f[0], f[1]
		shards, err := Shards(n, k)
		if err != nil {
			return nil, err
		}
		all, err := ShareAll(n, k)
		if err != nil {
			return nil, err
		}
		anyShared, err := ShareAny(n, k)
		if err != nil {
			return nil, err
		}
		rows = append(rows, OddsRow{
			Workers: n, PerCustomer: k, Shards: shards.String(),
			ShareAll: ratFloat(all), ShareAny: ratFloat(anyShared),
			ShareAllExact: all.RatString(), ShareAnyExact: anyShared.RatString(),
		})
	}
	return rows, nil
}

// RunScenario runs the `shuffle` scenario with seed: the odds table, and one
// poisoned customer under each strategy. Every row's shards come from
// Assign with seed, the function the timeline uses too, so the counts here
// are the counts the shard view and the lessons show at the end of their
// runs. The plain and hash rows do not depend on the seed.
//
// A strategy that cannot run on the scenario's fleet reports why in its
// row's Error instead of failing the whole report.
func RunScenario(seed uint64) (Report, error) {
	odds, err := OddsTable(ScenarioFleets())
	if err != nil {
		return Report{}, err
	}
	report := Report{
		Combinatorics: odds,
		Setup: Setup{
			Workers: scenarioWorkers, Customers: scenarioCustomers, PerCustomer: scenarioPerCustomer,
			Poisoned: scenarioPoisoned, MaxShared: scenarioMaxShared, Seed: seed,
		},
	}
	fleet := func(s Strategy) Fleet {
		return Fleet{Workers: scenarioWorkers, PerCustomer: scenarioPerCustomer, Customers: scenarioCustomers,
			Strategy: s, MaxShared: scenarioMaxShared}
	}
	report.Simulation.Plain = resultOf(Assign(fleet(StrategyPlain), seed))
	report.Simulation.Shuffle = resultOf(Assign(fleet(StrategyShuffle), seed))
	report.Simulation.Hash = resultOf(Assign(fleet(StrategyHash), seed))
	if report.Simulation.Hash.Error == "" {
		report.Simulation.Hash.Note = "shards come from the customer ids, so no seed changes this row"
	}
	report.Simulation.OverlapLimited = overlapLimitedRow(fleet(StrategyOverlapLimited), seed)
	return report, nil
}

// overlapLimitedRow runs the overlap-limited strategy with as many customers
// as the limit allows. A small fleet holds few customers that overlap
// little (8 workers in pairs, at most 1 shared: every customer needs a pair
// of its own, and there are only 28), so the row places what fits and says
// so, which is itself the lesson: the limit buys safety with capacity.
func overlapLimitedRow(f Fleet, seed uint64) StrategyResult {
	n, k, customers, maxShared := f.Workers, f.PerCustomer, f.Customers, f.MaxShared
	capacity, err := OverlapCapacity(n, k, maxShared)
	if err != nil {
		return StrategyResult{Error: err.Error()}
	}
	placed := customers
	if capacity.Cmp(big.NewInt(int64(customers))) < 0 {
		placed = int(capacity.Int64())
	}
	if placed < 2 {
		return StrategyResult{Error: fmt.Sprintf("with at most %s shared, %d workers with %d each have room for only %s; the poisoned customer needs company",
			plural(maxShared, "worker"), n, k, plural(placed, "customer"))}
	}
	f.Customers = placed
	row := resultOf(Assign(f, seed))
	if row.Error == "" && placed < customers {
		row.Note = fmt.Sprintf("with at most %s shared, %d workers with %d each have room for only %s customers; %s of the %s were placed",
			plural(maxShared, "worker"), n, k, groupDigits(capacity.String()), groupDigits(strconv.Itoa(placed)), groupDigits(strconv.Itoa(customers)))
	}
	return row
}

// resultOf poisons the scenario's customer on an assignment and sets the
// prediction beside the count, or records why the assignment failed.
func resultOf(a *Assignment, err error) StrategyResult {
	if err != nil {
		return StrategyResult{Error: err.Error()}
	}
	out, err := Poison(a, scenarioPoisoned)
	if err != nil {
		return StrategyResult{Error: err.Error()}
	}
	want, err := Expected(a, scenarioPoisoned)
	if err != nil {
		return StrategyResult{Error: err.Error()}
	}
	row := StrategyResult{Customers: out.Customers, Lost: out.Lost, Degraded: out.Degraded, ExpectedLost: want.Lost}
	if want.DegradedKnown {
		degraded := want.Degraded
		row.ExpectedDegraded = &degraded
	}
	return row
}

// WriteTable prints the report for reading: the odds table, then the
// simulation, with thousands separators, fitted to tableWidth columns.
func WriteTable(w io.Writer, r Report) error {
	return WriteTableWidth(w, r, tableWidth)
}

// WriteTableWidth is WriteTable fitted to width columns (0: no limit, a
// row or a sentence a line): the prose and the notes wrap at spaces, and a
// table wider than width is cut into several, each led by its first
// column (the workers, the strategy), which says what a row is. No cell is
// ever split.
func WriteTableWidth(w io.Writer, r Report, width int) error {
	if w == nil {
		return errNoWriter
	}
	ew := &errWriter{w: w, width: width}
	ew.wrap("", "", "Shuffle sharding: how likely two customers are to share workers")
	ew.printf("\n")
	odds := [][]string{{"workers", "each", "possible shards", "share all workers", "share at least one"}}
	for _, row := range r.Combinatorics {
		odds = append(odds, []string{
			groupDigits(strconv.Itoa(row.Workers)),
			strconv.Itoa(row.PerCustomer),
			groupDigits(row.Shards),
			"1 in " + groupDigits(row.Shards),
			report.Percent1(row.ShareAny),
		})
	}
	// The shards go with the workers each: they are the ways of picking
	// that many.
	writeColumns(ew, odds, 0, [][]int{{1, 2}, {3}, {4}}, nil)

	s := r.Setup
	ew.printf("\n")
	// The seed, which the JSON gives in its setup, places the shuffle
	// and overlap-limited rows' shards: without it the table's counts
	// could not be told from another seed's. The odds above need none.
	ew.wrap("", "", fmt.Sprintf("One poisoned customer, seed %d: %s workers, %s customers with %d workers each.",
		s.Seed, groupDigits(strconv.Itoa(s.Workers)), groupDigits(strconv.Itoa(s.Customers)), s.PerCustomer))
	ew.wrap("", "", fmt.Sprintf("Customer %d's requests crash every worker they reach: its whole shard goes down.", s.Poisoned))
	ew.wrap("", "", "The others retry on their other workers and lose service only if all are down.")
	ew.printf("\n")
	sim := [][]string{{"strategy", "others", "lose service", "expected", "lose some, carry on", "expected"}}
	var notes []string
	for _, row := range r.Simulation.Rows() {
		if row.Error != "" {
			sim = append(sim, []string{string(row.Strategy), "-", "-", "-", "-", "-"})
			notes = append(notes, fmt.Sprintf("%s: could not run: %s", row.Strategy, row.Error))
			continue
		}
		expectedDegraded := "-"
		if row.ExpectedDegraded != nil {
			expectedDegraded = strconv.FormatFloat(*row.ExpectedDegraded, 'f', 1, 64)
		}
		sim = append(sim, []string{
			string(row.Strategy),
			groupDigits(strconv.Itoa(row.Customers)),
			countWithShare(row.Lost, row.Customers),
			strconv.FormatFloat(row.ExpectedLost, 'f', 1, 64),
			countWithShare(row.Degraded, row.Customers),
			expectedDegraded,
		})
		if row.Note != "" {
			notes = append(notes, fmt.Sprintf("%s: %s", row.Strategy, row.Note))
		}
	}
	// Each expected figure stays beside the count it is the odds of.
	// Where the width cuts a pair (a "lose some, carry on" group is 46
	// columns with the strategy, wider than --width 40 to 45), the
	// figure's table no longer says what it expects: its header says so
	// instead of a bare "expected".
	writeColumns(ew, sim, 1, [][]int{{1}, {2, 3}, {4, 5}},
		map[int]string{3: "expected to lose service", 5: "expected to lose some"})
	if len(notes) > 0 {
		ew.printf("\n")
		for _, note := range notes {
			ew.wrap("  ", "    ", note)
		}
	}
	return ew.err
}

// WriteCSV writes one row per strategy under a header:
// strategy,customers,lost,degraded,expected_lost.
func WriteCSV(w io.Writer, r Report) error {
	if w == nil {
		return errNoWriter
	}
	cw := csv.NewWriter(w)
	// The simulation's table first (its first five columns are the ones
	// scripts have always read), then, after a blank line, the odds table:
	// every column the text table has, in two CSV tables as it has two.
	if err := cw.Write([]string{"strategy", "customers", "lost", "degraded", "expected_lost", "expected_degraded"}); err != nil {
		return err
	}
	for _, row := range r.Simulation.Rows() {
		expectedDegraded := "" // no honest figure: the text table's "-"
		if row.ExpectedDegraded != nil {
			expectedDegraded = strconv.FormatFloat(*row.ExpectedDegraded, 'f', -1, 64)
		}
		record := []string{
			string(row.Strategy),
			strconv.Itoa(row.Customers),
			strconv.Itoa(row.Lost),
			strconv.Itoa(row.Degraded),
			strconv.FormatFloat(row.ExpectedLost, 'f', -1, 64),
			expectedDegraded,
		}
		if err := cw.Write(record); err != nil {
			return err
		}
	}
	cw.Flush()
	if err := cw.Error(); err != nil {
		return err
	}
	if _, err := io.WriteString(w, "\n"); err != nil {
		return err
	}
	if err := cw.Write([]string{"workers", "per_customer", "possible_shards", "share_all", "share_all_exact", "share_any", "share_any_exact"}); err != nil {
		return err
	}
	for _, o := range r.Combinatorics {
		record := []string{
			strconv.Itoa(o.Workers), strconv.Itoa(o.PerCustomer), o.Shards,
			strconv.FormatFloat(o.ShareAll, 'g', -1, 64), o.ShareAllExact,
			strconv.FormatFloat(o.ShareAny, 'g', -1, 64), o.ShareAnyExact,
		}
		if err := cw.Write(record); err != nil {
			return err
		}
	}
	cw.Flush()
	return cw.Error()
}

// plural formats a count with its noun, "1 worker", "2 workers".
func plural(count int, noun string) string {
	if count == 1 {
		return "1 " + noun
	}
	return groupDigits(strconv.Itoa(count)) + " " + noun + "s"
}

// countWithShare formats "249 (24.9%)"; with no customers there is no share.
func countWithShare(count, of int) string {
	if of == 0 {
		return groupDigits(strconv.Itoa(count))
	}
	return fmt.Sprintf("%s (%s)", groupDigits(strconv.Itoa(count)), report.Percent1(float64(count)/float64(of)))
}

// writeColumns prints rows of cells, the first row a header, each column as
// wide as its widest cell. The first leftAligned columns are aligned left
// (names), the rest right (numbers). groups are the columns after the
// first, in order, those of a group read together: when the rows are wider
// than ew.width the columns are cut into several tables, whole groups
// apiece where they fit (fitGroups), each led by the first column. A
// column in alone that lands in a table without the first column of its
// group takes alone's header there, which says what its bare header said
// only beside the group.
func writeColumns(ew *errWriter, rows [][]string, leftAligned int, groups [][]int, alone map[int]string) {
	var widths []int
	for _, row := range rows {
		for i, cell := range row {
			if i == len(widths) {
				widths = append(widths, 0)
			}
			widths[i] = max(widths[i], len([]rune(cell)))
		}
	}
	for p, part := range fitGroups(widths, groups, ew.width) {
		if p > 0 {
			ew.printf("\n")
		}
		cols := append([]int{0}, part...)
		header := map[int]string{}
		for _, g := range groups {
			if len(g) > 1 && !slices.Contains(part, g[0]) {
				for _, c := range g[1:] {
					if h, ok := alone[c]; ok && slices.Contains(part, c) {
						header[c] = h
					}
				}
			}
		}
		for r, row := range rows {
			var line strings.Builder
			for k, i := range cols {
				if k > 0 {
					line.WriteString("  ")
				}
				cell := ""
				if i < len(row) {
					cell = row[i]
				}
				w := widths[i]
				if h, ok := header[i]; ok {
					w = max(w, len([]rune(h)))
					if r == 0 {
						cell = h
					}
				}
				pad := strings.Repeat(" ", w-len([]rune(cell)))
				if i < leftAligned {
					line.WriteString(cell + pad)
				} else {
					line.WriteString(pad + cell)
				}
			}
			ew.printf("%s\n", strings.TrimRight(line.String(), " "))
		}
	}
}

// fitGroups cuts the columns of groups into tables that fit width beside
// the first column, two spaces between columns: whole groups while they
// fit, and a group too wide for a table of its own a column at a time. A
// column too wide even for that gets a table alone. Width 0 fits all.
func fitGroups(widths []int, groups [][]int, width int) [][]int {
	var all []int
	for _, g := range groups {
		all = append(all, g...)
	}
	span := func(cols []int) int {
		n := 0
		for _, c := range cols {
			n += 2 + widths[c]
		}
		return n
	}
	if width <= 0 || widths[0]+span(all) <= width {
		return [][]int{all}
	}
	var parts [][]int
	var cur []int
	add := func(cols []int) {
		if len(cur) > 0 && widths[0]+span(cur)+span(cols) > width {
			parts = append(parts, cur)
			cur = nil
		}
		cur = append(cur, cols...)
	}
	for _, g := range groups {
		if widths[0]+span(g) <= width {
			add(g)
			continue
		}
		for _, c := range g {
			add([]int{c})
		}
	}
	return append(parts, cur)
}

// errWriter keeps the first write error so that a long run of prints can be
// checked once at the end.
type errWriter struct {
	w     io.Writer
	err   error
	width int // the columns a line may take, 0 for no limit
}

// tableWidth is the width WriteTable fits, so that `run shuffle` fits a
// terminal of 80 columns like every headless table.
const tableWidth = 80

// wrap prints text as lines of at most ew.width columns, breaking at
// spaces only; the first line starts with first and the others with rest,
// so a note's continuation can stand out. A word longer than a line is
// printed whole on a line of its own.
func (ew *errWriter) wrap(first, rest, text string) {
	line := first
	fresh := true // nothing but the indent on the line yet
	for _, word := range strings.Fields(text) {
		if !fresh && ew.width > 0 && len([]rune(line))+1+len([]rune(word)) > ew.width {
			ew.printf("%s\n", line)
			line, fresh = rest, true
		}
		if !fresh {
			line += " "
		}
		line += word
		fresh = false
	}
	ew.printf("%s\n", line)
}

func (ew *errWriter) printf(format string, args ...any) {
	if ew.err != nil {
		return
	}
	_, ew.err = fmt.Fprintf(ew.w, format, args...)
}

// errNoWriter is returned when a writer is missing, rather than panicking on
// the first print.
var errNoWriter = errors.New("no writer given")
