package pane

import (
	"fmt"
	"slices"
	"strings"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/tui/theme"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
)

// Pool draws the server's worker pool: one cell per worker, tagged with
// the letter of the endpoint whose request holds it or a dot when free, in
// groups of ten; a legend with each endpoint's share; and each bulkhead's
// share counted apart, so a learner sees one dependency swallow the pool,
// or hit its wall.
type Pool struct {
	th   *theme.Theme
	w, h int

	// What the last render drew, to tell whether a new snapshot changes it.
	owners    []int16
	names     []string
	busyBy    []int
	bulkheads []bulkheadInfo
	workers   int
	busy      int
	queue     queueInfo
	// awayMost, when a caller knows it, is what each bulkhead turns away
	// by the end of the run: the pane reserves the rows those counts take,
	// not the rows the widest count could take.
	awayMost map[string]uint64
	// wordsW, when set, is the width the title's words are picked for
	// (WordsAt).
	wordsW int
	// words is the title and note form titleAndNote picked, for wordsFor:
	// they hang on the room, the cells' share and the pool's size, never on
	// how many are busy, and picking them formatted every form's widest
	// note on every frame.
	words    poolWords
	wordsFor poolWordsKey
	wordsSet bool

	dirty bool
	view  string
}

type bulkheadInfo struct {
	name         string
	in, capacity int
	turnedAway   uint64
	// tenant is a per-tenant bulkhead's lanes, nil for a bulkhead all
	// calls share: then in and capacity count every lane together, a
	// figure no call meets, and the lanes are drawn instead.
	tenant *tenantLanes
}

func (a bulkheadInfo) equal(b bulkheadInfo) bool {
	return a.name == b.name && a.in == b.in && a.capacity == b.capacity && a.turnedAway == b.turnedAway && a.tenant.equal(b.tenant)
}

// queueInfo is the accept queue, when the snapshot has one.
type queueInfo struct {
	shown    bool
	len, cap int
}

// NewPool makes an empty pool pane.
func NewPool(th *theme.Theme) *Pool { return &Pool{th: th, dirty: true} }

// Init does nothing: the pane waits for data.
func (p *Pool) Init() tea.Cmd { return nil }

// Update takes DataMsg; the pool has no keys of its own.
func (p *Pool) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	if d, ok := msg.(DataMsg); ok {
		p.SetData(Data(d))
	}
	return p, nil
}

// SetSize sets the pane's outer size, border included.
func (p *Pool) SetSize(w, h int) {
	if w != p.w || h != p.h {
		p.w, p.h, p.dirty = w, h, true
	}
}

// SetData takes a new snapshot; the pane redraws only if what it shows changed.
func (p *Pool) SetData(d Data) {
	s := d.Snap
	if s == nil {
		return
	}
	changed := s.Workers != p.workers || s.Busy != p.busy || !slices.Equal(s.WorkerOwner, p.owners) ||
		len(s.Endpoints) != len(p.names)
	if !changed {
		for i := range s.Endpoints {
			if s.Endpoints[i].Name != p.names[i] || s.Endpoints[i].Busy != p.busyBy[i] {
				changed = true
				break
			}
		}
	}
	var bh []bulkheadInfo
	for i := range s.Dependencies {
		dep := &s.Dependencies[i]
		if dep.BulkheadCap > 0 {
			bi := bulkheadInfo{name: dep.Name, in: dep.Bulkhead, capacity: dep.BulkheadCap, turnedAway: dep.BulkheadFull}
			if dep.TenantBulkhead != nil {
				bi.tenant = tenantLanesOf(dep.TenantBulkhead)
			}
			bh = append(bh, bi)
		}
	}
	q := queueOf(s)
	if !changed && slices.EqualFunc(bh, p.bulkheads, bulkheadInfo.equal) && q == p.queue {
		return
	}
	p.workers, p.busy = s.Workers, s.Busy
	p.owners = append(p.owners[:0], s.WorkerOwner...)
	p.names = p.names[:0]
	p.busyBy = p.busyBy[:0]
	for i := range s.Endpoints {
		p.names = append(p.names, s.Endpoints[i].Name)
		p.busyBy = append(p.busyBy, s.Endpoints[i].Busy)
	}
	p.bulkheads, p.queue = bh, q
	p.dirty = true
}

// queueOf reads the accept queue from the snapshot: shown when the server
// has one.
func queueOf(s *engine.Snapshot) queueInfo {
	if s.QueueCap == 0 {
		return queueInfo{}
	}
	return queueInfo{shown: true, len: s.Queued, cap: s.QueueCap}
}

// cellLayout is how the cells are arranged in an inner width.
func cellLayout(inner, workers int) (perRow, rows int) {
	if inner <= 0 || workers <= 0 {
		return 0, 0
	}
	perRow = inner
	rows = (workers + perRow - 1) / perRow
	// Groups of ten, a space between groups, make counting easy; use them
	// unless they cost a row.
	if grouped := (inner + 1) / 11 * 10; grouped > 0 && (workers+grouped-1)/grouped == rows {
		perRow = grouped
	}
	return perRow, rows
}

// Needs is the height the pane would like at width w: every worker on
// screen, the legend, and a line per bulkhead. The legend is counted with
// every count as wide as the pool's size, so the height holds while the
// counts change and a layout built on it does not shift.
func (p *Pool) Needs(w int) int {
	inner := w - 2
	_, rows := cellLayout(inner, p.workers)
	return p.MinHeight(w) - 1 + max(rows, 1)
}

// MinHeight is the least height that shows the pool at width w: a row of
// cells (each then stands for several workers), the legend and the
// bulkheads' lines.
func (p *Pool) MinHeight(w int) int {
	inner := w - 2
	_, legend := p.legendLines(inner, false, false)
	return 2 + 1 + legend + p.bulkheadRows(inner) + btoi(p.queue.shown)
}

// ReserveTurnedAway tells the pane what each bulkhead (by name) will have
// turned away by the end of the run, so that its height holds that and no
// more; nil goes back to reserving for the widest count.
func (p *Pool) ReserveTurnedAway(most map[string]uint64) { p.awayMost = most }

// bulkheadRows counts the bulkheads' lines as they can get: full, and with
// a count of calls turned away of six digits (or as many as the run will
// turn away, when known), which may need a line of its own.
func (p *Pool) bulkheadRows(inner int) int {
	n := 0
	for _, b := range p.bulkheads {
		if most, ok := p.awayMost[b.name]; ok {
			b.turnedAway = max(b.turnedAway, most)
		} else {
			b.turnedAway = max(b.turnedAway, 999_999)
		}
		b.in = b.capacity // "full"
		if b.tenant != nil {
			b.tenant = b.tenant.worst()
		}
		n += len(p.bulkheadLines(b, inner))
	}
	return n
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

// View draws the pane, from the cache when nothing changed.
func (p *Pool) View() string {
	if p.dirty {
		p.view = strings.Join(p.render(), "\n")
		p.dirty = false
	}
	return p.view
}

func (p *Pool) render() []string {
	inner := p.w - 2
	legend := p.legend(inner)
	var bh int
	lines := make([][]string, len(p.bulkheads))
	for i, b := range p.bulkheads {
		lines[i] = p.bulkheadLines(b, inner)
		bh += len(lines[i])
	}
	if room := p.h - 2 - 1 - len(legend) - btoi(p.queue.shown); bh > room {
		// Too short for every lane: a per-tenant bulkhead says its size
		// and its full lanes in a line, rather than lose them below the
		// frame.
		for i, b := range p.bulkheads {
			if b.tenant != nil {
				bh -= len(lines[i]) - 1
				lines[i] = []string{p.laneBrief(b, inner)}
			}
		}
	}
	queueShown, folded := p.queue.shown, false
	// fold puts the bulkheads and the queue in one line, where there are
	// two or more of them and they fit in one: better than the pane's
	// last lines giving way to "… +3 more lines".
	fold := func() {
		if folded || bh+btoi(queueShown) < 2 {
			return
		}
		if line, ok := p.foldTail(inner); ok {
			lines, bh, queueShown, folded = [][]string{{line}}, 1, false, true
		}
	}
	if room := p.h - 2 - 1 - len(legend); bh+btoi(queueShown) > room {
		// Too short for them apart: folded, before the legend gives up
		// its names.
		fold()
	}
	if room := p.h - 2 - 1 - btoi(queueShown); len(legend)+bh > room {
		// Too short for the legend and the bulkheads under a row of
		// cells: Frame would cut the last lines with no sign (lesson 4 at
		// 80x24 lost the legend's r and the bulkhead its step is about).
		// The legend keeps its letters and counts, each bulkhead a line,
		// where that saves a line; what still does not fit, markCut tells.
		brief, _ := p.legendLines(inner, true, true)
		briefs, briefH := lines, bh
		if !folded {
			briefs, briefH = make([][]string, len(lines)), 0
			for i, b := range p.bulkheads {
				briefs[i] = lines[i]
				if b.tenant == nil {
					briefs[i] = []string{p.bulkheadBrief(b, inner)}
				}
				briefH += len(briefs[i])
			}
		}
		// The brief form also where it saves no line: what does not fit
		// is cut even so, and beside its shorter last line markCut's
		// "+1 more" fits, where the full legend's gave way whole to
		// "… +2 more lines".
		if len(brief)+briefH <= len(legend)+bh {
			legend, lines, bh = brief, briefs, briefH
		}
		if room := p.h - 2 - 1 - len(legend); bh+btoi(queueShown) > room {
			fold()
		}
	}
	extra := len(legend) + bh + btoi(queueShown)
	rowsFree := max(p.h-2-extra, 1)
	perRow, rows := cellLayout(inner, p.workers)
	// When the pool does not fit, each cell stands for several workers.
	per := 1
	for rows > rowsFree && perRow > 0 {
		per++
		_, rows = cellLayout(inner, (p.workers+per-1)/per)
	}
	body := p.cells(perRow, per, inner)
	body = append(body, legend...)
	for _, l := range lines {
		body = append(body, l...)
	}
	if queueShown {
		body = append(body, p.queueLine())
	}
	body = markCut(body, p.h-2, inner)
	title, note := p.titleAndNote(per)
	return Frame(p.th, p.w, p.h, title, note, body)
}

// titleAndNote is the frame's title and note. The title and the
// note's form (the cells' share of workers, or none) are picked by the
// widest count the pool can show, every worker busy (with "busy" where
// that fits, else without), at the words' width
// (WordsAt): picked by the note of the moment, the title went from
// "Worker pool" to "Pool" and back as the pool filled and drained, and
// compare mode's two sides, one full and one not, named one pane two
// ways. FULL and "busy" then go in where they fit (16/16 says as much).
func (p *Pool) titleAndNote(per int) (title, note string) {
	titles := []string{"Worker pool", "Pool"}
	w := p.w
	if p.wordsW > 0 {
		w = min(w, p.wordsW)
	}
	room := w - 9 // as Titled: the corners, the dashes and the spaces
	if k := (poolWordsKey{room: room, per: per, workers: p.workers}); !p.wordsSet || p.wordsFor != k {
		p.words, p.wordsFor, p.wordsSet = p.pickWords(titles, per, room), k, true
	}
	t, n := p.words.title, p.words.note
	if !p.words.fit {
		return t, ""
	}
	full := p.workers > 0 && p.busy == p.workers
	for _, s := range []string{n.text(p, p.busy, full, true), n.text(p, p.busy, full, false), n.text(p, p.busy, false, true)} {
		if Width(t)+Width(s) <= room {
			return t, s
		}
	}
	return t, n.text(p, p.busy, false, false)
}

// poolWords is the title and the note's form picked for a room.
type poolWords struct {
	title string
	note  poolNote
	fit   bool // a form fits; else the shortest title alone
}

// poolWordsKey is what poolWords are picked from.
type poolWordsKey struct{ room, per, workers int }

// pickWords is the first title and form whose widest note (every worker
// busy) fits room, each form with "busy" first, then each without it.
func (p *Pool) pickWords(titles []string, per, room int) poolWords {
	for _, forms := range poolNotes(per) {
		for _, t := range titles {
			for k := range 2 * len(forms) {
				n, busyWord := forms[k%len(forms)], k < len(forms)
				if Width(t)+Width(n.text(p, p.workers, false, busyWord)) <= room {
					return poolWords{title: t, note: n, fit: true}
				}
			}
		}
	}
	return poolWords{title: titles[len(titles)-1]}
}

// poolNote is a form of the pool frame's note.
type poolNote struct {
	per  string // the cells' share of workers, "6 per cell · ", or ""
	none bool   // no note
}

// poolNotes are the forms of the pool's note, the longest first: with
// the cells' share of workers; short of room even so, the count alone
// rather than a note cut mid-word, then no note. The share has one
// wording, PerCell's, in the sandbox and the lessons alike: a shorter
// "3/cell" left a new reader of lesson 1 guessing what it counted.
func poolNotes(per int) [][]poolNote {
	first := []poolNote{{}}
	if per > 1 {
		first = []poolNote{{per: PerCell(per) + " · "}}
	}
	return [][]poolNote{first, {{}, {none: true}}}
}

// PerCell says how many workers each of the pool pane's cells stands
// for, as its title says it: "3 per cell".
func PerCell(per int) string { return Count(per) + " per cell" }

// text is the note with busy workers busy, FULL before the count when
// full, "busy" after it when busyWord.
func (n poolNote) text(p *Pool, busy int, full, busyWord bool) string {
	if n.none {
		return ""
	}
	s := n.per
	if full {
		s += p.th.Bad.Render("FULL") + " "
	}
	s += Count(busy) + "/" + Count(p.workers)
	if busyWord {
		s += " busy"
	}
	return s
}

// WordsAt has the pane word its title as a frame w cells wide would,
// whatever its own width: compare mode gives both sides' pools the
// narrower side's width, so that they name themselves alike.
func (p *Pool) WordsAt(w int) {
	if w != p.wordsW {
		p.wordsW, p.dirty = w, true
	}
}

// cells draws the worker cells, per workers to a cell (the cell shows the
// owner most of them have).
func (p *Pool) cells(perRow, per, inner int) []string {
	if perRow <= 0 {
		return nil
	}
	// Groups of ten only where cellLayout chose them: a row of 70 cells in
	// 70 columns has no room for the spaces.
	grouped := perRow%10 == 0 && perRow >= 20 && perRow+perRow/10-1 <= inner
	letters := Letters(p.names)
	inks := make([]theme.Ink, len(letters))
	for i := range inks {
		inks[i] = theme.InkOf(p.th.Series(i))
	}
	free := theme.InkOf(p.th.Dim)
	n := (len(p.owners) + per - 1) / per
	var lines []string
	var b strings.Builder
	tally := make([]int, len(letters)+1)
	prev, run := -2, 0
	var runText strings.Builder
	flush := func() {
		if run == 0 {
			return
		}
		switch {
		case prev == -1:
			free.WriteTo(&b, runText.String())
		case prev >= 0 && prev < len(inks):
			inks[prev].WriteTo(&b, runText.String())
		default:
			b.WriteString(runText.String())
		}
		runText.Reset()
		run = 0
	}
	for c := range n {
		owner := p.owners[c*per]
		if per > 1 {
			clear(tally)
			for _, o := range p.owners[c*per : min((c+1)*per, len(p.owners))] {
				tally[int(o)+1]++
			}
			owner = int16(slices.Index(tally, slices.Max(tally)) - 1)
		}
		col := c % perRow
		if col == 0 && c > 0 {
			flush()
			lines = append(lines, b.String())
			b.Reset()
		} else if col > 0 && col%10 == 0 && grouped {
			flush()
			b.WriteByte(' ')
		}
		o := int(owner)
		if o != prev {
			flush()
			prev = o
		}
		switch {
		case o < 0:
			runText.WriteRune(theme.GlyphFree)
		case o < len(letters):
			runText.WriteRune(letters[o])
		default:
			runText.WriteByte('?')
		}
		run++
	}
	flush()
	if b.Len() > 0 {
		lines = append(lines, b.String())
	}
	return lines
}

// legend lists each endpoint's letter, name and workers held, then the
// free workers, wrapped to the width.
func (p *Pool) legend(inner int) []string {
	lines, _ := p.legendLines(inner, true, false)
	return lines
}

// legendLines wraps the legend's items; with styled false it only counts
// the lines (Needs calls it on every layout, so it must be cheap). A
// brief legend leaves out the endpoints' names and the word "free": "s 4
// p 7  r 15  · 174".
func (p *Pool) legendLines(inner int, styled, brief bool) ([]string, int) {
	if inner <= 0 {
		return nil, 0
	}
	letters := Letters(p.names)
	var lines []string
	var cur strings.Builder
	curW, count := 0, 0
	add := func(tag string, tagStyle func(...string) string, rest string) {
		w := 1 + len([]rune(rest))
		if curW > 0 && curW+2+w > inner {
			if styled {
				lines = append(lines, cur.String())
				cur.Reset()
			}
			count++
			curW = 0
		}
		if curW > 0 {
			curW += 2
			if styled {
				cur.WriteString("  ")
			}
		}
		if styled {
			cur.WriteString(tagStyle(tag) + rest)
		}
		curW += w
	}
	for i, n := range p.names {
		held := 0
		switch {
		case !styled:
			held = p.workers // counting: the widest the count can get
		case i < len(p.busyBy):
			held = p.busyBy[i]
		}
		// Counts as the title writes them (522/100,000 busy), so the
		// legend's beside it read alike: free 99,478, not 99478.
		name := " " + n
		if brief {
			name = ""
		}
		add(string(letters[i]), p.th.Series(i).Render, fmt.Sprintf("%s %s", name, Count(held)))
	}
	free := p.workers - p.busy
	if !styled {
		free = p.workers
	}
	freeWord := " free"
	if brief {
		freeWord = ""
	}
	add(string(theme.GlyphFree), p.th.Dim.Render, freeWord+" "+Count(free))
	if curW > 0 {
		if styled {
			lines = append(lines, cur.String())
		}
		count++
	}
	return lines, count
}

// bulkheadLines show one bulkhead's share: a gauge of its slots when there
// is room, the count, and the calls it turned away (on a line of their own
// when the pane is narrow).
func (p *Pool) bulkheadLines(b bulkheadInfo, inner int) []string {
	if b.tenant != nil {
		return p.laneLines(b, inner)
	}
	state, stateW := "", 0
	if b.in >= b.capacity {
		state, stateW = " "+p.th.Bad.Render("full"), 5
	}
	text := fmt.Sprintf("bulkhead %s %d/%d", b.name, b.in, b.capacity)
	away := ""
	if b.turnedAway > 0 {
		away = fmt.Sprintf("%s turned away", Count(b.turnedAway))
	}
	w := len([]rune(text)) + stateW
	// A gauge of one cell per slot, when the slots and the text fit.
	if g := b.capacity; g <= 40 && w+len(away)+g+6 <= inner {
		filled := min(b.in, g)
		gauge := "▕" + strings.Repeat("▮", filled) + p.th.Dim.Render(strings.Repeat("▯", g-filled)) + "▏"
		text, w = text+" "+gauge, w+g+3
	}
	if w > inner {
		// Too narrow for the name and the count on one line: the name
		// gives way to its fewest words (bulkheadBrief's), never the
		// count to a line of its own, where "20/20" under "bulkhead
		// recommendations" read as a figure of no bulkhead.
		text = fmt.Sprintf("%s %d/%d", p.bulkheadWord(b), b.in, b.capacity)
		w = len([]rune(text)) + stateW
	}
	switch {
	case away == "":
		return []string{text + state}
	case w+3+len(away) <= inner:
		return []string{text + state + " · " + away}
	}
	return []string{text + state, "  " + away}
}

// bulkheadBrief is a bulkhead's share in one line, for a pane too short
// for bulkheadLines: its name and count, and what it turned away where
// that fits; the name cut short before the count goes.
func (p *Pool) bulkheadBrief(b bulkheadInfo, inner int) string {
	count := fmt.Sprintf(" %d/%d", b.in, b.capacity)
	if b.in >= b.capacity {
		count += " " + p.th.Bad.Render("full")
	}
	name := "bulkhead " + b.name
	var texts []string
	if b.turnedAway > 0 {
		texts = append(texts, name+count+" · "+Count(b.turnedAway)+" turned away", name+count+" · "+Count(b.turnedAway)+" away")
	}
	// Narrower, a word goes whole rather than the name being cut ("bulkhead
	// pay… 0/4"): the name stays where another bulkhead could be meant.
	texts = append(texts, name+count, p.bulkheadWord(b)+count)
	return fitting(texts, inner)
}

// bulkheadWord names a bulkhead in the fewest words that still tell it
// apart: the word alone for the pool's only bulkhead, its dependency's
// name (as the legend names the endpoints) when there are several.
func (p *Pool) bulkheadWord(b bulkheadInfo) string {
	if len(p.bulkheads) > 1 {
		return b.name
	}
	return "bulkhead"
}

// foldTail puts the bulkheads' lines and the queue's in one line, each
// in its fewest words ("bulkhead 0/4 full · queue 3"), for a pane too
// short for them apart; false when they do not fit in one line, or a
// per-tenant bulkhead's lanes are among them.
func (p *Pool) foldTail(inner int) (string, bool) {
	var long, short []string
	for _, b := range p.bulkheads {
		if b.tenant != nil {
			return "", false
		}
		count := fmt.Sprintf(" %d/%d", b.in, b.capacity)
		if b.in >= b.capacity {
			count += " " + p.th.Bad.Render("full")
		}
		long = append(long, "bulkhead "+b.name+count)
		short = append(short, p.bulkheadWord(b)+count)
	}
	if p.queue.shown {
		q := "queue " + Count(p.queue.len)
		if p.queue.cap >= 0 && p.queue.len >= p.queue.cap {
			q += " " + p.th.Bad.Render("full")
		}
		long, short = append(long, q), append(short, q)
	}
	for _, parts := range [][]string{long, short} {
		if line := strings.Join(parts, " · "); ansi.StringWidth(line) <= inner {
			return line, true
		}
	}
	return "", false
}

// markCut keeps a pane's body to rows lines of width cells; lines that
// do not fit are not cut off without a sign: the last line kept says how
// many more there are, after its text where that fits ("s 10  p 8  +1
// more"), or in its place ("+2 more lines (enlarge to see)").
func markCut(body []string, rows, width int) []string {
	if len(body) <= rows || rows < 1 {
		return body
	}
	hidden := len(body) - rows + 1
	kept := body[: rows-1 : rows-1]
	if tail := "  +" + Count(len(body)-rows) + " more"; ansi.StringWidth(body[rows-1]+tail) <= width {
		return append(kept, body[rows-1]+tail)
	}
	// No "…" before it: a line that starts so reads as one cut short.
	more := "+" + Counted(hidden, "more line", "more lines")
	return append(kept, fitting([]string{more + " (enlarge to see)", more}, width))
}

// queueLine shows the accept queue: the requests waiting for a worker.
// Narrower, it says less rather than cut a word or a number ("queue: 0
// waiting…"): its limit goes first, then the word "waiting".
func (p *Pool) queueLine() string {
	q := p.queue
	n := Count(q.len)
	if q.cap < 0 {
		return fitting([]string{"accept queue " + n + " waiting (no limit)", "queue: " + n + " waiting (no limit)",
			"accept queue " + n + " waiting", "queue " + n + " waiting", "queue " + n}, p.w-2)
	}
	held, full := n+"/"+Count(q.cap), ""
	if q.len >= q.cap {
		full = " " + p.th.Bad.Render("full")
	}
	return fitting([]string{"accept queue " + held + " waiting" + full, "queue " + held + " waiting" + full, "queue " + held + full}, p.w-2)
}
