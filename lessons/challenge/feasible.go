package challenge

import (
	"fmt"
	"math"
	"strings"

	"github.com/breakerlab/breakerlab/lessons"
)

// A goal whose bound lies where its metric never goes ("share browse ok
// >= 101%", "param payment.bulkhead <= -1" on a knob from 0 to 20), goals
// on one knob that no value meets together, or a par no design can beat
// would give the learner a level that cannot be passed, or a third star
// out of reach, whatever they do. feasible refuses them when the file is
// loaded, with what is wrong and what is allowed. It knows only what holds
// whatever the run does: every metric is at least 0, a share at most
// 100 %, and a knob stays in its range; a goal the engine's numbers make
// impossible is the teacher's to find with --check.

// span is the values a metric can take that meet some bounds: from lo to
// hi, both included; whole for a knob of whole numbers.
type span struct {
	lo, hi float64
	whole  bool
}

// eps is the slack Goal.holds gives a bound.
const eps = 1e-9

// with narrows the span to the values that meet op want.
func (s span) with(op string, want float64) span {
	switch op {
	case "<":
		s.hi = math.Min(s.hi, want-eps)
	case "<=":
		s.hi = math.Min(s.hi, want+eps)
	case ">":
		s.lo = math.Max(s.lo, want+eps)
	case ">=":
		s.lo = math.Max(s.lo, want-eps)
	default: // ==
		s.lo, s.hi = math.Max(s.lo, want-eps), math.Min(s.hi, want+eps)
	}
	return s
}

func (s span) empty() bool {
	if s.whole {
		return math.Ceil(s.lo) > math.Floor(s.hi)
	}
	return s.lo > s.hi
}

// has says whether v is in the span.
func (s span) has(v float64) bool { return v >= s.lo && v <= s.hi }

// knobOf is the numeric knob a param goal reads, or nil.
func (c *Challenge) knobOf(g *Goal) *Knob {
	if g.Metric != "param" || len(g.Args) != 1 {
		return nil
	}
	for i := range c.Knobs {
		if c.Knobs[i].Path == g.Args[0] && c.Knobs[i].Kind != KnobChoice {
			return &c.Knobs[i]
		}
	}
	return nil
}

// rangeOf is what the goal's metric can be whatever the design, and how a
// message says so; ok is false for a metric this cannot tell (a param of
// a setting no knob turns, which is what the scenario says).
func (c *Challenge) rangeOf(g *Goal) (s span, says string, ok bool) {
	if k := c.knobOf(g); k != nil {
		s := span{lo: k.Min, hi: k.Max, whole: k.Kind == KnobInt}
		says := fmt.Sprintf("the knob %s takes %s", k.Path, k.Range())
		if k.zeroIsNone() && k.Min <= 0 {
			// Its zero is none at all, which meets no bound (param).
			s.lo = math.Max(s.lo, 2*eps)
			says += fmt.Sprintf(", and at 0 there is %s to measure", k.noneWords())
		}
		return s, says, true
	}
	if g.Metric == "param" {
		return span{}, "", false
	}
	if metrics[g.Metric].kind == lessons.KindFraction {
		return span{lo: 0, hi: 1}, fmt.Sprintf("%s is a share, from 0%% to 100%%", g.Metric), true
	}
	return span{lo: 0, hi: math.Inf(1)}, fmt.Sprintf("%s is never below 0", g.Metric), true
}

// beatText is the par as a design must beat it, its bound excluded:
// "param workers < 60" for "param workers <= 60".
func beatText(p *Goal) string {
	f := strings.Fields(p.Text)
	if len(f) >= 2 {
		f[len(f)-2] = strings.TrimSuffix(p.Op, "=")
	}
	return strings.Join(f, " ")
}

// feasible refuses goals, claims and a par that no design can meet, and a
// par no design on the knobs' steps can beat.
func (l *loader) feasible(c *Challenge) error {
	type named struct {
		g     *Goal
		field string
		line  int
	}
	var goals []named
	for i := range c.Goals {
		goals = append(goals, named{&c.Goals[i], fmt.Sprintf("goals[%d].expect", i+1), l.ln.find("goals", i, "expect")})
	}
	all := goals
	for i := range c.Claims {
		all = append(all, named{&c.Claims[i], fmt.Sprintf("claims[%d].expect", i+1), l.ln.find("claims", i, "expect")})
	}
	// A why's claims are held to the same, each on the line of its why.
	for i := range c.Knobs {
		k := &c.Knobs[i]
		for j := range k.Ranges {
			at := l.whyAt[fmt.Sprintf("%s#%d", k.Path, j)]
			for m := range k.Ranges[j].Claims {
				all = append(all, named{&k.Ranges[j].Claims[m], fmt.Sprintf("knobs[%d].why[%d].claims[%d]", i+1, at[1]+1, m+1), l.ln.find("knobs.why", at[0], "claims")})
			}
		}
		for _, ch := range k.Choices {
			name := FormatValue(ch)
			at := l.whyAt[k.Path+"="+name]
			cl := k.WhyClaims[name]
			for m := range cl {
				all = append(all, named{&cl[m], fmt.Sprintf("knobs[%d].why[%d].claims[%d]", i+1, at[1]+1, m+1), l.ln.find("knobs.why", at[0], "claims")})
			}
		}
	}
	var par *named
	if c.Par.Goal != nil {
		par = &named{c.Par.Goal, "par.expect", l.ln.find("par", 0, "expect")}
		all = append(all, *par)
	}
	// Each on its own.
	for _, n := range all {
		s, says, ok := c.rangeOf(n.g)
		if ok && s.with(n.g.Op, n.g.Want.F).empty() {
			return l.errorf(n.line, n.field, "%q can never hold: %s", n.g.Text, says)
		}
	}
	// The goals on one knob, together: a design sets it once.
	for i := range c.Knobs {
		k := &c.Knobs[i]
		if k.Kind == KnobChoice {
			continue
		}
		s, _, _ := c.rangeOf(&Goal{Metric: "param", Args: []string{k.Path}})
		var on []string
		for _, n := range goals {
			if c.knobOf(n.g) == k {
				s = s.with(n.g.Op, n.g.Want.F)
				on = append(on, fmt.Sprintf("%s (%q)", strings.TrimSuffix(n.field, ".expect"), n.g.Text))
			}
		}
		if len(on) > 1 && s.empty() {
			return l.errorf(goals[0].line, "goals", "%s never hold together: no value of %s from %s meets them all", strings.Join(on, " and "), k.Path, k.Range())
		}
	}
	if par == nil {
		return nil
	}
	p := par.g
	if p.Op != "<=" && p.Op != ">=" {
		return l.errorf(par.line, par.field, "a par is written with <= or >=: met with its bound, it is beaten with the bound excluded, and %q leaves no bound to exclude, so no design could earn the third star", p.Text)
	}
	beat := strings.TrimSuffix(p.Op, "=")
	k := c.knobOf(p)
	if k == nil {
		s, says, ok := c.rangeOf(p)
		if ok && s.with(beat, p.Want.F).empty() {
			return l.errorf(par.line, par.field, "%q can be met but never beaten: the third star needs %q, and %s; set the par so that a design can beat it",
				p.Text, beatText(p), says)
		}
		return nil
	}
	// A par on a knob is beaten by a value on the knob's steps that meets
	// the goals on that knob too (FORMAT.md: "set it so that a design on
	// the knobs' own steps can beat it").
	s := span{lo: math.Inf(-1), hi: math.Inf(1)}.with(beat, p.Want.F)
	for _, n := range goals {
		if c.knobOf(n.g) == k {
			s = s.with(n.g.Op, n.g.Want.F)
		}
	}
	n := int(math.Floor((k.Max-k.Min)/k.Step + eps))
	for i := 0; i <= n+1; i++ {
		v := math.Min(k.Min+float64(i)*k.Step, k.Max)
		if v == 0 && k.zeroIsNone() {
			continue // none at all: param reads no value to beat the par with
		}
		if s.has(v) {
			return nil
		}
	}
	return l.errorf(par.line, par.field, "%q cannot be beaten: the third star needs %q with every goal met, and no value on the knob's steps (%s, by %s) gives it; set the par so that one does",
		p.Text, beatText(p), k.Range(), k.StepText())
}
