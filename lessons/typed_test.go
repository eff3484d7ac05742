package lessons

import (
	"strings"
	"testing"
)

// typedFixture is a teacher's lesson that types what its run computes: the
// pool's size in its text and in a reveal's second line, "a third" in a
// choice, and a number the claim pins, one [set] states and one inside a
// placeholder, which pass.
const typedFixture = `+++
title = "Typed"
summary = "numbers by hand"
+++

+++ step
title = "A pool"
scenario = "cascade"
variant = 0
pause = "12s"
expect = ["opens step == 24s"]
[set]
recommendations.timeout = "3s"
[predict]
prompt = "How many of the {{param step workers}} workers are busy at 12 s?"
reveal = """
They were busy.
All 160 of them, a fleet of 8 workers.
"""
[[predict.choice]]
text = "a third"
why = "Not a third."
[[predict.choice]]
text = "all of them"
right = true
+++
The pool has 200 workers, and a third of them wait.
The breaker opens at 24 s, a call gives up after 3 s,
and {{littles 20 500ms}} is 20 calls a second times 500 ms.
`

// A number a lesson types by hand is listed with its file, line and field,
// and the ways out; what a claim pins, what [set] and the prompt state and
// a placeholder's arguments pass.
func TestTypedNumbersNameTheLine(t *testing.T) {
	l, err := Parse("mine.md", []byte(typedFixture))
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, e := range TypedNumbers(l) {
		got = append(got, e.Error())
	}
	all := strings.Join(got, "\n")
	for _, want := range []string{
		`mine.md:27: text: step 1 (A pool) types 200 and "a third" by hand, which nothing checks: quote it with a placeholder`,
		`mine.md:18: predict.reveal: step 1 (A pool) types 160 and 8 by hand`,
		`pin it with a claim (expect`, `{{fact NAME}}`, `say it without the number`,
	} {
		if !strings.Contains(all, want) {
			t.Errorf("the findings lack %q:\n%s", want, all)
		}
	}
	if len(got) != 4 {
		t.Errorf("want 4 findings (the text's line, the reveal's line, the choice and its why), got %d:\n%s", len(got), all)
	}
	for _, passes := range []string{" 24", " 3 ", "12", " 500", "20"} {
		for _, g := range got {
			if strings.Contains(g, "types"+passes) || strings.Contains(g, ", "+strings.TrimSpace(passes)+" ") {
				t.Errorf("%q passes (a claim, [set], the prompt or a placeholder states it): %s", passes, g)
			}
		}
	}
}

// Every built-in lesson types no number that nothing checks, as
// `breakerlab lesson ID --check` holds it to.
func TestBuiltInLessonsTypeNoNumber(t *testing.T) {
	all, err := All()
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range all {
		for _, e := range TypedNumbers(l) {
			t.Error(e)
		}
	}
}
