package lessons

import (
	"strings"
	"testing"
)

// Lesson 14's first step quotes the aiohttp connector's longest line of
// calls waiting for a connection, and said they were "profile's and
// catalog's calls". The pool counts every endpoint's waiting calls: search
// wants 800 connections while its upstream is slow and the connector has
// 100, so its own calls wait in the same line. The engine shows it by
// taking profile and catalog nearly away: search's calls alone still
// queue by the thousand. The sentence that quotes the line must then say
// that search's calls are in it.
func TestLBConnectorLineHoldsSearchsCallsToo(t *testing.T) {
	const src = `+++
title = "t"
summary = "s"
+++

+++ step
title = "search alone"
scenario = "async-cascade"
variant = 0
pause = "end"
[set]
profile.rate = 1
catalog.rate = 1
+++
{{pool-waiting-max step aiohttp}}
`
	l, err := Parse("t.md", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	lab := NewLab()
	st := &l.Steps[0]
	ctx := &evalCtx{lab: lab, step: st, lesson: l, seed: st.Seed}
	alone, err := ctx.Eval(Expr{Metric: "pool-waiting-max", Args: []string{"step", "aiohttp"}})
	if err != nil {
		t.Fatal(err)
	}
	if alone.F < 1000 {
		t.Fatalf("with profile and catalog at a trickle, at most %v calls waited for a connection: search's calls are not the line's bulk, and the lesson may name only the others", alone.F)
	}

	all, err := All()
	if err != nil {
		t.Fatal(err)
	}
	found := 0
	for _, les := range all {
		if !strings.HasPrefix(les.ID, "14-") {
			continue
		}
		for at, text := range learnerTexts(les) {
			for _, sentence := range strings.SplitAfter(oneLine(text), ". ") {
				if !strings.Contains(sentence, "{{pool-waiting-max step aiohttp}}") {
					continue
				}
				found++
				if !strings.Contains(sentence, "search") {
					t.Errorf("%s %s: the line of calls waiting for a connection is every endpoint's, search's %v of them with no other traffic, and the sentence names only the others:\n\t%s",
						les.ID, at, alone.F, sentence)
				}
			}
		}
	}
	if found == 0 {
		t.Fatal("lesson 14 no longer quotes {{pool-waiting-max step aiohttp}}: the check checked nothing")
	}
}
