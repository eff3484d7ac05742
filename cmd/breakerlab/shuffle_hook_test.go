package main

import (
	"encoding/csv"
	"encoding/json"
	"fmt"
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/engine/shuffle"
	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/breakerlab/breakerlab/lessons"
	"github.com/breakerlab/breakerlab/tui/shardview"
	tea "github.com/charmbracelet/bubbletea"
)

// shuffleCounts is what every view says of one strategy's row: the other
// customers, and how many of them lose service or are degraded.
type shuffleCounts struct{ Customers, Lost, Degraded int }

// oneTruthSeeds are the seeds the views are compared on: the references' 5
// and others, since two random streams can agree on one seed by luck.
var oneTruthSeeds = []uint64{1, 5, 42, 2026}

// One seed, one count: `run shuffle` as a table and as JSON, the shard view
// at the end of its run, and the numbers lesson 8's text quotes all give the
// same customers lost and degraded. Before the shards came from one
// function, the shard view and the lesson drew them from the timeline's own
// stream and said 38 and 425 on seed 5 where `run` said 25 and 452.
func TestShuffleViewsAgreeOnEverySeed(t *testing.T) {
	racefree.Only(t)
	for _, seed := range oneTruthSeeds {
		t.Run(fmt.Sprint("seed ", seed), func(t *testing.T) {
			want := shuffleJSONCounts(t, seed)
			if len(want) != len(shuffle.Strategies()) {
				t.Fatalf("the JSON has %d strategy rows, want %d", len(want), len(shuffle.Strategies()))
			}
			compareCounts(t, "the table", shuffleTableCounts(t, seed), want)
			compareCounts(t, "the shard view", shardViewCounts(t, seed), want)
			checked := 0
			for _, q := range lessonEightQuotes(t, seed) {
				w, ok := want[q.strategy]
				if !ok {
					t.Fatalf("lesson 8 quotes %q for strategy %q, which the report lacks", q.expr, q.strategy)
				}
				var n int
				switch q.metric {
				case "lost", "ever-lost":
					n = w.Lost
				case "degraded", "ever-degraded":
					n = w.Degraded
				case "customers":
					n = w.Customers
				}
				checked++
				if q.value != n {
					t.Errorf("lesson 8 step %d quotes {{%s}} as %d; `run shuffle --seed %d` says %d", q.step, q.expr, q.value, seed, n)
				}
			}
			t.Logf("compared %d numbers lesson 8 quotes", checked)
			// The lesson quotes at least the plain and shuffle counts; a
			// test that compared nothing would pass whatever the lesson said.
			if checked < 4 {
				t.Errorf("only %d of lesson 8's quoted numbers were compared; the alignment of text and placeholders failed?", checked)
			}
		})
	}
}

func compareCounts(t *testing.T, what string, got, want map[shuffle.Strategy]shuffleCounts) {
	t.Helper()
	for s, w := range want {
		g, ok := got[s]
		if !ok {
			t.Errorf("%s has no %s row", what, s)
			continue
		}
		if g != w {
			t.Errorf("%s, %s: %+v; the JSON says %+v", what, s, g, w)
		}
	}
}

// shuffleJSONCounts reads `run shuffle --format json`.
func shuffleJSONCounts(t *testing.T, seed uint64) map[shuffle.Strategy]shuffleCounts {
	t.Helper()
	out, errOut, code := run(t, "run", "shuffle", "--seed", fmt.Sprint(seed), "--format", "json")
	if code != 0 {
		t.Fatalf("run shuffle --format json: exit %d: %s", code, errOut)
	}
	var doc struct {
		Shuffle struct {
			Simulation map[shuffle.Strategy]shuffleCounts `json:"simulation"`
		} `json:"shuffle"`
	}
	if err := json.Unmarshal([]byte(out), &doc); err != nil {
		t.Fatal(err)
	}
	return doc.Shuffle.Simulation
}

// tableRow matches a strategy's row of `run shuffle`'s table: the name, the
// others, the lost with their share, the expectation, the degraded.
var tableRow = regexp.MustCompile(`(?m)^([a-z-]+)\s+([\d,]+)\s+([\d,]+) \([\d.]+%\)\s+[\d.]+\s+([\d,]+) \([\d.]+%\)`)

func shuffleTableCounts(t *testing.T, seed uint64) map[shuffle.Strategy]shuffleCounts {
	t.Helper()
	out, errOut, code := run(t, "run", "shuffle", "--seed", fmt.Sprint(seed))
	if code != 0 {
		t.Fatalf("run shuffle: exit %d: %s", code, errOut)
	}
	got := map[shuffle.Strategy]shuffleCounts{}
	for _, m := range tableRow.FindAllStringSubmatch(out, -1) {
		got[shuffle.Strategy(m[1])] = shuffleCounts{Customers: atoi(t, m[2]), Lost: atoi(t, m[3]), Degraded: atoi(t, m[4])}
	}
	return got
}

// shardViewCounts plays the shard view as `breakerlab sandbox shuffle
// --seed N` opens it, to the end of its run with →, and reads each
// strategy's counts there, moving the right side on with s. It checks the
// screen too: the "lost (none left)" row shows the model's counts.
func shardViewCounts(t *testing.T, seed uint64) map[shuffle.Strategy]shuffleCounts {
	t.Helper()
	m, err := shardview.New(shardview.Options{Seed: seed})
	if err != nil {
		t.Fatal(err)
	}
	m = sendShard(m, tea.WindowSizeMsg{Width: 80, Height: 24})
	end := m.Setup().Duration()
	for m.Now() < end {
		m = sendShard(m, tea.KeyMsg{Type: tea.KeyRight})
	}
	got := map[shuffle.Strategy]shuffleCounts{}
	read := func(side int, s shuffle.Strategy) {
		now := m.Snapshots()[side].Now
		c := shuffleCounts{Customers: now.Healthy + now.Degraded + now.Lost, Lost: now.Lost, Degraded: now.Degraded}
		got[s] = c
		screen := lostOnScreen.FindAllStringSubmatch(m.View(), -1)
		if len(screen) != 2 || atoi(t, screen[side][1]) != c.Lost {
			t.Errorf("shard view, %s: the model has %d lost, the screen shows %v", s, c.Lost, screen)
		}
	}
	read(0, m.Setup().Left)
	for range len(shuffle.Strategies()) - 1 {
		read(1, m.Setup().Right)
		m = sendShard(m, tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune{'s'}})
		if m.Now() != end {
			t.Fatalf("changing the strategy moved the clock to %v", m.Now())
		}
	}
	return got
}

var lostOnScreen = regexp.MustCompile(`lost \(none left\)\s+([\d,]+)`)

func sendShard(m shardview.Model, msg tea.Msg) shardview.Model {
	next, _ := m.Update(msg)
	return next.(shardview.Model)
}

// quote is one number lesson 8's text shows, with the placeholder it came
// from and the strategy row it speaks of.
type quote struct {
	step     int
	expr     string
	metric   string
	strategy shuffle.Strategy
	value    int
}

// countMetrics are the metrics that quote a row's counts.
var countMetrics = map[string]bool{"lost": true, "ever-lost": true, "degraded": true, "ever-degraded": true, "customers": true}

var placeholder = regexp.MustCompile(`\{\{(.*?)\}\}`)

// lessonEightQuotes prepares lesson 8 with seed, as `breakerlab lesson 8
// --check` does with the lesson's own, and returns the numbers its step
// texts show for the shuffle report's fleet. A step whose overrides change
// the fleet is left out, except the overlap-limited one that sets the
// customers to the number the report places.
func lessonEightQuotes(t *testing.T, seed uint64) []quote {
	t.Helper()
	l := lessonWithSeed(t, seed)
	p, err := lessons.Prepare(l, nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := p.Verify(); err != nil {
		t.Errorf("lesson 8 with seed %d: %v", seed, err)
	}
	report, err := shuffle.RunScenario(seed)
	if err != nil {
		t.Fatal(err)
	}
	var out []quote
	for i, st := range p.Steps {
		values := alignPlaceholders(t, st.Body, st.Text)
		for j, m := range placeholder.FindAllStringSubmatch(st.Body, -1) {
			expr, _, _ := strings.Cut(m[1], "|")
			fields := strings.Fields(expr)
			if len(fields) != 2 || !countMetrics[fields[0]] {
				continue
			}
			strategy, ok := quotedStrategy(st.Step, fields[1], report)
			if !ok {
				continue
			}
			out = append(out, quote{step: i + 1, expr: strings.TrimSpace(m[1]), metric: fields[0], strategy: strategy,
				value: atoi(t, values[j])})
		}
	}
	return out
}

// quotedStrategy names the report row a placeholder's run stands for: a
// shuffle/V run is row V; step is the step's own timeline, which is row V
// when it keeps the report's fleet.
func quotedStrategy(st *lessons.Step, runArg string, report shuffle.Report) (shuffle.Strategy, bool) {
	rows := report.Simulation.Rows()
	if v, ok := strings.CutPrefix(runArg, "shuffle/"); ok {
		n, err := strconv.Atoi(v)
		if err != nil || n < 0 || n >= len(rows) {
			return "", false
		}
		return rows[n].Strategy, true
	}
	if runArg != "step" || !st.Sim.IsShuffle() || st.Sim.Variant >= len(rows) {
		return "", false
	}
	row := rows[st.Sim.Variant]
	for _, o := range st.Sim.Set {
		if o.Key != "customers" || fmt.Sprint(o.Value) != fmt.Sprint(row.Customers+1) {
			return "", false
		}
	}
	return row.Strategy, true
}

// lessonWithSeed parses lesson 8's file with its front matter's seed set.
func lessonWithSeed(t *testing.T, seed uint64) *lessons.Lesson {
	t.Helper()
	const name = "08-shuffle-sharding.md"
	data, err := os.ReadFile("../../lessons/content/" + name)
	if err != nil {
		t.Fatal(err)
	}
	front, rest, ok := strings.Cut(string(data), "+++\n")
	if !ok || front != "" {
		t.Fatalf("%s does not open with its front matter", name)
	}
	if strings.Contains(strings.SplitN(rest, "+++", 2)[0], "seed") {
		t.Fatalf("%s sets its own seed; this test sets it", name)
	}
	l, err := lessons.Parse(name, []byte(fmt.Sprintf("+++\nseed = %d\n%s", seed, rest)))
	if err != nil {
		t.Fatal(err)
	}
	return l
}

// alignPlaceholders returns what each placeholder of body became in text,
// the same body filled: the literal runs between placeholders are equal in
// both, so each value is what lies between them.
func alignPlaceholders(t *testing.T, body, text string) []string {
	t.Helper()
	literals := placeholder.Split(body, -1)
	if !strings.HasPrefix(text, literals[0]) {
		t.Fatalf("the filled text does not start as the body does:\n%s", text)
	}
	pos := len(literals[0])
	var values []string
	for _, lit := range literals[1:] {
		if lit == "" {
			t.Fatalf("two placeholders touch in %q; their values cannot be told apart", body)
		}
		at := strings.Index(text[pos:], lit)
		if at < 0 {
			t.Fatalf("cannot find %q in the filled text after offset %d", lit, pos)
		}
		values = append(values, text[pos:pos+at])
		pos += at + len(lit)
	}
	return values
}

func atoi(t *testing.T, s string) int {
	t.Helper()
	n, err := strconv.Atoi(strings.ReplaceAll(strings.TrimSpace(s), ",", ""))
	if err != nil {
		t.Fatalf("%q is not a count", s)
	}
	return n
}

// run shuffle --format csv is one CSV table, the simulation's, that a CSV
// reader reads whole: it printed the odds table after it, with other
// columns, behind a blank line. A line on stderr says where the odds are.
func TestShuffleCSVIsOneTable(t *testing.T) {
	racefree.Only(t) // no goroutine: the command reads and prints in the test's own
	out, stderr, code := run(t, "run", "shuffle", "--format", "csv")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	rows, err := csv.NewReader(strings.NewReader(out)).ReadAll()
	if err != nil {
		t.Fatalf("%v in %q", err, out)
	}
	if strings.Contains(out, "\n\n") || len(rows) < 3 || strings.Join(rows[0], ",") != "strategy,customers,lost,degraded,expected_lost,expected_degraded" {
		t.Errorf("csv %q", out)
	}
	if !strings.Contains(stderr, "odds") || !strings.Contains(stderr, "--format json") {
		t.Errorf("stderr %q should say where the odds table is", stderr)
	}
}
