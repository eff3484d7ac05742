package lessons

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
)

// bareNumberRE is a number written without a unit: "200", "2.5", ".5".
var bareNumberRE = regexp.MustCompile(`^(\d+(\.\d*)?|\.\d+)$`)

// UnitlessDuration refuses a number typed for a duration without its unit
// ("200"), the one rule every form that reads a duration keeps (the sandbox's
// knob form, the shard view's, a challenge's typed field): a scenario file
// writes "200ms" or "200s", and a learner who meant milliseconds would
// otherwise get a value a thousand times too long, silently. Zero needs no
// unit and is taken ("0" is how the forms write "none" or "for ever"); any
// other text is left to the caller's own parser. The error reads as what
// the field takes: "a duration with its unit, ...".
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
