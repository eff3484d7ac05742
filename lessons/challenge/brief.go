package challenge

import (
	"errors"
	"fmt"
	"regexp"
	"strings"

	"github.com/breakerlab/breakerlab/lessons"
)

// A brief and a hint quote the challenge's own scenario with placeholders,
// as a lesson's text does, but without a run: the run is the challenge's
// starting design. {{param recommendations.rate}} is the scenario's rate,
// {{little recommendations timeout}} its Little's law, and a metric that
// takes no run ({{littles 20 500ms}}, {{fact r4j.breaker.trials}},
// {{shards 32 2}}) is the lessons' own. On the shuffle lab, param reads the
// fleet ({{param workers}}) and lost, degraded and customers count the
// poisoned customer's victims as a goal does. Every placeholder is filled when the file is
// loaded, on the challenge's first seed; one that cannot be is an error
// naming the field.

// briefPlaceholderRE finds a placeholder and its expression.
var briefPlaceholderRE = regexp.MustCompile(`\{\{(.*?)\}\}`)

// fillBrief fills the placeholders of a brief or a hint (field names it).
func (l *loader) fillBrief(c *Challenge, field, text string, file *lessons.ScenarioFile, lab *lessons.Lab) (string, error) {
	return l.fillAt(c, l.ln.find("", 0, field), field, text, file, lab)
}

// fillWhy fills the placeholders of a [[knobs.why]]'s text, the nth of the
// file's (field names it), as a brief's are: a why that says what a
// timeout of 10 s holds quotes the pool and the rate from the scenario.
func (l *loader) fillWhy(c *Challenge, nth int, field, text string) (string, error) {
	return l.fillAt(c, l.ln.find("knobs.why", nth, "text"), field, text, l.scenario, l.lab)
}

// fillAt fills text's placeholders; line is where text opens in the file,
// for an error naming the placeholder's own line.
func (l *loader) fillAt(c *Challenge, line int, field, text string, file *lessons.ScenarioFile, lab *lessons.Lab) (string, error) {
	var b strings.Builder
	last := 0
	for _, m := range briefPlaceholderRE.FindAllStringSubmatchIndex(text, -1) {
		b.WriteString(text[last:m[0]])
		last = m[1]
		expr := strings.TrimSpace(text[m[2]:m[3]])
		s, err := evalBrief(c, expr, file, lab)
		if err != nil {
			return "", l.errorf(l.ln.placeholderLine(line, text, m[0], m[1]), field, "placeholder {{%s}}: %v", expr, err)
		}
		b.WriteString(s)
	}
	b.WriteString(text[last:])
	return paragraphs(b.String()), nil
}

// paragraphs joins the lines of each paragraph with single spaces, so that
// a line the placeholders shortened does not show ragged where the text is
// printed as it is; paragraphs stay apart by a blank line.
func paragraphs(text string) string {
	paras := strings.Split(text, "\n\n")
	for i, p := range paras {
		paras[i] = strings.Join(strings.Fields(p), " ")
	}
	return strings.Join(paras, "\n\n")
}

// evalBrief evaluates one placeholder's expression against the challenge.
func evalBrief(c *Challenge, expr string, file *lessons.ScenarioFile, lab *lessons.Lab) (string, error) {
	body, format, hasFormat := strings.Cut(expr, "|")
	f := strings.Fields(body)
	if len(f) == 0 {
		return "", errors.New("empty: write a metric and its arguments, such as {{param workers}}")
	}
	if c.Fleet != nil && (f[0] == "param" || metrics[f[0]].shuffle) {
		// The shuffle lab's own metrics, on the challenge's first seed.
		m := metrics[f[0]]
		if len(f)-1 < m.min || len(f)-1 > m.max {
			return "", fmt.Errorf("%s takes %s", f[0], usageOf(f[0]))
		}
		o := &outcome{fleet: c.Fleet}
		if m.shuffle {
			out, err := c.Fleet.poison(c.Seeds[0])
			if err != nil {
				return "", err
			}
			o.lost, o.hurt, o.victims = out.Lost, out.Degraded, out.Customers
		}
		v, _, err := m.eval(o, f[1:])
		if err != nil {
			return "", err
		}
		return v.Format(strings.TrimSpace(format))
	}
	usage := strings.Fields(lessons.MetricUsage(f[0]))
	if len(usage) > 1 && usage[1] == "RUN" {
		if file == nil {
			return "", fmt.Errorf("%s measures a scenario, and this challenge is on the shuffle lab", f[0])
		}
		if len(f) > 1 && strings.Contains(f[1], "/") {
			return "", fmt.Errorf("a brief's placeholder names no run (%s is the challenge's scenario): write {{%s %s}}", f[1], f[0], strings.Join(f[2:], " "))
		}
		f = append([]string{f[0], "step"}, f[1:]...)
	}
	rewritten := strings.Join(f, " ")
	if hasFormat {
		rewritten += " | " + strings.TrimSpace(format)
	}
	var out string
	var err error
	if file != nil {
		out, err = lab.FillScenarioText("brief", "{{"+rewritten+"}}", file, c.Seeds[0])
	} else {
		out, err = lab.FillText("brief", "{{"+rewritten+"}}")
	}
	if err != nil {
		return "", innermost(err)
	}
	return out, nil
}

// innermost is the cause at the bottom of a chain of wrapped errors: the
// message without the rewritten placeholder the lessons package saw.
func innermost(err error) error {
	for {
		next := errors.Unwrap(err)
		if next == nil {
			return err
		}
		err = next
	}
}

// UncheckedTexts lists, by text, the numbers the challenge's brief, hint
// and [[knobs.why]] texts type by hand: not a placeholder, not a name (p99, 503), and not a given, that is,
// not stated by one of the challenge's goals, its par or its claims ("no
// more than 24 workers" restates param recommendations.bulkhead <= 24,
// which the grader checks; a claim CheckClaims checks on the start). A
// given covers a number only in the given's unit: a par of 40% does not
// check "about 40 slots", nor 20s "20 ms". A built-in challenge has none
// (TestBriefsTypeNoNumber).
func (c *Challenge) UncheckedTexts() []Unchecked {
	givens := map[quantity]bool{}
	addGivens := func(text string) {
		for _, q := range quantitiesIn(text) {
			givens[q.quantity] = true
		}
	}
	for _, g := range c.Goals {
		addGivens(g.Text)
	}
	if c.Par.Goal != nil {
		addGivens(c.Par.Goal.Text)
	}
	for _, g := range c.Claims {
		addGivens(g.Text) // a claim the engine checks (CheckClaims)
	}
	var out []Unchecked
	add := func(where, text string) {
		if n := lessons.UncheckedNumbers(withoutGivens(text, givens)); len(n) > 0 {
			out = append(out, Unchecked{Where: where, Numbers: n})
		}
	}
	add("the brief", c.BriefSource)
	add("the hint", c.HintSource)
	for i := range c.Knobs {
		k := &c.Knobs[i]
		for _, ch := range k.Choices {
			if src, ok := k.WhySource[FormatValue(ch)]; ok {
				add("the why of "+k.Label+" = "+FormatValue(ch), src)
			}
		}
		for _, w := range k.Ranges {
			add("the why of "+k.Label+" "+w.rangeText(k), w.Source)
		}
	}
	return out
}

// Unchecked is a text of the challenge (the brief, the hint, a knob's
// why) and the numbers it types by hand that nothing checks.
type Unchecked struct {
	Where   string // "the brief", "the why of slow after from 1.6 s to 10 s"
	Numbers []string
}

// UncheckedNumbers lists the numbers that every text of the challenge
// types by hand (UncheckedTexts), in the order of the texts.
func (c *Challenge) UncheckedNumbers() []string {
	var out []string
	for _, u := range c.UncheckedTexts() {
		out = append(out, u.Numbers...)
	}
	return out
}

// A quantity is a number as a text writes it, without its thousands
// commas, and the unit that follows it: "%", a unit of time, or none for a
// count, whatever noun follows it.
type quantity struct{ number, unit string }

// quantityRE finds a number and what follows it. A number right after a
// letter, a hyphen or an underscore (p99, v2, x-1) names something and is left
// to lessons.UncheckedNumbers, which knows names.
var quantityRE = regexp.MustCompile(`\d+(?:[.,]\d+)*`)

// percentRE and timeUnitRE read the unit right after a number.
var (
	percentRE  = regexp.MustCompile(`^\s*%`)
	timeUnitRE = regexp.MustCompile(`^\s*(ns|µs|us|ms|s|m|h|seconds?|milliseconds?|minutes?|hours?)\b`)
)

// timeUnits spells each unit of time one way.
var timeUnits = map[string]string{"us": "µs", "second": "s", "seconds": "s", "millisecond": "ms", "milliseconds": "ms",
	"minute": "m", "minutes": "m", "hour": "h", "hours": "h"}

// located is a quantity and where its number is in the text.
type located struct {
	quantity
	from, to int
}

// quantitiesIn lists the quantities text writes, outside its placeholders.
func quantitiesIn(text string) []located {
	var out []located
	inPlaceholder := briefPlaceholderRE.FindAllStringIndex(text, -1)
	for _, at := range quantityRE.FindAllStringIndex(text, -1) {
		if within(at[0], inPlaceholder) || (at[0] > 0 && isNameByte(text[at[0]-1])) {
			continue
		}
		after := text[at[1]:]
		unit := ""
		if percentRE.MatchString(after) {
			unit = "%"
		} else if m := timeUnitRE.FindStringSubmatch(after); m != nil {
			unit = m[1]
			if u, ok := timeUnits[unit]; ok {
				unit = u
			}
		}
		out = append(out, located{quantity{strings.ReplaceAll(text[at[0]:at[1]], ",", ""), unit}, at[0], at[1]})
	}
	return out
}

// within reports whether offset falls in one of spans.
func within(offset int, spans [][]int) bool {
	for _, sp := range spans {
		if offset >= sp[0] && offset < sp[1] {
			return true
		}
	}
	return false
}

// isNameByte is a byte that, right before a number, makes it part of a name.
func isNameByte(b byte) bool {
	return b == '_' || b == '-' || b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z'
}

// withoutGivens blanks each number of text that a given states in the same
// unit, so that lessons.UncheckedNumbers, which matches numbers alone,
// lists only what nothing checks.
func withoutGivens(text string, givens map[quantity]bool) string {
	var b strings.Builder
	last := 0
	for _, q := range quantitiesIn(text) {
		if !givens[q.quantity] {
			continue
		}
		b.WriteString(text[last:q.from])
		b.WriteString("#")
		last = q.to
	}
	b.WriteString(text[last:])
	return b.String()
}
