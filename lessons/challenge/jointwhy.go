package challenge

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// JointWhy is what knobs get wrong together ([[whys]]), told of a design
// where each of its conditions holds: a deadline and a timeout that are
// each fine alone leave no room for a retry when the deadline is no longer
// than the timeout. A [[knobs.why]] speaks of one knob's values and cannot
// see the other's, so a learner's second move, the one that meets the
// first, fell short with no why.
type JointWhy struct {
	When []Condition
	// Text is filled; Source is as the file writes it, for
	// UncheckedTexts. Goals and Claims are a [[knobs.why]]'s.
	Text, Source string
	Goals        []string
	Claims       []Goal
	// knobs are the indices in Challenge.Knobs of the knobs its
	// conditions name, in the challenge's order: the view names each
	// with its value before the text.
	knobs []int
}

// Condition compares knobs' values in a design: "payment.deadline <=
// payment.timeout", "workers < recommendations.bulkhead + 10", or a choice
// with one of its values.
type Condition struct {
	Text string // as the file writes it
	Op   string // <, <=, >, >=, == or !=
	// Left and Right are sums of terms, each a numeric knob's value or a
	// value in their unit (seconds for durations).
	Left, Right []term
	// Choice, when not -1, is the index in Challenge.Knobs of a choice
	// knob compared with another's (Other, or -1) or with one of its
	// values (ChoiceValue); Left and Right are then empty.
	Choice      int
	Other       int
	ChoiceValue string
}

// term is one addend of a condition's side: a knob's value (knob, its
// index) or a number (knob -1), with its sign.
type term struct {
	knob  int
	sign  float64
	value float64
}

type jointWhyTOML struct {
	When   []string `toml:"when"`
	Text   string   `toml:"text"`
	Goals  []string `toml:"goals"`
	Claims []string `toml:"claims"`
}

// conditionOps are the comparisons a condition takes, the two-character
// ones first so that "<=" is not read as "<".
var conditionOps = []string{"<=", ">=", "==", "!=", "<", ">"}

// holds says whether every condition of w holds of the design s (a knob s
// does not set is at the start's value).
func (w *JointWhy) holds(c *Challenge, s Setting) bool {
	for i := range w.When {
		if !w.When[i].holds(c, s) {
			return false
		}
	}
	return true
}

func (cd *Condition) holds(c *Challenge, s Setting) bool {
	if cd.Choice >= 0 {
		v := FormatValue(c.valueIn(s, c.Knobs[cd.Choice].Path))
		want := cd.ChoiceValue
		if cd.Other >= 0 {
			want = FormatValue(c.valueIn(s, c.Knobs[cd.Other].Path))
		}
		return (v == want) == (cd.Op == "==")
	}
	a, ok := sumOf(c, s, cd.Left)
	b, ok2 := sumOf(c, s, cd.Right)
	if !ok || !ok2 {
		return false
	}
	// A knob's own rounding (a duration to the nanosecond) must not
	// decide an equality, as it must not put a value outside a why's end.
	const eps = 1e-9
	switch cd.Op {
	case "<":
		return a < b-eps
	case "<=":
		return a <= b+eps
	case ">":
		return a > b+eps
	case ">=":
		return a >= b-eps
	case "==":
		return a >= b-eps && a <= b+eps
	}
	return a < b-eps || a > b+eps
}

// sumOf adds a condition side's terms for the design s.
func sumOf(c *Challenge, s Setting, terms []term) (float64, bool) {
	sum := 0.0
	for _, t := range terms {
		f := t.value
		if t.knob >= 0 {
			var ok bool
			if f, ok = numeric(c.valueIn(s, c.Knobs[t.knob].Path)); !ok {
				return 0, false
			}
		}
		sum += t.sign * f
	}
	return sum, true
}

// knobsOf are the indices of the knobs cd names.
func (cd *Condition) knobsOf() []int {
	if cd.Choice >= 0 {
		return []int{cd.Choice, cd.Other}
	}
	var out []int
	for _, t := range append(slices.Clone(cd.Left), cd.Right...) {
		out = append(out, t.knob)
	}
	return out
}

// valueIn is the knob's value in s, or the start's where s has none.
func (c *Challenge) valueIn(s Setting, path string) any {
	if v, ok := s[path]; ok {
		return v
	}
	v, _ := c.read(path)
	return v
}

// prefix is what the view writes before w's text for the design s: each
// knob its conditions name, with its value, "payment deadline = 1 s,
// payment timeout = 1 s: ".
func (w *JointWhy) prefix(c *Challenge, s Setting) string {
	var b strings.Builder
	for n, i := range w.knobs {
		if n > 0 {
			b.WriteString(", ")
		}
		k := &c.Knobs[i]
		b.WriteString(k.Label + " = " + k.Format(c.valueIn(s, k.Path)))
	}
	b.WriteString(": ")
	return b.String()
}

// names says whether one of w's conditions names the knob at path.
func (w *JointWhy) names(path string, c *Challenge) bool {
	return slices.ContainsFunc(w.knobs, func(i int) bool { return c.Knobs[i].Path == path })
}

// saidTogether says whether the joint whys told (their indices) speak
// for the knob's why w: one of them names its knob and, between them,
// they explain every miss w would.
func (c *Challenge) saidTogether(told []int, w knobWhy, r *Result) bool {
	missed := r.missed()
	covered := map[string]bool{}
	names := false
	for _, n := range told {
		j := &c.Whys[n]
		names = names || j.names(w.k.Path, c)
		for l := range missed {
			if len(j.Goals) == 0 || slices.Contains(j.Goals, l) {
				covered[l] = true
			}
		}
	}
	if !names {
		return false
	}
	_, goals, _ := w.k.WhyOf(w.v)
	for l := range missed {
		if (len(goals) == 0 || slices.Contains(goals, l)) && !covered[l] {
			return false
		}
	}
	return true
}

// untrueKey is the key r.untrue notes the nth joint why's false claim
// under, apart from the knobs' paths.
func untrueKey(n int) string { return "[[whys]]#" + strconv.Itoa(n) }

// jointWhys are the indices of the joint whys that hold of s and explain a
// goal r misses (or, with no goals, any miss); with untrue, also those
// whose claims the design r grades does not bear out.
func (c *Challenge) jointWhys(s Setting, r *Result, untrue bool) []int {
	missed := r.missed()
	var out []int
	for n := range c.Whys {
		w := &c.Whys[n]
		if _, wrong := r.untrue[untrueKey(n)]; wrong && !untrue {
			continue
		}
		if !w.holds(c, s) {
			continue
		}
		if len(w.Goals) == 0 || slices.ContainsFunc(w.Goals, func(l string) bool { return missed[l] }) {
			out = append(out, n)
		}
	}
	return out
}

// jointBorneOut checks the claims of each joint why that holds of s, on
// the design's runs, noting the first false one in r.untrue.
func (c *Challenge) jointBorneOut(runs *runsOf, s Setting, r *Result) error {
	for n := range c.Whys {
		w := &c.Whys[n]
		if len(w.Claims) == 0 || !w.holds(c, s) {
			continue
		}
		for m := range w.Claims {
			g := &w.Claims[m]
			gr, err := runs.grade(g)
			if err != nil {
				return fmt.Errorf("whys[%d]: claim %q: %w", n+1, g.Text, err)
			}
			if gr.Pass {
				continue
			}
			if r.untrue == nil {
				r.untrue = map[string]string{}
			}
			if _, told := r.untrue[untrueKey(n)]; !told {
				worst := gr.Measures[gr.Worst]
				r.untrue[untrueKey(n)] = fmt.Sprintf("%q, but on seed %d the engine gives %s", g.Text, worst.Seed, gr.Shown())
			}
		}
	}
	return nil
}

// jointWhysOf reads the file's [[whys]], after its knobs and goals: each
// names two knobs or more in its conditions, its goals by their labels.
func (l *loader) jointWhysOf(c *Challenge, ws []jointWhyTOML) error {
	var labels []string
	for _, g := range c.Goals {
		labels = append(labels, g.Label)
	}
	for i, wt := range ws {
		field := func(key string) string { return fmt.Sprintf("whys[%d].%s", i+1, key) }
		line := func(key string) int { return l.ln.find("whys", i, key) }
		w := JointWhy{Goals: wt.Goals}
		for m, text := range wt.When {
			cd, err := c.condition(l, text)
			if err != nil {
				return l.errorf(line("when"), fmt.Sprintf("whys[%d].when[%d]", i+1, m+1), "%v", err)
			}
			w.When = append(w.When, cd)
			for _, k := range cd.knobsOf() {
				if k >= 0 && !slices.Contains(w.knobs, k) {
					w.knobs = append(w.knobs, k)
				}
			}
		}
		slices.Sort(w.knobs)
		if len(w.knobs) < 2 {
			return l.errorf(line("when"), field("when"), "a [[whys]] speaks of knobs together: its conditions name two knobs or more (\"payment.deadline <= payment.timeout\"); a why of one knob's values is a [[knobs.why]] under it")
		}
		if strings.TrimSpace(wt.Text) == "" {
			return l.errorf(line(""), field("text"), "a why needs text = \"...\": what these values get wrong together")
		}
		text, err := l.fillAt(c, line("text"), field("text"), wt.Text, l.scenario, l.lab)
		if err != nil {
			return err
		}
		w.Text, w.Source = strings.Join(strings.Fields(text), " "), strings.Join(strings.Fields(wt.Text), " ")
		for _, label := range wt.Goals {
			if !slices.Contains(labels, label) {
				return l.errorf(line("goals"), field("goals"), "the why names %q, which is not a goal's label; the goals are: %s", label, strings.Join(labels, ", "))
			}
		}
		for m, text := range wt.Claims {
			g, err := l.goalAt(c, text, line("claims"), fmt.Sprintf("whys[%d].claims[%d]", i+1, m+1))
			if err != nil {
				return err
			}
			w.Claims = append(w.Claims, g)
		}
		c.Whys = append(c.Whys, w)
	}
	return nil
}

// condition reads one of a [[whys]]'s conditions: two sides and an
// operator between them. A side adds knobs' paths and values with + and
// - ("recommendations.bulkhead + 10"), each value in the knobs' unit (a
// placeholder as a why's min is); a choice knob is compared alone, with
// == or !=, with another choice knob or one of its choices.
func (c *Challenge) condition(l *loader, text string) (Condition, error) {
	cd := Condition{Text: strings.TrimSpace(text), Choice: -1, Other: -1}
	left, right := "", ""
	for _, op := range conditionOps {
		if a, b, ok := strings.Cut(cd.Text, op); ok {
			left, cd.Op, right = strings.TrimSpace(a), op, strings.TrimSpace(b)
			break
		}
	}
	paths := c.knobPaths()
	if cd.Op == "" || left == "" || right == "" {
		return cd, fmt.Errorf("%q is not a condition: write knobs' paths, one of %s, and knobs' paths or a value, a side adding them with + and -, such as \"payment.deadline <= payment.timeout\"; the knobs are %s", cd.Text, strings.Join(conditionOps, " "), paths)
	}
	if i := c.knobIndex(left); i >= 0 && c.Knobs[i].Kind == KnobChoice {
		k := &c.Knobs[i]
		cd.Choice = i
		if cd.Op != "==" && cd.Op != "!=" {
			return cd, fmt.Errorf("%s is a choice: a condition compares it with == or !=, not %s", left, cd.Op)
		}
		if o := c.knobIndex(right); o >= 0 {
			if c.Knobs[o].Kind != KnobChoice || o == i {
				return cd, fmt.Errorf("%s and %s cannot be compared: a choice is compared with another choice knob or one of its choices", left, right)
			}
			cd.Other = o
			return cd, nil
		}
		if !slices.ContainsFunc(k.Choices, func(ch any) bool { return FormatValue(ch) == right }) {
			return cd, fmt.Errorf("%s is not one of %s's choices (%s)", right, left, k.Range())
		}
		cd.ChoiceValue = right
		return cd, nil
	}
	// The knobs a side names set the unit its values are read in.
	kind := KnobKind(0)
	var words [2][]string
	for n, side := range []string{left, right} {
		words[n] = strings.Fields(side)
		for _, w := range words[n] {
			if i := c.knobIndex(w); i >= 0 {
				k := c.Knobs[i].Kind
				switch {
				case k == KnobChoice:
					return cd, fmt.Errorf("%s is a choice: a condition compares it alone, with == or !=", w)
				case kind == 0:
					kind = k
				case k != kind && !(isCount(k) && isCount(kind)):
					return cd, fmt.Errorf("%s cannot be added to or compared with the other knobs of %q: a condition's knobs are of one kind (durations, numbers or shares)", w, cd.Text)
				}
			}
		}
	}
	if kind == 0 {
		return cd, fmt.Errorf("%q names no knob of this challenge; the knobs are %s", cd.Text, paths)
	}
	for n, dst := range []*[]term{&cd.Left, &cd.Right} {
		terms, err := c.terms(l, words[n], kind)
		if err != nil {
			return cd, err
		}
		*dst = terms
	}
	if len(cd.Left) == 1 && len(cd.Right) == 1 && cd.Left[0].knob >= 0 && cd.Left[0].knob == cd.Right[0].knob {
		return cd, fmt.Errorf("%q compares %s with itself", cd.Text, c.Knobs[cd.Left[0].knob].Path)
	}
	return cd, nil
}

func isCount(k KnobKind) bool { return k == KnobInt || k == KnobNumber }

// terms reads a condition's side, split into words: knobs' paths and
// values, each after the first following + or -. A value may be a
// placeholder of several words ({{midway a b}}), read whole up to the
// next sign.
func (c *Challenge) terms(l *loader, words []string, kind KnobKind) ([]term, error) {
	var out []term
	sign := 1.0
	for n := 0; n < len(words); {
		// A term runs to the next + or - that stands alone.
		end := n
		for end < len(words) && words[end] != "+" && words[end] != "-" {
			end++
		}
		text := strings.Join(words[n:end], " ")
		switch {
		case text == "":
			return nil, fmt.Errorf("a %s with nothing before it: a side adds knobs' paths and values, such as \"recommendations.bulkhead + 10\"", words[end])
		case c.knobIndex(text) >= 0:
			out = append(out, term{knob: c.knobIndex(text), sign: sign})
		default:
			if strings.Contains(text, ".") && !strings.Contains(text, "{{") && !strings.ContainsAny(text[:1], "0123456789") {
				return nil, fmt.Errorf("%q is not a knob of this challenge; the knobs are %s", text, c.knobPaths())
			}
			var v any = text
			if f, err := strconv.ParseFloat(text, 64); err == nil && isCount(kind) {
				v = f
			} else if v, err = l.filledBound(c, kind, text); err != nil {
				return nil, err
			}
			f, err := boundOf(kind, v)
			if err != nil {
				return nil, err // it quotes the value
			}
			out = append(out, term{knob: -1, sign: sign, value: f})
		}
		if end == len(words) {
			break
		}
		if end == len(words)-1 {
			return nil, fmt.Errorf("a %s with nothing after it", words[end])
		}
		sign = map[string]float64{"+": 1, "-": -1}[words[end]]
		n = end + 1
	}
	return out, nil
}
