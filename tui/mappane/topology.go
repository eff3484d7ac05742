package mappane

import (
	"fmt"
	"time"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/breaker"
	"github.com/breakerlab/breakerlab/tui/pane"
)

// Kind is what a node of the map is.
type Kind uint8

const (
	// Tenant is a tenant's traffic into the front service.
	Tenant Kind = iota + 1
	// Front is the front service, the one the clients call.
	Front
	// Service is a service the front reaches (one instance or a fleet).
	Service
	// Leaf is a dependency that calls nothing further.
	Leaf
)

// FrontName is the name the map gives the front service, which the
// scenario leaves unnamed.
const FrontName = "front"

// Target is what is selected: a node, or one instance of a fleet.
type Target struct {
	Kind Kind
	// Name is the node's name as the scenario spells it: a tenant, a
	// service or a dependency (FrontName for the front service).
	Name string
	// Instance is the instance of a fleet, or -1 for the whole node.
	Instance int
}

// String is the target as the engine's targets are written: "inventory",
// "api#3".
func (t Target) String() string {
	if t.Instance >= 0 {
		return fmt.Sprintf("%s#%d", t.Name, t.Instance)
	}
	return t.Name
}

// edge is one call from a node to the next: its breaker and what went
// along it.
type edge struct {
	name string // the dependency's name
	to   int    // the node it reaches
	// The breaker: none, one (state), one per instance of a fleet
	// (states counted), or one shared with other edges (group).
	has    bool
	state  breaker.State
	states [breaker.MetricsOnly + 1]int
	group  string
	// The calls in flight along it: held, the ones a caller still waits
	// on (pane.HeldNow: what its bulkhead caps, bulkCap, 0: none), and
	// abandoned, the ones whose caller gave up (timed out) while the
	// dependency still works on them. refused: by the breaker.
	held, abandoned, bulkCap int
	refused                  uint64
}

// node is one part of the system, with its live state.
type node struct {
	kind  Kind
	name  string
	depth int // hops from the front (tenants -1, the front 0)
	// The size and what holds it now: workers busy (front, services) or
	// calls held (a leaf: its calls whose caller still waits, pane.HeldNow,
	// against its bulkhead when it has one); abandoned, a leaf's calls in
	// flight whose caller gave up.
	used, size int
	abandoned  int
	// dialling, a leaf's connections being dialled (its pool's host
	// has them): not calls at the dependency yet, and an unreachable host
	// answers none, so they can far outnumber the calls in flight; under a
	// bulkhead each holds a permit, so they are part of used. 0 unless
	// worth saying (pane.DiallingShown).
	dialling int
	queued   int
	queueCap int // 0 none, -1 unbounded
	// Over the rate window: the calls that reached it a second (a
	// tenant's, the front's: the requests that arrived), and the share of
	// the calls answered in it that failed (its calls still in flight are
	// not judged yet); ok says there were samples to judge by. rateWords
	// word the rate, longest first (pane.Calls.RateWords): a dependency's
	// or a service's with the calls made beside it when most of those did
	// not reach it (an unreachable host's dials, a breaker open, a bulkhead
	// full).
	rate, failed float64
	ok           bool
	rateWords    []string
	// unjudged: calls were made in the window and none was answered (a
	// hang, a killed process), so there is no failed share to show: a
	// 0% there read as calls answering well.
	unjudged bool
	// calls are a service's callers' calls to it, which rate and failed
	// are worked out from.
	calls pane.Calls
	// fault is the fault in force on a leaf now, "" for none.
	fault string
	// uncalled: a dependency of the front that no endpoint calls in this
	// variant (event-loop-stall's executor before the fix): its cap holds
	// nothing, and the map says so instead.
	uncalled bool
	// instances holds a fleet's instances (nil for one instance).
	instances []instance
	edges     []edge
	// parent is the node whose edge first reaches it (-1: none).
	parent int
}

// instance is one instance of a fleet.
type instance struct {
	state engine.InstanceState
	// words says what it is doing: "up", "hung", "slow +300 ms".
	words      string
	until      time.Duration
	busy, size int
	// The instance's breaker on the service's own call, when it has one.
	has bool
	brk breaker.State
}

// graph is the map's content: nodes in the order drawn (tenants, the
// front, then a depth-first walk of the calls).
type graph struct {
	nodes []node
	front int
	// early: the run is younger than the rate window, so the rates and
	// shares are over the time since its start.
	early bool
}

// rateWindow is how far back the rates and failure shares look.
const rateWindow = pane.LiveWindow

// build reads the system out of s.
func build(s *engine.Snapshot) graph {
	g := graph{early: s.Now < rateWindow}
	for i := range s.Tenants {
		t := &s.Tenants[i]
		n := node{kind: Tenant, name: t.Name, depth: -1, parent: -1}
		// Its arrivals a second and failed share now (the tenants pane
		// shows the same, from the same computation).
		c, ok := pane.TenantLive(t, s.SampleEvery)
		n.rate, n.failed, n.ok, n.unjudged = c.Rate(s.SampleEvery), c.FailedShare(), ok, c.NoneAnswered()
		n.rateWords = []string{pane.Rate(n.rate)}
		g.nodes = append(g.nodes, n)
	}
	g.front = len(g.nodes)
	front := node{kind: Front, name: FrontName, parent: -1, used: s.Busy, size: s.Workers, queued: s.Queued, queueCap: s.QueueCap}
	front.rate, front.failed, front.ok, front.unjudged = frontRates(s)
	front.rateWords = []string{pane.Rate(front.rate)}
	g.nodes = append(g.nodes, front)
	svcIndex := map[string]int{} // service name → node
	for i := range s.Dependencies {
		g.addEdge(s, g.front, &s.Dependencies[i], nil, -1, svcIndex)
	}
	return g
}

// addEdge adds the call d from node from (a service's edge j, when svc is
// set) and the subtree it reaches.
func (g *graph) addEdge(s *engine.Snapshot, from int, d *engine.DependencySnapshot, svc *engine.ServiceSnapshot, j int, svcIndex map[string]int) {
	e := edge{name: d.Name, held: pane.HeldNow(d), abandoned: d.Abandoned, bulkCap: pane.OneCap(d), refused: d.ShortCircuited, group: d.SharedBreaker}
	if d.Breaker != nil {
		e.has, e.state = true, d.Breaker.State
	}
	if svc != nil && len(svc.Instances) > 1 {
		for k := range svc.Instances {
			if j >= len(svc.Instances[k].Breakers) {
				continue
			}
			if b := svc.Instances[k].Breakers[j]; b != nil {
				e.has = true
				e.states[b.State]++
			}
		}
	}
	if d.Service != "" {
		if at, ok := svcIndex[d.Service]; ok {
			e.to = at // a second call into a service drawn already
			if c, ok := edgeCounts(d, svc, s.SampleEvery); ok {
				n := &g.nodes[at]
				n.calls.Add(c)
				n.ok = true
				n.setCalls(s.SampleEvery)
			}
			g.nodes[from].edges = append(g.nodes[from].edges, e)
			return
		}
		ss := findService(s, d.Service)
		if ss == nil {
			return
		}
		n := node{kind: Service, name: ss.Name, depth: ss.Depth, parent: from, used: ss.Busy,
			size: ss.Workers * len(ss.Instances), queued: ss.Queued, queueCap: ss.QueueCap}
		// Its callers' view, as a dependency's: their attempts that
		// reached it, beside the calls they made (its own series counts
		// answers, not arrivals), refusals on the way counted as failed;
		// a second caller's edge adds its own.
		n.calls, n.ok = edgeCounts(d, svc, s.SampleEvery)
		n.setCalls(s.SampleEvery)
		if len(ss.Instances) == 1 && ss.Instances[0].State != engine.InstanceUp {
			n.fault = instanceFaultWords(&ss.Instances[0])
		}
		if len(ss.Instances) > 1 {
			n.instances = make([]instance, len(ss.Instances))
			calls := -1
			for k := range ss.Dependencies {
				if ss.Dependencies[k].Name == ss.Calls {
					calls = k
				}
			}
			for k := range ss.Instances {
				in := &ss.Instances[k]
				n.instances[k] = instance{state: in.State, words: instanceFaultWords(in), until: in.Until, busy: in.Busy, size: ss.Workers}
				if calls >= 0 && calls < len(in.Breakers) && in.Breakers[calls] != nil {
					n.instances[k].has, n.instances[k].brk = true, in.Breakers[calls].State
				}
			}
		}
		e.to = len(g.nodes)
		svcIndex[d.Service] = e.to
		g.nodes[from].edges = append(g.nodes[from].edges, e)
		g.nodes = append(g.nodes, n)
		for k := range ss.Dependencies {
			g.addEdge(s, e.to, &ss.Dependencies[k], ss, k, svcIndex)
		}
		return
	}
	n := node{kind: Leaf, name: leafName(s, svc, d.Name), depth: g.nodes[from].depth + 1, parent: from, used: pane.HeldNow(d), abandoned: d.Abandoned, size: pane.OneCap(d)}
	n.uncalled = svc == nil && pane.Uncalled(s, d.Name)
	if svc == nil {
		n.dialling = dialsTo(s, d.Name)
	}
	n.calls, n.ok = edgeCounts(d, svc, s.SampleEvery)
	n.setCalls(s.SampleEvery)
	if d.Fault != nil {
		n.fault = faultWords(d.Fault)
	}
	e.to = len(g.nodes)
	g.nodes[from].edges = append(g.nodes[from].edges, e)
	g.nodes = append(g.nodes, n)
}

// leafName is the node's name for svc's leaf dependency name (svc nil: the
// front's): its own name, or "inventory/db" when another caller has a leaf
// of that name too. Each caller's leaf is a dependency of its own, with its
// own latency, faults and calls (engine.Service.Dependencies), so two "db"
// nodes are two databases; the qualified name is how a scenario file's
// knob paths and --fault's targets (engine/chaos) tell them apart, and it
// is what a selection of the node then names. The front's keeps its bare
// name, as those do. A scan, not a map: a system has a few leaves, and
// only a name two callers share costs SetData a string.
func leafName(s *engine.Snapshot, svc *engine.ServiceSnapshot, name string) string {
	if svc == nil {
		return name
	}
	leafOf := func(deps []engine.DependencySnapshot) bool {
		for i := range deps {
			if deps[i].Service == "" && deps[i].Name == name {
				return true
			}
		}
		return false
	}
	shared := leafOf(s.Dependencies)
	for i := range s.Services {
		if shared {
			break
		}
		shared = s.Services[i].Name != svc.Name && leafOf(s.Services[i].Dependencies)
	}
	if !shared {
		return name
	}
	return svc.Name + "/" + name
}

// dialsTo is the connections being dialled to the front's dependency name
// by a client pool, when worth saying (pane.DiallingShown), else 0. A
// database pool's host stands for every query of the database, not one
// dependency, so its dials are not one node's.
func dialsTo(s *engine.Snapshot, name string) int {
	for i := range s.Pools {
		p := &s.Pools[i]
		if p.Kind != engine.ClientPool {
			continue
		}
		for _, h := range p.Hosts {
			if h.Dependency == name && pane.DiallingShown(h.Dialling, h.InUse) {
				return h.Dialling
			}
		}
	}
	return 0
}

func findService(s *engine.Snapshot, name string) *engine.ServiceSnapshot {
	for i := range s.Services {
		if s.Services[i].Name == name {
			return &s.Services[i]
		}
	}
	return nil
}

// faultWords says what a fault does, shortly: "hang", "slow 2 s",
// "errors 50%".
func faultWords(f *engine.Fault) string {
	switch f.Kind {
	case engine.Hang:
		return "hang"
	case engine.Slow:
		return "slow " + shortDuration(f.Latency)
	case engine.Error:
		return fmt.Sprintf("errors %.0f%%", 100*f.Probability)
	}
	return f.Kind.String()
}

// markBursts says on each tenant's node the burst of its traffic in force
// at now, from the run's fault spans (the snapshot holds the traffic's
// counts, not the script): "surge on search".
func (g *graph) markBursts(spans []pane.FaultSpan, now time.Duration) {
	for i := range g.nodes {
		n := &g.nodes[i]
		if n.kind != Tenant {
			continue
		}
		for _, f := range spans {
			if f.Dependency == n.name && f.From <= now && now < f.To {
				n.fault = f.Verb()
			}
		}
	}
}

// instanceFaultWords says what a service's instance is doing, shortly:
// "up", or under a fault "down", "hung", "slow +2 s", "errors 50%".
func instanceFaultWords(in *engine.InstanceSnapshot) string {
	switch in.State {
	case engine.InstanceIsSlow:
		return "slow +" + shortDuration(in.SlowBy)
	case engine.InstanceIsFailing:
		return fmt.Sprintf("errors %.0f%%", 100*in.ErrorRate)
	}
	return in.State.String()
}

// samplesIn is how many samples of every the rate window spans, at least 1.
func samplesIn(every time.Duration) int {
	if every <= 0 {
		return 1
	}
	return max(int(rateWindow/every), 1)
}

// frontRates are the requests arriving at the front a second and the
// failed share of its answers over the rate window, from its endpoints'
// series; unjudged: requests arrived and none was answered.
func frontRates(s *engine.Snapshot) (rate, failed float64, ok, unjudged bool) {
	k := samplesIn(s.SampleEvery)
	var arrived, all, bad uint64
	span := 0
	for i := range s.Endpoints {
		ser := s.Endpoints[i].Series
		from := max(len(ser)-k, 0)
		span = max(span, len(ser)-from)
		for _, b := range ser[from:] {
			arrived += uint64(b.Arrivals)
			for o, n := range b.Outcomes {
				all += uint64(n)
				if engine.Outcome(o) == engine.Failed || engine.Outcome(o) == engine.Rejected {
					bad += uint64(n)
				}
			}
		}
	}
	rate, failed, ok = share(arrived, all, bad, span, s.SampleEvery)
	return rate, failed, ok, answeredNone(arrived, all)
}

// answeredNone says whether made calls (or arrivals) and none answered leave
// no failed share to show: pane.EdgeCalls' rule, which the tenants' figures
// follow too.
func answeredNone(made, answered uint64) bool {
	return pane.EdgeCalls{Made: made, Answered: answered}.NoneAnswered()
}

// edgeCounts counts an edge's calls over the rate window with
// pane.CallsOver, which the circuit tiles count by too: the calls/s is
// the attempts that reached the dependency, the engine's own count, not
// the calls made, which to an unreachable host are mostly waiting outside
// it (dialling a connection the host never accepts: go-server's payments,
// made unreachable, read 190/s while not one call reached it). svc is the service whose edge d
// is (nil: the front's); a fleet's edge sums its instances' samples, and
// so their bulkheads' slots.
func edgeCounts(d *engine.DependencySnapshot, svc *engine.ServiceSnapshot, every time.Duration) (pane.Calls, bool) {
	slots := pane.OneCap(d)
	if svc != nil {
		slots *= max(len(svc.Instances), 1)
	}
	return pane.CallsOver(d.Series, every, rateWindow, slots)
}

// setCalls works out the node's figures from its calls.
func (n *node) setCalls(every time.Duration) {
	n.rate, n.failed = n.calls.ReachedRate(every), n.calls.FailedShare()
	n.unjudged = n.calls.NoneAnswered()
	n.rateWords = n.calls.RateWords(every)
}

// share turns counts over span samples into a rate of n a second (the
// front's arrivals) and the share of all (the answered) that were bad.
func share(n, all, bad uint64, span int, every time.Duration) (rate, failed float64, ok bool) {
	if span <= 0 || every <= 0 {
		return 0, 0, false
	}
	rate = float64(n) / (time.Duration(span) * every).Seconds()
	if all > 0 {
		failed = float64(bad) / float64(all)
	}
	return rate, failed, true
}

// shortDuration writes d in the fewest digits: "2 s", "250 ms".
func shortDuration(d time.Duration) string {
	if d < time.Second {
		return fmt.Sprintf("%d ms", d.Milliseconds())
	}
	return fmt.Sprintf("%g s", d.Seconds())
}

// order is the nodes in the order drawn: tenants, the front, then a
// depth-first walk (a node reached twice, under its first caller).
func (g *graph) order() []int {
	out := make([]int, 0, len(g.nodes))
	for i := range g.nodes {
		if g.nodes[i].kind == Tenant {
			out = append(out, i)
		}
	}
	var walk func(i int)
	walk = func(i int) {
		out = append(out, i)
		for _, e := range g.nodes[i].edges {
			if g.nodes[e.to].parent == i && !isEarlierEdge(g, i, e) {
				walk(e.to)
			}
		}
	}
	if g.front < len(g.nodes) {
		walk(g.front)
	}
	return out
}

// isEarlierEdge says whether e is not the first edge of node i into its
// target (the target is drawn under the first only).
func isEarlierEdge(g *graph, i int, e edge) bool {
	for _, f := range g.nodes[i].edges {
		if f.to == e.to {
			return f.name != e.name
		}
	}
	return false
}
