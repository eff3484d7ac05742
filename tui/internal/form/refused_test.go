package form

import "testing"

// The refusal line names the field and counts the others it leaves out.
func TestRefusedNoteNamesOneAndCountsTheRest(t *testing.T) {
	for _, c := range []struct {
		field, why string
		refused    int
		want       string
	}{
		{"", "", 0, "some values are refused; the run is unchanged"},
		{"workers", "a whole number", 1, "workers refused: a whole number; the run is unchanged"},
		{"workers", "a whole number", 3, "workers refused: a whole number, and 2 more; the run is unchanged"},
	} {
		if got := RefusedNote(c.field, c.why, c.refused, "the run is unchanged"); got != c.want {
			t.Errorf("RefusedNote(%q, %q, %d) = %q, want %q", c.field, c.why, c.refused, got, c.want)
		}
	}
}
