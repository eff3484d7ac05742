package sandbox

import (
	"strconv"
	"strings"
)

// What a field of the knob form lets in as it is typed. A number's field
// took any character, so "200fghilm" stood in the workers' field until
// enter refused it whole; now a character no value of the field's kind is
// written with stays out, the text before it stays, and the field says
// what it takes. The characters are those of the values parse reads as the
// form writes them (durText, queueText, pane.PercentExact, a rate's
// decimal): a parse that takes more ("1e3", "+5", " 5") reads no value the
// form shows, and a learner types none of them for a number.

// takes says which characters a field of kind k lets in; nil for a field
// of words (yes or no, a retry budget), whose text is judged at enter.
func (k valueKind) takes() func(r rune) bool {
	var extra string
	switch k {
	case kindInt:
	case kindRate, kindPercent:
		extra = "."
		if k == kindPercent {
			extra += "%"
		}
	case kindDuration, kindUntil:
		// Go's units (ns, us, µs with either mu, ms, s, m, h) and a
		// fraction ("1.5s"); an until field also reads "end".
		extra = ".nuµμmsh"
		if k == kindUntil {
			extra += "ed"
		}
	case kindQueue:
		extra = "-unbounded" // "-1" and "unbounded": no limit
	default:
		return nil
	}
	return func(r rune) bool { return r >= '0' && r <= '9' || strings.ContainsRune(extra, r) }
}

// takesWords says what k's field takes, in the words its refusal at enter
// uses (parse, or build's with the range of a bounded whole number).
func (k *knob) takesWords() string {
	if k.limited && k.kind == kindInt {
		return "a whole number, " + k.rangeText()
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

// refusedNote is what k's field says of the characters it refused
// (knob.refused): which, and what it takes. A long paste's are cut to
// their first few.
func (k *knob) refusedNote() string {
	const shown = 8
	text := string(k.refused)
	if len(k.refused) > shown {
		text = string(k.refused[:shown]) + "…"
	}
	return strconv.Quote(text) + " left out: takes " + k.takesWords()
}
