package sweep

import (
	"slices"
	"testing"
	"unicode/utf8"
)

// A swept value reads to a person in three significant digits and the
// unit one would say: payments.timeout=100ms..5s:20 steps by 257.894…
// ms, and its labels read "358 ms" and "1.13 s", not 357.895 and
// 1131.579 under a head of (ms).
func TestAxisLabelsAreShort(t *testing.T) {
	ax, err := ParseVary("payments.timeout=100ms..5s:20")
	if err != nil {
		t.Fatal(err)
	}
	got := ax.Labels()
	for i, want := range map[int]string{0: "100 ms", 1: "358 ms", 4: "1.13 s", 16: "4.23 s", 19: "5 s"} {
		if got[i] != want {
			t.Errorf("value %d (%v ms) reads %q, want %q", i, ax.X[i], got[i], want)
		}
	}
	for i, l := range got {
		if utf8.RuneCountInString(l) > 6 {
			t.Errorf("value %d reads %q, wider than six characters", i, l)
		}
	}
	for _, c := range []struct{ spec, want string }{
		{"recommendations.bulkhead=5..60:12", "10"},
		{"payment.fault.probability=0..1:8", "0.143"},
		{"fault.from=1s..24s:4", "8.67 s"},
		{"recommendations.bulkhead_wait=0..100ms:3", "0 ms"},
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
// 1.1 s in 20 steps is 5.26 ms apart, and "1.01 s" would label two
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
