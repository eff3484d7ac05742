package engine

import (
	"encoding/binary"
	"math"
	"time"
)

// Tenants at the front service (SERVICES-DESIGN.md 1.10): an endpoint's
// traffic split among the system's tenants by shares, bursts that change an
// endpoint's rate for a stretch of time (a burst naming a tenant adds its
// extra traffic as that tenant's: a noisy neighbour), and bulkheads with
// slots per tenant (exercise 15's rules).
//
// Determinism: each arrival's tenant is drawn from a stream of its own per
// endpoint (streamKey(name, 5)), never from the arrival or traffic streams,
// so a scenario without tenants draws exactly what it drew before, and a
// variant that adds tenants meets the same traffic. Shared traffic
// (traffic.go) holds the bursts' arrivals and each arrival's tenant, drawn
// once as a run would draw them (drawTenants); a run replaying it reads
// them (arrivalTenant).

// noTenant is a request's tenant when its endpoint names none.
const noTenant = -1

// anonTenant is where a per-tenant bulkhead keeps the calls of requests
// without a tenant: one more group, with the Default slots.
const anonTenant = MaxTenants

// tenantState is one tenant's record at the front service.
type tenantState struct {
	arrived       uint64
	windowArrived uint64 // of those, the ones in the measurement window
	total, window Counts
	// limited counts the calls refused by the tenant's part of a
	// per-tenant bulkhead: calls, not requests (a retried request may be
	// refused again), like DependencySnapshot.BulkheadFull.
	limited uint64
	// bucket is the time-series bucket being filled; series the closed ones.
	bucket TenantSample
	series []TenantSample
}

// tenancy is how an endpoint picks each arrival's tenant.
type tenancy struct {
	rng *stream
	// The shares, as a cumulative distribution over the tenants in who.
	n   int
	cum [MaxTenants]float64
	who [MaxTenants]int8
	// The endpoint's bursts, with the tenant of each (noTenant: none),
	// the endpoint's own rate, and the first burst not yet over at the
	// last draw (arrivals come in time order).
	bursts      []Burst
	burstTenant []int8
	base        float64
	at          int
}

// tenantIndex finds a tenant's number; validation has checked it exists.
func tenantIndex(sys *System, name string) int8 {
	for i, t := range sys.Tenants {
		if t == name {
			return int8(i)
		}
	}
	return noTenant
}

// newTenancy prepares endpoint e's tenant draws, or returns nil when its
// requests carry no tenant.
func newTenancy(sys *System, e *Endpoint, seed uint64) *tenancy {
	named := len(e.Tenants) > 0
	for _, b := range e.Bursts {
		named = named || b.Tenant != ""
	}
	if !named {
		return nil
	}
	t := &tenancy{rng: newStream(seed, streamKey(e.Name, 5)), base: e.Rate, bursts: e.Bursts}
	var sum float64
	for _, s := range e.Tenants {
		if s.Share <= 0 {
			continue
		}
		sum += s.Share
		t.cum[t.n], t.who[t.n] = sum, tenantIndex(sys, s.Tenant)
		t.n++
	}
	t.burstTenant = make([]int8, len(e.Bursts))
	for i, b := range e.Bursts {
		t.burstTenant[i] = noTenant
		if b.Tenant != "" {
			t.burstTenant[i] = tenantIndex(sys, b.Tenant)
		}
	}
	return t
}

// draw picks the tenant of an arrival at now: during a tenant's burst the
// burst's extra rate is that tenant's, the rest follows the shares.
func (t *tenancy) draw(now time.Duration) int8 {
	u := t.rng.float64()
	for t.at < len(t.bursts) && t.bursts[t.at].To <= now {
		t.at++
	}
	if t.at < len(t.bursts) {
		if b := &t.bursts[t.at]; b.From <= now && t.burstTenant[t.at] != noTenant && b.Rate > 0 {
			extra := (b.Rate - t.base) / b.Rate
			if u < extra {
				return t.burstTenant[t.at]
			}
			// The rest of the draw, stretched back over [0, 1).
			u = (u - extra) / (1 - extra)
		}
	}
	if t.n == 0 {
		return noTenant
	}
	for k := 0; k < t.n-1; k++ {
		if u < t.cum[k] {
			return t.who[k]
		}
	}
	return t.who[t.n-1] // the last takes the rest (and rounding)
}

// nextBurstArrival is nextArrival for an endpoint with bursts: Poisson
// arrivals whose rate changes at each burst's start and end. A gap drawn at
// one rate that crosses a change is thrown away and a new one drawn from
// the change at the new rate: exact, since the exponential gap has no
// memory. Each draw takes one number from the arrival stream.
func nextBurstArrival(es *endpointState, after, duration time.Duration) (time.Duration, bool) {
	t := after
	for {
		bursts := es.bursts
		for es.burstAt < len(bursts) && bursts[es.burstAt].To <= t {
			es.burstAt++
		}
		rate, until := es.baseRate, duration
		if k := es.burstAt; k < len(bursts) {
			if bursts[k].From <= t {
				rate, until = bursts[k].Rate, bursts[k].To
			} else {
				until = bursts[k].From
			}
		}
		until = min(until, duration)
		if rate > 0 {
			gap := es.arrivals.exp() / rate * float64(time.Second)
			if float64(t)+gap < float64(until) {
				at := t + time.Duration(gap)
				return at, at < duration
			}
		}
		if until >= duration {
			return 0, false
		}
		t = until
	}
}

// initEndpointLimits sets up endpoint e's class, tenants and bursts; it
// runs before the endpoint's first arrival is drawn (init calls it).
func (r *Run) initEndpointLimits(es *endpointState, e *Endpoint) {
	es.class = e.Class
	es.tenancy = newTenancy(r.sys, e, r.seed)
	es.setBursts(e)
}

// setBursts gives es endpoint e's bursts, if it has any: the run's draws
// and a Traffic's (drawEndpoint) both go through it.
func (es *endpointState) setBursts(e *Endpoint) {
	if len(e.Bursts) > 0 {
		// The inline Poisson path in arrive takes endpoints with a rate;
		// this one keeps its rates here and leaves es.rate at zero, so
		// that every draw goes through nextArrival to nextBurstArrival.
		es.bursts, es.baseRate, es.rate = e.Bursts, e.Rate, 0
	}
}

// limitsKey is what endpoint e's arrivals and tenants depend on besides
// trafficKey's other fields: its bursts (times, rates, tenants) and its
// shares of the tenants, each tenant by its number in sys (the number is
// what a run records), written as bytes so that trafficKey stays
// comparable. It is "" for an endpoint with neither, whose tenancy is nil.
func limitsKey(sys *System, e *Endpoint) string {
	named := len(e.Tenants) > 0
	for _, b := range e.Bursts {
		named = named || b.Tenant != ""
	}
	if !named && len(e.Bursts) == 0 {
		return ""
	}
	buf := make([]byte, 0, 2+len(e.Bursts)*25+len(e.Tenants)*9)
	// Whether the endpoint has a tenancy (it draws a tenant per arrival,
	// even when no share is above 0), and how many bursts follow.
	buf = append(buf, b2u8(named), uint8(len(e.Bursts)))
	for _, b := range e.Bursts {
		buf = binary.LittleEndian.AppendUint64(buf, uint64(b.From))
		buf = binary.LittleEndian.AppendUint64(buf, uint64(b.To))
		buf = binary.LittleEndian.AppendUint64(buf, math.Float64bits(b.Rate))
		t := int8(noTenant)
		if b.Tenant != "" {
			t = tenantIndex(sys, b.Tenant)
		}
		buf = append(buf, uint8(t))
	}
	for _, s := range e.Tenants {
		buf = append(buf, uint8(tenantIndex(sys, s.Tenant)))
		buf = binary.LittleEndian.AppendUint64(buf, math.Float64bits(s.Share))
	}
	return string(buf)
}

func b2u8(b bool) uint8 {
	if b {
		return 1
	}
	return 0
}

// drawTenants is the tenant of each of reqs, endpoint e's arrivals, as a
// run draws them (arrivalTenant): one draw per arrival, in arrival order,
// from the endpoint's tenant stream. Nil when e's requests carry no
// tenant.
func drawTenants(sys *System, e *Endpoint, seed uint64, reqs []trafficRequest) []int8 {
	t := newTenancy(sys, e, seed)
	if t == nil {
		return nil
	}
	who := make([]int8, len(reqs))
	for k := range reqs {
		who[k] = t.draw(reqs[k].at)
	}
	return who
}

// closeTenants ends each tenant's time-series bucket (closeBucket).
func (r *Run) closeTenants() {
	for k := range r.tenants {
		ts := &r.tenants[k]
		ts.series = append(ts.series, ts.bucket)
		ts.bucket = TenantSample{}
	}
}

// linkTenants points tenantAt at r's tenants: once init has made them,
// and in a copy once they are its own (cloneLimitsInto). Past them the
// table holds nil (init's zero Run; a copy's source had as many).
func (r *Run) linkTenants() {
	for i := range r.tenants {
		r.tenantAt[i] = &r.tenants[i]
	}
}

// tenantAt's uint8 index covers every tenant a valid system has.
var _ [256 - MaxTenants]struct{}

// tenantArrived counts an arrival of tenant t (>= 0), in the measurement
// window or not: arriveOthers has judged the window for its endpoint's
// count already.
func (r *Run) tenantArrived(t int8, inWindow bool) {
	// One look-up of the record, through Run.tenantAt: no bounds check.
	ts := r.tenantAt[uint8(t)]
	ts.arrived++
	ts.bucket.Arrived++
	if inWindow {
		ts.windowArrived++
	}
}

// tenantAnswered counts the answer o to a request of tenant t (>= 0) that
// arrived at arrived.
func (r *Run) tenantAnswered(t int8, arrived time.Duration, o Outcome) {
	ts := r.tenantAt[uint8(t)]
	ts.total[o]++
	ts.bucket.Answered[o]++
	if arrived >= r.measureFrom && arrived < r.measureTo {
		ts.window[o]++
	}
}

// tenantBulkhead is a per-tenant bulkhead's state (exercise 15's rules):
// fixed arrays indexed by tenant, anonTenant for calls without one.
type tenantBulkhead struct {
	own, ownCap, shared [MaxTenants + 1]int32
	sharedUsed          int32
	sharedCap           int32
	sharedPerTenant     int32 // 0: no cap beyond sharedCap
	capacity            int   // all slots a call could find, for the snapshot
	// For a fork (fork_limits.go): the most own slots each tenant held at
	// once, and whether a call ever found its tenant's own slots full.
	ownMax  [MaxTenants + 1]int32
	spilled bool
	// heldMax is the most calls inside the bulkhead at once, every lane
	// together: the snapshot's BulkheadMax, which the one-cap paths keep
	// in the dependency's maxBulkhead (a fork's evidence there, so it is
	// not shared with this bulkhead).
	heldMax int
}

// newTenantBulkhead sizes a per-tenant bulkhead for the system's tenants.
func newTenantBulkhead(sys *System, tb *TenantBulkhead) *tenantBulkhead {
	b := &tenantBulkhead{}
	b.size(sys, tb)
	return b
}

// size sets b's caps for tb, leaving the slots held as they are.
func (b *tenantBulkhead) size(sys *System, tb *TenantBulkhead) {
	b.sharedCap, b.sharedPerTenant = int32(tb.Shared), int32(tb.SharedPerTenant)
	for i := range b.ownCap {
		b.ownCap[i] = int32(tb.Default)
	}
	for _, o := range tb.Own {
		if k := tenantIndex(sys, o.Tenant); k >= 0 {
			b.ownCap[k] = int32(o.Slots)
		}
	}
	b.capacity = tb.Shared
	for k := range sys.Tenants {
		b.capacity += int(b.ownCap[k])
	}
	for i := range sys.Endpoints {
		if len(sys.Endpoints[i].Tenants) == 0 {
			b.capacity += tb.Default // some requests come without a tenant
			break
		}
	}
}

// enterTenantBulkhead is enter's step for a per-tenant bulkhead at index i:
// a slot (takeTenantSlot), else refused at once (it never waits).
func (r *Run) enterTenantBulkhead(id int32, i int) {
	req := &r.requests[id]
	if !r.takeTenantSlot(req, r.dep(req)) {
		r.layerResult(id, i, resBulkheadFull)
		return
	}
	r.enter(id, i+1)
}

// takeTenantSlot gives req's call one of its tenant's own slots of ds's
// per-tenant bulkhead, else one of the overflow within the tenant's cap on
// it, and reports true; or counts the refusal and reports false. It is
// the layer's whole decision, apart from the pipeline's walk, so that a
// flat walk of the layers (a fast path) can take it as it is.
func (r *Run) takeTenantSlot(req *request, ds *dependencyState) bool {
	b := ds.tenantBH
	t := int(req.tenant)
	if t < 0 {
		t = anonTenant
	}
	if own := b.own[t]; own < b.ownCap[t] {
		own++
		b.own[t] = own
		b.ownMax[t] = max(b.ownMax[t], own) // fork_limits.go
		req.inShared = false
	} else {
		b.spilled = true // fork_limits.go
		if b.sharedUsed >= b.sharedCap || (b.sharedPerTenant != 0 && b.shared[t] >= b.sharedPerTenant) {
			ds.bulkheadFull++
			if req.tenant >= 0 {
				r.tenants[req.tenant].limited++
			}
			return false
		}
		b.shared[t]++
		b.sharedUsed++
		req.inShared = true
	}
	ds.bulkhead++
	b.heldMax = max(b.heldMax, ds.bulkhead)
	req.inBH = true
	return true
}

// releaseTenantSlot gives a call's slot back to the part it came from.
func releaseTenantSlot(req *request, ds *dependencyState) {
	if !req.inBH {
		return
	}
	req.inBH = false
	ds.bulkhead--
	b := ds.tenantBH
	t := int(req.tenant)
	if t < 0 {
		t = anonTenant
	}
	if req.inShared {
		req.inShared = false
		b.shared[t]--
		b.sharedUsed--
		return
	}
	b.own[t]--
}

// arrivalTenant draws the tenant of endpoint es's arrival at now and counts
// the arrival for it. Every arrival of an endpoint with a tenancy draws
// once, whatever becomes of it, so the draws stay in step: arrive calls
// this for a request it takes, tenantRefused for one it refuses.
func (r *Run) arrivalTenant(es *endpointState, now time.Duration) int8 {
	t := r.drawTenant(es, now)
	if t >= 0 {
		r.tenantArrived(t, r.now >= r.measureFrom && r.now < r.measureTo)
	}
	return t
}

// drawTenant is the tenant of endpoint es's arrival at now.
func (r *Run) drawTenant(es *endpointState, now time.Duration) int8 {
	if es.shared != nil {
		return sharedTenant(es)
	}
	return es.tenancy.draw(now)
}

// sharedTenant is the tenant of the arrival just taken from es's replayed
// traffic, drawn with it (drawTenants): arrive and takeShared have moved
// sharedNext past it already. arriveOthers, whose arrivals are all
// replayed, reads it without drawTenant's test.
func sharedTenant(es *endpointState) int8 {
	return es.shared.tenants[es.sharedNext-1]
}

// tenantRefused draws the tenant of an arrival refused at once (no worker
// and no room, or shed) and counts it (countTenantRefused).
func (r *Run) tenantRefused(es *endpointState, now time.Duration) {
	r.countTenantRefused(r.drawTenant(es, now), now >= r.measureFrom && now < r.measureTo)
}

// countTenantRefused counts an arrival of tenant t refused at once, in the
// measurement window or not, arrived and rejected: tenantArrived and
// tenantAnswered in one look-up of the record. A request with no tenant
// (t < 0) counts for none.
func (r *Run) countTenantRefused(t int8, inWindow bool) {
	if t < 0 {
		return
	}
	ts := r.tenantAt[uint8(t)]
	ts.arrived++
	ts.bucket.Arrived++
	ts.total[Rejected]++
	ts.bucket.Answered[Rejected]++
	if inWindow {
		ts.windowArrived++
		ts.window[Rejected]++
	}
}
