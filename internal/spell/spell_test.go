package spell

import "testing"

func TestClosest(t *testing.T) {
	known := []string{"run", "sweep", "sandbox", "cascade", "checkout", "01-one-slow-dependency"}
	for _, c := range []struct{ got, want string }{
		{"rnu", "run"},          // two neighbours swapped: one edit
		{"chekout", "checkout"}, // one left out
		{"CASCAD", "cascade"},   // case does not count
		{"01-one-slow-dependancy", "01-one-slow-dependency"}, // one changed
		{"swep", "sweep"},
		{"xyz", ""}, // nothing near
		{"rx", ""},  // a short word: two edits make it anything
		{"sandboxes", "sandbox"},
	} {
		if got := Closest(c.got, known); got != c.want {
			t.Errorf("Closest(%q) = %q, want %q", c.got, got, c.want)
		}
	}
	if d := Distance("ab", "ba"); d != 1 {
		t.Errorf("a swap is %d edits, want 1", d)
	}
}
