package drill

import (
	"regexp"
	"testing"

	"github.com/breakerlab/breakerlab/internal/racefree"
)

// outermostClause is what a text (a rubric point's or a cheat sheet
// row's, not a comment or a card's question) says right after it puts
// the breaker outermost, up to the clause's end.
var outermostClause = regexp.MustCompile(`(?m)^text = ".*?breaker outermost([^;)."]*)`)

// A breaker outermost sees every attempt only when each attempt is
// reported to it, as lesson 6 and the cheat sheet say; written as
// "breaker outermost, retries inside", as the interview rubric's retry
// point had it, it is the order challenge layer-order fails: the breaker
// learns one result per call. Every such text says the attempts reach it.
func TestBreakerOutermostSaysEachAttemptIsReported(t *testing.T) {
	racefree.Only(t) // pure text, no goroutine
	found := 0
	for name, text := range map[string][]byte{"interview.toml": interviewTOML, "cheatsheet.toml": cheatSheetTOML, "cards.toml": cardsFile} {
		for _, m := range outermostClause.FindAllSubmatch(text, -1) {
			found++
			if !regexp.MustCompile(`\b(every|each) (inner )?attempt`).Match(m[1]) {
				t.Errorf("%s: \"breaker outermost%s\" puts the breaker outermost without saying every attempt is reported to it", name, m[1])
			}
		}
	}
	if found < 2 {
		t.Errorf("found %d texts that put the breaker outermost, want the rubric's retry point and the cheat sheet's composition row", found)
	}
}
