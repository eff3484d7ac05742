package scenariofile

import (
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"
)

// A share typed into a form field (the sandbox's and the builder's knob
// form, a challenge's knob) is read more freely than a file's: "50%", a
// bare number above 1 as a percentage ("50"), one up to 1 as the share
// itself ("0.5"). A file reads a bare number as the share whatever its
// size, since it must read one way; a learner typing "50" into a field
// that shows "50%" means 50 %. The two field kinds read by one function,
// so that "150" is told the same words in each (before, a challenge's knob
// read it as 15000 %).

// ShareTypedForms is how a typed share may be written, as a field's
// refusal says it.
const ShareTypedForms = "a percentage such as 50% or 0.5"

// ErrShareForm is a typed share that is no number at all.
var ErrShareForm = errors.New(ShareTypedForms)

// ErrShareOneAmbiguous is a bare 1 typed as a share: 100 % by the rule
// above, but whoever types "1" after "2" (2 %) most likely means 1 %, so
// the field asks.
var ErrShareOneAmbiguous = errors.New("1 reads as 100% or as 1%: type 100% or 1%")

// ParseTypedShare reads a share as a learner types it into a field, with
// the text the value was read as ("150%" for a bare "150"), which a
// refusal quotes. Any share outside 0–100 % is refused in the files' words
// (PercentAllowed); a field's own narrower range is its caller's to check.
func ParseTypedShare(s string) (share float64, read string, err error) {
	s = strings.TrimSpace(s)
	num, pct := strings.CutSuffix(s, "%")
	num = strings.TrimSpace(num)
	f, err := strconv.ParseFloat(num, 64)
	if err != nil || math.IsNaN(f) {
		return 0, s, ErrShareForm
	}
	if !pct && f == 1 {
		return 0, s, ErrShareOneAmbiguous
	}
	read = s
	// A bare number below 0 is no share either way, and is refused as the
	// percentage it would be read as above 1 ("-5" is "-5%", not -500 %).
	if pct || f > 1 || f < 0 {
		f, read = PercentShare(num, f), num+"%"
	}
	if !(f >= 0 && f <= 1) {
		return 0, read, fmt.Errorf("must be %s, got %q", PercentAllowed, read)
	}
	return f, read, nil
}

// PercentShare is the percentage num, which parses as f, as a share,
// divided by 100 as exactly as the decimal allows: num read two places
// further right, where f/100 in binary can miss by a unit in the last
// place, so that "12.3456%" is the same number as 0.123456 (what Dump
// writes back, and what a form shows with pane.PercentExact, so that enter
// with no edit gives back the value it showed).
func PercentShare(num string, f float64) float64 {
	mant, exp := num, 0
	if strings.ContainsAny(num, "xX") {
		return f / 100 // hex has no decimal point to move
	}
	if i := strings.IndexAny(num, "eE"); i >= 0 {
		n, err := strconv.Atoi(num[i+1:])
		if err != nil {
			return f / 100
		}
		mant, exp = num[:i], n
	}
	if g, err := strconv.ParseFloat(mant+"e"+strconv.Itoa(exp-2), 64); err == nil {
		return g
	}
	return f / 100 // a form ParseFloat takes that has no decimal point to move ("inf")
}
