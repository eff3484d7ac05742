package lessonui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

// The design's title is shortened by dropping whole parts, never by
// cutting a word, and it keeps the design's name as long as it can.
func TestDesignTitleShortensDeliberately(t *testing.T) {
	cases := []struct {
		scenario string
		v, n     int
		name     string
		w        int
		want     string
		keep     bool // the label tells the design from the others (labelTells)
	}{
		{"cascade", 1, 3, "bulkhead: recommendations <= 20", 80, " cascade · design 2/3: bulkhead: recommendations <= 20", true},
		{"cascade", 1, 3, "bulkhead: recommendations <= 20", 47, " cascade · 2/3: bulkhead: recommendations <= 20", true},
		{"cascade", 1, 3, "bulkhead: recommendations <= 20", 38, " 2/3: bulkhead: recommendations <= 20", true},
		// Every clause stays (lesson 4 step 6 asks about the trials): the
		// label the pane repeats goes first.
		{"breaker-timeline", 0, 1, "breaker: window 10, 50 %, open 15 s, 2 trials", 38, " window 10, 50 %, open 15 s, 2 trials", false},
		{"breaker-timeline", 0, 1, "breaker: window 10, 50 %, open 15 s, 2 trials", 36, " window 10, 50 %, open 15 s…", false},
		{"breaker-timeline", 0, 1, "breaker: none", 38, " breaker-timeline · breaker: none", false},
		{"cascade", 0, 3, "one shared pool of 200 threads", 38, " 1/3: one shared pool of 200 threads", false},
		// A step's changes are shortened whole, never cut mid-way.
		{"checkout", 3, 5, "protected (with payment's order: breaker → retry → timeout → bulkhead)", 94, " checkout · design 4/5: protected (with payment's order: breaker → retry → timeout → bulkhead)", false},
		{"checkout", 3, 5, "protected (with payment's order: breaker → retry → timeout → bulkhead)", 50, " checkout · 4/5: protected (with payment's order)", false},
		{"checkout", 3, 5, "protected (with payment's order: breaker → retry → timeout → bulkhead)", 38, " 4/5: protected (with payment's order)", false},
		{"checkout", 3, 5, "protected (with payment's retry attempts: 3, retry backoff: 100 ms)", 40, " 4/5: protected (changed by this step)", false},
		// A label that tells the design from the others stays: without
		// "slow catalog: " design 6 reads as design 2. Where it cannot fit,
		// the name is cut (and designLines gives it two lines instead).
		{"rate-limit-vs-bulkhead", 5, 8, "slow catalog: rate limiter on the partner", 73, " rate-limit-vs-bulkhead · 6/8: slow catalog: rate limiter on the partner", true},
		{"rate-limit-vs-bulkhead", 5, 8, "slow catalog: rate limiter on the partner", 47, " 6/8: slow catalog: rate limiter on the partner", true},
		{"rate-limit-vs-bulkhead", 5, 8, "slow catalog: rate limiter on the partner", 38, " 6/8: slow catalog: rate limiter on…", true},
		{"rate-limit-vs-bulkhead", 5, 8, "slow catalog: rate limiter on the partner", 38, " 6/8: rate limiter on the partner", false},
	}
	for _, c := range cases {
		got := designTitle(c.scenario, c.v, c.n, c.name, c.keep, c.w)
		if got != c.want {
			t.Errorf("%s %q at %d:\n got %q\nwant %q", c.scenario, c.name, c.w, got, c.want)
		}
	}
	// At any width, what is shown is whole words of the full title.
	for w := 1; w < 60; w++ {
		got := designTitle("breaker-timeline", 0, 1, "breaker: window 10, 50 %, open 15 s, 2 trials", false, w)
		if ansi.StringWidth(got) > w && w > 2 {
			t.Errorf("at %d columns %q is %d wide", w, got, ansi.StringWidth(got))
		}
		for _, word := range strings.Fields(strings.TrimSuffix(got, "…")) {
			word = strings.TrimRight(word, ",:")
			if !strings.Contains(" breaker-timeline · design: breaker: window 10, 50 %, open 15 s, 2 trials ", " "+word) {
				t.Errorf("at %d columns %q has a cut word %q", w, got, word)
			}
		}
	}
}

// The label stays where it is what tells the designs apart, and at 80×24
// the header then takes two lines rather than drop it.
func TestDesignLabelThatTellsDesignsApartStays(t *testing.T) {
	burst := []string{"partner burst: no protection", "partner burst: rate limiter on the partner",
		"slow catalog: no protection", "slow catalog: rate limiter on the partner"}
	for _, c := range []struct {
		names []string
		v     int
		want  bool
	}{
		{burst, 3, true},
		{burst, 0, true},
		{[]string{"one shared pool of 200 threads", "bulkhead: recommendations <= 20", "bulkhead and circuit breaker"}, 1, true},
		{[]string{"breaker: window 10, 50%, open 15 s, 2 trials"}, 0, false},
		{[]string{"breaker: a", "breaker: b"}, 1, false},
		{[]string{"no jitter", "jitter 50%"}, 1, false},
		{burst, 9, false},
	} {
		if got := labelTells(c.names, c.v); got != c.want {
			t.Errorf("labelTells(%q, %d) = %v, want %v", c.names, c.v, got, c.want)
		}
	}
	// A step's change is no label: the design's name keeps its place, and
	// two lines hold it with the change said shorter.
	set := "propagated deadlines and cancellation (with database's cancel downstream: no)"
	if labelTells([]string{"no timeouts", "timeout 1 s at each hop", set}, 2) {
		t.Errorf("%q read as a label", set)
	}
	if got := designLines("multi-hop", 2, 3, set, false, 38); strings.Join(got, "|") != " 3/3: propagated deadlines and| cancellation (changed by this step)" {
		t.Errorf("a changed design at 38 columns: %q", got)
	}
	got := designLines("rate-limit-vs-bulkhead", 5, 8, "slow catalog: rate limiter on the partner", true, 38)
	if len(got) != 2 || !strings.Contains(got[0], "6/8: slow catalog:") || strings.Contains(strings.Join(got, ""), "…") {
		t.Errorf("at 38 columns: %q", got)
	}
}

// A step's change said without its values is a name cut short: where one
// line holds only "(with customers)", two lines hold the whole name. At
// 100 columns lesson 8's "Overlap-limited shards" read "4/4: overlap
// limited sharding (with customers)", as if the other designs had none.
func TestDesignChangeKeepsItsValuesOnTwoLines(t *testing.T) {
	name := "overlap limited sharding (with customers: 28)"
	for w := 30; w <= 70; w++ {
		got := strings.Join(designLines("shuffle", 3, 4, name, false, w), "|")
		if strings.Contains(got, "(with customers)") {
			t.Errorf("at %d columns the change lost its value: %q", w, got)
		}
	}
	if got := designLines("shuffle", 3, 4, name, false, 48); len(got) != 2 || got[1] != " (with customers: 28)" {
		t.Errorf("at 48 columns: %q", got)
	}
}

// A label the pane under it says ("breaker: ") goes before a step's
// change loses its value: at 80×24 lesson 5's "A count window's pace"
// read "breaker: window 10, 50%, open 15 s, 2 | trials (with caller's
// interval)", never saying the 250 ms the step is about.
func TestDesignChangeKeepsItsValueOverTheLabel(t *testing.T) {
	name := "breaker: window 10, 50%, open 15 s, 2 trials (with caller's interval: 250 ms)"
	got := designLines("breaker-timeline", 0, 1, name, false, 38)
	if strings.Join(got, "|") != " window 10, 50%, open 15 s, 2 trials| (with caller's interval: 250 ms)" {
		t.Errorf("at 38 columns: %q", got)
	}
}
