package challenge

import (
	"math"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"
)

// hintDuration matches a duration as a brief prints one: "43.2 ms", "2 ms",
// "1 s".
var hintDuration = regexp.MustCompile(`(\d+(?:\.\d+)?) (ms|s)\b`)

// partner-limit's hint works out the partner's share of catalog with
// Little's law: catalog's workers over the time each call holds one, less
// what search needs. A reviewer who followed it landed on 40 a period,
// which fails the shop's pages (71.6 % answered on seed 2): the hint
// divided by the database's median, 40 ms, where Little's law needs the
// mean time a call holds a worker (the log-normal's mean, about 43 ms,
// and catalog's own 2 ms of work). The limit read off the hint's numbers,
// as a learner would work it out, must pass the level.
func TestPartnerLimitHintsNumbersPass(t *testing.T) {
	c := lookup(t, "partner-limit")
	// "Catalog can finish about W ÷ (T1 + T2) calls a second, and search
	// needs R of them."
	first, _, ok := strings.Cut(c.Hint, " of them")
	if !ok {
		t.Fatalf("the hint should work out catalog's calls a second and search's share in its first sentence: %q", c.Hint)
	}
	workersText, perCallText, ok := strings.Cut(first, "÷")
	if !ok {
		t.Fatalf("the hint should divide catalog's workers by the time a call takes: %q", first)
	}
	workers := lastNumber(t, workersText)
	perCallText, searchText, ok := strings.Cut(perCallText, "calls a second")
	if !ok {
		t.Fatalf("the hint should say how many calls a second catalog finishes: %q", first)
	}
	var perCall time.Duration // what the hint says a call holds a worker, added up
	for _, m := range hintDuration.FindAllStringSubmatch(perCallText, -1) {
		v, err := strconv.ParseFloat(m[1], 64)
		if err != nil {
			t.Fatal(err)
		}
		unit := time.Millisecond
		if m[2] == "s" {
			unit = time.Second
		}
		perCall += time.Duration(v * float64(unit))
	}
	if perCall <= 0 {
		t.Fatalf("the hint gives no time a catalog call takes after the ÷: %q", perCallText)
	}
	search := lastNumber(t, searchText)

	// The knob counts calls a period, as its label says: "partner calls
	// per 100 ms".
	var knob *Knob
	for i := range c.Knobs {
		if strings.HasSuffix(c.Knobs[i].Path, "limit_for_period") {
			knob = &c.Knobs[i]
		}
	}
	if knob == nil {
		t.Fatal("partner-limit has no knob for the limit a period")
	}
	label := hintDuration.FindStringSubmatch(knob.Label)
	if label == nil || label[2] != "ms" {
		t.Fatalf("the limit's label should name its period in ms: %q", knob.Label)
	}
	periodMS, _ := strconv.ParseFloat(label[1], 64)
	// The partner's share a period, rounded down or up: a learner may do
	// either.
	share := (workers/perCall.Seconds() - search) * periodMS / 1000
	for _, limit := range []int64{int64(math.Floor(share)), int64(math.Ceil(share))} {
		r, err := gradeOnce(c, Setting{knob.Path: limit})
		if err != nil {
			t.Fatal(err)
		}
		if r.Pass {
			continue
		}
		var failed []string
		for _, g := range r.Goals {
			if !g.Pass {
				failed = append(failed, g.Goal.Label)
			}
		}
		t.Errorf("the hint says catalog finishes %v ÷ %v = %.0f calls a second and search needs %v of them: "+
			"the partner's share is %.1f calls per %v ms, and a limit of %d fails the level (%s): %s",
			workers, perCall, workers/perCall.Seconds(), search, share, periodMS, limit, r.Verdict(), strings.Join(failed, "; "))
	}
}

// lastNumber is the last number written in text, thousands commas and all.
func lastNumber(t *testing.T, text string) float64 {
	t.Helper()
	all := regexp.MustCompile(`\d[\d,]*(?:\.\d+)?`).FindAllString(text, -1)
	if len(all) == 0 {
		t.Fatalf("no number in %q", text)
	}
	v, err := strconv.ParseFloat(strings.ReplaceAll(all[len(all)-1], ",", ""), 64)
	if err != nil {
		t.Fatal(err)
	}
	return v
}
