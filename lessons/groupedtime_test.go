package lessons

import (
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/internal/racefree"
)

// A time the texts print with its thousands grouped ("1,000 s") is read
// when typed back, as a grouped count is; a decimal comma is refused, not
// read as a time ten times or a thousand times the one meant.
func TestGroupedTimeTypedBack(t *testing.T) {
	racefree.Only(t) // no goroutines: parsing only
	q := &PreparedQuestion{Kind: Number, AnswerKind: KindDuration, Unit: "s", Answer: 1000}
	for in, want := range map[string]float64{
		"1,000 s": 1000, "1,000s": 1000, "1,000,000 ms": 1000, "1,500.5 ms": 1.5005, "2,000": 2000,
	} {
		got, err := q.ParseGuess(in)
		if err != nil || got != want {
			t.Errorf("%q: read %v (%v), want %v", in, got, err, want)
		}
	}
	for _, in := range []string{"0,5 s", "1,00 s", "1,0000 s", ",000 s"} {
		if got, err := q.ParseGuess(in); err == nil {
			t.Errorf("%q read as %v s: a comma that groups no thousands is no number", in, got)
		}
	}
	if v, err := parseLiteral("1,000,000µs"); err != nil || v.Kind != KindDuration || v.F != time.Second.Seconds() {
		t.Errorf("1,000,000µs: %+v, %v", v, err)
	}
}
