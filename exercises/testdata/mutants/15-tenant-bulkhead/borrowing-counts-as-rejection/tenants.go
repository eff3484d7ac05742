// Mutant: a tenant whose own slots are full is counted as rejected before it
// tries the overflow, so borrowing an overflow slot counts as a rejection.

// Package tenants is a bulkhead with a share of slots for each tenant, and
// optionally a shared overflow pool that no one tenant can drain.
package tenants

import (
	"errors"
	"fmt"
	"sync"
)

// Config sizes the bulkhead.
type Config struct {
	Caps            map[string]int // own slots of named tenants
	Default         int            // own slots of any other tenant, each separately
	Shared          int            // overflow slots for tenants whose own are full
	SharedPerTenant int            // most overflow slots one tenant holds at once (0: no cap)
}

// Bulkhead is safe for use by many goroutines.
type Bulkhead struct {
	cfg Config
	mu  sync.Mutex

	tenants    map[string]*usage
	sharedUsed int
}

type usage struct {
	own, shared, rejected int
}

// New checks the configuration and returns an empty bulkhead.
func New(cfg Config) (*Bulkhead, error) {
	switch {
	case cfg.Default < 0:
		return nil, fmt.Errorf("Default is %d; it must be zero or more", cfg.Default)
	case cfg.Shared < 0:
		return nil, fmt.Errorf("Shared is %d; it must be zero or more", cfg.Shared)
	case cfg.SharedPerTenant < 0:
		return nil, fmt.Errorf("SharedPerTenant is %d; it must be zero (no cap) or more", cfg.SharedPerTenant)
	}
	total := cfg.Default + cfg.Shared
	for name, n := range cfg.Caps {
		if name == "" {
			return nil, errors.New("a tenant in Caps has an empty name")
		}
		if n < 0 {
			return nil, fmt.Errorf("tenant %q has %d slots; it must be zero or more", name, n)
		}
		total += n
	}
	if total == 0 {
		return nil, errors.New("no slots at all: give Caps, Default or Shared a size")
	}
	return &Bulkhead{cfg: cfg, tenants: map[string]*usage{}}, nil
}

func (b *Bulkhead) ownCap(tenant string) int {
	if n, ok := b.cfg.Caps[tenant]; ok {
		return n
	}
	return b.cfg.Default
}

func (b *Bulkhead) usage(tenant string) *usage {
	u := b.tenants[tenant]
	if u == nil {
		u = &usage{}
		b.tenants[tenant] = u
	}
	return u
}

// TryAcquire takes one of the tenant's own slots, or else an overflow
// slot, and returns the function that gives it back.
func (b *Bulkhead) TryAcquire(tenant string) (release func(), ok bool) {
	b.mu.Lock()
	defer b.mu.Unlock()
	u := b.usage(tenant)
	var fromShared bool
	if u.own < b.ownCap(tenant) {
		u.own++
	} else {
		u.rejected++ // the tenant's own slots are full
		if b.sharedUsed >= b.cfg.Shared || (b.cfg.SharedPerTenant > 0 && u.shared >= b.cfg.SharedPerTenant) {
			return nil, false
		}
		u.shared++
		b.sharedUsed++
		fromShared = true
	}
	done := false
	return func() {
		b.mu.Lock()
		defer b.mu.Unlock()
		if done {
			return
		}
		done = true
		if fromShared {
			u.shared--
			b.sharedUsed--
		} else {
			u.own--
		}
	}, true
}

// InUse reports the own and overflow slots the tenant holds.
func (b *Bulkhead) InUse(tenant string) (own, shared int) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if u := b.tenants[tenant]; u != nil {
		return u.own, u.shared
	}
	return 0, 0
}

// Rejected reports how many times the tenant was refused.
func (b *Bulkhead) Rejected(tenant string) int {
	b.mu.Lock()
	defer b.mu.Unlock()
	if u := b.tenants[tenant]; u != nil {
		return u.rejected
	}
	return 0
}
