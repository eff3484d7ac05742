package drill

import (
	"fmt"
	"regexp"
	"slices"
	"strings"

	"github.com/breakerlab/breakerlab/engine/scenarios"
	"github.com/breakerlab/breakerlab/lessons"
)

// InterviewCheck is what CheckPrompts found: how much it checked, and
// every problem, each naming its prompt (and point).
type InterviewCheck struct {
	Prompts, Points, Placeholders, Claims int
	Problems                              []string
}

// OK reports whether no problem was found.
func (c InterviewCheck) OK() bool { return len(c.Problems) == 0 }

// Summary is one line for `breakerlab interview --check`.
func (c InterviewCheck) Summary() string {
	return fmt.Sprintf("%d prompts, %d rubric points: %d placeholders filled, %d claims hold, no unchecked number",
		c.Prompts, c.Points, c.Placeholders, c.Claims)
}

// placeholderRE finds a placeholder's expression, as the lessons write it.
var placeholderRE = regexp.MustCompile(`\{\{\s*(.*?)\s*\}\}`)

// CheckPrompts holds prompts as written (ParsePrompts) to the lessons'
// standard, through lab (nil makes one):
//
//   - each prompt's Scenario is a built-in scenario, and its text quotes
//     that scenario's numbers: it has placeholders, and every one that
//     names a run names SCENARIO/VARIANT of that scenario;
//   - every placeholder of a prompt and of its points fills;
//   - every claim (a prompt's and a point's expect) holds;
//   - a prompt whose rubric sizes by Little's law (rate × p99) gives a
//     rate to size with;
//   - the numbers panel's lines (numbers) fill from the prompt's
//     scenario, with no number typed;
//   - an outage the text speaks of ("down for minutes", "stops
//     answering") is one the scenario plays: a dependency of the variants
//     it quotes fails every call or answers none, for as long as the text
//     says (checkOutage);
//   - a point whose claims play in another scenario than the prompt's
//     names it as `breakerlab sandbox NAME` (checkShown);
//   - a point names the prompt's own parts, not the scenario parts that
//     play them (Parts, checkParts);
//   - no number is typed by hand: the prompt's text has none that is not a
//     placeholder or a name (lessons.UncheckedNumbers), and a point's only
//     those its prompt states, in digits or in words ("twice", "ten
//     calls": lessons.UncheckedNumberWords).
func CheckPrompts(lab *lessons.Lab, raw []Prompt) InterviewCheck {
	if lab == nil {
		lab = lessons.NewLab()
	}
	var c InterviewCheck
	for _, p := range raw {
		c.Prompts++
		where := "prompt " + p.ID
		bad := func(where, format string, args ...any) {
			c.Problems = append(c.Problems, where+": "+fmt.Sprintf(format, args...))
		}
		if _, ok := scenarios.Lookup(p.Scenario); !ok {
			bad(where, "scenario %q is not a built-in scenario (built in: %s)", p.Scenario, strings.Join(scenarios.Names(), ", "))
		}
		if err := checkPartsKeys(p); err != nil {
			bad(where, "%v", err)
		}
		quoted := 0
		for _, run := range runsOf(p.Text) {
			name, _, _ := strings.Cut(run, "/")
			if name != p.Scenario {
				bad(where, "its text quotes %s, but its scenario is %s: a prompt's numbers come from the scenario the sandbox plays", run, p.Scenario)
			}
			quoted++
		}
		if quoted == 0 {
			bad(where, "its text quotes none of its scenario's numbers: write them as placeholders such as {{param %s/0 workers}}", p.Scenario)
		}
		c.Placeholders += len(placeholderRE.FindAllString(p.Text, -1))
		text, err := lab.FillText(where, p.Text)
		if err != nil {
			bad(where, "%s", trimWhere(err, where))
		} else if msg := checkOutage(p, text); msg != "" {
			bad(where, "%s", msg)
		}
		if n := lessons.UncheckedNumbers(p.Text); len(n) > 0 {
			bad(where, "its text types %s by hand: quote the scenario with a placeholder", strings.Join(n, ", "))
		}
		c.Claims += checkClaims(lab, where, p.Expect, bad)
		if sizesByRate(p) && !rateRE.MatchString(p.Text) {
			bad(where, "its rubric sizes a bulkhead by Little's law (rate × p99), but its text gives no rate: "+
				"quote one, such as {{param %s/0 ENDPOINT.rate}}", p.Scenario)
		}
		if msg := checkP99sGiven(p); msg != "" {
			bad(where, "%s", msg)
		}
		for i, line := range p.Numbers {
			at := fmt.Sprintf("%s, numbers line %d", where, i+1)
			c.Placeholders += len(placeholderRE.FindAllString(line, -1))
			for _, run := range runsOf(line) {
				if name, _, _ := strings.Cut(run, "/"); name != p.Scenario {
					bad(at, "quotes %s, but the prompt's scenario is %s", run, p.Scenario)
				}
			}
			if _, err := lab.FillText(at, line); err != nil {
				bad(at, "%s", trimWhere(err, at))
			}
			if n := lessons.UncheckedNumbers(line); len(n) > 0 {
				bad(at, "types %s by hand: quote the scenario with a placeholder", strings.Join(n, ", "))
			}
		}
		for _, pt := range p.Points {
			c.Points++
			at := fmt.Sprintf("%s, point %s", where, pt.ID)
			c.Placeholders += len(placeholderRE.FindAllString(pt.Text, -1))
			if _, err := lab.FillText(at, pt.Text); err != nil {
				bad(at, "%s", trimWhere(err, at))
			}
			if err := checkLibraryQuotes(pt.Text); err != nil {
				bad(at, "%v", err)
			}
			if err := checkSubjects(pt.Text); err != nil {
				bad(at, "%v", err)
			}
			if msg := checkShown(p.Scenario, pt); msg != "" {
				bad(at, "%s", msg)
			}
			if msg := checkParts(p, pt.Text); msg != "" {
				bad(at, "%s", msg)
			}
			if n := lessons.UncheckedNumbers(withoutVersions(pt.Text), text); len(n) > 0 {
				bad(at, "types %s by hand: write a placeholder (a fact, a metric) or a claim", strings.Join(n, ", "))
			}
			if w := lessons.UncheckedNumberWords(pt.Text, text); len(w) > 0 {
				bad(at, "writes %s, a number written in words where the engine computes it: write a placeholder (a fact, a metric) or reword", quoteAll(w))
			}
			c.Claims += checkClaims(lab, at, pt.Expect, bad)
		}
	}
	// A warning's figures quote the lesson it cites (the lesson's own
	// claims hold them): each fills, and types no number by hand.
	for _, m := range myths {
		if m.figures == "" {
			continue
		}
		c.Placeholders += len(placeholderRE.FindAllString(m.figures, -1))
		if n := lessons.UncheckedNumbers(m.figures); len(n) > 0 {
			c.Problems = append(c.Problems, fmt.Sprintf("warning %s: its figures type %s by hand: quote lesson %s's runs with placeholders", m.id, strings.Join(n, ", "), m.lesson))
		}
	}
	if _, err := fillMythFigures(lab); err != nil {
		c.Problems = append(c.Problems, err.Error())
	}
	return c
}

// rateRE finds a placeholder that quotes an endpoint's rate.
var rateRE = regexp.MustCompile(`\{\{\s*param\s+\S+\s+\S+\.rate\s*(\|[^}]*)?\}\}`)

// sizesByRate says whether a prompt's rubric asks for a size from a rate:
// a point that sizes by Little's law, rate × latency.
func sizesByRate(p Prompt) bool {
	for _, pt := range p.Points {
		if strings.Contains(pt.Text, "Little's law") || strings.Contains(pt.Text, "rate ×") {
			return true
		}
	}
	return false
}

// p99RE finds a placeholder quoting a part's p99: its run, its part.
var p99RE = regexp.MustCompile(`\{\{\s*param\s+(\S+)\s+(\S+)\.latency\.p99\s*(?:\|[^}]*)?\}\}`)

// checkP99sGiven names a part whose p99 the rubric sizes by (a timeout
// of 2 × p99, a bulkhead of rate × p99) that neither the prompt's text nor
// its numbers lines give: the notifications prompt graded "2 × 184.2 ms"
// against a text that stated no latency, and at 80 columns, with the
// numbers panel hidden, the candidate had no way to it. It returns "" when
// every such p99 is given.
func checkP99sGiven(p Prompt) string {
	given := map[string]bool{}
	for _, s := range append([]string{p.Text}, p.Numbers...) {
		for _, m := range p99RE.FindAllStringSubmatch(s, -1) {
			given[m[2]] = true
		}
	}
	var missing []string
	for _, pt := range p.Points {
		for _, m := range p99RE.FindAllStringSubmatch(pt.Text, -1) {
			if !given[m[2]] && !slices.Contains(missing, m[2]) {
				missing = append(missing, m[2])
			}
		}
	}
	if len(missing) == 0 {
		return ""
	}
	var quote []string
	for _, part := range missing {
		quote = append(quote, fmt.Sprintf("{{param %s/0 %s.latency.p99}}", p.Scenario, part))
	}
	return fmt.Sprintf("its rubric sizes by the p99 of %s, which its text never gives: quote it (%s)",
		strings.Join(missing, ", "), strings.Join(quote, ", "))
}

// checkClaims evaluates claims and counts those that hold.
func checkClaims(lab *lessons.Lab, where string, claims []string, bad func(string, string, ...any)) int {
	n := 0
	for _, claim := range claims {
		r, err := lab.CheckClaim(where, claim)
		if err != nil {
			bad(where, "%s", trimWhere(err, where))
			continue
		}
		if err := r.Failure(where); err != nil {
			c := err.Error()
			bad(where, "%s", strings.TrimPrefix(c, where+" "))
			continue
		}
		n++
	}
	return n
}

func trimWhere(err error, where string) string {
	return strings.TrimPrefix(err.Error(), where+": ")
}

// runsOf lists the runs a text's placeholders name (cascade/0), in order:
// the first argument of every metric that takes a run.
func runsOf(text string) []string {
	var runs []string
	for _, m := range placeholderRE.FindAllStringSubmatch(text, -1) {
		body, _, _ := strings.Cut(m[1], "|")
		f := strings.Fields(body)
		if len(f) < 2 {
			continue
		}
		usage := strings.Fields(lessons.MetricUsage(f[0]))
		if len(usage) > 1 && (usage[1] == "RUN" || usage[1] == "shuffle/VARIANT") {
			runs = append(runs, f[1])
		}
	}
	return runs
}
