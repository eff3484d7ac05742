package drill

import (
	"fmt"
	"strings"
	"time"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/breaker"
	"github.com/breakerlab/breakerlab/engine/retry"
	"github.com/breakerlab/breakerlab/engine/scenarios"
	"github.com/breakerlab/breakerlab/engine/shuffle"
)

// BulkheadDefault is one library's documented bulkhead default.
type BulkheadDefault struct {
	Library, Setting, Value string
}

// BulkheadDefaults are the bulkhead and cap defaults the references quote,
// each checked against the library's source:
//   - Resilience4j, resilience4j-bulkhead/src/main/java/io/github/
//     resilience4j/bulkhead/BulkheadConfig.java: DEFAULT_MAX_CONCURRENT_CALLS
//     = 25, DEFAULT_MAX_WAIT_DURATION = Duration.ofSeconds(0);
//     ThreadPoolBulkheadConfig.java: DEFAULT_QUEUE_CAPACITY = 100.
//   - Envoy, api/envoy/config/cluster/v3/circuit_breaker.proto (Thresholds):
//     max_connections, max_pending_requests and max_requests default to
//     1024, max_retries to 3.
//
// TestCheatSheetQuotesTheDefaults ties the sheet to this table.
var BulkheadDefaults = []BulkheadDefault{
	{"Resilience4j", "semaphore", "25 calls at once, no wait (maxWaitDuration 0)"},
	{"Resilience4j", "thread pool", "a queue of 100 in front of its threads"},
	{"Envoy", "per cluster", "1,024 connections, pending and requests; 3 retries"},
}

// Orders are the two composition orders, outermost first, with sources.
var Orders = []struct{ Source, Order string }{
	{"Resilience4j", "Retry(CircuitBreaker(RateLimiter(TimeLimiter(Bulkhead(call)))))"},
	{"Polly v8", "rate limiter > total timeout > retry > breaker > attempt timeout"},
}

// Decisions is the decision table: which tool for which situation
// (seeds/001's summary, with shuffle sharding from seeds/000).
var Decisions = []struct{ Situation, Tool string }{
	{"every outbound call", "a timeout from p99, within the deadline left"},
	{"transient errors", "retry with backoff and jitter: idempotent calls, under a budget"},
	{"one dependency hogs all", "a bulkhead per dependency: rate × p99 + headroom"},
	{"down or slow for long", "a breaker and a fallback, with traffic enough to judge"},
	{"a customer kills servers", "shuffle sharding; clients retry on their other workers"},
	{"protect a downstream", "a rate limiter (how fast), not a bulkhead (how many)"},
}

// FailureModes lists how each tool goes wrong.
var FailureModes = []struct{ Tool, Modes string }{
	{"timeout", "too long fills the pool; too short fails good calls; no relief for the provider"},
	{"bulkhead", "too small refuses peaks; shares past the pool; unbounded queues"},
	{"breaker", "flaps; never opens (slow calls not counted, retries inside hide failures); minimum above the traffic; one for many dependencies; late recovery"},
	{"retry", "storms; retrying refusals; non-idempotent repeats; no jitter"},
	{"fallback", "untested; loads another system (all servers hit the database); stale for ever"},
	{"shuffle", "clients that do not retry on their other workers"},
}

// Format is a cheat sheet's output format.
type Format string

// The formats the cheat sheet writes.
const (
	Text     Format = "text"
	Markdown Format = "markdown"
)

// CheatSheet writes the one-page cheat sheet in 80 columns (text) or as
// Markdown for printing. Its breaker table is engine/breaker's presets as
// they are, every row they describe; the worked numbers come from the
// built-in scenarios, engine/shuffle and engine/retry.
func CheatSheet(f Format) (string, error) {
	var s sheet
	switch f {
	case Text:
		s.md = false
	case Markdown:
		s.md = true
	default:
		return "", fmt.Errorf("unknown format %q (allowed: text, markdown)", f)
	}
	s.title("breakerlab cheat sheet: breakers, bulkheads, timeouts, retries, shuffle sharding")
	s.breakers()
	s.section("Bulkheads, caps and retry budgets")
	for _, d := range BulkheadDefaults {
		s.row(d.Library+" "+d.Setting, d.Value)
	}
	aws, envoy := retry.NewAWSTokenBucket(), retry.NewEnvoyBudget()
	s.row("AWS retry quota", fmt.Sprintf("%d tokens; a retry %d, after a timeout %d; first-try success +%d",
		aws.Capacity, aws.RetryCost, aws.TimeoutCost, aws.NoRetryIncrement))
	s.row("Envoy retry budget", fmt.Sprintf("retries in flight <= %s of active requests, at least %d", pct(envoy.Share), envoy.MinRetries))
	s.formulas()
	s.section("Composition, outermost first")
	for _, o := range Orders {
		s.row(o.Source, o.Order)
	}
	s.row("both", "retry outside, breaker in the middle, attempt timeout inside; never retry a refusal (seeds/001)")
	s.section("Which tool")
	for _, d := range Decisions {
		s.row(d.Situation, d.Tool)
	}
	s.section("How each goes wrong")
	for _, m := range FailureModes {
		s.row(m.Tool, m.Modes)
	}
	return s.String(), nil
}

// sheet builds the cheat sheet in either format. Rows wait until their
// section ends, so that the labels' column fits the section's labels.
type sheet struct {
	md   bool
	b    strings.Builder
	rows [][2]string
}

func (s *sheet) String() string {
	s.flush()
	return s.b.String()
}

func (s *sheet) title(t string) {
	if s.md {
		fmt.Fprintf(&s.b, "# %s\n", t)
		return
	}
	fmt.Fprintf(&s.b, "%s\n", strings.ToUpper(t[:1])+t[1:])
}

func (s *sheet) section(t string) {
	s.flush()
	if s.md {
		fmt.Fprintf(&s.b, "\n## %s\n\n", t)
		return
	}
	fmt.Fprintf(&s.b, "\n%s\n", t)
}

// width is the text sheet's width; maxLabel the widest label column.
const (
	width    = 80
	maxLabel = 28
)

// row adds a label and its text to the section.
func (s *sheet) row(l, text string) { s.rows = append(s.rows, [2]string{l, text}) }

// flush writes the section's rows: a list in Markdown; in text, a column
// of labels as wide as the longest (at most maxLabel) and the texts wrapped
// beside it with a hanging indent.
func (s *sheet) flush() {
	rows := s.rows
	s.rows = nil
	if s.md {
		for _, r := range rows {
			fmt.Fprintf(&s.b, "- **%s**: %s\n", r[0], r[1])
		}
		return
	}
	col := 0
	for _, r := range rows {
		if n := len([]rune(r[0])) + 4; n <= maxLabel {
			col = max(col, n)
		}
	}
	for _, r := range rows {
		lead := "  " + r[0]
		if len([]rune(lead))+2 > col {
			// A label too long for the column takes its own line.
			s.b.WriteString(lead + "\n")
			lead = ""
		}
		for i, line := range wrap(r[1], width-col) {
			if i == 0 {
				fmt.Fprintf(&s.b, "%-*s%s\n", col+len(lead)-len([]rune(lead)), lead, line)
				continue
			}
			fmt.Fprintf(&s.b, "%s%s\n", strings.Repeat(" ", col), line)
		}
	}
}

// wrap cuts text into lines of at most w runes, at spaces; a word longer
// than w stands on its own line.
func wrap(text string, w int) []string {
	var lines []string
	line := ""
	for _, word := range strings.Fields(text) {
		if line != "" && len([]rune(line))+1+len([]rune(word)) > w {
			lines = append(lines, line)
			line = ""
		}
		if line != "" {
			line += " "
		}
		line += word
	}
	if line != "" || len(lines) == 0 {
		lines = append(lines, line)
	}
	return lines
}

// breakers writes the presets side by side, every row Describe gives
// except those no library sets.
func (s *sheet) breakers() {
	presets := breaker.Presets()
	s.section("Breaker defaults (engine/breaker presets; `breakerlab presets` cites sources)")
	cols := make([][]breaker.Setting, len(presets))
	for i, p := range presets {
		cols[i] = p.Config.Describe()
	}
	var rows [][]string
	var unset []string
	for r := range cols[0] {
		row := []string{cols[0][r].Name}
		set := false
		for i := range presets {
			v := cols[i][r].Value
			set = set || v != "-"
			row = append(row, v)
		}
		if !set {
			unset = append(unset, cols[0][r].Name)
			continue
		}
		rows = append(rows, row)
	}
	head := []string{""}
	for _, p := range presets {
		head = append(head, p.Name)
	}
	if s.md {
		fmt.Fprintf(&s.b, "| %s |\n|%s\n", strings.Join(head, " | "), strings.Repeat("---|", len(head)))
		for _, r := range rows {
			fmt.Fprintf(&s.b, "| %s |\n", strings.Join(r, " | "))
		}
	} else {
		s.table(head, rows)
	}
	if len(unset) > 0 {
		note := "No library sets: " + strings.Join(unset, ", ") + "."
		if s.md {
			fmt.Fprintf(&s.b, "\n%s\n", note)
		} else {
			for _, l := range wrap(note, width-2) {
				fmt.Fprintf(&s.b, "  %s\n", l)
			}
		}
	}
}

// table writes rows in columns that fit the width: each column gets at
// least its longest word and its header, the rest of the room goes to the
// columns whose values are longest, and a value wider than its column
// wraps onto the next line.
func (s *sheet) table(head []string, rows [][]string) {
	n := len(head)
	need := make([]int, n) // longest whole value
	least := make([]int, n)
	for c := range n {
		least[c] = len([]rune(head[c]))
		need[c] = least[c]
		for _, r := range rows {
			need[c] = max(need[c], len([]rune(r[c])))
			for _, w := range strings.Fields(r[c]) {
				least[c] = max(least[c], len([]rune(w)))
			}
		}
	}
	widths := append([]int(nil), least...)
	room := width - 2 - (n - 1) // indent and one space between columns
	for _, w := range widths {
		room -= w
	}
	// Hand out the room one cell at a time to the column furthest from
	// its whole width, so that as few values as possible wrap.
	for room > 0 {
		best, gap := -1, 0
		for c := range n {
			if g := need[c] - widths[c]; g > gap {
				best, gap = c, g
			}
		}
		if best < 0 {
			break
		}
		widths[best]++
		room--
	}
	line := func(cells []string) {
		parts := make([][]string, n)
		tall := 1
		for c := range n {
			parts[c] = wrap(cells[c], widths[c])
			tall = max(tall, len(parts[c]))
		}
		for i := range tall {
			var b strings.Builder
			b.WriteString("  ")
			for c := range n {
				v := ""
				if i < len(parts[c]) {
					v = parts[c][i]
				}
				if c < n-1 {
					fmt.Fprintf(&b, "%-*s ", widths[c], v)
				} else {
					b.WriteString(v)
				}
			}
			s.b.WriteString(strings.TrimRight(b.String(), " ") + "\n")
		}
	}
	line(head)
	for _, r := range rows {
		line(r)
	}
}

// formulas writes the arithmetic of the trade, each with a worked example
// whose numbers come from the built-in scenarios and the engine's packages.
func (s *sheet) formulas() {
	s.section("Formulas, with the references' numbers")
	cascade := scenarios.Cascade().Variants[0].System
	normal, rate, timeout := 0.0, 0.0, time.Duration(0)
	for _, e := range cascade.Endpoints {
		d := dependencyOf(cascade, e.Calls)
		normal += e.Rate * d.Latency.Mean.Seconds()
		if len(d.Faults) > 0 {
			rate, timeout = e.Rate, d.Policy.Timeout
		}
	}
	s.row("Little's law", fmt.Sprintf("in flight = rate × time: the cascade holds %s of %d workers on a "+
		"normal day, %s × %s = %s while recommendations hang", trim(normal), cascade.Workers, trim(rate), breaker.Words(timeout), trim(rate*timeout.Seconds())))
	checkout := scenarios.Checkout()
	slow, fast := checkout.Variants[1].System, checkout.Variants[2].System
	held := func(sys engine.System) (float64, time.Duration, float64) {
		for _, e := range sys.Endpoints {
			if e.Calls != "" {
				d := dependencyOf(sys, e.Calls)
				return e.Rate, d.Policy.Timeout, e.Rate * d.Policy.Timeout.Seconds()
			}
		}
		return 0, 0, 0
	}
	r1, t1, h1 := held(slow)
	r2, t2, h2 := held(fast)
	s.row("pool fills", fmt.Sprintf("when rate × timeout >= pool: %s × %s = %s < %d (a timeout is "+
		"enough); %s × %s = %s > %d (it is not)", trim(r1), breaker.Words(t1), trim(h1), slow.Workers, trim(r2), breaker.Words(t2), trim(h2), fast.Workers))
	prot := checkout.Variants[3].System
	pay := dependencyOf(prot, "payment")
	s.row("bulkhead size", fmt.Sprintf("rate × p99 + headroom, shares within the pool: %s × %s = %d",
		trim(r1), breaker.Words(pay.Latency.P99), pay.Policy.Bulkhead))
	s.row("timeout", "about p99 × 2, never more than the deadline left")
	r4j := breaker.Resilience4j()
	s.row("earliest open", fmt.Sprintf("minimum calls ÷ rate: Resilience4j's %d at 30 a minute, %s s",
		r4j.MinimumCalls, trim(float64(r4j.MinimumCalls)/0.5)))
	c82, _ := shuffle.Shards(8, 2)
	c20484, _ := shuffle.Shards(2048, 4)
	s.row("shuffle odds", fmt.Sprintf("share all k: 1 in C(n, k), plain: k/n. C(8, 2) = %s: 1 in %s, "+
		"not 1 in 4; C(2048, 4) = %s", c82, c82, groupDigits(c20484.String())))
	aws := retry.NewAWSTokenBucket()
	s.row("retry budget", fmt.Sprintf("in an outage, tokens ÷ cost: %d ÷ %d = %d (%d after timeouts)",
		aws.Capacity, aws.RetryCost, aws.Capacity/aws.RetryCost, aws.Capacity/aws.TimeoutCost))
}

func dependencyOf(sys engine.System, name string) engine.Dependency {
	for _, d := range sys.Dependencies {
		if d.Name == name {
			return d
		}
	}
	return engine.Dependency{}
}
