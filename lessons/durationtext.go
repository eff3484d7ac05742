package lessons

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/breakerlab/breakerlab/engine"
)

// bareNumberRE is a number written without a unit: "200", "2.5", ".5".
var bareNumberRE = regexp.MustCompile(`^(\d+(\.\d*)?|\.\d+)$`)

// UnitlessDuration refuses a number typed for a duration without its unit
// ("200"), the one rule every form that reads a duration keeps (the sandbox's
// knob form, the shard view's, a challenge's typed field): a scenario file
// writes "200ms" or "200s", and a learner who meant milliseconds would
// otherwise get a value a thousand times too long, silently. Zero needs no
// unit and is taken ("0" is how the forms write "none" or "for ever"); any
// other text is left to the parser that calls it (ParseDuration, the one a
// form should use). The error reads as what the field takes: "a duration
// with its unit, ...".
func UnitlessDuration(text string) error {
	s := strings.TrimSpace(text)
	if !bareNumberRE.MatchString(s) {
		return nil
	}
	if f, err := strconv.ParseFloat(s, 64); err == nil && f == 0 {
		return nil
	}
	return fmt.Errorf("a duration with its unit, as a scenario file writes it: %ss or %sms, not %s alone", s, s, s)
}

// ParseDuration reads a duration a learner typed into a form (a knob of the
// sandbox, of the shard view, of a challenge): Go's duration syntax, as a
// scenario file takes it ("250ms", "1.5s", "2m", "1m30s"), never negative.
// "0" needs no unit; any other number without one is refused
// (UnitlessDuration), and so is a number in another form ("1e3", "-5").
// Surrounding spaces are ignored. The error reads as what the field takes,
// for the caller to put after the field's name: "takes a duration with its
// unit, ...". The one exception is a duration naming a unit twice ("5s1s",
// which Go sums to 6s: a value typed onto the end of another), refused with
// *engine.RepeatedUnitError, a sentence of its own that says what was most
// likely meant ("5s1s repeats the unit s: did you mean 1s?").
func ParseDuration(text string) (time.Duration, error) {
	s := strings.TrimSpace(text)
	if err := UnitlessDuration(s); err != nil {
		return 0, err
	}
	if f, err := strconv.ParseFloat(s, 64); err == nil {
		if f == 0 {
			return 0, nil
		}
		return 0, durationWanted(s)
	}
	d, err := time.ParseDuration(s)
	if err != nil {
		return 0, durationWanted(s)
	}
	if err := engine.RepeatedUnit(s); err != nil {
		return 0, err
	}
	if d < 0 {
		return 0, fmt.Errorf("a duration of 0 or more, got %s", s)
	}
	return d, nil
}

// durationWanted is ParseDuration's error for text that is no duration.
func durationWanted(s string) error {
	if s == "" {
		return fmt.Errorf("a duration with its unit (ns, us, ms, s, m, h), such as 500ms, 2s or 1m30s")
	}
	return fmt.Errorf("a duration with its unit (ns, us, ms, s, m, h), such as 500ms, 2s or 1m30s; got %q", s)
}
