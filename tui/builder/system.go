package builder

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/breaker"
	"github.com/breakerlab/breakerlab/engine/scenariofile"
	"github.com/breakerlab/breakerlab/engine/sweep"
	"github.com/breakerlab/breakerlab/tui/mappane"
)

// The edits the builder makes, on the engine's own scenario type. Each
// takes a copy and changes it in every variant alike (a scenario file
// needs the same parts in every variant); check then decides whether the
// copy is kept.

// partKind is what a row of the parts list is.
type partKind uint8

const (
	partFront partKind = iota + 1
	partEndpoint
	partTenant
	partService
	partLeaf
)

// part is one row of the parts list.
type part struct {
	kind partKind
	// name is the part's name as the scenario spells it (the map's
	// FrontName for the front service).
	name string
	// caller is who calls it: "" for the front service, else a service's
	// name (a leaf or a service); an endpoint's and a tenant's is "".
	caller string
	// edge is the dependency through which the caller reaches it.
	edge  string
	depth int
}

// isCaller reports whether the part makes calls: the front (through its
// endpoints), an endpoint, a service.
func (p part) isCaller() bool {
	return p.kind == partFront || p.kind == partEndpoint || p.kind == partService
}

// callerName is the caller a new part hangs under when p is selected:
// the front for the front, an endpoint or a tenant, the service itself,
// a leaf's own caller.
func (p part) callerName() string {
	switch p.kind {
	case partService:
		return p.name
	case partLeaf:
		return p.caller
	}
	return ""
}

// parts lists the system of variant 0: the front, its endpoints, the
// tenants, then every part the front reaches, depth first, each once.
func parts(sc *engine.Scenario) []part {
	sys := &sc.Variants[0].System
	out := []part{{kind: partFront, name: mappane.FrontName}}
	for _, e := range sys.Endpoints {
		out = append(out, part{kind: partEndpoint, name: e.Name, depth: 1})
	}
	for _, t := range sys.Tenants {
		out = append(out, part{kind: partTenant, name: t, depth: 1})
	}
	seen := map[string]bool{}
	var walk func(caller string, deps []engine.Dependency, depth int)
	walk = func(caller string, deps []engine.Dependency, depth int) {
		for _, d := range deps {
			if d.Service == "" {
				out = append(out, part{kind: partLeaf, name: d.Name, caller: caller, edge: d.Name, depth: depth})
				continue
			}
			if seen[d.Service] {
				continue
			}
			seen[d.Service] = true
			out = append(out, part{kind: partService, name: d.Service, caller: caller, edge: d.Name, depth: depth})
			if s := service(sys, d.Service); s != nil {
				walk(s.Name, s.Dependencies, depth+1)
			}
		}
	}
	walk("", sys.Dependencies, 1)
	return out
}

func service(sys *engine.System, name string) *engine.Service {
	for i := range sys.Services {
		if sys.Services[i].Name == name {
			return &sys.Services[i]
		}
	}
	return nil
}

// depsOf is the dependency list of caller ("" the front) in sys.
func depsOf(sys *engine.System, caller string) *[]engine.Dependency {
	if caller == "" {
		return &sys.Dependencies
	}
	if s := service(sys, caller); s != nil {
		return &s.Dependencies
	}
	return nil
}

// clone copies sc deeply (engine/sweep copies by reflection, so a field
// added to the scenario later is copied too).
func clone(sc *engine.Scenario) *engine.Scenario {
	build, err := sweep.Copies(sc)
	if err != nil {
		// The scenario's types hold no functions or channels; Copies
		// refuses only those. A scenario that had them could not be
		// edited safely, so it is not: the edit is refused instead.
		return nil
	}
	return build()
}

// emptySystem is where "empty server" starts: a pool of workers and one
// endpoint that calls nothing yet.
func emptySystem() *engine.Scenario {
	return &engine.Scenario{
		Name:        "my-system",
		Summary:     "a system built in the breakerlab builder",
		Duration:    60 * time.Second,
		MeasureFrom: 0,
		MeasureTo:   60 * time.Second,
		Variants: []engine.Variant{{Name: scenariofile.DefaultVariant, System: engine.System{
			Workers:   32,
			Endpoints: []engine.Endpoint{{Name: "/checkout", Rate: 50, Patience: 5 * time.Second}},
		}}},
	}
}

// The names new parts get, in turn; a name in use anywhere in the system
// is skipped, so that the map names every part once.
var (
	serviceNames  = []string{"orders", "inventory", "payments", "search", "users", "billing", "shipping", "catalog", "reviews", "auth"}
	leafNames     = []string{"db", "cache", "provider", "ledger", "storage", "mailer", "geo", "fraud"}
	tenantNames   = []string{"acme", "globex", "initech", "umbrella", "hooli", "stark", "wayne", "tyrell"}
	endpointNames = []string{"/checkout", "/search", "/login", "/browse", "/cart", "/account", "/orders", "/health"}
)

// used is every name the system gives a part, an endpoint or a tenant.
func used(sc *engine.Scenario) map[string]bool {
	sys := &sc.Variants[0].System
	u := map[string]bool{mappane.FrontName: true}
	for _, e := range sys.Endpoints {
		u[e.Name] = true
	}
	for _, t := range sys.Tenants {
		u[t] = true
	}
	for _, d := range sys.Dependencies {
		u[d.Name] = true
	}
	for _, s := range sys.Services {
		u[s.Name] = true
		for _, d := range s.Dependencies {
			u[d.Name] = true
		}
	}
	return u
}

// fresh is the first of names not in use, else base-2, base-3 ...
func fresh(sc *engine.Scenario, names []string) string {
	u := used(sc)
	for _, n := range names {
		if !u[n] {
			return n
		}
	}
	for i := 2; ; i++ {
		if n := fmt.Sprintf("%s-%d", names[0], i); !u[n] {
			return n
		}
	}
}

// The defaults of new parts: modest, so the system runs healthy until
// the learner breaks it.
var (
	serviceWork = engine.Latency{Kind: engine.LogNormal, P50: 10 * time.Millisecond, P99: 40 * time.Millisecond}
	leafLatency = engine.Latency{Kind: engine.LogNormal, P50: 20 * time.Millisecond, P99: 100 * time.Millisecond}
)

const (
	serviceWorkers = 16
	fleetInstances = 3
	endpointRate   = 20.0
)

// errOneCall is the refusal of a second call from a service.
func errOneCall(svc, calls string) error {
	return fmt.Errorf("service %q already calls %q, and a request makes one call per service (the engine has no fan-out): select %s and press c to make it call another part instead", svc, calls, svc)
}

// addCallee adds a new part called by at's caller, and makes that caller
// call it: a service (instances > 0) or a leaf with the default latency.
// note, when not "", is what the learner did not ask for and should
// know: which endpoint of the front calls it, when not the selected one.
func addCallee(sc *engine.Scenario, at part, instances int) (name, note string, err error) {
	caller := at.callerName()
	if instances > 0 {
		name = fresh(sc, serviceNames)
	} else {
		name = fresh(sc, leafNames)
	}
	var ep endpointChoice
	if caller == "" {
		ep = endpointFor(sc, at, name)
	}
	for i := range sc.Variants {
		sys := &sc.Variants[i].System
		dep := engine.Dependency{Name: name, Latency: leafLatency}
		if instances > 0 {
			sys.Services = append(sys.Services, engine.Service{Name: name, Workers: serviceWorkers, Instances: instances, Work: serviceWork})
			dep = engine.Dependency{Name: name, Service: name}
		}
		deps := depsOf(sys, caller)
		if deps == nil {
			return "", "", fmt.Errorf("there is no service %q to call it", caller)
		}
		*deps = append(*deps, dep)
		if caller != "" {
			s := service(sys, caller)
			if s.Calls != "" && s.Calls != name {
				return "", "", errOneCall(caller, s.Calls)
			}
			s.Calls = name
			continue
		}
		if ep.added {
			sys.Endpoints = append(sys.Endpoints, newEndpoint(sys, ep.name))
		}
		for j := range sys.Endpoints {
			if sys.Endpoints[j].Name == ep.name {
				sys.Endpoints[j].Calls = name
			}
		}
	}
	return name, ep.note(at, name), nil
}

// endpointChoice is the endpoint of the front that calls a part added
// under the front.
type endpointChoice struct {
	name  string
	added bool   // a new endpoint, at endpointRate
	busy  string // what the selected endpoint calls, when it was passed over
}

// endpointFor chooses, once for every variant, the endpoint that is to
// call edge: the selected one when it calls nothing, else the first that
// calls nothing, else a new one named after edge. Chosen in each variant
// on its own, variants whose endpoints call different parts (a variant
// that moves a call) would end up with different endpoints, which a
// scenario file cannot write; so an endpoint counts as calling nothing
// only when it calls nothing in every variant.
func endpointFor(sc *engine.Scenario, at part, edge string) endpointChoice {
	idle := func(name string) bool {
		for _, v := range sc.Variants {
			i := slices.IndexFunc(v.System.Endpoints, func(e engine.Endpoint) bool { return e.Name == name })
			if i < 0 || v.System.Endpoints[i].Calls != "" {
				return false
			}
		}
		return true
	}
	var c endpointChoice
	if at.kind == partEndpoint {
		if idle(at.name) {
			return endpointChoice{name: at.name}
		}
		for i, v := range sc.Variants {
			j := slices.IndexFunc(v.System.Endpoints, func(e engine.Endpoint) bool { return e.Name == at.name })
			if j < 0 || v.System.Endpoints[j].Calls == "" {
				continue
			}
			c.busy = v.System.Endpoints[j].Calls
			if i > 0 {
				c.busy += fmt.Sprintf(" in variant %q", v.Name)
			}
			break
		}
	}
	for _, e := range sc.Variants[0].System.Endpoints {
		if idle(e.Name) {
			c.name = e.Name
			return c
		}
	}
	c.name, c.added = "/"+edge, true
	return c
}

// note says which endpoint calls the part added, when the learner should
// know: the selected endpoint already calls something (a request makes
// one call), or a new endpoint brings traffic of its own.
func (c endpointChoice) note(at part, added string) string {
	var who string
	switch {
	case c.name == "" || c.name == at.name || !c.added && c.busy == "":
		return "" // the endpoint chosen, or one idle that the front's parts lead to
	case c.added:
		who = fmt.Sprintf("a new endpoint %s (%s/s) calls it", c.name, strconv.FormatFloat(endpointRate, 'f', -1, 64))
	default:
		who = fmt.Sprintf("%s, which called nothing, calls it", c.name)
	}
	if c.busy == "" {
		return "; " + who
	}
	return fmt.Sprintf("; %s already calls %s (a request makes one call), so %s; c on %s makes it call %s instead",
		at.name, c.busy, who, at.name, added)
}

// newEndpoint is an endpoint of the default rate, its traffic split among
// the tenants as the others' is: the shares % set (shares.go), not an
// even split that would undo them for the new endpoint's traffic.
func newEndpoint(sys *engine.System, name string) engine.Endpoint {
	e := engine.Endpoint{Name: name, Rate: endpointRate, Patience: 5 * time.Second}
	e.Tenants = evenShares(sys.Tenants)
	for _, o := range sys.Endpoints {
		if len(o.Tenants) > 0 {
			e.Tenants = slices.Clone(o.Tenants)
			break
		}
	}
	return e
}

// evenShares splits traffic evenly among tenants (nil for none), the last
// share taking what rounding left, so that they add up to 1.
func evenShares(tenants []string) []engine.TenantShare {
	if len(tenants) == 0 {
		return nil
	}
	out := make([]engine.TenantShare, len(tenants))
	left := 1.0
	for i, t := range tenants {
		s := 1 / float64(len(tenants))
		if i == len(tenants)-1 {
			s = left
		}
		out[i] = engine.TenantShare{Tenant: t, Share: s}
		left -= s
	}
	return out
}

// addTenant adds a tenant with an even share of every endpoint's
// traffic, taken from the others in proportion to the shares they have
// (tenants.go).
func addTenant(sc *engine.Scenario) string {
	name := fresh(sc, tenantNames)
	for i := range sc.Variants {
		sys := &sc.Variants[i].System
		sys.Tenants = append(sys.Tenants, name)
		for j := range sys.Endpoints {
			e := &sys.Endpoints[j]
			e.Tenants = sharesWithTenant(e.Tenants, sys.Tenants, name)
		}
	}
	return name
}

// addEndpoint adds an endpoint to the front that calls nothing yet.
func addEndpoint(sc *engine.Scenario) string {
	name := fresh(sc, endpointNames)
	for i := range sc.Variants {
		sys := &sc.Variants[i].System
		sys.Endpoints = append(sys.Endpoints, newEndpoint(sys, name))
	}
	return name
}

// connect makes from's requests call target: a service (through an edge
// to it, added if the caller has none) or a leaf (a copy of it, with its
// latency and faults, if the caller has none of that name). The call it
// made before is dropped when nothing else uses it.
func connect(sc *engine.Scenario, from, target part) error {
	if !from.isCaller() {
		return fmt.Errorf("%s makes no calls: choose the front's endpoint, or a service, to call from", from.name)
	}
	if from.kind == partFront {
		return errors.New("the front's requests come in through its endpoints: select an endpoint to choose what it calls")
	}
	if target.kind != partService && target.kind != partLeaf {
		return fmt.Errorf("%s cannot be called: a call goes to a service or a dependency", target.name)
	}
	caller := from.callerName()
	for i := range sc.Variants {
		sys := &sc.Variants[i].System
		deps := depsOf(sys, caller)
		edge := target.name
		at := slices.IndexFunc(*deps, func(d engine.Dependency) bool { return d.Name == edge })
		if at < 0 {
			dep := engine.Dependency{Name: edge, Service: edge}
			if target.kind == partLeaf {
				src := depsOf(sys, target.caller)
				j := slices.IndexFunc(*src, func(d engine.Dependency) bool { return d.Name == target.edge })
				dep = (*src)[j]
				dep.Name, dep.Policy = edge, engine.Policy{}
				dep.Faults = slices.Clone(dep.Faults)
				if caller != "" {
					// Pools are the front's (engine/pools.go): a service's
					// call to the same dependency takes none.
					dep.Pool = ""
				}
			}
			*deps = append(*deps, dep)
		}
		var old string
		if caller != "" {
			s := service(sys, caller)
			old, s.Calls = s.Calls, edge
		} else {
			for j := range sys.Endpoints {
				if sys.Endpoints[j].Name == from.name {
					old, sys.Endpoints[j].Calls = sys.Endpoints[j].Calls, edge
				}
			}
		}
		if old != "" && old != edge && !calledBy(sys, caller, old) {
			dropEdge(sys, caller, old)
		}
	}
	return nil
}

// calledBy reports whether caller's requests call edge.
func calledBy(sys *engine.System, caller, edge string) bool {
	if caller != "" {
		return service(sys, caller).Calls == edge
	}
	return slices.ContainsFunc(sys.Endpoints, func(e engine.Endpoint) bool { return e.Calls == edge })
}

// dropEdge removes caller's dependency named edge.
func dropEdge(sys *engine.System, caller, edge string) {
	deps := depsOf(sys, caller)
	*deps = slices.DeleteFunc(*deps, func(d engine.Dependency) bool { return d.Name == edge })
}

// remove takes a part out: a service with every call to it, a leaf with
// its caller's call, a tenant with its shares (given to the others in
// proportion to theirs: tenants.go), bursts and per-tenant bulkhead slots
// (tenants.go), an endpoint. What that leaves unreached (a service only
// the removed one called) is for check to refuse.
func remove(sc *engine.Scenario, p part) error {
	if err := lastCaller(sc, p); err != nil {
		return err
	}
	for i := range sc.Variants {
		sys := &sc.Variants[i].System
		switch p.kind {
		case partFront:
			return errors.New("the front service is the system itself: it stays (remove its parts instead)")
		case partEndpoint:
			if len(sys.Endpoints) == 1 {
				return fmt.Errorf("%s is the front's only endpoint, and requests come in through an endpoint: add another (a) before removing it", p.name)
			}
			sys.Endpoints = slices.DeleteFunc(sys.Endpoints, func(e engine.Endpoint) bool { return e.Name == p.name })
		case partTenant:
			sys.Tenants = slices.DeleteFunc(sys.Tenants, func(t string) bool { return t == p.name })
			for j := range sys.Endpoints {
				e := &sys.Endpoints[j]
				e.Tenants = sharesWithoutTenant(e.Tenants, sys.Tenants, p.name)
				e.Bursts = slices.DeleteFunc(e.Bursts, func(b engine.Burst) bool { return b.Tenant == p.name })
			}
			each(sys, func(_ string, deps *[]engine.Dependency) {
				for j := range *deps {
					removeTenantSlots(&(*deps)[j].Policy, p.name, len(sys.Tenants) > 0)
				}
			})
		case partLeaf:
			unCall(sys, p.caller, p.edge)
			dropEdge(sys, p.caller, p.edge)
		case partService:
			sys.Services = slices.DeleteFunc(sys.Services, func(s engine.Service) bool { return s.Name == p.name })
			each(sys, func(caller string, deps *[]engine.Dependency) {
				for _, d := range *deps {
					if d.Service == p.name {
						unCall(sys, caller, d.Name)
					}
				}
				*deps = slices.DeleteFunc(*deps, func(d engine.Dependency) bool { return d.Service == p.name })
			})
		}
	}
	return nil
}

// lastCaller refuses to remove an endpoint that is the only one calling
// what it calls, in every variant, naming both: check refused it anyway,
// in words about the part called ("no endpoint calls "cache": … or remove
// it") that read as if the endpoint being removed were "it".
func lastCaller(sc *engine.Scenario, p part) error {
	if p.kind != partEndpoint {
		return nil
	}
	at := slices.IndexFunc(sc.Variants[0].System.Endpoints, func(e engine.Endpoint) bool { return e.Name == p.name })
	if at < 0 {
		return nil
	}
	edge := sc.Variants[0].System.Endpoints[at].Calls
	if edge == "" || len(sc.Variants[0].System.Endpoints) == 1 {
		return nil // nothing left uncalled, or remove's own refusal says why
	}
	for _, v := range sc.Variants {
		if slices.ContainsFunc(v.System.Endpoints, func(e engine.Endpoint) bool { return e.Name != p.name && e.Calls == edge }) {
			return nil
		}
	}
	return fmt.Errorf("%s is the only endpoint that calls %s, which nothing would call then: remove %s first (select it, x), or make another endpoint call it (select that endpoint, c)", p.name, edge, edge)
}

// goneWith is what the note on removing service p adds: the parts that
// went with it (its own dependencies), which the list stops showing
// without a word, and that u brings them back.
func goneWith(before, after *engine.Scenario, p part) string {
	left := map[part]bool{}
	for _, q := range parts(after) {
		left[part{kind: q.kind, name: q.name, caller: q.caller}] = true
	}
	var gone []string
	for _, q := range parts(before) {
		if q.caller != "" && q.name != p.name && !left[part{kind: q.kind, name: q.name, caller: q.caller}] {
			gone = append(gone, q.name)
		}
	}
	if len(gone) == 0 {
		return ""
	}
	return fmt.Sprintf(" and what it called, %s (u brings them back)", strings.Join(gone, ", "))
}

// leftBehind is what the note on c adds when the call moved away from a
// dependency nothing else called: connect drops it, and with it its
// latency, faults and policy, which the list stopped showing without a
// word; u brings it back.
func leftBehind(before, after *engine.Scenario) string {
	left := map[part]bool{}
	for _, q := range parts(after) {
		left[part{kind: q.kind, name: q.name, caller: q.caller}] = true
	}
	var gone []string
	for _, q := range parts(before) {
		if q.kind == partLeaf && !left[part{kind: q.kind, name: q.name, caller: q.caller}] {
			gone = append(gone, q.name)
		}
	}
	if len(gone) == 0 {
		return ""
	}
	return fmt.Sprintf("; nothing calls %s any more, so it is gone with its settings (u brings it back)", strings.Join(gone, ", "))
}

// unCall clears the calls of caller's requests to edge.
func unCall(sys *engine.System, caller, edge string) {
	if caller != "" {
		if s := service(sys, caller); s != nil && s.Calls == edge {
			s.Calls = ""
		}
		return
	}
	for j := range sys.Endpoints {
		if sys.Endpoints[j].Calls == edge {
			sys.Endpoints[j].Calls = ""
		}
	}
}

// each visits every caller's dependency list: the front's, then each
// service's.
func each(sys *engine.System, fn func(caller string, deps *[]engine.Dependency)) {
	fn("", &sys.Dependencies)
	for i := range sys.Services {
		fn(sys.Services[i].Name, &sys.Services[i].Dependencies)
	}
}

// toggleBreaker puts a circuit breaker with Resilience4j's defaults on
// the call into p (in variant 0, the one the builder shows), or takes the
// one there off with its fallback.
func toggleBreaker(sc *engine.Scenario, p part) (on bool, err error) {
	if p.kind != partService && p.kind != partLeaf {
		return false, fmt.Errorf("a breaker guards a call: select a service or a dependency (the call into it gets the breaker), not %s", p.name)
	}
	deps := depsOf(&sc.Variants[0].System, p.caller)
	j := slices.IndexFunc(*deps, func(d engine.Dependency) bool { return d.Name == p.edge })
	if j < 0 {
		return false, fmt.Errorf("no call reaches %s", p.name)
	}
	pol := &(*deps)[j].Policy
	if pol.Breaker != nil {
		pol.Breaker, pol.Fallback, pol.SharedBreaker = nil, engine.NoFallback, ""
		return false, nil
	}
	cfg := breaker.Resilience4j()
	pol.Breaker = &cfg
	return true, nil
}

// check is the engine's verdict on a scenario the builder made, and the
// checks it lacks: Validate, every variant started (engine.New), the
// encoder's (scenariofile.Dump, so that what plays also saves), and no
// part that requests never reach.
func check(sc *engine.Scenario) error { return checkReach(sc, true) }

// checkReach is check, without the part no request reaches when reach is
// false: a file opened (open.go) with such a part is kept, for the
// learner to mend here, where refusing it lost the whole file.
func checkReach(sc *engine.Scenario, reach bool) error {
	if sc == nil {
		return errors.New("the system could not be copied")
	}
	if err := uncalled(sc); err != nil {
		return err
	}
	if err := sc.Validate(); err != nil {
		return oneDesign(sc, err)
	}
	if reach {
		if err := unreached(sc); err != nil {
			return err
		}
	}
	for v := range sc.Variants {
		if _, err := engine.New(sc, v, 1); err != nil {
			return oneDesign(sc, fmt.Errorf("variant %q: %w", sc.Variants[v].Name, err))
		}
	}
	if _, err := scenariofile.Dump(sc); err != nil {
		return err
	}
	return nil
}

// oneDesign is err without the name of the variant it is about when the
// system has only the one: the learner built no variants, and "variant
// "default"" would name something they never saw.
func oneDesign(sc *engine.Scenario, err error) error {
	if len(sc.Variants) != 1 {
		return err
	}
	if rest, ok := strings.CutPrefix(err.Error(), fmt.Sprintf("variant %q: ", sc.Variants[0].Name)); ok {
		return errors.New(rest)
	}
	return err
}

// uncalled refuses a service no dependency names, in any variant, before
// engine.Validate does in words that say what is wrong but not what to
// do: an edit (c moving a call away) left it with no caller.
func uncalled(sc *engine.Scenario) error {
	for _, s := range sc.Variants[0].System.Services {
		named := slices.ContainsFunc(sc.Variants, func(v engine.Variant) bool {
			found := false
			each(&v.System, func(_ string, deps *[]engine.Dependency) {
				found = found || slices.ContainsFunc(*deps, func(d engine.Dependency) bool { return d.Service == s.Name })
			})
			return found
		})
		if !named {
			return fmt.Errorf("nothing would call service %q any more: remove it first (select it, x), or make another part call it (select that part, c)", s.Name)
		}
	}
	return nil
}

// unreached finds what engine.Validate takes but no request ever reaches,
// in any variant: a dependency of the front no endpoint calls, a
// dependency of a service other than the one its requests call (one call
// per request), a tenant with no share of any endpoint's traffic. The
// engine would run such a system with the part idle for ever: a learner
// who built it meant something else. (A part one variant calls and
// another does not is a design to compare, and stays.)
func unreached(sc *engine.Scenario) error {
	sys := &sc.Variants[0].System
	inAny := func(fn func(sys *engine.System) bool) bool {
		return slices.ContainsFunc(sc.Variants, func(v engine.Variant) bool { return fn(&v.System) })
	}
	for _, d := range sys.Dependencies {
		if !inAny(func(sys *engine.System) bool { return calledBy(sys, "", d.Name) }) {
			return fmt.Errorf("no endpoint calls %q: select an endpoint and press c to call it, or remove it", d.Name)
		}
	}
	for i := range sys.Services {
		s := &sys.Services[i]
		for _, d := range s.Dependencies {
			if !inAny(func(sys *engine.System) bool { return calledBy(sys, s.Name, d.Name) }) {
				return fmt.Errorf("service %q has a dependency %q its requests never call (they call %s; one call per request): remove it, or select %s and press c to call it instead", s.Name, d.Name, orNothing(s.Calls), s.Name)
			}
		}
	}
	for _, t := range sys.Tenants {
		if !inAny(func(sys *engine.System) bool { return sendsTraffic(sys, t) }) {
			// What to do, not only what is wrong: the shares prompt takes
			// 0% as a share, and this said no more than that it was one.
			return fmt.Errorf("tenant %q sends no traffic: no endpoint gives it a share; give it one above 0%% (%% sets the shares), or remove it (select it, x)", t)
		}
	}
	return nil
}

// sendsTraffic reports whether an endpoint gives tenant a share or a burst.
func sendsTraffic(sys *engine.System, tenant string) bool {
	return slices.ContainsFunc(sys.Endpoints, func(e engine.Endpoint) bool {
		return slices.ContainsFunc(e.Tenants, func(ts engine.TenantShare) bool { return ts.Tenant == tenant && ts.Share > 0 }) ||
			slices.ContainsFunc(e.Bursts, func(b engine.Burst) bool { return b.Tenant == tenant })
	})
}

func orNothing(s string) string {
	if s == "" {
		return "nothing"
	}
	return fmt.Sprintf("%q", s)
}

// describe is a part's one line in the list: what it is and its size.
func describe(sc *engine.Scenario, p part) string {
	sys := &sc.Variants[0].System
	switch p.kind {
	case partFront:
		if sys.Tasks != nil {
			return "front · tasks server"
		}
		return fmt.Sprintf("front · %d workers", sys.Workers)
	case partEndpoint:
		for _, e := range sys.Endpoints {
			if e.Name == p.name {
				rate := strings.TrimSuffix(strings.TrimRight(fmt.Sprintf("%.2f", e.Rate), "0"), ".") + "/s"
				if e.Interval > 0 {
					rate = "every " + engine.FormatDuration(e.Interval)
				}
				return fmt.Sprintf("%s %s → %s", e.Name, rate, callsWord(e.Calls)) + faultWords(sys, p, sc.Duration)
			}
		}
	case partTenant:
		return "tenant " + p.name + shareWords(sys, p.name) + faultWords(sys, p, sc.Duration)
	case partService:
		s := service(sys, p.name)
		if s == nil {
			break
		}
		size := fmt.Sprintf("%d workers", s.Workers)
		if s.Instances > 1 {
			size = fmt.Sprintf("%d × %d workers", s.Instances, s.Workers)
		}
		return fmt.Sprintf("%s · %s → %s", s.Name, size, callsWord(s.Calls)) + faultWords(sys, p, sc.Duration)
	case partLeaf:
		return leafLabel(sys, p) + " · " + latencyWords(leafOf(sys, p).Latency) + faultWords(sys, p, sc.Duration)
	}
	return p.name
}

// leafLabel is leaf p as the map names it (mappane's leafName) and as a
// knob path or --fault writes it: its own name, or "inventory/db" when it
// is a service's and another caller has a leaf of that name too. Each
// caller's leaf is a dependency of its own (engine.Service.Dependencies:
// its own latency, faults and calls, no capacity shared), so two callers'
// "db" are two databases that one name would pass off as one.
func leafLabel(sys *engine.System, p part) string {
	if p.kind != partLeaf || p.caller == "" {
		return p.edge
	}
	shared := false
	each(sys, func(caller string, deps *[]engine.Dependency) {
		shared = shared || caller != p.caller && slices.ContainsFunc(*deps, func(d engine.Dependency) bool { return d.Service == "" && d.Name == p.edge })
	})
	if !shared {
		return p.edge
	}
	return p.caller + "/" + p.edge
}

// hasLeaf reports whether caller ("" the front) has a dependency named
// edge: connect then calls it rather than copying another caller's.
func hasLeaf(sys *engine.System, caller, edge string) bool {
	deps := depsOf(sys, caller)
	return deps != nil && slices.ContainsFunc(*deps, func(d engine.Dependency) bool { return d.Name == edge })
}

// ownCopyNote is c's note when from's caller was pointed at another
// caller's leaf: what it calls is a dependency of its own (connect copies
// the leaf when the caller has none of that name), which the map now
// names apart; and what the engine offers for one database that several
// callers load: a service they all call, whose pool is the database's
// capacity and whose faults are everyone's. Pools (engine/pools.go) are
// no way to it: they are the front's, and a service's calls take none.
// copied says whether connect made the copy; "" when to is no other
// caller's leaf.
func ownCopyNote(sys *engine.System, from, to part, copied bool) string {
	caller := from.callerName()
	if to.kind != partLeaf || to.caller == caller {
		return ""
	}
	owner := caller
	if owner == "" {
		owner = "the front"
	}
	mine := leafLabel(sys, part{kind: partLeaf, name: to.edge, caller: caller, edge: to.edge})
	theirs := leafLabel(sys, to)
	how := fmt.Sprintf("%s had one already", owner)
	if copied {
		how = fmt.Sprintf("c copied %s's latency and faults", theirs)
	}
	return fmt.Sprintf("%s now calls %s, a %s of its own, not %s: a caller's dependencies are its alone, sharing no load, capacity or faults (%s). One %s both load is a service both call (s adds one, c points at it; its workers are its capacity)",
		from.name, mine, to.edge, theirs, how, to.edge)
}

func leafOf(sys *engine.System, p part) engine.Dependency {
	deps := depsOf(sys, p.caller)
	if deps != nil {
		for _, d := range *deps {
			if d.Name == p.edge {
				return d
			}
		}
	}
	return engine.Dependency{}
}

func callsWord(edge string) string {
	if edge == "" {
		return "nothing"
	}
	return edge
}

// latencyWords says a leaf's healthy latency briefly, each figure as the
// knob form beside the list takes it back ("p50 20ms", "mean 1m").
func latencyWords(l engine.Latency) string {
	switch l.Kind {
	case engine.LogNormal:
		return "p50 " + engine.FormatDuration(l.P50) + " p99 " + engine.FormatDuration(l.P99)
	case engine.Exponential:
		return "mean " + engine.FormatDuration(l.Mean)
	case engine.Constant:
		return engine.FormatDuration(l.Value)
	}
	return "no latency"
}

// rename gives p another name, and every reference to it the new one: the
// calls into it, its tenants' shares and slots. The front's name is the
// scenario's.
func rename(sc *engine.Scenario, p part, to string) error {
	to = strings.TrimSpace(to)
	switch {
	case to == "":
		return errors.New("a name cannot be empty")
	case to == p.name:
		return nil
	case p.kind != partFront && used(sc)[to]:
		return fmt.Errorf("%q already names a part: each part needs a name of its own", to)
	}
	if p.kind == partFront {
		sc.Name = to
		return nil
	}
	for i := range sc.Variants {
		sys := &sc.Variants[i].System
		switch p.kind {
		case partEndpoint:
			for j := range sys.Endpoints {
				if sys.Endpoints[j].Name == p.name {
					sys.Endpoints[j].Name = to
				}
			}
		case partTenant:
			renameTenant(sys, p.name, to)
		case partService:
			if s := service(sys, p.name); s != nil {
				s.Name = to
			}
			each(sys, func(caller string, deps *[]engine.Dependency) {
				for j := range *deps {
					d := &(*deps)[j]
					if d.Service != p.name {
						continue
					}
					d.Service = to
					if d.Name == p.name {
						renameEdge(sys, caller, d, to)
					}
				}
			})
		case partLeaf:
			deps := depsOf(sys, p.caller)
			for j := range *deps {
				if d := &(*deps)[j]; d.Name == p.edge {
					renameEdge(sys, p.caller, d, to)
				}
			}
		}
	}
	return nil
}

// renameEdge renames caller's dependency d and the calls that name it.
func renameEdge(sys *engine.System, caller string, d *engine.Dependency, to string) {
	old := d.Name
	d.Name = to
	if caller != "" {
		if s := service(sys, caller); s != nil && s.Calls == old {
			s.Calls = to
		}
		return
	}
	for j := range sys.Endpoints {
		if sys.Endpoints[j].Calls == old {
			sys.Endpoints[j].Calls = to
		}
	}
}

// renameTenant renames a tenant in the list, the endpoints' shares and
// bursts, and every per-tenant bulkhead's slots.
func renameTenant(sys *engine.System, old, to string) {
	for j := range sys.Tenants {
		if sys.Tenants[j] == old {
			sys.Tenants[j] = to
		}
	}
	for j := range sys.Endpoints {
		e := &sys.Endpoints[j]
		for k := range e.Tenants {
			if e.Tenants[k].Tenant == old {
				e.Tenants[k].Tenant = to
			}
		}
		for k := range e.Bursts {
			if e.Bursts[k].Tenant == old {
				e.Bursts[k].Tenant = to
			}
		}
	}
	each(sys, func(_ string, deps *[]engine.Dependency) {
		for j := range *deps {
			if tb := (*deps)[j].Policy.TenantBulkhead; tb != nil {
				for k := range tb.Own {
					if tb.Own[k].Tenant == old {
						tb.Own[k].Tenant = to
					}
				}
			}
		}
	})
}

// mapTarget is p as the sandbox's map names a part, for the knob form to
// open at its knobs; false for the front and an endpoint, whose knobs
// (the workers, the rates) are the form's first section anyway.
func mapTarget(sys *engine.System, p part) (mappane.Target, bool) {
	switch p.kind {
	case partService:
		return mappane.Target{Kind: mappane.Service, Name: p.name, Instance: -1}, true
	case partLeaf:
		return mappane.Target{Kind: mappane.Leaf, Name: leafLabel(sys, p), Instance: -1}, true
	case partTenant:
		return mappane.Target{Kind: mappane.Tenant, Name: p.name, Instance: -1}, true
	}
	return mappane.Target{}, false
}
