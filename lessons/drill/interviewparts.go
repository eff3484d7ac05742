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

// checkPartsKeys refuses a Parts key that is no part of the scenario, a
// part mapped to a name that the prompt's text quotes no number of (the
// table and the text would speak of other systems), and a Plays written
// beside Parts that leaves out a part the table maps.
func checkPartsKeys(p Prompt) error {
	parts := scenarioParts(p.Scenario)
	quoted := quotedParts(p)
	for _, k := range slices.Sorted(maps.Keys(p.Parts)) {
		switch {
		case !slices.Contains(parts, k):
			return fmt.Errorf("parts names %q, which is no endpoint or dependency of %s (it has: %s)", k, p.Scenario, strings.Join(parts, ", "))
		case isPartNote(p.Parts[k]):
		case !slices.Contains(quoted, k):
			return fmt.Errorf("parts maps %s to %q, but the text quotes no number of %s (it quotes: %s): map the parts the prompt plays, or say %q", k, p.Parts[k], k, strings.Join(quoted, ", "), partNote+": ...")
		case !regexp.MustCompile(`(^|[^\w-])` + regexp.QuoteMeta(k) + `($|[^\w-])`).MatchString(p.Plays):
			return fmt.Errorf("plays leaves out %s, which parts maps to %q: say it there, or leave plays out and it is written from parts", k, p.Parts[k])
		}
	}
	return nil
}

// partNote starts a Parts value that is a note, not a name: the
// scenario's part plays none of the prompt's ("no part: its search makes
// no profile call").
const partNote = "no part"

func isPartNote(v string) bool { return strings.HasPrefix(v, partNote) }

// PartName is the prompt's own name for a part of its scenario, where it
// gives one ("email" for cascade's search), for a screen that lists the
// scenario's parts beside the prompt's text.
func (p Prompt) PartName(part string) (string, bool) {
	v, ok := p.Parts[part]
	if !ok || isPartNote(v) {
		return "", false
	}
	return v, true
}

// quotedParts are the scenario's parts whose numbers the prompt's text
// quotes, in the order it first quotes them: the part a placeholder's
// argument names ({{param cascade/0 search.rate}} quotes search).
func quotedParts(p Prompt) []string {
	parts := scenarioParts(p.Scenario)
	var out []string
	for _, m := range placeholderRE.FindAllStringSubmatch(p.Text, -1) {
		body, _, _ := strings.Cut(m[1], "|")
		for _, arg := range strings.Fields(body) {
			part, _, _ := strings.Cut(arg, ".")
			if slices.Contains(parts, part) && !slices.Contains(out, part) {
				out = append(out, part)
			}
		}
	}
	return out
}

// playsFromParts writes the sentence that says which part of the scenario
// plays which of the prompt's, from Parts, in the order the text quotes
// the parts: "search plays email, profile SMS and recommendations push".
// A prompt that maps its parts writes no Plays of its own but to say more
// than the table (search-ranking's), so the two cannot disagree.
func playsFromParts(p Prompt) string {
	var said []string
	for _, k := range quotedParts(p) {
		if v, ok := p.Parts[k]; ok && !isPartNote(v) {
			if len(said) == 0 {
				said = append(said, k+" plays "+v)
			} else {
				said = append(said, k+" "+v)
			}
		}
	}
	switch len(said) {
	case 0:
		return ""
	case 1:
		return said[0]
	}
	return strings.Join(said[:len(said)-1], ", ") + " and " + said[len(said)-1]
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
