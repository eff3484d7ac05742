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

// marks is a form's fields for MarksLine: names and marks, "" unmarked.
type marks struct{ names, marks []string }

func (m marks) Len() int          { return len(m.names) }
func (m marks) Mark(i int) string { return m.marks[i] }
func (m marks) Name(i int) string { return m.names[i] }

// The message line names the field the cursor is on when it is marked,
// else the first marked, counting the rest; a check's complaint while any
// field is marked; nothing once none is.
func TestMarksLineSaysWhatIsMarkedNow(t *testing.T) {
	names := []string{"workers", "customers", "left"}
	const tail = "the run is unchanged"
	for _, c := range []struct {
		marks  []string
		focus  int
		said   string
		want   string
		wantAt int
	}{
		{[]string{"", "", ""}, 1, "", "", -1},
		{[]string{"", "", ""}, 1, "customers must be 2 or more", "", -1},
		{[]string{"", "a whole number", "a strategy"}, 0, "", "customers refused: a whole number, and 1 more; " + tail, 1},
		{[]string{"", "a whole number", "a strategy"}, 2, "", "left refused: a strategy, and 1 more; " + tail, 2},
		{[]string{"a whole number", "", ""}, 2, "", "workers refused: a whole number; " + tail, 0},
		{[]string{"refused: see below", "", ""}, 1, "workers must be 3 or more", "workers must be 3 or more", 0},
		// A focus out of range (a form emptied) names the first marked.
		{[]string{"", "", "a strategy"}, 7, "", "left refused: a strategy; " + tail, 2},
	} {
		m := marks{names, c.marks}
		if got := MarksLine(m, c.focus, c.said, tail); got != c.want {
			t.Errorf("MarksLine(%q, focus %d, said %q) = %q, want %q", c.marks, c.focus, c.said, got, c.want)
		}
		if got := RefusedAt(m, c.focus); got != c.wantAt {
			t.Errorf("RefusedAt(%q, focus %d) = %d, want %d", c.marks, c.focus, got, c.wantAt)
		}
	}
}
