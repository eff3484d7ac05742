package sweep

import (
	"fmt"
	"reflect"
	"slices"
	"strconv"
	"strings"

	"github.com/breakerlab/breakerlab/engine"
)

// A knob that nothing in the variant reads is swept into identical rows:
// shedding at a server with no accept queue (cascade's queue is "none":
// a request that finds no free worker is refused before shedding could
// judge its wait), a retry backoff or budget on a call that makes one
// attempt (the setter makes a retry policy of one attempt to hold the
// value, and no attempt follows for it to space). The command line
// refused such a sweep of a fault's knob already ("so every value would
// run the same"); the plan refuses these up front, so the sandbox's
// sweep does too, and so may a list of the knobs a sweep offers
// (Sweepable).
//
// The check builds the cells at the axis's two ends, for each value of
// the other axis (whose knob may be what makes this one matter: retry
// attempts across, backoff up), drops from each what the engine never
// reads (deadParts), and compares the rest: equal at both ends of every
// row, the axis changes nothing. The parts dropped are the engine's own
// rules (configuredLayers leaves out a retry of one attempt without
// wait_for_breaker; acceptQueueHasRoom refuses, with no queue, before
// sheds is asked), none a value's, so the ends stand for the values
// between them.

// deadPart is a part dropped from a cell's system: what it was (to tell
// whether the axis changed it) and why nothing reads it, in words.
type deadPart struct {
	part any
	why  string
}

// deadParts drops from variant v of sc the parts the engine never reads,
// keyed by where they were. It copies the slices it changes: a built
// scenario may share them with others. had is what the variant has
// before the axes are set: a server with no queue that had no shedding
// either is not told to vary its queue, which would only meet the
// refusal of shedding added (parts.go).
func deadParts(sc *engine.Scenario, v int, had parts) map[string]deadPart {
	out := map[string]deadPart{}
	sys := &sc.Variants[v].System
	noQueue := func(svc, queue string) string {
		if had.shed[svc] {
			return "has no accept queue (queue = 0), and shedding refuses only a request that would wait in it (vary " + queue + " with it)"
		}
		return "has no accept queue (queue = 0) and sheds no load: shedding refuses only a request that would wait in the queue, and a sweep adds neither"
	}
	if sys.Shed != nil && sys.Queue == 0 && sys.Tasks == nil {
		out["shed"] = deadPart{*sys.Shed, fmt.Sprintf("variant %d of %s (%s) %s", v+1, sc.Name, sc.Variants[v].Name, noQueue("", "queue"))}
		sys.Shed = nil
	}
	oneTry := func(where string, deps []engine.Dependency) (_ []engine.Dependency, copied bool) {
		for i := range deps {
			r := deps[i].Policy.Retry
			if r == nil || r.Attempts > 1 || r.WaitForBreaker {
				continue
			}
			if !copied {
				deps, copied = append([]engine.Dependency(nil), deps...), true
			}
			name := where + deps[i].Name
			out["retry "+name] = deadPart{*r, fmt.Sprintf("%s makes one attempt in variant %d of %s (%s), with no retry for a backoff or a budget to act on (vary %s.retry.attempts with it, from 2)",
				name, v+1, sc.Name, sc.Variants[v].Name, name)}
			deps[i].Policy.Retry = nil
		}
		return deps, copied
	}
	variant := fmt.Sprintf("variant %d of %s (%s)", v+1, sc.Name, sc.Variants[v].Name)
	sys.Dependencies, _ = uncalledDependencies(out, variant, sys)
	unreadPoolWaits(out, variant, sys)
	unreadPerTask(out, variant, sys)
	sys.Dependencies, _ = oneTry("", sys.Dependencies)
	sys.Dependencies, _ = unreadFaultFields(out, "", sys.Dependencies)
	sys.Dependencies, _ = unreadMargins(out, "", variant, sys.Dependencies)
	sys.Dependencies, _ = unreadBulkheadWaits(out, "", variant, sys.Dependencies)
	copied := false
	for i := range sys.Services {
		s := sys.Services[i]
		deps, changed := oneTry(s.Name+"/", s.Dependencies)
		deps, faultsChanged := unreadFaultFields(out, s.Name+"/", deps)
		deps, marginsChanged := unreadMargins(out, s.Name+"/", variant, deps)
		deps, waitsChanged := unreadBulkheadWaits(out, s.Name+"/", variant, deps)
		changed = changed || faultsChanged || marginsChanged || waitsChanged
		dead := s.Shed != nil && s.Queue == 0
		if !dead && !changed {
			continue
		}
		if !copied {
			sys.Services, copied = append([]engine.Service(nil), sys.Services...), true
		}
		s.Dependencies = deps
		if dead {
			out["shed "+s.Name] = deadPart{*s.Shed, fmt.Sprintf("in variant %d of %s (%s), service %s %s", v+1, sc.Name, sc.Variants[v].Name, s.Name, noQueue(s.Name, s.Name+".queue"))}
			s.Shed = nil
		}
		sys.Services[i] = s
	}
	return out
}

// unreadFaultFields drops from deps' faults the field a fault's kind
// never reads (a slow fault's probability, an error fault's latency, both
// of a hang), into out keyed by the call, so that an axis of
// fault.probability on a slow fault is seen to change nothing. The
// setter stores the value on any kind of fault, and the cells' scenarios
// differ though every run is the same. It copies deps and a fault list
// it changes.
func unreadFaultFields(out map[string]deadPart, where string, deps []engine.Dependency) (_ []engine.Dependency, copied bool) {
	for i := range deps {
		for k, f := range deps[i].Faults {
			unread := ""
			switch {
			case f.Kind == engine.Slow && f.Probability != 0:
				unread = "fault.probability"
			case f.Kind == engine.Error && f.Latency != 0:
				unread = "fault.latency"
			case (f.Kind == engine.Hang || f.Kind == engine.Unreachable) && (f.Latency != 0 || f.Probability != 0):
				unread = "fault.latency or fault.probability"
			}
			if unread == "" {
				continue
			}
			if !copied {
				deps, copied = append([]engine.Dependency(nil), deps...), true
			}
			deps[i].Faults = append([]engine.Fault(nil), deps[i].Faults...)
			name := where + deps[i].Name
			out[fmt.Sprintf("fault %s %d", name, k)] = deadPart{f, fmt.Sprintf("the fault of %s is a %s fault, which does not read %s", name, f.Kind, unread)}
			if f.Kind != engine.Slow {
				deps[i].Faults[k].Latency = 0
			}
			if f.Kind != engine.Error {
				deps[i].Faults[k].Probability = 0
			}
		}
	}
	return deps, copied
}

// unreadMargins drops from deps the deadline margin of a call that
// propagates no deadline, into out keyed by the call: the margin is taken
// off a propagated deadline, and the engine reads it nowhere else, so an
// axis of deadline_margin there is seen to change nothing. The file
// refuses such a margin (scenariofile's policy); the setter stores it. It
// copies deps when it changes them.
func unreadMargins(out map[string]deadPart, where, variant string, deps []engine.Dependency) (_ []engine.Dependency, copied bool) {
	for i := range deps {
		if deps[i].Policy.PropagateDeadline || deps[i].Policy.DeadlineMargin == 0 {
			continue
		}
		if !copied {
			deps, copied = append([]engine.Dependency(nil), deps...), true
		}
		name := where + deps[i].Name
		out["deadline_margin "+name] = deadPart{deps[i].Policy.DeadlineMargin, fmt.Sprintf("%s propagates no deadline in %s, and deadline_margin is taken off a propagated deadline, so it needs propagate_deadline = true in the same policy", name, variant)}
		deps[i].Policy.DeadlineMargin = 0
	}
	return deps, copied
}

// unreadBulkheadWaits drops from deps the bulkhead wait and queue of a
// call with no bulkhead (neither a cap nor a per-tenant one), into out
// keyed by the knob and the call: both are read only for a call that
// finds the bulkhead full, and a call with none never does
// (configuredLayers leaves the layer out), so an axis of either there is
// seen to change nothing (cascade's search-index.bulkhead_wait ran
// 0.406196 at every value). The setter stores the value all the same. It
// copies deps when it changes them.
func unreadBulkheadWaits(out map[string]deadPart, where, variant string, deps []engine.Dependency) (_ []engine.Dependency, copied bool) {
	for i := range deps {
		p := &deps[i].Policy
		if p.Bulkhead > 0 || p.TenantBulkhead != nil || (p.BulkheadWait == 0 && p.BulkheadQueue == 0) {
			continue
		}
		if !copied {
			deps, copied = append([]engine.Dependency(nil), deps...), true
		}
		name := where + deps[i].Name
		for _, k := range []struct {
			key   string
			value any
			set   bool
		}{{"bulkhead_wait", deps[i].Policy.BulkheadWait, deps[i].Policy.BulkheadWait != 0}, {"bulkhead_queue", deps[i].Policy.BulkheadQueue, deps[i].Policy.BulkheadQueue != 0}} {
			if k.set {
				out[k.key+" "+name] = deadPart{k.value, fmt.Sprintf("%s has no bulkhead in %s, so its %s is never read: set %s.bulkhead first (or vary %s.bulkhead with it, from 1)", name, variant, k.key, name, name)}
			}
		}
		deps[i].Policy.BulkheadWait, deps[i].Policy.BulkheadQueue = 0, 0
	}
	return deps, copied
}

// uncalledDependencies empties, in out keyed by the call, each of the
// front's dependencies that no endpoint calls: a request reaches a
// dependency only through its endpoint's Calls (run.go's arrival takes
// es.dep from it), so nothing of one no endpoint names is ever read, and
// an axis of any of its knobs is seen to change nothing
// (event-loop-stall's first variant lists report-db, which only the
// second calls). A system of services is left alone: its front's calls
// go to services. It copies the slice when it changes it.
func uncalledDependencies(out map[string]deadPart, variant string, sys *engine.System) (_ []engine.Dependency, copied bool) {
	deps := sys.Dependencies
	if len(sys.Services) > 0 {
		return deps, false
	}
	called := map[string]bool{}
	for _, e := range sys.Endpoints {
		called[e.Calls] = true
	}
	for i := range deps {
		name := deps[i].Name
		if called[name] {
			continue
		}
		if !copied {
			deps, copied = append([]engine.Dependency(nil), deps...), true
		}
		out["uncalled "+name] = deadPart{deps[i], fmt.Sprintf("no endpoint calls %s in %s, so none of its settings is ever read: set an endpoint's calls to %s first", name, variant, name)}
		deps[i] = engine.Dependency{Name: name}
	}
	return deps, copied
}

// unreadPoolWaits drops, into out keyed by the pool, the wait of each
// pool with no cap (size and per_host both 0): an attempt waits for a
// connection only when the pool or its host is full (poolState.room),
// and one with no cap never is, so an axis of its wait is seen to change
// nothing (go-server's transport in the first variant, Go's
// http.Transport with no MaxConnsPerHost). It copies sys.Pools when it
// changes it.
func unreadPoolWaits(out map[string]deadPart, variant string, sys *engine.System) {
	copied := false
	for i, p := range sys.Pools {
		if p.Size != 0 || p.PerHost != 0 || p.Wait == 0 {
			continue
		}
		if !copied {
			sys.Pools, copied = append([]engine.Pool(nil), sys.Pools...), true
		}
		out["pool wait "+p.Name] = deadPart{p.Wait, fmt.Sprintf("pool %s has no cap (size and per_host are 0) in %s, so its wait is never read: set %s.size or %s.per_host first", p.Name, variant, p.Name, p.Name)}
		sys.Pools[i].Wait = 0
	}
}

// unreadPerTask drops, into out, the memory per task of a tasks server
// with no memory limit: the engine reads it then only for the memory the
// run shows (tasks_run.go's bucket, the snapshot), and a task is killed
// for it only past a limit, so no value changes what a sweep measures
// (event-loop-stall's server has no limit). It copies sys.Tasks when it
// changes it.
func unreadPerTask(out map[string]deadPart, variant string, sys *engine.System) {
	t := sys.Tasks
	if t == nil || t.Memory.Limit != 0 || t.Memory.PerTask == 0 {
		return
	}
	out["per_task"] = deadPart{t.Memory.PerTask, fmt.Sprintf("the tasks server has no memory limit in %s, so its memory per task is read only for the memory the run shows, and never kills a task: set tasks.memory.limit_mib first (or vary tasks.memory.limit_mib with it, from 1)", variant)}
	ts := *t
	ts.Memory.PerTask = 0
	sys.Tasks = &ts
}

// futileOn says whether axis a of the plan, swept on variant v, runs
// every cell of each row alike, and why (the dead parts it changed).
// ok is false when v lacks the knob or a value is refused: build says so.
func (p *Plan) futileOn(v, a int) (why []string, futile, ok bool) {
	ax := p.Axes[a]
	rows := 1
	if len(p.Axes) == 2 {
		rows = len(p.Axes[1-a].Values)
	}
	last := len(ax.Values) - 1
	if last < 1 {
		return nil, false, true
	}
	base := p.Build()
	if v >= len(base.Variants) {
		return nil, false, false
	}
	had := partsOf(&base.Variants[v].System)
	seen := map[string]bool{}
	for r := range rows {
		var ends [2]*engine.Scenario
		var dead [2]map[string]deadPart
		for e, k := range [2]int{0, last} {
			sc := p.Build()
			// The axes in the plan's order, as build sets them.
			for b, bx := range p.Axes {
				at := r
				if b == a {
					at = k
				}
				if p.Set(sc, v, bx.Path, bx.Values[at]) != nil {
					return nil, false, false
				}
			}
			dead[e], ends[e] = deadParts(sc, v, had), sc
		}
		if !reflect.DeepEqual(ends[0], ends[1]) {
			return nil, false, true
		}
		for _, key := range sortedKeys(dead[0], dead[1]) {
			d0, in0 := dead[0][key]
			d1, in1 := dead[1][key]
			if (in0 != in1 || !reflect.DeepEqual(d0.part, d1.part)) && !seen[key] {
				seen[key] = true
				why = append(why, map[bool]string{true: d0.why, false: d1.why}[in0])
			}
		}
	}
	return why, true, true
}

// sortedKeys are the keys of a and b, each once, in order.
func sortedKeys(a, b map[string]deadPart) []string {
	var out []string
	for k := range a {
		out = append(out, k)
	}
	for k := range b {
		if _, ok := a[k]; !ok {
			out = append(out, k)
		}
	}
	slices.Sort(out)
	return out
}

// checkFutile refuses axis a when every value of it runs the same on the
// plan's variant, saying why and on which variants it would not.
func (p *Plan) checkFutile(a int) error {
	why, futile, ok := p.futileOn(p.Variant, a)
	if !ok || !futile {
		return nil
	}
	ax := p.Axes[a]
	sc := p.Build()
	because := strings.Join(why, "; ")
	if because == "" {
		because = fmt.Sprintf("in variant %d of %s (%s), %s's values all make the same scenario", p.Variant+1, sc.Name, sc.Variants[p.Variant].Name, ax.Path)
	}
	var matters []string
	for v := range sc.Variants {
		if v == p.Variant {
			continue
		}
		if _, futile, ok := p.futileOn(v, a); ok && !futile {
			matters = append(matters, strconv.Itoa(v+1))
		}
	}
	msg := fmt.Sprintf("--vary %s: %s, so every value would run the same", ax.Path, because)
	switch {
	case len(matters) == 1:
		msg += fmt.Sprintf(". On variant %s it changes the run: --variant %s", matters[0], matters[0])
	case len(matters) > 1:
		msg += fmt.Sprintf(". On variants %s it changes the run: --variant %s", strings.Join(matters, ", "), matters[0])
	}
	return fmt.Errorf("%s", msg)
}
