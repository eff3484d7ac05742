package challenge

import (
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/engine"
)

// A slowdown the goals are measured over is one the brief tells of: a
// learner judges the start's figures by the story the brief tells.
// layer-order's brief told of inventory's errors from 5 s to 12 s and
// nothing of its 2 s calls from 15 s to 22 s, inside the goals' window: the
// start showed 43.5% of orders refused, all by a breaker that opened in
// that slow spell, beside a brief whose breaker "sees a healthy service".
func TestEverySlowSpellTheGoalsCountIsInTheBrief(t *testing.T) {
	all, err := All()
	if err != nil {
		t.Fatal(err)
	}
	checked := 0
	for _, c := range all {
		if c.Scenario == nil {
			continue
		}
		from, to := c.Scenario.MeasureFrom, c.Scenario.MeasureTo
		for _, g := range c.Goals {
			if g.Window != nil {
				from, to = min(from, g.Window[0]), max(to, g.Window[1])
			}
		}
		for _, d := range c.Scenario.Variants[0].System.Dependencies {
			for i, f := range d.Faults {
				if f.Kind != engine.Slow || f.To <= from || f.From >= to {
					continue
				}
				checked++
				key := d.Name + ".fault"
				if i > 0 {
					key += fmt.Sprint(i + 1)
				}
				// Its time or its latency, quoted by the brief or the hint
				// (bulkhead-40 tells of level 2's slow spell by its 600 ms).
				if want := "{{param " + key + "."; !strings.Contains(c.BriefSource+c.HintSource, want) {
					t.Errorf("%s: %s is slow (%v a call) from %v to %v, inside the goals' window, and neither the brief nor the hint says so (%s…}}):\n%s", c.ID, d.Name, f.Latency, f.From, f.To, want, c.Brief)
				}
			}
		}
	}
	if checked == 0 {
		t.Fatal("no challenge has a slow spell in its goals' window: the check checked nothing")
	}
}

// breakerlab's retry never retries a breaker's refusal; Resilience4j's
// Retry and a plain Polly retry do, unless told not to (lesson 6, "an
// open breaker mid-retry"). layer-order's hint read "Resilience4j's order
// puts the retry outside the breaker: each attempt passes through the
// breaker, and a refusal is not retried", the simulation's rule credited
// to the library. A sentence of a challenge's texts that names one of
// those libraries and says a refusal is not retried names the setting
// that makes it so.
func TestNoTextCreditsALibraryWithNotRetryingARefusal(t *testing.T) {
	notRetried := regexp.MustCompile(`(?i)\b(refusals?|open breaker)\b[^.;]*\b(is|are) not retried|never retr|(does not|doesn't|won't) retry`)
	library := regexp.MustCompile(`(?i)resilience4j|polly`)
	setting := regexp.MustCompile(`ignoreExceptions|ShouldHandle`)
	all, err := All()
	if err != nil {
		t.Fatal(err)
	}
	checked := 0
	for _, c := range all {
		texts := map[string]string{"brief": c.Brief, "hint": c.Hint}
		for _, k := range c.Knobs {
			for choice, why := range k.Why {
				texts["why "+k.Label+" = "+choice] = why
			}
		}
		for where, text := range texts {
			for _, sentence := range regexp.MustCompile(`[.?!]\s+`).Split(strings.Join(strings.Fields(text), " "), -1) {
				if !notRetried.MatchString(sentence) {
					continue
				}
				checked++
				if library.MatchString(sentence) && !setting.MatchString(sentence) {
					t.Errorf("%s's %s says a library does not retry a breaker's refusal; as it ships it does (name ignoreExceptions or ShouldHandle, or say it is the simulation's rule):\n%s", c.ID, where, sentence)
				}
			}
		}
	}
	if checked == 0 {
		t.Fatal("no challenge text says a refusal is not retried: the check checked nothing")
	}
}

// A brief that says how long a call's retries last counts the backoff
// between its attempts when there is one: deadline's brief said the
// retries went on "for up to 3 × 600 ms", where every attempt timing out
// takes that and the 20 ms to 100 ms backoffs between them besides.
func TestRetriesLastTheirBackoffToo(t *testing.T) {
	all, err := All()
	if err != nil {
		t.Fatal(err)
	}
	checked := 0
	for _, c := range all {
		if c.Scenario == nil {
			continue
		}
		for _, d := range c.Scenario.Variants[0].System.Dependencies {
			rp := d.Policy.Retry
			if rp == nil || rp.Backoff.Max == 0 {
				continue
			}
			product := "{{param " + d.Name + ".retry.attempts}} × {{param " + d.Name + ".timeout}}"
			for _, sentence := range regexp.MustCompile(`[.?!]\s+`).Split(strings.Join(strings.Fields(c.BriefSource), " "), -1) {
				if !strings.Contains(sentence, product) {
					continue
				}
				checked++
				if !strings.Contains(sentence, "backoff") {
					t.Errorf("%s: the brief gives %s's retries as attempts × timeout, and its backoff of up to %v a wait adds to them:\n%s", c.ID, d.Name, rp.Backoff.Max, sentence)
				}
			}
		}
	}
	if checked == 0 {
		t.Fatal("no brief gives a call's retries as attempts × timeout: the check checked nothing")
	}
}

// A wait shorter than the restart fails probe after probe while the
// provider restarts, and finds its return sooner once it is back (lesson
// 12, "A cooldown shorter than the restart"): "only fails probes" is true
// of the restart alone. fleet-herd's hint read "a wait shorter than the
// restart only fails probes", the half-truth the lessons and the drill
// were corrected of.
func TestAShorterWaitOnlyFailsProbesWhileTheProviderRestarts(t *testing.T) {
	onlyFails := regexp.MustCompile(`(?i)shorter[^.;]*\bonly (adds?|fails?)\b[^.;]*probes?`)
	all, err := All()
	if err != nil {
		t.Fatal(err)
	}
	checked := 0
	for _, c := range all {
		for where, text := range map[string]string{"brief": c.Brief, "hint": c.Hint} {
			for _, sentence := range regexp.MustCompile(`[.?!]\s+`).Split(strings.Join(strings.Fields(text), " "), -1) {
				if !onlyFails.MatchString(sentence) {
					continue
				}
				checked++
				if !regexp.MustCompile(`(?i)\bwhile\b`).MatchString(sentence) || !strings.Contains(sentence, "sooner") {
					t.Errorf("%s's %s says a shorter wait only fails probes, without \"while\" the provider restarts and what it gains once it is back (sooner):\n%s", c.ID, where, sentence)
				}
			}
		}
	}
	if checked == 0 {
		t.Fatal("no challenge text speaks of a shorter wait failing probes: the check checked nothing")
	}
}
