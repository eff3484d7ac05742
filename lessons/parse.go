package lessons

import (
	"bytes"
	"errors"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/breaker"
	"github.com/breakerlab/breakerlab/engine/scenariofile"
	"github.com/breakerlab/breakerlab/exercises"
	"github.com/breakerlab/breakerlab/internal/spell"
	"github.com/pelletier/go-toml/v2"
)

// The markers of the format: the lesson's front matter sits between two
// fence lines, and each step starts with a step marker and ends its own
// front matter with a fence line.
const (
	fence      = "+++"
	stepMarker = "+++ step"
)

// Panes a step may show. The first group draws the engine's runs, the
// second the shuffle-sharding timeline.
var (
	EnginePanes  = []string{"pool", "endpoints", "deps", "breaker", "chart", "transitions", "sweep", "chain", "instances", "tenants", "tasks", "latency"}
	ShufflePanes = []string{"fleet", "customers", "odds"}
)

type headerTOML struct {
	Title     string   `toml:"title"`
	Summary   string   `toml:"summary"`
	Seed      *int64   `toml:"seed"`
	Exercises []string `toml:"exercises"`
	Recap     []string `toml:"recap"`
}

type stepTOML struct {
	Title    string         `toml:"title"`
	Scenario string         `toml:"scenario"`
	Variant  *int64         `toml:"variant"`
	Seed     *int64         `toml:"seed"`
	From     string         `toml:"from"`
	Pause    string         `toml:"pause"`
	Speed    *float64       `toml:"speed"`
	Panes    []string       `toml:"panes"`
	Choose   bool           `toml:"choose"`
	Expect   []string       `toml:"expect"`
	Set      map[string]any `toml:"set"`
	Predict  *questionTOML  `toml:"predict"`
	Question *questionTOML  `toml:"question"`
	Sweep    *sweepTOML     `toml:"sweep"` // sweep.go
}

type questionTOML struct {
	Prompt        string              `toml:"prompt"`
	Explain       string              `toml:"explain"`
	Reveal        string              `toml:"reveal"`
	Answer        any                 `toml:"answer"`
	Tolerance     any                 `toml:"tolerance"`
	Unit          string              `toml:"unit"`
	Choice        []choiceTOML        `toml:"choice"`
	Misconception []misconceptionTOML `toml:"misconception"`
}

// misconceptionTOML is a wrong number a numeric answer's likely
// misconception leads to, and why: the numeric twin of a wrong choice.
type misconceptionTOML struct {
	Answer    any    `toml:"answer"`
	Tolerance any    `toml:"tolerance"`
	Why       string `toml:"why"`
}

type choiceTOML struct {
	Text  string `toml:"text"`
	Right bool   `toml:"right"`
	Why   string `toml:"why"`
}

// parser holds what every message needs: the file's name.
type parser struct {
	file string
}

func (p *parser) errorf(line int, field, format string, args ...any) error {
	return &Error{File: p.file, Line: line, Field: field, Err: fmt.Errorf(format, args...)}
}

func (p *parser) wrap(line int, field string, err error) error {
	return &Error{File: p.file, Line: line, Field: field, Err: err}
}

// Parse reads one lesson file. name is what messages call the file; the
// lesson's ID is its base name without ".md". The lesson's form is checked
// here (fields, panes, pause points, questions, placeholder syntax,
// scenario overrides); its numbers are filled by Prepare.
func Parse(name string, data []byte) (*Lesson, error) {
	p := &parser{file: name}
	text := strings.ReplaceAll(string(bytes.TrimPrefix(data, []byte("\xef\xbb\xbf"))), "\r\n", "\n")
	lines := strings.Split(text, "\n")

	i := 0
	for i < len(lines) && strings.TrimSpace(lines[i]) == "" {
		i++
	}
	if i == len(lines) {
		// No line to name: the line after the last blank one is not the
		// file's ("empty.md:2" for an empty file).
		return nil, p.errorf(0, "", "the file is empty: a lesson starts with its front matter between two lines of %q (title, summary, exercises)", fence)
	}
	if strings.TrimSpace(lines[i]) != fence {
		return nil, p.errorf(i+1, "", "a lesson starts with its front matter between two lines of %q (title, summary, exercises)", fence)
	}
	headStart := i
	end := closing(lines, i+1)
	if end < 0 {
		return nil, p.errorf(headStart+1, "", "the front matter opened here is never closed by a line of %q", fence)
	}
	l := &Lesson{File: name, Seed: DefaultSeed}
	l.ID = strings.TrimSuffix(filepath.Base(name), filepath.Ext(name))
	if n, _, ok := strings.Cut(l.ID, "-"); ok {
		l.Number, _ = strconv.Atoi(n)
	}
	if err := p.header(l, lines[headStart+1:end], headStart+1); err != nil {
		return nil, err
	}

	// The steps: a marker, front matter, a fence, then Markdown up to the
	// next marker outside a code block.
	i = end + 1
	for i < len(lines) && strings.TrimSpace(lines[i]) == "" {
		i++
	}
	if i < len(lines) && strings.TrimSpace(lines[i]) != stepMarker {
		return nil, p.errorf(i+1, "", "text before the first step: start every step with a line %q", stepMarker)
	}
	for i < len(lines) {
		markerLine := i + 1
		fmEnd := closing(lines, i+1)
		if fmEnd < 0 {
			return nil, p.errorf(markerLine, "", "the step's front matter opened here is never closed by a line of %q", fence)
		}
		bodyStart := fmEnd + 1
		next := nextStep(lines, bodyStart)
		st := Step{Line: markerLine, BodyLine: bodyStart + 1, Seed: l.Seed, Speed: 0}
		st.Body = strings.Trim(strings.Join(lines[bodyStart:next], "\n"), "\n")
		if err := p.step(l, &st, lines[i+1:fmEnd], i+1); err != nil {
			return nil, err
		}
		l.Steps = append(l.Steps, st)
		i = next
	}
	if len(l.Steps) == 0 {
		return nil, p.errorf(end+1, "", "the lesson has no steps: start each with a line %q", stepMarker)
	}
	return l, nil
}

// closing finds the fence that closes front matter opened before line i.
func closing(lines []string, i int) int {
	for ; i < len(lines); i++ {
		switch strings.TrimSpace(lines[i]) {
		case fence:
			return i
		case stepMarker:
			return -1
		}
	}
	return -1
}

// nextStep finds the next step marker at or after i outside a fenced code
// block, or len(lines).
func nextStep(lines []string, i int) int {
	inCode := false
	for ; i < len(lines); i++ {
		s := strings.TrimSpace(lines[i])
		if strings.HasPrefix(s, "```") || strings.HasPrefix(s, "~~~") {
			inCode = !inCode
		}
		if !inCode && s == stepMarker {
			return i
		}
	}
	return len(lines)
}

// decode reads a TOML block into v, refusing unknown keys, and turns the
// decoder's errors into ones that name the file's line and the key.
func (p *parser) decode(block []string, start int, what string, v any) error {
	dec := toml.NewDecoder(strings.NewReader(strings.Join(block, "\n")))
	dec.DisallowUnknownFields()
	err := dec.Decode(v)
	if err == nil {
		return nil
	}
	var strict *toml.StrictMissingError
	if errors.As(err, &strict) && len(strict.Errors) > 0 {
		e := strict.Errors[0]
		row, _ := e.Position()
		key := strings.Join(e.Key(), ".")
		msg := fmt.Sprintf("unknown key %q in the %s's front matter (allowed: %s)", key, what, allowedKeys(what, e.Key()))
		if k := e.Key(); what == "step" && len(k) == 2 && isStepKey(k[1]) {
			msg += swallowedHint(k[0], k[1])
		} else if len(k) > 1 {
			if s := didYouMean(k[len(k)-1], strings.Split(allowedKeys(what, k), ", ")); s != "" {
				msg += fmt.Sprintf("; did you mean %q?", s)
			}
		} else if s := didYouMean(key, strings.Split(allowedKeys(what, k), ", ")); s != "" {
			msg += fmt.Sprintf("; did you mean %q?", s)
		}
		return p.errorf(start+row, key, "%s", msg)
	}
	var de *toml.DecodeError
	if errors.As(err, &de) {
		row, _ := de.Position()
		field := strings.Join(de.Key(), ".")
		if field == "" {
			field = fieldAtLine(block, row)
		}
		return p.errorf(start+row, field, "%s", plainDecodeError(strings.TrimPrefix(de.Error(), "toml: ")))
	}
	return p.errorf(start, "", "the %s's front matter is not valid TOML: %w", what, err)
}

// typeMismatch matches go-toml's message for a value of the wrong type,
// which names Go types a lesson author never sees.
var typeMismatch = regexp.MustCompile(`cannot decode TOML (\w+) into (?:struct field \S+ of type|a Go value of type) (\S+)`)

// plainDecodeError says what a value should have been in the author's terms.
func plainDecodeError(msg string) string {
	m := typeMismatch.FindStringSubmatch(msg)
	if m == nil {
		return msg
	}
	want := map[string]string{
		"string": "text in quotes", "int": "a whole number", "int64": "a whole number", "uint64": "a whole number",
		"float64": "a number", "bool": "true or false", "[]string": "a list of quoted strings",
	}[strings.TrimPrefix(m[2], "*")]
	if want == "" {
		return msg
	}
	return fmt.Sprintf("must be %s, got a TOML %s", want, m[1])
}

// fieldAtLine is the key written on a row of a block (from 1), for errors
// that carry a position but no key.
func fieldAtLine(block []string, row int) string {
	if row < 1 || row > len(block) {
		return ""
	}
	k, _, ok := strings.Cut(block[row-1], "=")
	if !ok {
		return strings.Trim(strings.TrimSpace(block[row-1]), "[]")
	}
	return strings.TrimSpace(k)
}

func allowedKeys(what string, key []string) string {
	if what == "lesson" {
		return "title, summary, seed, exercises, recap"
	}
	if len(key) > 1 && (key[0] == "question" || key[0] == "predict") {
		if len(key) > 2 && strings.HasPrefix(key[1], "choice") {
			return "text, right, why"
		}
		if len(key) > 2 && strings.HasPrefix(key[1], "misconception") {
			return "answer, tolerance, why"
		}
		if key[0] == "predict" {
			return "prompt, reveal, answer, tolerance, unit, [[predict.choice]], [[predict.misconception]]"
		}
		return "prompt, explain, answer, tolerance, unit, [[question.choice]], [[question.misconception]]"
	}
	return "title, scenario, variant, seed, from, pause, speed, panes, choose, expect, [set], [predict], [question], [sweep]"
}

func (p *parser) header(l *Lesson, block []string, start int) error {
	var h headerTOML
	if err := p.decode(block, start, "lesson", &h); err != nil {
		return err
	}
	lines := indexFields(block, start)
	l.Title = strings.TrimSpace(h.Title)
	l.Summary = strings.TrimSpace(h.Summary)
	if l.Title == "" {
		return p.errorf(lines.line("title"), "title", "the lesson needs a title")
	}
	if l.Summary == "" || strings.Contains(l.Summary, "\n") {
		return p.errorf(lines.line("summary"), "summary", "the lesson needs a one-line summary")
	}
	if h.Seed != nil {
		if *h.Seed < 0 {
			return p.errorf(lines.line("seed"), "seed", "the seed must not be negative, got %d", *h.Seed)
		}
		l.Seed = uint64(*h.Seed)
	}
	for i, name := range h.Exercises {
		e, err := exercises.Lookup(name)
		if err != nil {
			return p.wrap(lines.line("exercises"), fmt.Sprintf("exercises[%d]", i), err)
		}
		l.Exercises = append(l.Exercises, e.Name)
	}
	if h.Recap != nil {
		l.RecapLine = lines.line("recap")
		if len(h.Recap) < 1 || len(h.Recap) > 3 {
			return p.errorf(l.RecapLine, "recap", "want one to three lines of what the lesson taught, got %d", len(h.Recap))
		}
		for i, r := range h.Recap {
			field := fmt.Sprintf("recap[%d]", i)
			r = strings.TrimSpace(r)
			if r == "" || strings.Contains(r, "\n") {
				return p.errorf(l.RecapLine, field, "every recap entry is one non-empty line")
			}
			err := scanPlaceholders(r, func(_ int, expr string, err error) error {
				if err == nil {
					_, err = ParseExpr(expr)
				}
				if err != nil {
					return p.wrap(l.RecapLine, field, placeholderError(expr, err))
				}
				return nil
			})
			if err != nil {
				return err
			}
			l.Recap = append(l.Recap, r)
		}
	}
	return nil
}

func (p *parser) step(l *Lesson, st *Step, block []string, start int) error {
	var s stepTOML
	if err := p.decode(block, start, "step", &s); err != nil {
		return err
	}
	f := indexFields(block, start)
	st.lines = f
	st.Title = strings.TrimSpace(s.Title)
	if st.Title == "" {
		return p.errorf(st.Line, "title", "every step needs a title (it names the step in the step list)")
	}
	if s.Seed != nil {
		if *s.Seed < 0 {
			return p.errorf(f.line("seed"), "seed", "the seed must not be negative, got %d", *s.Seed)
		}
		st.Seed = uint64(*s.Seed)
	}

	if s.Scenario == "" {
		for _, k := range []struct {
			set  bool
			name string
		}{{s.Variant != nil, "variant"}, {s.From != "", "from"}, {s.Pause != "", "pause"}, {s.Speed != nil, "speed"},
			{len(s.Panes) > 0, "panes"}, {len(s.Set) > 0, "set"}, {s.Choose, "choose"}} {
			if k.set {
				return p.errorf(f.line(k.name), k.name, "%s belongs to a simulation, and this step names no scenario", k.name)
			}
		}
	} else {
		if err := p.sim(st, &s, f); err != nil {
			return err
		}
	}

	for i, c := range s.Expect {
		field := fmt.Sprintf("expect[%d]", i)
		claim, err := ParseClaim(c)
		if err != nil {
			return p.wrap(f.line("expect"), field, err)
		}
		claim.Line = f.line("expect")
		st.Expect = append(st.Expect, claim)
	}
	if s.Predict != nil {
		if st.Sim == nil {
			return p.errorf(f.line("predict"), "predict", "a prediction asks about the step's simulation before it plays, and this step names no scenario")
		}
		q, err := p.question("predict", s.Predict, f)
		if err != nil {
			return err
		}
		st.Predict = q
	}
	if s.Question != nil {
		q, err := p.question("question", s.Question, f)
		if err != nil {
			return err
		}
		st.Question = q
	}
	if err := p.sweep(st, s.Sweep, f); err != nil {
		return err
	}
	if err := p.placeholders(st); err != nil {
		return err
	}
	return p.paragraphBreaks(st) // mdbreak.go
}

func (p *parser) sim(st *Step, s *stepTOML, f *fieldLines) error {
	spec := &SimSpec{Scenario: s.Scenario, Seed: st.Seed}
	var n int
	if isScenarioFile(s.Scenario) {
		file, count, err := p.scenarioFile(s.Scenario)
		if err != nil {
			return p.wrap(f.line("scenario"), "scenario", err)
		}
		spec.File, n = file, count
	} else {
		var ok bool
		if n, ok = variantCount(s.Scenario); !ok {
			msg := fmt.Sprintf("no scenario is called %q", s.Scenario)
			if d := didYouMean(s.Scenario, scenarioNames()); d != "" {
				msg += fmt.Sprintf(": did you mean %q?", d)
			}
			return p.errorf(f.line("scenario"), "scenario", "%s (built in: %s; or a scenario file ending in .toml, by its path from the lesson file's folder)", msg, strings.Join(scenarioNames(), ", "))
		}
	}
	if s.Variant != nil {
		if *s.Variant < 0 || int(*s.Variant) >= n {
			return p.errorf(f.line("variant"), "variant", "scenario %s has variants 0 to %d, got %d", s.Scenario, n-1, *s.Variant)
		}
		spec.Variant = int(*s.Variant)
	}
	for _, kv := range flatten("", s.Set) {
		if isStepKey(kv.key) {
			return p.errorf(f.line("set."+kv.key), "set."+kv.key, "no scenario knob is called %q%s", kv.key, swallowedHint("set", kv.key))
		}
		spec.Set = append(spec.Set, Override{Key: kv.key, Value: kv.value, Line: f.line("set." + kv.key)})
	}
	var end time.Duration
	var deps []engine.Dependency
	if spec.IsShuffle() {
		_, until, err := buildShuffle(spec)
		if err != nil {
			return p.overrideError(spec, f, err)
		}
		end = until
	} else {
		sc, err := buildScenario(spec)
		if err != nil {
			return p.overrideError(spec, f, err)
		}
		end = sc.Duration
		deps = sc.Variants[spec.Variant].System.Dependencies
	}
	st.Sim = spec

	if s.From != "" {
		if err := engine.RepeatedUnit(s.From); err != nil {
			return p.wrap(f.line("from"), "from", err) // 5s1s: Go sums it to 6s
		}
		d, err := time.ParseDuration(s.From)
		if err != nil || d < 0 || d >= end {
			return p.errorf(f.line("from"), "from", "want a time from 0s to before the run's end (%v), such as \"8s\", got %q", end, s.From)
		}
		st.From = d
	}
	pause, err := parsePause(s.Pause, spec.IsShuffle())
	if err != nil {
		return p.wrap(f.line("pause"), "pause", err)
	}
	if pause.Kind == PauseAt && (pause.At <= st.From || pause.At > end) {
		return p.errorf(f.line("pause"), "pause", "the pause at %v must come after the start (%v) and by the end of the traffic (%v)", pause.At, st.From, end)
	}
	if pause.Kind == PauseEvent && pause.Dependency != "" {
		if err := pauseDependency(pause.Dependency, deps, s.Scenario, spec.Variant); err != nil {
			return p.wrap(f.line("pause"), "pause", err)
		}
	}
	st.Pause = pause
	if s.Speed != nil {
		if !(*s.Speed > 0 && *s.Speed <= 1000) {
			return p.errorf(f.line("speed"), "speed", "want virtual seconds per second above 0 and at most 1000, got %v", *s.Speed)
		}
		st.Speed = *s.Speed
	}
	allowed := EnginePanes
	if spec.IsShuffle() {
		allowed = ShufflePanes
	}
	for i, pane := range s.Panes {
		if !containsString(allowed, pane) {
			return p.errorf(f.line("panes"), fmt.Sprintf("panes[%d]", i), "unknown pane %q for scenario %s (allowed: %s)", pane, s.Scenario, strings.Join(allowed, ", "))
		}
	}
	st.Panes = append([]string(nil), s.Panes...)
	st.Choose = s.Choose
	return nil
}

// overrideError names the line of the override a build error is about.
func (p *parser) overrideError(spec *SimSpec, f *fieldLines, err error) error {
	for _, o := range spec.Set {
		if strings.Contains(err.Error(), "set "+o.Key+":") {
			return p.wrap(o.Line, "set."+o.Key, errors.Unwrap(err))
		}
	}
	return p.wrap(f.line("set"), "set", err)
}

type keyValue struct {
	key   string
	value any
}

// flatten turns nested TOML tables into dotted keys, sorted by key so that
// a run's cache key does not depend on the order they were written in.
func flatten(prefix string, m map[string]any) []keyValue {
	var out []keyValue
	for k, v := range m {
		key := k
		if prefix != "" {
			key = prefix + "." + k
		}
		if sub, ok := v.(map[string]any); ok {
			out = append(out, flatten(key, sub)...)
			continue
		}
		out = append(out, keyValue{key, v})
	}
	sortKeyValues(out)
	return out
}

func sortKeyValues(kv []keyValue) {
	for i := 1; i < len(kv); i++ {
		for j := i; j > 0 && kv[j].key < kv[j-1].key; j-- {
			kv[j], kv[j-1] = kv[j-1], kv[j]
		}
	}
}

// parsePause reads a pause point: a time ("12s"), "end", or an event such as
// "breaker opens" or "payment half-opens".
func parsePause(s string, isShuffle bool) (Pause, error) {
	s = strings.TrimSpace(s)
	p := Pause{Text: s}
	switch {
	case s == "":
		return p, nil
	case s == "end":
		p.Kind = PauseEnd
		return p, nil
	}
	if err := engine.RepeatedUnit(s); err != nil {
		return p, err // 5s1s: Go sums it to 6s, a slip, not a time
	}
	if d, err := time.ParseDuration(s); err == nil {
		p.Kind, p.At = PauseAt, d
		return p, nil
	}
	fields := strings.Fields(s)
	if len(fields) == 2 && !isShuffle {
		states := map[string]breaker.State{"opens": breaker.Open, "half-opens": breaker.HalfOpen, "closes": breaker.Closed}
		if to, ok := states[fields[1]]; ok {
			p.Kind, p.To = PauseEvent, to
			if fields[0] != "breaker" {
				p.Dependency = fields[0]
			}
			return p, nil
		}
	}
	if isShuffle {
		return p, fmt.Errorf("want a time such as \"12s\" or \"end\", got %q", s)
	}
	return p, fmt.Errorf("want a time such as \"12s\", \"end\", or an event: \"breaker opens\", \"breaker half-opens\", \"breaker closes\" (or DEPENDENCY instead of breaker), got %q", s)
}

// ParseClaim reads a claim: a metric expression, an operator (<, <=, >,
// >=, ==, !=) and a value, which is a literal or another metric expression;
// or a ratio or product of two metric expressions, an operator and a
// number, with a tolerance for == (parseDerived).
func ParseClaim(text string) (Claim, error) {
	c := Claim{Text: strings.TrimSpace(text)}
	fields := strings.Fields(text)
	at := -1
	for i, f := range fields {
		switch f {
		case "<", "<=", ">", ">=", "==", "!=":
			at = i
		}
	}
	if at < 1 || at == len(fields)-1 {
		return c, fmt.Errorf("a claim is METRIC ARGS OP VALUE, such as \"share cascade/0 search ok < 0.5\" (OP one of < <= > >= == !=; VALUE a number, 50%%, 24s, 1/28 or another metric), "+
			"or a derived figure, METRIC ARGS / METRIC ARGS OP NUMBER (or ×), such as \"inflight-max step payment / param step workers == 2 within 5%%\", got %q", text)
	}
	if isDerivedClaim(fields[:at], fields[at+1:]) {
		return parseDerived(c, fields[:at], fields[at], fields[at+1:])
	}
	e, err := ParseExpr(strings.Join(fields[:at], " "))
	if err != nil {
		return c, err
	}
	c.Expr, c.Op = e, fields[at]
	rhs := strings.Join(fields[at+1:], " ")
	if _, isMetric := metrics[fields[at+1]]; isMetric {
		other, err := ParseExpr(rhs)
		if err != nil {
			return c, err
		}
		c.Other = &other
		return c, nil
	}
	v, err := parseLiteral(rhs)
	if err != nil {
		return c, err
	}
	if e.Kind() != 0 && (e.Kind() == KindDuration) != (v.Kind == KindDuration) {
		return c, fmt.Errorf("%s is %s, so compare it with %s", e.Metric, e.Kind(), map[bool]string{true: "a duration such as 24s", false: "a number, a percentage or a fraction"}[e.Kind() == KindDuration])
	}
	c.Value = v
	return c, nil
}

// question reads a [question] or a [predict] table; prefix is its name,
// so that every message names the field as the author wrote it.
func (p *parser) question(prefix string, q *questionTOML, f *fieldLines) (*Question, error) {
	out := &Question{Prompt: strings.TrimSpace(q.Prompt), Explain: strings.TrimSpace(q.Explain), Reveal: strings.TrimSpace(q.Reveal), Unit: q.Unit}
	if prefix == "predict" && out.Explain != "" {
		return nil, p.errorf(f.line("predict.explain"), "predict.explain", "a prediction's explanation is its reveal (shown after the play), not explain")
	}
	if prefix == "question" && out.Reveal != "" {
		return nil, p.errorf(f.line(prefix+".reveal"), prefix+".reveal", "reveal belongs to a [predict]; a question's explanation is explain")
	}
	if out.Prompt == "" {
		return nil, p.errorf(f.line(prefix), prefix+".prompt", "%s needs a prompt", what(prefix))
	}
	switch {
	case len(q.Choice) > 0 && q.Answer != nil:
		return nil, p.errorf(f.line(prefix+".answer"), prefix+".answer", "%s has either choices or a numeric answer, not both", what(prefix))
	case len(q.Choice) > 0 && len(q.Misconception) > 0:
		return nil, p.errorf(f.line(prefix+".misconception[0]"), prefix+".misconception",
			"[[%s.misconception]] names a wrong number of a numeric answer; %s with choices says why a choice is wrong in its own why", prefix, what(prefix))
	case len(q.Choice) > 0:
		out.Kind = Choice
		if len(q.Choice) < 2 || len(q.Choice) > 6 {
			return nil, p.errorf(f.line(prefix+".choice[0]"), prefix+".choice", "%s with choices needs 2 to 6 of them, got %d", what(prefix), len(q.Choice))
		}
		right := 0
		for i, c := range q.Choice {
			field := fmt.Sprintf("%s.choice[%d]", prefix, i)
			if strings.TrimSpace(c.Text) == "" {
				return nil, p.errorf(f.line(field), field+".text", "every choice needs a text")
			}
			if c.Right {
				right++
			} else if strings.TrimSpace(c.Why) == "" {
				return nil, p.errorf(f.line(field), field+".why", "every wrong choice needs a why: the explanation the learner sees after picking it")
			}
			out.Choices = append(out.Choices, Option{Text: strings.TrimSpace(c.Text), Right: c.Right, Why: strings.TrimSpace(c.Why)})
		}
		if right != 1 {
			return nil, p.errorf(f.line(prefix+".choice[0]"), prefix+".choice", "exactly one choice must have right = true, got %d", right)
		}
	case q.Answer != nil:
		out.Kind = Number
		switch a := q.Answer.(type) {
		case int64, float64:
			out.Answer = fmt.Sprint(a)
		case string:
			if _, err := ParseExpr(a); err != nil {
				return nil, p.wrap(f.line(prefix+".answer"), prefix+".answer", fmt.Errorf("a numeric answer is a number or a metric expression: %w", err))
			}
			out.Answer = a
		default:
			return nil, p.errorf(f.line(prefix+".answer"), prefix+".answer", "want a number or a metric expression in quotes, got %v", a)
		}
		if q.Tolerance == nil {
			if prefix == "predict" {
				// A guess is near in the quantity's own terms: 10 % of
				// the answer unless the author says otherwise.
				out.Tolerance, out.Relative = DefaultPredictTolerance, true
			}
		} else {
			t, rel, err := parseTolerance(q.Tolerance)
			if err != nil {
				return nil, p.wrap(f.line(prefix+".tolerance"), prefix+".tolerance", err)
			}
			out.Tolerance, out.Relative = t, rel
		}
		for i, mc := range q.Misconception {
			m, err := p.misconception(prefix, i, mc, f)
			if err != nil {
				return nil, err
			}
			out.Misconceptions = append(out.Misconceptions, m)
		}
	default:
		return nil, p.errorf(f.line(prefix), prefix, "%s needs [[%s.choice]] entries or an answer", what(prefix), prefix)
	}
	return out, nil
}

// parseTolerance reads a tolerance: a number (absolute) or a percentage in
// quotes (relative), not negative.
func parseTolerance(t any) (float64, bool, error) {
	var tol float64
	rel := false
	switch t := t.(type) {
	case int64:
		tol = float64(t)
	case float64:
		tol = t
	case string:
		v, err := parseLiteral(t)
		if err != nil || v.Kind != KindFraction {
			return 0, false, fmt.Errorf("want a number (absolute) or a percentage such as \"5%%\" (relative), got %q", t)
		}
		tol, rel = v.F, true
	default:
		return 0, false, fmt.Errorf("want a number or a percentage, got %v", t)
	}
	if tol < 0 || math.IsNaN(tol) {
		return 0, false, errors.New("the tolerance must not be negative")
	}
	return tol, rel, nil
}

// misconception reads one [[predict.misconception]] (or question's): the
// wrong number a likely misconception leads to, a number or a metric
// expression, and why it is tempting and wrong. Whether its number stands
// clear of the right answer is checked when the lesson is prepared, once
// the engine has computed both.
func (p *parser) misconception(prefix string, i int, mc misconceptionTOML, f *fieldLines) (Misconception, error) {
	field := fmt.Sprintf("%s.misconception[%d]", prefix, i)
	line := f.line(field)
	m := Misconception{Why: strings.TrimSpace(mc.Why), Line: line}
	switch a := mc.Answer.(type) {
	case nil:
		return m, p.errorf(line, field+".answer", "every misconception needs the answer it leads to: a number or a metric expression in quotes, as the question's answer")
	case int64, float64:
		m.Answer = fmt.Sprint(a)
	case string:
		if _, _, _, err := parseFigure(a); err != nil {
			return m, p.wrap(line, field+".answer", fmt.Errorf("a misconception's answer is a number, a metric expression, or the product or ratio of two: %w", err))
		}
		m.Answer = a
	default:
		return m, p.errorf(line, field+".answer", "want a number or a metric expression in quotes, got %v", a)
	}
	if m.Why == "" {
		return m, p.errorf(line, field+".why", "every misconception needs a why: what the learner who answers it likely thought, and what is wrong with it")
	}
	if mc.Tolerance != nil {
		t, rel, err := parseTolerance(mc.Tolerance)
		if err != nil {
			return m, p.wrap(line, field+".tolerance", err)
		}
		m.Tolerance, m.Relative, m.HasTolerance = t, rel, true
	}
	return m, nil
}

// what names a [question] or a [predict] in messages.
func what(prefix string) string {
	if prefix == "predict" {
		return "a prediction"
	}
	return "a question"
}

// placeholders checks the syntax of every {{...}} in the step's texts.
func (p *parser) placeholders(st *Step) error {
	check := func(text string, line int, field string, countLines bool) error {
		return scanPlaceholders(text, func(offset int, expr string, err error) error {
			l := line
			if countLines {
				l += strings.Count(text[:offset], "\n")
			}
			if err == nil {
				_, err = ParseExpr(expr)
			}
			if err != nil {
				return p.wrap(l, field, placeholderError(expr, err))
			}
			return nil
		})
	}
	if err := check(st.Body, st.BodyLine, "text", true); err != nil {
		return err
	}
	for _, x := range []struct {
		prefix string
		q      *Question
	}{{"predict", st.Predict}, {"question", st.Question}} {
		q := x.q
		if q == nil {
			continue
		}
		if err := check(q.Prompt, st.lines.line(x.prefix), x.prefix+".prompt", false); err != nil {
			return err
		}
		if err := check(q.Explain, st.lines.line(x.prefix+".explain"), x.prefix+".explain", false); err != nil {
			return err
		}
		if err := check(q.Reveal, st.lines.line(x.prefix+".reveal"), x.prefix+".reveal", false); err != nil {
			return err
		}
		for i, c := range q.Choices {
			field := fmt.Sprintf("%s.choice[%d]", x.prefix, i)
			if err := check(c.Text, st.lines.line(field), field+".text", false); err != nil {
				return err
			}
			if err := check(c.Why, st.lines.line(field), field+".why", false); err != nil {
				return err
			}
		}
		for i, mc := range q.Misconceptions {
			field := fmt.Sprintf("%s.misconception[%d]", x.prefix, i)
			if err := check(mc.Why, st.lines.line(field), field+".why", false); err != nil {
				return err
			}
		}
	}
	return nil
}

// errUnclosed is scanPlaceholders' error for a {{ never closed.
var errUnclosed = errors.New("it is never closed with }}")

// placeholderError is err about placeholder expr, quoted as the file has
// it: an unclosed one without the }} it lacks, which a quote closing it
// would show as if it were there.
func placeholderError(expr string, err error) error {
	if errors.Is(err, errUnclosed) {
		return fmt.Errorf("placeholder {{%s: %w", expr, err)
	}
	return fmt.Errorf("placeholder {{%s}}: %w", expr, err)
}

// scanPlaceholders calls fn for every {{...}} in text with its offset and
// content; an unclosed one is reported with an error.
func scanPlaceholders(text string, fn func(offset int, expr string, err error) error) error {
	for i := 0; ; {
		open := strings.Index(text[i:], "{{")
		if open < 0 {
			return nil
		}
		open += i
		end := strings.Index(text[open:], "}}")
		if end < 0 {
			return fn(open, strings.TrimSpace(firstLine(text[open+2:])), errUnclosed)
		}
		end += open
		if err := fn(open, strings.TrimSpace(text[open+2:end]), nil); err != nil {
			return err
		}
		i = end + 2
	}
}

// Placeholders are the expressions of a text's {{...}}, each without its
// format ("share step health ok" of "{{share step health ok | pct}}"), in
// order; an unclosed one ends the list.
func Placeholders(text string) []string {
	var out []string
	_ = scanPlaceholders(text, func(_ int, expr string, err error) error {
		if err != nil {
			return err
		}
		e, _, _ := strings.Cut(expr, "|")
		out = append(out, strings.TrimSpace(e))
		return nil
	})
	return out
}

func firstLine(s string) string {
	l, _, _ := strings.Cut(s, "\n")
	return l
}

func containsString(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// pauseDependency checks that a pause on "DEPENDENCY opens" names a
// dependency of the variant that has a breaker, so that a misspelled name
// is told apart from an event that never happens.
func pauseDependency(name string, deps []engine.Dependency, scenario string, variant int) error {
	var guarded, all []string
	for _, d := range deps {
		all = append(all, d.Name)
		if d.Policy.Breaker != nil {
			guarded = append(guarded, d.Name)
		}
		if d.Name == name {
			if d.Policy.Breaker == nil {
				return fmt.Errorf("dependency %q has no breaker in scenario %s (variant %d), so it never opens or closes (with a breaker: %s)", name, scenario, variant, orNone(guarded))
			}
			return nil
		}
	}
	msg := fmt.Sprintf("scenario %s (variant %d) has no dependency %q", scenario, variant, name)
	if s := didYouMean(name, all); s != "" {
		msg += fmt.Sprintf("; did you mean %q?", s)
	}
	return fmt.Errorf("%s (its dependencies: %s; with a breaker: %s; or write \"breaker opens\" for any)", msg, strings.Join(all, ", "), orNone(guarded))
}

func orNone(names []string) string {
	if len(names) == 0 {
		return "none"
	}
	return strings.Join(names, ", ")
}

// didYouMean is the known name got most likely meant, or "" (spell.Closest).
func didYouMean(got string, known []string) string { return spell.Closest(got, known) }

// stepKeys are the keys of a step's own front matter.
var stepKeys = []string{"title", "scenario", "variant", "seed", "from", "pause", "speed", "panes", "choose", "expect"}

func isStepKey(k string) bool { return containsString(stepKeys, k) }

// swallowedHint explains a step's key read as part of a table: in TOML
// every key after a [table] header belongs to that table until the next
// header, so a step key written below [set] (or [predict]) lands inside it.
func swallowedHint(table, key string) string {
	return fmt.Sprintf("; %s is a key of the step, but it comes after the [%s] header, so TOML reads it as %s.%s: move it above [%s] (a table's keys go last in the step's front matter)", key, table, table, key, table)
}

// scenarioFile reads a scenario file a step names, by a path relative to
// the lesson file's folder (or absolute), and checks that it parses.
// Built-in lessons, embedded in the program, name no files.
func (p *parser) scenarioFile(name string) (*ScenarioFile, int, error) {
	path := name
	if !filepath.IsAbs(path) {
		path = filepath.Join(filepath.Dir(p.file), filepath.FromSlash(name))
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, 0, fmt.Errorf("cannot read the scenario file %s (a path from the lesson file's folder, %s): %w", path, filepath.Dir(p.file), errors.Unwrap(err))
	}
	sc, err := scenariofile.Parse(path, data)
	if err != nil {
		return nil, 0, fmt.Errorf("the scenario file is not valid: %w", err)
	}
	return &ScenarioFile{Path: path, Data: data}, len(sc.Variants), nil
}
