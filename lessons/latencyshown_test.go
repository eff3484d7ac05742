package lessons

import (
	"fmt"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// latencyAnsweredElsewhere are the predictions about a latency whose
// answer the rest of the screen gives, and why.
var latencyAnsweredElsewhere = map[string]string{
	// "Almost nothing: most are refused at once": the outcome table shows
	// 83.8 % of checkouts rejected, so the median is a refusal's 0 ms.
	"07-fallbacks-and-metrics step 3": "the outcome table's rejected share",
}

// A prediction that asks about a latency shows the latency pane, so the
// figure its reveal states is on screen: lesson 2's "what happens to
// health's median latency?" showed the pool, the outcome table and the
// calls in flight, none of them a latency, at every size, and its reveal's
// "climbs from 0 ms to 430.1 ms" was nowhere to be seen.
func TestLatencyPredictionsShowTheLatencyPane(t *testing.T) {
	checked := 0
	for _, p := range allPrepared(t) {
		for i, st := range p.Steps {
			if st.Predict == nil || !strings.Contains(strings.ToLower(st.Predict.Prompt), "latency") {
				continue
			}
			where := fmt.Sprintf("%s step %d", p.Lesson.ID, i+1)
			checked++
			if _, ok := latencyAnsweredElsewhere[where]; ok {
				continue
			}
			if !slices.Contains(st.Panes, "latency") {
				t.Errorf("%s asks %q but shows %v: add the \"latency\" pane, so the reveal's figure is on screen", where, st.Predict.Prompt, st.Panes)
			}
		}
	}
	if checked < 2 {
		t.Errorf("only %d predictions about a latency checked", checked)
	}
}

// revealLatencyRE finds a latency percentile of the step's own run in a
// reveal: {{p50 step health}}.
var revealLatencyRE = regexp.MustCompile(`\{\{p(50|95|99) step `)

// A reveal that quotes its run's latency shows the latency pane, as a
// prediction about a latency does: lesson 6's "A retry storm" said
// "Health's median latency rose from 0 ms to 1.065 s" beside the calls in
// flight, the pool and the outcome table, and lesson 5's "Counting slow
// calls" quoted health's median at the end of a run that pauses when the
// breaker opens.
func TestLatencyRevealsShowTheLatencyPane(t *testing.T) {
	for _, p := range allPrepared(t) {
		for i, st := range p.Steps {
			if st.Step == nil || st.Step.Predict == nil || !revealLatencyRE.MatchString(st.Step.Predict.Reveal) {
				continue
			}
			where := fmt.Sprintf("%s step %d", p.Lesson.ID, i+1)
			if _, ok := latencyAnsweredElsewhere[where]; ok {
				continue
			}
			if !slices.Contains(st.Panes, "latency") {
				t.Errorf("%s's reveal quotes its run's latency but shows %v: add the \"latency\" pane, so the figure is on screen", where, st.Panes)
			}
		}
	}
}
