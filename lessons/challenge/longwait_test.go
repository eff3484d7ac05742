package challenge

import (
	"maps"
	"strings"
	"testing"
)

// A permit wait of seconds, with the reference's permits, meets every goal
// of budget-permits and misses only par: the tasks it parks during
// search's slow spell stay under the memory limit until the wait nears
// the limit's room (2.2 s on these seeds), while each holds its memory
// and lifts the peak past par from 600 ms. The hint advises a short wait,
// and said nothing of a longer one, so a learner who set 2 s and earned a
// star read the hint as wrong: it says a wait of seconds meets the goals
// and misses par, and a wait at the hint's longest meets par.
func TestBudgetPermitsLongWaitMeetsTheGoalsNotPar(t *testing.T) {
	c, err := Lookup("budget-permits")
	if err != nil {
		t.Fatal(err)
	}
	waits := func(at string) Setting {
		s := maps.Clone(referenceSettings[c.ID])
		n := 0
		for _, k := range c.Knobs {
			if strings.HasSuffix(k.Path, ".bulkhead_wait") {
				v, err := k.Parse(at)
				if err != nil {
					t.Fatal(err)
				}
				s[k.Path] = v
				n++
			}
		}
		if n != 3 {
			t.Fatalf("%d permit waits; the level has three", n)
		}
		return s
	}
	long, err := gradeOnce(c, waits("2s"))
	if err != nil {
		t.Fatal(err)
	}
	if long.Stars != 1 {
		t.Fatalf("waits of 2 s earn %d stars; the test expects the goals met and par missed", long.Stars)
	}
	for _, want := range []string{"seconds still meets the goals", "misses par"} {
		if !strings.Contains(strings.Join(strings.Fields(c.Hint), " "), want) {
			t.Errorf("waits of 2 s meet every goal and miss par, and the hint does not say %q:\n%s", want, c.Hint)
		}
	}
	short, err := gradeOnce(c, waits("500ms"))
	if err != nil {
		t.Fatal(err)
	}
	if short.Stars < 2 {
		t.Errorf("waits of 500 ms, the hint's longest, earn %d stars; the hint says they meet par", short.Stars)
	}
}
