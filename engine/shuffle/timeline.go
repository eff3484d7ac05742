package shuffle

import (
	"fmt"
	"math/rand/v2"
	"time"
)

// SimConfig describes the poisoned-customer failure played out over
// virtual time, for a view that shows workers going down and coming back.
//
// Every customer but the poisoned one sends a request every RequestEvery,
// starting at a random moment within the first interval. A request goes to
// one worker of the customer's shard (taking turns), and if that worker is
// down, straight on to the next: a down worker refuses at once. The request
// fails only when every worker of the shard is down.
//
// The poisoned customer sends a request every PoisonEvery from PoisonFrom
// on. Its request crashes the worker that takes it; the client sees the
// failure and retries on its next worker that is up after RetryAfter, up to
// one try per worker. A crashed worker stays dead for CrashedFor until its
// supervisor notices, then restarts for RestartFor, then serves again, until
// the poisoned customer's next request finds it.
type SimConfig struct {
	Workers     int      // the fleet
	Customers   int      // customers, the poisoned one included
	PerCustomer int      // workers per customer, k
	Strategy    Strategy // how customers get their workers
	MaxShared   int      // for StrategyOverlapLimited: the most two customers share
	Zones       int      // for StrategyHash: zones to spread each shard over (0 or 1: none)
	Poisoned    int      // the customer whose requests crash workers

	RequestEvery time.Duration // each other customer's time between requests
	PoisonEvery  time.Duration // the poisoned customer's time between requests
	PoisonFrom   time.Duration // when the poisoned customer sends its first request
	RetryAfter   time.Duration // how long the poisoned customer waits to retry after a crash
	CrashedFor   time.Duration // how long a crashed worker stays dead before it restarts
	RestartFor   time.Duration // how long a restart takes
}

// DefaultSimConfig is the scenario's fleet, 8 workers and 1,000
// customers with 2 each in plain shards, with timings chosen so that a
// restarted worker serves for a moment before the poisoned customer's next
// request kills it again.
func DefaultSimConfig() SimConfig {
	return SimConfig{
		Workers: 8, Customers: 1000, PerCustomer: 2, Strategy: StrategyPlain, MaxShared: 1,
		RequestEvery: time.Second,
		PoisonEvery:  2 * time.Second,
		PoisonFrom:   2 * time.Second,
		RetryAfter:   100 * time.Millisecond,
		CrashedFor:   500 * time.Millisecond,
		RestartFor:   5 * time.Second,
	}
}

func (cfg SimConfig) validate() error {
	if cfg.Customers < 2 {
		return invalidf("the timeline needs at least 2 customers (the poisoned one and another), got %s", count(cfg.Customers))
	}
	if cfg.Poisoned < 0 || cfg.Poisoned >= cfg.Customers {
		return invalidf("the poisoned customer must be between 0 and %s, got %s", count(cfg.Customers-1), count(cfg.Poisoned))
	}
	positive := []struct {
		name  string
		value time.Duration
	}{{"request interval", cfg.RequestEvery}, {"poisoned customer's request interval", cfg.PoisonEvery}}
	for _, p := range positive {
		if p.value <= 0 {
			return invalidf("the %s must be above zero, got %v", p.name, p.value)
		}
	}
	nonNegative := []struct {
		name  string
		value time.Duration
	}{{"poisoned customer's start", cfg.PoisonFrom}, {"retry delay", cfg.RetryAfter},
		{"time a crashed worker stays dead", cfg.CrashedFor}, {"restart time", cfg.RestartFor}}
	for _, p := range nonNegative {
		if p.value < 0 {
			return invalidf("the %s must be zero or more, got %v", p.name, p.value)
		}
	}
	return nil
}

// Fleet is the part of the configuration that decides the shards.
func (cfg SimConfig) Fleet() Fleet {
	return Fleet{Workers: cfg.Workers, PerCustomer: cfg.PerCustomer, Customers: cfg.Customers,
		Strategy: cfg.Strategy, MaxShared: cfg.MaxShared, Zones: cfg.Zones}
}

// WorkerPhase is where a worker is in its crash-and-restart cycle.
type WorkerPhase uint8

const (
	WorkerUp         WorkerPhase = iota // serving requests
	WorkerCrashed                       // dead, not yet noticed by its supervisor
	WorkerRestarting                    // being restarted; serves again at Until
)

func (p WorkerPhase) String() string {
	switch p {
	case WorkerUp:
		return "up"
	case WorkerCrashed:
		return "crashed"
	case WorkerRestarting:
		return "restarting"
	}
	return fmt.Sprintf("WorkerPhase(%d)", uint8(p))
}

// WorkerState is one worker at the moment of a snapshot.
type WorkerState struct {
	Phase   WorkerPhase
	Since   time.Duration // when the worker entered Phase
	Until   time.Duration // when Phase ends; zero while up
	Crashes int           // how many times it has crashed so far
}

// CustomerStatus says how much of a customer's shard is up.
type CustomerStatus uint8

const (
	CustomerHealthy  CustomerStatus = iota // every worker of its shard is up
	CustomerDegraded                       // some are down, at least one is up: it carries on
	CustomerLost                           // all are down: it has lost service
)

func (s CustomerStatus) String() string {
	switch s {
	case CustomerHealthy:
		return "healthy"
	case CustomerDegraded:
		return "degraded"
	case CustomerLost:
		return "lost"
	}
	return fmt.Sprintf("CustomerStatus(%d)", uint8(s))
}

// CustomerCounts tallies the customers other than the poisoned one by status.
type CustomerCounts struct {
	Healthy, Degraded, Lost int
}

// RequestCounts tallies requests since the start.
type RequestCounts struct {
	Sent          int // requests by customers other than the poisoned one
	Served        int // of those, answered by the first worker tried
	ServedOnRetry int // answered by another worker of the shard after a refusal
	Failed        int // refused by every worker of the shard
	PoisonSent    int // requests by the poisoned customer
	Crashes       int // workers crashed by them, retries included
}

// Snapshot is the timeline at one moment. It holds copies, not views, so it
// stays as it was however far the simulation moves on: a view can keep
// snapshots to rewind.
type Snapshot struct {
	At       time.Duration
	Workers  []WorkerState    // indexed by worker
	Statuses []CustomerStatus // indexed by customer, the poisoned one included
	Poisoned int

	Now CustomerCounts // the other customers right now
	// EverLost and EverDegraded split the other customers the poison has
	// reached so far as the scenario report splits them: lost, if every
	// worker of theirs has been down at one moment; degraded, if some have
	// been down but never all at once. A customer on its way to lost is
	// degraded between its first worker going down and its last, and moves
	// from one count to the other then, so the two never count a customer
	// twice and at the end they are the report's two numbers.
	EverLost     int
	EverDegraded int
	Requests     RequestCounts
}

// Sim is a running poisoned-customer simulation. It is a value with no
// shared state: several can run side by side. It is not safe for concurrent
// use by several goroutines.
type Sim struct {
	cfg        SimConfig
	assignment *Assignment
	now        time.Duration
	events     eventQueue

	workers       []WorkerState
	customersOf   []int32 // customers of worker w at customersOf[firstOf[w]:firstOf[w+1]]
	firstOf       []int32
	upCount       []int32 // per customer: how many of its workers are up
	statuses      []CustomerStatus
	everLost      []bool
	everDegraded  []bool
	counts        CustomerCounts
	everLostN     int
	everDegradedN int
	sentBy        []uint32 // per customer: requests sent, which picks the worker to try first
	requests      RequestCounts
}

// New builds a simulation from cfg, so the same config and seed give the
// same timeline, bit for bit. The shards come from Assign(cfg.Fleet(),
// seed), the same call the scenario report makes, so a timeline that brings
// every worker of the poisoned customer down at once counts the report's
// customers. When each customer sends its first request is drawn from a
// second source seeded with seed, kept apart so that it cannot move the
// shards; every strategy sees the same request times.
func New(cfg SimConfig, seed uint64) (*Sim, error) {
	if err := cfg.validate(); err != nil {
		return nil, err
	}
	a, err := Assign(cfg.Fleet(), seed)
	if err != nil {
		return nil, err
	}
	rng := rand.New(rand.NewPCG(seed, timelineStream))
	n, customers := a.Workers(), a.Customers()
	sim := &Sim{
		cfg:          cfg,
		assignment:   a,
		workers:      make([]WorkerState, n),
		upCount:      make([]int32, customers),
		statuses:     make([]CustomerStatus, customers),
		everLost:     make([]bool, customers),
		everDegraded: make([]bool, customers),
		sentBy:       make([]uint32, customers),
		counts:       CustomerCounts{Healthy: customers - 1},
	}
	sim.indexCustomersByWorker()
	for c := range customers {
		sim.upCount[c] = int32(a.PerCustomer())
		if c == cfg.Poisoned {
			sim.events.push(event{at: cfg.PoisonFrom, kind: poisonSend, subject: int32(c)})
			continue
		}
		first := time.Duration(rng.Int64N(int64(cfg.RequestEvery)))
		sim.events.push(event{at: first, kind: customerSend, subject: int32(c)})
	}
	return sim, nil
}

// timelineStream is the second word of the PCG seed of the request times; it
// keeps them apart from the shards (assignStream), which use the same seed.
const timelineStream = 0x7469_6d65_6c69_6e65

// indexCustomersByWorker builds, for every worker, the list of customers
// whose shard holds it, in one flat array, so a crash can update exactly the
// customers it touches.
func (sim *Sim) indexCustomersByWorker() {
	a := sim.assignment
	sim.firstOf = make([]int32, a.Workers()+1)
	for _, w := range a.slots {
		sim.firstOf[w+1]++
	}
	for w := range a.Workers() {
		sim.firstOf[w+1] += sim.firstOf[w]
	}
	sim.customersOf = make([]int32, len(a.slots))
	next := append([]int32(nil), sim.firstOf[:a.Workers()]...)
	for c := range a.Customers() {
		for _, w := range a.Shard(c) {
			sim.customersOf[next[w]] = int32(c)
			next[w]++
		}
	}
}

// Assignment is the shards the timeline runs on. Read it; do not change it.
func (sim *Sim) Assignment() *Assignment { return sim.assignment }

// Now is the virtual time the timeline has reached.
func (sim *Sim) Now() time.Duration { return sim.now }

// Advance moves the timeline dt forward; see AdvanceTo.
func (sim *Sim) Advance(dt time.Duration) error {
	if dt < 0 {
		return invalidf("cannot advance by a negative duration, got %v", dt)
	}
	return sim.AdvanceTo(sim.now + dt)
}

// AdvanceTo processes every event up to and including t and moves the clock
// to t. Events run in order of time and, at equal times, in the order they
// were scheduled, so any sequence of steps reaching t gives the same state
// as one step. Time does not run backwards: rewind by keeping snapshots or
// by running again from the start.
func (sim *Sim) AdvanceTo(t time.Duration) error {
	if t < sim.now {
		return invalidf("the timeline is at %v and cannot go back to %v", sim.now, t)
	}
	for sim.events.len() > 0 && sim.events.peek().at <= t {
		ev := sim.events.pop()
		sim.handle(ev)
	}
	sim.now = t
	return nil
}

func (sim *Sim) handle(ev event) {
	switch ev.kind {
	case customerSend:
		sim.customerRequest(int(ev.subject))
		sim.events.push(event{at: ev.at + sim.cfg.RequestEvery, kind: customerSend, subject: ev.subject})
	case poisonSend:
		sim.requests.PoisonSent++
		sim.poisonAttempt(ev.at, 0)
		sim.events.push(event{at: ev.at + sim.cfg.PoisonEvery, kind: poisonSend, subject: ev.subject})
	case poisonRetry:
		sim.poisonAttempt(ev.at, int(ev.attempt))
	case workerRestart:
		w := &sim.workers[ev.subject]
		w.Phase, w.Since, w.Until = WorkerRestarting, ev.at, ev.at+sim.cfg.RestartFor
		sim.events.push(event{at: w.Until, kind: workerBack, subject: ev.subject})
	case workerBack:
		w := &sim.workers[ev.subject]
		w.Phase, w.Since, w.Until = WorkerUp, ev.at, 0
		sim.workerChanged(int(ev.subject), +1)
	}
}

// customerRequest sends one request from customer c: the first worker to
// try takes turns around the shard, and a down worker passes it on.
func (sim *Sim) customerRequest(c int) {
	shard := sim.assignment.Shard(c)
	start := int(sim.sentBy[c] % uint32(len(shard)))
	sim.sentBy[c]++
	sim.requests.Sent++
	for i := range shard {
		w := shard[(start+i)%len(shard)]
		if sim.workers[w].Phase == WorkerUp {
			if i == 0 {
				sim.requests.Served++
			} else {
				sim.requests.ServedOnRetry++
			}
			return
		}
	}
	sim.requests.Failed++
}

// poisonAttempt is try number attempt of the poisoned customer's current
// request: it crashes the next worker of its shard that is up and, while it
// has tries left, retries after RetryAfter.
func (sim *Sim) poisonAttempt(at time.Duration, attempt int) {
	p := sim.cfg.Poisoned
	shard := sim.assignment.Shard(p)
	start := int(sim.sentBy[p] % uint32(len(shard)))
	sim.sentBy[p]++
	for i := range shard {
		w := shard[(start+i)%len(shard)]
		if sim.workers[w].Phase != WorkerUp {
			continue
		}
		state := &sim.workers[w]
		state.Phase, state.Since, state.Until = WorkerCrashed, at, at+sim.cfg.CrashedFor
		state.Crashes++
		sim.requests.Crashes++
		sim.workerChanged(int(w), -1)
		sim.events.push(event{at: state.Until, kind: workerRestart, subject: w})
		if attempt+1 < len(shard) {
			sim.events.push(event{at: at + sim.cfg.RetryAfter, kind: poisonRetry, subject: int32(p), attempt: int32(attempt + 1)})
		}
		return
	}
	// Every worker of its shard is down: this request fails and the
	// poisoned customer waits for its next one.
}

// workerChanged updates the customers of worker w after it went down (delta
// -1) or came back (+1), keeping the status counts current.
func (sim *Sim) workerChanged(w int, delta int32) {
	k := int32(sim.assignment.PerCustomer())
	for _, c32 := range sim.customersOf[sim.firstOf[w]:sim.firstOf[w+1]] {
		c := int(c32)
		sim.upCount[c] += delta
		before, after := sim.statuses[c], statusOf(sim.upCount[c], k)
		sim.statuses[c] = after
		if c == sim.cfg.Poisoned || before == after {
			continue
		}
		sim.counts.add(before, -1)
		sim.counts.add(after, +1)
		switch after {
		case CustomerLost:
			if !sim.everLost[c] {
				sim.everLost[c] = true
				sim.everLostN++
				if sim.everDegraded[c] {
					sim.everDegradedN--
				}
			}
		case CustomerDegraded:
			if !sim.everDegraded[c] {
				sim.everDegraded[c] = true
				if !sim.everLost[c] {
					sim.everDegradedN++
				}
			}
		}
	}
}

func statusOf(up, k int32) CustomerStatus {
	switch {
	case up == k:
		return CustomerHealthy
	case up > 0:
		return CustomerDegraded
	}
	return CustomerLost
}

func (cc *CustomerCounts) add(s CustomerStatus, delta int) {
	switch s {
	case CustomerHealthy:
		cc.Healthy += delta
	case CustomerDegraded:
		cc.Degraded += delta
	case CustomerLost:
		cc.Lost += delta
	}
}

// Snapshot copies the timeline's state at its current time.
func (sim *Sim) Snapshot() Snapshot {
	return Snapshot{
		At:           sim.now,
		Workers:      append([]WorkerState(nil), sim.workers...),
		Statuses:     append([]CustomerStatus(nil), sim.statuses...),
		Poisoned:     sim.cfg.Poisoned,
		Now:          sim.counts,
		EverLost:     sim.everLostN,
		EverDegraded: sim.everDegradedN,
		Requests:     sim.requests,
	}
}
