package challenge

import "testing"

// A limit of one value reads as that value, not "3 to 3", and says which
// knobs hold it there; a span is no such limit.
func TestAOneValueLimitSaysWhatFixesIt(t *testing.T) {
	c := lookup(t, "shuffle-shards")
	s := Setting{"strategy": "overlap-limited", "max_shared": int64(2), "per_customer": int64(3)}
	for path, want := range map[string]string{"per_customer": "most workers shared", "max_shared": "workers per customer"} {
		lim := c.Limit(s, c.knobIndex(path))
		by, fixed := lim.Fixed()
		if !fixed || by != want {
			t.Errorf("%s: Fixed() = %q, %v, want %q, true", path, by, fixed, want)
		}
		if got := lim.Range(); got != FormatValue(s[path]) {
			t.Errorf("%s: Range() = %q, want %v", path, got, s[path])
		}
	}
	lim := c.Limit(with(s, "strategy", "shuffle"), c.knobIndex("per_customer"))
	if by, fixed := lim.Fixed(); fixed || lim.Range() != "1 to 8" {
		t.Errorf("shuffle sharding: Fixed() = %q, %v, Range() %q, want a span 1 to 8", by, fixed, lim.Range())
	}
}
