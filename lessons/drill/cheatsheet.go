package drill

import (
	"fmt"
	"regexp"
	"strings"

	"github.com/breakerlab/breakerlab/engine/breaker"
	"github.com/breakerlab/breakerlab/lessons"
	"github.com/charmbracelet/x/ansi"
)

// BulkheadDefault is one library's documented bulkhead default.
type BulkheadDefault struct {
	Library, Setting, Value string
}

// BulkheadDefaults are the bulkhead and cap defaults the concept cards
// quote. The cheat sheet quotes the same numbers from lessons/facts
// (r4j.bulkhead.*, r4j.thread_bulkhead.queue, envoy.*), and
// TestBulkheadDefaultsAgreeWithTheFacts ties these strings to them.
var BulkheadDefaults = []BulkheadDefault{
	{"Resilience4j", "semaphore", "25 calls at once, no wait (maxWaitDuration 0)"},
	{"Resilience4j", "thread pool", "a queue of 100 in front of its threads"},
	{"Envoy", "per cluster", "1,024 connections, pending and requests; 3 retries at once"},
}

// Format is a cheat sheet's output format.
type Format string

// The formats the cheat sheet writes.
const (
	Text     Format = "text"
	Markdown Format = "markdown"
)

// CheatSheet writes the one-page cheat sheet in 80 columns (text) or as
// Markdown for printing: the embedded cheatsheet.toml with every
// placeholder filled by the engine and lessons/facts, and the breaker
// table read from engine/breaker's presets.
func CheatSheet(f Format) (string, error) {
	s, err := DefaultSheet()
	if err != nil {
		return "", err
	}
	return s.Render(lessons.NewLab(), f)
}

// Render fills the sheet's placeholders through lab and writes it in f.
func (sh *Sheet) Render(lab *lessons.Lab, f Format) (string, error) {
	var s sheet
	switch f {
	case Text:
		s.md = false
	case Markdown:
		s.md = true
	default:
		return "", fmt.Errorf("unknown format %q (allowed: text, markdown)", f)
	}
	s.title(sh.Title)
	for _, sec := range sh.Sections {
		if sec.Table == tableBreakerPresets {
			s.breakers(sec.Title)
			if len(sec.Rows) > 0 {
				// The footnotes apart from the last legend: in text they
				// read as more rows no library sets.
				s.b.WriteString("\n")
			}
		} else {
			s.section(sec.Title)
		}
		for _, r := range sec.Rows {
			text, err := sh.fill(lab, sec, r)
			if err != nil {
				return "", err
			}
			s.row(r.Label, Cite(withVersions(r, text)))
		}
	}
	return s.String(), nil
}

// withVersions ends a row's filled text with the library versions of the
// defaults it quotes that its words do not name ("(Resilience4j 2.4.0)"),
// beside the figures, as the breaker table's legend names its columns':
// a line learnt by heart says whose default it is.
func withVersions(r Row, text string) string {
	if _, missing := factVersions(r.Label + ": " + r.Text); len(missing) > 0 {
		return text + " (" + strings.Join(missing, ", ") + ")"
	}
	return text
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
	for _, l := range wrap(strings.ToUpper(t[:1])+t[1:], width) {
		fmt.Fprintf(&s.b, "%s\n", l)
	}
}

func (s *sheet) section(t string) {
	s.flush()
	if s.md {
		fmt.Fprintf(&s.b, "\n## %s\n\n", t)
		return
	}
	fmt.Fprintf(&s.b, "\n%s\n", t)
}

// width is the text sheet's width; maxLabel the widest label column;
// gutter the spaces between a table's columns: with one, neighbouring
// values ran together ("each 500 ms every call", ">= open for > open
// for") and read as one.
const (
	width    = 80
	maxLabel = 28
	gutter   = 2
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

// wrap cuts text into lines of at most w columns (display cells,
// ansi.StringWidth), at spaces; a word longer than w stands on its own
// line. A number keeps its unit on its line ("100.0 %", "500 ms").
func wrap(text string, w int) []string {
	var lines []string
	line := ""
	for _, word := range KeepUnits(strings.Fields(text)) {
		if line != "" && ansi.StringWidth(line)+1+ansi.StringWidth(word) > w {
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

// units are the words wrap (and KeepUnits) keep with the number before
// them.
var units = map[string]bool{"%": true, "%)": true, "%,": true, "%;": true, "ms": true, "s": true, "s,": true, "s;": true, "s)": true}

// KeepUnits joins each unit to the number it follows ("10", "s" is "10
// s"), so a wrap that takes its words breaks no number from its unit:
// the cheat sheet's and the command line's wraps both do.
func KeepUnits(words []string) []string {
	out := words[:0:0]
	for _, w := range words {
		if n := len(out); n > 0 && units[w] && strings.ContainsAny(out[n-1][len(out[n-1])-1:], "0123456789") {
			out[n-1] += " " + w
			continue
		}
		out = append(out, w)
	}
	return out
}

// breakers writes the presets side by side, every row Describe gives
// except those no library sets.
func (s *sheet) breakers(title string) {
	presets := breaker.Presets()
	s.section(title)
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
		for i, cols := range fitColumns(head, rows) {
			if i > 0 {
				s.b.WriteString("\n")
			}
			s.table(pickCells(head, cols), pickRows(rows, cols))
		}
	}
	var shown []string
	for _, r := range rows {
		shown = append(shown, r[0])
	}
	s.versions(presets, shown)
	s.legend("What the rows mean:", shown, shown)
	// The rows no library sets are the engine's own knobs (the sandbox
	// and `breakerlab presets` show them); a name with no meaning beside
	// it was jargon on a page to review from.
	if len(unset) > 0 {
		s.legend("No library sets these; the engine can:", unset, shown)
	}
}

// versions says which library and version each column's defaults are:
// the columns are named "polly" or "hystrix", and a default memorised
// without its version misleads (Polly v7 had none of v8's defaults, and
// a new major version may change them). The names line up with the
// legends' (all).
func (s *sheet) versions(presets []breaker.Preset, all []string) {
	const heading = "Whose defaults each column gives:"
	if s.md {
		fmt.Fprintf(&s.b, "\n%s\n\n", heading)
		for _, p := range presets {
			fmt.Fprintf(&s.b, "- **%s**: %s\n", p.Name, presetVersion(p))
		}
		return
	}
	fmt.Fprintf(&s.b, "\n  %s\n", heading)
	col := 0
	for _, n := range all {
		col = max(col, len([]rune(n)))
	}
	for _, p := range presets {
		col = max(col, len([]rune(p.Name)))
	}
	col += 2 + 2 // the indent, and a gap before the library
	for _, p := range presets {
		for i, line := range wrap(presetVersion(p), width-col) {
			lead := ""
			if i == 0 {
				lead = "  " + p.Name
			}
			fmt.Fprintf(&s.b, "%-*s%s\n", col, lead, line)
		}
	}
}

// sinceVersion finds a version a preset's Source gives in parentheses,
// "(v0.7.0 on)", for a Library named without one.
var sinceVersion = regexp.MustCompile(`\((v[0-9][^)]*)\)`)

// presetVersion is a preset's library and version: its Library, or, when
// that names no version (no digit), its Library with the version its
// Source gives.
func presetVersion(p breaker.Preset) string {
	if strings.ContainsAny(p.Library, "0123456789") {
		return p.Library
	}
	if m := sinceVersion.FindStringSubmatch(p.Source); m != nil {
		// "v0.7.0 on" in a source's parentheses; alone in the legend it
		// read as a word missing, so it says what "on" meant.
		v, since := strings.CutSuffix(m[1], " on")
		if since {
			v += " and later"
		}
		return p.Library + " " + v
	}
	return p.Library
}

// legend says under heading what each of the breakers' rows named means,
// one entry a row (engine/breaker's Meaning, the text `breakerlab
// presets` shows): the rows' names are cut to fit the columns, and "late
// results: dropped" is no sentence to say in an interview. The names of
// every legend of the table (all) line their meanings up in one column.
func (s *sheet) legend(heading string, names, all []string) {
	if s.md {
		fmt.Fprintf(&s.b, "\n%s\n\n", heading)
		for _, n := range names {
			fmt.Fprintf(&s.b, "- **%s**: %s\n", n, breaker.Meaning(n))
		}
		return
	}
	// A blank line sets the heading apart from the table or legend above,
	// as the Markdown's paragraphs are.
	fmt.Fprintf(&s.b, "\n  %s\n", heading)
	col := 0
	for _, n := range append(append([]string(nil), all...), names...) {
		col = max(col, len([]rune(n)))
	}
	col += 2 + 2 // the indent, and a gap before the meaning
	for _, n := range names {
		for i, line := range wrap(breaker.Meaning(n), width-col) {
			lead := ""
			if i == 0 {
				lead = "  " + n
			}
			fmt.Fprintf(&s.b, "%-*s%s\n", col, lead, line)
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
	room := width - 2 - gutter*(n-1) // the indent and the gutters
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
					fmt.Fprintf(&b, "%-*s%s", widths[c], v, strings.Repeat(" ", gutter))
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

// fitColumns splits a table's value columns (after the label, column 0)
// into runs that fit the text sheet's width without wrapping a value,
// each run led by the label column: more libraries than fit side by side
// make two tables.
func fitColumns(head []string, rows [][]string) [][]int {
	need := func(c int) int {
		w := len([]rune(head[c]))
		for _, r := range rows {
			w = max(w, len([]rune(r[c])))
		}
		return w
	}
	room := width - 2 - need(0)
	var out [][]int
	run, used := []int{0}, 0
	for c := 1; c < len(head); c++ {
		w := gutter + need(c)
		if len(run) > 1 && used+w > room {
			out = append(out, run)
			run, used = []int{0}, 0
		}
		run = append(run, c)
		used += w
	}
	return append(out, run)
}

// pickCells is the cells of cols, in order.
func pickCells(cells []string, cols []int) []string {
	out := make([]string, len(cols))
	for i, c := range cols {
		out[i] = cells[c]
	}
	return out
}

func pickRows(rows [][]string, cols []int) [][]string {
	out := make([][]string, len(rows))
	for i, r := range rows {
		out[i] = pickCells(r, cols)
	}
	return out
}
