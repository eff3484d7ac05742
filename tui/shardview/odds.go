package shardview

import (
	"fmt"
	"math/big"
	"strconv"
	"strings"

	"github.com/breakerlab/breakerlab/engine/report"
	"github.com/breakerlab/breakerlab/engine/shuffle"
	"github.com/breakerlab/breakerlab/tui/pane"
	"github.com/breakerlab/breakerlab/tui/theme"
	tea "github.com/charmbracelet/bubbletea"
)

// Odds draws the exact odds of the current fleet: how many shards of k
// workers n allow, and the chance that a random customer's shard shares
// all, some or none of the poisoned customer's workers, as exact fractions
// (math/big) and as percentages. It computes them when the fleet changes,
// never in View.
type Odds struct {
	th   *theme.Theme
	w, h int

	n, k, others int
	err          error
	shards       string // C(n, k), with thousands separators
	rows         []oddsRow
	// any is the chance of sharing at least one worker, the rows but
	// "none" together: the reference's total beside its parts.
	any oddsRow

	dirty bool
	view  string
}

// oddsRow is one line of the table: the workers shared, the exact chance
// and what it means for the customer.
type oddsRow struct {
	shared, exact, percent, means string
	expect                        string   // how many of the others, on average
	p                             *big.Rat // the chance the row's texts write
}

// NewOdds makes an empty odds pane.
func NewOdds(th *theme.Theme) *Odds { return &Odds{th: th, dirty: true} }

// Init does nothing.
func (o *Odds) Init() tea.Cmd { return nil }

// Update ignores messages: the parent sets the fleet.
func (o *Odds) Update(tea.Msg) (tea.Model, tea.Cmd) { return o, nil }

// SetSize sets the pane's outer size, border included.
func (o *Odds) SetSize(w, h int) {
	if w != o.w || h != o.h {
		o.w, o.h, o.dirty = w, h, true
	}
}

// SetFleet sets the fleet: n workers, k for each customer, and the number
// of other customers the averages are taken over. The odds are worked out
// here, once.
func (o *Odds) SetFleet(n, k, others int) {
	if n == o.n && k == o.k && others == o.others && (o.rows != nil || o.err != nil) {
		return
	}
	o.n, o.k, o.others, o.dirty = n, k, others, true
	o.rows, o.err = nil, nil
	shards, err := shuffle.Shards(n, k)
	if err != nil {
		o.err = err
		return
	}
	o.shards = groupDigits(shards.String())
	newRow := func(shared string, p *big.Rat, means string) oddsRow {
		return oddsRow{shared: shared, exact: exactText(p), percent: percentText(p), means: means,
			expect: tenths(shuffle.ExpectedOf(others, p)), p: p}
	}
	row := func(shared string, p *big.Rat, means string) { o.rows = append(o.rows, newRow(shared, p, means)) }
	all, _ := shuffle.ShareAll(n, k)
	row(fmt.Sprintf("all %d", k), all, "loses service")
	switch {
	case k == 1:
	case k <= 4:
		for j := k - 1; j >= 1; j-- {
			p, _ := shuffle.ShareExactly(n, k, j)
			row(strconv.Itoa(j), p, "degraded, carries on")
		}
	default:
		p, _ := shuffle.ShareSome(n, k)
		row(fmt.Sprintf("1 to %d", k-1), p, "degraded, carries on")
	}
	none, _ := shuffle.ShareExactly(n, k, 0)
	row("none", none, "untouched")
	anyShared, _ := shuffle.ShareAny(n, k)
	o.any = newRow("at least one", anyShared, "")
}

// anyLine is the total under the table, "46.4% (13/28) share at least one
// worker", as the reference gives it beside its parts.
func (o *Odds) anyLine() string {
	r := o.any
	exact := ""
	if r.exact != "" {
		exact = " (" + r.exact + ")"
	}
	return fmt.Sprintf("%s%s share at least one worker, the rows above but none: %s of %s on average",
		r.percent, exact, r.expect, count(o.others))
}

// exactText writes a chance as an exact fraction: "1 in 28" when its
// numerator is 1, else "3/7"; a fraction too long to read is left out.
func exactText(p *big.Rat) string {
	if p.Sign() == 0 {
		return "0"
	}
	if p.Num().IsInt64() && p.Num().Int64() == 1 {
		return "1 in " + groupDigits(p.Denom().String())
	}
	s := groupDigits(p.Num().String()) + "/" + groupDigits(p.Denom().String())
	if len(s) > 23 {
		return ""
	}
	return s
}

// percentText writes a chance as a percentage with enough digits to tell
// it from zero; from 10% up with one decimal, as run's table writes a
// share (report.Percent1), so a chance short of certain never reads
// "100.0%" (with 2,048 workers, one each, sharing none is 2,047/2,048:
// ">99.9%").
func percentText(p *big.Rat) string {
	f, _ := p.Float64()
	pct := 100 * f
	switch {
	case pct == 0:
		return "0%"
	case pct >= 9.95:
		return report.Percent1(f)
	case pct >= 0.001:
		return strconv.FormatFloat(pct, 'g', 3, 64) + "%"
	}
	return strconv.FormatFloat(pct, 'e', 1, 64) + "%"
}

// tenths writes an expected count with one decimal and thousands
// separators: "9,980.0".
func tenths(v float64) string {
	s := strconv.FormatFloat(v, 'f', 1, 64)
	whole, frac, _ := strings.Cut(s, ".")
	return groupDigits(whole) + "." + frac
}

// groupDigits puts commas between groups of three digits of a decimal.
func groupDigits(s string) string {
	if len(s) <= 3 {
		return s
	}
	var b strings.Builder
	lead := len(s) % 3
	if lead == 0 {
		lead = 3
	}
	b.WriteString(s[:lead])
	for i := lead; i < len(s); i += 3 {
		b.WriteByte(',')
		b.WriteString(s[i : i+3])
	}
	return b.String()
}

// Needs is the height the pane would like: the table, a line above it and
// the total below.
func (o *Odds) Needs() int { return 2 + 3 + len(o.rows) }

// View draws the pane, from the cache when nothing changed.
func (o *Odds) View() string {
	if o.dirty {
		o.view = strings.Join(o.render(), "\n")
		o.dirty = false
	}
	return o.view
}

func (o *Odds) render() []string {
	iw, ih := max(o.w-2, 0), max(o.h-2, 0)
	title := fmt.Sprintf("Exact odds · %s workers, %d each", count(o.n), o.k)
	if o.err != nil {
		return pane.Frame(o.th, o.w, o.h, title, "", pane.Wrap(o.err.Error(), iw))
	}
	if ih <= 1 {
		// One line: the shard count and the three chances that matter.
		parts := []string{o.shards + " shards"}
		for i, r := range o.rows {
			if i == 0 || i == len(o.rows)-1 || len(o.rows) == 3 {
				chance := r.exact
				if chance == "" {
					chance = r.percent
				}
				parts = append(parts, fmt.Sprintf("share %s: %s", r.shared, chance))
			}
		}
		return pane.Frame(o.th, o.w, o.h, title, "", []string{strings.Join(parts, " · ")})
	}
	// Columns: workers shared, exact chance, percentage, what it means, and
	// how many of the others that is on average with random shards.
	head := [5]string{"workers shared", "chance", "", "so the customer", fmt.Sprintf("expected of %s, random shards", count(o.others))}
	cells := [][5]string{head}
	for _, r := range o.rows {
		cells = append(cells, [5]string{r.shared, r.exact, r.percent, r.means, r.expect})
	}
	var widths [5]int
	for _, c := range cells {
		for i, s := range c {
			widths[i] = max(widths[i], len([]rune(s)))
		}
	}
	var body []string
	if ih >= len(cells)+1 {
		// C(n, k) keeps n's digits ungrouped, as the drill and the
		// reference write it: a thousands comma inside the parentheses
		// reads as a third argument, C(2,048, 4).
		body = append(body, o.th.Dim.Render(fmt.Sprintf("C(%d, %d) = %s possible shards. How another customer's shard meets the poisoned one's:",
			o.n, o.k, o.shards)))
	}
	for i, c := range cells {
		line := fmt.Sprintf("%-*s  %*s  %*s  %-*s  %*s", widths[0], c[0], widths[1], c[1], widths[2], c[2], widths[3], c[3], widths[4], c[4])
		if i == 0 {
			line = o.th.Bold.Render(line)
		}
		body = append(body, line)
	}
	if ih >= len(cells)+2 {
		body = append(body, o.th.Dim.Render(o.anyLine()))
	}
	return pane.Frame(o.th, o.w, o.h, title, "", body)
}
