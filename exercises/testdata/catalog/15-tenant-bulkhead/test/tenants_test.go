package tenants

import (
	"fmt"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
)

func mustNew(t *testing.T, cfg Config) *Bulkhead {
	t.Helper()
	b, err := New(cfg)
	if err != nil {
		t.Fatalf("New(%s) failed: %s", showConfig(cfg), said(err))
	}
	if b == nil {
		t.Fatalf("New(%s) returned no bulkhead and no error", showConfig(cfg))
	}
	return b
}

// take acquires n slots for tenant and returns their releases; it fails
// the test if one is refused.
func take(t *testing.T, b *Bulkhead, tenant string, n int) []func() {
	t.Helper()
	var out []func()
	for i := range n {
		rel, ok := b.TryAcquire(tenant)
		if !ok || rel == nil {
			t.Fatalf("slot %d of %q was refused (in use: %v)", i+1, tenant, fmtUse(b, tenant))
		}
		out = append(out, rel)
	}
	return out
}

// showConfig writes cfg as the test wrote it, the fields set and no
// others: Config{Caps: map[string]int{"a": 2}, Shared: 1}. %+v printed
// every field and the map in Go's own way, "{Caps:map[] Default:-1
// Shared:0 SharedPerTenant:0}", which is not how a learner reads or
// writes a configuration.
func showConfig(cfg Config) string {
	var fields []string
	if cfg.Caps != nil {
		names := make([]string, 0, len(cfg.Caps))
		for name := range cfg.Caps {
			names = append(names, name)
		}
		sort.Strings(names)
		caps := make([]string, len(names))
		for i, name := range names {
			caps[i] = fmt.Sprintf("%q: %d", name, cfg.Caps[name])
		}
		fields = append(fields, "Caps: map[string]int{"+strings.Join(caps, ", ")+"}")
	}
	for _, f := range []struct {
		name string
		v    int
	}{{"Default", cfg.Default}, {"Shared", cfg.Shared}, {"SharedPerTenant", cfg.SharedPerTenant}} {
		if f.v != 0 {
			fields = append(fields, fmt.Sprintf("%s: %d", f.name, f.v))
		}
	}
	return "Config{" + strings.Join(fields, ", ") + "}"
}

func fmtUse(b *Bulkhead, tenant string) string {
	own, shared := b.InUse(tenant)
	return fmt.Sprintf("own %d, overflow %d", own, shared)
}

// A noisy tenant fills its own slots and is refused; the others are not
// touched.
func TestEachTenantHasItsOwnSlots(t *testing.T) {
	b := mustNew(t, Config{Caps: map[string]int{"noisy": 2, "quiet": 3}})
	take(t, b, "noisy", 2)
	for range 5 {
		if _, ok := b.TryAcquire("noisy"); ok {
			t.Fatal("noisy got a third slot of its 2")
		}
	}
	take(t, b, "quiet", 3)
	if _, ok := b.TryAcquire("quiet"); ok {
		t.Fatal("quiet got a fourth slot of its 3")
	}
	if got := b.Rejected("noisy"); got != 5 {
		t.Fatalf("Rejected(noisy) = %d, want 5", got)
	}
	if got := b.Rejected("quiet"); got != 1 {
		t.Fatalf("Rejected(quiet) = %d, want 1", got)
	}
}

func TestUnknownTenantsEachGetDefault(t *testing.T) {
	b := mustNew(t, Config{Caps: map[string]int{"big": 5}, Default: 1})
	take(t, b, "x", 1)
	take(t, b, "y", 1)
	if _, ok := b.TryAcquire("x"); ok {
		t.Fatal("x got a second slot with Default 1")
	}
	b2 := mustNew(t, Config{Caps: map[string]int{"big": 5}})
	if _, ok := b2.TryAcquire("stranger"); ok {
		t.Fatal("an unknown tenant got a slot with Default 0 and no overflow")
	}
}

// A tenant named with 0 slots has none of its own, whatever Default says:
// it may only borrow from the overflow.
func TestNamedWithZeroSlotsHasNone(t *testing.T) {
	b := mustNew(t, Config{Caps: map[string]int{"banned": 0}, Default: 2, Shared: 1})
	take(t, b, "banned", 1)
	if own, shared := b.InUse("banned"); own != 0 || shared != 1 {
		t.Fatalf("banned (named with 0 slots) holds own %d overflow %d; want 0 and 1: Default is for tenants not named", own, shared)
	}
	if _, ok := b.TryAcquire("banned"); ok {
		t.Fatalf("banned got a second slot (%s): 0 own and the one overflow slot taken", fmtUse(b, "banned"))
	}
	take(t, b, "other", 2)
}

// A bulkhead of overflow slots alone is a valid one: every tenant borrows.
func TestOverflowOnly(t *testing.T) {
	b := mustNew(t, Config{Shared: 2, SharedPerTenant: 1})
	take(t, b, "a", 1)
	if own, shared := b.InUse("a"); own != 0 || shared != 1 {
		t.Fatalf("a holds own %d overflow %d; want 0 and 1", own, shared)
	}
	if _, ok := b.TryAcquire("a"); ok {
		t.Fatal("a got a second overflow slot with SharedPerTenant 1")
	}
	take(t, b, "b", 1)
	if _, ok := b.TryAcquire("c"); ok {
		t.Fatal("c got a slot: both overflow slots are held")
	}
}

func TestOverflowOnlyAfterOwnSlots(t *testing.T) {
	b := mustNew(t, Config{Caps: map[string]int{"a": 2, "b": 1}, Shared: 2})
	take(t, b, "a", 1)
	if own, shared := b.InUse("a"); own != 1 || shared != 0 {
		t.Fatalf("after one slot, a holds own %d overflow %d; want own slots used first", own, shared)
	}
	take(t, b, "a", 3)
	if own, shared := b.InUse("a"); own != 2 || shared != 2 {
		t.Fatalf("after four slots, a holds own %d overflow %d; want 2 and 2", own, shared)
	}
	if got := b.Rejected("a"); got != 0 {
		t.Fatalf("Rejected(a) = %d after four slots granted; want 0: borrowing an overflow slot is not a rejection", got)
	}
	if _, ok := b.TryAcquire("a"); ok {
		t.Fatal("a got a fifth slot: 2 own + 2 overflow is all there is")
	}
	if got := b.Rejected("a"); got != 1 {
		t.Fatalf("Rejected(a) = %d after one refusal, want 1", got)
	}
	take(t, b, "b", 1) // its own slot is still there
	if _, ok := b.TryAcquire("b"); ok {
		t.Fatal("b got an overflow slot while a held the whole overflow")
	}
}

func TestSharedPerTenantCap(t *testing.T) {
	b := mustNew(t, Config{Default: 1, Shared: 4, SharedPerTenant: 1})
	take(t, b, "a", 2)
	if _, ok := b.TryAcquire("a"); ok {
		t.Fatal("a holds 2 overflow slots with SharedPerTenant 1")
	}
	take(t, b, "b", 2)
	take(t, b, "c", 2)
	if own, shared := b.InUse("c"); own != 1 || shared != 1 {
		t.Fatalf("c holds own %d overflow %d, want 1 and 1", own, shared)
	}
}

// A slot goes back to the pool it came from: releasing a's overflow slot
// frees the overflow for b, not a's own slot, and releasing an own slot
// frees that, not the overflow slot a still holds.
func TestReleaseToTheRightPool(t *testing.T) {
	b := mustNew(t, Config{Caps: map[string]int{"a": 2, "b": 0}, Shared: 1})
	rel := take(t, b, "a", 3)
	rel[2]() // the overflow slot
	if own, shared := b.InUse("a"); own != 2 || shared != 0 {
		t.Fatalf("after giving back its overflow slot a holds own %d overflow %d; want 2 and 0", own, shared)
	}
	take(t, b, "b", 1)
	rel[0]() // an own slot
	if own, shared := b.InUse("a"); own != 1 || shared != 0 {
		t.Fatalf("after giving back an own slot a holds own %d overflow %d; want 1 and 0", own, shared)
	}

	// The other way round: an own slot given back while the overflow slot
	// is still held frees the own slot. Giving back the overflow slot
	// instead, the one a's call still uses, would let b borrow it too.
	b = mustNew(t, Config{Caps: map[string]int{"a": 2, "b": 0}, Shared: 1})
	rel = take(t, b, "a", 3)
	rel[0]() // an own slot
	if own, shared := b.InUse("a"); own != 1 || shared != 1 {
		t.Fatalf("after giving back an own slot while holding an overflow slot, a holds own %d overflow %d; want 1 and 1: each slot goes back to the pool it came from, whatever else the tenant holds", own, shared)
	}
	if _, ok := b.TryAcquire("b"); ok {
		t.Fatal("b borrowed the overflow slot that a still holds")
	}
}

func TestDoubleReleaseDoesNothing(t *testing.T) {
	b := mustNew(t, Config{Caps: map[string]int{"a": 2}, Shared: 1})
	rel := take(t, b, "a", 3)
	rel[0]()
	rel[0]()
	rel[2]()
	rel[2]()
	if own, shared := b.InUse("a"); own != 1 || shared != 0 {
		t.Fatalf("after releasing two slots twice each, a holds own %d overflow %d; want 1 and 0", own, shared)
	}
	take(t, b, "a", 2)
	if _, ok := b.TryAcquire("a"); ok {
		t.Fatal("a double release made room for a slot that is not there")
	}
}

// InUse and Rejected only look, but they look at counts that TryAcquire
// and the releases change under the mutex: reading them without taking it
// too is a data race, which the race detector reports (the tests run with
// -race) even when every number read is right. The detector reports a read
// and a change that nothing orders, whichever came first, so each round
// reads in one goroutine and changes in another with nothing between them
// but the bulkhead: an unlocked read is caught every time, however the
// goroutines are scheduled. A reader does nothing after its one read, as a
// lock and unlock of the mutex there would order the read before the next
// change and hide it.
func TestInUseAndRejectedReadUnderTheLock(t *testing.T) {
	b := mustNew(t, Config{Caps: map[string]int{"a": 1}})
	take(t, b, "a", 1)[0]() // so that the rounds change a's counts, not add a to the map
	const rounds = 20
	for round := range rounds {
		start := make(chan struct{})
		var own, shared, rejected int
		var took bool
		var wg sync.WaitGroup
		wg.Add(3)
		go func() {
			defer wg.Done()
			<-start
			own, shared = b.InUse("a")
		}()
		go func() {
			defer wg.Done()
			<-start
			rejected = b.Rejected("a")
		}()
		go func() {
			defer wg.Done()
			<-start
			var rel func()
			if rel, took = b.TryAcquire("a"); !took {
				return
			}
			b.TryAcquire("a") // refused: a has 1 slot
			rel()
		}()
		close(start) // all three start together, so that they also overlap in time
		wg.Wait()
		if !took {
			t.Fatalf("round %d of %d: a was refused its 1 slot, given back in the round before (in use: %s)", round+1, rounds, fmtUse(b, "a"))
		}
		if own < 0 || own > 1 || shared != 0 || rejected < round || rejected > round+1 {
			// The rounds after a wrong one would go wrong the same way:
			// one message says it, where a message a round buried it.
			t.Fatalf("round %d of %d: InUse(a) = own %d, overflow %d and Rejected(a) = %d while a took its 1 slot, was refused a second and gave the first back; want own 0 or 1, overflow 0 and %d or %d refusals (the test stops at this first wrong round)",
				round+1, rounds, own, shared, rejected, round, round+1)
		}
	}
	if t.Failed() {
		// Only the race detector fails the test here: say what its
		// report means.
		t.Error("a tenant's counts were read by one goroutine while another changed them, with no lock ordering the two: InUse and Rejected must hold the mutex to read them, as TryAcquire and the release hold it to change them")
	}
	if got := b.Rejected("a"); got != rounds {
		t.Errorf("Rejected(a) = %d after %d refusals, want %d", got, rounds, rounds)
	}
}

// Two tenants' callers take and give back slots from 16 goroutines, while
// two more read the counts all along: neither tenant ever holds more than
// its own slots and its overflow cap, every slot comes back, and reading
// the counts while slots come and go is safe (the race detector checks
// that).
func TestConcurrentTenantsNeverExceedTheirSlots(t *testing.T) {
	b := mustNew(t, Config{Caps: map[string]int{"a": 3, "b": 2}, Shared: 2, SharedPerTenant: 2})
	names, own := [2]string{"a", "b"}, [2]int{3, 2}
	// Each tenant has taken a slot before the readers start, so that the
	// map of tenants no longer changes: an InUse that reads it without the
	// lock is then a data race the race detector reports, not a "concurrent
	// map read and map write" that stops the whole test process.
	for _, name := range names {
		take(t, b, name, 1)[0]()
	}
	stop := make(chan struct{})
	var readers, reading sync.WaitGroup
	for _, read := range []func(){
		func() {
			for i, name := range names {
				if mine, shared := b.InUse(name); mine < 0 || mine > own[i] || shared < 0 || shared > 2 {
					t.Errorf("InUse(%q) = own %d, overflow %d while slots come and go; want at most %d and 2", name, mine, shared, own[i])
				}
			}
		},
		func() {
			for _, name := range names {
				if r := b.Rejected(name); r < 0 {
					t.Errorf("Rejected(%q) = %d", name, r)
				}
			}
		},
	} {
		reading.Add(1)
		readers.Add(1)
		go func() {
			defer readers.Done()
			for n := 0; ; n++ {
				read()
				if n == 0 {
					reading.Done() // the callers start once every reader reads
				}
				select {
				case <-stop:
					return
				default:
				}
			}
		}()
	}
	defer readers.Wait()
	defer close(stop)
	reading.Wait()
	var inside [2]atomic.Int32
	var most [2]atomic.Int32
	var wg sync.WaitGroup
	for g := range 16 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			i := g % 2
			name := names[i]
			for range 200 {
				rel, ok := b.TryAcquire(name)
				if !ok {
					continue
				}
				n := inside[i].Add(1)
				for {
					m := most[i].Load()
					if n <= m || most[i].CompareAndSwap(m, n) {
						break
					}
				}
				inside[i].Add(-1)
				rel()
			}
		}()
	}
	wg.Wait()
	if most[0].Load() > 5 || most[1].Load() > 4 {
		t.Fatalf("at most %d of a (3 own + 2 overflow) and %d of b (2 + 2) inside at once", most[0].Load(), most[1].Load())
	}
	for _, name := range []string{"a", "b"} {
		if own, shared := b.InUse(name); own != 0 || shared != 0 {
			t.Fatalf("%s holds own %d overflow %d after every slot was released", name, own, shared)
		}
	}
}

func TestBadConfig(t *testing.T) {
	for _, c := range []struct {
		cfg  Config
		want string
	}{
		{Config{Default: -1}, "Default"},
		{Config{Default: 1, Shared: -1}, "Shared"},
		{Config{Default: 1, SharedPerTenant: -1}, "SharedPerTenant"},
		{Config{Caps: map[string]int{"a": -2}}, `"a"`},
		{Config{Caps: map[string]int{"": 2}}, "empty name"},
		{Config{}, "no slots"},
		{Config{Caps: map[string]int{"a": 0}}, "no slots"},
	} {
		switch _, err := New(c.cfg); {
		case err == nil:
			t.Errorf("New(%s) returned no error; want one mentioning %s", showConfig(c.cfg), c.want)
		case !strings.Contains(err.Error(), c.want):
			t.Errorf("New(%s) failed with %s; want an error mentioning %s", showConfig(c.cfg), said(err), c.want)
		}
	}
}

// said is what a call returned, in words: "no error", or the error's text
// in quotes.
func said(err error) string {
	if err == nil {
		return "no error"
	}
	return fmt.Sprintf("%q", err.Error())
}
