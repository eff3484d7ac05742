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
	}{
		{"cascade", 1, 3, "bulkhead: recommendations <= 20", 80, " cascade · design 2/3: bulkhead: recommendations <= 20"},
		{"cascade", 1, 3, "bulkhead: recommendations <= 20", 47, " cascade · 2/3: bulkhead: recommendations <= 20"},
		{"cascade", 1, 3, "bulkhead: recommendations <= 20", 38, " 2/3: bulkhead: recommendations <= 20"},
		// Every clause stays (lesson 4 step 6 asks about the trials): the
		// label the pane repeats goes first.
		{"breaker-timeline", 0, 1, "breaker: window 10, 50 %, open 15 s, 2 trials", 38, " window 10, 50 %, open 15 s, 2 trials"},
		{"breaker-timeline", 0, 1, "breaker: window 10, 50 %, open 15 s, 2 trials", 36, " window 10, 50 %, open 15 s…"},
		{"breaker-timeline", 0, 1, "breaker: none", 38, " breaker-timeline · breaker: none"},
		{"cascade", 0, 3, "one shared pool of 200 threads", 38, " 1/3: one shared pool of 200 threads"},
		// A step's changes are shortened whole, never cut mid-way.
		{"checkout", 3, 5, "protected (set: payment.order = [breaker retry timeout bulkhead])", 90, " checkout · design 4/5: protected (set: payment.order = [breaker retry timeout bulkhead])"},
		{"checkout", 3, 5, "protected (set: payment.order = [breaker retry timeout bulkhead])", 50, " checkout · 4/5: protected (set: payment.order)"},
		{"checkout", 3, 5, "protected (set: payment.order = [breaker retry timeout bulkhead])", 38, " 4/5: protected (set: payment.order)"},
		{"checkout", 3, 5, "protected (set: payment.retry.attempts = 3, payment.retry.base = 100ms)", 40, " 4/5: protected (changed by this step)"},
	}
	for _, c := range cases {
		got := designTitle(c.scenario, c.v, c.n, c.name, c.w)
		if got != c.want {
			t.Errorf("%s %q at %d:\n got %q\nwant %q", c.scenario, c.name, c.w, got, c.want)
		}
	}
	// At any width, what is shown is whole words of the full title.
	for w := 1; w < 60; w++ {
		got := designTitle("breaker-timeline", 0, 1, "breaker: window 10, 50 %, open 15 s, 2 trials", w)
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
