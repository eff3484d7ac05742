package lessons

import (
	"slices"
	"testing"
)

// Placeholders gives each {{...}}'s expression without its format, in
// order, and stops at one never closed: what the lesson player reads to
// know which shares a text prints.
func TestPlaceholdersCutTheirFormats(t *testing.T) {
	got := Placeholders("a {{share step health ok | pct}} b {{ count x }} c {{open")
	if want := []string{"share step health ok", "count x"}; !slices.Equal(got, want) {
		t.Fatalf("Placeholders = %q, want %q", got, want)
	}
}
