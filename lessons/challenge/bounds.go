package challenge

import (
	"fmt"
	"math/big"
	"slices"
	"strings"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/breaker"
	"github.com/breakerlab/breakerlab/engine/shuffle"
	"github.com/breakerlab/breakerlab/lessons"
)

// order is a rule the engine holds two values of a design to, lo + gap ≤
// hi: a bulkhead no larger than the pool it takes its workers from. When
// one is a knob, the other bounds its range; when both are, each bounds
// the other. The knob's own min and max cannot say so, as they are fixed
// and the other value is not.
type order struct {
	lo, hi string  // the values' paths, as a knob names them
	gap    float64 // in the values' unit
	// loWhy is what caps lo, said after lo's range; hiWhy what floors hi.
	loWhy, hiWhy string
	// inert is true of a rule the engine does not hold a design to, as a
	// value past it does nothing there: a cap on what one tenant holds of
	// an overflow larger than the overflow caps nothing. Grading holds
	// the design to it all the same, so that a range offers only values
	// that do something.
	inert bool
}

// orders are the rules between values of the design (sc or fl, the
// challenge's knobs applied) that bind at least one of its knobs.
func (c *Challenge) orders(sc *engine.Scenario, fl *Fleet) []order {
	var out []order
	add := func(o order) {
		if !slices.Contains(out, o) {
			out = append(out, o)
		}
	}
	if fl != nil {
		// Only overlap-limited sharding reads the most workers shared.
		if fl.Strategy == shuffle.StrategyOverlapLimited {
			for _, k := range c.Knobs {
				if k.Path == "max_shared" || k.Path == "per_customer" {
					add(order{lo: "max_shared", hi: "per_customer", gap: 1,
						loWhy: "less than the workers per customer", hiWhy: "more than the most workers shared"})
				}
			}
		}
		return out
	}
	sys := &sc.Variants[0].System
	for _, k := range c.Knobs {
		if head, tail, ok := strings.Cut(k.Path, "shed.max_wait."); ok && tail != "" && (head == "" || strings.HasSuffix(head, ".")) {
			// Less important work is shed first: each class's bound is
			// no longer than the class above it.
			at := func(class string) string { return head + "shed.max_wait." + class }
			add(order{lo: at("sheddable"), hi: at("default"), loWhy: "no longer than the bound for default requests", hiWhy: "no shorter than the bound for sheddable requests"})
			add(order{lo: at("default"), hi: at("critical"), loWhy: "no longer than the bound for critical requests", hiWhy: "no shorter than the bound for default requests"})
			continue
		}
		head, rest, _ := lessons.SplitKnobName(k.Path)
		switch rest {
		case "bulkhead":
			// A tasks server's bulkheads are semaphores, held to no pool.
			if sys.Tasks != nil || findDependency(sys, head) == nil {
				continue
			}
			pool := "workers"
			if svc, _, ok := strings.Cut(head, "/"); ok {
				pool = svc + ".workers"
			}
			add(order{lo: k.Path, hi: pool, loWhy: "the workers of the pool it takes them from", hiWhy: "enough for the " + c.labelOf(k.Path)})
		case "per_tenant_bulkhead.shared", "per_tenant_bulkhead.shared_per_tenant":
			// What one tenant may hold of the overflow is part of the
			// overflow: 0 to 60 beside an overflow of 30 offered thirty
			// values that all meant no cap. Its 0 (no cap) is under any
			// overflow, so the overflow is floored only by a cap set.
			at := func(key string) string { return head + ".per_tenant_bulkhead." + key }
			add(order{lo: at("shared_per_tenant"), hi: at("shared"), inert: true,
				loWhy: "no more than the shared overflow it caps", hiWhy: "no less than the cap on what one tenant holds of it"})
		case "breaker.min_calls", "breaker.window":
			d := findDependency(sys, head)
			if d == nil || d.Policy.Breaker == nil || d.Policy.Breaker.Window != breaker.CountWindow || d.Policy.Breaker.WindowSize == 0 {
				continue
			}
			add(order{lo: head + ".breaker.min_calls", hi: head + ".breaker.window", loWhy: "the calls its window holds", hiWhy: "enough for its minimum calls"})
		}
	}
	return out
}

// labelOf names the knob at path inside a sentence, or is the path when
// no knob has it (the pool's workers when only the bulkhead is a knob).
// A label's parenthetical is for the form, where it stands alone: inside
// a note "lower most overflow one tenant holds (0: no cap) for less"
// reads as two sentences, so the name stops before it.
func (c *Challenge) labelOf(path string) string {
	i := c.knobIndex(path)
	if i < 0 {
		return path
	}
	label := c.Knobs[i].Label
	if name, _, ok := strings.Cut(label, "("); ok && strings.TrimSpace(name) != "" {
		return strings.TrimSpace(name)
	}
	return label
}

func (c *Challenge) knobIndex(path string) int {
	return slices.IndexFunc(c.Knobs, func(k Knob) bool { return k.Path == path })
}

// Limit is a knob's range in one design: the knob's own, narrowed where
// another value of the design bounds it. The knob form states it, the
// arrows keep to it and a typed value out of it is refused; grading
// refuses a design out of it with the same words (Check), as the one
// computation (Challenge.Limit) gives both.
type Limit struct {
	// Knob is the knob with Min and Max narrowed: its Range and Format
	// read them.
	Knob
	own *Knob
	// low and high say what narrowed each end; nil where the knob's own
	// holds.
	low, high *narrowed
}

// narrowed is why an end of a Limit moved: what the other value is to
// this one, and which knob moves it: by is its label and path its path,
// both "" when no knob does (a pool's workers the challenge fixes); widen
// is what to do with that knob, "" when no setting of it widens the range
// (limitIn tries).
type narrowed struct {
	why, widen, by, path string
	// move is widen's verb, "raise" or "lower", the way the knob by moves
	// to widen the range: an empty range's note says it in few words.
	move  string
	inert bool // the rule's: the engine runs a value past it
	gap   float64
	// reach is how far the end goes as knob by moves the way widen says,
	// to its own end: a value past it no move of that knob lets stand
	// (limitIn sets it where widen is said).
	reach float64
}

// widenBy sets the move of knob by that widens n: "raise" for more room
// above, "lower" for more below.
func (n *narrowed) widenBy(move string) {
	n.move = move
	n.widen = map[string]string{"raise": "raise " + n.by + " for more", "lower": "lower " + n.by + " for less"}[move]
}

// Limit is knob i's range with the other knobs at their values in s (the
// start's where s has none).
func (c *Challenge) Limit(s Setting, i int) Limit {
	sc, fl, err := c.applied(s)
	if err != nil {
		k := &c.Knobs[i]
		return Limit{Knob: *k, own: k}
	}
	return c.limitIn(sc, fl, i)
}

// applied is the start with the setting's knobs set, not yet checked: the
// values a limit reads, and the design build checks.
func (c *Challenge) applied(s Setting) (*engine.Scenario, *Fleet, error) {
	sc, fl := c.startScenario(), c.startFleet()
	// A preset replaces a whole breaker, so it goes first; then the paths
	// in the challenge's order, so that the result does not depend on a
	// map's order.
	for _, k := range c.Knobs {
		v, ok := s[k.Path]
		if !ok {
			continue
		}
		if err := apply(sc, fl, k.Path, v); err != nil {
			return nil, nil, fmt.Errorf("%s = %s: %w", k.Label, FormatValue(v), err)
		}
	}
	return sc, fl, nil
}

// limitIn is knob i's Limit in a design with every knob applied. It offers
// to move the knob that narrowed an end only where that widens the range:
// with overlap-limited shards of 2 workers for 1,000 customers, lowering
// the most shared below 2 frees no smaller shard, as none of 1 shared
// serves them all.
func (c *Challenge) limitIn(sc *engine.Scenario, fl *Fleet, i int) Limit {
	l := c.bounds(sc, fl, i)
	for _, n := range []*narrowed{l.low, l.high} {
		if n == nil || n.widen == "" {
			continue
		}
		if reach, ok := c.widens(sc, fl, l, i, n == l.low); ok {
			n.reach = reach
		} else {
			n.widen, n.move = "", ""
		}
	}
	return l
}

// widens says whether moving the knob that narrowed the low end of l
// (low), or else its high end, the way its hint says gives knob i a value
// past that end, and reach, the furthest that end goes as that knob goes
// to its own end. Between values of a scenario the rules are lo + gap ≤
// hi, so any room that knob has left widens the range, to its own end
// less the gap; a fleet's shards are tried, at each of that knob's values
// the way the hint goes.
func (c *Challenge) widens(sc *engine.Scenario, fl *Fleet, l Limit, i int, low bool) (reach float64, ok bool) {
	n, dir := l.high, 1 // more: raise the other knob
	reach = l.Max
	if low {
		n, dir, reach = l.low, -1, l.Min
	}
	other := &c.Knobs[c.knobIndex(n.path)]
	var at any
	var err error
	if fl != nil {
		at, err = fl.read(n.path)
	} else {
		at, err = readKnob(sc, n.path)
	}
	if err != nil {
		return reach, true // nothing to try it on: the hint stands as it was
	}
	if fl == nil {
		if FormatValue(other.Move(at, dir)) == FormatValue(at) {
			return reach, false // the other knob is at its own end
		}
		if low {
			return other.Min + n.gap, true
		}
		return other.Max - n.gap, true
	}
	for {
		next := other.Move(at, dir)
		if FormatValue(next) == FormatValue(at) {
			return reach, ok // the other knob is at its own end
		}
		at = next
		f := *fl
		if f.set(n.path, at) != nil {
			return reach, true
		}
		m := c.bounds(nil, &f, i)
		switch {
		case m.Empty():
		case low && m.Min < reach-1e-9:
			reach, ok = m.Min, true
		case !low && m.Max > reach+1e-9:
			reach, ok = m.Max, true
		}
	}
}

// bounds is knob i's Limit in a design with every knob applied, offering
// to move whichever knob narrowed an end.
func (c *Challenge) bounds(sc *engine.Scenario, fl *Fleet, i int) Limit {
	own := &c.Knobs[i]
	l := Limit{Knob: *own, own: own}
	if own.Kind == KnobChoice {
		return l
	}
	for _, o := range c.orders(sc, fl) {
		switch own.Path {
		case o.lo:
			hi, ok := designValue(sc, fl, o.hi)
			if top := hi - o.gap; ok && top < l.Max {
				l.Max, l.high = top, &narrowed{why: o.loWhy, inert: o.inert, gap: o.gap}
				if c.knobIndex(o.hi) >= 0 {
					l.high.by, l.high.path = c.labelOf(o.hi), o.hi
					l.high.widenBy("raise")
				}
			}
		case o.hi:
			lo, ok := designValue(sc, fl, o.lo)
			if bottom := lo + o.gap; ok && bottom > l.Min {
				l.Min, l.low = bottom, &narrowed{why: o.hiWhy, inert: o.inert, gap: o.gap}
				if c.knobIndex(o.lo) >= 0 {
					l.low.by, l.low.path = c.labelOf(o.lo), o.lo
					l.low.widenBy("lower")
				}
			}
		}
	}
	if fl != nil && fl.Strategy == shuffle.StrategyOverlapLimited {
		c.overlapLimit(fl, &l)
	}
	return l
}

// overlapLimit narrows the shard size and the overlap allowed to what
// overlap-limited sharding gives every customer on every seed the level
// runs. The engine refuses a fleet above a bound on shards
// (shuffle.OverlapCapacity) before it looks for any, and below the bound
// its search can still run out of room (32 workers, 4 each, at most 2
// shared: the bound is 1,240, the search places about 970), so a size
// the bound allows is tried (assignable). Fewer workers each or more
// shared only makes room, so each knob's range stays one span. The words
// of a narrowed end say which refused the next value: the bound ("the
// most that 1000 customers can each get") or the search, whose limit is
// no mathematical most.
func (c *Challenge) overlapLimit(fl *Fleet, l *Limit) {
	// bounded says whether the bound on shards allows the customers: when
	// it does not, no assignment can; when it does and the search still
	// runs out of room, the limit is the search's, and the words say so.
	bounded := func(k, shared float64) bool {
		n, err := shuffle.OverlapCapacity(fl.Workers, int(k), int(shared))
		return err == nil && n.Cmp(big.NewInt(int64(fl.Customers))) >= 0
	}
	fits := func(k, shared float64) bool {
		f := *fl
		f.PerCustomer, f.MaxShared = int(k), int(shared)
		return bounded(k, shared) && c.assignable(&f)
	}
	switch l.Path {
	case "per_customer":
		v := l.Max
		for v >= l.Min && !fits(v, float64(fl.MaxShared)) {
			v -= l.Step
		}
		if v < l.Max {
			why := fmt.Sprintf("the most that %d customers can each get with at most %d shared", fl.Customers, fl.MaxShared)
			if bounded(v+l.Step, float64(fl.MaxShared)) {
				why = fmt.Sprintf("the most the overlap-limited assignment finds room for, for %d customers with at most %d shared", fl.Customers, fl.MaxShared)
			}
			l.Max, l.high = v, &narrowed{why: why}
			if c.knobIndex("max_shared") >= 0 {
				l.high.by, l.high.path = c.labelOf("max_shared"), "max_shared"
				l.high.widenBy("raise")
			}
		}
	case "max_shared":
		v := l.Min
		for v <= l.Max && !fits(float64(fl.PerCustomer), v) {
			v += l.Step
		}
		if v > l.Min {
			why := fmt.Sprintf("the fewest that let %d customers each get %d workers", fl.Customers, fl.PerCustomer)
			if bounded(float64(fl.PerCustomer), v-l.Step) {
				why = fmt.Sprintf("the fewest with which the overlap-limited assignment finds room for %d customers with %d workers each", fl.Customers, fl.PerCustomer)
			}
			l.Min, l.low = v, &narrowed{why: why}
			if c.knobIndex("per_customer") >= 0 {
				l.low.by, l.low.path = c.labelOf("per_customer"), "per_customer"
				l.low.widenBy("lower")
			}
		}
	}
}

// designValue is the number at path in the design: a count, a share, or
// seconds for a duration.
func designValue(sc *engine.Scenario, fl *Fleet, path string) (float64, bool) {
	var v any
	var err error
	if fl != nil {
		v, err = fl.read(path)
	} else {
		v, err = readKnob(sc, path)
	}
	if err != nil {
		return 0, false
	}
	return numeric(v)
}

// Check says whether v is in the limit: the knob's own range, then the
// ends the design narrowed, refused in words that name the other value and
// the knob that widens the range.
func (l Limit) Check(v any) error {
	if err := l.own.Check(v); err != nil {
		return err
	}
	return l.refuse(v)
}

// refuse is Check's second half: v beyond an end the design narrowed.
func (l Limit) refuse(v any) error {
	f, ok := numeric(v)
	if !ok {
		return nil
	}
	if l.Empty() { // only an end the design narrowed empties it
		if by, whys := l.hopeless(); by != "" {
			return &rangeError{fmt.Sprintf("%s has no value that fits any setting of %s (%s), got %s", l.Label, by, whys, l.formatNumber(f)), l.Path, nil}
		}
		if move := l.opening(); move != "" {
			var fx *fix
			for _, n := range []*narrowed{l.low, l.high} {
				if fx == nil && n != nil && n.by != "" && n.move != "" {
					fx = &fix{path: n.path, dir: map[string]int{"raise": 1, "lower": -1}[n.move]}
				}
			}
			return &rangeError{fmt.Sprintf("%s has no value until you %s, got %s", l.Label, move, l.formatNumber(f)), l.Path, fx}
		}
		return &rangeError{fmt.Sprintf("%s has no value that fits the other knobs as they are (%s), got %s", l.Label, l.Narrowed(), l.formatNumber(f)), l.Path, nil}
	}
	var n *narrowed
	switch {
	case f < l.Min-1e-9:
		n = l.low
	case f > l.Max+1e-9:
		n = l.high
	}
	if n == nil {
		return nil
	}
	low := n == l.low
	advice, fx := n.advice(low), &fix{path: n.path, dir: map[bool]int{true: -1, false: 1}[low]}
	if beyond := (low && f < n.reach-1e-9) || (!low && f > n.reach+1e-9); n.by != "" && (n.widen == "" || beyond) {
		// No setting of the knob that narrowed this end lets v stand, so
		// saying so ("no setting of most workers shared allows less"), or
		// to move it ("lower most workers shared for less", where 2 each
		// wants none), left the fix unsaid: it is this knob's own move,
		// onto the range (overlap-limited shards beside 2 workers per
		// customer, at most 2 shared, want 3 each).
		to, verb := l.Max, "lower"
		if low {
			to, verb = l.Min, "raise"
		}
		advice, fx = verb+" it to "+l.formatNumber(to), &fix{path: l.Path, to: l.fromNumber(to)}
	}
	if advice == "" {
		fx = nil
	} else {
		advice = " (" + advice + ")"
	}
	return &rangeError{fmt.Sprintf("%s must be %s, %s, got %s%s", l.Label, l.span(), n.why, l.formatNumber(f), advice), l.Path, fx}
}

// rangeError is a refusal of knob path's value for lying out of the range
// the other knobs leave it, with the move its advice names: the move that
// ends this refusal, which a test makes and grades again.
type rangeError struct {
	msg  string
	path string
	fix  *fix // nil when the words name no move
}

func (e *rangeError) Error() string { return e.msg }

// fix is a move a refusal advises: the knob at path set to to, or, when
// to is nil, turned dir (+1 up, -1 down) until the refused knob stands.
type fix struct {
	path string
	dir  int
	to   any
}

// advice is what to do about the end n of a limit, the low one (low) or
// the high: the hint to move the knob that narrowed it, or, where moving
// it cannot widen the range, that no setting of it does; "" when no knob
// narrowed it.
func (n *narrowed) advice(low bool) string {
	switch {
	case n.widen != "":
		return n.widen
	case n.by == "":
		return ""
	case low:
		return "no setting of " + n.by + " allows less"
	}
	return "no setting of " + n.by + " allows more"
}

// hopeless says, of an empty limit whose every narrowed end a knob moves
// and no move of it widens, which knobs those are and why each end is
// where it is: no setting of them gives this knob a value. by is "" for
// any other limit.
func (l Limit) hopeless() (by, whys string) {
	if !l.Empty() {
		return "", ""
	}
	var names, why []string
	for _, n := range []*narrowed{l.low, l.high} {
		if n == nil {
			continue
		}
		if n.by == "" || n.widen != "" {
			return "", ""
		}
		if !slices.Contains(names, n.by) {
			names = append(names, n.by)
		}
		why = append(why, n.why)
	}
	return strings.Join(names, " and "), strings.Join(why, "; ")
}

// span is what refuse says the value must be: "between 3 and 7", or "2"
// when the range holds one value.
func (l Limit) span() string {
	if lo, hi := l.formatNumber(l.Min), l.formatNumber(l.Max); lo != hi {
		return "between " + lo + " and " + hi
	}
	return l.formatNumber(l.Min)
}

// Empty says whether the other knobs leave this one no value at all:
// overlap-limited shards of 2 workers cannot serve 1,000 customers with
// any overlap allowed below 2. Another knob must move first.
func (l Limit) Empty() bool { return l.Min > l.Max+1e-9 }

// Range says what the limit allows, as the knob's Range does, or that
// nothing does and why.
func (l Limit) Range() string {
	if l.Kind != KnobChoice && l.Empty() {
		if by, whys := l.hopeless(); by != "" {
			return "no value fits any setting of " + by + " (" + whys + ")"
		}
		if move := l.opening(); move != "" {
			return "no value fits until you " + move
		}
		return "no value fits the other knobs as they are (" + l.Narrowed() + ")"
	}
	return l.Knob.Range()
}

// opening is, for an empty limit, the moves of the knobs holding it that
// open it, "raise workers per customer": the knob named is the one that
// holds it. Narrowed's whole account of both ends read as four lines of
// clauses in a note under the knob (challenge 8, overlap-limited, 2
// workers each). "" where no knob's move opens the limit.
func (l Limit) opening() string {
	var moves []string
	for _, n := range []*narrowed{l.low, l.high} {
		if n != nil && n.by != "" && n.move != "" {
			if m := n.move + " " + n.by; !slices.Contains(moves, m) {
				moves = append(moves, m)
			}
		}
	}
	return strings.Join(moves, " or ")
}

// Fixed says whether the limit holds one value, which no press of an
// arrow can leave, and what holds it there: the knobs that narrowed its
// ends, by label ("most workers shared"), or what an end no knob moves
// is held to; by is "" when the knob's own range is one value.
func (l Limit) Fixed() (by string, fixed bool) {
	if l.Kind == KnobChoice || l.Empty() || l.formatNumber(l.Min) != l.formatNumber(l.Max) {
		return "", false
	}
	var names []string
	for _, n := range []*narrowed{l.low, l.high} {
		name := ""
		switch {
		case n == nil:
		case n.by != "":
			name = n.by
		default:
			name = n.why
		}
		if name != "" && !slices.Contains(names, name) {
			names = append(names, name)
		}
	}
	return strings.Join(names, " and "), true
}

// Parse reads a value as the knob does, refusing one out of the limit
// with Check's words.
func (l Limit) Parse(text string) (any, error) { return l.within(l.own.Parse(text)) }

// ParseTyped reads what the learner typed as the knob does (Knob.ParseTyped),
// refusing one out of the limit with Check's words.
func (l Limit) ParseTyped(text string) (any, error) { return l.within(l.own.ParseTyped(text)) }

// within is v, read by the knob, refused when the knob refused it or it is
// out of the limit.
func (l Limit) within(v any, err error) (any, error) {
	if err != nil {
		return nil, err
	}
	if err := l.refuse(v); err != nil {
		return nil, err
	}
	return v, nil
}

// Move moves a value by steps presses on the knob's own grid, kept within
// the limit: an end the design narrowed may lie off that grid.
func (l Limit) Move(v any, steps int) any {
	next := l.own.Move(v, steps)
	f, ok := numeric(next)
	if !ok || l.Kind == KnobChoice || l.Empty() {
		// An empty limit has no end to keep to: clamped, every press
		// landed on its top, so an arrow that stepped onto it could not
		// step back (the most shared at 1 beside 2 workers each).
		return next
	}
	return l.fromNumber(min(max(f, l.Min), l.Max))
}

// Toward is the way an arrow must turn v to reach the limit's range: +1
// when v is under it, -1 when over it, 0 when v is within it (or is a
// choice, or not a number). Another knob can move the range off the value
// the knob holds: overlap-limited shards of at most 2 shared leave 1,000
// customers only 3 workers each, where the start holds 2.
func (l Limit) Toward(v any) int {
	f, ok := numeric(v)
	switch {
	case !ok || l.Kind == KnobChoice || l.Empty():
		return 0
	case l.formatNumber(f) != l.formatNumber(l.Min) && f < l.Min:
		return 1
	case l.formatNumber(f) != l.formatNumber(l.Max) && f > l.Max:
		return -1
	}
	return 0
}

// Widen says how to widen the limit, for a note: the moves of the knobs
// that narrowed its ends which do widen it ("raise most workers shared
// for more"); "" when no move of another knob does.
func (l Limit) Widen() string {
	var out []string
	for _, n := range []*narrowed{l.low, l.high} {
		if n != nil && n.widen != "" && !slices.Contains(out, n.widen) {
			out = append(out, n.widen)
		}
	}
	return strings.Join(out, "; ")
}

// Narrowed says what narrowed the limit's range, for a note: "" when it
// is the knob's own.
func (l Limit) Narrowed() string {
	var out []string
	for _, n := range []*narrowed{l.low, l.high} {
		if n == nil {
			continue
		}
		s := n.why
		if a := n.advice(n == l.low); a != "" {
			s += ": " + a
		}
		out = append(out, s)
	}
	return strings.Join(out, "; ")
}
