// Package form draws the knob forms of the sandbox and the shard view: a
// column of short one-line text fields under section titles, each with a
// hint or, once refused, the reason, and a message line at the bottom. It
// owns the text field and the drawing; what a field means, how its text is
// parsed and what a refusal says belong to the screen that uses it.
//
// It imports tui/theme, tui/pane (Fit, Typable), bubbletea and x/ansi,
// and does no I/O.
package form

import (
	"fmt"
	"strings"

	"github.com/breakerlab/breakerlab/tui/pane"
	"github.com/breakerlab/breakerlab/tui/theme"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
)

// Field is a one-line text field for short values: typing appends, the
// cursor stays at the end, backspace deletes and ctrl+u clears. It keeps
// every character typed, whatever the value is to be: a number's field
// that dropped the letters typed into it turned "1e3" into 13 without a
// word, and the screen that reads the text refuses it whole at enter, in
// its own words, with the text still there to mend.
//
// A field just entered stands selected (Select), as a form's pre-filled
// field does elsewhere: the first character typed replaces the text. A
// learner typing 1s into a timeout holding 5s meant 1s, and got 5s1s,
// which Go reads as 6 s.
type Field struct {
	value []rune
	// selected says the text stands whole and selected: the next
	// character typed replaces it, an editing key keeps it (Key).
	selected bool
}

const (
	// fieldLimit is the characters a field holds: more than any value a
	// form shows ("12h5m10.5s", "overlap-limited"), so that only a paste
	// of something else reaches it.
	fieldLimit = 16
	fieldShown = 9 // characters it shows, the cursor included
)

// Limit is the characters a field holds, for a screen to say why a paste
// was cut.
const Limit = fieldLimit

// KeyHelp says what typing and the editing keys do to a field just
// entered (Select), for a form's key help: a sentence of its own.
const KeyHelp = "Typing on a field just entered replaces its value; ←/→, backspace, ctrl+e or end edit it in place."

// Value is the field's text.
func (f *Field) Value() string { return string(f.value) }

// SetValue replaces the text. The selection is left as it was: a screen
// that fills the field the cursor is on says whether it stands selected.
func (f *Field) SetValue(s string) { f.value = []rune(s) }

// Select makes the text stand whole and selected, for a screen to call
// when the cursor enters the field: the next character typed (or pasted)
// replaces it; backspace, ctrl+u, ←, →, ctrl+e and end keep it and edit
// it in place, the cursor at its end.
func (f *Field) Select() { f.selected = len(f.value) > 0 }

// Selected reports whether the text stands selected (Select), for the
// form to draw it so.
func (f *Field) Selected() bool { return f.selected && len(f.value) > 0 }

// Key edits the text with one key press; keys that do not edit are
// ignored, and so are control characters (pane.Typable). It returns the
// characters typed past the field's limit, in the order typed, for the
// screen to say that the text is not all that was typed: the text before
// them stays.
func (f *Field) Key(k tea.KeyMsg) (cut []rune) {
	switch k.Type {
	case tea.KeyBackspace:
		f.selected = false
		if len(f.value) > 0 {
			f.value = f.value[:len(f.value)-1]
		}
	case tea.KeyCtrlU:
		f.selected = false
		f.value = f.value[:0]
	case tea.KeyLeft, tea.KeyRight, tea.KeyEnd, tea.KeyCtrlE:
		// The cursor is at the end already: these only keep the text,
		// to be edited there.
		f.selected = false
	case tea.KeyRunes, tea.KeySpace:
		for _, r := range k.Runes {
			if !pane.Typable(r) {
				continue
			}
			if f.selected {
				// The first character typed replaces the selected text.
				f.value, f.selected = f.value[:0], false
			}
			if len(f.value) >= fieldLimit {
				cut = append(cut, r)
				continue
			}
			f.value = append(f.value, r)
		}
	}
	return cut
}

// Item is one field as the form shows it.
type Item struct {
	Label, Hint string
	// Range, when set, is the tail of Hint (after its last "; ", or all
	// of it) that says the values the field takes ("0 to 24h"). Where
	// the line has no room for the whole hint, the rest stands alone and
	// the focused field's range is said on a line of its own above the
	// footer: beside a field at 80 columns a range wrapped onto a second
	// line ("0 to" / "100,000").
	Range string
	Value string
	// Err, when set, replaces the hint: why the value was refused.
	Err string
	// Selected draws the value of the focused item selected
	// (Field.Selected): what is typed next replaces it.
	Selected bool
}

// Section is a title above the items from Start on.
type Section struct {
	Start int
	Title string
}

// Lines draws the items to fit w×h, scrolled so the focused one shows. The
// last line is err when set, else footer.
func Lines(th *theme.Theme, items []Item, sections []Section, focus int, err, footer string, w, h int) []string {
	lines, _ := Layout(th, items, sections, focus, err, footer, w, h)
	return lines
}

// Layout is Lines, and for each line the item drawn on it (-1 for a
// section's title, a blank or the message), so that a click on a line
// can focus its field.
func Layout(th *theme.Theme, items []Item, sections []Section, focus int, err, footer string, w, h int) (lines []string, owner []int) {
	labelW, fieldW := 0, fieldShown
	for _, it := range items {
		labelW = max(labelW, len([]rune(it.Label)))
		// A field as wide as its value, so that "overlap-limited" is
		// read whole, up to the room the line has.
		fieldW = max(fieldW, len([]rune(it.Value))+1)
	}
	fieldW = min(fieldW, max(fieldShown, w-labelW-8))
	// The hints start in one column and wrap there, never cut.
	hintCol := 2 + labelW + 3 + fieldW + 3
	hintW := w - hintCol
	var out []string
	var own []int
	focusLine := 0
	// rangesOut: some field's range gave way to its hint.
	rangesOut := false
	for i, it := range items {
		for _, s := range sections {
			if s.Start == i {
				if i > 0 {
					out, own = append(out, ""), append(own, -1)
				}
				out, own = append(out, th.Bold.Render(s.Title)), append(own, -1)
			}
		}
		mark := "  "
		label := fmt.Sprintf("%-*s", labelW, it.Label)
		if i == focus {
			mark = th.Accent.Render(theme.GlyphCursor) + " "
			label = th.Bold.Render(label)
			focusLine = len(out)
		}
		text := []rune(it.Value)
		if len(text) > fieldW-1 {
			text = text[len(text)-(fieldW-1):]
		}
		shown := string(text)
		field := pane.Fit(shown+"▏", fieldW)
		switch {
		case i == focus && it.Selected:
			// Drawn selected, the cursor after it: typing replaces it.
			field = th.Selected.Render(shown) + pane.Fit("▏", fieldW-ansi.StringWidth(shown))
		case i != focus:
			field = pane.Fit(shown, fieldW)
		}
		line := mark + label + "  [" + field + "]  "
		hint, style := it.Hint, th.Dim
		if it.Range != "" && ansi.StringWidth(hint) > hintW {
			hint, rangesOut = withoutRange(hint, it.Range), true
		}
		if it.Err != "" {
			hint, style = "✗ "+it.Err, th.Error
		}
		var rest []string
		switch {
		case ansi.StringWidth(hint) <= hintW:
			line += style.Render(hint)
		case hintW >= 16:
			wrapped := pane.Wrap(holdPhrases(hint, hintW), hintW)
			line += style.Render(wrapped[0])
			for _, l := range wrapped[1:] {
				rest = append(rest, strings.Repeat(" ", hintCol)+style.Render(l))
			}
		default:
			// Too narrow beside the field: under it.
			for _, l := range pane.Wrap(holdPhrases(hint, w-4), max(w-4, 1)) {
				rest = append(rest, "    "+style.Render(l))
			}
		}
		out, own = append(out, line), append(own, i)
		for _, l := range rest {
			out, own = append(out, l), append(own, i)
		}
	}
	out, own = append(out, ""), append(own, -1)
	// The message wraps, so that a long refusal is read in full.
	var msg []string
	if rangesOut {
		// One line whatever the focus, so the form does not shift as
		// the cursor moves, and kept with the footer when the form
		// scrolls.
		msg = []string{""}
		if focus >= 0 && focus < len(items) && items[focus].Range != "" {
			it := items[focus]
			msg = []string{pane.Fit(th.Dim.Render(strings.TrimSpace(it.Label)+" takes "+it.Range), max(w, 1))}
		}
	}
	if err != "" {
		msg = append(msg, pane.Wrap(th.Error.Render("✗ "+err), max(w, 1))...)
	} else {
		msg = append(msg, pane.Wrap(th.Dim.Render(footer), max(w, 1))...)
	}
	none := func(n int) []int {
		o := make([]int, n)
		for i := range o {
			o[i] = -1
		}
		return o
	}
	if len(out)+len(msg) <= h {
		return append(out, msg...), append(own, none(len(msg))...)
	}
	// Scroll: keep the focused field and the message visible.
	if len(msg) >= h {
		return msg[:max(h, 0)], none(max(h, 0))
	}
	room := h - len(msg)
	// A window of fewer lines than the room, so that a line above and
	// one below can say how many fields are out of sight: cut off with
	// no sign, a form ended at a field as if it were the last, and the
	// knobs under it were found only by wrapping round with ↑.
	var start, end, above, below int
	for win := room; win >= 1; win-- {
		start = min(max(focusLine-win/2, 0), max(len(out)-win, 0))
		end = min(start+win, len(out))
		above, below = hiddenFields(own, start, end)
		if room < 3 {
			// No room for a sign and the field besides: the field alone.
			above, below = 0, 0
		}
		if win+signs(above, below) <= room {
			break
		}
	}
	if room >= 3 {
		// A window that starts on a later line of a field's wrapped hint
		// showed that line alone under "↑ 10 more" ("to 24h", the end of
		// a retry backoff's range, under no field): start at the next
		// line of another field, and give the lines to the end.
		for start > 0 && start < focusLine && own[start] >= 0 && own[start] == own[start-1] {
			start++
			end = min(end+1, len(out))
		}
		above, below = hiddenFields(own, start, end)
		for end > focusLine+1 && end-start+signs(above, below) > room {
			end--
			above, below = hiddenFields(own, start, end)
		}
	}
	var res []string
	var resOwn []int
	if above > 0 {
		res, resOwn = append(res, th.Dim.Render(fmt.Sprintf("  ↑ %d more", above))), append(resOwn, -1)
	}
	res = append(res, out[start:end]...)
	resOwn = append(resOwn, own[start:end]...)
	if below > 0 {
		res, resOwn = append(res, th.Dim.Render(fmt.Sprintf("  ↓ %d more", below))), append(resOwn, -1)
	}
	return append(res, msg...), append(resOwn, none(len(msg))...)
}

// hiddenFields counts the fields with no line in own[start:end]: those
// wholly above the window and those wholly below it. A field whose
// wrapped hint is cut still shows its field, so it is not counted.
func hiddenFields(own []int, start, end int) (above, below int) {
	shown := map[int]bool{}
	for _, o := range own[start:end] {
		shown[o] = true
	}
	count := func(lines []int) int {
		n, seen := 0, map[int]bool{}
		for _, o := range lines {
			if o >= 0 && !shown[o] && !seen[o] {
				seen[o] = true
				n++
			}
		}
		return n
	}
	return count(own[:start]), count(own[end:])
}

// signs is how many lines the "more" signs take.
func signs(above, below int) int {
	n := 0
	if above > 0 {
		n++
	}
	if below > 0 {
		n++
	}
	return n
}

// RefusedNote is the message line when values are refused: the field the
// cursor is on or goes to (field, and why it refused its value), how many
// more of the refused fields there are, then tail (what happened to the
// run). The form may be longer than the window, and "some values are
// refused" alone sent the learner looking for a mark off-screen; with no
// field to name (field empty) it is all the line can say.
func RefusedNote(field, why string, refused int, tail string) string {
	if field == "" {
		return "some values are refused; " + tail
	}
	note := field + " refused: " + why
	if more := refused - 1; more > 0 {
		note += fmt.Sprintf(", and %d more", more)
	}
	return note + "; " + tail
}

// Marks is a form's fields as its message line reads them: how many there
// are, why each is refused ("" when it is not), and its name in a message.
type Marks interface {
	Len() int
	Mark(i int) string
	Name(i int) string
}

// RefusedAt is the field the message line speaks of: the one the cursor
// is on (focus) when it is marked refused, else the first marked; -1 when
// none is.
func RefusedAt(m Marks, focus int) int {
	if focus >= 0 && focus < m.Len() && m.Mark(focus) != "" {
		return focus
	}
	for i := range m.Len() {
		if m.Mark(i) != "" {
			return i
		}
	}
	return -1
}

// RefusedCount is how many fields are marked refused.
func RefusedCount(m Marks) int {
	n := 0
	for i := range m.Len() {
		if m.Mark(i) != "" {
			n++
		}
	}
	return n
}

// MarksLine is the message line of a form whose fields are marked as m
// says, so that it says what is refused now, never a refusal already
// mended (it stayed until the next enter, naming a field typed over):
// said, the complaint of a check of the whole that marked its fields
// ("refused: see below"), while any field is still marked; else the
// field RefusedAt names with its mark, how many more are marked, then
// tail (RefusedNote); "" once none is.
func MarksLine(m Marks, focus int, said, tail string) string {
	at := RefusedAt(m, focus)
	switch {
	case at < 0:
		return ""
	case said != "":
		return said
	}
	why := m.Mark(at)
	if r, ok := m.(Reasons); ok && r.Why(at) != "" {
		why = r.Why(at)
	}
	return RefusedNote(m.Name(at), why, RefusedCount(m), tail)
}

// Reasons is Marks whose fields say why at more length than their marks:
// the mark beside a field names the limit ("1 to 100"), the message line
// says why, in words that do not repeat the mark beside it. Why is "" for
// a field whose mark says all there is.
type Reasons interface {
	Why(i int) string
}

// Entered makes the field a form's cursor comes to stand selected (Field.
// Select), whichever way it came: an arrow, a click, a part chosen on the
// map, a refusal at enter. It notes the field selected on entry, and a
// key on any other field is a key on a field just entered. The zero value
// has selected none.
type Entered struct {
	at int // 1 + the field selected on entry; 0 for none
}

// Anew says the cursor came to its field anew, though it may be the field
// it was on (a move round a form of one, a refusal at enter): that field
// stands selected until a key edits it.
func (e *Entered) Anew() { e.at = 0 }

// Key readies field, the one at focus, for a key: selected when the
// cursor came to it since the last key there. Call it before Field.Key.
func (e *Entered) Key(focus int, field *Field) {
	if e.at != focus+1 {
		field.Select()
		e.at = focus + 1
	}
}

// Selected says field, at i, is drawn selected (Item.Selected): the
// cursor is on it (at focus) and the next character typed replaces its
// text, since the cursor has just come to it (Key will select it) or no
// key has edited it since.
func (e Entered) Selected(i, focus int, field *Field) bool {
	switch {
	case i != focus:
		return false
	case e.at != i+1:
		return field.Value() != ""
	}
	return field.Selected()
}

// withoutRange is hint less its tail rng and the "; " before it: a
// slice of hint, as Layout runs on every frame.
func withoutRange(hint, rng string) string {
	rest, ok := strings.CutSuffix(hint, rng)
	if !ok {
		return hint
	}
	return strings.TrimSuffix(rest, "; ")
}

// holdPhrases holds each of a hint's phrases (its parts between "; ")
// together by no-break spaces, each that fits w, so that a wrapped hint
// breaks between them: "0: as long as the" / "timeout" left a phrase's
// last word under the next field's hint.
func holdPhrases(hint string, w int) string {
	if !strings.Contains(hint, "; ") {
		return hint
	}
	parts := strings.Split(hint, "; ")
	for i, p := range parts {
		if ansi.StringWidth(p)+1 <= w {
			parts[i] = strings.ReplaceAll(p, " ", nbsp)
		}
	}
	return strings.Join(parts, "; ")
}

// nbsp is the no-break space pane.Wrap does not break at, and writes
// back as a space.
const nbsp = "\u00a0"
