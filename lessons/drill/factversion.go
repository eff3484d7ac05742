package drill

import (
	"strings"

	"github.com/breakerlab/breakerlab/lessons/facts"
)

// factVersions reads the library facts text quotes ({{fact NAME ...}})
// and says how many library versions they are from and those (facts.Fact's
// Version) it does not name, each once, in the order quoted. A
// default memorised word for word ("Envoy caps connections at 1,024") is
// carried to a version that changed it unless the text says whose it is.
//
// An AWS price counts as named when the text places it on one side of the
// 2026 update (eraRE, the rule checkEra enforces): "before aws-sdk-go-v2
// v1.48.0" is the version a reader needs, not the patch release before it.
func factVersions(text string) (quoted int, missing []string) {
	seen := map[string]bool{}
	for _, m := range placeholderExprRE.FindAllStringSubmatch(text, -1) {
		f := strings.Fields(m[1])
		if len(f) < 2 || f[0] != "fact" {
			continue
		}
		fact, err := facts.Lookup(f[1])
		if err != nil || fact.Version == "" || seen[fact.Version] {
			continue
		}
		seen[fact.Version] = true
		quoted++
		if strings.Contains(text, fact.Version) || strings.HasPrefix(fact.Version, "aws-sdk-") && eraRE.MatchString(text) {
			continue
		}
		missing = append(missing, fact.Version)
	}
	return quoted, missing
}
