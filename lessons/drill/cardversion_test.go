package drill

import (
	"regexp"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/engine/breaker"
)

// A hand card that quotes a breaker library's default ({{preset polly
// open}}) is memorised word for word: it names that library with the
// version whose default it is (presetVersion, the cheat sheet's "whose
// defaults" line) at least once, so "Polly 10% over 30 s" is not carried
// to a Polly that never had it.
func TestCardsQuotingDefaultsNameTheVersion(t *testing.T) {
	cards, err := HandCards()
	if err != nil {
		t.Fatal(err)
	}
	byName := map[string]breaker.Preset{}
	for _, p := range breaker.Presets() {
		byName[p.Name] = p
	}
	quote := regexp.MustCompile(`\{\{preset ([a-z0-9-]+) `)
	quoted := 0
	for _, c := range cards {
		text := strings.Join(append([]string{c.Question, c.FollowUp, c.FollowUpAnswer}, c.Points...), "\n")
		seen := map[string]bool{}
		for _, m := range quote.FindAllStringSubmatch(text, -1) {
			p, ok := byName[m[1]]
			if !ok || seen[p.Name] {
				continue
			}
			seen[p.Name] = true
			quoted++
			if !strings.Contains(text, presetVersion(p)) {
				t.Errorf("card %s quotes %s's defaults without %q", c.ID, p.Name, presetVersion(p))
			}
		}
	}
	if quoted == 0 {
		t.Fatal("no card quotes a preset: the test checks nothing")
	}
}
