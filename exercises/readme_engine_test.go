package exercises_test

// This file is an external test package because it reads the lessons'
// metrics, and lessons imports exercises: the internal tests cannot.

import (
	"regexp"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/exercises"
	"github.com/breakerlab/breakerlab/lessons"
)

// Exercise 11's README quotes the shuffle scenario's run and odds. Each
// figure is filled here from the lessons' metrics, the ones lesson 8 and
// `breakerlab run shuffle` show, so the README cannot disagree with the
// engine without this test failing. (The reference's own run, which the
// README also names, is not the engine's and is not checked.)
func TestShuffleShardReadmeFigures(t *testing.T) {
	e, err := exercises.Lookup("11")
	if err != nil {
		t.Fatal(err)
	}
	// One line per sentence, and "46.4 %" read as the metrics print it.
	readme := strings.Join(strings.Fields(e.README()), " ")
	readme = regexp.MustCompile(`(\d) %`).ReplaceAllString(readme, "$1%")

	lab := lessons.NewLab()
	fill := func(text string) string {
		t.Helper()
		s, err := lab.FillText("exercise 11's README", text)
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	for _, text := range []string{
		"There are {{shards 8 2}} possible pairs, so only about 1 customer in {{shards 8 2}} has exactly the bad customer's pair",
		"{{lost shuffle/0}} of the {{customers shuffle/0}} other customers lose service with plain sharding, and {{lost shuffle/1}} with shuffle sharding.",
		"That {{lost shuffle/1}} is what one draw of random pairs gave",
		"each of the {{customers shuffle/1}} has a 1 in {{shards 8 2}} chance of holding the bad customer's exact pair, " +
			"so on average about {{expected-lost shuffle/1 | int}} of them would lose service",
		"with 8 workers and pairs, {{share-any 8 2}} of customers share at least one worker with the bad one, " +
			"but only {{share-all 8 2}} shares both; with 4 of 2,048, only {{share-any 2048 4}} share any.",
	} {
		if want := fill(text); !strings.Contains(readme, want) {
			t.Errorf("exercise 11's README should say %q, as the engine gives it (%s); reword this test with the README if the sentence changed", want, text)
		}
	}

	// "about 730 billion": the leading group of C(2048, 4) when it has four.
	shards := fill("{{shards 2048 4}}")
	groups := strings.Split(shards, ",")
	if want := "about " + groups[0] + " billion possible shards"; len(groups) != 4 || !strings.Contains(readme, want) {
		t.Errorf("exercise 11's README should say %q: 4 of 2,048 workers allow %s shards", want, shards)
	}
}
