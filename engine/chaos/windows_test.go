package chaos

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/scenarios"
)

// A surge refused for another tenant's burst says when that burst is, all
// of it (a learner moving the surge needs its end, not the overlap), and
// names the variant the learner is on.
func TestSurgeRefusalNamesTheBurstAndTheVariant(t *testing.T) {
	sc := build(t, "noisy-tenant") // acme bursts on search from 10 s to 30 s
	for _, spec := range []string{"20s globex surge x3 for 10s", "20s globex surge x2 for 5s", "12s search surge x2 for 1s"} {
		sp, err := Parse(spec)
		if err != nil {
			t.Fatal(err)
		}
		_, err = ApplyFor(sc, []Spec{sp}, 1)
		target := strings.Fields(spec)[1]
		for _, want := range []string{
			`variant "a bulkhead per tenant" and every other: `,
			"search carries tenant acme's burst from 10s to 30s",
			"surge " + target + " so that it ends by 10s or starts at 30s or later",
		} {
			if err == nil || !strings.Contains(err.Error(), want) {
				t.Errorf("%s on variant 2: %v; want it to say %q", spec, err, want)
			}
		}
	}
	// Where only some variants carry the burst, the message names the one
	// shown if it is among them, else the first that is.
	some := *sc
	some.Variants = append([]engine.Variant(nil), sc.Variants...)
	sys := &some.Variants[0].System
	sys.Endpoints = append([]engine.Endpoint(nil), sys.Endpoints...)
	sys.Endpoints[1].Bursts = nil
	sp, _ := Parse("20s globex surge x3 for 10s")
	for shown, want := range map[int]string{0: `variant "a bulkhead per tenant": `, 1: `variant "a bulkhead per tenant": `, 2: `variant "load shedding by priority": `} {
		if _, err := ApplyFor(&some, []Spec{sp}, shown); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("shown %d, burst in variants 2 and 3: %v; want %q", shown, err, want)
		}
	}
}

// SurgeBlocked and InForce say what Apply does, for every built-in
// scenario, part and moment: a surge is taken where it meets no blocked
// window, and refused for a burst where it meets one; a recover is taken
// at a moment inside a window in force, and refused outside.
func TestWindowsAgreeWithApply(t *testing.T) {
	for _, b := range scenarios.All() {
		sc := b.Build()
		for _, tg := range TargetsOf(sc) {
			var blocked, inForce []Window
			if tg.Takes(Surge) {
				blocked = SurgeBlocked(sc, tg)
			}
			if tg.Takes(Recover) {
				inForce = InForce(sc, tg)
			}
			for step := range 24 {
				at := sc.Duration * time.Duration(step) / 24
				if tg.Takes(Surge) {
					for _, d := range []time.Duration{time.Second, 10 * time.Second} {
						sp := Spec{At: at, Target: tg.Name, Kind: Surge, Factor: 2, For: d}
						if at+d > engine.LatestSurgeMoment(sc.Duration) {
							// Past the traffic's end: refused for that, not cut.
							if _, err := Apply(sc, []Spec{sp}); err == nil || !strings.Contains(err.Error(), "the latest a surge or burst of traffic may end") {
								t.Errorf("%s: %s ends past the traffic, got %v", sc.Name, sp, err)
							}
							continue
						}
						meets := ""
						for _, w := range blocked {
							if w.From < at+d && at < w.To {
								meets = w.What
							}
						}
						_, err := Apply(sc, []Spec{sp})
						switch {
						case meets == "" && err != nil:
							t.Errorf("%s: %s meets no blocked window, refused: %v", sc.Name, sp, err)
						case meets != "" && (err == nil || !strings.Contains(err.Error(), "a burst is one tenant's traffic")):
							t.Errorf("%s: %s meets %s, got %v", sc.Name, sp, meets, err)
						}
					}
				}
				if tg.Takes(Recover) {
					sp := Spec{At: at, Target: tg.Name, Kind: Recover}
					in := false
					for _, w := range inForce {
						in = in || w.From <= at && at < w.To
					}
					if _, err := Apply(sc, []Spec{sp}); (err == nil) != in {
						t.Errorf("%s: %s, in force %v: %v", sc.Name, sp, fmt.Sprint(inForce), err)
					}
				}
			}
		}
	}
}
