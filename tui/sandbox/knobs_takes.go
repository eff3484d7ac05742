package sandbox

import (
	"errors"
	"math"
	"regexp"
	"strconv"
	"strings"

	"github.com/breakerlab/breakerlab/engine/scenariofile"
	kform "github.com/breakerlab/breakerlab/tui/internal/form"
)

// What a field of the knob form takes, and how it says so. A field keeps
// every character typed: one that dropped the characters no value of its
// kind is written with turned "1e3" into 13 workers, and "2.5s" into 25,
// with no word. At enter a text that is no value of the field's kind is
// refused whole and stays in the field: the refusal says what the field
// takes, quotes the text it refused and, where the text reads as a number
// written another way ("1e3", "+5", "1000.0"), gives that number as the
// field writes it ("type 1000"), since the form never reads one spelling
// of a number into another behind the learner's back.

// plainDecimalRE is a number as the form writes one: digits, with a point
// for a fraction ("12.5", ".5"). A rate or a share reads only these.
// strconv.ParseFloat reads more, "1e3", "NaN", "Inf", "0x1p3": a rate
// typed "1e3" is refused with "type 1000" rather than run as 1000, so
// that the field holds the value the run uses in the only spelling the
// form writes back (and the edit's mark says), and no one reads 1e3 as
// 13; NaN and Inf are no rate at all.
var plainDecimalRE = regexp.MustCompile(`^(\d+(\.\d*)?|\.\d+)$`)

// digitsRE is a whole number as the form writes one.
var digitsRE = regexp.MustCompile(`^\d+$`)

// takesWords says what k's field takes, in the words its refusal at enter
// uses (parse, or build's with the range of a bounded whole number).
func (k *knob) takesWords() string {
	if k.limited && k.kind == kindInt {
		return "a whole number, " + k.rangeText()
	}
	if k.limited && k.kind == kindRate {
		// The range the hint states, not parse's "0 or more".
		return "a number of requests a second, " + k.rangeText()
	}
	if k.kind == kindSlots {
		return "a whole number, " + slotsRange + ", or empty for the default"
	}
	kind := k.kind
	if kind == kindUntil {
		kind = kindDuration // empty parses: the end
	}
	words := "a value"
	if _, err := parse(kind, ""); err != nil {
		words = err.Error()
	}
	if k.kind == kindUntil {
		words += ", or empty for the end"
	}
	return words
}

// refusal is the words k's field is refused in when parse refused its
// text with err: what the field takes, then, for a text that is no value
// of the field's kind, the text itself and how to type the value. A
// number of the right form out of range is refused in parse's words,
// which name it already ("0 or more, or -1 for no limit"), and so is a
// duration, whose words quote the text (lessons.ParseDuration).
func (k *knob) refusal(text string, err error) string {
	s := strings.TrimSpace(text)
	if s == "" {
		return k.takesWords() // with the range the hint states
	}
	if !k.misspelt(s, err) {
		return err.Error()
	}
	words := k.takesWords() + ", not " + strconv.Quote(s)
	if how := k.howToType(s); how != "" {
		words += ": " + how
	}
	return words
}

// misspelt says whether parse's err refused s as no value of k's kind at
// all, rather than as a value out of range, which parse's words say.
func (k *knob) misspelt(s string, err error) bool {
	switch k.kind {
	case kindDuration, kindUntil:
		return false // lessons.ParseDuration quotes the text in every refusal
	case kindQueue, kindSlots:
		// "-5" is a whole number, refused for its range in parse's words.
		return !strings.HasPrefix(s, "-") || !digitsRE.MatchString(s[1:])
	case kindPercent:
		return errors.Is(err, scenariofile.ErrShareForm)
	}
	return true
}

// howToType says how to type the number s meant in k's field: the number
// itself where s reads as one in range ("type 1000" for "1e3"), else what
// the number is written with and the value the field opened with for an
// example. It is empty for a field of words, whose words say it all.
func (k *knob) howToType(s string) string {
	var example, how string
	switch k.kind {
	case kindInt, kindQueue, kindSlots:
		if f, ok := k.readsAs(s); ok && f == math.Trunc(f) {
			return "type " + strconv.FormatFloat(f, 'f', -1, 64)
		}
		how, example = "type digits only", k.initialIf(digitsRE)
	case kindRate:
		if f, ok := k.readsAs(s); ok {
			return "type " + strconv.FormatFloat(f, 'f', -1, 64)
		}
		how, example = "type digits, with a point for a fraction", k.initialIf(plainDecimalRE)
	default:
		return ""
	}
	if example != "" {
		how += ", such as " + example
	}
	return how
}

// readsAs is the number strconv.ParseFloat reads s as, when it is one k
// takes: finite, in k's range, and short enough to be typed back.
func (k *knob) readsAs(s string) (float64, bool) {
	f, err := strconv.ParseFloat(s, 64)
	if err != nil || math.IsNaN(f) || math.IsInf(f, 0) || math.Abs(f) >= 1e15 {
		return 0, false
	}
	v := value{n: int(f), f: f}
	if k.kind != kindRate && f != math.Trunc(f) {
		return 0, false
	}
	if k.kind == kindQueue && v.n == -1 {
		return f, true
	}
	if f < 0 || k.check(v) != nil {
		return 0, false
	}
	return f, true
}

// initialIf is the text the field opened with, where it is written as re
// says (a field reset to a value its scenario did not hold has none).
func (k *knob) initialIf(re *regexp.Regexp) string {
	if s := strings.TrimSpace(k.initial); re.MatchString(s) {
		return s
	}
	return ""
}

// cutNote is what k's field says of the characters a paste typed past
// its limit (knob.cut), and why they are not in it, in the words the
// other one-line prompts use; a long paste's are cut to their first few.
func (k *knob) cutNote() string {
	const shown = 8
	text := string(k.cut)
	if len(k.cut) > shown {
		text = string(k.cut[:shown]) + "…"
	}
	return strconv.Quote(text) + " left out: takes " + strconv.Itoa(kform.Limit) + " characters at most"
}
