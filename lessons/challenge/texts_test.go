package challenge

import (
	"os"
	"regexp"
	"testing"
)

// challengeRef is a text's pointer to a level: "challenge budget-permits".
var challengeRef = regexp.MustCompile(`\bchallenge ([a-z][a-z0-9-]*[a-z0-9])`)

// TestTextsNameChallengesThatExist: a drill card or a cheat-sheet row that
// sends the learner to a challenge by its ID names one that is built in,
// and the new levels have such a pointer in both, so a renamed level
// cannot leave the texts behind.
func TestTextsNameChallengesThatExist(t *testing.T) {
	// The files as written: building the deck fills every card's figures,
	// which this check does not need.
	named := map[string]int{}
	for _, file := range []string{"../drill/cards.toml", "../drill/cheatsheet.toml"} {
		text, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range challengeRef.FindAllStringSubmatch(string(text), -1) {
			if _, err := Lookup(m[1]); err != nil {
				t.Errorf("%s names challenge %s: %v", file, m[1], err)
			}
			named[file+" "+m[1]]++
		}
	}
	for _, file := range []string{"../drill/cards.toml", "../drill/cheatsheet.toml"} {
		if named[file+" budget-permits"] == 0 {
			t.Errorf("%s does not send the learner to challenge budget-permits", file)
		}
	}
}
