package lab

import (
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"
)

// At 40 req/s the Go server's table has 120 checkouts, and "116/120" in
// its fail column with three-figure waits beneath: the table keeps to 80
// columns with its calls, live and conn under their heads. A fixed
// six-column fail cell ran that row to 81 and the waits' line to 82,
// which an 80-column terminal broke in two.
func TestGoTableFitsEightyColumnsAtFortyRequests(t *testing.T) {
	var results []Result
	for _, rate := range []float64{20, 40} {
		c := DefaultConfig(Timeout)
		c.Server, c.Rate = Go, rate
		n := int(rate * 3)
		results = append(results, Result{Config: c, Variant: c.VariantName(), From: time.Second, To: 2 * time.Second,
			Health:      Counts{Total: 12, OK: 12, P50: 400 * time.Microsecond, P95: 800 * time.Microsecond},
			Checkout:    Counts{Total: n, OK: n - n*29/30, GatewayTimeout: n * 29 / 30},
			InFlightMax: 123, Go: GoStats{LiveMax: 122, InUseMax: 16, WaitingMax: 105, Waited: 110, GaveUp: 100, Closed: 116}})
	}
	var b strings.Builder
	if err := WriteTable(&b, results); err != nil {
		t.Fatal(err)
	}
	out := b.String()
	var head, row string
	for _, l := range strings.Split(out, "\n") {
		if w := ansi.StringWidth(l); w > 80 {
			t.Errorf("a line of %d columns: %q", w, l)
		}
		switch {
		case strings.HasPrefix(l, "mode "):
			head = l
		case strings.HasPrefix(l, results[1].Variant+" "):
			row = l
		}
	}
	if !strings.Contains(row, " 116/120 ") || !strings.HasSuffix(row, " 123  122   16") {
		t.Fatalf("the 40 req/s row lacks its fail cell or its last three columns:\n%s", out)
	}
	// Each head ends in the column its numbers end in (display columns:
	// the row's latencies hold a µ).
	for _, col := range []string{"calls", "live", "conn"} {
		end := ansi.StringWidth(head[:strings.Index(head, col)+len(col)])
		last, next := ansi.Cut(row, end-1, end), ansi.Cut(row, end, end+1)
		if last < "0" || last > "9" || strings.TrimSpace(next) != "" {
			t.Errorf("%q does not end above its number:\n%s\n%s", col, head, row)
		}
	}
}
