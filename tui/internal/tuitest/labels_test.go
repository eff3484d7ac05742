package tuitest

import "testing"

// The check can fail: a label at a line's end with its figure on the
// next is caught, in its own pane's cell; a label with its figure, or a
// figure under a word that is not a label, is not.
func TestFindLabelSplitCatchesAPartedFigure(t *testing.T) {
	labels := []string{"bulkhead", "timeout", "bulkhead recommendations"}
	cases := []struct {
		view  string
		split bool
	}{
		{"recommendations: timeout 5 s › bulkhead\n20.", true},
		{"policy: breaker › bulkhead 10 › timeout\n100 ms · cached fallback", true},
		{"│bulkhead recommendations  │ x │\n│  20/20 full               │ y │", true},
		{"recommendations: timeout 5 s ›\nbulkhead 20.", false},
		{"bulkhead 20/20 full\n  1,193 turned away", false},
		// Another pane's figure beside the label's cell.
		{"│ bulkhead │ x  │\n│ full     │ 20 │", false},
		// A word that ends in a label is not the label.
		{"subbulkhead\n20", false},
		{"the workers\n20 of them", false},
	}
	for _, c := range cases {
		if got := FindLabelSplit(c.view, labels...); (got != "") != c.split {
			t.Errorf("FindLabelSplit(%q) = %q, want a split: %v", c.view, got, c.split)
		}
	}
}
