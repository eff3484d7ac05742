package drill

import (
	"fmt"
	"regexp"
	"slices"
	"strings"

	"github.com/breakerlab/breakerlab/engine/scenarios"
)

// claimRunRE finds a run a claim or a placeholder names: SCENARIO/VARIANT.
var claimRunRE = regexp.MustCompile(`(?:^|[\s{])([a-z][a-z0-9-]*)/\d+\b`)

// shownElsewhere lists the built-in scenarios other than the prompt's own
// whose runs a rubric point's claims (expect) or placeholders quote, in
// the order they first come.
func shownElsewhere(scenario string, pt Point) []string {
	var names []string
	for _, s := range append([]string{pt.Text}, pt.Expect...) {
		for _, m := range claimRunRE.FindAllStringSubmatch(s, -1) {
			name := m[1]
			if name == scenario || slices.Contains(names, name) {
				continue
			}
			if _, ok := scenarios.Lookup(name); ok {
				names = append(names, name)
			}
		}
	}
	return names
}

// checkShown says what is wrong when a rubric point's evidence plays in a
// scenario other than its prompt's and the point does not name it: the
// learner who plays the prompt's scenario cannot see the claim there, so
// without the name it is a sentence to memorise, not something to watch.
// payment-checkout's "cooldown fitted to its restart" was checked against
// fleet-probes while checkout restarts nothing. It returns "" when every
// such scenario is named as `breakerlab sandbox NAME`.
func checkShown(scenario string, pt Point) string {
	var missing []string
	for _, name := range shownElsewhere(scenario, pt) {
		if !strings.Contains(pt.Text, "`breakerlab sandbox "+name+"`") {
			missing = append(missing, name)
		}
	}
	if len(missing) == 0 {
		return ""
	}
	return fmt.Sprintf("its claims play in %s, not in %s, the prompt's scenario: name where the learner sees them "+
		"(`breakerlab sandbox %s`, and its tabs) or say only what %s shows",
		strings.Join(missing, ", "), scenario, missing[0], scenario)
}
