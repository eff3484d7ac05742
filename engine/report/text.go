package report

import (
	"encoding/csv"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"github.com/breakerlab/breakerlab/engine"
)

// column is one endpoint outcome shown in the table; waiting marks the
// column of requests still without an answer, which a finished run (it
// drains every open request) never has.
type column struct {
	endpoint int
	outcome  engine.Outcome
	waiting  bool
}

// WriteTable prints one row per variant with the share of each endpoint's
// outcomes (an outcome gets a column only if some variant has it), then each
// variant's breaker transitions and its dependencies' load.
func WriteTable(w io.Writer, sc *engine.Scenario, seed uint64, snaps []engine.Snapshot) error {
	if len(snaps) == 0 {
		return nil
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%s, seed %d: %s\n", sc.Name, seed, sc.Summary)
	fmt.Fprintf(&b, "Share of each endpoint's requests that arrived from %s to %s\n\n", seconds(sc.MeasureFrom), seconds(sc.MeasureTo))

	first := snaps[0]
	var cols []column
	for ei := range first.Endpoints {
		for _, o := range engine.Outcomes {
			used := o == engine.OK
			for _, s := range snaps {
				if ei < len(s.Endpoints) && s.Endpoints[ei].Window[o] > 0 {
					used = true
				}
			}
			if used {
				cols = append(cols, column{endpoint: ei, outcome: o})
			}
		}
		for _, s := range snaps {
			if ei < len(s.Endpoints) && WindowTally(&s.Endpoints[ei]).Waiting() > 0 {
				cols = append(cols, column{endpoint: ei, waiting: true})
				break
			}
		}
	}
	nameWidth := len("design")
	for _, s := range snaps {
		nameWidth = max(nameWidth, len(s.Variant))
	}
	const cell = 9
	// Header line 1: endpoint names spanning their columns.
	var head strings.Builder
	fmt.Fprintf(&head, "%-*s", nameWidth, "")
	for i := 0; i < len(cols); {
		j := i
		for j < len(cols) && cols[j].endpoint == cols[i].endpoint {
			j++
		}
		span := (j - i) * (cell + 1)
		name := first.Endpoints[cols[i].endpoint].Name
		fmt.Fprintf(&head, " %-*s", span-1, truncate(name, span-1))
		i = j
	}
	b.WriteString(strings.TrimRight(head.String(), " "))
	b.WriteString("\n")
	fmt.Fprintf(&b, "%-*s", nameWidth, "design")
	for _, c := range cols {
		name := c.outcome.String()
		if c.waiting {
			name = "waiting"
		}
		fmt.Fprintf(&b, " %*s", cell, name)
	}
	b.WriteString("\n")
	for _, s := range snaps {
		fmt.Fprintf(&b, "%-*s", nameWidth, s.Variant)
		for _, c := range cols {
			t := WindowTally(&s.Endpoints[c.endpoint])
			share := t.Share(c.outcome)
			if c.waiting {
				share = t.WaitingShare()
			}
			fmt.Fprintf(&b, " %*s", cell, fmt.Sprintf("%.1f%%", 100*share))
		}
		b.WriteString("\n")
	}

	for _, s := range snaps {
		fmt.Fprintf(&b, "\n%s:\n", s.Variant)
		for _, e := range s.Endpoints {
			fmt.Fprintf(&b, "  %-18s %s requests, latency p50 %s, p99 %s\n", e.Name, thousands(e.Window.Total()), msText(e.P50), msText(e.P99))
		}
		for _, d := range s.Dependencies {
			fmt.Fprintf(&b, "  %-18s %s calls reached it, at most %s in flight", d.Name, thousands(d.Calls), thousands(uint64(d.InFlightMax)))
			if d.BulkheadFull > 0 {
				fmt.Fprintf(&b, ", %s turned away by the full bulkhead", thousands(d.BulkheadFull))
			}
			if d.ShortCircuited > 0 {
				fmt.Fprintf(&b, ", %s answered at once by the open breaker", thousands(d.ShortCircuited))
			}
			b.WriteString("\n")
		}
		for _, t := range s.Transitions {
			fmt.Fprintf(&b, "  %9s  %-18s %9s -> %-9s  %s\n", seconds(t.At), t.Dependency, t.From, t.To, t.Reason())
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// WriteCSV writes one row per variant, endpoint and outcome.
func WriteCSV(w io.Writer, snaps []engine.Snapshot) error {
	cw := csv.NewWriter(w)
	if err := cw.Write([]string{"variant", "endpoint", "outcome", "count", "share"}); err != nil {
		return err
	}
	for _, s := range snaps {
		for _, e := range s.Endpoints {
			for _, o := range engine.Outcomes {
				row := []string{s.Variant, e.Name, o.String(), strconv.FormatUint(e.Window[o], 10), strconv.FormatFloat(WindowTally(&e).Share(o), 'f', 4, 64)}
				if err := cw.Write(row); err != nil {
					return err
				}
			}
		}
	}
	cw.Flush()
	return cw.Error()
}

// seconds prints a time as seconds with as many decimals as it needs (up to ms).
func seconds(d time.Duration) string {
	s := strconv.FormatFloat(float64(d.Round(time.Millisecond))/float64(time.Second), 'f', -1, 64)
	return s + " s"
}

func msText(d time.Duration) string {
	switch {
	case d >= 10*time.Second:
		return fmt.Sprintf("%.0f s", d.Seconds())
	case d >= time.Second:
		return fmt.Sprintf("%.2f s", d.Seconds())
	case d >= 10*time.Millisecond:
		return fmt.Sprintf("%.0f ms", float64(d)/float64(time.Millisecond))
	}
	return fmt.Sprintf("%.1f ms", float64(d)/float64(time.Millisecond))
}

// thousands writes n with commas between groups of three digits.
func thousands(n uint64) string {
	s := strconv.FormatUint(n, 10)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}

func truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	if n <= 1 {
		return s[:n]
	}
	return s[:n-1] + "…"
}
