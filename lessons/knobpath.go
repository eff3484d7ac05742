package lessons

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/breakerlab/breakerlab/engine"
)

// Reading a knob path: which part of the system it names, and which of
// that part's keys. A path is KEY (the server's own: workers, shed.max_wait,
// tasks.threads), NAME.KEY (an endpoint, a dependency of the front, a
// service or a connection pool) or SERVICE/DEPENDENCY.KEY (a service's
// dependency; DEPENDENCY.KEY alone, when no part of the front has the
// name, is the one service's dependency that has it, and refused when two
// services have one). Names are matched whole, never split at a dot or a
// slash, so a name may hold any character a scenario file allows: my.db/x.timeout
// is the timeout of the dependency "my.db/x". Where a path reads as two
// knobs (an endpoint "e" and another "e.burst" both make e.burst.rate), or
// a name holds a double quote or an "=" (which ends a --vary path) or
// begins or ends with a space, the name is written in double quotes, Go's
// way: "e.burst".rate, "orders"/"db.v2".timeout. Knobs lists
// each path so; SetKnob and a lesson's [set] take both forms.
//
// Every setter and reader goes through findKnob, so the sandbox's form, a
// lesson's [set], a sweep and a challenge read a path alike. It allocates
// nothing on a path that names a knob: a sweep sets knobs on every cell.

// knobPart is what a path's name names.
type knobPart uint8

const (
	serverPart     knobPart = iota // no name: the server's own keys
	endpointPart                   // one of the front's endpoints
	dependencyPart                 // one of the front's dependencies
	servicePart                    // a service's own keys
	edgePart                       // SERVICE/DEPENDENCY: a service's dependency
	poolPart                       // a connection pool
)

// knobAt is one reading of a path: the part and its key.
type knobAt struct {
	part knobPart
	ep   *engine.Endpoint
	dep  *engine.Dependency
	svc  *engine.Service // a servicePart's, or an edgePart's owner
	pool *engine.Pool
	key  string
}

// name is the part's name as a path writes it bare ("" for the server).
func (at knobAt) name() string {
	switch at.part {
	case endpointPart:
		return at.ep.Name
	case dependencyPart:
		return at.dep.Name
	case servicePart:
		return at.svc.Name
	case edgePart:
		return at.svc.Name + "/" + at.dep.Name
	case poolPart:
		return at.pool.Name
	}
	return ""
}

// what says which part it is, for a message.
func (at knobAt) what() string {
	switch at.part {
	case endpointPart:
		return fmt.Sprintf("endpoint %q", at.ep.Name)
	case dependencyPart:
		return fmt.Sprintf("dependency %q", at.dep.Name)
	case servicePart:
		return fmt.Sprintf("service %q", at.svc.Name)
	case edgePart:
		return fmt.Sprintf("service %q's dependency %q", at.svc.Name, at.dep.Name)
	case poolPart:
		return fmt.Sprintf("pool %q", at.pool.Name)
	}
	return "the server"
}

// sameSplit says whether two readings cut the path at the same place into
// the same name: then they are one name the system gives two parts (a
// service and a dependency), which the order of findKnob settles.
func (at knobAt) sameSplit(o knobAt) bool {
	return len(at.key) == len(o.key) && (at.part == edgePart) == (o.part == edgePart)
}

// The keys of each part, as findKnob accepts them.

func serverKey(sys *engine.System, k string) bool {
	return keyIn(systemKeys, k) || keyIn(shedKeys, k) || (sys.Tasks != nil && keyIn(tasksKnobs, k))
}

func endpointKey(sys *engine.System, k string) bool {
	return keyIn(endpointKeys, k) || keyIn(endpointMoreKeys, k) || (sys.Tasks != nil && k == "cpu")
}

// readings calls fn with every reading of an unquoted path, in the order
// that settles a name two parts share (a pool, a service, an endpoint,
// then a dependency), the server's first; fn returns false to stop.
func readings(sys *engine.System, path string, fn func(knobAt) bool) {
	if serverKey(sys, path) && !fn(knobAt{part: serverPart, key: path}) {
		return
	}
	for i := range sys.Pools {
		if rest, ok := cutName(path, sys.Pools[i].Name); ok && keyIn(poolKnobKeys, rest) {
			if !fn(knobAt{part: poolPart, pool: &sys.Pools[i], key: rest}) {
				return
			}
		}
	}
	for i := range sys.Services {
		s := &sys.Services[i]
		if rest, ok := cutName(path, s.Name); ok && keyIn(serviceKeys, rest) {
			if !fn(knobAt{part: servicePart, svc: s, key: rest}) {
				return
			}
		}
		n := len(s.Name)
		if len(path) <= n || path[n] != '/' || path[:n] != s.Name {
			continue
		}
		tail := path[n+1:]
		for j := range s.Dependencies {
			d := &s.Dependencies[j]
			if rest, ok := cutName(tail, d.Name); ok && isDependencyKey(sys, d, rest) {
				if !fn(knobAt{part: edgePart, svc: s, dep: d, key: rest}) {
					return
				}
			}
		}
	}
	for i := range sys.Endpoints {
		if rest, ok := cutName(path, sys.Endpoints[i].Name); ok && endpointKey(sys, rest) {
			if !fn(knobAt{part: endpointPart, ep: &sys.Endpoints[i], key: rest}) {
				return
			}
		}
	}
	for i := range sys.Dependencies {
		d := &sys.Dependencies[i]
		if rest, ok := cutName(path, d.Name); ok && isDependencyKey(sys, d, rest) {
			if !fn(knobAt{part: dependencyPart, dep: d, key: rest}) {
				return
			}
		}
	}
}

// errAmbiguous marks a path that reads as two knobs.
var errAmbiguous = errors.New("ambiguous knob path")

// findKnob reads path on sys. ok is false when it names no knob; err says
// why when the reason is not that (a path that reads two ways, a quote
// left open), and is nil for a path that simply names nothing.
func findKnob(sys *engine.System, path string) (at knobAt, ok bool, err error) {
	var quotedErr error
	if strings.HasPrefix(path, `"`) || strings.Contains(path, `/"`) {
		// A quoted name first; a name that starts with a quote written
		// bare is read below.
		at, ok, err, quoted := findQuoted(sys, path)
		if quoted && ok {
			return at, ok, err
		}
		quotedErr = err
	}
	var first, other knobAt
	found, twice := false, false
	readings(sys, path, func(r knobAt) bool {
		if !found {
			first, found = r, true
			return true
		}
		if !first.sameSplit(r) {
			other, twice = r, true
			return false
		}
		return true
	})
	if twice {
		return knobAt{}, false, ambiguous(path, first, other)
	}
	if !found && quotedErr == nil {
		return bareEdgeKnob(sys, path)
	}
	if !found {
		return knobAt{}, false, quotedErr
	}
	return first, found, nil
}

// bareEdgeKnob reads DEPENDENCY.KEY, which names no part of the front, as
// a service's dependency: the one service dependency of that name, so that
// a lesson may write database.fault.latency for multi-hop's one database.
// Where two services each have one, the path is refused with the
// SERVICE/DEPENDENCY.KEY of each, not read as the first service's: the
// same rule for a {{param}}, a [set] key and a sweep's --vary, which all
// read paths here.
func bareEdgeKnob(sys *engine.System, path string) (knobAt, bool, error) {
	var all []knobAt
	for i := range sys.Services {
		s := &sys.Services[i]
		for j := range s.Dependencies {
			d := &s.Dependencies[j]
			if rest, ok := cutName(path, d.Name); ok && isDependencyKey(sys, d, rest) {
				all = append(all, knobAt{part: edgePart, svc: s, dep: d, key: rest})
			}
		}
	}
	switch len(all) {
	case 0:
		return knobAt{}, false, nil
	case 1:
		return all[0], true, nil
	}
	return knobAt{}, false, ambiguousEdge(path, all)
}

// ambiguousEdge says that path, read as a service's dependency, is a
// dependency of each of several services (all), and how to write each.
func ambiguousEdge(path string, all []knobAt) error {
	paths := make([]string, len(all))
	for i, at := range all {
		paths[i] = edgePath(at)
	}
	return fmt.Errorf("%w: %q names no part of the front, and %d services each have a dependency called %q: write which one, %s",
		errAmbiguous, path, len(all), all[0].dep.Name, orList(paths))
}

// edgePath is a service dependency's path as a reader types it: bare, or
// with the names quoted where a bare one could read as another part.
func edgePath(at knobAt) string {
	if strings.ContainsAny(at.svc.Name+at.dep.Name, "./") || needsQuotes(at.svc.Name) || needsQuotes(at.dep.Name) {
		return quotedPath(at)
	}
	return at.name() + "." + at.key
}

// orList joins items as a sentence offers choices: "a or b", "a, b or c".
func orList(items []string) string {
	if len(items) < 2 {
		return strings.Join(items, "")
	}
	return strings.Join(items[:len(items)-1], ", ") + " or " + items[len(items)-1]
}

// ambiguous says that path reads as two knobs, and how to write each.
func ambiguous(path string, a, b knobAt) error {
	return fmt.Errorf("%w: %q is %s's %s and %s's %s; write the name in double quotes to say which: %s or %s",
		errAmbiguous, path, a.what(), a.key, b.what(), b.key, quotedPath(a), quotedPath(b))
}

// findQuoted reads a path whose name, or a service's dependency's name,
// is in double quotes. quoted is false when the quotes are part of a bare
// name after all (no quoted name reads there).
func findQuoted(sys *engine.System, path string) (at knobAt, ok bool, err error, quoted bool) {
	if strings.HasPrefix(path, `"`) {
		q, qerr := strconv.QuotedPrefix(path)
		if qerr != nil {
			return knobAt{}, false, fmt.Errorf("%q: a name in quotes needs its closing quote, such as \"my.db\".timeout", path), true
		}
		name, _ := strconv.Unquote(q)
		rest := path[len(q):]
		switch {
		case strings.HasPrefix(rest, "."):
			at, ok := namedKnob(sys, name, rest[1:])
			return at, ok, nil, true
		case strings.HasPrefix(rest, "/"):
			at, ok, err := edgeKnob(sys, name, rest[1:])
			return at, ok, err, true
		}
		return knobAt{}, false, fmt.Errorf("%q: after the quoted name %s comes .KEY, or /DEPENDENCY.KEY for a service's dependency", path, q), true
	}
	// SERVICE/"DEPENDENCY".KEY: the service's name bare.
	for i := range sys.Services {
		s := &sys.Services[i]
		if tail, ok := strings.CutPrefix(path, s.Name+`/"`); ok {
			at, ok, err := edgeKnob(sys, s.Name, `"`+tail)
			return at, ok, err, true
		}
	}
	return knobAt{}, false, nil, false
}

// namedKnob is the knob key of the part called exactly name (not a
// service's dependency), in readings' order.
func namedKnob(sys *engine.System, name, key string) (knobAt, bool) {
	var at knobAt
	found := false
	readings(sys, name+"."+key, func(r knobAt) bool {
		if r.part != serverPart && r.part != edgePart && r.name() == name {
			at, found = r, true
			return false
		}
		return true
	})
	return at, found
}

// edgeKnob reads DEPENDENCY.KEY (the dependency's name bare or quoted) of
// service svc.
func edgeKnob(sys *engine.System, svc, tail string) (knobAt, bool, error) {
	var s *engine.Service
	for i := range sys.Services {
		if sys.Services[i].Name == svc {
			s = &sys.Services[i]
		}
	}
	if s == nil {
		return knobAt{}, false, nil
	}
	if strings.HasPrefix(tail, `"`) {
		q, err := strconv.QuotedPrefix(tail)
		if err != nil || !strings.HasPrefix(tail[len(q):], ".") {
			return knobAt{}, false, fmt.Errorf("%s/%s: a name in quotes needs its closing quote and then .KEY, such as orders/\"my.db\".timeout", svc, tail)
		}
		name, _ := strconv.Unquote(q)
		key := tail[len(q)+1:]
		for j := range s.Dependencies {
			if d := &s.Dependencies[j]; d.Name == name && isDependencyKey(sys, d, key) {
				return knobAt{part: edgePart, svc: s, dep: d, key: key}, true, nil
			}
		}
		return knobAt{}, false, nil
	}
	var first knobAt
	found := false
	for j := range s.Dependencies {
		d := &s.Dependencies[j]
		if rest, ok := cutName(tail, d.Name); ok && isDependencyKey(sys, d, rest) {
			r := knobAt{part: edgePart, svc: s, dep: d, key: rest}
			if found {
				return knobAt{}, false, ambiguous(svc+"/"+tail, first, r)
			}
			first, found = r, true
		}
	}
	return first, found, nil
}

// settable is what a setter is handed for a path that names no knob but
// starts with a dependency's name (the longest such, of the front's or a
// service's): the setter then says what is wrong with the key ("unknown
// breaker key"), as it did before paths were read whole.
func settable(sys *engine.System, path string) (knobAt, bool) {
	var best knobAt
	found := false
	take := func(r knobAt) {
		if !found || len(r.key) < len(best.key) {
			best, found = r, true
		}
	}
	for i := range sys.Services {
		s := &sys.Services[i]
		n := len(s.Name)
		if len(path) <= n || path[n] != '/' || path[:n] != s.Name {
			continue
		}
		for j := range s.Dependencies {
			if rest, ok := cutName(path[n+1:], s.Dependencies[j].Name); ok {
				take(knobAt{part: edgePart, svc: s, dep: &s.Dependencies[j], key: rest})
			}
		}
	}
	for i := range sys.Dependencies {
		if rest, ok := cutName(path, sys.Dependencies[i].Name); ok {
			take(knobAt{part: dependencyPart, dep: &sys.Dependencies[i], key: rest})
		}
	}
	return best, found
}

// quoteName is name in double quotes, Go's way.
func quoteName(name string) string { return strconv.Quote(name) }

// quotedPath is at's path with its name in quotes.
func quotedPath(at knobAt) string {
	switch at.part {
	case serverPart:
		return at.key
	case edgePart:
		return quoteName(at.svc.Name) + "/" + quoteName(at.dep.Name) + "." + at.key
	}
	return quoteName(at.name()) + "." + at.key
}

// needsQuotes says whether a name cannot be written bare in any path: it
// holds a double quote (which starts a quoted name) or an "=" (which ends
// a --vary path), or starts or ends with a space (which a flag's path
// loses).
func needsQuotes(name string) bool {
	return name == "" || strings.ContainsAny(name, `"=`) || strings.TrimSpace(name) != name
}

// oddNames says whether any name of sys holds a dot or a slash, or must be
// quoted: only then may a bare path read two ways, and Knobs checks each.
func oddNames(sys *engine.System) bool {
	odd := func(n string) bool { return strings.ContainsAny(n, "./") || needsQuotes(n) }
	for _, e := range sys.Endpoints {
		if odd(e.Name) {
			return true
		}
	}
	for _, d := range sys.Dependencies {
		if odd(d.Name) {
			return true
		}
	}
	for _, s := range sys.Services {
		if odd(s.Name) {
			return true
		}
		for _, d := range s.Dependencies {
			if odd(d.Name) {
				return true
			}
		}
	}
	for _, p := range sys.Pools {
		if odd(p.Name) {
			return true
		}
	}
	return false
}

// pathOf is the path Knobs lists for at: bare when it reads back as at
// alone, else with the name quoted.
func pathOf(sys *engine.System, at knobAt, odd bool) string {
	bare := at.key
	if at.part != serverPart {
		bare = at.name() + "." + at.key
	}
	if !odd || at.part == serverPart {
		return bare
	}
	quote := false
	switch at.part {
	case edgePart:
		quote = needsQuotes(at.svc.Name) || needsQuotes(at.dep.Name)
	default:
		quote = needsQuotes(at.name())
	}
	if !quote {
		got, ok, err := findKnob(sys, bare)
		quote = err != nil || !ok || got.part != at.part || got.name() != at.name() || got.key != at.key
	}
	if quote {
		return quotedPath(at)
	}
	return bare
}

// canonicalKnob is path as Knobs lists it, when it names a knob of
// variant v of sc: a name written in quotes where it needs none, or bare
// where it reads one way only, is the same knob.
func canonicalKnob(sc *engine.Scenario, v int, path string) (string, bool) {
	sys := &sc.Variants[v].System
	at, ok, err := findKnob(sys, path)
	if !ok || err != nil {
		return "", false
	}
	return pathOf(sys, at, oddNames(sys)), true
}

// SplitKnob cuts a knob path Knobs lists into the part it belongs to and
// the key, without a scenario: a name may hold dots ("my.db/x.timeout" is
// my.db/x's timeout), so the key is the first tail that is one of the
// keys some part has; a quoted name is cut after its quote. The server's
// keys come back with part "". ok is false for a path it cannot cut.
func SplitKnob(path string) (part, key string, ok bool) {
	if strings.HasPrefix(path, `"`) {
		q, err := strconv.QuotedPrefix(path)
		if err != nil {
			return "", "", false
		}
		rest := path[len(q):]
		if strings.HasPrefix(rest, "/") {
			p, k, ok := SplitKnob(rest[1:])
			if !ok || p == "" {
				return "", "", false
			}
			return q + "/" + p, k, true
		}
		if !strings.HasPrefix(rest, ".") {
			return "", "", false
		}
		return q, rest[1:], true
	}
	firstDot := -1
	for i := 0; i < len(path); i++ {
		if path[i] != '.' {
			continue
		}
		if firstDot < 0 {
			firstDot = i
		}
		if partKeys[path[i+1:]] || strings.HasPrefix(path[i+1:], tenantSlotsKey) {
			return path[:i], path[i+1:], true
		}
	}
	if firstDot < 0 {
		return "", path, true
	}
	// The server's dotted keys (shed.max_wait, tasks.threads), and keys no
	// part has, are cut at their first dot, as the knob lists group them.
	return path[:firstDot], path[firstDot+1:], true
}

// SplitKnobName is SplitKnob for a reader that looks a part up by its
// name: the name unquoted ("\"my.db\".timeout" and "my.db.timeout" both
// give my.db), and ok false for a path of no part (the server's own
// "workers") or one it cannot cut.
func SplitKnobName(path string) (name, key string, ok bool) {
	part, key, ok := SplitKnob(path)
	if !ok || part == "" {
		return "", key, false
	}
	if u, err := strconv.Unquote(part); err == nil {
		part = u
	}
	return part, key, true
}

// partKeys is every key a named part has, for SplitKnob.
var partKeys = func() map[string]bool {
	m := map[string]bool{}
	for _, list := range []string{endpointKeys, endpointMoreKeys, "cpu", dependencyKeys, edgeKeys, serviceKeys, poolKnobKeys} {
		for _, k := range strings.Split(list, ", ") {
			m[strings.TrimSuffix(k, " (false)")] = true
		}
	}
	for _, k := range strings.Split(breakerKeys, ", ") {
		m["breaker."+k] = true
	}
	for _, k := range strings.Split(retryKeys, ", ") {
		m["retry."+k] = true
	}
	delete(m, "breaker.*")
	delete(m, "retry.*")
	return m
}()

// KnobSection is the list a scenario file writes the part of knob path
// under: "endpoints", "dependencies", "pools", or "services" for a
// service's own keys and its dependencies' alike ([services.inventory],
// [services.inventory.dependencies.database]); "" for the server's own
// keys or a path that is no knob of sys. A call to a service shares its
// name: go-inventory's inventory.timeout is the call's (dependencies),
// inventory.workers the service's (services).
func KnobSection(sys *engine.System, path string) string {
	at, ok, err := findKnob(sys, path)
	if !ok || err != nil {
		return ""
	}
	switch at.part {
	case endpointPart:
		return "endpoints"
	case dependencyPart:
		return "dependencies"
	case servicePart, edgePart:
		return "services"
	case poolPart:
		return "pools"
	}
	return ""
}
