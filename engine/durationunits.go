package engine

import (
	"fmt"
	"strings"
	"time"
)

// unitRank orders the units Go's durations take, largest first as a
// duration is written ("1h2m3s"); µs and μs are us by other names.
var unitRank = map[string]int{"h": 5, "m": 4, "s": 3, "ms": 2, "us": 1, "µs": 1, "μs": 1, "ns": 0}

// RepeatedUnit refuses a duration that names one unit twice, such as
// "5s1s": Go reads it as 6s, and a form reads it as a slip, a value typed
// onto the end of the one the field held (5s, then 1s). A compound of
// distinct units ("1m30s") is no slip. The refusal names the unit and
// offers what was most likely meant: the longest end of the text whose
// units are distinct and written largest first ("1s" for "5s1s", "1m30s"
// for "30s1m30s"). It returns nil for text that repeats no unit, and for
// text that is no duration of numbers and units, for the duration's own
// reader to refuse in its words. Every reader of a duration a person wrote
// (a knob form, a flag, a fault or chaos spec, a sweep span, a lesson file)
// asks it first, so the slip is refused the same way wherever it is typed.
func RepeatedUnit(text string) error {
	s := strings.TrimSpace(text)
	s = strings.TrimPrefix(strings.TrimPrefix(s, "+"), "-")
	type part struct {
		start int // byte offset of the number in s
		unit  string
	}
	var parts []part
	for i := 0; i < len(s); {
		start := i
		for i < len(s) && (s[i] >= '0' && s[i] <= '9' || s[i] == '.') {
			i++
		}
		if i == start {
			return nil // no number where one goes
		}
		u := i
		for i < len(s) && !(s[i] >= '0' && s[i] <= '9' || s[i] == '.') {
			i++
		}
		unit := s[u:i]
		if _, ok := unitRank[unit]; !ok {
			return nil // no unit, or one Go does not read
		}
		parts = append(parts, part{start, unit})
	}
	var seen [6]bool // by unitRank
	repeated := ""
	for _, p := range parts {
		r := unitRank[p.unit]
		if seen[r] && repeated == "" {
			repeated = p.unit
		}
		seen[r] = true
	}
	if repeated == "" {
		return nil
	}
	// From the end back, while each unit is new and larger than the one
	// after it.
	from := len(parts) - 1
	for from > 0 && unitRank[parts[from-1].unit] > unitRank[parts[from].unit] {
		from--
	}
	return &RepeatedUnitError{Text: strings.TrimSpace(text), Unit: repeated, Meant: s[parts[from].start:]}
}

// RepeatedUnitError is RepeatedUnit's refusal: Text names Unit twice,
// and Meant is what was most likely meant.
type RepeatedUnitError struct{ Text, Unit, Meant string }

func (e *RepeatedUnitError) Error() string {
	return fmt.Sprintf("%s repeats the unit %s: did you mean %s?", e.Text, e.Unit, e.Meant)
}

// ParseDuration is time.ParseDuration for text a person wrote: a duration
// that names a unit twice is refused (RepeatedUnit) rather than summed, and
// any other text reads as time.ParseDuration reads it, with its error, for
// the caller to put in its own words as before.
func ParseDuration(text string) (time.Duration, error) {
	if err := RepeatedUnit(text); err != nil {
		return 0, err
	}
	return time.ParseDuration(text)
}
