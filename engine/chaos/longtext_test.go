package chaos

import (
	"math/rand"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/engine"
)

// A fault late in a day-long run is written in hours and minutes, as a
// scenario file writes its times, and reads back the same: the sandbox
// prefills its inject prompt with it, where "43514.3s" had the learner
// dividing by 3600 to see it was a little after noon.
func TestStringWritesALongRunsTimesInHours(t *testing.T) {
	for _, tc := range []struct {
		sp   Spec
		want string
	}{
		{Spec{At: 43514300 * time.Millisecond, Target: "search-index", Kind: Slow, Latency: 2 * time.Second, For: 10 * time.Second}, "12h5m14.3s search-index slow 2s for 10s"},
		{Spec{At: 12 * time.Hour, Target: "db", Kind: Hang, For: 5*time.Minute + 10500*time.Millisecond}, "12h db hang for 5m10.5s"},
		{Spec{At: 2 * time.Minute, Target: "api", Kind: Slow, Latency: 1500 * time.Millisecond, For: time.Hour + 30*time.Second}, "2m api slow 1.5s for 1h0m30s"},
		{Spec{At: 24 * time.Hour, Target: "db", Kind: Recover}, "24h db recover"},
	} {
		if got := tc.sp.String(); got != tc.want {
			t.Errorf("%+v.String() = %q, want %q", tc.sp, got, tc.want)
		}
		if back, err := Parse(tc.want); err != nil || back != tc.sp {
			t.Errorf("Parse(%q) = %+v, %v; want %+v", tc.want, back, err, tc.sp)
		}
	}
}

// Every spec String writes, with times anywhere in a day down to the
// nanosecond, parses back to the same spec, and each of its times is in
// the largest units that keep it exact (inLargestUnits).
func TestStringReadsBackInTheLargestUnits(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	grains := []time.Duration{time.Nanosecond, time.Microsecond, time.Millisecond, 100 * time.Millisecond, time.Second, time.Minute, time.Hour}
	moment := func() time.Duration {
		g := grains[rng.Intn(len(grains))]
		return time.Duration(rng.Int63n(int64(engine.MaxDuration/g)+1)) * g
	}
	length := func() time.Duration {
		for {
			if d := moment(); d > 0 {
				return d
			}
		}
	}
	kinds := []Kind{Slow, Hang, Down, Errors, Restart, Surge, Recover}
	for i := 0; i < 20000; i++ {
		sp := Spec{At: moment(), Target: "search-index", Kind: kinds[rng.Intn(len(kinds))]}
		switch sp.Kind {
		case Slow:
			sp.Latency = length()
		case Errors:
			sp.Rate = 0.25
		case Surge:
			sp.Factor = 3
		}
		if sp.Kind != Recover && rng.Intn(2) == 0 {
			sp.For = length()
		}
		text := sp.String()
		back, err := Parse(text)
		if err != nil || back != sp {
			t.Fatalf("%+v writes %q, which parses to %+v, %v", sp, text, back, err)
		}
		for _, word := range strings.Fields(text) {
			if !durationWord.MatchString(word) {
				continue
			}
			if why := inLargestUnits(word); why != "" {
				t.Fatalf("%+v writes %q: %q %s", sp, text, word, why)
			}
		}
	}
}

// durationWord is a word of a spec that is a duration: a number and a unit.
var durationWord = regexp.MustCompile(`^[0-9.]+(h|m|s|ms|us|ns)`)

// durationPart is one number and unit of a duration's text.
var durationPart = regexp.MustCompile(`([0-9]+)(\.[0-9]+)?(h|ms|m|s|us|ns)`)

// inLargestUnits says why text, a duration, is not in the largest units
// that keep it exact, or "" when it is: hours, minutes and seconds with no
// figure that would carry into the unit above ("90s" is 1m30s) and no
// trailing zero units ("2m0s"); below a second, the one unit of ms, us
// or ns that keeps it whole below 1000.
func inLargestUnits(text string) string {
	parts := durationPart.FindAllStringSubmatch(text, -1)
	if strings.Join(func() (all []string) {
		for _, p := range parts {
			all = append(all, p[0])
		}
		return all
	}(), "") != text {
		return "is not only numbers and units"
	}
	if text == "0s" {
		return "" // zero, the start of the run
	}
	limit := map[string]int{"h": -1, "m": 60, "s": 60, "ms": 1000, "us": 1000, "ns": 1000}
	rank := map[string]int{"h": 0, "m": 1, "s": 2, "ms": 3, "us": 4, "ns": 5}
	last := -1
	for i, p := range parts {
		whole, frac, unit := p[1], p[2], p[3]
		if rank[unit] <= last {
			return "repeats a unit or has them out of order"
		}
		last = rank[unit]
		n, _ := strconv.Atoi(whole)
		switch {
		case n == 0 && frac == "" && (unit != "m" || i == 0 || i == len(parts)-1):
			// Only the minutes between hours and seconds may be 0:
			// "1h0m30s" is Go's form, and "1h30s" reads as 1h30m.
			return "has a zero unit"
		case limit[unit] > 0 && n >= limit[unit]:
			return "has a figure that carries into the unit above"
		case strings.HasSuffix(frac, "0"):
			return "has a trailing zero"
		case rank[unit] >= 3 && len(parts) > 1:
			return "mixes a unit below the second with others"
		case frac != "" && rank[unit] >= 3 && n == 0:
			return "is a fraction of a unit that a smaller one writes whole"
		}
	}
	return ""
}
