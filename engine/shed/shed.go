// Package shed is server-side load shedding as a clock-free policy: a
// server asks it, before putting a new request in its accept queue, whether
// to take the request or refuse it at once (a 503 with Retry-After, say).
//
// What it protects, and from whom: load shedding protects a server from
// all of its callers together. When the queue in front of the workers is so
// long that a new request would wait past any caller's patience, taking it
// only adds work that will be thrown away (the caller has timed out by the
// time a worker starts it) and makes every request behind it later still.
// Refusing early keeps the queue short, so the requests the server does
// take are answered in time. Compare:
//
//   - a bulkhead (package bulkhead) is on the caller's side and protects
//     the caller from one dependency: it caps the caller's workers that may
//     be tied up waiting on that dependency;
//   - a rate limiter (package ratelimit) is usually on the caller's side, or
//     at an API's edge per client, and protects a provider from one caller:
//     it caps how often that caller sends, however healthy the provider is;
//   - load shedding is inside the provider and looks at nothing but the
//     provider's own queue, so it works whoever the callers are and however
//     they are configured.
//
// Shedding by priority: a request carries a Class. Each class has its own
// bound on the queue's wait, higher for more important work, so as the
// queue grows sheddable work (prefetches, batch jobs, retries the caller
// marked as such) is refused first and critical work last.
//
// The queue's wait is judged by one of two signals: the age of the oldest
// request still waiting (exact, and what a server with a timestamped queue
// knows), or an estimate, queue length × service time ÷ workers (for a
// server that only knows its queue's length). The service time may be a
// fixed figure or a moving average of observed ones.
//
// Every method takes `now` as a time.Duration since an origin the caller
// picks (virtual time in the engine, time.Since(start) in real code), uses
// integer arithmetic only and allocates nothing. A Shedder is not safe for
// concurrent use. It imports only the standard library.
package shed

import (
	"fmt"
	"math"
	"time"
)

// Class is a request's priority, most important first.
type Class uint8

// The classes. Their names follow the idea of "criticality" in large RPC
// systems: critical work is what a user is waiting for, sheddable work can
// be dropped and done later.
const (
	Critical Class = iota
	Default
	Sheddable
	// NumClasses is the number of classes.
	NumClasses
)

var classNames = [NumClasses]string{"critical", "default", "sheddable"}

func (c Class) String() string {
	if c < NumClasses {
		return classNames[c]
	}
	return fmt.Sprintf("class(%d)", uint8(c))
}

// ParseClass reads a class name as String writes it.
func ParseClass(name string) (Class, error) {
	for i, n := range classNames {
		if n == name {
			return Class(i), nil
		}
	}
	return 0, fmt.Errorf("unknown request class %q (allowed: critical, default, sheddable)", name)
}

// Signal is how the queue's wait is judged.
type Signal uint8

const (
	// OldestAge judges by how long the oldest waiting request has waited.
	OldestAge Signal = iota
	// Estimated judges by queue length × service time ÷ workers.
	Estimated
)

func (s Signal) String() string {
	switch s {
	case OldestAge:
		return "oldest-age"
	case Estimated:
		return "estimated"
	}
	return fmt.Sprintf("signal(%d)", uint8(s))
}

// Config says when to shed.
type Config struct {
	Signal Signal
	// MaxWait is, per class, the longest queue wait at which a new request
	// of that class is still taken; past it the request is refused. A more
	// important class must have a bound at least as long as a less
	// important one. To shed without priorities, give all three the same.
	MaxWait [NumClasses]time.Duration
	// ServiceTime is the time a worker spends on one request, the start of
	// the estimate (Estimated only). Observe moves it towards what is seen.
	ServiceTime time.Duration
	// Workers is the number of workers taking from the queue (Estimated
	// only).
	Workers int
}

// Validate says what is wrong with the configuration.
func (c Config) Validate() error {
	if c.Signal > Estimated {
		return fmt.Errorf("shedding signal %d is unknown (allowed: oldest-age, estimated)", uint8(c.Signal))
	}
	for i, w := range c.MaxWait {
		if w <= 0 {
			return fmt.Errorf("shedding bound for %s requests is %v; it must be longer than zero", Class(i), w)
		}
		if i > 0 && w > c.MaxWait[i-1] {
			return fmt.Errorf("shedding bound for %s requests (%v) is longer than for %s requests (%v); less important work must be shed first",
				Class(i), w, Class(i-1), c.MaxWait[i-1])
		}
	}
	if c.Signal == Estimated {
		if c.ServiceTime <= 0 {
			return fmt.Errorf("shedding by estimated wait needs a service time longer than zero, got %v", c.ServiceTime)
		}
		if c.Workers < 1 {
			return fmt.Errorf("shedding by estimated wait needs at least 1 worker, got %d", c.Workers)
		}
	}
	return nil
}

// Queue is what the server knows about its accept queue when a request
// arrives.
type Queue struct {
	Len    int           // requests waiting (not those being served)
	Oldest time.Duration // when the oldest waiting request arrived (ignored when Len is 0)
}

// ClassStats counts one class's decisions.
type ClassStats struct {
	Admitted uint64
	Shed     uint64
}

// Shedder decides, request by request.
type Shedder struct {
	cfg     Config
	service time.Duration // the current service-time estimate
	stats   [NumClasses]ClassStats
	// What the bounds have decided, per class: the longest wait a request
	// was admitted at (0 when none: a bound is longer than zero, so 0 is
	// within every one) and the shortest it was shed at (0 when none: a
	// shed wait is past a bound, so never 0). DecidedAlike reads them.
	admittedMax, shedMin [NumClasses]time.Duration
}

// New returns a shedder.
func New(cfg Config) (*Shedder, error) {
	if err := cfg.Validate(); err != nil {
		return nil, err
	}
	return &Shedder{cfg: cfg, service: cfg.ServiceTime}, nil
}

// Config returns the configuration.
func (s *Shedder) Config() Config { return s.cfg }

// Wait returns the queue's wait at now by the configured signal.
func (s *Shedder) Wait(now time.Duration, q Queue) time.Duration {
	if q.Len <= 0 {
		return 0
	}
	if s.cfg.Signal == Estimated {
		if s.service > 0 && int64(q.Len) > math.MaxInt64/int64(s.service) {
			return math.MaxInt64 // longer than any bound
		}
		return time.Duration(q.Len) * s.service / time.Duration(s.cfg.Workers)
	}
	return max(now-q.Oldest, 0)
}

// Admit decides whether a new request of class c is taken at now. A class
// outside the known ones is treated as sheddable: unknown work is the
// first to go.
func (s *Shedder) Admit(now time.Duration, q Queue, c Class) bool {
	return s.AdmitWait(s.Wait(now, q), c)
}

// AdmitWait is Admit for a caller that has judged the queue's wait w
// itself, as Wait(now, q) would: under OldestAge, max(now-q.Oldest, 0) for
// a queue of one or more. A server asks on nearly every arrival while
// busy; this is small enough to inline, where Admit's own steps are a call
// away.
func (s *Shedder) AdmitWait(w time.Duration, c Class) bool {
	if c >= NumClasses {
		c = Sheddable
	}
	if w > s.cfg.MaxWait[c] {
		s.shed(w, c)
		return false
	}
	s.stats[c].Admitted++
	s.admittedMax[c] = max(s.admittedMax[c], w)
	return true
}

// shed counts a request of class c shed at wait w.
func (s *Shedder) shed(w time.Duration, c Class) {
	s.stats[c].Shed++
	if m := s.shedMin[c]; m == 0 || w < m {
		s.shedMin[c] = w
	}
}

// DecidedAlike reports whether bounds (a Config's MaxWait) would have
// taken every decision s has taken so far: each class's admitted waits are
// within its bound there, and its shed waits past it. A shedder that goes
// on with them (Reconfigure) is then the one that had them from the
// start, provided the waits it judged would have been the same: the same
// signal, and for Estimated the same service time and workers.
func (s *Shedder) DecidedAlike(bounds [NumClasses]time.Duration) bool {
	for c, b := range bounds {
		if s.admittedMax[c] > b || (s.shedMin[c] != 0 && s.shedMin[c] <= b) {
			return false
		}
	}
	return true
}

// Observe feeds a measured service time into the estimate, as a moving
// average giving the new sample a weight of 1/8 (the weight TCP gives a new
// round-trip sample, RFC 6298). Only the Estimated signal uses it.
func (s *Shedder) Observe(service time.Duration) {
	if service < 0 {
		return
	}
	s.service += (service - s.service) / 8
}

// ServiceTime returns the current service-time estimate.
func (s *Shedder) ServiceTime() time.Duration { return s.service }

// Stats returns the counts of one class.
func (s *Shedder) Stats(c Class) ClassStats {
	if c >= NumClasses {
		return ClassStats{}
	}
	return s.stats[c]
}

// Reconfigure gives s another configuration and keeps its state (the
// service-time estimate, the counts and what the bounds decided), for a
// copy of a run that goes on with other bounds: the copy is exact only
// while the new bounds would have decided as the old ones did
// (DecidedAlike), which the caller checks.
func (s *Shedder) Reconfigure(cfg Config) error {
	if err := cfg.Validate(); err != nil {
		return err
	}
	s.cfg = cfg
	return nil
}
