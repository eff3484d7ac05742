package shuffle

import (
	"math/rand/v2"
	"strconv"
)

// HashOptions tunes hash-derived assignment.
type HashOptions struct {
	// Zones, when above 1, splits the fleet into that many equal zones of
	// consecutive workers (zone z holds workers z·n/Zones up to (z+1)·n/Zones-1)
	// and takes an equal share of each customer's k workers from every zone,
	// so losing a whole zone leaves every customer some workers. 0 and 1 both
	// mean no zones.
	Zones int
}

func (o HashOptions) zones() int {
	if o.Zones < 1 {
		return 1
	}
	return o.Zones
}

// CustomerID is the id the built-in scenarios give customer number c. Hash
// assignment needs names, not positions, so that a shard follows a customer
// wherever it appears in a list.
func CustomerID(c int) string { return customerIDPrefix + strconv.Itoa(c) }

// customerIDPrefix starts every id CustomerID gives.
const customerIDPrefix = "customer-"

// AssignHash derives customer i's workers from ids[i] alone: the id is hashed,
// the hash seeds a generator, and the generator picks the workers. Any member
// of the fleet that knows the id, n, k and the zones computes the same shard,
// in any run, whatever order the customers come in.
func AssignHash(n, k int, ids []string, opts HashOptions) (*Assignment, error) {
	h, err := newHashSharder(n, k, opts)
	if err != nil {
		return nil, err
	}
	a, err := newAssignment(StrategyHash, n, k, len(ids))
	if err != nil {
		return nil, err
	}
	a.zones = h.zones
	for c, id := range ids {
		shardOf(h, a.slots[c*k:(c+1)*k], id)
	}
	return a, nil
}

// assignHashNumbered is AssignHash for the ids CustomerID gives customers 0
// to customers-1, the same shards byte for byte. It spells each id into one
// reused buffer instead of building the ids as strings: on the shard view's
// largest fleet those strings were most of what a key press allocated.
func assignHashNumbered(n, k, customers int, opts HashOptions) (*Assignment, error) {
	h, err := newHashSharder(n, k, opts)
	if err != nil {
		return nil, err
	}
	a, err := newAssignment(StrategyHash, n, k, customers)
	if err != nil {
		return nil, err
	}
	a.zones = h.zones
	id := make([]byte, 0, len(customerIDPrefix)+20)
	for c := range customers {
		id = strconv.AppendInt(append(id[:0], customerIDPrefix...), int64(c), 10)
		shardOf(h, a.slots[c*k:(c+1)*k], id)
	}
	return a, nil
}

// HashShard computes one customer's shard on its own, exactly as AssignHash
// would: what a front end would call to route a single request.
func HashShard(n, k int, id string, opts HashOptions) ([]int32, error) {
	h, err := newHashSharder(n, k, opts)
	if err != nil {
		return nil, err
	}
	shard := make([]int32, k)
	shardOf(h, shard, id)
	return shard, nil
}

// hashSharder holds the reusable state of hash assignment: one generator that
// is reseeded per customer, and one sampler over a zone's workers.
type hashSharder struct {
	zones    int
	zoneSize int
	perZone  int
	pcg      *rand.PCG
	rng      *rand.Rand
	sampler  *sampler
}

func newHashSharder(n, k int, opts HashOptions) (*hashSharder, error) {
	zones := opts.zones()
	if err := checkZones(n, k, zones); err != nil {
		return nil, err
	}
	pcg := rand.NewPCG(0, 0)
	return &hashSharder{
		zones:    zones,
		zoneSize: n / zones,
		perZone:  k / zones,
		pcg:      pcg,
		rng:      rand.New(pcg),
		sampler:  newSampler(n / zones),
	}, nil
}

// shardOf fills dst (length k) with the workers for id: perZone distinct
// workers from each zone in turn, all drawn from one generator seeded by the
// id's hash.
func shardOf[ID string | []byte](h *hashSharder, dst []int32, id ID) {
	seed := fnv1a64(id)
	// PCG takes two words of seed; the second is a scrambled copy of the hash
	// so that ids whose hashes differ in few bits still start far apart.
	h.pcg.Seed(seed, mix64(seed))
	for z := range h.zones {
		part := dst[z*h.perZone : (z+1)*h.perZone]
		h.sampler.draw(part, int32(z*h.zoneSize), h.rng)
	}
}

// fnv1a64 is the 64-bit FNV-1a hash of s. It is written out rather than taken
// from hash/fnv because that package hands back an interface value, which
// would cost an allocation per customer.
func fnv1a64[ID string | []byte](s ID) uint64 {
	const (
		offsetBasis = 14695981039346656037
		prime       = 1099511628211
	)
	h := uint64(offsetBasis)
	for i := 0; i < len(s); i++ {
		h ^= uint64(s[i])
		h *= prime
	}
	return h
}

// mix64 is the SplitMix64 finalizer: a bijection that spreads every input
// bit over the whole output.
func mix64(x uint64) uint64 {
	x ^= x >> 30
	x *= 0xbf58476d1ce4e5b9
	x ^= x >> 27
	x *= 0x94d049bb133111eb
	x ^= x >> 31
	return x
}
