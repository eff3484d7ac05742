package tuitest

import "testing"

// The cut check can fail: each kind of cut it names is caught, and text
// wrapped between words is not.
func TestFindCutCatchesCuts(t *testing.T) {
	src := "recommendations hang at 10 s; 730,862,190,080 shards; half-open"
	cases := []struct {
		view string
		cut  bool
	}{
		{"recommendat…", true},
		{"OPEN 5…", true},
		{"speed …", false},
		{"recommendat\nions hang", true},
		{"│ recommendat │ x │\n│ ions hang   │ y │", true},
		{"recommendations\nhang at 10 s", false},
		{"hang at 10\ns; more", true},
		{"730,862,\n190,080 shards", true},
		{"half-\nopen", true},
		// A list of numbers wrapped after a comma is not a split number.
		{"2 of 8 workers, 4 of 16,\n8 of 32, 16 of 64.", false},
		// A sentence that ends in a number, then a numbered item.
		{"20 × 0.5 s = 10.\n2. 10 is under 16", false},
		// Two panes side by side: "ions" is in the other pane's cell.
		{"│ recommendat │ x   │\n│ y │ ions │ z │", false},
	}
	for _, c := range cases {
		if got := FindCut(c.view, src); (got != "") != c.cut {
			t.Errorf("FindCut(%q) = %q, want a cut: %v", c.view, got, c.cut)
		}
	}
}

// CheckWhole's own finding: an ellipsis after whole words that cuts short
// a text the screen is about, and not one where that text ends.
func TestFindShortenedCatchesShortenedTexts(t *testing.T) {
	src := "recommendations hang at 10 s; 730,862,190,080 shards; half-open"
	cases := []struct {
		view string
		cut  bool
	}{
		{"│ recommendations hang …  │", true},
		{"│ shards; half-open …  │", false}, // the text stops there
		{"│ speed …  │", false},
		{"│ recommendations hang at 10 s; 730,862,190,080 shards; half-open │", false},
	}
	for _, c := range cases {
		if got := FindShortened(c.view, src); (got != "") != c.cut {
			t.Errorf("FindShortened(%q) = %q, want a cut: %v", c.view, got, c.cut)
		}
	}
}

// A field scrolled past the start of its value is caught; a whole one,
// focused or not, is not.
func TestCheckValuesWholeSeesAScrolledField(t *testing.T) {
	var ft fakeT
	CheckValuesWhole(&ft, "form", "│  right  [-limited ]  plain, shuffle", "overlap-limited")
	if !ft.failed {
		t.Error("a scrolled field should fail the check")
	}
	ft = fakeT{}
	CheckValuesWhole(&ft, "form", "│  right  [overlap-limited▏]  plain\n│ left [plain    ]", "overlap-limited", "plain")
	if ft.failed {
		t.Error("whole fields should pass the check")
	}
}

// fakeT records a failure.
type fakeT struct {
	testing.TB
	failed bool
}

func (f *fakeT) Helper()               {}
func (f *fakeT) Errorf(string, ...any) { f.failed = true }
