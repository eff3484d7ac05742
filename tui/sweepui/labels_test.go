package sweepui

import (
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	xansi "github.com/charmbracelet/x/ansi"

	"github.com/breakerlab/breakerlab/engine/sweep"
	"github.com/breakerlab/breakerlab/tui/theme"
)

// A swept value reads to a person in three significant digits and the
// unit one would say: payments.timeout=100ms..5s:20 steps by 257.894…
// ms, and its labels read "358 ms" and "1.13 s", not 357.895 and
// 1131.579 under a head of (ms).
func TestValueLabelsAreShort(t *testing.T) {
	ax, err := sweep.ParseVary("payments.timeout=100ms..5s:20")
	if err != nil {
		t.Fatal(err)
	}
	got := ValueLabels(ax)
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
		ax, err := sweep.ParseVary(c.spec)
		if err != nil {
			t.Fatal(err)
		}
		if got := ValueLabels(ax); !slices.Contains(got, c.want) {
			t.Errorf("%s reads %q, want %q among them", c.spec, got, c.want)
		}
	}
}

// Where three digits would write two neighbouring values alike, the axis
// takes as many more as keep them apart, every value alike: 1 s to
// 1.1 s in 20 steps is 5.26 ms apart, and "1.01 s" would label two
// columns, two designs, alike. An axis apart at three keeps three.
func TestValueLabelsKeepNeighboursApart(t *testing.T) {
	for _, c := range []struct {
		spec string
		some string
	}{
		{"payments.timeout=1s..1.1s:20", "1.005 s"},
		{"payments.timeout=100ms..101ms:11", "100.1 ms"},
		{"payment.fault.probability=0.1..0.101:5", "0.1003"},
		{"caller.rate=1000..1001:7", "1000.2"},
	} {
		ax, err := sweep.ParseVary(c.spec)
		if err != nil {
			t.Fatal(err)
		}
		got := ValueLabels(ax)
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

// Each place a person reads a swept value says it by ValueLabels: the
// one-knob table's rows, the map's columns and rows, a goal's boundary
// ("not met from …=4.14 s") and the cell reader. The exact value is the
// CSV's and the JSON's.
func TestEveryPlaceWritesShortLabels(t *testing.T) {
	th := theme.New(theme.Plain())
	plain := func(s string) string { return strings.ReplaceAll(xansi.Strip(s), "\u00a0", " ") }
	// The goal is missed from the 17th value on, 4226.316 ms.
	one := filled(t, "recommendations.timeout=100ms..5s:20", "", "search.ok", "search.ok>=0.99", func(i, _ int) float64 {
		if i >= 16 {
			return 0.9
		}
		return 1
	})
	out := plain(Table(one, th, 80))
	for _, want := range []string{"\nrecommendations.timeout  mean", "   1.13 s  ", "   358 ms  ", "not met from recommendations.timeout=4.23 s"} {
		if !strings.Contains(out, want) {
			t.Errorf("the table has no %q:\n%s", want, out)
		}
	}
	two := filled(t, "recommendations.timeout=250ms..5s:12", "recommendations.breaker.open=100ms..5s:20", "search.ok", "search.ok>=0.99", func(i, j int) float64 {
		if i >= 8 {
			return 0.5
		}
		return 1
	})
	mark := &Mark{Cursor: Cursor{Shown: true, I: 3, J: 4}, Label: "the design"}
	for _, width := range []int{80, 200} {
		out = plain(HeatmapMarked(two, th, width, mark))
		flat := strings.Join(strings.Fields(out), " ")
		for _, want := range []string{"\n1.13 s │", "\n   5 s │", "↑ recommendations.breaker.open\n", " 250 ms "} {
			if !strings.Contains(out, want) {
				t.Errorf("at %d wide, the map has no %q:\n%s", width, want, out)
			}
		}
		for _, want := range []string{
			"at recommendations.breaker.open=4.74 s: not met from recommendations.timeout=3.7 s",
			"◆ the design: recommendations.timeout=250 ms, recommendations.breaker.open=100 ms,",
			"▣ the cell under the cursor: recommendations.timeout=1.55 s, recommendations.breaker.open=1.13 s",
		} {
			if !strings.Contains(flat, want) {
				t.Errorf("at %d wide, the map has no %q:\n%s", width, want, out)
			}
		}
		for _, exact := range []string{"1131.579", "3704.545", "(ms)"} {
			if strings.Contains(out, exact) {
				t.Errorf("at %d wide, the map still writes %q:\n%s", width, exact, out)
			}
		}
	}
}
