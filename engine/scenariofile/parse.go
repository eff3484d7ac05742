package scenariofile

import (
	"errors"
	"fmt"
	"path"
	"sort"
	"strings"
	"time"

	"github.com/breakerlab/breakerlab/engine"
	toml "github.com/pelletier/go-toml/v2"
	"github.com/pelletier/go-toml/v2/unstable"
)

// DefaultVariant names the one variant of a file that has no [[variants]].
const DefaultVariant = "default"

// Parse reads a scenario file. filename only names the file in messages (and
// gives the scenario its name when the file sets none); data is its content.
//
// Every error is an *Error that names the file and, where there is one, the
// line; it says what was wrong and what is allowed, and wraps ErrInvalid.
// A scenario Parse returns has passed engine.Scenario.Validate.
func Parse(filename string, data []byte) (*engine.Scenario, error) {
	var doc map[string]any
	if err := toml.Unmarshal(data, &doc); err != nil {
		return nil, syntaxError(filename, data, err)
	}
	c := &conv{file: filename, ix: indexLines(data)}
	sc, err := c.scenario(doc)
	if err != nil {
		return nil, c.locate(err)
	}
	return sc, nil
}

// syntaxError turns the TOML decoder's complaint into an Error.
func syntaxError(filename string, data []byte, err error) error {
	var de *toml.DecodeError
	if errors.As(err, &de) {
		line, col := de.Position()
		msg := strings.TrimPrefix(de.Error(), "toml: ")
		return &Error{File: filename, Line: line, Err: invalid{fmt.Errorf("not valid TOML (column %d): %s", col, msg)}}
	}
	// A key or table defined twice: the decoder's message has no position.
	msg := strings.TrimPrefix(err.Error(), "toml: ")
	return &Error{File: filename, Line: failingLine(data, err), Err: invalid{fmt.Errorf("not valid TOML: %s (a key or table may be defined only once)", msg)}}
}

// failingLine finds the line of the expression (a key = value or a table
// header) the decoder stopped at, for its errors that carry no position: the
// decoder handles expressions one after another, so the first prefix of the
// document that ends after that expression fails the same way.
func failingLine(data []byte, err error) int {
	type expr struct{ line, start int }
	var exprs []expr
	ix := &lineIndex{starts: []int{0}}
	for i, b := range data {
		if b == '\n' {
			ix.starts = append(ix.starts, i+1)
		}
	}
	var p unstable.Parser
	p.Reset(data)
	for p.NextExpression() {
		n := p.Expression()
		var first *unstable.Node
		switch n.Kind {
		case unstable.KeyValue, unstable.Table, unstable.ArrayTable:
			it := n.Key()
			if it.Next() {
				first = it.Node()
			}
		}
		if l := ix.nodeLine(first); l > 0 {
			exprs = append(exprs, expr{line: l, start: ix.starts[l-1]})
		}
	}
	cut := func(k int) int { // the end of expression k
		if k+1 < len(exprs) {
			return exprs[k+1].start
		}
		return len(data)
	}
	fails := func(k int) bool {
		var doc map[string]any
		e := toml.Unmarshal(data[:cut(k)], &doc)
		return e != nil && e.Error() == err.Error()
	}
	k := sort.Search(len(exprs), fails)
	if k == len(exprs) {
		return 0
	}
	return exprs[k].line
}

// conv turns a decoded document into a scenario.
type conv struct {
	file string
	ix   *lineIndex
}

// locate gives an error its file and line.
func (c *conv) locate(err error) error {
	var p *problem
	if errors.As(err, &p) {
		return &Error{File: c.file, Line: c.ix.line(p.path), Err: invalid{p.err}}
	}
	return &Error{File: c.file, Err: invalid{err}}
}

// lineOf is the line of a path, for messages that point back at another
// place ("first defined on line 9").
func (c *conv) lineOf(p []string) int { return c.ix.line(p) }

func (c *conv) scenario(doc map[string]any) (*engine.Scenario, error) {
	top := table{m: doc}
	if err := c.checkKeys(top, "name", "summary", "duration", "measure_from", "measure_to", "system", "variants"); err != nil {
		return nil, err
	}
	sc := &engine.Scenario{}
	name, ok, err := top.str("name")
	if err != nil {
		return nil, err
	}
	if !ok {
		name = strings.TrimSuffix(path.Base(strings.ReplaceAll(c.file, "\\", "/")), ".toml")
	}
	if name == "" || name == "." || name == "/" {
		return nil, errorAt(top.at("name"), "the scenario needs a name, such as name = \"my-scenario\"")
	}
	sc.Name = name
	if sc.Summary, _, err = top.str("summary"); err != nil {
		return nil, err
	}

	d, ok, err := top.duration("duration")
	if err != nil {
		return nil, err
	}
	if !ok {
		return nil, errorAt(nil, "the scenario needs a duration: how long traffic arrives, such as duration = \"30s\"")
	}
	if d <= 0 || d > engine.MaxDuration {
		return nil, top.errorf("duration", "duration must be above 0 and at most %v, got %v", engine.MaxDuration, d)
	}
	sc.Duration = d
	from, _, err := top.duration("measure_from")
	if err != nil {
		return nil, err
	}
	to, ok, err := top.duration("measure_to")
	if err != nil {
		return nil, err
	}
	if !ok {
		to = d
	}
	switch {
	case from >= d:
		return nil, top.errorf("measure_from", "measure_from must be before the end of the run (duration %v), got %v", d, from)
	case to > d:
		return nil, top.errorf("measure_to", "measure_to must be at most the duration %v, got %v", d, to)
	case to <= from:
		return nil, top.errorf("measure_to", "measure_to must be after measure_from (%v), got %v", from, to)
	}
	sc.MeasureFrom, sc.MeasureTo = from, to

	st, ok, err := top.sub("system", "[system]")
	if err != nil {
		return nil, err
	}
	if !ok {
		return nil, errorAt(nil, "the scenario needs a [system] section: the server's workers, its endpoints and their dependencies")
	}
	base, err := c.system(st, d)
	if err != nil {
		return nil, err
	}

	vts, _, err := top.tables("variants", func(i int, m map[string]any) string {
		if n, ok := m["name"].(string); ok {
			return fmt.Sprintf("variants %q", n)
		}
		return fmt.Sprintf("variant %d", i+1)
	})
	if err != nil {
		return nil, err
	}
	if len(vts) == 0 {
		if err := c.crossCheck(base, ""); err != nil {
			return nil, err
		}
		sc.Variants = []engine.Variant{{Name: DefaultVariant, System: base.System}}
	}
	firstLine := map[string][]string{}
	for i, vt := range vts {
		v, err := c.variant(vt, i, base, d)
		if err != nil {
			return nil, err
		}
		if prev, dup := firstLine[v.name]; dup {
			return nil, vt.errorf("name", "the name is used twice (first on line %d): give each variant its own name", c.lineOf(prev))
		}
		firstLine[v.name] = vt.at("name")
		if err := c.crossCheck(v, v.name); err != nil {
			return nil, err
		}
		sc.Variants = append(sc.Variants, engine.Variant{Name: v.name, System: v.System})
	}
	// Every rule of the engine has been checked above with a line to name;
	// this is the net for any rule added to the engine later.
	if err := sc.Validate(); err != nil {
		return nil, fmt.Errorf("the scenario is not valid: %w", err)
	}
	return sc, nil
}

// system is a system as read, with where its parts came from, so that a
// rule that spans two parts (a bulkhead no larger than the pool) can name
// the line of the part a variant changed.
type system struct {
	engine.System
	name      string     // the variant's name
	workersAt []string   // where workers was set
	sizeAt    [][]string // per dependency: where its bulkhead size was set
	depNames  map[string]int
	endNames  map[string]int
}

func (s system) clone() system {
	out := s
	out.Endpoints = append([]engine.Endpoint(nil), s.Endpoints...)
	out.Dependencies = make([]engine.Dependency, len(s.Dependencies))
	for i, d := range s.Dependencies {
		out.Dependencies[i] = cloneDependency(d)
	}
	out.sizeAt = append([][]string(nil), s.sizeAt...)
	return out
}

func cloneDependency(d engine.Dependency) engine.Dependency {
	d.Faults = append([]engine.Fault(nil), d.Faults...)
	d.Policy = clonePolicy(d.Policy)
	return d
}

func clonePolicy(p engine.Policy) engine.Policy {
	if p.Order != nil {
		p.Order = append([]engine.Layer{}, p.Order...)
	}
	if p.Breaker != nil {
		b := *p.Breaker
		p.Breaker = &b
	}
	if p.Retry != nil {
		r := *p.Retry
		p.Retry = &r
	}
	return p
}

// crossCheck checks the rules that join parts a variant may set separately.
func (c *conv) crossCheck(s system, variant string) error {
	for i, d := range s.Dependencies {
		if d.Policy.Bulkhead <= s.Workers {
			continue
		}
		at := s.sizeAt[i]
		prefix := ""
		if variant != "" && (isVariantPath(at) || isVariantPath(s.workersAt)) {
			prefix = fmt.Sprintf("variants %q: ", variant)
			if !isVariantPath(at) {
				at = s.workersAt
			}
		}
		return errorAt(at, "%sdependencies %q: the bulkhead's size %d is larger than the pool (workers = %d, line %d): a bulkhead must be between 0 (none) and the number of workers",
			prefix, d.Name, d.Policy.Bulkhead, s.Workers, c.lineOf(s.workersAt))
	}
	return nil
}

func isVariantPath(p []string) bool { return len(p) > 0 && p[0] == "variants" }

func (c *conv) system(t table, duration time.Duration) (system, error) {
	s := system{depNames: map[string]int{}, endNames: map[string]int{}}
	if err := c.checkKeys(t, "workers", "queue", "endpoints", "dependencies"); err != nil {
		return s, err
	}
	w, ok, err := t.integer("workers")
	if err != nil {
		return s, err
	}
	if !ok {
		return s, errorAt(t.path, "[system] needs workers: the size of the server's pool, such as workers = 16")
	}
	if err := checkWorkers(t, w); err != nil {
		return s, err
	}
	s.Workers, s.workersAt = w, t.at("workers")
	if v, ok := t.m["queue"]; ok {
		q, err := ParseQueue(v)
		if err != nil {
			return s, wrapAt(t.at("queue"), fmt.Errorf("%s: %w", t.what, err))
		}
		s.Queue = q
	}

	deps, _, err := t.tables("dependencies", func(i int, m map[string]any) string {
		if n, ok := m["name"].(string); ok {
			return fmt.Sprintf("dependencies %q", n)
		}
		return fmt.Sprintf("dependency %d", i+1)
	})
	if err != nil {
		return s, err
	}
	if len(deps) > engine.MaxEndpoints {
		return s, errorAt(t.at("dependencies"), "[system]: a system may have at most %d dependencies, got %d", engine.MaxEndpoints, len(deps))
	}
	first := map[string][]string{}
	for i, dt := range deps {
		d, sizeAt, err := c.dependency(dt, i, duration)
		if err != nil {
			return s, err
		}
		if prev, dup := first[d.Name]; dup {
			return s, dt.errorf("name", "the name is used twice (first on line %d): give each dependency its own name", c.lineOf(prev))
		}
		first[d.Name] = dt.at("name")
		s.depNames[d.Name] = i
		s.Dependencies = append(s.Dependencies, d)
		s.sizeAt = append(s.sizeAt, sizeAt)
	}

	eps, _, err := t.tables("endpoints", func(i int, m map[string]any) string {
		if n, ok := m["name"].(string); ok {
			return fmt.Sprintf("endpoints %q", n)
		}
		return fmt.Sprintf("endpoint %d", i+1)
	})
	if err != nil {
		return s, err
	}
	if len(eps) == 0 || len(eps) > engine.MaxEndpoints {
		return s, errorAt(t.path, "[system] needs between 1 and %d endpoints ([[system.endpoints]] sections), got %d", engine.MaxEndpoints, len(eps))
	}
	first = map[string][]string{}
	for i, et := range eps {
		e, err := c.endpoint(et, i, s)
		if err != nil {
			return s, err
		}
		if prev, dup := first[e.Name]; dup {
			return s, et.errorf("name", "the name is used twice (first on line %d): give each endpoint its own name", c.lineOf(prev))
		}
		first[e.Name] = et.at("name")
		s.endNames[e.Name] = i
		s.Endpoints = append(s.Endpoints, e)
	}
	return s, nil
}

func checkWorkers(t table, w int) error {
	if w < 1 || w > engine.MaxWorkers {
		return t.errorf("workers", "workers must be between 1 and %d, got %d", engine.MaxWorkers, w)
	}
	return nil
}

// name reads a part's required name.
func name(t table, kind string, i int) (string, error) {
	n, ok, err := t.str("name")
	if err != nil {
		return "", err
	}
	if !ok || n == "" {
		return "", errorAt(t.path, "%s %d needs a name, such as name = \"...\"", kind, i+1)
	}
	return n, nil
}

func (c *conv) endpoint(t table, i int, s system) (engine.Endpoint, error) {
	var e engine.Endpoint
	if err := c.checkKeys(t, "name", "rate", "interval", "calls", "patience"); err != nil {
		return e, err
	}
	n, err := name(t, "endpoint", i)
	if err != nil {
		return e, err
	}
	e.Name = n
	err = endpointFields(t, &e, s)
	return e, err
}

// endpointFields reads the fields of an endpoint that a variant may change
// too. Setting rate or interval replaces both.
func endpointFields(t table, e *engine.Endpoint, s system) error {
	if t.has("rate") && t.has("interval") {
		return t.errorf("interval", "give a rate (requests per second, arriving at random) or an interval (one request every so often), not both")
	}
	if r, ok, err := t.number("rate"); err != nil {
		return err
	} else if ok {
		if !(r >= 0 && r <= engine.MaxRate) {
			return t.errorf("rate", "rate must be between 0 and %v requests per second, got %v", engine.MaxRate, r)
		}
		e.Rate, e.Interval = r, 0
	}
	if d, ok, err := t.duration("interval"); err != nil {
		return err
	} else if ok {
		if d > 0 && d < time.Microsecond {
			return t.errorf("interval", "interval must be 0 (no fixed arrivals) or at least 1us, got %v", d)
		}
		e.Rate, e.Interval = 0, d
	}
	if calls, ok, err := t.str("calls"); err != nil {
		return err
	} else if ok {
		if _, known := s.depNames[calls]; calls != "" && !known {
			return t.errorf("calls", "calls %q, which is not a dependency (have: %s)", calls, names(s.Dependencies))
		}
		e.Calls = calls
	}
	if d, ok, err := t.duration("patience"); err != nil {
		return err
	} else if ok {
		e.Patience = d
	}
	return nil
}

func names(deps []engine.Dependency) string {
	if len(deps) == 0 {
		return "none; add a [[system.dependencies]] section"
	}
	out := make([]string, len(deps))
	for i, d := range deps {
		out[i] = fmt.Sprintf("%q", d.Name)
	}
	return strings.Join(out, ", ")
}

func (c *conv) dependency(t table, i int, duration time.Duration) (engine.Dependency, []string, error) {
	var d engine.Dependency
	if err := c.checkKeys(t, "name", "latency", "faults", "policy"); err != nil {
		return d, nil, err
	}
	n, err := name(t, "dependency", i)
	if err != nil {
		return d, nil, err
	}
	d.Name = n
	if !t.has("latency") {
		return d, nil, errorAt(t.path, "%s needs a latency, such as latency = { kind = \"exponential\", mean = \"40ms\" }", t.what)
	}
	sizeAt, err := c.dependencyFields(t, &d, duration)
	return d, sizeAt, err
}

// dependencyFields reads the parts of a dependency that a variant may
// replace: latency, faults and policy. It returns where the bulkhead size
// was set, or nil.
func (c *conv) dependencyFields(t table, d *engine.Dependency, duration time.Duration) ([]string, error) {
	if lt, ok, err := t.sub("latency", t.what+" latency"); err != nil {
		return nil, err
	} else if ok {
		l, err := c.latency(lt)
		if err != nil {
			return nil, err
		}
		d.Latency = l
	}
	if t.has("faults") {
		fts, _, err := t.tables("faults", func(i int, _ map[string]any) string {
			return fmt.Sprintf("%s fault %d", t.what, i+1)
		})
		if err != nil {
			return nil, err
		}
		d.Faults = nil
		for i, ft := range fts {
			f, err := c.fault(ft, i, duration)
			if err != nil {
				return nil, err
			}
			if i > 0 {
				prev := d.Faults[i-1]
				if prev.To == 0 {
					return nil, ft.errorf("from", "fault %d before it lasts until the end of the run (it has no \"to\"), so no fault can follow it", i)
				}
				if f.From < prev.To {
					return nil, ft.errorf("from", "it starts at %v, before fault %d ends at %v: list faults in time order, one after another", f.From, i, prev.To)
				}
			}
			d.Faults = append(d.Faults, f)
		}
	}
	var sizeAt []string
	if pt, ok, err := t.sub("policy", t.what+" policy"); err != nil {
		return nil, err
	} else if ok {
		p, err := c.policy(pt)
		if err != nil {
			return nil, err
		}
		d.Policy = p
		if p.Bulkhead > 0 {
			sizeAt = append(pt.at("bulkhead"), "size")
		}
	}
	return sizeAt, nil
}

func (c *conv) latency(t table) (engine.Latency, error) {
	var l engine.Latency
	kind, ok, err := t.str("kind")
	if err != nil {
		return l, err
	}
	if !ok {
		return l, errorAt(t.path, "%s needs a kind: exponential (with mean), constant (with value) or lognormal (with p50 and p99)", t.what)
	}
	k, err := ParseLatencyKind(kind)
	if err != nil {
		return l, wrapAt(t.at("kind"), fmt.Errorf("%s: %w", t.what, err))
	}
	l.Kind = k
	switch k {
	case engine.Exponential:
		if err := c.checkKeys(t, "kind", "mean"); err != nil {
			return l, err
		}
		mean, _, err := t.duration("mean")
		if err != nil {
			return l, err
		}
		if mean <= 0 {
			return l, errorAt(t.at("mean"), "%s: exponential latency needs a positive mean, such as mean = \"40ms\", got %v", t.what, mean)
		}
		l.Mean = mean
	case engine.Constant:
		if err := c.checkKeys(t, "kind", "value"); err != nil {
			return l, err
		}
		v, ok, err := t.duration("value")
		if err != nil {
			return l, err
		}
		if !ok {
			return l, errorAt(t.path, "%s: constant latency needs a value, such as value = \"100ms\" (\"0s\" answers at once)", t.what)
		}
		l.Value = v
	case engine.LogNormal:
		if err := c.checkKeys(t, "kind", "p50", "p99"); err != nil {
			return l, err
		}
		p50, _, err := t.duration("p50")
		if err != nil {
			return l, err
		}
		p99, _, err := t.duration("p99")
		if err != nil {
			return l, err
		}
		if p50 <= 0 || p99 <= p50 {
			return l, errorAt(t.at("p99"), "%s: lognormal latency needs 0 < p50 < p99, such as p50 = \"80ms\" and p99 = \"200ms\", got p50 %v and p99 %v", t.what, p50, p99)
		}
		l.P50, l.P99 = p50, p99
	}
	return l, nil
}

func (c *conv) fault(t table, i int, duration time.Duration) (engine.Fault, error) {
	var f engine.Fault
	kind, ok, err := t.str("kind")
	if err != nil {
		return f, err
	}
	if !ok {
		return f, errorAt(t.path, "%s needs a kind: hang, slow (with latency) or error (with probability)", t.what)
	}
	k, err := ParseFaultKind(kind)
	if err != nil {
		return f, wrapAt(t.at("kind"), fmt.Errorf("%s: %w", t.what, err))
	}
	f.Kind = k
	t.what = fmt.Sprintf("%s (%v)", t.what, k)
	allowed := []string{"kind", "from", "to"}
	switch k {
	case engine.Slow:
		allowed = append(allowed, "latency")
	case engine.Error:
		allowed = append(allowed, "probability")
	}
	if err := c.checkKeys(t, allowed...); err != nil {
		return f, err
	}
	if f.From, _, err = t.duration("from"); err != nil {
		return f, err
	}
	to, hasTo, err := t.duration("to")
	if err != nil {
		return f, err
	}
	f.To = to
	end := to
	if to == 0 {
		end = duration
	}
	if f.From >= end {
		if !hasTo || to == 0 {
			return f, t.errorf("from", "a fault must start before the run ends (duration %v), got from %v", duration, f.From)
		}
		return f, t.errorf("to", "a fault must start before it ends, got from %v to %v", f.From, to)
	}
	switch k {
	case engine.Slow:
		l, _, err := t.duration("latency")
		if err != nil {
			return f, err
		}
		if l <= 0 {
			return f, errorAt(t.at("latency"), "%s: a slow fault needs a positive latency, such as latency = \"10s\", got %v", t.what, l)
		}
		f.Latency = l
	case engine.Error:
		p, ok, err := t.number("probability")
		if err != nil {
			return f, err
		}
		if !ok {
			return f, errorAt(t.path, "%s: an error fault needs a probability between 0 and 1, such as probability = 0.5", t.what)
		}
		if !(p >= 0 && p <= 1) {
			return f, t.errorf("probability", "probability must be between 0 and 1, got %v", p)
		}
		f.Probability = p
	}
	return f, nil
}

func (c *conv) variant(t table, i int, base system, duration time.Duration) (system, error) {
	s := base.clone()
	if err := c.checkKeys(t, "name", "workers", "queue", "endpoints", "dependencies"); err != nil {
		return s, err
	}
	n, err := name(t, "variant", i)
	if err != nil {
		return s, err
	}
	s.name = n
	if w, ok, err := t.integer("workers"); err != nil {
		return s, err
	} else if ok {
		if err := checkWorkers(t, w); err != nil {
			return s, err
		}
		s.Workers, s.workersAt = w, t.at("workers")
	}
	if v, ok := t.m["queue"]; ok {
		q, err := ParseQueue(v)
		if err != nil {
			return s, wrapAt(t.at("queue"), fmt.Errorf("%s: %w", t.what, err))
		}
		s.Queue = q
	}
	if et, ok, err := t.sub("endpoints", t.what+" endpoints"); err != nil {
		return s, err
	} else if ok {
		for _, en := range c.keysInOrder(et) {
			idx, known := s.endNames[en]
			if !known {
				return s, errorAt(et.at(en), "%s: there is no endpoint %q in [system] to change (have: %s)", t.what, en, endpointNames(s.Endpoints))
			}
			ot, _, err := et.sub(en, fmt.Sprintf("%s: endpoints %q", t.what, en))
			if err != nil {
				return s, err
			}
			if err := c.checkKeys(ot, "rate", "interval", "calls", "patience"); err != nil {
				return s, err
			}
			if err := endpointFields(ot, &s.Endpoints[idx], s); err != nil {
				return s, err
			}
		}
	}
	if dt, ok, err := t.sub("dependencies", t.what+" dependencies"); err != nil {
		return s, err
	} else if ok {
		for _, dn := range c.keysInOrder(dt) {
			idx, known := s.depNames[dn]
			if !known {
				return s, errorAt(dt.at(dn), "%s: there is no dependency %q in [system] to change (have: %s)", t.what, dn, names(s.Dependencies))
			}
			ot, _, err := dt.sub(dn, fmt.Sprintf("%s: dependencies %q", t.what, dn))
			if err != nil {
				return s, err
			}
			if err := c.checkKeys(ot, "latency", "faults", "policy"); err != nil {
				return s, err
			}
			sizeAt, err := c.dependencyFields(ot, &s.Dependencies[idx], duration)
			if err != nil {
				return s, err
			}
			if ot.has("policy") {
				s.sizeAt[idx] = sizeAt
			}
		}
	}
	return s, nil
}

func endpointNames(eps []engine.Endpoint) string {
	out := make([]string, len(eps))
	for i, e := range eps {
		out[i] = fmt.Sprintf("%q", e.Name)
	}
	return strings.Join(out, ", ")
}
