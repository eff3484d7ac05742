// Package tenants is a bulkhead with a share of slots for each tenant, and
// optionally a shared overflow pool that no one tenant can drain.
package tenants

import "sync"

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
	// TODO: what each tenant holds, and the overflow in use.
}

// New checks the configuration and returns an empty bulkhead.
func New(cfg Config) (*Bulkhead, error) {
	// TODO: refuse bad configurations.
	return &Bulkhead{cfg: cfg}, nil
}

// TryAcquire takes one of the tenant's own slots, or else an overflow
// slot, and returns the function that gives it back.
func (b *Bulkhead) TryAcquire(tenant string) (release func(), ok bool) {
	// TODO
	return func() {}, true
}

// InUse reports the own and overflow slots the tenant holds.
func (b *Bulkhead) InUse(tenant string) (own, shared int) {
	// TODO
	return 0, 0
}

// Rejected reports how many times the tenant was refused.
func (b *Bulkhead) Rejected(tenant string) int {
	// TODO
	return 0
}
