package main

import (
	"math"
	"regexp"
	"strconv"
	"testing"

	"github.com/breakerlab/breakerlab/internal/racefree"
)

// speedUp finds "0.25 four times as fast" (or "... faster") in a help
// text: a --scale value and the speed-up said for it.
var speedUp = regexp.MustCompile(`(\d*\.\d+|\d+)\D{0,40}?\b(twice|three times|four times|five times|ten times|\d+(?:\.\d+)? times) (?:as fast|faster)`)

var speedUpWords = map[string]float64{"twice": 2, "three times": 3, "four times": 4, "five times": 5, "ten times": 10}

// --scale multiplies every duration, so a run at scale s is 1/s times as
// fast: the help said "0.3 for a run three times faster", where 0.3 is
// about 3.3 times. Every example the lab's help gives must be true.
func TestLabScaleHelpSpeedUpsAreTrue(t *testing.T) {
	racefree.Only(t) // no goroutine: help and completion print and run nothing
	tempConfig(t)
	help, errOut, code := run(t, "help", "lab")
	if code != 0 {
		t.Fatalf("help lab: exit %d, %s", code, errOut)
	}
	found := speedUp.FindAllStringSubmatch(help, -1)
	if len(found) == 0 {
		t.Fatalf("the lab's help gives no example of --scale's speed-up:\n%s", help)
	}
	for _, m := range found {
		scale, err := strconv.ParseFloat(m[1], 64)
		if err != nil || scale <= 0 {
			t.Fatalf("%q: scale %q", m[0], m[1])
		}
		said, ok := speedUpWords[m[2]]
		if !ok {
			said, _ = strconv.ParseFloat(regexp.MustCompile(`^[\d.]+`).FindString(m[2]), 64)
		}
		if math.Abs(1/scale-said) > 0.01*said {
			t.Errorf("%q: scale %s runs %.3g times as fast, not %g", m[0], m[1], 1/scale, said)
		}
	}
}
