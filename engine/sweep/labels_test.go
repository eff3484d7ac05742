package sweep

import (
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"
	"unicode/utf8"
)

// A swept value reads to a person in three significant digits, a
// duration in one unit for its whole axis, written as the knob form
// writes a duration, its unit after a space as every duration shown is
// (report.SecondsShort): payments.timeout=100ms..5s:20 steps by 257.894…
// ms, and its labels read "0.358 s" and "1.13 s", not 357.895 and 1131.579
// under a head of (ms), nor "358 ms" beside "1.13 s" (two units on one
// axis), nor "0.358s" beside a table's and run's "10 s".
func TestAxisLabelsAreShort(t *testing.T) {
	ax, err := ParseVary("payments.timeout=100ms..5s:20")
	if err != nil {
		t.Fatal(err)
	}
	got := ax.Labels()
	for i, want := range map[int]string{0: "0.1 s", 1: "0.358 s", 4: "1.13 s", 16: "4.23 s", 19: "5 s"} {
		if got[i] != want {
			t.Errorf("value %d (%v ms) reads %q, want %q", i, ax.X[i], got[i], want)
		}
	}
	for i, l := range got {
		if figure, _ := strings.CutSuffix(l, " s"); utf8.RuneCountInString(figure) > 6 {
			t.Errorf("value %d reads %q, a figure wider than six characters", i, l)
		}
	}
	for _, c := range []struct{ spec, want string }{
		{"recommendations.bulkhead=5..60:12", "10"},
		{"payment.fault.probability=0..1:8", "0.143"},
		{"fault.from=1s..24s:4", "8.667 s"}, // held to the ms, exact in four digits
		{"recommendations.bulkhead_wait=0..100ms:3", "0 ms"},
		{"recommendations.timeout=0..800ms:5", "200 ms"},
	} {
		ax, err := ParseVary(c.spec)
		if err != nil {
			t.Fatal(err)
		}
		if got := ax.Labels(); !slices.Contains(got, c.want) {
			t.Errorf("%s reads %q, want %q among them", c.spec, got, c.want)
		}
	}
}

// Where three digits would write two neighbouring values alike, the axis
// takes as many more as keep them apart, every value alike: 1 s to
// 1.1 s in 20 steps is 5.26 ms apart, and "1.01s" would label two
// columns, two designs, alike. An axis apart at three keeps three.
func TestAxisLabelsKeepNeighboursApart(t *testing.T) {
	for _, c := range []struct {
		spec string
		some string
	}{
		{"payments.timeout=1s..1.1s:20", "1.005 s"},
		{"payments.timeout=100ms..101ms:11", "100.1 ms"},
		{"payment.fault.probability=0.1..0.101:5", "0.1003"},
		{"caller.rate=1000..1001:7", "1000.2"},
	} {
		ax, err := ParseVary(c.spec)
		if err != nil {
			t.Fatal(err)
		}
		got := ax.Labels()
		for i := 1; i < len(got); i++ {
			if got[i] == got[i-1] {
				t.Errorf("%s: values %d and %d both read %q: %q", c.spec, i-1, i, got[i], got)
			}
		}
		if !slices.Contains(got, c.some) {
			t.Errorf("%s reads %q, want %q among them", c.spec, got, c.some)
		}
	}
}

// The sandbox's span round a form's 1525ms keeps the design's value
// among round ones (tui/sandbox's roundAxis): its tick is the value the
// form and the line under the map write, 1.525 s, not "1.53 s"; a value
// that four digits cannot write keeps three.
func TestDurationLabelKeepsAFourthDigitThatMakesItExact(t *testing.T) {
	ax := Axis{Path: "recommendations.timeout", Unit: "ms", X: []float64{500, 1000, 1525, 2000, 2500, 3000, 3500}}
	if got := ax.Labels(); !slices.Equal(got, []string{"0.5 s", "1 s", "1.525 s", "2 s", "2.5 s", "3 s", "3.5 s"}) {
		t.Errorf("labels %q", got)
	}
	ax.X = []float64{250, 1113.636, 5000}
	if got := ax.Labels(); got[1] != "1.11 s" {
		t.Errorf("labels %q, want 1.11 s for 1113.636ms", got)
	}
}

// Every label of a duration axis is in one unit, the one its largest
// value is said in: "0.25 s" beside "1.55 s", where "250 ms" beside
// "1.55 s" read as two scales on one axis; the unit after a space, as
// report.SecondsShort writes every duration shown.
func TestDurationAxisLabelsShareOneUnit(t *testing.T) {
	for _, c := range []struct{ spec, unit string }{
		{"recommendations.timeout=250ms..5s:12", "s"},
		{"recommendations.timeout=381ms..3050ms:8", "s"},
		{"recommendations.timeout=5ms..800ms:9", "ms"},
		{"fault.from=1s..24s:4", "s"},
	} {
		ax, err := ParseVary(c.spec)
		if err != nil {
			t.Fatal(err)
		}
		for _, l := range ax.Labels() {
			figure, ok := strings.CutSuffix(l, " "+c.unit)
			if _, err := strconv.ParseFloat(figure, 64); !ok || err != nil {
				t.Errorf("%s: %q is not a figure, a space and %s: %q", c.spec, l, c.unit, ax.Labels())
			}
			if _, err := time.ParseDuration(figure + c.unit); err != nil {
				t.Errorf("%s: %q is no duration: %v", c.spec, l, err)
			}
		}
	}
}
