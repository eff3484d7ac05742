package drill

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/scenarios"
)

// outageRE finds the words a prompt uses to say a dependency fails or does
// not answer: what the learner is told must be what p plays.
var outageRE = regexp.MustCompile(`\b(down|outage|outages|unavailable|stops? answering|hangs?|hanging|fails|failing)\b`)

// outageForRE finds how long a prompt says an outage lasts: "down for
// minutes", "for 30 s".
var outageForRE = regexp.MustCompile(`\bfor (minutes|hours|a minute|an hour|(\d+(?:\.\d+)?) ?(ms|s|seconds?|min|minutes?|h|hours?))\b`)

// statedOutage reports whether text (a prompt as filled) says a dependency
// is down, in which words, and the least time it says the outage lasts (0
// when it names none). "for minutes" is at least two.
func statedOutage(text string) (words string, atLeast time.Duration, said bool) {
	lower := strings.ToLower(text)
	words = outageRE.FindString(lower)
	if words == "" {
		return "", 0, false
	}
	f := outageForRE.FindStringSubmatch(lower)
	if f == nil {
		return words, 0, true
	}
	switch f[1] {
	case "minutes":
		atLeast = 2 * time.Minute
	case "hours":
		atLeast = 2 * time.Hour
	case "a minute":
		atLeast = time.Minute
	case "an hour":
		atLeast = time.Hour
	default:
		n, _ := strconv.ParseFloat(f[2], 64)
		unit := time.Second
		switch {
		case f[3] == "ms":
			unit = time.Millisecond
		case strings.HasPrefix(f[3], "m"):
			unit = time.Minute
		case strings.HasPrefix(f[3], "h"):
			unit = time.Hour
		}
		atLeast = time.Duration(n * float64(unit))
	}
	return words + " … " + f[0], atLeast, true
}

// longestOutage is the longest time one dependency of the system fails
// every call or answers none (a hang, or errors at a probability of 1),
// and that dependency's name. A slow dependency still answers: it is no
// outage.
func longestOutage(sys engine.System, runEnds time.Duration) (time.Duration, string) {
	var longest time.Duration
	var name string
	look := func(prefix string, deps []engine.Dependency) {
		for _, d := range deps {
			for _, f := range d.Faults {
				if f.Kind != engine.Hang && (f.Kind != engine.Error || f.Probability < 1) {
					continue
				}
				to := f.To
				if to == 0 || to > runEnds {
					to = runEnds
				}
				if n := to - f.From; n > longest {
					longest, name = n, prefix+d.Name
				}
			}
		}
	}
	look("", sys.Dependencies)
	for _, s := range sys.Services {
		look(s.Name+"/", s.Dependencies)
	}
	return longest, name
}

// checkOutage says what is wrong when a prompt's text (as filled) speaks
// of an outage its scenario does not play: no dependency of the variants
// it quotes (the first when it quotes none) fails or stops answering, or
// not for as long as the text says. It returns "" when the text says no
// outage or the scenario plays it.
func checkOutage(p Prompt, text string) string {
	word, atLeast, said := statedOutage(text)
	if !said {
		return ""
	}
	b, ok := scenarios.Lookup(p.Scenario)
	if !ok {
		return "" // CheckPrompts names the unknown scenario
	}
	sc := b.Build()
	variants := map[int]bool{}
	for _, run := range runsOf(p.Text) {
		if _, v, ok := strings.Cut(run, "/"); ok {
			if i, err := strconv.Atoi(v); err == nil && i >= 0 && i < len(sc.Variants) {
				variants[i] = true
			}
		}
	}
	if len(variants) == 0 {
		variants[0] = true
	}
	for i := range sc.Variants {
		if !variants[i] {
			continue
		}
		v := sc.Variants[i]
		n, dep := longestOutage(v.System, sc.Duration)
		switch {
		case n == 0:
			return fmt.Sprintf("its text says %q, but %s/%d (%s) has no dependency that fails every call or stops answering: "+
				"p plays no outage; play a scenario that has one, or say only what it plays", word, sc.Name, i, v.Name)
		case n < atLeast:
			return fmt.Sprintf("its text says %q, but the longest outage %s/%d (%s) plays is %s's, %s: "+
				"say only what it plays, quoting its fault's from and to", word, sc.Name, i, v.Name, dep, n)
		}
	}
	return ""
}
