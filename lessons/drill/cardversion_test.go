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
// to a Polly that never had it. A library fact's default ({{fact
// envoy.max_connections}}) likewise names its facts.Fact Version.
func TestCardsQuotingDefaultsNameTheVersion(t *testing.T) {
	quoted := 0
	for _, c := range wholeCardTexts(t) {
		n, missing := unversionedDefaults(c.text)
		quoted += n
		for _, v := range missing {
			t.Errorf("card %s quotes a default of %s without naming it", c.id, v)
		}
	}
	if quoted == 0 {
		t.Fatal("no card quotes a preset: the test checks nothing")
	}
}

// The same holds for a rubric point: the interviewee reads the rubric to
// learn what a strong answer says.
func TestRubricQuotingDefaultsNameTheVersion(t *testing.T) {
	prompts, err := BuiltinPrompts()
	if err != nil {
		t.Fatal(err)
	}
	quoted := 0
	for _, p := range prompts {
		for _, pt := range p.Points {
			n, missing := unversionedDefaults(pt.Text)
			quoted += n
			for _, v := range missing {
				t.Errorf("prompt %s, point %s quotes a default of %s without naming it", p.ID, pt.ID, v)
			}
		}
	}
	if quoted == 0 {
		t.Fatal("no rubric point quotes a preset: the test checks nothing")
	}
}

// unversionedDefaults is unversionedPresets and factVersions together:
// the breaker presets and the library facts text quotes, and the versions
// of those it does not name.
func unversionedDefaults(text string) (quoted int, missing []string) {
	n, m := unversionedPresets(text)
	k, mf := factVersions(text)
	return n + k, append(m, mf...)
}

// unversionedPresets counts the presets text quotes ({{preset NAME ...}})
// and returns the library and version (presetVersion) of each that text
// does not name.
func unversionedPresets(text string) (quoted int, missing []string) {
	byName := map[string]breaker.Preset{}
	for _, p := range breaker.Presets() {
		byName[p.Name] = p
	}
	seen := map[string]bool{}
	for _, m := range presetQuoteRE.FindAllStringSubmatch(text, -1) {
		p, ok := byName[m[1]]
		if !ok || seen[p.Name] {
			continue
		}
		seen[p.Name] = true
		quoted++
		if !strings.Contains(text, presetVersion(p)) {
			missing = append(missing, presetVersion(p))
		}
	}
	return quoted, missing
}

var presetQuoteRE = regexp.MustCompile(`\{\{preset ([a-z0-9-]+) `)

// cardWords is a hand card's ID and every text a learner reads of it, as
// written (placeholders unfilled).
type cardWords struct{ id, text string }

// wholeCardTexts is cardWords of every hand card, in cards.toml's order:
// a version may be named in one part and quoted in another, which
// handCardTexts, part by part, would not see.
func wholeCardTexts(t *testing.T) []cardWords {
	t.Helper()
	cards, err := HandCards()
	if err != nil {
		t.Fatal(err)
	}
	out := make([]cardWords, 0, len(cards))
	for _, c := range cards {
		out = append(out, cardWords{c.ID, strings.Join(append([]string{c.Question, c.FollowUp, c.FollowUpAnswer}, c.Points...), "\n")})
	}
	return out
}

// And for a cheat-sheet row: "Resilience4j needs 100" is a line to learn
// by heart.
func TestCheatRowsQuotingDefaultsNameTheVersion(t *testing.T) {
	sh, err := DefaultSheet()
	if err != nil {
		t.Fatal(err)
	}
	quoted := 0
	for _, sec := range sh.Sections {
		for _, r := range sec.Rows {
			n, missing := unversionedPresets(r.Label + ": " + r.Text)
			quoted += n
			for _, v := range missing {
				t.Errorf("cheat sheet row %q quotes a default of %s without naming it", r.Label, v)
			}
		}
	}
	if quoted == 0 {
		t.Fatal("no cheat-sheet row quotes a preset: the test checks nothing")
	}
}
