package lessons

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/shuffle"
	"github.com/breakerlab/breakerlab/exercises"
)

// Prepared is a lesson ready to play: every placeholder filled, every pause
// point resolved to a time, every claim evaluated.
type Prepared struct {
	Lesson *Lesson
	Steps  []PreparedStep
	// Recap is the lesson's recap with its placeholders filled: what the
	// last screen says was learned.
	Recap []string
}

// PreparedStep is one step ready to play.
type PreparedStep struct {
	*Step
	// Text is the step's Markdown with its placeholders filled.
	Text string
	// Scenario is the step's scenario with its overrides applied (engine
	// steps), or ShuffleConfig the timeline's configuration (shuffle steps).
	// Both are nil on a text-only step. The player must not change them.
	Scenario      *engine.Scenario
	ShuffleConfig *shuffle.SimConfig
	// End is where the simulation's traffic ends; PauseAt is where the step
	// pauses on its own, or -1 when it plays to the end.
	End     time.Duration
	PauseAt time.Duration
	// Speed and Panes are the step's, with defaults filled in.
	Speed float64
	Panes []string
	// Predict is the step's prediction, asked before the simulation plays,
	// with its placeholders filled and its answer computed by the engine.
	Predict *PreparedQuestion
	// Question is the step's question with its placeholders filled.
	Question *PreparedQuestion
	// Claims holds every claim with the value the run gave.
	Claims []ClaimResult
}

// HasSim reports whether the step shows a simulation.
func (s *PreparedStep) HasSim() bool { return s.Sim != nil }

// PreparedQuestion is a question with its numbers filled in.
type PreparedQuestion struct {
	Kind    QuestionKind
	Prompt  string
	Explain string
	Reveal  string // a prediction's explanation after the play
	Choices []Option
	// For Number questions: the answer, its kind, the tolerance, the unit
	// and the answer as the text prints it.
	Answer     float64
	AnswerKind Kind
	Tolerance  float64
	Relative   bool
	Unit       string
	AnswerText string
	// AnswerFormat is the format the answer is printed in where it is not
	// its kind's: a duration's unit its expression names ("s": "0.402 s"),
	// a tenant's share as the tenants pane writes it ("pane": "63%"), so
	// that a guess beside it is printed in it too ("0.375 s", not
	// "375 ms"; "60%", not "60.0%"); "" for the default.
	AnswerFormat string
	// AnswerPrints is the answer value's own format (Value.Prints): "lat"
	// for a latency percentile, whose screens write it as the reveal's
	// placeholder quotes it (ShownAnswer), whatever unit the guess is typed
	// in; "" for a value with none.
	AnswerPrints string
	// Misconceptions are the wrong numbers the step names, with their
	// values computed and their whys filled (Misconceptions' order).
	Misconceptions []PreparedMisconception
	// Most is the most the answer can be where the run itself sets it (a
	// count of busy workers is at most the pool's size, read from the
	// scenario), and MostWhy says so; a guess above it is refused with
	// MostWhy, so that 9,999 busy workers in a pool of 200 gets a nudge, not
	// just "off". HasMost is false for an answer with no such bound.
	Most    float64
	MostWhy string
	HasMost bool
}

// PreparedMisconception is a wrong number of a numeric question, in the
// answer's terms (a share as 0.41, a duration in seconds), the margin
// within which a guess is taken for it, and why.
type PreparedMisconception struct {
	Value     float64
	Text      string // the value as the text prints it
	Tolerance float64
	Why       string
}

// ClaimResult is a claim with the value the run gave and whether it holds.
type ClaimResult struct {
	Claim
	Got, Want Value
	// Of and By are the two figures of a derived claim (Got is what they
	// make), so that a failure can name both.
	Of, By Value
	Holds  bool
}

// Prepare fills a lesson: it runs the engine for every placeholder, pause
// point and claim (through lab, which may be shared between lessons; nil
// makes a new one) and returns the lesson ready to play. A placeholder or
// pause point that cannot be evaluated is an *Error naming its line; a
// claim that does not hold is recorded, and Verify reports it.
func Prepare(l *Lesson, lab *Lab) (*Prepared, error) {
	if lab == nil {
		lab = NewLab()
	}
	p := &Prepared{Lesson: l, Steps: make([]PreparedStep, len(l.Steps))}
	for i := range l.Steps {
		if err := prepareStep(l, &l.Steps[i], &p.Steps[i], lab); err != nil {
			return nil, err
		}
	}
	last := &p.Steps[len(p.Steps)-1]
	last.Text += practise(l.Exercises)
	ctx := &evalCtx{lab: lab, lesson: l, seed: l.Seed}
	for i, r := range l.Recap {
		text, err := fill(ctx, r, l.RecapLine, false, fmt.Sprintf("recap[%d]", i), func(line int, field string, err error) error {
			return &Error{File: l.File, Line: line, Field: field, Err: err}
		})
		if err != nil {
			return nil, err
		}
		p.Recap = append(p.Recap, text)
	}
	return p, nil
}

// practiseMark opens the note on a lesson's exercises (practise).
const practiseMark = "\n\n---\n\n**Practise it.**"

// SplitPractise cuts a step's text before the note on the lesson's
// exercises that the last step ends with: the text, and the note ("" for
// a step without one), each trimmed.
func SplitPractise(text string) (body, note string) {
	i := strings.LastIndex(text, practiseMark)
	if i < 0 {
		return text, ""
	}
	return strings.TrimRight(text[:i], "\n"), strings.TrimLeft(text[i:], "\n")
}

// practise is the note the last step ends with: the exercises that go with
// the lesson, and how to start them.
func practise(names []string) string {
	if len(names) == 0 {
		return ""
	}
	var b strings.Builder
	b.WriteString(practiseMark + " Run `breakerlab exercises` and try:\n\n")
	for _, n := range names {
		e, err := exercises.Lookup(n)
		if err != nil {
			continue
		}
		fmt.Fprintf(&b, "- `%s`: %s\n", e.Name, e.Title)
	}
	return b.String()
}

// Verify reports the first claim that does not hold, as an *Error naming
// the line of the step's expect field.
func (p *Prepared) Verify() error {
	for i := range p.Steps {
		for _, c := range p.Steps[i].Claims {
			if !c.Holds && c.Derived != nil {
				return &Error{File: p.Lesson.File, Line: c.Line, Field: "expect",
					Err: fmt.Errorf("step %d (%s) claims %q, but the run gives %s", i+1, p.Steps[i].Title, c.Text, c.derivedGives())}
			}
			if !c.Holds {
				got, _ := c.Got.Format("")
				want, _ := c.Want.Format("")
				gotN, wantN := trimFloat(c.Got.F, 4, true), trimFloat(c.Want.F, 4, true)
				hint := ""
				if got == want || gotN == wantN {
					// They differ past the digits printed: print them all.
					gotN, wantN = exactText(c.Got), exactText(c.Want)
					hint = "; they differ past the digits the lesson prints, so write the exact value or compare with <= or >="
				}
				return &Error{File: p.Lesson.File, Line: c.Line, Field: "expect",
					Err: fmt.Errorf("step %d (%s) claims %q, but the run gives %s against %s%s", i+1, p.Steps[i].Title, c.Text,
						claimSide(gotN, got), claimSide(wantN, want), hint)}
			}
		}
	}
	return nil
}

// claimSide is one side of a failed claim: its number, then in
// parentheses the lesson's print of it where that reads otherwise
// ("0.41 (41%)"); a print alike, "41 (41)", would say one thing twice.
func claimSide(number, printed string) string {
	if number == printed {
		return number
	}
	return number + " (" + printed + ")"
}

func prepareStep(l *Lesson, st *Step, out *PreparedStep, lab *Lab) error {
	ctx := &evalCtx{lab: lab, step: st, lesson: l, seed: st.Seed}
	fail := func(line int, field string, err error) error {
		return &Error{File: l.File, Line: line, Field: field, Err: err}
	}
	out.Step = st
	out.PauseAt = -1
	var err error
	if out.Text, err = fill(ctx, st.Body, st.BodyLine, true, "text", fail); err != nil {
		return err
	}
	if st.Sim != nil {
		if err := prepareSim(st, out, lab, fail); err != nil {
			return err
		}
	}
	if err := prepareSweep(st, fail); err != nil {
		return err
	}
	for _, c := range st.Expect {
		r, err := evalClaim(ctx, c)
		if err != nil {
			return fail(c.Line, "expect", err)
		}
		out.Claims = append(out.Claims, r)
	}
	if out.Predict, err = prepareQuestion(ctx, st, "predict", st.Predict, fail); err != nil {
		return err
	}
	if out.Question, err = prepareQuestion(ctx, st, "question", st.Question, fail); err != nil {
		return err
	}
	return nil
}

// prepareQuestion fills a [question] or a [predict] (named by prefix) and
// computes its answer; nil stays nil.
func prepareQuestion(ctx *evalCtx, st *Step, prefix string, q *Question, fail func(int, string, error) error) (*PreparedQuestion, error) {
	if q == nil {
		return nil, nil
	}
	pq := &PreparedQuestion{Kind: q.Kind, Unit: q.Unit, Tolerance: q.Tolerance, Relative: q.Relative}
	line := st.lines.line(prefix)
	var err error
	if pq.Prompt, err = fill(ctx, q.Prompt, line, false, prefix+".prompt", fail); err != nil {
		return nil, err
	}
	if pq.Explain, err = fill(ctx, q.Explain, st.lines.line(prefix+".explain"), false, prefix+".explain", fail); err != nil {
		return nil, err
	}
	if pq.Reveal, err = fill(ctx, q.Reveal, st.lines.line(prefix+".reveal"), false, prefix+".reveal", fail); err != nil {
		return nil, err
	}
	for i, c := range q.Choices {
		field := fmt.Sprintf("%s.choice[%d]", prefix, i)
		o := Option{Right: c.Right}
		if o.Text, err = fill(ctx, c.Text, st.lines.line(field), false, field+".text", fail); err != nil {
			return nil, err
		}
		if o.Why, err = fill(ctx, c.Why, st.lines.line(field), false, field+".why", fail); err != nil {
			return nil, err
		}
		pq.Choices = append(pq.Choices, o)
	}
	if q.Kind == Number {
		v, err := answerValue(ctx, q.Answer)
		if err != nil {
			return nil, fail(st.lines.line(prefix+".answer"), prefix+".answer", err)
		}
		if q.Unit != "" && (v.Kind == KindDuration || v.Kind == KindFraction) {
			// A duration prints as "24 s" and a share as "41 %": a unit of
			// the author's would follow the value's own ("24 s s").
			own := map[Kind]string{KindDuration: "a duration, printed with its own unit (24 s, 500 ms)", KindFraction: "a share, printed as a percentage (41%)"}[v.Kind]
			return nil, fail(st.lines.line(prefix+".unit"), prefix+".unit",
				fmt.Errorf("the answer %q is %s, so unit = %q would print twice: remove unit (a unit is for a plain number, such as unit = \"threads\")", q.Answer, own, q.Unit))
		}
		pq.Answer, pq.AnswerKind, pq.AnswerPrints = v.F, v.Kind, v.Prints
		switch f := answerFormat(q.Answer); {
		case v.Kind == KindDuration && (f == "s" || f == "ms"):
			pq.AnswerFormat = f
		case v.Kind == KindFraction && f == "":
			pq.AnswerFormat = v.Prints
		}
		if pq.AnswerText, err = v.Format(answerFormat(q.Answer)); err != nil {
			return nil, fail(st.lines.line(prefix+".answer"), prefix+".answer", fmt.Errorf("answer %q: %w", q.Answer, err))
		}
		pq.Most, pq.MostWhy, pq.HasMost = answerBound(ctx, q.Answer)
		if prefix == "predict" && v.Kind == KindCount && pq.tolerance() < 1-1e-9 {
			// Counts are whole: below 1, only the answer itself is right
			// and nothing is close, so the prediction is a lottery.
			return nil, fail(st.lines.line(prefix+".tolerance"), prefix+".tolerance",
				fmt.Errorf("the answer is a count (%s) and the tolerance comes to %s: a count's tolerance must be at least 1, so that a near guess can be right or close; state tolerance = 1 or more",
					pq.AnswerText, trimFloat(pq.tolerance(), 3, true)))
		}
		for i, mc := range q.Misconceptions {
			field := fmt.Sprintf("%s.misconception[%d]", prefix, i)
			pm, err := prepareMisconception(ctx, pq, mc)
			if err != nil {
				return nil, fail(mc.Line, field+".answer", err)
			}
			if pm.Why, err = fill(ctx, mc.Why, mc.Line, false, field+".why", fail); err != nil {
				return nil, err
			}
			pq.Misconceptions = append(pq.Misconceptions, pm)
		}
		if prefix == "predict" {
			if err := pq.promptGivesAnswer(); err != nil {
				return nil, fail(st.lines.line(prefix+".prompt"), prefix+".prompt", err)
			}
		}
	}
	return pq, nil
}

// ShownText is v as a screen writes it beside the lesson's text, in
// format, the unit its answer is typed in ("s" in "p50 step search | s"),
// but a latency percentile in its own terms (Value.Prints "lat",
// LatencyText: "5.00 s"): that is how the reveal's placeholder quotes it,
// and in the answer's unit the same median read "5 s" beside it, two
// figures for one value, the rounder one claiming an exact 5 s.
func ShownText(v Value, format string) (string, error) {
	if ownTerms(v.Prints) {
		format = ""
	}
	return v.Format(format)
}

// ownTerms says whether a value that prints in prints is shown so
// whatever format its answer names (ShownText).
func ownTerms(prints string) bool { return prints == "lat" }

// ShownAnswer is q's numeric answer as every screen writes it as the
// engine's answer: the player's and the presenter's reveal, and the
// classroom's poll pages (the teacher's, the projector's, the students').
// One function, so that none of them writes "5 s" where the others and
// the reveal's text write "5.00 s". It is the answer as the lesson prints
// it, with its unit (AnswerText), but a value shown in its own terms
// (ShownText) as those terms write it.
func (q *PreparedQuestion) ShownAnswer() string {
	if ownTerms(q.AnswerPrints) {
		if text, err := ShownText(Value{Kind: q.AnswerKind, F: q.Answer, Prints: q.AnswerPrints}, ""); err == nil {
			return text
		}
	}
	return WithUnit(q.AnswerText, q.Unit)
}

// prepareMisconception computes a misconception's number in the answer's
// terms and checks that a guess there can be told its why: it must be a
// quantity of the answer's kind, one a guess may give (not past the most
// the run allows), and outside the answer's tolerance (a guess there is
// right).
func prepareMisconception(ctx *evalCtx, q *PreparedQuestion, mc Misconception) (PreparedMisconception, error) {
	f, perr := strconv.ParseFloat(mc.Answer, 64)
	literal := perr == nil
	v, derived := number(f), false
	if !literal {
		var err error
		if v, derived, err = evalFigure(ctx, mc.Answer); err != nil {
			return PreparedMisconception{}, err
		}
	}
	switch {
	case literal && q.AnswerKind == KindFraction:
		v.F /= 100 // a share written as a typed guess is read (ReadGuess): 41 for 41 %, 0.5 for 0.5 %
	case literal, derived:
		// A product or ratio is read in the answer's terms, as a claim's
		// is: a duration in seconds, a share as a fraction.
	case v.Kind != q.AnswerKind && !(isCountish(v.Kind) && isCountish(q.AnswerKind)):
		return PreparedMisconception{}, fmt.Errorf("%q is %s and the answer %s: a misconception's number is in the answer's terms", mc.Answer, v.Kind, q.AnswerKind)
	}
	v.Kind = q.AnswerKind
	pm := PreparedMisconception{Value: v.F}
	pm.Text = q.FormatGuess(v.F)
	switch {
	case mc.HasTolerance && mc.Relative:
		pm.Tolerance = mc.Tolerance * math.Abs(v.F)
	case mc.HasTolerance:
		pm.Tolerance = mc.Tolerance
	case q.Relative:
		pm.Tolerance = q.Tolerance * math.Abs(v.F)
	default:
		pm.Tolerance = q.Tolerance
	}
	if q.HasMost && v.F > q.Most+1e-9*math.Max(1, q.Most) {
		return pm, fmt.Errorf("%s is more than a guess may be (%s): the player refuses such a guess, so its why would never show", pm.Text, q.MostWhy)
	}
	if math.Abs(v.F-q.Answer) <= q.tolerance()+1e-9*math.Max(1, math.Abs(q.Answer)) {
		return pm, fmt.Errorf("%s is within the answer's tolerance (%s): a guess there is right, so its why would never show; name a number further off, or narrow the tolerance", pm.Text, q.AnswerText)
	}
	return pm, nil
}

// isCountish reports whether a kind is a plain quantity: a count or a
// number (Little's law's workers may be either).
func isCountish(k Kind) bool { return k == KindCount || k == KindNumber }

// answerBound is the most a numeric answer can be where the scenario sets
// a bound on it, so that a guess past it is told why rather than graded:
// the workers busy at a moment, or held by some endpoints, are at most the
// pool's workers; a service's busy workers at most its workers on all its
// instances; the instances whose breaker is open or half-open at most the
// service's instances; the customers a poisoned one takes down at most
// the others; the connections a pool has in use at most its size; the
// permits held at most the bulkhead's. Each is the scenario's as the
// step's overrides leave it. Other answers have none (the workers Little's
// law asks for may well exceed the pool; the calls in flight at a
// dependency include abandoned ones, which nothing caps), and ok is false.
func answerBound(ctx *evalCtx, answer string) (most float64, why string, ok bool) {
	e, err := ParseExpr(answer)
	if err != nil || len(e.Args) == 0 {
		return 0, "", false
	}
	run := e.Args[0]
	// eval reads another metric of the answer's run, ok only for a
	// positive figure: a size of 0 is no cap (a pool without one), and a
	// key the run does not have (a tasks server's workers) is no bound.
	eval := func(expr string) (float64, bool) {
		pe, err := ParseExpr(expr)
		if err != nil {
			return 0, false
		}
		v, err := ctx.Eval(pe)
		if err != nil || v.F <= 0 {
			return 0, false
		}
		return v.F, true
	}
	switch e.Metric {
	case "busy-at", "held-at":
		n, ok := eval("param " + run + " workers")
		if !ok {
			return 0, "", false // no pool of workers (a tasks server)
		}
		return n, fmt.Sprintf("the pool has only %s workers: at most %s can be busy", countText(n), countText(n)), true
	case "service-busy-at", "service-busy-max":
		svc := e.Args[1]
		if svc == frontName {
			n, ok := eval("param " + run + " workers")
			if !ok {
				return 0, "", false
			}
			return n, fmt.Sprintf("the front service has only %s workers: at most %s can be busy", countText(n), countText(n)), true
		}
		workers, okW := eval("param " + run + " " + svc + ".workers")
		instances, okI := eval("param " + run + " " + svc + ".instances")
		if !okW || !okI {
			return 0, "", false
		}
		n := workers * instances
		if instances == 1 {
			return n, fmt.Sprintf("the %s service has only %s workers: at most %s can be busy", svc, countText(n), countText(n)), true
		}
		// Busy workers are summed over the instances (service-busy-max).
		return n, fmt.Sprintf("the %s service has only %s instances of %s workers: at most %s can be busy", svc, countText(instances), countText(workers), countText(n)), true
	case "probe-burst", "fleet-open-at":
		svc := e.Args[1]
		n, ok := eval("param " + run + " " + svc + ".instances")
		if !ok {
			return 0, "", false
		}
		state := map[string]string{"probe-burst": "half-open", "fleet-open-at": "open"}[e.Metric]
		return n, fmt.Sprintf("the %s service has only %s instances: at most %s breakers can be %s at once", svc, countText(n), countText(n), state), true
	case "ever-lost", "lost", "ever-degraded", "degraded", "customers":
		all, ok := eval("param " + run + " customers")
		if !ok {
			return 0, "", false
		}
		// These count the others: the poisoned customer is never one.
		others := all - 1
		what := map[string]string{"ever-lost": " can lose service", "lost": " can lose service",
			"ever-degraded": " can be degraded", "degraded": " can be degraded"}[e.Metric]
		return others, fmt.Sprintf("there are only %s customers: at most %s besides the poisoned one%s", countText(all), countText(others), what), true
	case "pool-inuse-max", "pool-dialling-max":
		pool := e.Args[1]
		n, ok := eval("pool-size " + run + " " + pool)
		if !ok {
			return 0, "", false // a pool without a cap
		}
		state := map[string]string{"pool-inuse-max": "in use", "pool-dialling-max": "dialling"}[e.Metric]
		return n, fmt.Sprintf("the %s pool has only %s connections: at most %s can be %s at once", pool, countText(n), countText(n), state), true
	case "permits-max":
		s, err := ctx.final(run)
		if err != nil {
			return 0, "", false
		}
		d, err := dependencyOf(&s, e.Args[1])
		if err != nil || d.BulkheadCap <= 0 {
			return 0, "", false
		}
		n := float64(d.BulkheadCap)
		return n, fmt.Sprintf("the bulkhead on %s has only %s permits: at most %s can be held at once", e.Args[1], countText(n), countText(n)), true
	}
	return 0, "", false
}

// countText prints a bound as the lesson prints a count ("1,000").
func countText(n float64) string {
	s, err := Value{Kind: KindCount, F: n}.Format("")
	if err != nil {
		return trimFloat(n, 0, true)
	}
	return s
}

// answerFormat is the format a numeric answer's expression names ("" for a
// plain number or none). A sub-second duration asked "in seconds" then
// prints as "0.402 s" rather than "401.8 ms", the terms ParseGuess reads a
// typed number in.
func answerFormat(answer string) string {
	if _, err := strconv.ParseFloat(answer, 64); err == nil {
		return ""
	}
	e, err := ParseExpr(answer)
	if err != nil {
		return ""
	}
	return e.Format
}

func prepareSim(st *Step, out *PreparedStep, lab *Lab, fail func(int, string, error) error) error {
	spec := st.Sim
	if spec.IsShuffle() {
		cfg, until, err := buildShuffle(spec)
		if err != nil {
			return fail(st.lines.line("set"), "set", err)
		}
		out.ShuffleConfig, out.End = &cfg, until
	} else {
		sc, err := buildScenario(spec)
		if err != nil {
			return fail(st.lines.line("set"), "set", err)
		}
		out.Scenario, out.End = sc, sc.Duration
	}
	switch st.Pause.Kind {
	case PauseAt:
		out.PauseAt = st.Pause.At
	case PauseEnd:
		out.PauseAt = out.End
	case PauseEvent:
		s, err := lab.Final(spec)
		if err != nil {
			return fail(st.lines.line("pause"), "pause", err)
		}
		at, ok := FirstTransition(s.Transitions, st.Pause.Dependency, st.Pause.To)
		if !ok {
			return fail(st.lines.line("pause"), "pause", fmt.Errorf("%q never happens in %s with seed %d", st.Pause.Text, spec, spec.Seed))
		}
		if at <= st.From {
			return fail(st.lines.line("pause"), "pause", fmt.Errorf("%q happens at %v, not after the step's start at %v", st.Pause.Text, at, st.From))
		}
		out.PauseAt = at
	}
	out.Speed = st.Speed
	if out.Speed == 0 {
		out.Speed = max(0.25, out.End.Seconds()/20)
	}
	out.Panes = st.Panes
	if len(out.Panes) == 0 {
		out.Panes = defaultPanes(out)
	}
	return nil
}

func defaultPanes(s *PreparedStep) []string {
	if s.ShuffleConfig != nil {
		return []string{"fleet", "customers"}
	}
	v := s.Scenario.Variants[s.Sim.Variant]
	for _, d := range v.System.Dependencies {
		if d.Policy.Breaker != nil {
			return []string{"pool", "endpoints", "breaker"}
		}
	}
	return []string{"pool", "endpoints", "deps"}
}

// fill replaces every placeholder of text with its value.
func fill(ctx *evalCtx, text string, line int, countLines bool, field string, fail func(int, string, error) error) (string, error) {
	var b strings.Builder
	last := 0
	err := scanPlaceholders(text, func(offset int, expr string, err error) error {
		l := line
		if countLines {
			l += strings.Count(text[:offset], "\n")
		}
		if err != nil {
			return fail(l, field, placeholderError(expr, err))
		}
		e, err := ParseExpr(expr)
		if err != nil {
			return fail(l, field, placeholderError(expr, err))
		}
		v, err := ctx.Eval(e)
		if err != nil {
			return fail(l, field, placeholderError(expr, err))
		}
		s, err := v.Format(e.Format)
		if err != nil {
			return fail(l, field, placeholderError(expr, err))
		}
		b.WriteString(text[last:offset])
		b.WriteString(s)
		last = offset + strings.Index(text[offset:], "}}") + 2
		return nil
	})
	if err != nil {
		return "", err
	}
	b.WriteString(text[last:])
	return b.String(), nil
}

// answerValue is the value of a numeric answer (a literal or a metric
// expression) in ctx: Prepare's answer, which a guess is judged against,
// and Prepared.Answer's figure of the moment shown (shown.go).
func answerValue(ctx *evalCtx, answer string) (Value, error) {
	if f, err := strconv.ParseFloat(answer, 64); err == nil {
		return number(f), nil
	}
	e, err := ParseExpr(answer)
	if err != nil {
		return Value{}, err
	}
	return ctx.Eval(e)
}

// compareValues compares two values of a claim. == and != compare at the
// precision the lesson prints: a time the engine computed as 1.574970556 s
// is shown as "1.575 s", so "== 1.575s" holds, as its reader expects. The
// orderings compare the exact values (Verify then prints every digit).
func compareValues(a Value, op string, b Value) bool {
	if op == "==" || op == "!=" {
		if b.Kind != a.Kind {
			// A literal 0.5 against a share: print it as the metric prints.
			b = Value{Kind: a.Kind, F: b.F}
		}
		// Both in one form: a tenant's share prints as the tenants pane
		// writes it, and "== 63%" against it means the "63%" it prints,
		// not the literal's "63.0%".
		format := a.Prints
		if format == "" {
			format = b.Prints
		}
		fa, errA := a.Format(format)
		fb, errB := b.Format(format)
		if errA == nil && errB == nil {
			return (fa == fb) == (op == "==")
		}
	}
	return compare(a.F, op, b.F)
}

// exactText prints a value with every digit it has: a duration to the
// nanosecond ("15.072000456s"), a number in the shortest form that reads
// back to the same float64.
func exactText(v Value) string {
	if v.Kind == KindDuration {
		return time.Duration(math.Round(v.F * 1e9)).String()
	}
	return strconv.FormatFloat(v.F, 'g', -1, 64)
}

func compare(a float64, op string, b float64) bool {
	switch op {
	case "<":
		return a < b
	case "<=":
		return a <= b
	case ">":
		return a > b
	case ">=":
		return a >= b
	case "==":
		return a == b
	case "!=":
		return a != b
	}
	return false
}

// CheckNumber judges a typed answer to a Number question, read by
// ParseGuess: a share as 41 or 41% (percent, the unit its box shows); a
// time in the answer's unit or with its own ("24s", "885 ms").
func (q *PreparedQuestion) CheckNumber(input string) (bool, error) {
	got, err := q.ParseGuess(input)
	if err != nil {
		return false, err
	}
	return q.within(got), nil
}

// tolerance is the absolute tolerance around the answer.
func (q *PreparedQuestion) tolerance() float64 {
	if q.Relative {
		return q.Tolerance * math.Abs(q.Answer)
	}
	return q.Tolerance
}

// ParseGuess reads a typed number in the answer's terms (ReadGuess, without
// the words on how a share was read).
func (q *PreparedQuestion) ParseGuess(input string) (float64, error) {
	got, _, err := q.ReadGuess(input)
	return got, err
}

// ReadGuess reads a typed number in the answer's terms. A bare number is
// in the unit the input shows (GuessUnit): a share's box shows "%", so 41
// is 41 % and 1 is 1 %, never 100 % (a learner told to answer in percent
// who typed 1 for a few rare bursts was graded as guessing all of them);
// 41% typed with its sign is 41 % too. For a share typed as a bare
// number, read says how it was read ("read as 1 %"), for the feedback;
// it is empty otherwise. A duration's bare number is in seconds, a plain
// number's in the question's own unit ("ms"); a plain number may end in
// that unit or its singular ("16 workers", "1 worker": guessUnits). A
// bare share below 1 is still percent, the box's unit (0.4 is 0.4 %), and
// read names the reading not taken ("read as 0.4 %, not 40 %"). A time typed with its unit
// ("0.885 s", "885ms", "885000 µs") is converted to that unit, so 0.885 s
// is right for an answer of 885 ms; a time typed for an answer that is no
// time (a count of workers) is refused rather than read as its number of
// seconds.
func (q *PreparedQuestion) ReadGuess(input string) (got float64, read string, err error) {
	input = strings.TrimSpace(input)
	if input == "" {
		return 0, "", Refusef("Type a number first, like %s", q.GuessExample())
	}
	text := input
	for _, u := range q.guessUnits() {
		// "12 workers", "1 worker": the unit the input shows, typed back.
		if n := len(text) - len(u); n >= 0 && strings.EqualFold(text[n:], u) {
			text = text[:n]
			break
		}
	}
	v, err := parseLiteral(strings.Join(strings.Fields(text), "")) // "85 s", as a duration prints
	if err != nil {
		return 0, "", Refusef("Not a number: %q. %s", input, q.guessForms())
	}
	got = v.F
	switch {
	case v.Kind == KindFraction && q.AnswerKind != KindFraction:
		// "41%" for a count of workers: not 0.41 workers.
		return 0, "", Refusef("Not %s: %q is a percentage. %s", q.answerTerms(), input, q.guessForms())
	case v.Kind == KindOdds && q.AnswerKind != KindOdds:
		return 0, "", Refusef("Not %s: %q is a fraction. %s", q.answerTerms(), input, q.guessForms())
	case v.Kind == KindDuration && q.AnswerKind != KindDuration:
		unit, isTime := timeUnits[q.Unit]
		if !isTime {
			return 0, "", Refusef("Not %s: %q is a time. Type the number alone, such as %s", q.answerTerms(), input, q.GuessExample())
		}
		// From whole nanoseconds, so that 0.885 s is 885 ms exactly.
		got = math.Round(v.F*1e9) / float64(unit)
	case q.AnswerKind == KindFraction && v.Kind == KindNumber:
		got /= 100 // points: the box shows % (GuessUnit)
		// The percent with the digits typed ("1 %" for 1, "0.5 %" for
		// 0.5), not the answer's format ("1.0%"), so the words match
		// the number the learner sees in the box.
		read = "read as " + percentText(got) + " %"
		if v.F > 0 && v.F < 1 {
			// 0.4 could be meant as a fraction, 40 %: the box's % makes
			// it 0.4 %, and the words name the reading not taken, so a
			// learner who meant 40 % knows to type 40.
			read += ", not " + percentText(v.F) + " %"
		}
	}
	if allowed := q.possibleGuess(got); allowed != "" {
		// A number the quantity cannot be (150 % of the calls, -3
		// workers) is a misreading of the question, not a guess to
		// grade "too high".
		return 0, "", guessOutOfRange(input, allowed)
	}
	if q.HasMost && got > q.Most+1e-9*math.Max(1, q.Most) {
		// Not a guess the run could bear out: say why, and take no verdict.
		return 0, "", guessOutOfRange(input, q.MostWhy)
	}
	return got, read, nil
}

// percentText is a share (0.004) as percent with the digits typed ("0.4"):
// the words on how a guess was read show the number the learner sees in
// the box, not the answer's format ("0.4%" as "0.4", never "0.40").
func percentText(f float64) string {
	return strconv.FormatFloat(math.Round(f*1e8)/1e6, 'f', -1, 64)
}

// guessUnits are the words a guess at q may end in after its number,
// besides a time's units (which parseLiteral reads) and a share's %: the
// question's own unit and its singular, in any case ("16 workers", "1
// worker", "16 Workers"). ReadGuess takes these, and its refusal names
// them (guessForms): one list. A time unit (unit = "ms") is none of these:
// "885 ms" is a time, converted to the answer's unit.
func (q *PreparedQuestion) guessUnits() []string {
	if _, isTime := timeUnits[q.Unit]; isTime || q.Unit == "" {
		return nil
	}
	units := []string{q.Unit}
	if one := singular(q.Unit); one != q.Unit {
		units = append(units, one)
	}
	return units
}

// guessForms says what a guess at q may be typed as, by the rules
// ReadGuess reads it with: the sentence after a refusal ("Not a number:
// \"16 wrkrs\". Type ...").
func (q *PreparedQuestion) guessForms() string {
	if q.AnswerKind == KindFraction {
		return "Type a share in percent, 40 or 40%"
	}
	unit := q.Unit
	if q.AnswerKind == KindDuration {
		unit = "s"
	}
	if words, isTime := timeUnitWords[unit]; isTime {
		return "Type a number of " + words + ", or a time with its unit (0.5 s, 500 ms)"
	}
	units := q.guessUnits()
	if len(units) == 0 {
		return "Type a number, such as 12"
	}
	return "Type a number, alone or followed by " + strings.Join(units, " or ") + " (12, 12 " + units[0] + ")"
}

// GuessExample is a number the question's box takes, for the words that
// ask for one ("type a number, like 12"): a share's box shows %, so 40.
func (q *PreparedQuestion) GuessExample() string {
	if q.AnswerKind == KindFraction {
		return "40"
	}
	return "12"
}

// possibleGuess says what the quantity can be when got is no number it
// can be: a share outside 0 to 100 %, a negative count or time; "" for a
// possible number, which, far from the answer, is a guess like any other.
// "it cannot be below 0" named neither the number refused nor what "it"
// was.
func (q *PreparedQuestion) possibleGuess(got float64) string {
	switch q.AnswerKind {
	case KindFraction:
		if got < 0 || got > 1+1e-9 {
			return "a share is from 0 to 100%"
		}
	case KindCount, KindDuration:
		if got >= 0 {
			return ""
		}
		switch {
		case q.AnswerKind == KindDuration:
			return "a time is 0 or more"
		case q.Unit != "":
			return "a number of " + q.Unit + " is 0 or more"
		}
		return "a count is 0 or more"
	}
	return ""
}

// guessOutOfRange refuses input, a number the answer cannot be, with
// what it can be (allowed), as every refusal of a guess reads: what is
// wrong, naming the text typed, then what is allowed, from a capital,
// with no full stop (the boxes end the sentence).
func guessOutOfRange(input, allowed string) error {
	return Refusef("Out of range: %q. %s", input, capitalized(allowed))
}

// capitalized is s with its first letter in upper case.
func capitalized(s string) string {
	r, n := utf8.DecodeRuneInString(s)
	return string(unicode.ToUpper(r)) + s[n:]
}

// TypedReading is the sentence that tells a learner how a share typed as
// a bare number was read, "You typed 1, read as 1 %.", since a learner
// who took 1 for all of it learns from the verdict alone only that it was
// far off; "" for any other input (a count, a share typed with its %, a
// guess refused). The drill, the lesson player's self-checks and its
// predictions all show it under a verdict.
func (q *PreparedQuestion) TypedReading(input string) string {
	_, read, err := q.ReadGuess(input)
	if err != nil || read == "" {
		return ""
	}
	return "You typed " + strings.TrimSpace(input) + ", " + read + "."
}

// within says whether a guess, in the answer's terms, is right: within
// the tolerance of the answer (CheckNumber's rule).
func (q *PreparedQuestion) within(got float64) bool {
	return math.Abs(got-q.Answer) <= q.tolerance()+1e-9*math.Max(1, math.Abs(q.Answer))
}

// timeUnits are the units a plain number's answer may be a time in (unit
// = "ms"), with their length: the units time.ParseDuration reads.
var timeUnits = map[string]time.Duration{
	"ns": time.Nanosecond, "us": time.Microsecond, "µs": time.Microsecond, "μs": time.Microsecond,
	"ms": time.Millisecond, "s": time.Second, "m": time.Minute, "h": time.Hour,
}

// timeUnitWords name the time units as a hint writes them.
var timeUnitWords = map[string]string{
	"ns": "nanoseconds", "us": "microseconds", "µs": "microseconds", "μs": "microseconds",
	"ms": "milliseconds", "s": "seconds", "m": "minutes", "h": "hours",
}

// answerTerms names what the answer is, for a guess typed in other terms.
func (q *PreparedQuestion) answerTerms() string {
	switch {
	case q.AnswerKind == KindFraction:
		return "a share"
	case q.Unit != "":
		return "in " + q.Unit
	}
	return "a plain number"
}

// GuessHint says how a guess at the answer is typed, by the rules
// ParseGuess reads it with, naming the unit a bare number is in: "Times
// in milliseconds, or typed with a unit (s, ms, µs)." for an answer in ms.
// The drill shows it under a number card's input; the lesson player shows
// the unit a bare number is in after its input (GuessUnit, or the unit).
func (q *PreparedQuestion) GuessHint() string {
	if q.AnswerKind == KindFraction {
		return "Shares in percent: 41 or 41% for 41 %, 0.5 for half a percent."
	}
	unit := q.Unit
	if q.AnswerKind == KindDuration {
		unit = "s"
	}
	if words, isTime := timeUnitWords[unit]; isTime {
		return "Times in " + words + ", or typed with a unit (s, ms, µs)."
	}
	if unit != "" {
		return "Type a number of " + unit + "."
	}
	return "Type a number."
}

// outcomeMetrics tally how a run's requests ended in its measurement
// window: a screen that counts outcomes (the endpoints table, the outcomes
// chart, the tenants table) shows them, in part, while the run is in the
// window.
var outcomeMetrics = map[string]bool{
	"share": true, "mean-share": true, "count": true, "requests": true,
	"tenant-share": true, "tenant-requests": true, "tenant-count": true,
}

// PredictsBreakerState says whether the step's prediction asks in which
// state a breaker will be: a choice whose every answer starts with a
// state's name ("Closed: every call goes through", "Half-open: ..."). Until
// the learner has guessed, the player must not show the breaker's state:
// lesson 4's first step asks for it at 20 s, and nothing changes before.
func (s *PreparedStep) PredictsBreakerState() bool {
	if s.Predict == nil || s.Predict.Kind != Choice {
		return false
	}
	for _, c := range s.Predict.Choices {
		word := strings.ToLower(strings.TrimLeft(c.Text, "*_ "))
		named := false
		for _, state := range []string{"half-open", "closed", "open", "forced-open"} {
			if rest, ok := strings.CutPrefix(word, state); ok && (rest == "" || !unicode.IsLetter(rune(rest[0])) && rest[0] != '-') {
				named = true
				break
			}
		}
		if !named {
			return false
		}
	}
	return true
}

// PredictedMetric is the metric a prediction's numeric answer reads and
// the run it reads it of: the step's own run (an answer such as
// "loop-busy step", own true) or a built-in run it names
// ("loop-busy async-cascade/0": scenario and variant). ok is false for a
// prediction whose answer is no metric (a choice, a literal number). The
// player holds a figure back while a prediction about it waits, in this
// step or a later one (lesson 14's first step ended on the loop's busy
// share, which its second step asks for).
func (s *PreparedStep) PredictedMetric() (metric string, own bool, scenario string, variant int, ok bool) {
	if s.Predict == nil || s.Step == nil || s.Step.Predict == nil || s.Step.Predict.Answer == "" {
		return "", false, "", 0, false
	}
	e, err := ParseExpr(s.Step.Predict.Answer)
	if err != nil || len(e.Args) == 0 {
		return "", false, "", 0, false
	}
	if e.Args[0] == "step" {
		return e.Metric, true, "", 0, true
	}
	name, v, found := strings.Cut(e.Args[0], "/")
	n, err := strconv.Atoi(v)
	if !found || err != nil {
		return "", false, "", 0, false
	}
	return e.Metric, false, name, n, true
}

// PredictsOutcomes says whether the step's prediction is about how its own
// run's requests end: its answer, or a claim the step makes about its run
// ("share step search ok < 0.5"), tallies the outcomes of the measurement
// window. Until the learner has guessed, the player must not show those
// tallies: lesson 1's "Who pays for it" opens at 12 s, two seconds into
// the window, and its table showed search 90% ok beside a question whose
// answer is 39%.
func (s *PreparedStep) PredictsOutcomes() bool { return s.predictsOf(outcomeMetrics) }

// latencyMetrics are the metrics of a run's latency percentiles.
var latencyMetrics = map[string]bool{"p50": true, "p95": true, "p99": true}

// PredictsLatency is PredictsOutcomes for the run's latency percentiles:
// until the guess, the player keeps back the latency figures it writes
// where the chart has no room, as it keeps back the outcome table.
func (s *PreparedStep) PredictsLatency() bool { return s.predictsOf(latencyMetrics) }

// predictsOf says whether the step's prediction, its answer or a claim
// about its run, quotes one of metrics of the step's own run.
func (s *PreparedStep) predictsOf(metrics map[string]bool) bool {
	if s.Predict == nil || s.Step == nil || s.Step.Predict == nil {
		return false
	}
	ofStep := func(e *Expr) bool {
		return e != nil && metrics[e.Metric] && len(e.Args) > 0 && e.Args[0] == "step"
	}
	if a := s.Step.Predict.Answer; a != "" {
		if e, err := ParseExpr(a); err == nil && ofStep(&e) {
			return true
		}
	}
	for i := range s.Expect {
		if d := s.Expect[i].Derived; ofStep(&s.Expect[i].Expr) || ofStep(s.Expect[i].Other) || d != nil && ofStep(&d.By) {
			return true
		}
	}
	return false
}
