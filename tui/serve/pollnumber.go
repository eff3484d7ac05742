package serve

import (
	"errors"
	"fmt"
	"math"
	"sort"
	"strings"

	"github.com/breakerlab/breakerlab/engine/sweep"
	"github.com/breakerlab/breakerlab/lessons"
	"github.com/breakerlab/breakerlab/tui/internal/playback"
	tea "github.com/charmbracelet/bubbletea"
)

// Number questions put to the room: a numeric prediction or question. Each
// student types a number and enter (a later one replaces it until the
// teacher reveals); the lesson judges it against the engine's answer, as
// the player does. The teacher sees how many answered, and on reveal the
// spread of the room's numbers beside the engine's answer: how many came
// within the step's tolerance, the quartiles and a small histogram. No
// number is shown with a name.

// Guess is one student's number, in the answer's terms (a share as 0.41,
// a duration in seconds), and how near it came.
type Guess struct {
	Value   float64
	Verdict lessons.Closeness
}

// maxGuessLen bounds what a student may type: the box's bound.
const maxGuessLen = playback.MaxNumberLen

// maxGuessDigits are the significant digits a guess keeps exactly: a
// float64 holds 15 of them whatever they are.
const maxGuessDigits = 15

// significantDigits counts input's digits from its first that is not 0.
func significantDigits(input string) int {
	n := 0
	for _, r := range input {
		switch {
		case r == '0' && n == 0:
		case r >= '0' && r <= '9':
			n++
		}
	}
	return n
}

// errClosed is an answer to a question no longer open to answers.
var errClosed = errors.New("the question is closed")

// AnswerNumber judges input as m's answer to number question seq and
// records it, replacing m's earlier one; a student is counted once. An
// input that is not a number the run could bear out is an error, and
// nothing is recorded.
func (r *Room) AnswerNumber(m *Member, seq int, input string) (Guess, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	q := r.question
	if q == nil || q.seq != seq || q.revealed || !q.q.Number || q.q.pq == nil || m.teacher {
		return Guess{}, errClosed
	}
	// Its own refusals read as the lesson's do (lessons.ReadGuess): what
	// is wrong, naming the text, then what may be typed, from a capital.
	if len(input) > maxGuessLen {
		return Guess{}, lessons.Refusef("Too long: %q. A number here is at most %d characters", input, maxGuessLen)
	}
	v, g, err := q.q.pq.JudgeGuess(input)
	if err != nil {
		return Guess{}, err
	}
	if math.IsNaN(g) || math.IsInf(g, 0) {
		return Guess{}, lessons.Refusef("Not a number: %q. Type a number, like %s", input, q.q.pq.GuessExample())
	}
	if digits := significantDigits(input); digits > maxGuessDigits {
		// 16 nines would be kept, and shown, as 10,000,000,000,000,000.
		return Guess{}, lessons.Refusef("Too many digits: %q has %d. A number here keeps at most %d exactly", input, digits, maxGuessDigits)
	}
	if _, in := r.members[m]; !in {
		return Guess{}, errClosed
	}
	q.guesses[m.voter()] = Guess{Value: g, Verdict: v}
	r.notifyLocked(true)
	r.signalVoterLocked(m)
	return q.guesses[m.voter()], nil
}

// numberQuestion turns a step's numeric prediction or question into the
// room's; ok is false when it is not a number question.
func numberQuestion(pq *lessons.PreparedQuestion, predict bool, from string) (Question, bool) {
	if pq == nil || pq.Kind != lessons.Number {
		return Question{}, false
	}
	q := Question{From: from, Prompt: pq.Prompt, Right: -1, Explain: pq.Explain, Predict: predict, pq: pq,
		Number: true, Unit: pq.GuessUnit(), Answer: pq.ShownAnswer(), Tolerance: pq.ToleranceText()}
	if predict {
		q.Explain = pq.Reveal
	}
	return q, true
}

// numberBox is a student's number being typed to question seq, in the
// lesson player's line editor (playback.NumberField): ctrl+u empties it,
// ctrl+w takes a word, ctrl+a/e/b/f/d move and delete. A teacher's review
// found ctrl+u did nothing here: "1e9" read 19, ctrl+u and 150 made 19150,
// which was refused.
type numberBox struct {
	seq   int
	field playback.NumberField
	typo  string // why the last number sent, or the last key, was not taken
}

// numberKey takes a student's key while a number question is open: the
// number's keys, the line editor's, and enter, which sends it.
//
// A character left out after some of the number was typed leaves the rest
// standing: "1e3" typed reads 13, a paste of "1e9" reads 19. The note of
// what was left out stays, with the number as it reads, until a number is
// sent, and the first enter after one was left out sends nothing and asks
// again (leftOutNote), by the rule the lesson player's boxes send by
// (playback.NumberField.Enter): neither sends a number the student never
// typed whole without a look.
func (s *Session) numberKey(a Asked, k tea.KeyMsg) {
	b := &s.num
	if b.seq != a.Seq {
		*b = numberBox{seq: a.Seq}
	}
	if k.Type == tea.KeyEnter {
		b.typo = ""
		if !b.field.Enter() {
			return
		}
		if b.field.Input == "" {
			// Nothing to send: the lesson player's words for it.
			example := "12"
			if a.pq != nil {
				example = a.pq.GuessExample()
			}
			b.typo = b.field.EmptyNote(example)
			return
		}
		g, err := s.room.AnswerNumber(s.me, a.Seq, b.field.Input)
		if err != nil {
			// Refused: it stays, selected, for the next typed number
			// to replace, as in the lesson player's boxes
			// (playback.NumberField.Select).
			b.typo = err.Error()
			b.field.Select()
			return
		}
		s.guessed, s.answeredSeq = g, a.Seq
		*b = numberBox{seq: a.Seq}
		rec := lessons.Prediction{Guess: guessText(a, g.Value), Result: g.Verdict.String()}
		v := g.Value
		rec.Value = &v
		s.keepPrediction(a, rec)
		return
	}
	typed := k.Type == tea.KeyRunes && !k.Alt
	if !b.field.Key(k) {
		if typed {
			// A character no part of a number, typed alone: the
			// player's keys (n, q) are the field's to refuse, but here
			// a letter is only ever a slip inside a number.
			b.typo = b.field.Refuse(k.Runes)
		}
		return
	}
	b.typo = ""
	if typed {
		// A paste with nothing of a number in it.
		b.typo = b.field.Refusal()
	}
}

// leftOutNote says which characters were left out since the number was
// last sent, what the number reads without them, in the lesson player's
// words (playback.NumberField.LeftOutNote), and what enter does now: the
// first enter after one was left out asks again. "" when none was, or
// nothing is typed.
func (s *Session) leftOutNote(a Asked) string {
	if s.num.seq != a.Seq {
		return ""
	}
	return s.num.field.Note("number", a.Unit)
}

// guessText is a guess as the lesson prints its answer, with the unit.
func guessText(a Asked, g float64) string {
	if a.pq == nil {
		return lessons.TrimNum(g)
	}
	return lessons.WithUnit(a.pq.FormatGuess(g), a.pq.Unit)
}

// numberAskView is the student's number question.
func (s *Session) numberAskView(a Asked) string {
	box := "▏"
	if s.num.seq == a.Seq {
		box = s.num.field.Box("▏")
	}
	line := "Your number: " + box
	if a.Unit != "" {
		line += " " + a.Unit
	}
	paras := []string{a.Prompt, "", line}
	if s.num.seq == a.Seq && s.num.typo != "" {
		paras = append(paras, s.num.typo+".")
	}
	if note := s.leftOutNote(a); note != "" {
		paras = append(paras, note)
	}
	paras = append(paras, "")
	if s.answeredSeq == a.Seq {
		paras = append(paras, fmt.Sprintf("Your answer: %s. Type another number and press enter to change it; esc puts the question aside.", guessText(a, s.guessed.Value)))
	} else {
		paras = append(paras, "Type a number and press enter to answer, esc to put the question aside.")
	}
	paras = append(paras, "The teacher sees how many answered and, once they reveal the answer, the spread of the room's numbers, never who typed which.")
	if note := s.keptNote(a); note != "" {
		paras = append(paras, "", note)
	}
	return s.block("The teacher asks", paras)
}

// numberResultsView is the teacher's number question: how many answered,
// then on reveal the spread against the engine's answer.
func (s *Session) numberResultsView(a Asked) string {
	paras := []string{a.Prompt, ""}
	answered := answeredOf(len(a.Guesses), a.Students, a.Left)
	if !a.Revealed {
		line := answered + " " + revealKey + " reveals the engine's answer and the spread of the room's numbers; esc ends the question."
		if s.present {
			return s.wallPoll(a, []string{line})
		}
		paras = append(paras, line)
		return s.block(s.resultsTitle(a), paras)
	}
	if s.present {
		lines := append([]string{"The engine's answer: " + a.Answer + "."}, s.spreadAt(a, wallWidth(s.w))...)
		return s.wallPoll(a, append(lines, answered+" Every student now sees the answer and how near their own came; esc ends the question."))
	}
	paras = append(paras, "The engine's answer: "+a.Answer+".")
	paras = append(paras, s.spread(a)...)
	paras = append(paras, "", answered+" Every student now sees the answer and how near their own came; esc ends the question.")
	if a.Explain != "" {
		paras = append(paras, "")
		paras = append(paras, explained(a.Explain)...)
	}
	return s.block(s.resultsTitle(a), paras)
}

// numberRevealView is a student's number question once the teacher has
// shown the answer.
func (s *Session) numberRevealView(a Asked) string {
	paras := []string{a.Prompt, "", "The engine's answer: " + a.Answer + "."}
	if s.answeredSeq == a.Seq {
		paras = append(paras, fmt.Sprintf("Your answer: %s: %s.", guessText(a, s.guessed.Value), verdictWords(a, s.guessed.Verdict)))
		if unsent := s.unsentNumber(a); unsent != "" {
			// A later number replaces the answer until the reveal: one
			// typed to replace it and not sent in time did not.
			paras = append(paras, unsent+" was typed after it and not sent.")
		}
	} else if unsent := s.unsentNumber(a); unsent != "" {
		paras = append(paras, playback.UnsentAnswer(unsent))
	} else {
		paras = append(paras, closedUnanswered("number"))
	}
	if g := sortedGuesses(a.Guesses); len(g) > 0 {
		paras = append(paras, fmt.Sprintf("The room: %s; median %s.", plural(len(g), "number", "numbers"), guessText(a, quantile(g, 0.5))))
	}
	if a.Explain != "" {
		paras = append(paras, "")
		paras = append(paras, explained(a.Explain)...)
	}
	return s.block(revealTitle, paras)
}

// unsentNumber is the number in the student's box for a, as the box shows
// it (with the unit, unless typed with its own), when it was typed and not
// sent; "" when the box is empty.
func (s *Session) unsentNumber(a Asked) string {
	if s.num.seq != a.Seq {
		return ""
	}
	in := s.num.field.Input
	if in == "" || lessons.TypedWithUnit(in) {
		return in
	}
	return lessons.WithUnit(in, a.Unit)
}

// verdictWords says how near a guess came, in the step's terms.
func verdictWords(a Asked, v lessons.Closeness) string {
	if a.Tolerance == "" {
		if v == lessons.Spot {
			return "right, exactly it"
		}
		return "off, not it"
	}
	switch v {
	case lessons.Spot:
		return "right, within the step's tolerance of " + a.Tolerance
	case lessons.Close:
		return "close, within twice the step's tolerance of " + a.Tolerance
	}
	return "off, further than twice the step's tolerance of " + a.Tolerance
}

// spread is the room's numbers against the engine's answer, for the
// teacher: how many came near, the quartiles, and a histogram whose range
// takes in the answer, which it marks.
func (s *Session) spread(a Asked) []string { return s.spreadAt(a, s.w-blockIndent) }

// spreadAt is spread with its histogram width cells wide: the wall's
// page (wallPoll) is narrower than the window.
func (s *Session) spreadAt(a Asked, width int) []string {
	g := sortedGuesses(a.Guesses)
	if len(g) == 0 {
		return []string{"Nobody answered."}
	}
	var near [4]int
	for _, x := range a.Guesses {
		if x.Verdict >= lessons.Spot && x.Verdict <= lessons.Off {
			near[x.Verdict]++
		}
	}
	n := len(g)
	out := []string{}
	if a.Tolerance != "" {
		// Three bands that add up to n, each named as the students'
		// verdicts name it: "within twice it: 1" read as everyone inside
		// twice the tolerance, the right ones too, where it counts only
		// those between once and twice it.
		out = append(out, fmt.Sprintf("Within the step's tolerance (%s): %d of %d, right; between it and twice it: %d, close; further: %d, off.",
			a.Tolerance, near[lessons.Spot], n, near[lessons.Close], near[lessons.Off]))
	} else {
		out = append(out, fmt.Sprintf("Exactly it: %d of %d.", near[lessons.Spot], n))
	}
	f := func(p float64) string { return guessText(a, quantile(g, p)) }
	if n >= 4 {
		out = append(out, fmt.Sprintf("Lowest %s · lower quartile %s · median %s · upper quartile %s · highest %s.", f(0), f(0.25), f(0.5), f(0.75), f(1)))
	} else {
		out = append(out, fmt.Sprintf("Lowest %s · median %s · highest %s.", f(0), f(0.5), f(1)))
	}
	answer := math.NaN()
	if a.pq != nil {
		answer = a.pq.Answer
	}
	return append(append(out, ""), histogram(a, g, answer, width)...)
}

// histBins is about how many bars the histogram has.
const histBins = 6

// outlierScale is how far from the bulk of the room's numbers an answer
// may be and still have the histogram's range take it in: that many times
// the spread of the numbers about their median (its median absolute
// deviation), and no less than that many times the size of the median or
// the engine's answer, whichever is larger.
const outlierScale = 4

// bulk is the range the histogram spans: around the median of g (sorted)
// and the engine's answer (NaN: none), outlierScale times the numbers'
// spread or their size either side. One typo of 12,000,000,000 among
// answers near 73 no longer makes a range in which every real answer
// falls into the first bar. With every number alike and the answer 0,
// the scale is one of the answer's units.
func bulk(g []float64, answer float64) (lo, hi float64) {
	med := quantile(g, 0.5)
	dev := make([]float64, len(g))
	for i, x := range g {
		dev[i] = math.Abs(x - med)
	}
	sort.Float64s(dev)
	lo, hi, size := med, med, math.Abs(med)
	if !math.IsNaN(answer) {
		lo, hi, size = math.Min(med, answer), math.Max(med, answer), math.Max(size, math.Abs(answer))
	}
	scale := outlierScale * math.Max(quantile(dev, 0.5), size)
	if scale == 0 {
		scale = 1
	}
	return lo - scale, hi + scale
}

// histogram draws g (sorted) in bins of a round width (1, 2, 2.5 or 5
// times a power of ten) from the least to the most of the bulk of g
// (bulk) and the answer, one line a bin: its range, a bar, its count, and
// a mark on the answer's bin. Numbers outside the bulk are counted in a
// bar below the first bin and one above the last. Each line fits width
// cells whole (answerMarks): a line the screen wrapped left "◆ the" at
// the end of one and "engine's answer" alone on the next.
func histogram(a Asked, g []float64, answer float64, width int) []string {
	from, to := bulk(g, answer)
	var in []float64
	for _, x := range g {
		if x >= from && x <= to {
			in = append(in, x)
		}
	}
	if len(in) == 0 {
		// The answer far from every number: the numbers are the bulk.
		in, answer = g, math.NaN()
	}
	lo, hi := in[0], in[len(in)-1]
	if !math.IsNaN(answer) {
		lo, hi = math.Min(lo, answer), math.Max(hi, answer)
	}
	step, start, bins := 0.0, lo, 1
	if span := hi - lo; span > 1e-12*math.Max(1, math.Abs(hi)) {
		step = sweep.RoundStep(span / histBins)
		start = math.Floor(lo/step) * step
		bins = min(int(math.Floor((hi-start)/step))+1, 4*histBins)
	}
	bin := func(x float64) int {
		if bins == 1 {
			return 0
		}
		return min(max(int(math.Floor((x-start)/step)), 0), bins-1)
	}
	// The drawn bins span [first, last]; the rest is below or above.
	first, last := lo, hi
	if bins > 1 {
		first, last = start, start+float64(bins)*step
	}
	counts := make([]int, bins)
	below, above := 0, 0
	for _, x := range g {
		switch {
		case x < first:
			below++
		case x > last:
			above++
		default:
			counts[bin(x)]++
		}
	}
	most := max(below, above)
	for _, c := range counts {
		most = max(most, c)
	}
	type bar struct {
		label  string
		count  int
		answer bool
	}
	var bars []bar
	if below > 0 {
		bars = append(bars, bar{label: "below " + guessText(a, first), count: below})
	}
	for i, c := range counts {
		label := guessText(a, lo)
		if bins > 1 {
			from := start + float64(i)*step
			label = "from " + guessText(a, from) + " to " + guessText(a, from+step)
		}
		bars = append(bars, bar{label: label, count: c, answer: !math.IsNaN(answer) && bin(answer) == i})
	}
	if above > 0 {
		bars = append(bars, bar{label: "above " + guessText(a, last), count: above})
	}
	lw := 0
	for _, b := range bars {
		lw = max(lw, len([]rune(b.label)))
	}
	// The bar takes what the label, the count and the answer's mark
	// leave, from minBar to maxBar cells; the mark says less before the
	// bar gets shorter than that.
	fixed := lw + 2 + 1 + len(fmt.Sprint(most))
	mark := answerMarks[len(answerMarks)-1]
	for _, m := range answerMarks {
		if width-fixed-len([]rune(m)) >= minBar {
			mark = m
			break
		}
	}
	barW := min(max(width-fixed-len([]rune(mark)), minBar), maxBar)
	out := make([]string, len(bars))
	for i, b := range bars {
		n := b.count * barW / max(most, 1)
		line := fmt.Sprintf("%-*s  %s %d", lw, b.label, strings.Repeat("█", n)+strings.Repeat("·", barW-n), b.count)
		if b.answer {
			line += mark
		}
		out[i] = line
	}
	return out
}

// answerMarks mark the histogram's bar that holds the engine's answer,
// the fullest first: histogram takes the first that leaves its bars
// minBar cells.
var answerMarks = []string{"  ◆ the engine's answer", "  ◆ answer", " ◆"}

// minBar and maxBar bound the histogram's bars, in cells.
const (
	minBar = 5
	maxBar = 30
)

// sortedGuesses are the guesses' values, least first.
func sortedGuesses(gs []Guess) []float64 {
	out := make([]float64, 0, len(gs))
	for _, g := range gs {
		out = append(out, g.Value)
	}
	sort.Float64s(out)
	return out
}

// quantile is the p-quantile of sorted g (0 < len), between the two
// nearest values.
func quantile(g []float64, p float64) float64 {
	x := p * float64(len(g)-1)
	i := int(x)
	if i >= len(g)-1 {
		return g[len(g)-1]
	}
	return g[i] + (x-float64(i))*(g[i+1]-g[i])
}

func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}
