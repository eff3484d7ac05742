package lessonui

import (
	xansi "github.com/charmbracelet/x/ansi"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"github.com/breakerlab/breakerlab/tui/theme"
	"github.com/charmbracelet/lipgloss"
	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/extension"
	east "github.com/yuin/goldmark/extension/ast"
	gmtext "github.com/yuin/goldmark/text"
)

// The lesson text is Markdown, parsed with goldmark and drawn here, not with
// glamour: glamour's ansi package imports chroma for code highlighting
// (glamour v1.0.0 ansi/codeblock.go imports chroma/v2/quick and styles), and
// chroma v2.20.0 builds its lexer and style registries eagerly in package
// initialisers (lexers/lexers.go: GlobalLexerRegistry parses every embedded
// XML lexer), which cost about 27 ms of every start of the program, whatever
// screen it opens (TestNoChromaAtStartup). Drawing it ourselves also puts the
// wrapping in our hands: a line breaks only at a space, never inside a
// number, between a number and its unit or inside a code span at a hyphen,
// and a list item's continuation lines hang under its text.

// mdStyles are the inks the Markdown is drawn with, taken from the theme so
// that NO_COLOR drops the colours and keeps the layout.
type mdStyles struct {
	plain, bold, italic, boldItalic, code, heading, rule, quote, dim ink
}

// ink is a style reduced to the escape codes around its text (as
// ink, whose fields this package cannot see, and which splitStyled
// must build from a string already styled).
type ink struct{ pre, post string }

func inkOf(s lipgloss.Style) ink {
	out := s.Render("X")
	i := strings.IndexByte(out, 'X')
	if i < 0 {
		return ink{}
	}
	return ink{pre: out[:i], post: out[i+1:]}
}

func (k ink) Paint(s string) string {
	if k.pre == "" {
		return s
	}
	return k.pre + s + k.post
}

func (k ink) writeTo(b *strings.Builder, s string) {
	b.WriteString(k.pre)
	b.WriteString(s)
	b.WriteString(k.post)
}

func newMDStyles(th *theme.Theme) mdStyles {
	s := th.R.NewStyle
	return mdStyles{
		bold:       inkOf(th.Bold),
		italic:     inkOf(s().Italic(true)),
		boldItalic: inkOf(s().Bold(true).Italic(true)),
		code:       inkOf(th.Key.Bold(false)),
		heading:    inkOf(th.Title),
		rule:       inkOf(th.Border),
		quote:      inkOf(th.Accent),
		dim:        inkOf(th.Dim),
	}
}

// mdParser parses CommonMark with GitHub's pipe tables, the only extension
// the lessons use.
var mdParser = goldmark.New(goldmark.WithExtensions(extension.Table))

// renderMarkdown draws Markdown at a width as lines of styled text, none
// wider than width (a word longer than the whole width is the one thing
// broken mid-word, since nothing else fits).
func renderMarkdown(md string, width int, st mdStyles) []string {
	src := []byte(md)
	doc := mdParser.Parser().Parse(gmtext.NewReader(src))
	r := mdRenderer{src: src, st: st}
	return r.blocks(doc, max(width, 1))
}

type mdRenderer struct {
	src []byte
	st  mdStyles
}

// blocks draws the block children of n, a blank line between two blocks
// (but not between the items of a tight list or the parts of one item).
func (r *mdRenderer) blocks(n ast.Node, width int) []string {
	var out []string
	tight := false
	if li, ok := n.(*ast.ListItem); ok {
		if l, ok := li.Parent().(*ast.List); ok {
			tight = l.IsTight
		}
	}
	for c := n.FirstChild(); c != nil; c = c.NextSibling() {
		lines := r.block(c, width)
		if len(lines) == 0 {
			continue
		}
		if len(out) > 0 && !tight {
			out = append(out, "")
		}
		out = append(out, lines...)
	}
	return out
}

func (r *mdRenderer) block(n ast.Node, width int) []string {
	switch n := n.(type) {
	case *ast.Paragraph, *ast.TextBlock:
		return wrapCells(r.inline(n, r.st.plain), width, width)
	case *ast.Heading:
		return wrapCells(r.inline(n, r.st.heading), width, width)
	case *ast.ThematicBreak:
		return []string{r.st.rule.Paint(strings.Repeat("─", width))}
	case *ast.List:
		return r.list(n, width)
	case *ast.Blockquote:
		inner := r.blocks(n, max(width-2, 1))
		for i, l := range inner {
			inner[i] = r.st.quote.Paint("│") + " " + l
		}
		return inner
	case *ast.FencedCodeBlock, *ast.CodeBlock, *ast.HTMLBlock:
		return r.code(n, width)
	case *east.Table:
		return r.table(n, width)
	}
	return r.blocks(n, width)
}

// list draws a list's items with their markers, each item's lines hanging
// under its text rather than under the marker.
func (r *mdRenderer) list(l *ast.List, width int) []string {
	var out []string
	num := l.Start
	markers := []string{}
	mw := 0
	for c := l.FirstChild(); c != nil; c = c.NextSibling() {
		m := "• "
		if l.IsOrdered() {
			m = strconv.Itoa(num) + ". "
			num++
		}
		markers = append(markers, m)
		mw = max(mw, visibleWidth(m))
	}
	if mw >= width {
		mw = 0 // no room for a hanging indent: markers go on their own
	}
	i := 0
	for c := l.FirstChild(); c != nil; c = c.NextSibling() {
		lines := r.blocks(c, max(width-mw, 1))
		if len(out) > 0 && !l.IsTight {
			out = append(out, "")
		}
		pad := strings.Repeat(" ", mw)
		for j, line := range lines {
			if j == 0 {
				m := markers[i]
				line = r.st.dim.Paint(m) + strings.Repeat(" ", max(mw-visibleWidth(m), 0)) + line
			} else if line != "" {
				line = pad + line
			}
			out = append(out, line)
		}
		if len(lines) == 0 {
			out = append(out, r.st.dim.Paint(markers[i]))
		}
		i++
	}
	return out
}

// code draws a code block's lines as they are, indented by two; a line
// wider than the column is continued on the next line, marked ↪, since a
// program's line has no place to break that would not change its meaning.
func (r *mdRenderer) code(n ast.Node, width int) []string {
	var out []string
	indent := 2
	if width < 12 {
		indent = 0
	}
	inner := max(width-indent, 1)
	lines := n.Lines()
	for i := 0; i < lines.Len(); i++ {
		seg := lines.At(i)
		line := strings.TrimRight(string(seg.Value(r.src)), "\r\n")
		line = strings.ReplaceAll(line, "\t", "    ")
		cells := plainCells(line, r.st.code)
		for first := true; first || len(cells) > 0; first = false {
			k, w := 0, 0
			for k < len(cells) && w+cells[k].w <= inner {
				w += cells[k].w
				k++
			}
			if k == 0 && len(cells) > 0 {
				k = 1
			}
			prefix := strings.Repeat(" ", indent)
			if !first && indent > 0 {
				prefix = r.st.dim.Paint("↪") + " "
			}
			out = append(out, prefix+paintCells(cells[:k]))
			cells = cells[k:]
		}
	}
	return out
}

// cell is one character of inline text with its ink. brk marks a space a
// line may break at; nl a hard line break.
type cell struct {
	r   rune
	w   int
	ink ink
	brk bool
	nl  bool
}

func plainCells(s string, ink ink) []cell {
	out := make([]cell, 0, len(s))
	for _, c := range s {
		out = append(out, cell{r: c, w: runeWidth(c), ink: ink})
	}
	return out
}

// inline flattens a block's inline content into cells, then marks the
// spaces a line may break at.
func (r *mdRenderer) inline(n ast.Node, base ink) []cell {
	var cells []cell
	var walk func(n ast.Node, ink ink, emph int, code bool)
	add := func(s string, ink ink, _ bool) {
		for _, c := range s {
			if c == '\n' || c == '\t' {
				c = ' '
			}
			cells = append(cells, cell{r: c, w: runeWidth(c), ink: ink, brk: c == ' '})
		}
	}
	inkFor := func(emph int) ink {
		switch {
		case base != r.st.plain:
			return base
		case emph&3 == 3:
			return r.st.boldItalic
		case emph&2 != 0:
			return r.st.bold
		case emph&1 != 0:
			return r.st.italic
		}
		return base
	}
	walk = func(n ast.Node, ink ink, emph int, code bool) {
		for c := n.FirstChild(); c != nil; c = c.NextSibling() {
			switch c := c.(type) {
			case *ast.Text:
				add(string(c.Segment.Value(r.src)), inkFor(emph), code)
				if c.HardLineBreak() {
					cells = append(cells, cell{nl: true})
				} else if c.SoftLineBreak() {
					add(" ", inkFor(emph), code)
				}
			case *ast.String:
				add(string(c.Value), inkFor(emph), code)
			case *ast.CodeSpan:
				start := len(cells)
				walk(c, ink, emph, true)
				for i := start; i < len(cells); i++ {
					cells[i].ink = r.st.code
				}
			case *ast.Emphasis:
				bit := 1
				if c.Level >= 2 {
					bit = 2
				}
				walk(c, ink, emph|bit, code)
			case *ast.AutoLink:
				add(string(c.Label(r.src)), inkFor(emph), code)
			case *ast.Link:
				walk(c, ink, emph, code)
				dest := string(c.Destination)
				if dest != "" && !strings.HasPrefix(dest, "#") {
					add(" ("+dest+")", r.st.dim, code)
				}
			case *ast.RawHTML:
				for i := 0; i < c.Segments.Len(); i++ {
					s := c.Segments.At(i)
					add(string(s.Value(r.src)), inkFor(emph), code)
				}
			default:
				walk(c, ink, emph, code)
			}
		}
	}
	walk(n, base, 0, false)
	// Trim the spaces at either end.
	for len(cells) > 0 && cells[0].r == ' ' {
		cells = cells[1:]
	}
	for len(cells) > 0 && cells[len(cells)-1].r == ' ' {
		cells = cells[:len(cells)-1]
	}
	markUnbreakable(cells)
	return cells
}

// runeWidth is the number of columns a rune takes: 0 for combining marks,
// 2 for wide (East Asian, most emoji) characters, 1 otherwise.
func runeWidth(r rune) int {
	switch {
	case r < 0x300:
		return 1
	case r >= 0x300 && r <= 0x36f, r == 0x200d, r >= 0xfe00 && r <= 0xfe0f:
		return 0
	case r >= 0x1100 && r <= 0x115f, r >= 0x2e80 && r <= 0xa4cf, r >= 0xac00 && r <= 0xd7a3,
		r >= 0xf900 && r <= 0xfaff, r >= 0xfe30 && r <= 0xfe4f, r >= 0xff00 && r <= 0xff60,
		r >= 0xffe0 && r <= 0xffe6, r >= 0x1f300 && r <= 0x1faff, r >= 0x20000 && r <= 0x3fffd:
		return 2
	}
	return 1
}

// paintCells writes cells, one escape sequence per run of the same ink.
func paintCells(cells []cell) string {
	var b strings.Builder
	for i := 0; i < len(cells); {
		j := i
		var run strings.Builder
		for j < len(cells) && cells[j].ink == cells[i].ink {
			run.WriteRune(cells[j].r)
			j++
		}
		cells[i].ink.writeTo(&b, run.String())
		i = j
	}
	return b.String()
}

// wrapCells breaks cells into lines at the spaces marked brk, filling each
// line as far as it goes (first line first wide, the others rest wide); a
// word wider than a whole line is the only thing cut.
func wrapCells(cells []cell, first, rest int) []string {
	if len(cells) == 0 {
		return nil
	}
	var out []string
	width := max(first, 1)
	var line []cell
	lineW := 0
	flush := func() {
		out = append(out, paintCells(line))
		line, lineW = line[:0:0], 0
		width = max(rest, 1)
	}
	for i := 0; i < len(cells); {
		if cells[i].nl {
			flush()
			i++
			continue
		}
		if cells[i].brk {
			i++
			continue
		}
		// The word runs to the next breakable space or hard break.
		j, w := i, 0
		for j < len(cells) && !cells[j].brk && !cells[j].nl {
			w += cells[j].w
			j++
		}
		word := cells[i:j]
		switch {
		case lineW == 0:
		case lineW+1+w <= width:
			line = append(line, cell{r: ' ', w: 1, ink: cells[i-1].ink})
			lineW++
		default:
			flush()
		}
		for lineW == 0 && w > width {
			// Wider than a whole line: cut it where the line ends.
			k, kw := 0, 0
			for k < len(word) && kw+word[k].w <= width {
				kw += word[k].w
				k++
			}
			k = max(k, 1)
			// Rather than between two letters, after a bracket, a slash,
			// a dot or a dash in the line's last two thirds, where code
			// such as Retry(CircuitBreaker(RateLimiter(TimeLimiter(...
			// reads on: never "TimeL" / "imiter".
			if k < len(word) {
				for b := k - 1; b >= max(k/3, 1); b-- {
					if strings.ContainsRune("(/.-_,:", word[b].r) {
						kw = 0
						for _, c := range word[:b+1] {
							kw += c.w
						}
						k = b + 1
						break
					}
				}
			}
			line = append(line, word[:k]...)
			lineW += kw
			flush()
			word = word[k:]
			w -= kw
		}
		line = append(line, word...)
		lineW += w
		i = j
	}
	if len(line) > 0 || len(out) == 0 {
		out = append(out, paintCells(line))
	}
	return out
}

// unbreakable matches the spaces a line must not break at: between a
// number and its unit ("24 s", "46.4 %", "1 in 28"), and after a sign that
// reads with the number it comes before ("≥ 50 %", "→ 74.3 %").
// Two patterns, each matched on its own: one match cannot take the digit
// another needs ("= 0 ms" holds "= 0" and "0 ms" both).
var unbreakable = []*regexp.Regexp{
	regexp.MustCompile(`\d (?:%|‰|(?:ms|µs|us|ns|s|min|h|rps|req/s|x)\b)|\d in \d|\d [×÷]`),
	regexp.MustCompile(`(?:^|\s)[≥≤<>=≈~×±→] \d`),
}

// markUnbreakable clears brk on the spaces unbreakable matches.
func markUnbreakable(cells []cell) {
	// Every pattern holds a digit, and most lines the player wraps on each
	// frame have none: such a line is left as it is without building its
	// string or running a pattern.
	digit := false
	for _, c := range cells {
		if c.r >= '0' && c.r <= '9' {
			digit = true
			break
		}
	}
	if !digit {
		return
	}
	var b strings.Builder
	at := make([]int, 0, len(cells)+1) // byte offset -> cell, per cell start
	for _, c := range cells {
		at = append(at, b.Len())
		if c.nl {
			b.WriteByte('\n')
			continue
		}
		b.WriteRune(c.r)
	}
	s := b.String()
	for _, re := range unbreakable {
		for _, m := range re.FindAllStringIndex(s, -1) {
			// A match may start at the space before a sign: that space
			// stays breakable, the ones inside the match do not.
			lo := m[0]
			if lo < len(s) && (s[lo] == ' ' || s[lo] == '\n') {
				lo++
			}
			// at is in order: start at the first cell at lo, not at the
			// line's first cell for every match.
			for i := sort.SearchInts(at, lo); i < len(at) && at[i] < m[1]; i++ {
				if cells[i].r == ' ' {
					cells[i].brk = false
				}
			}
		}
	}
}

// table draws a pipe table: side by side when its columns fit the width
// (a cell's text wrapped inside its column, between words), else stacked,
// one block per row with each column's heading before its value, so that no
// cell is ever cut.
func (r *mdRenderer) table(t *east.Table, width int) []string {
	var rows [][][]cell
	header := 0
	for row := t.FirstChild(); row != nil; row = row.NextSibling() {
		var cs [][]cell
		ink := r.st.plain
		if _, ok := row.(*east.TableHeader); ok {
			ink = r.st.bold
			header++
		}
		for c := row.FirstChild(); c != nil; c = c.NextSibling() {
			cs = append(cs, r.inline(c, ink))
		}
		rows = append(rows, cs)
	}
	if len(rows) == 0 {
		return nil
	}
	cols := 0
	for _, row := range rows {
		cols = max(cols, len(row))
	}
	natural, least := make([]int, cols), make([]int, cols)
	for _, row := range rows {
		for j, c := range row {
			natural[j] = max(natural[j], cellsWidth(c))
			least[j] = max(least[j], longestWord(c))
		}
	}
	const sep = " │ "
	gaps := 3 * (cols - 1)
	sumN, sumL := gaps, gaps
	for j := range cols {
		sumN += natural[j]
		sumL += least[j]
	}
	if sumL > width || (header == 0 && sumN > width) {
		return r.stacked(rows, header, width)
	}
	colw := append([]int(nil), natural...)
	if sumN > width {
		// Every column gets its longest word, and the room left is shared
		// in proportion to what each column still lacks.
		copy(colw, least)
		room, lack := width-sumL, sumN-sumL
		for j := range cols {
			colw[j] += room * (natural[j] - least[j]) / lack
		}
	}
	align := t.Alignments
	var out []string
	for i, row := range rows {
		wrapped := make([][]string, cols)
		h := 1
		for j := range cols {
			var c []cell
			if j < len(row) {
				c = row[j]
			}
			wrapped[j] = wrapCells(c, colw[j], colw[j])
			h = max(h, len(wrapped[j]))
		}
		for k := range h {
			var b strings.Builder
			for j := range cols {
				if j > 0 {
					b.WriteString(r.st.rule.Paint(sep))
				}
				s := ""
				if k < len(wrapped[j]) {
					s = wrapped[j][k]
				}
				pad := strings.Repeat(" ", max(colw[j]-visibleWidth(s), 0))
				if j < len(align) && align[j] == east.AlignRight {
					b.WriteString(pad + s)
				} else if j < cols-1 {
					b.WriteString(s + pad)
				} else {
					b.WriteString(s)
				}
			}
			out = append(out, strings.TrimRight(b.String(), " "))
		}
		if i == header-1 {
			var b strings.Builder
			for j := range cols {
				if j > 0 {
					b.WriteString("─┼─")
				}
				b.WriteString(strings.Repeat("─", colw[j]))
			}
			out = append(out, r.st.rule.Paint(b.String()))
		}
	}
	return out
}

// stacked draws a table too wide for the column one row at a time: the
// row's first cell as its title, then "heading: value" for the others,
// wrapped under themselves.
func (r *mdRenderer) stacked(rows [][][]cell, header, width int) []string {
	var heads [][]cell
	if header > 0 {
		heads = rows[0]
	}
	var out []string
	for _, row := range rows[header:] {
		if len(out) > 0 {
			out = append(out, "")
		}
		for j, c := range row {
			if j == 0 {
				title := append([]cell(nil), c...)
				for k := range title {
					title[k].ink = r.st.bold
				}
				out = append(out, wrapCells(title, width, width)...)
				continue
			}
			var item []cell
			if j < len(heads) && len(heads[j]) > 0 {
				for _, h := range heads[j] {
					h.ink = r.st.dim
					item = append(item, h)
				}
				item = append(item, cell{r: ':', w: 1, ink: r.st.dim}, cell{r: ' ', w: 1, brk: true})
			}
			item = append(item, c...)
			lines := wrapCells(item, max(width-2, 1), max(width-4, 1))
			for k, l := range lines {
				if k == 0 {
					lines[k] = "  " + l
				} else {
					lines[k] = "    " + l
				}
			}
			out = append(out, lines...)
		}
	}
	return out
}

func cellsWidth(cs []cell) int {
	w := 0
	for _, c := range cs {
		w += c.w
	}
	return w
}

// longestWord is the width of the widest run of cells between breakable
// spaces: the least a column can be without cutting a word.
func longestWord(cs []cell) int {
	best, w := 0, 0
	for _, c := range cs {
		if c.brk || c.nl {
			w = 0
			continue
		}
		w += c.w
		best = max(best, w)
	}
	return best
}

// visibleWidth is the width of a painted string: its cells, less the
// escape sequences.
func visibleWidth(s string) int { return xansi.StringWidth(s) }

// styledSeg is a run of text and the ink it was painted in.
type styledSeg struct {
	text string
	ink  ink
}

// splitStyled cuts a string painted with SGR escape sequences (lipgloss's
// output) into runs of text and their inks, so that it can be wrapped cell
// by cell and painted again. Escape sequences other than SGR are dropped.
func splitStyled(s string) []styledSeg {
	var out []styledSeg
	var cur strings.Builder
	pre := ""
	emit := func() {
		if cur.Len() == 0 {
			return
		}
		k := ink{}
		if pre != "" {
			k = ink{pre: pre, post: "\x1b[0m"}
		}
		out = append(out, styledSeg{text: cur.String(), ink: k})
		cur.Reset()
	}
	for i := 0; i < len(s); {
		if s[i] != 0x1b {
			j := strings.IndexByte(s[i:], 0x1b)
			if j < 0 {
				j = len(s) - i
			}
			cur.WriteString(s[i : i+j])
			i += j
			continue
		}
		// CSI: ESC [ parameters final byte.
		if i+1 < len(s) && s[i+1] == '[' {
			j := i + 2
			for j < len(s) && (s[j] < 0x40 || s[j] > 0x7e) {
				j++
			}
			if j < len(s) {
				seq := s[i : j+1]
				if s[j] == 'm' {
					emit()
					if p := s[i+2 : j]; p == "" || p == "0" {
						pre = ""
					} else {
						pre += seq
					}
				}
				i = j + 1
				continue
			}
		}
		i++
	}
	emit()
	return out
}
