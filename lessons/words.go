package lessons

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"
)

// The words a number answer is written in, wherever it is shown: the
// lesson player (tui/lessonui) and the classroom's poll of the room
// (tui/serve) read a guess, its unit and its tolerance alike.

// WithUnit puts a unit after a value unless the value already ends with
// it ("41 %" with the unit "%"). A count of one takes the singular: "1
// customer", "1 retry", not "1 customers".
func WithUnit(v, unit string) string {
	if unit == "" || strings.HasSuffix(v, unit) {
		return v
	}
	if v == "1" {
		unit = singular(unit)
	}
	return v + " " + unit
}

// singular is the singular of a plural unit a lesson names (customers,
// retries, percentage points: its last word); a unit symbol (ms, s, req/s)
// or a word not ending in s stays as it is.
func singular(unit string) string {
	head, word := "", unit
	if i := strings.LastIndexByte(unit, ' '); i >= 0 {
		head, word = unit[:i+1], unit[i+1:]
	}
	switch {
	case len(word) <= 2 || strings.Contains(word, "/") || !strings.HasSuffix(word, "s"):
		return unit
	case strings.HasSuffix(word, "ies"):
		return head + strings.TrimSuffix(word, "ies") + "y"
	}
	return head + strings.TrimSuffix(word, "s")
}

// TrimNum writes f to two decimals at most, without trailing zeros.
func TrimNum(f float64) string {
	s := fmt.Sprintf("%.2f", f)
	return strings.TrimRight(strings.TrimRight(s, "0"), ".")
}

// ToleranceText says how near a guess must come: "10% of it", "2
// workers", "5 percentage points", "0.5 s"; empty for an answer that must
// be exact.
func (q *PreparedQuestion) ToleranceText() string {
	switch {
	case q.Tolerance <= 0:
		return ""
	case q.Relative:
		return fmt.Sprintf("%s%% of it", TrimNum(q.Tolerance*100))
	case q.AnswerKind == KindFraction:
		return WithUnit(TrimNum(q.Tolerance*100), "percentage points")
	case q.AnswerKind == KindDuration && q.Unit == "":
		return TrimNum(q.Tolerance) + " s"
	}
	return WithUnit(TrimNum(q.Tolerance), q.Unit)
}

// GuessUnit is what follows a guess's input: the unit, or % for a share,
// s for a duration.
func (q *PreparedQuestion) GuessUnit() string {
	switch {
	case q.Unit != "":
		return q.Unit
	case q.AnswerKind == KindFraction:
		return "%"
	case q.AnswerKind == KindDuration:
		return "s"
	}
	return ""
}

// TypedWithUnit says whether an answer as typed ends in a unit of its own
// ("0.885 s", "885ms", "41%", "12 workers") rather than a bare number: an
// input box then shows no unit after it (ParseGuess reads the typed one).
// The drill's box and the lesson player's follow this one rule.
func TypedWithUnit(typed string) bool {
	r, _ := utf8.DecodeLastRuneInString(strings.TrimSpace(typed))
	return unicode.IsLetter(r) || r == '%'
}
