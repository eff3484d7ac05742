package drill

import (
	"fmt"
	"math"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/breakerlab/breakerlab/engine/breaker"
	"github.com/breakerlab/breakerlab/lessons"
	"github.com/breakerlab/breakerlab/lessons/facts"
)

// The kinds of calls a prompt charges a customer with (WarnNumbers.Charges).
const (
	// ChargesEvery: every outbound call of the prompt is a charge (a
	// payment checkout), so any retry is a retried charge.
	ChargesEvery = "every"
	// ChargesNamed: a retry is a retried charge when its sentence names
	// the payment.
	ChargesNamed = "named"
)

// Warning is harmful advice an answer gives, and why it harms, with the
// prompt's numbers: an immediate retry, a retried charge with no
// idempotency key, a timeout far above the p99. The rubric's ✱ hints only
// say that a point's words are there; a warning says that what is there
// is wrong.
type Warning struct {
	// Point is the ID of the rubric point the advice goes against: the
	// grading screen shows the warning beside it.
	Point string
	Text  string
}

// warnField is one of a prompt's warning numbers, by its name in the file.
type warnField struct {
	name  string
	value *string
}

// fields are the numbers that FillPrompts fills and CheckPrompts checks.
func (w *WarnNumbers) fields() []warnField {
	return []warnField{{"rate", &w.Rate}, {"workers", &w.Workers}, {"p99", &w.P99}}
}

// fill fills the numbers through lab, each a placeholder of the prompt's
// scenario that reads as what it is (a count, a duration): a warning
// quotes them as the prompt's own.
func (w *WarnNumbers) fill(lab *lessons.Lab, id, scenario string) error {
	for _, f := range w.fields() {
		if *f.value == "" {
			continue
		}
		where := fmt.Sprintf("prompt %s, warn.%s", id, f.name)
		runs := runsOf(*f.value)
		if len(runs) == 0 || lessons.UncheckedNumbers(*f.value) != nil {
			return fmt.Errorf("%s: %q: quote the scenario with a placeholder", where, *f.value)
		}
		for _, run := range runs {
			if name, _, _ := strings.Cut(run, "/"); name != scenario {
				return fmt.Errorf("%s quotes %s, but the prompt's scenario is %s", where, run, scenario)
			}
		}
		filled, err := lab.FillText(where, *f.value)
		if err != nil {
			return err
		}
		ok := false
		if f.name == "p99" {
			_, ok = warnDuration(filled)
		} else {
			_, ok = warnCount(filled)
		}
		if !ok {
			return fmt.Errorf("%s fills as %q, which does not read as its number", where, filled)
		}
		*f.value = filled
	}
	return nil
}

// retryRE finds a retry named as such ("retry", "retries", "retried",
// "retrying"); a Retry-After header is no retry.
var retryRE = regexp.MustCompile(`(^|[^a-z0-9])(retr(?:y|ies|ied|ying))($|[^a-z0-9-]|-[^a])`)

// negation finds the words that turn a sentence's advice around ("never
// retry right away", "a timeout does not free the provider", "nothing in a
// breaker is shared"), as whole words only: "whenever" says no "never",
// and "Retry immediately whenever a call fails" was let through as advice
// against retrying at once. The warnings of harmful advice and of the
// lessons' misconceptions read it alike.
var negation = regexp.MustCompile(`\b(?:never|not|nothing|nobody|avoid|avoids|instead of|rather than|cannot|no immediate)\b|n['’]t\b`)

// idempotencyWords say the answer makes a retried charge safe.
var idempotencyWords = []string{"idempoten", "dedup", "exactly once", "exactly-once", "request id", "request-id", "unique key"}

// paymentWords name the call that charges, in a prompt whose charges are
// ChargesNamed.
var paymentWords = []string{"pay", "charg", "card", "billing", "checkout"}

// retryCountRE finds how many retries (or attempts) a sentence asks for:
// "5 times", "3 retries", "3x", "4 attempts".
var retryCountRE = regexp.MustCompile(`(^|[^0-9.])([0-9]+)\s*(x\b|times|more times|retries|attempts)`)

// timeoutRE finds the word timeout as answers write it.
var timeoutRE = regexp.MustCompile(`time[- ]?outs?\b`)

// durationRE finds a duration as answers write it: "30 s", "500ms", "2
// seconds", "1.5 s".
var durationRE = regexp.MustCompile(`([0-9]+(?:\.[0-9]+)?)\s*(ms|millis(?:econds?)?|milliseconds?|s|secs?|seconds?|min|mins|minutes?)\b`)

// clauseEnd ends the clause a timeout's number is looked for in: a
// figure for the breaker in the next clause is not the timeout's.
var clauseEnd = regexp.MustCompile(`[;\n]|[.,!?:](\s|$)|\sand\s|\sbut\s`)

// Warnings are the harmful advice the answer gives to prompt p, in the
// rubric's order of points: see Warning. The phrases that make a retry
// immediate are the retry point's Unless, the same words that keep its
// hint from starring such a retry.
func Warnings(p Prompt, answer string) []Warning {
	lower := strings.ToLower(answer)
	var out []Warning
	if w, ok := timeoutWarning(p, lower); ok {
		out = append(out, w)
	}
	if w, ok := bulkheadWarning(p, lower); ok {
		out = append(out, w)
	}
	immediate := promptPoint(p, "retry").Unless
	// One warning of each kind, for the first sentence that earns it.
	immediateSaid, charged := false, ""
	for _, s := range sentences(lower) {
		if !retryRE.MatchString(s) || saysNot(s) {
			continue
		}
		if phrase := firstOf(s, immediate); phrase != "" && !immediateSaid {
			immediateSaid = true
			out = append(out, immediateRetryWarning(p, s, phrase))
		}
		if charged == "" && (p.Warn.Charges == ChargesEvery || p.Warn.Charges == ChargesNamed && firstOf(s, paymentWords) != "") {
			charged = s
		}
	}
	if charged != "" && firstOf(lower, idempotencyWords) == "" {
		out = append(out, chargeRetryWarning(p, charged))
	}
	return inRubricOrder(p, out)
}

// inRubricOrder is ws in the order of p's rubric points, as the grading
// screen meets them; warnings of one point keep their order in ws.
func inRubricOrder(p Prompt, ws []Warning) []Warning {
	var ordered []Warning
	for _, pt := range p.Points {
		for _, w := range ws {
			if w.Point == pt.ID {
				ordered = append(ordered, w)
			}
		}
	}
	return ordered
}

// textsByPoint is ws' texts by rubric point: out[i] for p.Points[i].
func textsByPoint(p Prompt, ws []Warning) [][]string {
	out := make([][]string, len(p.Points))
	for _, w := range ws {
		for i, pt := range p.Points {
			if pt.ID == w.Point {
				out[i] = append(out[i], w.Text)
			}
		}
	}
	return out
}

// PointWarnings are Warnings' texts by rubric point: out[i] for
// p.Points[i].
func PointWarnings(p Prompt, answer string) [][]string {
	return textsByPoint(p, Warnings(p, answer))
}

// immediateRetryWarning: retries sent the moment a call fails hit the
// dependency while it is failing or slow, multiplying its load.
func immediateRetryWarning(p Prompt, sentence, phrase string) Warning {
	text := fmt.Sprintf("You retry %q: ", phrase)
	rate, rateOK := warnCount(p.Warn.Rate)
	calls, callsOK := callsPerFailure(sentence)
	switch {
	case rateOK && callsOK:
		text += fmt.Sprintf("each failing call becomes %s calls, so at %s calls a second a dependency that is already failing or slow gets %s a second, and cannot recover.",
			numText(calls), p.Warn.Rate, numText(rate*calls))
	case rateOK:
		text += fmt.Sprintf("at %s calls a second, each retry adds up to %s calls a second to a dependency that is already failing or slow.", p.Warn.Rate, p.Warn.Rate)
	default:
		text += "each retry adds load to a dependency that is already failing or slow."
	}
	text += " Back off with jitter, under a retry budget; never retry an open breaker's refusal."
	return Warning{Point: "retry", Text: text}
}

// chargeRetryWarning: a charge that timed out may have gone through, so
// retrying it without an idempotency key can bill twice.
func chargeRetryWarning(p Prompt, sentence string) Warning {
	text := "You retry a charge with no idempotency key: a charge that timed out may have gone through, so its retry can bill the customer twice"
	if calls, ok := callsPerFailure(sentence); ok && calls > 2 {
		text += fmt.Sprintf(" (with your retries, up to %s times)", numText(calls))
	}
	if rate, ok := warnCount(p.Warn.Rate); ok && p.Warn.Charges == ChargesEvery {
		text += fmt.Sprintf(", and at %s checkouts a second every charge that times out risks a second one", numText(rate))
	}
	if strings.Contains(p.Text, "charged twice") {
		text += "; the prompt says no order may be charged twice"
	}
	text += ". Send one idempotency key with every attempt of a charge."
	point := "retry"
	if hasPoint(p, "idempotency") {
		point = "idempotency"
	}
	return Warning{Point: point, Text: text}
}

// timeoutWarning: a timeout far above the dependency's p99 lets a slow
// spell hold a worker for that long on every call, Little's law's rate ×
// time in the pool. Far is more than five times the first guess,
// guide.timeout.p99_multiple × p99.
func timeoutWarning(p Prompt, lower string) (Warning, bool) {
	p99, ok := warnDuration(p.Warn.P99)
	if !ok || p99 <= 0 {
		return Warning{}, false
	}
	multiple := 2.0
	if f, err := facts.Lookup("guide.timeout.p99_multiple"); err == nil {
		multiple = f.Value
	}
	guess := time.Duration(multiple * float64(p99))
	t, ok := answerTimeout(lower)
	if !ok || t <= 5*guess {
		return Warning{}, false
	}
	text := fmt.Sprintf("A timeout of %s is %s times the p99 of %s (a first guess: %s × p99 = %s).",
		breaker.Words(t), numText(math.Round(float64(t)/float64(p99))), p.Warn.P99, numText(multiple), breaker.Words(guess))
	rate, rateOK := warnCount(p.Warn.Rate)
	workers, workersOK := warnCount(p.Warn.Workers)
	if rateOK && workersOK {
		text += fmt.Sprintf(" If the dependency hangs, each call holds a worker for %s: at %s calls a second, %s workers busy (rate × timeout) against %s.",
			breaker.Words(t), p.Warn.Rate, numText(math.Round(rate*t.Seconds())), numText(workers))
	}
	return Warning{Point: "timeout", Text: text}, true
}

// bulkheadSizeRE finds a bulkhead's size as answers write it, the number
// said right beside the word: "a bulkhead of 50", "bulkhead size 20",
// "bulkheads capped at 8", "a 12-slot bulkhead". A number further off
// ("a bulkhead sized by 20 × 200 ms = 4") may be anything, so it is not
// read; nor is one with a unit after it ("a bulkhead wait of 100 ms").
var bulkheadSizeRE = regexp.MustCompile(`bulkheads?\s*(?:(?:size|sized|capped|limited|set|cap)\s*)?(?:of|at|to|=|:)?\s*([0-9][0-9,]*)(\.[0-9]|\s*(?:%|ms|s\b|sec|min|x\b|×|-))?` +
	`|([0-9][0-9,]*)[- ](?:slots?|permits?|workers?)[- ]bulkheads?`)

// bulkheadWarning: a bulkhead as large as the pool, or larger, fences
// nothing off: a dependency that hangs fills it, and so takes every
// worker, the harm a bulkhead is there to stop. The rubric's "every cap
// within the pool" says so; the answer is held to the prompt's workers.
func bulkheadWarning(p Prompt, lower string) (Warning, bool) {
	workers, ok := warnCount(p.Warn.Workers)
	if !ok || workers <= 0 {
		return Warning{}, false
	}
	largest, said := 0.0, ""
	for _, m := range bulkheadSizeRE.FindAllStringSubmatch(lower, -1) {
		n := m[1]
		if n == "" {
			n = m[3]
		} else if m[2] != "" {
			continue
		}
		n = strings.TrimRight(n, ",")
		if v, ok := warnCount(n); ok && v > largest {
			largest, said = v, n
		}
	}
	if largest < workers {
		return Warning{}, false
	}
	text := fmt.Sprintf("A bulkhead of %s against a pool of %s workers fences nothing off: a dependency that hangs still takes every worker.",
		said, p.Warn.Workers)
	rate, rateOK := warnCount(p.Warn.Rate)
	p99, p99OK := warnDuration(p.Warn.P99)
	if rateOK && p99OK {
		text += fmt.Sprintf(" Little's law sizes it: %s calls a second × a p99 of %s = %s in flight, plus headroom, below %s.",
			p.Warn.Rate, p.Warn.P99, numText(math.Round(rate*p99.Seconds()*10)/10), p.Warn.Workers)
	} else {
		text += fmt.Sprintf(" Little's law sizes it: rate × p99, plus headroom, below %s.", p.Warn.Workers)
	}
	return Warning{Point: "bulkhead", Text: text}, true
}

// answerTimeout is the longest timeout the answer gives: for each time it
// names a timeout, the duration nearest the word in the same clause.
func answerTimeout(lower string) (time.Duration, bool) {
	var longest time.Duration
	found := false
	for _, at := range timeoutRE.FindAllStringIndex(lower, -1) {
		from, to := clauseAround(lower, at[0], at[1])
		best, bestGap := time.Duration(0), -1
		for _, m := range durationRE.FindAllStringSubmatchIndex(lower[from:to], -1) {
			start, end := from+m[0], from+m[1]
			if start > 0 && (lower[start-1] >= '0' && lower[start-1] <= '9' || lower[start-1] == '.') {
				continue
			}
			gap := at[0] - end
			if start >= at[1] {
				gap = start - at[1]
			}
			d, ok := warnDuration(lower[start:end])
			if ok && (bestGap < 0 || gap < bestGap) {
				best, bestGap = d, gap
			}
		}
		if bestGap >= 0 {
			found = true
			longest = max(longest, best)
		}
	}
	return longest, found
}

// clauseAround is the clause of text that holds [start, end).
func clauseAround(text string, start, end int) (from, to int) {
	for _, m := range clauseEnd.FindAllStringIndex(text, -1) {
		if m[1] <= start {
			from = m[1]
		}
		if m[0] >= end {
			return from, m[0]
		}
	}
	return from, len(text)
}

// callsPerFailure is how many calls one failing call becomes under the
// retries a sentence asks for: n retries (or "n times") are n + 1 calls,
// n attempts are n.
func callsPerFailure(sentence string) (float64, bool) {
	m := retryCountRE.FindStringSubmatch(sentence)
	if m == nil {
		return 0, false
	}
	n, err := strconv.Atoi(m[2])
	if err != nil || n <= 0 {
		return 0, false
	}
	if m[3] == "attempts" {
		return float64(n), true
	}
	return float64(n + 1), true
}

// sentences splits lower-cased text into sentences: at a full stop, a
// question or exclamation mark followed by a space, and at a line's end.
// "1.5 s" is one sentence.
func sentences(text string) []string {
	var out []string
	start := 0
	for i := 0; i < len(text); i++ {
		c := text[i]
		if c == '\n' || (c == '.' || c == '!' || c == '?') && (i+1 == len(text) || text[i+1] == ' ' || text[i+1] == '\n') {
			if s := strings.TrimSpace(text[start : i+1]); s != "" {
				out = append(out, s)
			}
			start = i + 1
		}
	}
	if s := strings.TrimSpace(text[start:]); s != "" {
		out = append(out, s)
	}
	return out
}

// sentenceAround is the bounds of the sentence of text (as sentences
// splits it) that holds offset i.
func sentenceAround(text string, i int) (from, to int) {
	to = len(text)
	for k := i; k < len(text); k++ {
		c := text[k]
		if c == '\n' || (c == '.' || c == '!' || c == '?') && (k+1 == len(text) || text[k+1] == ' ' || text[k+1] == '\n') {
			to = k + 1
			break
		}
	}
	for k := i - 1; k >= 0; k-- {
		c := text[k]
		if c == '\n' || (c == '.' || c == '!' || c == '?') && (text[k+1] == ' ' || text[k+1] == '\n') {
			return k + 1, to
		}
	}
	return 0, to
}

// sayingOpposite says whether the sentence of lower around offset i holds
// one of the phrases unless.
func sayingOpposite(lower string, i int, unless []string) bool {
	if len(unless) == 0 {
		return false
	}
	from, to := sentenceAround(lower, i)
	return firstOf(lower[from:to], unless) != ""
}

// saysNot says whether a sentence turns its advice around ("never retry
// right away").
func saysNot(s string) bool { return negation.MatchString(s) }

// firstOf is the first of phrases that text holds, or "".
func firstOf(text string, phrases []string) string {
	for _, ph := range phrases {
		if strings.Contains(text, ph) {
			return ph
		}
	}
	return ""
}

// promptPoint is the prompt's point with the ID, or the zero Point.
func promptPoint(p Prompt, id string) Point {
	for _, pt := range p.Points {
		if pt.ID == id {
			return pt
		}
	}
	return Point{}
}

func hasPoint(p Prompt, id string) bool { return promptPoint(p, id).ID != "" }

// warnCount reads a filled count or rate ("20", "1,000").
func warnCount(s string) (float64, bool) {
	f, err := strconv.ParseFloat(strings.ReplaceAll(strings.TrimSpace(s), ",", ""), 64)
	return f, err == nil
}

// warnDuration reads a filled or typed duration ("200 ms", "1.5 s", "30s", "2
// minutes").
func warnDuration(s string) (time.Duration, bool) {
	m := durationRE.FindStringSubmatch(strings.ToLower(strings.TrimSpace(s)))
	if m == nil {
		return 0, false
	}
	f, err := strconv.ParseFloat(m[1], 64)
	if err != nil {
		return 0, false
	}
	unit := time.Second
	switch {
	case m[2] == "ms" || strings.HasPrefix(m[2], "milli"):
		unit = time.Millisecond
	case strings.HasPrefix(m[2], "min"):
		unit = time.Minute
	}
	return time.Duration(f * float64(unit)), true
}

// numText writes a number without trailing zeros: 6, 120, 1.5.
func numText(f float64) string { return strconv.FormatFloat(f, 'f', -1, 64) }
