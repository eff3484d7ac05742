package challenge

import "testing"

// The cost of challenge 8's knob ranges under overlap-limited sharding:
// cold, the shard sizes the bound allows are assigned on every seed;
// warm, the answers kept are read.
func BenchmarkOverlapLimit(b *testing.B) {
	c, err := Lookup("shuffle-shards")
	if err != nil {
		b.Fatal(err)
	}
	s := Setting{"strategy": "overlap-limited", "max_shared": int64(2), "per_customer": int64(3)}
	limits := func() {
		for i := range c.Knobs {
			c.Limit(s, i)
		}
	}
	b.Run("cold", func(b *testing.B) {
		for b.Loop() {
			assignments.Lock()
			clear(assignments.found)
			assignments.Unlock()
			limits()
		}
	})
	b.Run("warm", func(b *testing.B) {
		limits()
		for b.Loop() {
			limits()
		}
	})
}
