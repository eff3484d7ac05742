package sandbox

import (
	"cmp"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/sweep"
	"github.com/breakerlab/breakerlab/lessons"
	"github.com/breakerlab/breakerlab/tui/pane"
	"github.com/breakerlab/breakerlab/tui/sweepui"
)

// The axis a sandbox sweep takes for one knob, and what the picker says of
// it. The range is a quarter of the knob's value to twice it, cut to the
// values the scenario takes: workers at 100,000 (the most there may be)
// went from 25,000 to 200,000, and the picker announced twelve values
// while the sweep quietly ran the six the scenario took, so the heading
// and the heatmap disagreed. Now the ends are moved in to the last values
// the scenario takes before the grid is laid, and the picker says so. The
// grid's values are round ones a learner would type (roundAxis), not the
// range cut in equal parts: workers 50, 100, 150, not 50, 82, 114.

// span is a knob's axis around its value, as the sweep runs it.
type span struct {
	ax sweep.Axis
	x  float64 // the design's value, in the axis's unit
	// cutLo and cutHi say that the range's low or high end was moved in
	// to the least or most value the scenario takes.
	cutLo, cutHi bool
	// refusedLo and refusedHi are the round values a cut end lies just
	// inside of when the scenario refuses the round value itself and
	// takes every value past it (a fault that must end after 10 s): the
	// end is then a round value a little inside, not 10.000001s; nil when
	// the end is the limit itself.
	refusedLo, refusedHi any
	// refused counts values inside the range that the scenario refused
	// all the same, left out of the axis.
	refused int
	// fromRun says what of the design's run the range of a knob at none
	// goes up to (runTop), "" when it is the fixed one.
	fromRun string
	// ladder names the round values of an axis laid denser at its low
	// end (noneAxis: "1-2-5"), "" for one in equal steps; the picker
	// says it.
	ladder string
	// paired says where the axis was cut to part it from the other
	// axis, a breaker's window from its minimum calls (partPair), "" when
	// it was not.
	paired string
}

// aroundEnds is the range around sweeps for a knob of value cur, before
// it is cut to what the scenario takes: from a quarter of cur to twice it
// (shares stop at 1); a knob at zero, which has no quarter or double, from
// 0 to 10 (whole numbers), to 1 (other numbers) or to 1 s (durations).
// The ends are in the knob's terms: int64, float64 or time.Duration.
func aroundEnds(cur any, path string) (lo, hi any, err error) {
	switch c := cur.(type) {
	case int64:
		if c == 0 {
			return int64(0), int64(10), nil
		}
		// One attempt is no retry, and one instance the fewest a service
		// runs (0 is read as 1, engine.Service.Instances: a column of 0
		// repeated 1's, and the form refuses it): up from there, to three
		// retries or four instances, where twice it would be one more.
		least := strings.HasSuffix(path, "retry.attempts") || strings.HasSuffix(path, ".instances")
		if c == 1 && least {
			return int64(1), int64(4), nil
		}
		lo := int64(math.Round(float64(c) * sweepLow))
		if least {
			lo = max(lo, 1)
		}
		return lo, int64(math.Round(float64(c) * sweepHigh)), nil
	case float64:
		if c == 0 {
			return 0.0, 1.0, nil
		}
		h := c * sweepHigh
		if share(path) {
			h = math.Min(h, 1)
		}
		return c * sweepLow, h, nil
	case string:
		d, err := time.ParseDuration(c)
		if err != nil {
			return nil, nil, fmt.Errorf("%s: %w", path, err)
		}
		if d == 0 {
			return time.Duration(0), time.Second, nil
		}
		return (d / 4).Round(time.Millisecond), d * 2, nil
	}
	return nil, nil, fmt.Errorf("%s holds %v, not a number", path, cur)
}

// endText writes an end of a range as the axis spec reads it, and as the
// picker quotes it.
func endText(v any) string {
	switch x := v.(type) {
	case int64:
		return strconv.FormatInt(x, 10)
	case float64:
		if x == math.Trunc(x) && math.Abs(x) < 1e15 {
			// Whole, as a rate often is: "1000000", not "1e+06", and
			// whole ends make an axis of whole numbers, as before a cut.
			return strconv.FormatFloat(x, 'f', 0, 64)
		}
		// Six digits read well; an end cut at a limit needs every digit,
		// or its text could stand for a value past the limit.
		if t := strconv.FormatFloat(x, 'g', 6, 64); sweep.ParsesTo(t, x) {
			return t
		}
		return strconv.FormatFloat(x, 'g', -1, 64)
	case time.Duration:
		return x.String()
	case string:
		return x
	}
	return fmt.Sprint(v)
}

// spanAround is the axis for path centred on its value in sc: round
// values (roundAxis) over aroundEnds' range cut to the values the scenario
// takes, steps values at most, with the current value itself one of them,
// and only values the scenario accepts with this knob alone set.
func spanAround(sc *engine.Scenario, v int, path string, steps int) (span, error) {
	return spanAroundRun(sc, v, path, steps, nil)
}

// spanAroundRun is spanAround with the design's run at hand: run, when
// not nil, gives the design (sc, variant v) played to its end, and a knob
// at none whose run has a figure for it (runTop) is swept from none up to
// that figure, rounded out, not over the fixed 0 to 10. It is called only
// for such a knob, so that a sweep of any other runs nothing more.
func spanAroundRun(sc *engine.Scenario, v int, path string, steps int, run func() *engine.Snapshot) (span, error) {
	cur, ok := lessons.KnobValue(sc, v, path)
	if !ok {
		return span{}, fmt.Errorf("%s has no value to sweep around", path)
	}
	lo, hi, err := aroundEnds(cur, path)
	if err != nil {
		return span{}, err
	}
	refusal := func(val any) error {
		c := cloneScenario(sc)
		if err := lessons.SetKnob(c, v, path, setting(val)); err != nil {
			return err
		}
		return c.Validate()
	}
	takes := func(val any) bool { return refusal(val) == nil }
	var sp span
	if run != nil && lessons.NoneWords(path) != "" && isZero(cur) {
		if fin := run(); fin != nil {
			if top, why, ok := runTop(fin, path, cur); ok {
				switch {
				case takes(top):
					hi, sp.fromRun = top, why
				case takes(hi):
					// The run held more than the scenario lets the knob
					// take (a hang's abandoned calls, thousands, past a
					// bulkhead's most, the pool's workers): up to that
					// most, cut there. (Left to the search for the least
					// taken below, a top far past the limit was refused
					// at every doubling, and the picker offered no sweep.)
					hi, sp.fromRun, sp.cutHi = lastTaken(hi, top, takes), why, true
				}
			}
		}
	}
	if lessons.NoneWords(path) != "" && isZero(cur) && !takes(hi) && !takes(times(hi, 0.1)) {
		// A knob at none whose small values the scenario refuses (a
		// memory limit must be above the process's base): the range goes
		// up from the least it takes, to ten times it, where 0 to 10 was
		// all refused and the picker said only "no range above none to
		// sweep". (A range refused only at its top, a wait that must stay
		// under the timeout, is cut below.)
		least, last, ok := leastTaken(hi, takes)
		if !ok {
			// A memory limit from none needs a restart time too: say so,
			// in the scenario's words at the largest value tried.
			return span{}, fmt.Errorf("%s: no value above none that the scenario takes with this knob alone set: at %s, %v", path, endText(last), refusal(last))
		}
		hi = times(least, 10)
	}
	if at, ok := knobPoint(cur); ok && takes(cur) {
		other := [2]any{lo, hi}
		if !takes(hi) {
			hi, sp.cutHi = lastTaken(at, hi, takes), true
			hi, sp.refusedHi = roundInside(at, hi, other[0], steps, takes)
		}
		if !takes(lo) {
			lo, sp.cutLo = lastTaken(at, lo, takes), true
			lo, sp.refusedLo = roundInside(at, lo, other[1], steps, takes)
		}
	}
	if lessons.NoneWords(path) != "" && isZero(cur) {
		// A knob whose 0 is none (no timeout, no bulkhead) is no point
		// of a scale: the design's "none" is a column of its own, and
		// the rest are round values up to the range's end.
		ax, ladder, err := noneAxis(path, hi, steps, sp.cutHi, sp.fromRun != "", takes)
		if err != nil {
			return span{}, err
		}
		sp.ladder = ladder
		return sp.keep(ax, 0, takes, path)
	}
	ax, x, err := roundAxis(path, cur, lo, hi, sp.cutLo, sp.cutHi, steps, takes)
	if err != nil {
		return span{}, err
	}
	return sp.keep(ax, x, takes, path)
}

// roundAxis lays the axis from lo to hi around the design's value cur:
// values on a round step (1, 2, 2.5 or 5 times a power of ten, in the
// knob's own counting: whole numbers for counts, microseconds for
// durations, so that a step is a round number of ms, and plain numbers for
// rates and shares), the least such step that gives steps values at most,
// as a learner would type them: workers at 200 over 50..400 in 12 values
// at most are 50, 100 ... 400, not 50, 82, 114, 145. An end off the step
// moves out to the next value on it when the scenario takes that value
// (never down to 0, often none or no traffic, from a range above it, nor a
// share over 1), else in. An end cut at a limit stays the limit, so "cut
// at" stays true, and a round value within a quarter step of it goes. The
// design's own value is kept exactly: it replaces the round value within a
// quarter step of it, or goes between two when there is room, else it
// replaces the nearest. x is the design's place on the axis.
func roundAxis(path string, cur, lo, hi any, cutLo, cutHi bool, steps int, takes func(any) bool) (sweep.Axis, float64, error) {
	at, ok := knobPoint(cur)
	if !ok {
		return sweep.Axis{}, 0, fmt.Errorf("%s holds %v, which has no range around it to sweep", path, cur)
	}
	kind := countingOf(at)
	l, h, xc := kind.count(lo), kind.count(hi), kind.count(at)
	if !(l <= h) || math.IsInf(h, 0) {
		return sweep.Axis{}, 0, fmt.Errorf("%s: no range around %v to sweep (%s to %s)", path, cur, endText(lo), endText(hi))
	}
	type point struct {
		c     float64 // in the knob's counting
		val   any     // the value in the knob's terms
		fixed bool    // a cut end, which stays
		own   bool    // the design's value
	}
	// lay is every round value of step st over the range, with the limits
	// it was cut at.
	lay := func(st roundTo) []point {
		s := st.size()
		kLo, kHi := int64(math.Ceil(l/s-1e-9)), int64(math.Floor(h/s+1e-9))
		out := func(k int64) bool {
			c := st.at(k)
			return (c > 0 || l == 0) && !(share(path) && c > 1) && takes(kind.value(c))
		}
		if k := int64(math.Floor(l/s + 1e-9)); !cutLo && k < kLo && out(k) {
			kLo = k
		}
		if k := int64(math.Ceil(h/s - 1e-9)); !cutHi && k > kHi && out(k) {
			kHi = k
		}
		var pts []point
		if cutLo {
			pts = append(pts, point{l, lo, true, false})
		}
		for k := kLo; k <= kHi; k++ {
			c := st.at(k)
			if (cutLo && c-l < s/4) || (cutHi && h-c < s/4) {
				continue // at or too near the limit, which stays
			}
			pts = append(pts, point{c, kind.value(c), false, false})
		}
		if cutHi {
			pts = append(pts, point{h, hi, true, false})
		}
		return pts
	}
	var pts []point
	quarter := 0.0 // a quarter of the step
	if h > l && steps >= 2 {
		// The least round step that lays steps values at most.
		st := firstStep((h-l)/float64(steps-1), kind.whole)
		for pts = lay(st); len(pts) > steps && st.size() <= 2*(h-l); pts = lay(st) {
			st = st.next(kind.whole)
		}
		quarter = st.size() / 4
		// Half as many values as asked or fewer (a whole step cannot be
		// 2.5, and goes from 2 to 5): the step before, with values left
		// off its ends, does when what is left covers most of the range
		// and holds the design and the limits. A bulkhead of 10 over
		// 3..20 in 8 values is 4, 6 ... 18, not 5, 10, 15, 20.
		if fine := st.prev(kind.whole); 2*len(pts) <= steps && fine != st {
			all := lay(fine)
			best, most := -1, 0.0
			for i := 0; i+steps <= len(all); i++ {
				a, b := all[i], all[i+steps-1]
				if (all[0].fixed && i > 0) || (all[len(all)-1].fixed && i+steps < len(all)) || xc < a.c || xc > b.c {
					continue
				}
				cover := min(b.c, h) - max(a.c, l)
				if cover > most || (cover == most && math.Abs(a.c+b.c-2*xc) < math.Abs(all[best].c+all[best+steps-1].c-2*xc)) {
					best, most = i, cover
				}
			}
			if best >= 0 && most >= 0.8*(h-l) {
				pts, quarter = all[best:best+steps], fine.size()/4
			}
		}
	}
	// The design's own value, exactly.
	design := point{xc, at, false, true}
	near, same := -1, false // the nearest value that is no limit
	for i, p := range pts {
		if p.c == xc && p.fixed {
			same = true // the design is at the limit
			pts[i].own = true
		}
		if !p.fixed && (near < 0 || math.Abs(p.c-xc) < math.Abs(pts[near].c-xc)) {
			near = i
		}
	}
	switch {
	case same:
	case near >= 0 && (math.Abs(pts[near].c-xc) < quarter || len(pts) >= steps):
		pts[near] = design
	default:
		pts = append(pts, design)
	}
	slices.SortStableFunc(pts, func(a, b point) int { return cmp.Compare(a.c, b.c) })

	// The axis in the knob's terms, as sweep.ParseVary writes one: whole
	// numbers as int64 (a rate's too, unless the knob takes shares or
	// factors), durations as text with X in ms, or in s from 10 s up.
	first, err := sweep.ParseVary(fmt.Sprintf("%s=%s..%s:1", path, endText(lo), endText(lo)))
	if err != nil {
		return sweep.Axis{}, 0, err
	}
	ax := sweep.Axis{Path: path, Unit: first.Unit}
	scale := float64(time.Millisecond)
	if kind.dur {
		ax.Unit = "ms"
		if pts[len(pts)-1].c >= float64(10*time.Second/time.Microsecond) {
			ax.Unit, scale = "s", float64(time.Second)
		}
	}
	whole := kind.float && !share(path) && !strings.HasSuffix(path, ".backoff")
	for _, p := range pts {
		if f, ok := p.val.(float64); ok && f != math.Trunc(f) {
			whole = false
		}
	}
	var x float64
	for _, p := range pts {
		val, px := p.val, 0.0
		switch v := val.(type) {
		case int64:
			px = float64(v)
		case float64:
			px = v
			if whole {
				val = int64(v)
			}
		case time.Duration:
			px, val = float64(v)/scale, v.String()
		}
		if p.own {
			x = px
			if _, ok := cur.(string); ok && !p.fixed {
				val = cur // a duration as the design writes it
			}
		}
		ax.Values, ax.X = append(ax.Values, val), append(ax.X, px)
	}
	return ax, x, nil
}

// counting is how a knob's values are counted on a round axis: whole
// numbers, plain numbers, or durations in microseconds.
type counting struct {
	whole, dur, float bool
}

func countingOf(at any) counting {
	switch at.(type) {
	case int64:
		return counting{whole: true}
	case time.Duration:
		return counting{whole: true, dur: true}
	}
	return counting{float: true}
}

// count is v, a value of the knob's kind, in its counting.
func (k counting) count(v any) float64 {
	switch x := v.(type) {
	case int64:
		return float64(x)
	case float64:
		return x
	case time.Duration:
		return float64(x) / float64(time.Microsecond)
	}
	return math.NaN()
}

// value is c, in the knob's counting, as a value of its kind.
func (k counting) value(c float64) any {
	switch {
	case k.dur:
		return time.Duration(math.Round(c)) * time.Microsecond
	case k.whole:
		return int64(math.Round(c))
	}
	return c
}

// roundTo is a round step, m (1, 2, 2.5 or 5) times ten to the e.
type roundTo struct {
	m float64
	e int
}

// firstStep is the least round step at least raw; whole steps are 1 or
// more and never 2.5.
func firstStep(raw float64, whole bool) roundTo {
	if !(raw > 0) || math.IsInf(raw, 0) {
		raw = 1
	}
	st := roundTo{1, int(math.Floor(math.Log10(raw)))}
	for _, m := range []float64{1, 2, 2.5, 5} {
		if c := (roundTo{m, st.e}); c.size() >= raw*(1-1e-9) && c.ok(whole) {
			return c
		}
	}
	return roundTo{1, st.e + 1}.least(whole)
}

// least is st, or the first round step above it that a whole knob takes.
func (st roundTo) least(whole bool) roundTo {
	for !st.ok(whole) {
		st = st.next(false)
	}
	return st
}

func (st roundTo) ok(whole bool) bool {
	return !whole || (st.e >= 1 || (st.e == 0 && st.m != 2.5))
}

// next is the round step after st.
func (st roundTo) next(whole bool) roundTo {
	switch st.m {
	case 1:
		st.m = 2
	case 2:
		st.m = 2.5
	case 2.5:
		st.m = 5
	default:
		st.m, st.e = 1, st.e+1
	}
	return st.least(whole)
}

// prev is the round step before st, or st when a whole knob has none.
func (st roundTo) prev(whole bool) roundTo {
	p := st
	switch st.m {
	case 1:
		p = roundTo{5, st.e - 1}
	case 2:
		p.m = 1
	case 2.5:
		p.m = 2
	default:
		p.m = 2.5
	}
	if whole && p.m == 2.5 && p.e == 0 {
		p.m = 2
	}
	if !p.ok(whole) {
		return st
	}
	return p
}

func (st roundTo) size() float64 { return st.at(1) }

// at is k steps, written as the nearest float64 to the decimal it is
// (0.3, not 0.30000000000000004).
func (st roundTo) at(k int64) float64 {
	if st.e >= 0 {
		return float64(k) * st.m * math.Pow10(st.e)
	}
	return float64(k) * st.m / math.Pow10(-st.e)
}

// keep is the span of ax's values the scenario takes, the design at x.
func (sp span) keep(ax sweep.Axis, x float64, takes func(any) bool, path string) (span, error) {
	sp.ax, sp.x = sweep.Axis{Path: ax.Path, Unit: ax.Unit}, x
	for i, val := range ax.Values {
		if takes(val) {
			sp.ax.Values = append(sp.ax.Values, val)
			sp.ax.X = append(sp.ax.X, ax.X[i])
		} else {
			sp.refused++
		}
	}
	if len(sp.ax.Values) == 0 {
		return span{}, fmt.Errorf("no value of %s from %s to %s makes a valid scenario", path, ax.Format(0), ax.Format(len(ax.X)-1))
	}
	return sp, nil
}

// around is spanAround's axis and the design's place on it.
func around(sc *engine.Scenario, v int, path string, steps int) (sweep.Axis, float64, error) {
	sp, err := spanAround(sc, v, path, steps)
	return sp.ax, sp.x, err
}

// setting is a range end as lessons.SetKnob takes it: a duration as its
// text, like an axis's values.
func setting(val any) any {
	if d, ok := val.(time.Duration); ok {
		return d.String()
	}
	return val
}

// knobPoint is the knob's current value as a range end (a duration
// parsed); ok is false for a value that cannot be one.
func knobPoint(cur any) (any, bool) {
	switch c := cur.(type) {
	case int64:
		return c, true
	case float64:
		return c, c >= 0 && !math.IsInf(c, 0)
	case string:
		d, err := time.ParseDuration(c)
		return d, err == nil && d >= 0
	}
	return nil, false
}

// lastTaken is the value between from, which the scenario takes, and to,
// which it refuses, nearest to to that the scenario still takes: the
// limit the range is cut at. It halves the gap (the knobs' limits are
// bounds, taken on one side and refused on the other), in whole steps of
// the knob's own kind: whole numbers, the float64s between (counted by
// their bits, in order for numbers of 0 or more) and microseconds, the
// finest an axis of durations holds.
func lastTaken(from, to any, takes func(any) bool) any {
	var ord func(any) int64
	var val func(int64) any
	switch from.(type) {
	case int64:
		ord = func(v any) int64 { return v.(int64) }
		val = func(o int64) any { return o }
	case float64:
		ord = func(v any) int64 { return int64(math.Float64bits(math.Max(v.(float64), 0))) }
		val = func(o int64) any { return math.Float64frombits(uint64(o)) }
	case time.Duration:
		ord = func(v any) int64 { return int64(v.(time.Duration) / time.Microsecond) }
		val = func(o int64) any { return time.Duration(o) * time.Microsecond }
	default:
		return from
	}
	good, bad := ord(from), ord(to)
	if !takes(val(good)) {
		return from // from rounded to the step is refused: keep it as it is
	}
	for good-bad > 1 || bad-good > 1 {
		mid := good + (bad-good)/2
		if takes(val(mid)) {
			good = mid
		} else {
			bad = mid
		}
	}
	return val(good)
}

// roundInside is end, the last value the scenario takes on the way from
// the design's value at, unless the scenario refuses a rounder value just
// past end and takes every one short of it: a bound the scenario holds
// strictly (a fault's end after its start, a p99 over the mean), where
// end is the bound plus the least step the knob counts (10.000001s,
// 80.001ms, 39.999999s), digits no learner would type and the heading
// would print. Then the end is the first value a round step inside the
// bound (a tenth of the axis's step, or finer when the design lies
// nearer), and bound is the refused value the words name. far is the
// range's other end; steps the axis's values at most.
func roundInside(at, end, far any, steps int, takes func(any) bool) (any, any) {
	var bound any // the value just past end, away from the design
	switch e := end.(type) {
	case float64:
		if away := sign(e - at.(float64)); away != 0 && e > 0 {
			bound = math.Nextafter(e, away*math.Inf(1))
		}
	case time.Duration:
		if away := sign(float64(e - at.(time.Duration))); away != 0 {
			if d := e + time.Duration(away)*time.Microsecond; d >= 0 {
				bound = d
			}
		}
	}
	if bound == nil || takes(bound) || len(endText(bound)) >= len(endText(end)) {
		return end, nil // a bound the scenario takes: the end is the limit
	}
	kind := countingOf(at)
	b, x, f := kind.count(bound), kind.count(at), kind.count(far)
	dir := sign(x - b)
	if dir == 0 {
		return end, nil
	}
	st := firstStep(math.Abs(f-b)/float64(max(steps-1, 1))/10, kind.whole)
	for ; ; st = st.prev(kind.whole) {
		s := st.size()
		c := math.Floor(b/s+1e-9)*s + s // the first multiple past b going up
		if dir < 0 {
			c = math.Ceil(b/s-1e-9)*s - s
		}
		if (c-b)*dir > 0 && (x-c)*dir > 0 && takes(kind.value(c)) {
			return kind.value(c), bound
		}
		if st.prev(kind.whole) == st {
			return end, nil
		}
	}
}

func sign(f float64) float64 {
	switch {
	case f > 0:
		return 1
	case f < 0:
		return -1
	}
	return 0
}

// words say how many values the span holds and over what range, as the
// picker announces them ("12 values from 25000 to 100000"), and where the
// range was cut, if it was ("cut at 100000, the most the scenario takes");
// an axis on a ladder says so ("in 1-2-5 steps"), from its own span.
func (sp span) words() (values, cut string) { return sp.wordsIn(showEnd) }

// wordsIn is words with the ends written by show: the picker's, as the
// form writes the knob's values (sweepOverlay.end).
func (sp span) wordsIn(show func(any) string) (values, cut string) {
	ax := sp.ax
	n := len(ax.Values)
	values = fmt.Sprintf("%s from %s to %s", pane.Counted(n, "value", "values"), show(ax.Values[0]), show(ax.Values[n-1]))
	if words := lessons.NoneWords(ax.Path); words != "" && ax.X[0] == 0 && n > 1 {
		// The 0 as a map's axis labels it (sweepui.NoneText): a pool's
		// wait of 0 waits up to the timeout, and "none" read as no wait.
		values = fmt.Sprintf("%s and %s from %s to %s", sweepui.NoneText(words), pane.Counted(n-1, "value", "values"), show(ax.Values[1]), show(ax.Values[n-1]))
	}
	if sp.ladder != "" && n > 2 {
		values += " in " + sp.ladder + " steps"
	}
	if n == 1 {
		values = "1 value, " + show(ax.Values[0])
	}
	switch {
	case sp.cutLo && sp.cutHi:
		cut = "cut to the values the scenario takes"
	case sp.cutHi && sp.refusedHi != nil:
		cut = fmt.Sprintf("cut at %s: the scenario takes nothing from %s up", show(ax.Values[n-1]), show(sp.refusedHi))
	case sp.cutHi:
		cut = fmt.Sprintf("cut at %s, the most the scenario takes", show(ax.Values[n-1]))
	case sp.cutLo && sp.refusedLo != nil:
		cut = fmt.Sprintf("cut at %s: the scenario takes nothing at %s or under", show(ax.Values[0]), show(sp.refusedLo))
	case sp.cutLo:
		cut = fmt.Sprintf("cut at %s, the least the scenario takes", show(ax.Values[0]))
	}
	if sp.fromRun != "" {
		if cut == "" {
			cut = sp.fromRun
		} else {
			cut = sp.fromRun + "; " + cut
		}
	}
	if sp.paired != "" {
		if cut == "" {
			cut = sp.paired
		} else {
			cut += "; " + sp.paired
		}
	}
	if sp.refused > 0 {
		more := fmt.Sprintf("%d more in the range refused by the scenario", sp.refused)
		if cut == "" {
			cut = more
		} else {
			cut += "; " + more
		}
	}
	return values, cut
}

// showEnd writes an axis value for the picker: a number in six digits at
// most, as the heading always has.
func showEnd(v any) string {
	if x, ok := v.(float64); ok && x != math.Trunc(x) {
		return strconv.FormatFloat(x, 'g', 6, 64)
	}
	if d, ok := v.(time.Duration); ok {
		return durText(d) // as the form writes it
	}
	return endText(v)
}

// isZero says whether a knob's value (a number, or a duration's text) is 0.
func isZero(v any) bool {
	switch x := v.(type) {
	case int64:
		return x == 0
	case float64:
		return x == 0
	case string:
		d, err := time.ParseDuration(x)
		return err == nil && d == 0
	case time.Duration:
		return x == 0
	}
	return false
}

// leastTaken is the least value from above up that the scenario takes,
// found by doubling above (to a thousand times it) and then halving the
// gap: ok is false when it takes none of them, and last is the largest
// value tried.
func leastTaken(above any, takes func(any) bool) (least, last any, ok bool) {
	for range 10 {
		up := times(above, 2)
		if takes(up) {
			return lastTaken(up, above, takes), up, true
		}
		above = up
	}
	return nil, above, false
}

// times is a range end v (int64, float64 or time.Duration) times f,
// rounded to a whole number (of nanoseconds) but for a float64, and never
// below 1 for a whole number above 0.
func times(v any, f float64) any {
	switch x := v.(type) {
	case int64:
		return max(int64(math.Round(float64(x)*f)), min(x, 1))
	case float64:
		return x * f
	case time.Duration:
		return time.Duration(math.Round(float64(x) * f))
	}
	return v
}

// noneAxis is the axis of a knob at none (0): none first, then round
// values (1, 2, 2.5 or 5 times a power of ten, as a learner would type
// them) from one step to hi, steps values in all at most. A range cut at
// a limit keeps the limit as its last value, so "cut at" stays true. out
// rounds hi out to the next step, not in: hi is then a figure of the run
// (runTop) the axis must reach, the peak a cap past it no longer bites.
//
// Such a range from the run (out) whose equal steps would leave out a
// decade or more under the first (a step of 10 or more connections or
// calls, or of 10 ms or more) is laid on a ladder instead (ladderAxis:
// 1, 2, 5, 10, 20 ... up to the peak), and ladder names it: go-inventory's
// per-host cap from none to 1,792 went 200, 400 ... 2,000, every column
// past none read alike, and the caps that bite (1 to 30 connections, at
// 50 or 100 requests a second) fell between none and 200. Every other
// axis keeps equal steps: the fixed 0 to 10 (or 1, or 1 s) has its low
// end in it already, a knob of a value is swept from a quarter of it to
// twice it (roundAxis), under a decade, where equal steps read best, and
// a range up from the least a knob takes (a memory limit) to ten times it
// has nothing under it to show. takes says whether the scenario takes a
// value, so that a ladder's columns go to values it takes.
func noneAxis(path string, hi any, steps int, cut, out bool, takes func(any) bool) (sweep.Axis, string, error) {
	var top float64 // hi in the axis's own counting: whole numbers, floats or ms
	switch h := hi.(type) {
	case int64:
		top = float64(h)
	case float64:
		top = h
	case time.Duration:
		top = float64(h) / float64(time.Millisecond)
	}
	if !(top > 0) || steps < 2 {
		return sweep.Axis{}, "", fmt.Errorf("%s: no range above none to sweep", path)
	}
	step := sweep.RoundStep(top / float64(steps-1))
	if _, isInt := hi.(int64); isInt {
		step = math.Max(1, math.Ceil(step))
	}
	if _, isFloat := hi.(float64); out && !isFloat && step >= ladderFrom {
		if ax, ladder, ok := ladderAxis(path, hi, top, steps, cut, takes); ok {
			return ax, ladder, nil
		}
	}
	k := math.Floor(top/step + 1e-9)
	if out && !cut {
		// At most steps-1 values still: step is at least top/(steps-1).
		k = math.Ceil(top/step - 1e-9)
	}
	last := k * step
	end := func(v float64) string {
		switch hi.(type) {
		case int64:
			return strconv.FormatInt(int64(math.Round(v)), 10)
		case time.Duration:
			return time.Duration(math.Round(v * float64(time.Millisecond))).String()
		}
		return strconv.FormatFloat(v, 'g', -1, 64)
	}
	ax, err := sweep.ParseVary(fmt.Sprintf("%s=%s..%s:%d", path, end(step), end(last), int(k)))
	if err != nil {
		return sweep.Axis{}, "", err
	}
	ax.Typed = "" // the form's range, which nobody typed: refusals name the cells
	if cut && last < top-1e-9 {
		top1, err := sweep.ParseVary(fmt.Sprintf("%s=%s..%s:1", path, endText(hi), endText(hi)))
		if err == nil && top1.Unit == ax.Unit {
			ax.Values, ax.X = append(ax.Values, top1.Values[0]), append(ax.X, top1.X[0])
		}
	}
	return withNone(ax, hi), "", nil
}

// ladderFrom is the equal step, in the axis's counting (whole numbers, or
// ms), from which an axis from none is laid on a ladder: a decade above
// the least value it counts, 1.
const ladderFrom = 10

// ladders are the round values a decade holds on an axis denser at its
// low end, the finer first: the first whose whole range from 1 to the
// peak fits the grid is taken, else the coarsest, cut at its low end (the
// peak is the run's, and the top is kept).
var ladders = []struct {
	name string
	m    []float64
}{
	{"1-1.5-2-3-5-7", []float64{1, 1.5, 2, 3, 5, 7}},
	{"1-2-3-5", []float64{1, 2, 3, 5}},
	{"1-2-5", []float64{1, 2, 5}},
}

// ladderAxis is the axis of a knob at none from none to top (hi in the
// axis's counting, whole numbers or ms) on a ladder of round values: 1,
// 2, 5, 10, 20, 50 ... to the first at or past top (top itself when the
// scenario refuses that one), or, cut at a limit, up to top itself (a
// round value within a quarter of it goes); whole
// numbers only for a count; values the scenario refuses left out before
// the axis is cut to steps values (none the first). ok is false when
// fewer than two values are left, and equal steps do.
func ladderAxis(path string, hi any, top float64, steps int, cut bool, takes func(any) bool) (ax sweep.Axis, name string, ok bool) {
	_, dur := hi.(time.Duration)
	val := func(c float64) any {
		if dur {
			return time.Duration(math.Round(c * float64(time.Millisecond)))
		}
		return int64(math.Round(c))
	}
	lay := func(m []float64) []float64 {
		var cs []float64
		for e := 0; e < 19; e++ {
			for _, f := range m {
				c := f * math.Pow10(e)
				if !dur && c != math.Trunc(c) {
					continue // no half connection
				}
				if cut && c >= top*0.75 {
					if takes(hi) {
						cs = append(cs, top)
					}
					return cs
				}
				if c >= top-1e-9 {
					switch {
					case takes(val(c)):
						cs = append(cs, c)
					case takes(hi):
						// The round value past the peak is refused (a
						// bulkhead past the workers): the peak itself.
						cs = append(cs, top)
					}
					return cs
				}
				if takes(val(c)) {
					cs = append(cs, c)
				}
			}
		}
		return cs
	}
	var cs []float64
	for i, l := range ladders {
		cs, name = lay(l.m), l.name
		if len(cs) <= steps-1 || i == len(ladders)-1 {
			break
		}
	}
	if len(cs) > steps-1 {
		cs = cs[len(cs)-(steps-1):] // the top is what the run reached
	}
	if len(cs) < 2 {
		return sweep.Axis{}, "", false
	}
	ax = sweep.Axis{Path: path}
	scale := 1.0
	if dur {
		ax.Unit = "ms"
		if cs[len(cs)-1] >= 10_000 {
			ax.Unit, scale = "s", 1000
		}
	} else if one, err := sweep.ParseVary(path + "=1..1:1"); err == nil {
		ax.Unit = one.Unit // as an axis in equal steps counts it
	}
	for _, c := range cs {
		v := val(c)
		if d, isDur := v.(time.Duration); isDur {
			v = d.String()
		}
		ax.Values, ax.X = append(ax.Values, v), append(ax.X, c/scale)
	}
	return withNone(ax, hi), name, true
}

// withNone is ax with none (0, in hi's kind) as its first value.
func withNone(ax sweep.Axis, hi any) sweep.Axis {
	var zero any = int64(0)
	switch hi.(type) {
	case float64:
		zero = 0.0
	case time.Duration:
		zero = "0s"
	}
	ax.Values = append([]any{zero}, ax.Values...)
	ax.X = append([]float64{0}, ax.X...)
	return ax
}

// runTop is the top of the range of a knob at none (cur, 0), read from
// fin, the design's run played to its end with that knob at none, and
// what of the run it is, in the picker's words; ok is false for a knob
// the run has no figure for (a rate limit, a breaker's minimum calls, a
// memory limit), which keeps the fixed range (aroundEnds). The fixed 0 to
// 10 of a cap that the run exceeds many times over drew every cell in
// the worst band (go-inventory's transport held 244 connections at once).
//
//   - A cap on calls (a dependency's or edge's bulkhead, a tenant's share
//     of one) goes up to the most calls in flight at once on that
//     dependency or edge (DependencySnapshot.InFlightMax, what `run`
//     reports as in_flight_max), a pool's size or per-host cap to the most
//     connections in use at once (PoolSnapshot.InUseMax, in_use_max; a
//     host's share is no more than the pool's): past it the cap never
//     bites, so the axis spans where it starts to.
//   - A timeout or a deadline on a dependency or edge goes up to the time
//     its most calls in flight at once took to pile up at its calls' mean
//     rate over the run (Little's law: InFlightMax / (Calls / Duration)),
//     a pool's wait to its most connections in use over its mean rate of
//     handing them out (InUseMax / (Acquired / Duration)). A wait longer
//     than that lets the calls pile up as high as the run with none did,
//     so the axis spans the waits that keep the pile lower: in a hang
//     (cascade's recommendations, 200 workers at about 100 calls a
//     second) about 2 s, past which no timeout saves the workers. Not the
//     slowest answer or a p99, which in a hang is the hang's length or the
//     drain's, a minute where everything from 10 s up is alike; nor a
//     fault's latency, which a hang has not. A client's patience has no
//     such figure and keeps the fixed range.
//
// The run's peak is the whole run's, not the time shown's: the run on
// screen is often stopped before the fault, whose peak is the one that
// matters.
func runTop(fin *engine.Snapshot, path string, cur any) (top any, why string, ok bool) {
	part, key := path, ""
	if i := strings.LastIndexByte(path, '.'); i >= 0 {
		part, key = path[:i], path[i+1:]
	}
	switch cur.(type) {
	case int64:
		switch key {
		case "bulkhead", "shared_per_tenant":
			part = strings.TrimSuffix(part, ".per_tenant_bulkhead")
			d, ok := fin.DependencyAt(part)
			if !ok || d.InFlightMax <= 0 {
				return nil, "", false
			}
			return int64(d.InFlightMax), fmt.Sprintf("%s had at most %s calls in flight at once", zeroRun(path), pane.Count(d.InFlightMax)), true
		case "size", "per_host", "idle_per_host":
			// A host never has more idle than the most it had in use at
			// once (engine.Pool.IdlePerHost), so an idle cap past that
			// closes nothing.
			for _, p := range fin.Pools {
				if p.Name == part && p.InUseMax > 0 {
					return int64(p.InUseMax), fmt.Sprintf("%s had at most %s connections in use at once", zeroRun(path), pane.Count(p.InUseMax)), true
				}
			}
		}
	case string:
		var held int
		var rate float64 // a second
		secs := fin.Duration.Seconds()
		switch key {
		case "timeout", "deadline":
			if d, ok := fin.DependencyAt(part); ok && secs > 0 {
				held, rate = d.InFlightMax, float64(d.Calls)/secs
			}
		case "wait":
			for _, p := range fin.Pools {
				if p.Name == part && secs > 0 {
					held, rate = p.InUseMax, float64(p.Acquired)/secs
				}
			}
		}
		if held <= 0 || !(rate > 0) {
			return nil, "", false
		}
		// To the millisecond: the axis counts in ms, and the words
		// should not print nanoseconds.
		t := time.Duration(float64(held) / rate * float64(time.Second)).Round(time.Millisecond)
		if t <= 0 {
			return nil, "", false
		}
		what := "calls"
		if key == "wait" {
			what = "connections"
		}
		return t, fmt.Sprintf("%s held %s %s at once, %s of them at %s a second", zeroRun(path), pane.Count(held), what, durText(t), strconv.FormatFloat(rate, 'f', 0, 64)), true
	}
	return nil, "", false
}

// zeroRun names the run at path's 0 as the axis labels that 0: "the run
// with none" where 0 is no limit, "the run at 0 (up to the timeout)" for a
// pool's wait, whose 0 is no "none" of waiting.
func zeroRun(path string) string {
	words := lessons.NoneWords(path)
	if sweepui.ZeroLabel(words) == "none" {
		return "the run with none"
	}
	return "the run at " + sweepui.NoneText(words)
}
