package challengeui

import (
	"fmt"
	"regexp"
	"slices"
	"strings"

	"github.com/breakerlab/breakerlab/lessons/challenge"
	"github.com/breakerlab/breakerlab/tui/internal/helpview"
	"github.com/breakerlab/breakerlab/tui/pane"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
)

// The columns of a goal's line: the value, right-aligned, and the bound.
const (
	valueW = 9
	wantW  = 9
)

// View draws the screen: exactly the window's size.
func (m Model) View() string {
	if m.w <= 0 || m.h <= 0 {
		return ""
	}
	switch {
	case m.page == onFleet && m.sv != nil:
		return m.sv.View()
	case m.page == onSandbox && m.sb != nil && !m.wide():
		return m.sb.View()
	case m.page == onAbout, m.page == onHelp:
		return m.textPage()
	}
	if !m.wide() {
		return strings.Join(m.panelLines(m.w), "\n")
	}
	pw := panelWidth(m.w)
	// One builder for the whole screen, the sandbox's frame read in place
	// (sandbox.Model.WriteBeside): its text, made only to be copied here,
	// was the screen copied once more (13 KB a frame at 160×48).
	var b strings.Builder
	m.sb.WriteBeside(&b, m.panelLines(pw), m.w-pw, m.h, m.wideKeys)
	return b.String()
}

// wideKeys is the panel's key row beside the sandbox, given the blank
// cells the sandbox's key line leaves at its end (WriteBeside): the most
// keys that fit the panel's width and those cells, two blanks kept before
// the sandbox's keys so the two lines read apart, and how many of the
// cells it took. The panel's own line where no wider one fits, or where
// it was not drawn for this size.
func (m Model) wideKeys(spare int) (string, int) {
	d := m.drawn
	pw := panelWidth(m.w)
	if len(d.lines) == 0 || d.w != pw || d.h != m.h || len(d.keys) == 0 {
		return m.panelLines(pw)[m.h-1], 0
	}
	own := d.lines[len(d.lines)-1]
	for _, f := range d.keys {
		// One blank before the keys (the panel's margin), two after.
		took := 1 + f.w + 2 - pw
		if took > spare {
			continue
		}
		if took <= 0 {
			return own, 0 // the panel's own line holds these keys
		}
		return " " + f.line + "  ", took
	}
	return own, 0
}

// panelShown is the width the panel is drawn at, when it is on screen.
func (m *Model) panelShown() (int, bool) {
	switch {
	case m.w <= 0 || m.h <= 0, m.page == onAbout, m.page == onHelp, m.page == onSandbox && m.sb != nil && !m.wide(),
		m.page == onFleet && m.sv != nil:
		return 0, false
	case m.wide():
		return panelWidth(m.w), true
	}
	return m.w, true
}

// drawPanel draws the panel as the screen shows it now, for View to use
// until Update draws it again.
func (m Model) drawPanel() Model {
	m.drawn = panelDrawn{}
	if w, ok := m.panelShown(); ok {
		m.drawn = panelDrawn{w: w, h: m.h, lines: pane.Block(m.panel(w, m.h), w, m.h)}
		if m.wide() {
			m.drawn.keys = m.keyFits()
		}
	}
	return m
}

// panelLines are the panel in w×h: as drawPanel drew it, or drawn now.
func (m *Model) panelLines(w int) []string {
	if d := m.drawn; d.lines != nil && d.w == w && d.h == m.h {
		return d.lines
	}
	return pane.Block(m.panel(w, m.h), w, m.h)
}

// panel lays out the challenge's panel in w×h: title, brief (as much as
// fits), knobs, goals, par, status and keys. A goal missed names its seed,
// the seed --check names and v plays, which tells the goals' values apart:
// on its own line where the label cannot hold it and the window has the
// room, else all of them folded on one line under the goals, in the
// blank line over the status. Neither takes a line from the brief or the
// whys: beside the sandbox at 140×24 level 6's four seed lines left it no
// word of the brief and no why, only "i shows why", where what the
// learner needs first is what the level asks and why the design misses.
// Only a window too short for the folded line leaves the seeds out.
func (m *Model) panel(w, h int) []string {
	lines, fit := m.panelWith(w, h, seedsBeside)
	r := m.Result()
	if r == nil || r.Pass && r.MeetsPar {
		return lines // no goal missed, nor a par v plays: no seed to name
	}
	inner := min(w, 100) - 2
	bare, _, _ := m.knobsAndGoals(inner, 0, seedsBeside)
	named, _, _ := m.knobsAndGoals(inner, 0, seedsOwnLines)
	if len(named) == len(bare) {
		return lines // every seed named fits on its goal's own lines
	}
	for _, mode := range []seedMode{seedsOwnLines, seedsFolded} {
		if l, f := m.panelWith(w, h, mode); f.keeps(fit) {
			return l
		}
	}
	return lines // even one line of seeds would cost the goals, brief or whys
}

// seedMode is where the goals missed name their worst seeds.
type seedMode int

const (
	// seedsBeside names a seed only where its goal's line holds it.
	seedsBeside seedMode = iota
	// seedsOwnLines gives the others a line each under their goals.
	seedsOwnLines
	// seedsFolded names every missed goal's seed on one line under the
	// goals, in their order, in place of the blank over the status.
	seedsFolded
)

// panelFit is how a layout fitted its window: how far it squeezed the
// knobs and goals (knobsAndGoals), whether it cut lines under them for
// want of room, and how many lines the brief and the status kept.
type panelFit struct {
	squeezed      int
	cut           bool
	brief, status int
}

// keeps says whether a layout that names more seeds than bare keeps all
// that bare shows: the goals, the brief's lines and the status's (the
// whys).
func (f panelFit) keeps(bare panelFit) bool {
	return f.squeezed <= bare.squeezed && (!f.cut || bare.cut) && f.brief >= bare.brief && f.status >= bare.status
}

// panelWith is panel, with the seeds of the goals missed named as seeds
// says.
func (m *Model) panelWith(w, h int, seeds seedMode) (_ []string, fit panelFit) {
	inner := min(w, 100) - 2 // a margin of one on each side
	if inner < 20 {
		return pane.Wrap("Make the window wider to play this challenge.", w), fit
	}
	pad := func(lines []string) []string {
		for i, l := range lines {
			lines[i] = " " + l
		}
		return lines
	}
	var top, rest []string
	var tails []bool // rest's lines that go on with the goal above them
	top = append(top, m.titleLine(inner))

	// A window too short for the goals that fall short (or, when none
	// does, for the first goal) shows them first, and then, if they are
	// still cut, only the selected knob, and then that knob's range on one
	// line: a short window cut the goals from the bottom, and the one that
	// failed (or every goal) went under the stars line with no way to read
	// it; at 40×14 a choice knob's four lines of choices left the goals
	// their heading alone, and the learner no word of what to achieve.
	squeezed := 0
	for ; squeezed <= maxSqueeze; squeezed++ {
		var needEnd int
		rest, needEnd, tails = m.knobsAndGoals(inner, squeezed, seeds)
		if len(top)+needEnd <= h-2 {
			break
		}
	}
	if seeds != seedsFolded {
		rest = append(rest, "") // the folded seeds' line stands in its place
	}
	// The status gets what the title, knobs, goals, keys and the brief's
	// first line with its pointer leave: without them a long status (the
	// whys of a design that falls short) left the panel no word of what
	// the challenge asks, nor of where to read it. What the status cannot
	// show is on the brief's page, i, too.
	brief := m.briefLines(inner)
	status, unsaid := m.statusLines(inner, h-len(top)-len(rest)-1-min(len(brief), 2))
	rest = append(rest, status...)
	keys := m.keyLine(inner)

	// The brief takes what is left; a cut brief says where the rest is,
	// and the whys too when the status had no line to say it.
	room := h - len(top) - len(rest) - 1
	if len(brief) > room {
		cut := max(room-1, 0)
		// The longest that fits whole: cut, it lost the word that says
		// what i shows.
		more := []string{"… i shows the whole brief and the hint", "… i shows the whole brief", "… i: the brief"}
		if unsaid {
			more = []string{"… i shows the brief, hint and whys in full", "… i: brief, hint, whys", "… i: the brief"}
		}
		brief = append(brief[:cut:cut], m.th.Dim.Render(pane.Fit(firstFitting(more, inner), inner)))
		if room <= 0 {
			brief = nil
		}
	}
	lines := append(top, brief...)
	restAt := len(lines)
	lines = append(lines, rest...)
	statusAt := len(lines) - len(status)
	for len(lines) > h-1 && len(lines) > 0 && lines[len(lines)-1] == "" {
		lines = lines[:len(lines)-1]
	}
	whole := len(lines) <= h-1 // nothing cut
	fit.squeezed, fit.cut, fit.brief, fit.status = squeezed, !whole, len(brief), len(status)
	if len(lines) > h-1 && h >= 3 {
		// The cut falls between goals: a goal wrapped over two lines and
		// cut after its first showed a mark and half a label, its value
		// and bound under the more-lines line. The more-lines line goes
		// right under the last goal shown, and the lines a whole goal
		// leaves go blank under it, over the keys: blank between the goals
		// and the mark, they read as the goals' end, something else cut.
		cut := h - 2
		for cut > restAt && cut-restAt < len(tails) && tails[cut-restAt] {
			cut--
		}
		over := len(lines) - cut
		fit.status = max(min(len(status), cut-statusAt), 0)
		// What the window cannot hold (a goal, the par, the stars) is
		// said, not dropped without a word; and the stars, when they are
		// among it, are said there: a short window showed the knobs and
		// not a word of how the design does.
		more := []string{"↓ " + moreLines(over) + ": enlarge the window", "↓ " + moreLines(over)}
		v := m.verdictText()
		if m.gradeErr != "" {
			v = "✗ cannot be graded"
		}
		if v != "" && statusAt >= cut {
			more = append([]string{v + " · " + more[0], v + " · " + more[1], v + " · ↓ more", v}, more...)
		}
		lines = append(lines[:cut:cut], m.th.Dim.Render(pane.Fit(firstFitting(more, inner), inner)))
	}
	for len(lines) < h-1 {
		lines = append(lines, "")
	}
	lines = append(lines[:h-1], keys)
	return pad(lines), fit
}

// maxSqueeze is knobsAndGoals' tightest squeeze.
const maxSqueeze = 4

// knobsAndGoals are the panel's knobs and goals in w cells, the row below
// the goals the panel must show (needEnd: the last that falls short, or
// the first goal when none does), and which lines go on with the line
// above (tails, as long as lines), where a cut would split a goal or leave
// the goals' heading over none. squeeze 1 puts the goals that fall short first; squeeze 2 also
// shows only the selected knob, its heading saying which of how many it
// is; squeeze 3 also cuts that knob's range to one line; squeeze 4
// (maxSqueeze) also leaves out the scenario's window the goals share, a
// wrapped line of its own under each in a narrow panel, where without it
// the goals had no line at all (40×14): the brief's page and --check say it.
func (m *Model) knobsAndGoals(w, squeeze int, seeds seedMode) (lines []string, needEnd int, tails []bool) {
	if squeeze >= 2 && len(m.c.Knobs) > 1 {
		lines = append(lines, "", m.th.Bold.Render(fmt.Sprintf("Knobs · %d of %d", m.focus+1, len(m.c.Knobs))))
	} else {
		lines = append(lines, "", m.th.Bold.Render("Knobs"))
	}
	for i := range m.c.Knobs {
		if squeeze >= 2 && len(m.c.Knobs) > 1 && i != m.focus {
			continue
		}
		lines = append(lines, m.knobLines(i, w, squeeze >= maxSqueeze)...)
	}
	head, blocks := m.goalBlocks(w, squeeze >= maxSqueeze, seeds)
	if squeeze >= 1 {
		blocks = failingFirst(blocks)
	}
	lines = append(lines, "", head)
	tails = make([]bool, len(lines), len(lines)+2*len(blocks))
	// The heading goes with the blank above it and the first goal below
	// it: cut before that goal, it stood alone at the panel's foot, over
	// no goal (a refusal under the typed field takes the lines at 40×14).
	tails[len(lines)-1] = true
	for i, b := range blocks {
		lines = append(lines, b.lines...)
		for j := range b.lines {
			tails = append(tails, j > 0 || i == 0)
		}
		// A goal that falls short is what the learner must see; when none
		// does, the first goal, which says what the challenge asks.
		if b.failing || i == 0 {
			needEnd = len(lines)
		}
	}
	return lines, needEnd, tails
}

func (m *Model) titleLine(w int) string {
	stars := challenge.StarsText(m.best)
	room := w - len([]rune(stars)) - 1
	title := m.c.Title
	if m.c.Number > 0 {
		title = fmt.Sprintf("Challenge %d · %s", m.c.Number, m.c.Title)
		if ansi.StringWidth(title) > room {
			// Short of room, the title's words go before "Challenge".
			title = fmt.Sprintf("%d · %s", m.c.Number, m.c.Title)
		}
	}
	// Shortened after a whole word, as the level list shortens it.
	return pane.Fit(m.th.Title.Render(titleFit(title, room)), room) + " " + m.th.Accent.Render(stars)
}

// firstFitting is the first of texts (the longest first) that fits in w
// cells, else the last shortened after a whole word.
func firstFitting(texts []string, w int) string {
	for _, t := range texts {
		if ansi.StringWidth(t) <= w {
			return t
		}
	}
	return titleFit(texts[len(texts)-1], w)
}

// verdictText is the stars a graded design earns and what they mean
// ("★☆☆ meets the goals, not par"); "" until it is graded, when it cannot
// be, and on the reference solution, whose stars are not the learner's.
func (m *Model) verdictText() string {
	r := m.Result()
	if r == nil || m.gradeErr != "" || m.onReference() {
		return ""
	}
	return challenge.StarsText(r.Stars) + " " + r.Verdict()
}

// longestWord is the width of s's widest word: the narrowest column s
// wraps into without cutting a word.
func longestWord(s string) int {
	n := 0
	// Split at the spaces a line breaks at: words joined by nbsp ("on
	// seed 3") wrap as one.
	for _, word := range strings.FieldsFunc(s, func(r rune) bool { return r == ' ' || r == '\n' || r == '\t' }) {
		n = max(n, ansi.StringWidth(word))
	}
	return n
}

// briefLines reflows the brief's paragraphs to w.
func (m *Model) briefLines(w int) []string { return reflow(m.c.Brief, w) }

// reflow wraps text's paragraphs (split at blank lines) to w, keeping a
// number with its unit ("15 s", "600 ms", "99 %") on one line.
func reflow(text string, w int) []string {
	var out []string
	for i, para := range strings.Split(text, "\n\n") {
		if i > 0 {
			out = append(out, "")
		}
		para = numberUnit.ReplaceAllString(strings.Join(strings.Fields(para), " "), "$1\u00a0$2")
		for _, l := range pane.Wrap(para, w) {
			out = append(out, strings.ReplaceAll(l, "\u00a0", " "))
		}
	}
	return out
}

// numberUnit is a number and the unit after it.
var numberUnit = regexp.MustCompile(`(\d) (ms|s|%|a second|calls?|workers?)\b`)

// knobLines draws knob i: its label and value, and for the one selected its
// range (or the value being typed).
func (m *Model) knobLines(i, w int, oneLineRange bool) []string {
	k := &m.c.Knobs[i]
	val := k.Format(m.setting[k.Path])
	// A value the design does not read is greyed, and offers no arrows
	// (‹ ›) when selected: turning it changes nothing (challenge.Unread),
	// and the hint under it says so.
	unread := m.c.Unread(m.setting, i) != ""
	mark := "  "
	if i == m.focus {
		mark = m.th.Accent.Render("▸ ")
		if !unread {
			val = "‹ " + val + " ›"
		}
	}
	var out []string
	valW := ansi.StringWidth(val)
	valStyle := m.th.Bold
	if unread {
		valStyle = m.th.Dim
	}
	// The values' column: 14 cells, or as wide as a longer value, whose
	// label still fits beside it. At 14 always, at 80 columns challenge
	// 5's "‹ token-bucket ›" went under "retry budget" with the line half
	// empty, and the knobs below moved down a line as → reached it.
	valCol := max(14, valW)
	labelW := w - 2 - 1 - valCol
	// Beside its value only where every word of the label fits the
	// column left to it: a narrow panel cut "strategy" into "strat" and
	// "egy" there. Else the value goes under the label, as a long one does.
	if lw := ansi.StringWidth(k.Label); lw > labelW && lw <= w-2-1-valW {
		// Whole on one line with the cells its own value leaves of the
		// column: at 140×24 challenge 6's "what answers a refused order"
		// beside "none" wrapped, "order" on a line of its own.
		out = append(out, mark+k.Label+strings.Repeat(" ", w-2-lw-valW)+valStyle.Render(val))
	} else if longestWord(k.Label) <= labelW && (valW <= 14 || ansi.StringWidth(k.Label) <= labelW) {
		label := pane.Wrap(k.Label, labelW)
		for j, l := range label {
			line := mark + pane.Fit(l, labelW)
			if j == 0 {
				line += " " + strings.Repeat(" ", valCol-valW) + valStyle.Render(val)
			}
			out = append(out, line)
			mark = "  "
		}
	} else {
		for j, l := range pane.Wrap(k.Label, w-2) {
			if j > 0 {
				mark = "  "
			}
			out = append(out, mark+l)
		}
		for _, l := range pane.Wrap(val, w-4) {
			out = append(out, "    "+valStyle.Render(l))
		}
	}
	if i != m.focus {
		return out
	}
	if m.typing {
		out = append(out, m.fieldLines(w)...)
		if m.noteErr && m.note != "" {
			// Why the value was refused, under the field it was typed in:
			// with the status at the panel's foot, a short window's cut
			// took it with the goals, and enter seemed to do nothing.
			for _, l := range pane.Wrap(m.note, w-4) {
				out = append(out, "    "+m.th.Error.Render(l))
			}
		}
		return out
	}
	// The range the other knobs leave it (a bulkhead no larger than the
	// pool), which grading holds the design to.
	rng := knobHint(m.c, m.setting, i)
	if oneLineRange {
		// The goals need the lines more: the value stays whole beside its
		// label and ←→ still turns it, and the range's start says which
		// way it runs. A cut choice list ends in "…", so it says it goes on.
		return append(out, "    "+m.th.Dim.Render(titleFit(rng, w-4)))
	}
	for _, l := range pane.Wrap(rng, w-4) {
		out = append(out, "    "+m.th.Dim.Render(l))
	}
	return out
}

// knobHint is the line under knob i of c in design s: the range the
// other knobs leave it, what holds it to one value, and what the arrows
// do (arrowClaims).
func knobHint(c *challenge.Challenge, s challenge.Setting, i int) string {
	if why := c.Unread(s, i); why != "" {
		return why + ", so the arrows leave it"
	}
	lim := c.Limit(s, i)
	rng := lim.Range()
	if by, fixed := lim.Fixed(); fixed && by != "" {
		// One value: no step to turn it by, and what would move it.
		rng += ", fixed by " + by
	}
	left, right := arrowClaims(c, s, i, rng)
	if k := &c.Knobs[i]; k.Kind == challenge.KnobChoice {
		return choiceHint(k, left, right) + pickRefusals(c, s, i)
	}
	if arrows := arrowHint(left, right); arrows != "" {
		rng += ", " + arrows
	}
	return rng
}

// choiceHint is a choice knob's list with each arrow written before the
// choice it picks, "← plain | shuffle | → overlap-limited": named after
// the list, the picks of challenge 6's four orders took two lines more of
// a narrow panel, where the whys needed them. A claim that is not a pick
// alone (a carry, the only choice kept) is said after the list.
func choiceHint(k *challenge.Knob, left, right string) string {
	keys := choiceKeys(k)
	var names []string
	for _, v := range k.Choices {
		name := k.Format(v)
		var arrows string
		for _, a := range keys(left, right) {
			if a.claim == "picks "+name {
				arrows += a.arrow
			}
		}
		if arrows != "" {
			// Held to its choice where the list wraps: at the end of a
			// line, the arrow pointed at nothing.
			name = arrows + "\u00a0" + name
		}
		names = append(names, name)
	}
	out := strings.Join(names, " | ")
	var rest []string
	for _, a := range keys(left, right) {
		if a.claim != "" && !strings.HasPrefix(a.claim, "picks ") || strings.Contains(a.claim, " and ") {
			rest = append(rest, a.arrow+" "+a.claim)
		}
	}
	if len(rest) > 0 {
		out += ", " + strings.Join(rest, ", ")
	}
	return out
}

// arrowClaim is a key's arrow and what pressing it does.
type arrowClaim struct{ arrow, claim string }

// choiceKeys gives how a choice knob's list writes its keys: "←" and "→",
// or "[←]" and "[→]" where a choice's own name has an arrow in it. Challenge
// 6's orders are written "timeout→breaker→bulkhead", and a bare key before
// one ran on into its arrows: "… | → retry→breaker→timeout" read as one
// chain of layers, not as the key that picks that order.
func choiceKeys(k *challenge.Knob) func(left, right string) []arrowClaim {
	less, more := "←", "→"
	for _, v := range k.Choices {
		if strings.ContainsAny(k.Format(v), "←→") {
			less, more = "[←]", "[→]"
			break
		}
	}
	return func(left, right string) []arrowClaim {
		return []arrowClaim{{less, left}, {more, right}}
	}
}

// pickRefusals warns, after a choice knob's list, of each choice an arrow
// picks that leaves another knob out of range ("; with overlap-limited,
// workers per customer must be 3, …"): before the press, where only the
// note after it said so. It is the refusal that press's note says again
// (turn's restates, from leftOut), so the two cannot differ. "" when
// neither arrow's pick leaves a knob out of range.
func pickRefusals(c *challenge.Challenge, s challenge.Setting, i int) string {
	k := &c.Knobs[i]
	var out string
	said := map[string]bool{}
	for _, steps := range []int{-1, 1} {
		t := turn(c, s, i, steps)
		if t.to == nil || t.restates == "" {
			continue
		}
		pick := k.Format(t.to[k.Path])
		if !said[pick] {
			said[pick] = true
			out += "; with " + pick + ", " + t.restates
		}
	}
	return out
}

// arrowHint joins what ← and → do: "←→ by 1" where both say the same, each
// arrow by its own claim where they differ, and an arrow that moves nothing
// left out, as the range beside it says why. On an empty range "←→ by 1"
// claimed a ← that moved nothing. "" when neither arrow is said.
func arrowHint(left, right string) string {
	switch {
	case left != "" && left == right:
		return "←→ " + left
	case left != "" && right != "":
		return "← " + left + ", → " + right
	case left != "":
		return "← " + left
	case right != "":
		return "→ " + right
	}
	return ""
}

// arrowClaims say what ← and → do to knob i of c in design s, from what
// they do (turn): a number knob turns "by 1" alone, or "sets it" to its
// only value; a choice "picks shuffle" (its list goes round); an arrow
// that carries another knob says so ("raises workers per customer too"),
// or, where the range beside it names that knob already ("no value fits
// until you raise workers per customer"), says the arrow moves both: the
// line named workers per customer twice. A number knob's arrow that moves nothing is "", as its range says why; a
// choice's says it keeps the one choice there is. Choice knobs said
// nothing of their arrows, where number knobs did.
func arrowClaims(c *challenge.Challenge, s challenge.Setting, i int, rng string) (left, right string) {
	k := &c.Knobs[i]
	says := func(steps int) string {
		t := turn(c, s, i, steps)
		picks := ""
		if k.Kind == challenge.KnobChoice {
			if t.to == nil {
				return "keeps " + k.Format(s[k.Path]) + ": the only choice"
			}
			picks = "picks " + k.Format(t.to[k.Path])
		}
		switch {
		case t.to == nil:
			return ""
		case t.carried >= 0:
			other := &c.Knobs[t.carried]
			verb, way := "raises ", 1
			if challenge.Compare(t.to[other.Path], s[other.Path]) < 0 {
				verb, way = "lowers ", -1
			}
			if picks != "" {
				picks += " and "
			}
			if picks == "" && way*steps > 0 && strings.Contains(rng, knobName(other)) {
				return verb + "both"
			}
			return picks + verb + knobName(other) + " too"
		case picks != "":
			return picks
		}
		if _, fixed := c.Limit(s, i).Fixed(); fixed {
			return "sets it"
		}
		return "by " + k.StepText()
	}
	return says(-1), says(1)
}

// knobName is k's label inside a sentence: its parenthetical is for the
// form, where the label stands alone.
func knobName(k *challenge.Knob) string {
	if name, _, ok := strings.Cut(k.Label, "("); ok && strings.TrimSpace(name) != "" {
		return strings.TrimSpace(name)
	}
	return k.Label
}

// typeHint is what the field's keys do, said beside the field.
const typeHint = "  enter sets, esc drops"

// fieldLines draw the value being typed and typeHint in w cells. A long
// value (a paste) is cut at its start, not its end: its end is where the
// cursor is, and the hint after it is the only word on the panel of how
// to leave the field, so it is never what the line loses.
func (m *Model) fieldLines(w int) []string {
	const lead = "    type: "
	frame := 1 // the cursor after the value, or the brackets around it
	if m.fresh {
		frame = 2
	}
	room := w - len(lead) - len(typeHint)
	hintBelow := ansi.StringWidth(string(m.input))+frame > room && room < 8
	if hintBelow {
		// Too narrow for both: the hint takes the line under the field.
		room = w - len(lead)
	}
	var field string
	if m.fresh {
		// Selected: the first key typed replaces it.
		field = m.th.Accent.Render("[" + tailFit(string(m.input), room-frame) + "]")
	} else {
		field = tailFit(string(m.input), room-frame) + "▏"
	}
	line := "    " + m.th.Key.Render("type: ") + field
	if hintBelow {
		out := []string{line}
		for _, l := range pane.Wrap(strings.TrimSpace(typeHint), w-4) {
			out = append(out, "    "+m.th.Dim.Render(l))
		}
		return out
	}
	return []string{line + m.th.Dim.Render(typeHint)}
}

// tailFit keeps the end of s that fits in w cells, after an ellipsis when
// the start is cut.
func tailFit(s string, w int) string {
	if ansi.StringWidth(s) <= w {
		return s
	}
	if w <= 1 {
		return strings.Repeat("…", max(w, 0))
	}
	return "…" + ansi.TruncateLeft(s, ansi.StringWidth(s)-(w-1), "")
}

// goalBlock is one goal's lines (or the par's), and whether it is what
// keeps the design from its next star.
type goalBlock struct {
	lines   []string
	failing bool
}

// failingFirst puts the blocks that fall short before the rest, each
// group in its own order: a short window cut the goals from the bottom,
// and the one that failed was what it hid.
func failingFirst(blocks []goalBlock) []goalBlock {
	out := make([]goalBlock, 0, len(blocks))
	for _, want := range []bool{true, false} {
		for _, b := range blocks {
			if b.failing == want {
				out = append(out, b)
			}
		}
	}
	return out
}

// goalBlocks are the goals' heading and each goal's lines, with ✓ or ✗,
// its worst seed's value and its bound; the par last. Each label names the
// window its goal is measured over, but for the scenario's where
// noScenarioWindow: a goal's own window is always named. A goal missed
// names its seed as seedsAt says: beside its value where that fits, on a
// line of its own, or with the others on one line after the par.
func (m *Model) goalBlocks(w int, noScenarioWindow bool, seedsAt seedMode) (string, []goalBlock) {
	var seeds []string
	for _, s := range m.c.Seeds {
		seeds = append(seeds, fmt.Sprint(s))
	}
	head := fmt.Sprintf("Goals · worst of seeds %s", strings.Join(seeds, ", "))
	var blocks []goalBlock
	var out []string // the lines of the goal being drawn
	r := m.Result()
	// The bounds are the challenge's own and never change: their column
	// is as wide as the widest, and the labels get the rest, where a
	// column as wide as any bound could be left the labels two cells
	// short (challenge 6 beside the sandbox: "orders failed" over a line
	// of its own, "(5–25 s)").
	wantCol := 0
	for _, want := range m.wants() {
		wantCol = max(wantCol, min(ansi.StringWidth(want), wantW))
	}
	labelW := w - 2 - 1 - valueW - 1 - wantCol
	// labelLines is a goal's label as its line wraps it: beside the value
	// where every word fits the column left to it, else on lines of its
	// own above the value (a narrow panel cut "customers" into "cus",
	// "tom" and "ers").
	labelLines := func(label string) (lines []string, beside bool) {
		if longestWord(label) <= labelW {
			return pane.Wrap(label, labelW), true
		}
		return pane.Wrap(label, w-2), false
	}
	// labelOf is a goal's label with the window it is measured over
	// (challenge.LabelWithWindow), its durations written close, "(5–25s)",
	// where spaced they would take a goal a line more: beside the sandbox
	// at 140×24 those lines were the whys'. Every window is written one
	// way, so that two goals over one window read it alike.
	closeLabel := func(g *challenge.Goal) string {
		return g.Label + " (" + strings.ReplaceAll(g.WindowText(), " ", "") + ")"
	}
	closeWindows := false
	shown := []*challenge.Goal{m.c.Par.Goal}
	for i := range m.c.Goals {
		shown = append(shown, &m.c.Goals[i])
	}
	for _, g := range shown {
		if g == nil || g.WindowText() == "" || noScenarioWindow && g.Window == nil {
			continue
		}
		bare, _ := labelLines(g.Label)
		spaced, _ := labelLines(challenge.LabelWithWindow(g.Label, g))
		if short, _ := labelLines(closeLabel(g)); len(spaced) > len(bare) && len(short) < len(spaced) {
			closeWindows = true
		}
	}
	labelOf := func(g *challenge.Goal) string {
		switch {
		case noScenarioWindow && g.Window == nil:
			return g.Label
		case closeWindows && g.WindowText() != "":
			return closeLabel(g)
		}
		return challenge.LabelWithWindow(g.Label, g)
	}
	// wholeBeside says whether a label its column wraps onto lines fits
	// whole on one line with the cells its own value leaves unused, and
	// how wide that is: the value column is as wide as the widest value
	// may be, and "calls sent to inventory" beside a 5-cell count at
	// 140×24 wrapped to a line of its own, "inventory". Values stay
	// right-aligned in their column, so the grid reads the same.
	wholeBeside := func(label, value string, lines []string) (int, bool) {
		ownW := w - 2 - 1 - ansi.StringWidth(value) - 1 - wantCol
		return ownW, len(lines) > 1 && ansi.StringWidth(label) <= ownW
	}
	// drawnLines is how many lines line draws a goal on.
	drawnLines := func(label, value string) int {
		lines, beside := labelLines(label)
		switch _, whole := wholeBeside(label, value, lines); {
		case whole:
			return 1
		case !beside:
			return len(lines) + 1 // the value's line under the label
		}
		return len(lines)
	}
	// line draws a goal; seedLine, when set, is "on seed 3" on a line of
	// its own under the label, which stays as it is drawn without it.
	line := func(state int, label, seedLine, value, want string) {
		out = nil
		defer func() { blocks = append(blocks, goalBlock{lines: out, failing: state == 2}) }()
		mark := m.th.Dim.Render("·")
		switch state {
		case 1:
			mark = m.th.Good.Render("✓")
		case 2:
			mark = m.th.Bad.Render("✗")
		}
		lines, beside := labelLines(label)
		if ownW, whole := wholeBeside(label, value, lines); whole {
			plain := strings.ReplaceAll(label, nbsp, " ") // as Wrap gives back a wrapped one
			out = append(out, fmt.Sprintf("%s %s %s %s", mark, plain, strings.Repeat(" ", ownW-ansi.StringWidth(plain))+value, pane.Fit(want, wantCol)))
			if seedLine != "" {
				out = append(out, "  "+seedLine)
			}
			return
		}
		for j, l := range lines {
			switch {
			case j == 0 && beside:
				out = append(out, fmt.Sprintf("%s %s %*s %s", mark, pane.Fit(l, labelW), valueW, value, pane.Fit(want, wantCol)))
			case j == 0:
				out = append(out, mark+" "+l)
			default:
				out = append(out, "  "+l)
			}
		}
		if seedLine != "" {
			out = append(out, "  "+seedLine)
		}
		if !beside {
			// The value and the bound in their columns at the right.
			out = append(out, strings.Repeat(" ", max(w-valueW-1-wantCol, 2))+fmt.Sprintf("%*s %s", valueW, value, pane.Fit(want, wantCol)))
		}
	}
	pending := "…"
	if m.gradeErr != "" {
		pending = "–"
	}
	state := func(pass bool) int {
		if r == nil {
			return 0
		}
		if pass {
			return 1
		}
		return 2
	}
	// Every goal missed names the seed it is missed on, its worst
	// (GoalResult.WorstSeed, the seed --check names on its line): a
	// second goal missed read "healthy recommendations cut off 108" with
	// no seed, where --check said which. The line whose seed the sandbox
	// plays names it too, the par's once the goals are met, so that the
	// value shown and the run v plays are plainly the same seed's. Where
	// that takes a line of its own, only with seedsOwnLines, which panel
	// gives where the lines are spare; folded, every one is named on the
	// line after the par (foldedSeeds), none beside its value, so that
	// the list reads in the order of the goals it names.
	// A knob's value (a par of "param ...") is the same on every seed:
	// naming one would say it differs on others.
	_, played := playSeed(m.c, r)
	var folded []uint64 // the seeds named on the folded line, in the goals' order
	onSeed := func(i int, g *challenge.Goal, label, value string) (_, seedLine string) {
		if r == nil || len(m.c.Seeds) < 2 {
			return label, ""
		}
		// A goal is named when missed; the par only when v plays it,
		// as its miss counts only once the goals are met.
		gr := r.Par
		if i < len(r.Goals) {
			gr = &r.Goals[i]
		}
		if gr == nil || i < len(r.Goals) && gr.Pass || i >= len(r.Goals) && i != played {
			return label, ""
		}
		seed, ok := gr.WorstSeed()
		if g.Metric == "param" || !ok {
			seed, ok = 0, false
		}
		if seedsAt == seedsFolded {
			// Every goal missed has its place on the folded line, a
			// seed named beside it too and a knob's value as "–", so
			// that the list reads goal by goal.
			folded = append(folded, seed)
		}
		if !ok {
			return label, ""
		}
		// Counted as line draws it: a label whole beside its own value
		// ("calls sent to inventory" at 140×24) wraps once named. "on
		// seed 3" is kept on one line: wrapped, "seed" ended one line
		// and "1" stood alone on the next.
		if named := fmt.Sprintf("%s on%sseed%s%d", label, nbsp, nbsp, seed); drawnLines(named, value) <= drawnLines(label, value) {
			return named, ""
		}
		if seedsAt == seedsOwnLines {
			// Under the label as it is drawn without it: named, the
			// label wrapped anew, "calls sent to" over "inventory on
			// seed 3", a line more all the same.
			return label, fmt.Sprintf("on seed %d", seed)
		}
		return label, ""
	}
	for i := range m.c.Goals {
		g := &m.c.Goals[i]
		value, pass := pending, false
		if r != nil {
			value, pass = r.Goals[i].Shown(), r.Goals[i].Pass
		}
		label, seedLine := onSeed(i, g, labelOf(g), value)
		line(state(pass), label, seedLine, value, g.WantText())
	}
	// Par counts only once the goals are met: until then its mark stays
	// neutral, whatever its own value.
	parState := func(meets bool) int {
		if r == nil || !r.Pass {
			return 0
		}
		return state(meets)
	}
	if p := m.c.Par.Goal; p != nil {
		value := pending
		if r != nil {
			value = r.Par.Shown()
		}
		label, seedLine := onSeed(len(m.c.Goals), p, labelOf(p), value)
		line(parState(r != nil && r.MeetsPar), label, seedLine, value, p.WantText())
	} else {
		value := pending
		if r != nil {
			value = fmt.Sprint(r.Changes)
		}
		// "from the start" goes where the line cannot hold it: wrapped,
		// it stood on a line of its own under "par: knobs changed"
		// beside the sandbox at 140×24, a line the whys needed.
		label := "par: knobs changed from the start"
		if ansi.StringWidth(label) > w-2-1-ansi.StringWidth(value)-1-wantCol {
			label = "par: knobs changed"
		}
		line(parState(r != nil && r.MeetsPar), label, "", value, parChangesWant(m.c))
	}
	if slices.ContainsFunc(folded, func(s uint64) bool { return s != 0 }) {
		blocks = append(blocks, goalBlock{lines: []string{"  " + m.th.Dim.Render(pane.Fit(firstFitting(foldedSeeds(folded), w-2), w-2))}})
	}
	return m.th.Bold.Render(pane.Fit(titleFit(head, w), w)), blocks
}

// foldedSeeds says the worst seed of each goal missed, in the goals'
// order, 0 for one with none (a knob's value, alike on every seed), in
// the ways it may be said, longest first: "the ✗s' worst seeds: 2, –, 1",
// or, all alike, "each ✗'s worst seed: 2" ("the ✗'s" for one).
func foldedSeeds(seeds []uint64) []string {
	same := true
	list := make([]string, len(seeds))
	for i, s := range seeds {
		list[i] = fmt.Sprint(s)
		if s == 0 {
			list[i] = "–"
		}
		same = same && s == seeds[0]
	}
	if len(seeds) == 1 {
		return []string{fmt.Sprintf("the ✗'s worst seed: %d", seeds[0]), fmt.Sprintf("✗ on seed %d", seeds[0])}
	}
	if same {
		return []string{fmt.Sprintf("each ✗'s worst seed: %d", seeds[0]), fmt.Sprintf("✗ on seed %d", seeds[0])}
	}
	joined := strings.Join(list, ", ")
	return []string{"the ✗s' worst seeds: " + joined, "seeds: " + joined, joined}
}

// nbsp keeps the words either side of it on one line when a label wraps
// (pane.Wrap gives it back as a plain space).
const nbsp = "\u00a0"

// wants are the bounds the goals and the par are held to, as the goals'
// lines show them: one list for the lines and the width of their column.
func (m *Model) wants() []string {
	var out []string
	for i := range m.c.Goals {
		out = append(out, m.c.Goals[i].WantText())
	}
	if p := m.c.Par.Goal; p != nil {
		return append(out, p.WantText())
	}
	return append(out, parChangesWant(m.c))
}

// parChangesWant is the bound of a par that counts the knobs changed,
// worded as `challenge --check` words it (Par.ChangesWant).
func parChangesWant(c *challenge.Challenge) string { return c.Par.ChangesWant() }

// statusLines say how the design stands, or why it cannot be graded, in
// at most room lines: the verdict and the note first, then as many of the
// whys as fit, and a line saying where the rest are. unsaid is true when
// a why is left out with no room for that line either.
func (m *Model) statusLines(w, room int) (_ []string, unsaid bool) {
	var out []string
	var whys [][]string // each why's lines: a why is shown whole or not at all
	var names []string  // what each why is of, to name one left to the brief's page ("" for none)
	ownStars := false   // the reference solution is on screen: say where stars go, room left
	verdictAt := -1     // the stars line's place in out, where it has one
	r := m.Result()
	restated := m.gradeErr != "" && m.note != "" && m.gradeErr == m.noteRestates
	switch {
	case m.gradeErr != "":
		refusal := m.gradeErr
		if restated {
			// The note says the same and which arrow sets the knob:
			// one of the two, marked as the refusal is.
			refusal = m.note
		}
		out = append(out, pane.Wrap(m.th.Error.Render("✗ ")+refusal, w)...)
		if m.stale && m.wide() {
			out = append(out, m.th.Dim.Render("The sandbox plays the last design that ran."))
		}
	case r == nil:
		out = append(out, m.th.Dim.Render(fmt.Sprintf("grading on %d seeds …", len(m.c.Seeds))))
	case m.onReference():
		// The reference solution passes, but its stars are not the
		// learner's: the one line of stars says so, with no "★★★ beats
		// par" above it to say otherwise. Where stars go instead is said
		// if there is room (below).
		s := challenge.StarsText(0) + " " + referenceVerdict
		if v := fmt.Sprintf(" · v plays it on seed %d", m.seed); m.sb != nil && !m.wide() && ansi.StringWidth(s+v) <= w {
			s += v
		}
		out = append(out, m.th.Warn.Render(pane.Fit(s, w)))
		ownStars = true
	default:
		verdictAt = len(out)
		verdict := m.verdictText()
		s := m.th.Warn.Render(verdict)
		if r.Stars > 0 {
			s = m.th.Good.Render(verdict)
		}
		if v := fmt.Sprintf(" · v plays it on seed %d", m.seed); m.sb != nil && !m.wide() && ansi.StringWidth(verdict+v) <= w {
			// Whole or not at all, as on the reference solution's line:
			// cut, it read "v pl…".
			s += m.th.Dim.Render(v)
		}
		out = append(out, s)
		if !r.Pass {
			// A wrong option is explained, not only marked.
			for _, why := range m.c.ExplainResult(m.setting, r) {
				whys = append(whys, pane.Wrap(m.th.Dim.Render("why: "+why), w))
				names = append(names, m.whyName(why, r))
			}
			// A learner who has earned all three stars here is not
			// stuck: this design is a try of something else.
			if m.fails >= SolutionAfter && m.c.Number > 0 && m.earnedStars() < 3 {
				whys = append(whys, []string{m.th.Dim.Render("stuck? s shows the reference solution")})
				names = append(names, "")
			}
		}
	}
	var note []string
	// A refusal of the value being typed is under the field (knobLines).
	if m.note != "" && !restated && !(m.typing && m.noteErr) {
		st := m.th.Dim
		if m.noteErr {
			st = m.th.Error
		}
		for _, l := range pane.Wrap(m.note, w) {
			note = append(note, st.Render(l))
		}
	}
	// The reference solution's note lists its knobs, which the knobs
	// above show too: on a window too small for the list, the note keeps
	// what only it says, that u takes the solution back.
	if keep := max(room-len(out), 1); len(note) > keep && ownStars {
		note = nil
		for _, l := range pane.Wrap(shortReferenceNote, w) {
			note = append(note, m.th.Dim.Render(l))
		}
	}
	if ownStars && len(out)+len(note) < room {
		note = append(note, m.th.Warn.Render(pane.Fit("Stars go to a design of your own.", w)))
	}
	left := room - len(out) - len(note)
	if r != nil && !r.Pass && m.gradeErr == "" && !m.onReference() && len(whys) == 0 && m.c.Hint != "" && left > 0 {
		// A design that falls short where no why speaks of it (level 12
		// a little short of a goal) left the learner a bare "falls
		// short", and on a window that shows the brief whole, no word
		// of the hint.
		pointer := hintPointer
		if ansi.StringWidth(pointer) > w {
			pointer = "i: the hint"
		}
		out = append(out, m.th.Dim.Render(pane.Fit(pointer, w)))
	}
	// Whys in order, each whole: a why cut to a line or two lost its
	// "label = value:" and its point with it (level 14 at 80×24). Those
	// that do not fit go to the brief's page, a line naming them.
	shown := 0
	for shown < len(whys) {
		need := len(whys[shown])
		if shown+1 < len(whys) {
			need++ // the line naming those after it, should they not fit
		}
		rest := 0
		for _, later := range whys[shown+1:] {
			rest += len(later)
		}
		if len(whys[shown])+rest > left && need > left {
			break
		}
		out = append(out, whys[shown]...)
		left -= len(whys[shown])
		shown++
	}
	if untold := slices.DeleteFunc(slices.Clone(names[shown:]), func(n string) bool { return n == "" }); len(untold) > 0 {
		if left > 0 {
			out = append(out, m.th.Dim.Render(pane.Fit(firstFitting(untoldPointers(untold, shown > 0), w), w)))
		} else {
			unsaid = true
		}
	}
	if unsaid && verdictAt >= 0 {
		// No line for a why: the stars line says where they are, as the
		// brief's pointer does when it has a line, which the seeds of
		// the goals missed may have taken.
		if s := out[verdictAt] + m.th.Dim.Render(" · i shows why"); ansi.StringWidth(s) <= w {
			out[verdictAt] = s
		}
	}
	return append(out, note...), unsaid
}

// whyName is what a why of ExplainResult is of, to name it where it has
// no room: the knob it starts "label = value:" with, the knobs a why of
// knobs together starts "label = value, label = value:" with ("payment
// deadline and payment timeout"), or the missed goal whose figure it
// gives.
func (m *Model) whyName(why string, r *challenge.Result) string {
	var named []string
	for rest := why; ; {
		at := len(named)
		for _, k := range m.c.Knobs {
			v, ok := m.setting[k.Path]
			if !ok {
				continue
			}
			lead := k.Label + " = " + k.Format(v)
			if strings.HasPrefix(rest, lead+": ") {
				return strings.Join(append(named, k.Label), " and ")
			}
			if after, cut := strings.CutPrefix(rest, lead+", "); cut {
				named, rest = append(named, k.Label), after
				break
			}
		}
		if len(named) == at {
			break
		}
	}
	for i := range r.Goals {
		if l := r.Goals[i].Goal.Label; strings.HasPrefix(why, l+": ") {
			return l
		}
	}
	return "another"
}

// untoldPointers are the lines that say the whys named are on the brief's
// page, longest first, for firstFitting: each names them, save the last
// two, which only count them where no names fit. more is true when whys
// are shown above, so that the line says these are others.
func untoldPointers(names []string, more bool) []string {
	list := names[0]
	if n := len(names); n > 1 {
		list = strings.Join(names[:n-1], ", ") + " and " + names[n-1]
	}
	what, count := "the why of ", "why"
	if len(names) > 1 {
		what, count = "the whys of ", "whys"
	}
	counted := fmt.Sprintf("%d %s", len(names), count)
	if more {
		counted = fmt.Sprintf("%d more %s", len(names), count)
	}
	return []string{"i shows " + what + list, "i: " + what + list, "i shows " + counted, "i: " + counted}
}

// hintPointer is said under a design that falls short with no why.
const hintPointer = "i shows the hint: what to try"

// referenceVerdict is the stars line under the reference solution: it
// passes, and earns nothing.
const referenceVerdict = "passes, but the reference solution earns no stars"

// shortReferenceNote is the reference solution's note where its knobs'
// values do not fit.
const shortReferenceNote = "u takes it back: the knobs above are the reference solution"

// keyLine is the one line of keys; what does not fit is in the help (?):
// the least needed go first, and ? and q always stay (enter and esc while
// a value is typed).
func (m *Model) keyLine(w int) string {
	var line string
	m.keyLines(func(l string, n int) bool {
		line = l
		return n > w
	})
	return line
}

// keyFit is a key line and its width in cells.
type keyFit struct {
	line string
	w    int
}

// keyFits are the key lines keyLine chooses from, widest first: every
// key, then one fewer at a time, the least needed gone first.
func (m *Model) keyFits() []keyFit {
	var fits []keyFit
	m.keyLines(func(l string, n int) bool {
		fits = append(fits, keyFit{l, n})
		return true
	})
	return fits
}

// keyLines calls more with the key line and its width, every key first,
// then with the least needed key dropped, while more asks for more and
// more than two keys are left.
func (m *Model) keyLines(more func(line string, w int) bool) {
	type kv struct {
		k, d string
		keep int // the higher, the longer it stays
	}
	var all []kv
	if m.typing {
		// Every key that prints goes into the field (q and v too) and
		// ←→ do nothing there: the line says the keys that act on the
		// field, and ctrl+c, the one way out that still quits.
		all = []kv{{"enter", "set", 9}, {"esc", "drop", 9}, {"ctrl+u", "clear", 3}, {"ctrl+c", "quit", 5}}
	} else {
		all = []kv{{"↑↓", "knob", 4}, {"←→", "turn", 6}, {"enter", "type", 1}, {"v", "watch", 5}, {"w", "write", 2}, {"i", "brief", 3}}
		if !m.keys.Write.Enabled() {
			// w writes nothing here (over SSH): the line offers only keys
			// that act.
			all = append(all[:4], all[5:]...)
		}
		all = append(all, kv{"?", "keys", 9})
		if m.o.Embedded {
			all = append(all, kv{"esc/q", "back", 9})
		} else {
			all = append(all, kv{"q", "quit", 9})
		}
	}
	for {
		var b strings.Builder
		n := 0
		for i, e := range all {
			if i > 0 {
				b.WriteString("  ")
				n += 2
			}
			b.WriteString(m.th.Key.Render(e.k) + " " + m.th.Dim.Render(e.d))
			n += ansi.StringWidth(e.k) + 1 + ansi.StringWidth(e.d)
		}
		if !more(b.String(), n) || len(all) <= 2 {
			return
		}
		drop := 0
		for i, e := range all {
			if e.keep < all[drop].keep {
				drop = i
			}
		}
		all = append(all[:drop], all[drop+1:]...)
	}
}

// aboutText is the brief, the hint and the par's note in full.
func (m *Model) aboutText() []string {
	var out []string
	out = append(out, m.c.Brief, "")
	// What the design on screen gets wrong, in full, right after the
	// brief: the panel may have room for only part of it.
	if r := m.Result(); r != nil && !r.Pass {
		for _, why := range m.c.ExplainResult(m.setting, r) {
			out = append(out, "Why this design falls short: "+why, "")
		}
	}
	if m.c.Hint != "" {
		out = append(out, "Hint: "+m.c.Hint, "")
	}
	par := "Par: " + m.c.Par.Text() // a bound with its unit (165 MiB)
	if m.c.Par.Note != "" {
		par += " (" + m.c.Par.Note + ")"
	}
	out = append(out, par, "")
	if note := m.c.WindowNote(); note != "" {
		out = append(out, note, "")
	}
	out = append(out, m.c.StarsRule())
	if sc := m.c.Scenario; sc != nil {
		// The scenario file of a built-in level is inside the program,
		// where the learner cannot open it: name the scenario by what it
		// says of itself, and the command that prints the start.
		about := sc.Summary
		if about == "" {
			about = sc.Name
		}
		writes := fmt.Sprintf("w writes yours to %s.design.toml", m.c.ID)
		if m.o.WriteElsewhere != "" {
			writes = m.o.WriteElsewhere // w writes nothing here (over SSH)
		}
		out = append(out, "", fmt.Sprintf("The design starts from the scenario %q; `breakerlab challenge %s --start` prints it as a file to edit. %s, and `%s` grades a file.", about, m.c.CommandArg(m.dir), writes, m.checkCommand("FILE")))
	}
	if m.c.Number > 0 && m.earnedStars() < 3 {
		tried := "watch with v or space, or write with w"
		if m.o.WriteElsewhere != "" {
			tried = "or watch with v or space"
		}
		out = append(out, "", fmt.Sprintf("Stuck? Once %d designs you tried fall short (a try: a design you type in, %s; turning a knob through values is not one), or one earns ★★★, s shows the reference solution. It passes, but earns no stars: stars go to a design of your own.", SolutionAfter, tried))
	}
	return out
}

// helpText is the keys' page at w cells: the key table as the other
// screens' key pages set it (helpview.KeyTable: a column of keys, their
// descriptions lined up beside them), then what v does to the keys.
func (m *Model) helpText(w int) []string {
	out := helpview.KeyTable(m.help, m.keys.FullHelp(), w)
	about := "v gives the keys to the sandbox (space, →, ←, + and -, ? for its own); esc gives them back. Its knob form (e) is closed in a challenge: the knobs are the challenge's."
	if m.c.Fleet != nil {
		// The shuffle lab plays in the shard view, whose knob form and
		// strategy key stay open: they try other fleets, graded by nothing.
		about = "v and space open the shard view, which takes the keys (space, →, ←, ? for its own); esc gives them back. Its knobs (e) and strategy (s) try other fleets beside this one and grade nothing: the level's knobs are here."
	}
	return append(append(out, ""), helpview.Paragraphs([]string{about}, w)...)
}

// pageText is the title and the lines of the page on screen (the brief's
// or the keys'), its paragraphs reflowed to the window.
func (m *Model) pageText() (string, []string) {
	w := min(m.w, 100) - 2
	if m.page != onAbout {
		return "Keys", m.helpText(w)
	}
	var lines []string
	for _, p := range m.aboutText() {
		if p == "" {
			lines = append(lines, "")
			continue
		}
		lines = append(lines, reflow(p, w)...)
	}
	return "About this challenge", lines
}

// pageRows is how many of a page's lines the window shows: all but the
// title, the blank line under it and the footer.
func (m *Model) pageRows() int { return max(m.h-3, 1) }

// pageKeys scroll the brief's and the keys' pages: a line, a window. Any
// other key leaves the page, so helpview's top and bottom are not among
// them.
func (m *Model) pageKeys() helpview.Keys {
	return helpview.Keys{Up: m.keys.Up, Down: m.keys.Down, PageUp: m.keys.PageUp, PageDown: m.keys.PageDown}
}

// scrollPage moves the page on screen by the key, and says whether the
// key was one that scrolls a page longer than the window; any other key
// leaves the page.
func (m *Model) scrollPage(k tea.KeyMsg) bool {
	_, lines := m.pageText()
	if len(lines) <= m.pageRows() {
		return false
	}
	return m.scroll.Move(k, m.pageKeys(), len(lines), m.pageRows())
}

// textPage draws the page on screen: the lines from the one scrolled to,
// as many as fit, the last row saying how many more there are below and
// the title how many above; and the keys that scroll it and leave it.
func (m *Model) textPage() string {
	title, body := m.pageText()
	rows := m.pageRows()
	top := m.scroll.At(len(body), rows)
	head := m.th.Title.Render(title)
	if top > 0 {
		head += m.th.Dim.Render(" · ↑ " + moreLines(top))
	}
	lines := []string{head, ""}
	shown := body[top:]
	if len(shown) > rows {
		shown = shown[:rows-1]
	}
	lines = append(lines, shown...)
	if below := len(body) - top - len(shown); below > 0 {
		lines = append(lines, m.th.Dim.Render("↓ "+moreLines(below)))
	}
	for len(lines) < m.h-1 {
		lines = append(lines, "")
	}
	quits := "; q quits"
	if m.o.Embedded {
		quits = "; ctrl+c quits"
	}
	// The longest that fits: a narrow window cut "any other key" to "an…".
	foot := []string{"any key goes back" + quits, "any key goes back"}
	if len(body) > rows {
		foot = []string{"↑↓ j k pgup pgdn scroll · any other key goes back" + quits, "↑↓ scroll · other keys go back" + quits, "↑↓ scroll · other keys: back"}
	}
	lines = append(lines[:max(m.h-1, 0)], m.th.Dim.Render(firstFitting(foot, m.w-1)))
	for i := range lines {
		lines[i] = " " + lines[i]
	}
	return strings.Join(pane.Block(lines, m.w, m.h), "\n")
}

// moreLines says how many more lines there are: "1 more line", "3 more
// lines".
func moreLines(n int) string {
	if n == 1 {
		return "1 more line"
	}
	return fmt.Sprintf("%d more lines", n)
}
