package drill

import (
	"strings"
	"testing"
)

// A card that gives the guide's permit wait ({{fact guide.bulkhead.wait_min}}
// to ..._max, 100 ms to 500 ms) must not also say the caller past the
// permits "hears no at once": with that wait it hears no when the wait runs
// out (async-cascade's median refusal is the wait itself), and a learner
// who memorises both says two things that cannot both be true.
func TestPermitWaitIsNotAtOnce(t *testing.T) {
	checked := 0
	for _, c := range wholeCardTexts(t) {
		text := c.text
		if !strings.Contains(text, "{{fact guide.bulkhead.wait_min}}") {
			continue
		}
		checked++
		if strings.Contains(text, "hears no at once") {
			t.Errorf("card %s gives a permit wait of 100 ms to 500 ms, yet says a caller past the permits hears no at once", c.id)
		}
	}
	if checked == 0 {
		t.Fatal("no card gives the guide's permit wait: the test checks nothing")
	}
}
