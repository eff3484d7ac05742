package chaos

import (
	"strings"
	"testing"
)

// A kind the spec's grammar does not know was refused with every kind,
// so a service was offered "surge xFACTOR", which it does not take:
// ParseIn lists the kinds of the target named, when the scenario has it.
func TestParseInListsTheTargetsKinds(t *testing.T) {
	sc := build(t, "noisy-tenant")
	targets := TargetsOf(sc)
	cases := []struct {
		in, target string
		says, not  []string
	}{
		{"20s database hnag", "database",
			[]string{`unknown kind "hnag"`, "dependency database takes slow LATENCY, hang, errors PERCENT, down, unreachable, recover"}, []string{"surge", "restart"}},
		{"20s acme srge x3", "acme",
			[]string{`unknown kind "srge"`, "takes surge xFACTOR, recover"}, []string{"hang", "slow"}},
	}
	for _, c := range cases {
		tg, ok := Find(targets, c.target)
		if !ok {
			t.Fatalf("noisy-tenant has no %s: %v", c.target, Describe(targets))
		}
		_, err := ParseIn(sc, c.in)
		if err == nil {
			t.Fatalf("ParseIn(%q) took it", c.in)
		}
		for _, s := range c.says {
			if !strings.Contains(err.Error(), s) {
				t.Errorf("ParseIn(%q) = %v, want it to say %q", c.in, err, s)
			}
		}
		for _, s := range c.not {
			if strings.Contains(err.Error(), s) {
				t.Errorf("ParseIn(%q) = %v: lists %q, which %s does not take (%v)", c.in, err, s, c.target, tg.Kinds)
			}
		}
	}
	// A target the scenario lacks, and Parse alone, list every kind, as
	// before; a spec ParseIn takes is Parse's.
	for _, in := range []string{"20s nowhere hnag"} {
		_, err := ParseIn(sc, in)
		_, want := Parse(in)
		if err == nil || want == nil || err.Error() != want.Error() || !strings.Contains(err.Error(), "surge xFACTOR, recover") {
			t.Errorf("ParseIn(%q) = %v, want Parse's %v", in, err, want)
		}
	}
	got, err := ParseIn(sc, "20s acme surge x3 for 10s")
	want, _ := Parse("20s acme surge x3 for 10s")
	if err != nil || got != want {
		t.Errorf("ParseIn read %v, %v; Parse %v", got, err, want)
	}
}
