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
//
// A range the other knobs leave empty is carried too, even where the
// other knob could take its step alone: no value of knob i stands until it
// does, so an arrow on i that left it waiting moved nothing, and one that
// moved i alone left it out of range (overlap-limited shards of 2 workers
// each, most shared 2 → 3, was as invalid as before and further off). So
// most shared 3 carries workers per customer to 4.
func (c *Challenge) Carry(s Setting, i int, v any) (out Setting, other int, ok bool) {
	lim := c.Limit(s, i)
	f, isNumber := numeric(v)
	if !isNumber || lim.Kind == KnobChoice || c.Knobs[i].Check(v) != nil {
		return nil, -1, false
	}
	// The ends v is past: both, in an empty range, when v lies between
	// them; the first whose knob's move lets v stand carries it.
	type end struct {
		n   *narrowed
		dir int
	}
	var past []end
	if f > lim.Max+1e-9 {
		past = append(past, end{lim.high, 1})
	}
	if f < lim.Min-1e-9 {
		past = append(past, end{lim.low, -1})
	}
	for _, e := range past {
		if out, j, ok := c.carryPast(s, i, v, e.n, e.dir, lim.Empty()); ok {
			return out, j, true
		}
	}
	return nil, -1, false
}

// carryPast is Carry across one end n of knob i's range: the knob that
// narrowed it moved dir, a step at a time, until s with i at v stands.
// empty says the range has no value, where the other knob is carried even
// if it could take its step alone.
func (c *Challenge) carryPast(s Setting, i int, v any, n *narrowed, dir int, empty bool) (out Setting, other int, ok bool) {
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
	if step := partner.Move(out[partner.Path], dir); !empty && c.Limit(out, j).Check(step) == nil {
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
		if c.Stands(out) {
			return out, j, true
		}
	}
}

// Stands says whether every knob's value in s is within its range there:
// a design grading does not refuse for a knob out of range.
func (c *Challenge) Stands(s Setting) bool { return c.OutOfRange(s) == nil }

// OutOfRange is why grading refuses the design s for a knob out of the
// range the other knobs leave it, in grading's words (one computation,
// rangeRefusal, gives both): what the value must be, and the knob whose
// move widens the range. nil when every knob is within its range. A note
// under an arrow that left another knob out of range says it
// (overlap-limited shards picked beside 2 workers each).
func (c *Challenge) OutOfRange(s Setting) error {
	for _, k := range c.Knobs {
		if err := k.Check(s[k.Path]); s[k.Path] != nil && err != nil {
			return err // out of the knob's own range, as grading refuses it
		}
	}
	sc, fl, err := c.applied(s)
	if err != nil {
		return err
	}
	return c.rangeRefusal(sc, fl, s)
}

// Compare orders two values of a number knob: -1 when a is less than b, 1
// when it is more, 0 when they are equal or either is not a number. A
// hint says which way a carried knob goes ("raises workers per customer
// too") from the values it went between.
func Compare(a, b any) int {
	x, okA := numeric(a)
	y, okB := numeric(b)
	switch {
	case !okA || !okB:
		return 0
	case x < y-1e-9:
		return -1
	case x > y+1e-9:
		return 1
	}
	return 0
}
