package drill

import "testing"

// An answer that says "one probe", the words the cheat sheet and the
// references use for a half-open trial, was told "None of its words is in
// your answer" on the half-open point; a health probe must still hint
// nothing there.
func TestHalfOpenHintsOneProbe(t *testing.T) {
	seen := 0
	for _, p := range Prompts() {
		for _, pt := range p.Points {
			if pt.ID != "half-open" {
				continue
			}
			seen++
			if len(HintSpans(pt, "A breaker per upstream: 50% of 20 calls, open 30 s, one probe.")) == 0 {
				t.Errorf("%s: \"one probe\" hints nothing on the half-open point", p.ID)
			}
			if s := HintSpans(pt, "Health probes time out while the workers are held."); len(s) != 0 {
				t.Errorf("%s: a health probe hints the half-open point: %v", p.ID, s)
			}
		}
	}
	if seen == 0 {
		t.Fatal("no prompt has a half-open point")
	}
}
