package drill

import (
	"fmt"
	"maps"
	"regexp"
	"slices"
	"strings"

	"github.com/breakerlab/breakerlab/engine/scenarios"
)

// A prompt that plays its system with a scenario's parts under other names
// (notifications: cascade's search plays email) says which in Parts, and
// its points name its own parts: a rubric copied from another prompt on
// the same scenario ("kept search and profile at 100%") would quote
// cascade's endpoints to a candidate who was asked about email and SMS.
// checkParts holds each point to it; the names it looks for are the
// scenario's own endpoints and dependencies, read from the scenario, not
// typed here.

// scenarioParts lists the endpoint and dependency names of a built-in
// scenario's variants, sorted; nil for a name that is no scenario.
func scenarioParts(name string) []string {
	b, ok := scenarios.Lookup(name)
	if !ok {
		return nil
	}
	seen := map[string]bool{}
	for _, v := range b.Build().Variants {
		for _, e := range v.System.Endpoints {
			seen[e.Name] = true
		}
		for _, d := range v.System.Dependencies {
			seen[d.Name] = true
		}
	}
	return slices.Sorted(maps.Keys(seen))
}

// checkPartsKeys refuses a Parts key that is no part of the scenario.
func checkPartsKeys(p Prompt) error {
	parts := scenarioParts(p.Scenario)
	for k := range p.Parts {
		if !slices.Contains(parts, k) {
			return fmt.Errorf("parts names %q, which is no endpoint or dependency of %s (it has: %s)", k, p.Scenario, strings.Join(parts, ", "))
		}
	}
	return nil
}

// quotedRE is what a point may name a scenario's part in without speaking
// of the prompt's system: a placeholder, or a command in backticks.
var quotedRE = regexp.MustCompile("\\{\\{.*?\\}\\}|`[^`]*`|\\([^()]*\\bbreakerlab sandbox[^()]*\\)")

// checkParts names each scenario part a point's text speaks of by the
// scenario's name where the prompt calls it something else, or "".
func checkParts(p Prompt, text string) string {
	if len(p.Parts) == 0 {
		return ""
	}
	bare := quotedRE.ReplaceAllString(text, " ")
	var bad []string
	for _, k := range slices.Sorted(maps.Keys(p.Parts)) {
		if regexp.MustCompile(`(?i)(^|[^\w-])` + regexp.QuoteMeta(k) + `($|[^\w-])`).MatchString(bare) {
			bad = append(bad, fmt.Sprintf("%s (this prompt's %s)", k, p.Parts[k]))
		}
	}
	if len(bad) == 0 {
		return ""
	}
	return fmt.Sprintf("names %s by %s's names: write the prompt's own parts", strings.Join(bad, ", "), p.Scenario)
}
