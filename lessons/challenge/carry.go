package challenge

// Carry is the setting s with knob i at v and the knob that holds i's
// range short of v moved along with it, the fewest steps that let both
// stand: overlap-limited shards of 3 workers, at most 2 shared, hold each
// other there, so that neither moves alone, and each one's note said to
// move the other ("raise most workers shared for more"), which could not
// move either. A learner who turns workers per customer to 4 gets most
// workers shared raised to 3 with it. ok is false when v is within i's
// range already, when that knob can take its step alone (a pool raised
// before its bulkhead: the note says to, and it does), or when no value of
// it lets v stand; other is the index of the knob carried.
func (c *Challenge) Carry(s Setting, i int, v any) (out Setting, other int, ok bool) {
	lim := c.Limit(s, i)
	f, isNumber := numeric(v)
	if !isNumber || lim.Kind == KnobChoice || lim.Empty() || c.Knobs[i].Check(v) != nil {
		return nil, -1, false
	}
	n, dir := lim.high, 1
	switch {
	case f > lim.Max+1e-9:
	case f < lim.Min-1e-9:
		n, dir = lim.low, -1
	default:
		return nil, -1, false
	}
	if n == nil || n.widen == "" {
		return nil, -1, false // no knob's move widens it
	}
	j := c.knobIndex(n.path)
	if j < 0 {
		return nil, -1, false
	}
	out = c.Start()
	for k, x := range s {
		out[k] = x
	}
	partner := &c.Knobs[j]
	if step := partner.Move(out[partner.Path], dir); c.Limit(out, j).Check(step) == nil {
		return nil, -1, false // it moves alone, as i's note says: no need to carry it
	}
	out[c.Knobs[i].Path] = v
	at := out[partner.Path]
	for {
		next := partner.Move(at, dir)
		if FormatValue(next) == FormatValue(at) {
			return nil, -1, false // the partner is at its own end
		}
		at = next
		out[partner.Path] = at
		if c.stands(out) {
			return out, j, true
		}
	}
}

// stands says whether every knob's value in s is within its range there.
func (c *Challenge) stands(s Setting) bool {
	for k := range c.Knobs {
		if c.Limit(s, k).Check(s[c.Knobs[k].Path]) != nil {
			return false
		}
	}
	return true
}
