package exercises

import (
	"maps"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/internal/racefree"
)

// learnerTexts returns every text of e a learner reads, by where it comes
// from: the README, the hints, and the stub, test and solution files.
func learnerTexts(e Exercise) map[string]string {
	texts := map[string]string{"README.md": e.README(), "hints.md": strings.Join(e.Hints(), "\n\n")}
	for kind, files := range map[string]map[string][]byte{"stub": e.StubFiles(), "test": e.TestFiles(), "solution": e.SolutionFiles()} {
		for name, b := range files {
			texts[kind+"/"+name] = string(b)
		}
	}
	return texts
}

// sentences splits a text into sentences, with the comment markers of Go
// code and the line breaks taken out, so that a sentence wrapped over
// comment lines reads as one.
func sentences(text string) []string {
	text = regexp.MustCompile(`(?m)^[ \t]*//[ \t]?`).ReplaceAllString(text, "")
	text = strings.Join(strings.Fields(text), " ")
	return regexp.MustCompile(`[.!?]\s+`).Split(text, -1)
}

// The project calls the practice tests of its reference documents "seed
// practice"; a learner reading the tests, as the READMEs invite them to,
// does not know the word, and needs what each test checks instead. Nor
// does a learner know which document "the reference" is: a text says
// what it means ("the published simulation the lessons take their
// numbers from").
func TestLearnerTextsUseNoProjectWords(t *testing.T) {
	racefree.Only(t) // reads the embedded texts: no goroutine
	project := regexp.MustCompile(`(?i)\bseed practice|\bseeds/|DESIGN\.md|\bthe reference's\b`)
	for _, e := range catalog {
		texts := learnerTexts(e)
		for _, where := range slices.Sorted(maps.Keys(texts)) {
			for i, l := range strings.Split(texts[where], "\n") {
				if w := project.FindString(l); w != "" {
					t.Errorf("%s/%s:%d says %q, a word of the project's own, not the learner's: %s", e.Name, where, i+1, w, strings.TrimSpace(l))
				}
			}
		}
	}
}

// Plain sharding, in exercise 11's README, its test and lesson 8, cuts the
// workers into fixed shards and spreads the customers over them, so a bad
// customer takes down one shard's customers. Every customer on the same
// workers is one shard for all, and a text that calls that plain sharding
// teaches the wrong picture of what shuffle sharding improves on.
func TestPlainShardingIsFixedShards(t *testing.T) {
	e, err := Lookup("11")
	if err != nil {
		t.Fatal(err)
	}
	allOnOne := regexp.MustCompile(`(?i)every customer gets the same|same first k|all customers (get|share) the same`)
	texts := learnerTexts(e)
	for _, where := range slices.Sorted(maps.Keys(texts)) {
		for _, s := range sentences(texts[where]) {
			if strings.Contains(strings.ToLower(s), "plain sharding") && allOnOne.MatchString(s) {
				t.Errorf("%s/%s calls one shard for every customer plain sharding: %q", e.Name, where, s)
			}
		}
	}
}
