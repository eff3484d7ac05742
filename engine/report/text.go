package report

import (
	"encoding/csv"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/shed"
	"github.com/charmbracelet/x/ansi"
)

// column is one endpoint outcome shown in the table; waiting marks the
// column of requests still without an answer, which a finished run (it
// drains every open request) never has.
type column struct {
	endpoint int
	outcome  engine.Outcome
	waiting  bool
	// width is the column's width in characters: the table's cell, or
	// more on the first column of an endpoint whose name is wider than
	// its columns (widenForNames).
	width int
}

// WriteTable prints one row per variant with the share of each endpoint's
// outcomes (an outcome gets a column only if some variant has it), then each
// variant's dependencies' load and its breaker transitions (a long list
// summed up per breaker group and cut short: transitions.go). Its lines are as
// long as they need to be: WriteTableWidth fits them to a terminal.
func WriteTable(w io.Writer, sc *engine.Scenario, seed uint64, snaps []engine.Snapshot) error {
	return WriteTableWidth(w, sc, seed, snaps, 0)
}

// WriteTableWidth is WriteTable with every line fitted to width columns
// (0: no limit). Prose wraps between words, a long line of numbers wraps
// with a hanging indent, and a share table too wide for the width is cut
// into several, each with the design column, one or more endpoints apiece.
// No number is ever split.
//
// notes follow the first line, one line each (what the run was changed by,
// such as the faults --fault injected).
func WriteTableWidth(w io.Writer, sc *engine.Scenario, seed uint64, snaps []engine.Snapshot, width int, notes ...string) error {
	if len(snaps) == 0 {
		return nil
	}
	var b strings.Builder
	line := func(indent int, text string) { writeWrapped(&b, text, width, indent) }
	if sc.Summary == "" {
		line(0, fmt.Sprintf("%s, seed %d", sc.Name, seed))
	} else {
		line(0, fmt.Sprintf("%s, seed %d: %s", sc.Name, seed, sc.Summary))
	}
	for _, n := range notes {
		line(2, n)
	}
	line(0, fmt.Sprintf("Share of each endpoint's requests that arrived from %s to %s", TimeIn(sc.MeasureFrom, sc.Duration, 0), TimeIn(sc.MeasureTo, sc.Duration, 0)))
	b.WriteString("\n")

	first := snaps[0]
	const cell = 9
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
				cols = append(cols, column{endpoint: ei, outcome: o, width: cell})
			}
		}
		for _, s := range snaps {
			if ei < len(s.Endpoints) && WindowTally(&s.Endpoints[ei]).Waiting() > 0 {
				cols = append(cols, column{endpoint: ei, waiting: true, width: cell})
				break
			}
		}
	}
	nameWidth := len("design")
	for _, s := range snaps {
		nameWidth = max(nameWidth, len(s.Variant))
	}
	if width > 0 && nameWidth+cell+1 > width {
		// Not even one column fits beside the longest design's name: the
		// longest go on lines of their own (writeShares).
		nameWidth = max(len("design"), width-cell-1)
	}
	widenForNames(cols, first, nameWidth, cell, width)
	// Cut the columns into tables that fit, whole endpoints at a time.
	for i, part := range fitColumns(cols, nameWidth, width) {
		if i > 0 {
			b.WriteString("\n")
		}
		writeShares(&b, first, snaps, part, nameWidth, width)
	}
	// The lines below count two spans: a design's requests are the window's,
	// as the shares above; the calls that reached a dependency, the whole
	// run's. Said once, so that no one divides the one by the other.
	b.WriteString("\n")
	scope := fmt.Sprintf("Below, each design's requests are those that arrived from %s to %s; the calls that reached a dependency are counted over the whole run.", TimeIn(sc.MeasureFrom, sc.Duration, 0), TimeIn(sc.MeasureTo, sc.Duration, 0))
	if anyTimeout(sc) {
		scope += " A call its timeout gave up on stays in flight at the dependency until the dependency answers it."
	}
	line(0, scope)
	mib := mibDecimals(snaps)
	for _, s := range snaps {
		b.WriteString("\n")
		line(2, s.Variant+":")
		for _, e := range s.Endpoints {
			if WindowTally(&e).total() == 0 {
				// "0 requests, latency p50 0.0 ms" would give a latency
				// no request had (an endpoint a variant turns off).
				line(21, fmt.Sprintf("  %-18s no requests", e.Name))
				continue
			}
			if e.Window.Total() == 0 {
				// Arrived, none answered yet: "0 requests, latency p50
				// 0.0 ms" would deny the arrivals and time answers no
				// request had.
				line(21, fmt.Sprintf("  %-18s %s requests, all still waiting for an answer", e.Name, thousands(WindowTally(&e).total())))
				continue
			}
			line(21, fmt.Sprintf("  %-18s %s requests, latency p50 %s, p99 %s", e.Name, thousands(e.Window.Total()), msText(e.P50), msText(e.P99))+refusedNote(e.Window))
		}
		for _, d := range s.Dependencies {
			if d.Service != "" {
				continue // the service's own line tells (writeServices)
			}
			if uncalled(&s, &d) {
				// "0 calls reached it, at most 0 in flight" would read as
				// a dependency that failed to answer, not one left out.
				line(21, fmt.Sprintf("  %-18s not called in this design%s", d.Name, blockingInstead(sc, &s, d.Name)))
				continue
			}
			text := fmt.Sprintf("  %-18s %s", d.Name, reachedText(&d, sc.Duration))
			text += bulkheadFullText(&d)
			if d.ShortCircuited > 0 {
				text += fmt.Sprintf(", %s answered at once by the open breaker", thousands(d.ShortCircuited))
			}
			if d.RateLimited > 0 {
				text += fmt.Sprintf(", %s refused by the rate limiter", thousands(d.RateLimited))
			}
			if d.DeadlineExceeded > 0 {
				text += fmt.Sprintf(", %s not sent: the deadline had run out", thousands(d.DeadlineExceeded))
			}
			line(21, text+deadlineCounts(&d))
		}
		writeServices(line, &s, sc.Duration)
		writeTasks(line, &s, mib)                                 // tasks.go
		writeTransitions(line, s.Transitions, width, sc.Duration) // transitions.go
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// anyTimeout says whether a call to a dependency in some variant of sc has
// a timeout: then a dependency's calls in flight may outnumber the workers
// that wait on them (cascade's hung recommendations holds 800 against 200
// threads), and the table says why.
func anyTimeout(sc *engine.Scenario) bool {
	for _, v := range sc.Variants {
		for _, d := range v.System.Dependencies {
			if d.Policy.Timeout > 0 {
				return true
			}
		}
	}
	return false
}

// widenForNames widens the first column of each endpoint whose name is
// wider than its columns, so that the name stands whole over them: a
// built system's /inventory, one column of ok, was cut to "/invento…".
// An endpoint is widened no further than a table width columns wide can
// hold beside the design column (width 0: no limit); a name wider than
// that wraps over lines of its own (writeShares).
func widenForNames(cols []column, first engine.Snapshot, nameWidth, cell, width int) {
	for i := 0; i < len(cols); {
		j := groupEnd(cols, i)
		span := (j - i) * (cell + 1)
		need := utf8.RuneCountInString(first.Endpoints[cols[i].endpoint].Name) + 1 - span
		if width > 0 {
			need = min(need, width-nameWidth-span)
		}
		if need > 0 {
			cols[i].width += need
		}
		i = j
	}
}

// groupEnd is the index after the last of the columns of cols[i]'s
// endpoint.
func groupEnd(cols []column, i int) int {
	j := i
	for j < len(cols) && cols[j].endpoint == cols[i].endpoint {
		j++
	}
	return j
}

// spanOf is the width of cols side by side, each after a space.
func spanOf(cols []column) int {
	n := 0
	for _, c := range cols {
		n += c.width + 1
	}
	return n
}

// fitColumns cuts cols into runs that fit width beside the design column,
// whole endpoints at a time where they fit, and an endpoint whose columns
// alone are too wide in runs of as many columns as fit (at least one).
func fitColumns(cols []column, nameWidth, width int) [][]column {
	if width <= 0 || nameWidth+spanOf(cols) <= width {
		return [][]column{cols}
	}
	room := width - nameWidth // columns' width a table can hold
	var parts [][]column
	var cur []column
	for i := 0; i < len(cols); {
		j := groupEnd(cols, i)
		group := cols[i:j]
		if len(cur) > 0 && spanOf(cur)+spanOf(group) > room {
			parts = append(parts, cur)
			cur = nil
		}
		for len(group) > 1 && spanOf(group) > room {
			n := 1
			for n < len(group) && spanOf(group[:n+1]) <= room {
				n++
			}
			if len(cur) > 0 {
				parts = append(parts, cur)
				cur = nil
			}
			parts = append(parts, group[:n])
			group = group[n:]
		}
		cur = append(cur, group...)
		i = j
	}
	return append(parts, cur)
}

// writeShares writes one share table: the endpoints' names over their
// columns, the outcome names, then a row per variant.
func writeShares(b *strings.Builder, first engine.Snapshot, snaps []engine.Snapshot, cols []column, nameWidth, width int) {
	// Each endpoint's name in the pieces it takes, on the head's last
	// lines: one piece, but for a name wider than the room its columns
	// were given (widenForNames), which wraps as the table's other lines
	// do, rather than being cut.
	type head struct {
		pieces []string
		span   int
		group  int  // columns under the name
		left   bool // the first name reaching over the design column
	}
	var heads []head
	lines := 1
	for i := 0; i < len(cols); {
		j := groupEnd(cols, i)
		span := spanOf(cols[i:j])
		name := first.Endpoints[cols[i].endpoint].Name
		h := head{pieces: []string{name}, span: span, group: j - i}
		switch {
		case utf8.RuneCountInString(name) <= span-1:
		case i == 0 && utf8.RuneCountInString(name) <= nameWidth+span:
			// The first endpoint's name may reach left over the design
			// column, which is blank on this line, ending over its last
			// column: a table narrowed to one column still names it whole.
			h.left = true
		default:
			h.pieces = wrapName(name, span-1)
		}
		lines = max(lines, len(h.pieces))
		heads = append(heads, h)
		i = j
	}
	for l := range lines {
		var line strings.Builder
		for k, h := range heads {
			p := l - (lines - len(h.pieces)) // the names end on the last line
			piece := ""
			if p >= 0 {
				piece = h.pieces[p]
			}
			if k == 0 && h.left {
				fmt.Fprintf(&line, "%*s", nameWidth+h.span, piece)
				continue
			}
			if k == 0 {
				fmt.Fprintf(&line, "%-*s", nameWidth, "")
			}
			switch {
			case h.group == 1:
				// A name over one column ends where its values end, as
				// the outcome's name under it does: left-aligned it stood
				// over the blank before the next name (a built system's
				// /checkout /cache /orders, each one column of ok).
				fmt.Fprintf(&line, " %*s", h.span-1, piece)
			default:
				// A name over several heads the group from its left edge.
				fmt.Fprintf(&line, " %-*s", h.span-1, piece)
			}
		}
		b.WriteString(strings.TrimRight(line.String(), " "))
		b.WriteString("\n")
	}
	fmt.Fprintf(b, "%-*s", nameWidth, "design")
	for _, c := range cols {
		name := c.outcome.String()
		if c.waiting {
			name = "waiting"
		}
		fmt.Fprintf(b, " %*s", c.width, name)
	}
	b.WriteString("\n")
	for _, s := range snaps {
		if utf8.RuneCountInString(s.Variant) > nameWidth {
			// Too long to stand beside even one column: the name on a
			// line of its own, its shares under it.
			writeWrapped(b, s.Variant, width, 2)
			fmt.Fprintf(b, "%-*s", nameWidth, "")
		} else {
			fmt.Fprintf(b, "%-*s", nameWidth, s.Variant)
		}
		for _, c := range cols {
			t := WindowTally(&s.Endpoints[c.endpoint])
			if t.total() == 0 {
				// A share of no requests is none: "0.0%" ok would read
				// as every request failed.
				fmt.Fprintf(b, " %s", padLeftRunes(noShare, c.width))
				continue
			}
			share := t.Share(c.outcome)
			if c.waiting {
				share = t.WaitingShare()
			}
			fmt.Fprintf(b, " %*s", c.width, Percent1(share))
		}
		b.WriteString("\n")
	}
}

// writeWrapped writes text and a newline, wrapped at width (0: no limit)
// between words. The first indent columns of text (a name padded into its
// column) are kept as they are, and continuation lines start under the
// text that follows them. A word longer than the room is left whole rather
// than split.
//
// Widths are display cells (ansi.StringWidth), not bytes or runes: a lead
// such as "  [x] ✱  3. " or a "×" in the words takes one column on the
// screen whatever its length in UTF-8.
func writeWrapped(b *strings.Builder, text string, width, indent int) {
	if width <= 0 || ansi.StringWidth(text) <= width {
		b.WriteString(text)
		b.WriteString("\n")
		return
	}
	// keep is a byte offset into text; the lead it ends is indent columns
	// wide, cut between characters, never inside one.
	keep := len(text) - len(strings.TrimLeft(text, " "))
	if indent > keep && indent < ansi.StringWidth(text) {
		keep = len(ansi.Truncate(text, indent, ""))
	}
	b.WriteString(text[:keep])
	// Kept columns that end where a word does ("  api:" of "  api:
	// timeout", a hanging indent wider than the label) keep the space
	// after them: the first word was written against them.
	col, first := ansi.StringWidth(text[:keep]), keep >= len(text) || text[keep] != ' '
	var kept []string
	for _, phrase := range words(text[keep:]) {
		if ansi.StringWidth(phrase) > width-indent && strings.Contains(phrase, " ") {
			// A phrase wider than a line's room goes word by word: kept
			// whole, it would run past the width.
			kept = append(kept, strings.Fields(phrase)...)
			continue
		}
		kept = append(kept, phrase)
	}
	for _, word := range kept {
		n := ansi.StringWidth(word)
		switch {
		case first:
			first = false
		case col+1+n > width:
			b.WriteString("\n")
			b.WriteString(strings.Repeat(" ", indent))
			col = indent
		default:
			b.WriteString(" ")
			col++
		}
		b.WriteString(word)
		col += n
	}
	b.WriteString("\n")
}

// csvHeader is the header of run's CSV. Each column names its scale, as
// a sweep's CSV does: the share is a fraction of the window's requests
// (0 to 1, not a percent), and the latency percentiles, the endpoint's
// over all its requests in the window whatever their outcome (as the
// JSON's latency_ms), are in milliseconds, repeated on each outcome's row
// so that every row reads alone. The scenario, the seed and the window the
// counts cover close each row (the JSON's scenario, seed and window_ms):
// without them a CSV of seed 5 and one of seed 9 read the same, and no
// row said which requests its share was of. The faults injected (run
// --fault, the JSON's faults), as --fault took them and "; " apart as the
// table's note writes them, empty with none, follow: a CSV of a run with
// a fault read as one of the scenario as written. They come last, so a
// script reading the columns before them by place reads what it always did.
var csvHeader = []string{"variant", "endpoint", "outcome", "count", "share (0-1)",
	"endpoint latency p50 (ms)", "endpoint latency p95 (ms)", "endpoint latency p99 (ms)",
	"scenario", "seed", "window from (ms)", "window to (ms)", "faults"}

// WriteCSV writes one row per variant, endpoint and outcome of scenario
// sc run on seed with faults injected: the JSON's counts and latencies
// (latencyOf, to the microsecond), and the share the table prints, to
// four decimals.
func WriteCSV(w io.Writer, sc *engine.Scenario, seed uint64, faults []string, snaps []engine.Snapshot) error {
	cw := csv.NewWriter(w)
	if err := cw.Write(csvHeader); err != nil {
		return err
	}
	ms := func(x float64) string { return strconv.FormatFloat(x, 'f', -1, 64) }
	run := []string{sc.Name, strconv.FormatUint(seed, 10),
		strconv.FormatInt(sc.MeasureFrom.Milliseconds(), 10), strconv.FormatInt(sc.MeasureTo.Milliseconds(), 10),
		strings.Join(faults, "; ")}
	for _, s := range snaps {
		for _, e := range s.Endpoints {
			lat := latencyOf(&e)
			for _, o := range engine.Outcomes {
				row := []string{s.Variant, e.Name, o.String(), strconv.FormatUint(e.Window[o], 10), strconv.FormatFloat(WindowTally(&e).Share(o), 'f', 4, 64),
					ms(lat.P50), ms(lat.P95), ms(lat.P99)}
				if err := cw.Write(append(row, run...)); err != nil {
					return err
				}
			}
		}
	}
	cw.Flush()
	return cw.Error()
}

// Seconds prints a time as seconds with as many decimals as it needs (up to ms).
func Seconds(d time.Duration) string {
	s := strconv.FormatFloat(float64(d.Round(time.Millisecond))/float64(time.Second), 'f', -1, 64)
	return s + " s"
}

// refusedNote is what a latency line adds when some of its requests were
// refused or answered by a fallback: the percentiles are the client's, over
// every request, and a request refused at once, or answered at once from a
// fallback, counts as answered in 0 ms, so a design that refuses most
// requests has a median of 0 (lesson 7). Empty when none was.
func refusedNote(c engine.Counts) string {
	share := func(o engine.Outcome) string { return Percent1(c.Share(o)) } // "<0.1%" for a share above none
	var parts []string
	if c[engine.Fallback] > 0 {
		parts = append(parts, "the "+share(engine.Fallback)+" answered by a fallback")
	}
	if c[engine.Rejected] > 0 {
		parts = append(parts, "the "+share(engine.Rejected)+" refused")
	}
	if len(parts) == 0 {
		return ""
	}
	return ", counting " + strings.Join(parts, " and ")
}

func msText(d time.Duration) string {
	switch {
	case d >= 10*time.Second:
		return fmt.Sprintf("%.0f s", d.Seconds())
	case d >= time.Second:
		return fmt.Sprintf("%.2f s", d.Seconds())
	case d >= 10*time.Millisecond:
		return fmt.Sprintf("%.0f ms", float64(d)/float64(time.Millisecond))
	case d > 0 && d < 50*time.Microsecond:
		// One decimal rounds these to "0.0 ms", the figure of a request
		// refused at once: go-server's health answers in 0.02 ms (its
		// JSON says so) and read 0.0 ms. A bound, as a share under 0.1%
		// is written, keeps it apart from nothing.
		return "<0.1 ms"
	}
	return fmt.Sprintf("%.1f ms", float64(d)/float64(time.Millisecond))
}

// Integer is the kinds of count a screen or a message writes: an int, a
// uint64 tally, an int64 or int32 of a snapshot.
type Integer interface {
	~int | ~int64 | ~uint64 | ~int32
}

// Count writes a count as every screen and message writes one, with
// commas between groups of three digits (2,048). It is the one writer of
// a count: engine packages call it here, where tui/ may not be imported,
// and tui/pane's Count is this function, so the two cannot drift apart.
func Count[T Integer](n T) string {
	if n < 0 {
		// Through int64, which every signed kind fits; its least value
		// negated wraps to itself, whose uint64 is its magnitude.
		return "-" + thousands(uint64(-int64(n)))
	}
	return thousands(uint64(n))
}

// thousands writes n with commas between groups of three digits.
func thousands(n uint64) string {
	s := strconv.FormatUint(n, 10)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}

// units are the words that stay on the line of the number before them,
// with whatever punctuation follows them (isUnit): a list of spellings
// with their punctuation missed "s),", and the table cut "(first at
// 20.095" from its "s),".
var units = map[string]bool{"s": true, "ms": true, "µs": true, "ns": true, "min": true, "h": true, "%": true}

// isUnit says whether word is a unit, punctuation after it aside.
func isUnit(word string) bool {
	return units[strings.TrimRight(word, ",.:;)]")]
}

// words splits text at its spaces, keeping a number and its unit ("30 s",
// "500 ms") together, so that a wrap never parts them. A count keeps the
// word it counts ("985 calls"), and "of N" stays with the words before it:
// presets' failsafe-go note went "... on): 1" on one line and "failure of
// 1, 60 s" on the next, its threshold cut in two. A long run's moment
// (TimeIn's "20h 00m 25.495s") is one word too.
func words(text string) []string {
	fields := strings.Fields(text)
	out := fields[:0:0]
	for i := 0; i < len(fields); i++ {
		w := fields[i]
		for i+1 < len(fields) && isClockPart(w) && startsWithDigit(fields[i+1]) {
			w += " " + fields[i+1]
			i++
		}
		if i+1 < len(fields) && isUnit(fields[i+1]) && w != "" && w[len(w)-1] >= '0' && w[len(w)-1] <= '9' {
			w += " " + fields[i+1]
			i++
		}
		if i+1 < len(fields) && isCount(w) && startsWithLetter(fields[i+1]) {
			w += " " + fields[i+1]
			i++
		}
		if w == "of" && len(out) > 0 && i+1 < len(fields) && startsWithDigit(fields[i+1]) {
			out[len(out)-1] += " of " + fields[i+1]
			i++
			continue
		}
		out = append(out, w)
	}
	return out
}

// isCount says whether word is a bare count, "1", "(1" or "1,000", that
// the word after it counts: a number with a mark after it ("1,", "5)")
// ends its phrase.
func isCount(word string) bool {
	word = strings.TrimLeft(word, "(")
	if word == "" || word[len(word)-1] < '0' || word[len(word)-1] > '9' {
		return false
	}
	return strings.Trim(word, "0123456789,") == ""
}

// isClockPart says whether word ends in the hours or minutes of a long
// run's moment, "20h", "(first at 20h 00m", that the figures after it
// continue.
func isClockPart(word string) bool {
	last := word[strings.LastIndexByte(word, ' ')+1:]
	last = strings.TrimLeft(last, "(")
	if len(last) < 2 || last[len(last)-1] != 'h' && last[len(last)-1] != 'm' {
		return false
	}
	return strings.Trim(last[:len(last)-1], "0123456789") == ""
}

func startsWithLetter(word string) bool {
	r, _ := utf8.DecodeRuneInString(word)
	return unicode.IsLetter(r)
}

func startsWithDigit(word string) bool {
	return word != "" && word[0] >= '0' && word[0] <= '9'
}

// Wrap returns text wrapped as WriteTableWidth wraps its lines: between
// words at width (0: no limit), the first indent columns kept as they are
// and continuation lines indented by indent. It ends in a newline.
func Wrap(text string, width, indent int) string {
	var b strings.Builder
	writeWrapped(&b, text, width, indent)
	return b.String()
}

// writeServices adds, under a variant's dependencies, the record of each
// service it reaches, of its tenants and of its front's load shedding:
// nothing for a single server. Its moments are of a run that ends at end
// (TimeIn).
func writeServices(line func(indent int, text string), s *engine.Snapshot, end time.Duration) {
	if n := sumClasses(s.Shed); n > 0 {
		line(21, fmt.Sprintf("  %-18s %s requests shed at the front (%s)", "shedding", thousands(n), classList(s.Shed)))
	}
	for i := range s.Tenants {
		t := &s.Tenants[i]
		tally := Tally{Arrived: t.WindowArrived, Outcomes: t.Window}
		// Written as the tenants pane writes them (PercentShort): a
		// lesson's tenant-share and a challenge's goal print them so too,
		// and "62.9%" here read against the pane's "63%".
		text := fmt.Sprintf("  %-18s %s requests, %s ok, %s rejected", "tenant "+t.Name, thousands(t.Window.Total()),
			PercentShort(tally.Share(engine.OK)), PercentShort(tally.Share(engine.Rejected)))
		if t.Limited > 0 {
			// Limited counts calls over the whole run, as the dependency
			// lines count them, not the window's requests the shares
			// are of: noisy-tenant's acme had 14,855 requests rejected in
			// the window and "14,856 refused by its own limit" beside
			// them, more refused by the limit than rejected at all.
			text += fmt.Sprintf(", %s of its calls refused by its own limit over the whole run", thousands(t.Limited))
		}
		line(21, text)
	}
	for i := range s.Services {
		sv := &s.Services[i]
		name := strings.Repeat(" ", 2*(sv.Depth-1)) + sv.Name
		if n := len(sv.Instances); n > 1 {
			name += fmt.Sprintf(" ×%d", n)
		}
		a := sv.Answered
		text := fmt.Sprintf("  %s %s calls reached it: %s ok, %s failed, %s rejected; at most %s of %s workers busy",
			padRunes(name, 18), thousands(sv.Arrived), thousands(a[engine.OK]), thousands(a[engine.Failed]), thousands(a[engine.Rejected]),
			thousands(uint64(sv.BusyMax)), thousands(uint64(sv.Workers*max(1, len(sv.Instances)))))
		if sv.Arrived == 0 {
			// As a plain dependency's line (reachedText): a row of zeros
			// would read as calls that went missing.
			text = fmt.Sprintf("  %s no calls reached it", padRunes(name, 18))
		}
		if sv.Cancelled > 0 {
			text += fmt.Sprintf(", %s cancelled", thousands(sv.Cancelled))
		}
		if sv.AbandonedWork > 0 {
			text += fmt.Sprintf(", %s finished for callers that had given up (%s of worker time)", thousands(sv.AbandonedWork), Seconds(sv.WastedWork))
		}
		if sv.ExpiredInQueue > 0 {
			text += fmt.Sprintf(", %s expired in its queue", thousands(sv.ExpiredInQueue))
		}
		if n := sumClasses(sv.Shed); n > 0 {
			text += fmt.Sprintf(", %s shed (%s)", thousands(n), classList(sv.Shed))
		}
		edges := edgesTo(s, sv)
		for _, e := range edges {
			if counts := edgeCounts(e); counts != "" && len(edges) > 1 {
				// Several of the caller's calls lead here: each says its own.
				text += "; along " + e.Name + counts[1:]
			} else {
				text += counts
			}
		}
		line(21, text)
		for j := range sv.Dependencies {
			d := &sv.Dependencies[j]
			if d.Service != "" {
				continue
			}
			text := fmt.Sprintf("  %-18s %s", strings.Repeat(" ", 2*sv.Depth)+d.Name, reachedText(d, end))
			line(21, text+edgeCounts(d))
		}
	}
}

// reachedText is how many calls reached a dependency and how many it worked
// on at once. A dependency only an endpoint without requests calls (its rate
// is 0 in this design) had none: "no calls reached it", as that endpoint's
// line says "no requests", where "0 calls reached it, at most 0 in flight"
// read as a count of calls that went missing. The peak comes with when it
// was first reached, the JSON's in_flight_max_at_ms.
func reachedText(d *engine.DependencySnapshot, end time.Duration) string {
	if d.Calls == 0 {
		return "no calls reached it"
	}
	return fmt.Sprintf("%s calls reached it, at most %s in flight (first at %s)", thousands(d.Calls), thousands(uint64(d.InFlightMax)), TimeIn(d.InFlightMaxAt, end, 0))
}

// edgesTo finds the edges that call sv: dependencies of its caller.
func edgesTo(s *engine.Snapshot, sv *engine.ServiceSnapshot) []*engine.DependencySnapshot {
	deps := s.Dependencies
	if sv.Caller != "" {
		deps = nil
		for i := range s.Services {
			if s.Services[i].Name == sv.Caller {
				deps = s.Services[i].Dependencies
			}
		}
	}
	var out []*engine.DependencySnapshot
	for i := range deps {
		if deps[i].Service == sv.Name {
			out = append(out, &deps[i])
		}
	}
	return out
}

// edgeCounts is what the caller's policy did to the calls along an edge.
func edgeCounts(d *engine.DependencySnapshot) string {
	text := bulkheadFullText(d)
	if d.ShortCircuited > 0 {
		text += fmt.Sprintf(", %s answered at once by open breakers", thousands(d.ShortCircuited))
	}
	if d.RateLimited > 0 {
		text += fmt.Sprintf(", %s refused by the rate limiter", thousands(d.RateLimited))
	}
	if d.DeadlineExceeded > 0 {
		text += fmt.Sprintf(", %s not sent: the deadline had run out", thousands(d.DeadlineExceeded))
	}
	return text + deadlineCounts(d)
}

// bulkheadFullText is the calls a dependency's bulkhead turned away, if
// any. A per-tenant bulkhead turns a call away when its tenant's lane is
// full, while the other lanes may have room: "the full bulkhead" read as
// every slot taken (the lanes summed, 60, never were in noisy-tenant).
func bulkheadFullText(d *engine.DependencySnapshot) string {
	switch {
	case d.BulkheadFull == 0:
		return ""
	case d.TenantBulkhead != nil:
		return fmt.Sprintf(", %s turned away by their tenant's full lane", thousands(d.BulkheadFull))
	}
	return fmt.Sprintf(", %s turned away by the full bulkhead", thousands(d.BulkheadFull))
}

// deadlineCounts is what ended an edge's calls early: the attempts that
// timed out at the propagated deadline, and a leaf's calls cancelled
// because the caller gave up.
func deadlineCounts(d *engine.DependencySnapshot) string {
	var text string
	if d.DeadlineTimeouts > 0 {
		text += fmt.Sprintf(", %s timed out at the propagated deadline", thousands(d.DeadlineTimeouts))
	}
	if d.Cancelled > 0 {
		text += fmt.Sprintf(", %s cancelled when the caller gave up", thousands(d.Cancelled))
	}
	return text
}

func sumClasses(c [shed.NumClasses]uint64) uint64 {
	var n uint64
	for _, v := range c {
		n += v
	}
	return n
}

// classList reads "12 critical, 340 sheddable", leaving out empty classes.
func classList(c [shed.NumClasses]uint64) string {
	var parts []string
	for i, n := range c {
		if n > 0 {
			parts = append(parts, thousands(n)+" "+shed.Class(i).String())
		}
	}
	return strings.Join(parts, ", ")
}

// wrapName cuts an endpoint's name into pieces of at most n characters,
// each before a "/" or after a "-", "_" or "." where the piece has one,
// so that "/api/v2/orders" wraps at its path's parts.
func wrapName(name string, n int) []string {
	r := []rune(name)
	if n < 1 {
		return []string{name}
	}
	var pieces []string
	for len(r) > n {
		cut := n
		for k := n; k >= 1; k-- {
			if r[k] == '/' || strings.ContainsRune("-_.", r[k-1]) {
				cut = k
				break
			}
		}
		pieces = append(pieces, string(r[:cut]))
		r = r[cut:]
	}
	return append(pieces, string(r))
}

// noShare stands in a share table's cell for the share of an endpoint
// that had no requests to share out.
const noShare = "–"

// padLeftRunes pads s on the left with spaces to width characters.
func padLeftRunes(s string, width int) string {
	if n := utf8.RuneCountInString(s); n < width {
		return strings.Repeat(" ", width-n) + s
	}
	return s
}

// padRunes pads s with spaces to width characters (not bytes: "×" is one).
func padRunes(s string, width int) string {
	if n := utf8.RuneCountInString(s); n < width {
		return s + strings.Repeat(" ", width-n)
	}
	return s
}
