package drill

import (
	"strings"
	"testing"
)

// The notifications and e-commerce rubrics graded a timeout of "2 ×
// 184.2 ms" and a bulkhead of "100 × 184.2 ms" against prompts that gave
// no latency at all: at 80 columns, with the numbers panel hidden, a
// candidate could not reach the figure, and a timeout of 30 s drew no
// warning, since the prompt had no p99 to hold it against. --check now
// wants every p99 the rubric sizes by in the prompt's text.
func TestInterviewCheckWantsTheP99ItSizesBy(t *testing.T) {
	const file = `
[[common]]
id = "timeout"
text = "a timeout near {{fact guide.timeout.p99_multiple}} × its p99 (seeds/002); here {{fact guide.timeout.p99_multiple}} × {{param cascade/0 recommendations.latency.p99}}"
keywords = ["timeout"]

[[prompts]]
id = "push"
title = "Push"
scenario = "cascade"
text = "Push sends {{param cascade/0 recommendations.rate}} messages a second on {{param cascade/0 workers}} workers."
`
	raw, err := ParsePrompts("p99.toml", []byte(file))
	if err != nil {
		t.Fatal(err)
	}
	got := strings.Join(CheckPrompts(nil, raw).Problems, "\n")
	if !strings.Contains(got, "prompt push: its rubric sizes by the p99 of recommendations, which its text never gives: quote it ({{param cascade/0 recommendations.latency.p99}})") {
		t.Errorf("a prompt without the p99 its rubric sizes by: %s", got)
	}
	raw[0].Text += " Its provider answers with a p99 of {{param cascade/0 recommendations.latency.p99}}."
	if c := CheckPrompts(nil, raw); !c.OK() {
		t.Errorf("a prompt that gives it: %v", c.Problems)
	}
	// The built-in prompts give it, and hold a long timeout against it.
	for _, id := range []string{"notifications", "e-commerce"} {
		p, err := PromptNamed(id)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(p.Text, "p99 of 184.2 ms") {
			t.Errorf("%s gives no p99: %s", id, p.Text)
		}
		warned := false
		for _, w := range Warnings(p, "Recommendations and push get a timeout of 30 s.") {
			warned = warned || w.Point == "timeout"
		}
		if !warned {
			t.Errorf("%s: a 30 s timeout against a p99 of 184.2 ms draws no warning", id)
		}
	}
}
