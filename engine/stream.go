package engine

import (
	"math/bits"
	"math/rand/v2"
	"sync"
)

// stream is one seeded random stream: the same generator as math/rand/v2's
// PCG (a 128-bit linear congruential state with the DXSM output function,
// /usr/local/go/src/math/rand/v2/pcg.go), so that a run draws exactly the
// numbers it drew through rand.New(rand.NewPCG(seed1, seed2)). The engine
// draws three numbers per request; through rand.Rand each is an interface
// call and a call that cannot be inlined, which cost about as much as the
// arithmetic itself. Here the common draws are inlined, and the rare ones
// (the ziggurat's slow path, normal draws) go through a rand.Rand that
// reads this same stream, so both see one sequence.
type stream struct {
	hi, lo uint64
	std    *rand.Rand // this stream through math/rand/v2, for the rare draws
	// held is a number already drawn that the next read through std
	// returns first (exp hands its draw over to std this way).
	held     uint64
	haveHeld bool
}

// The published PCG constants: the 128-bit multiplier and increment, and
// the 64-bit multiplier of the DXSM output step.
const (
	pcgMulHi   = 0x2360ed051fc65da4
	pcgMulLo   = 0x4385df649fccf645
	pcgIncHi   = 0x5851f42d4c957f2d
	pcgIncLo   = 0x14057b7ef767814f
	pcgCheapMu = 0xda942042e4dd58b5
)

func newStream(seed1, seed2 uint64) *stream {
	expOnce.Do(func() { expK, expW = expTables(); normK, normW = normTables() })
	s := &stream{hi: seed1, lo: seed2}
	s.std = rand.New(s)
	return s
}

// next advances the state and returns the next 64 random bits. (It is
// pcgStep on the stream's state, written out: through pcgStep it would be
// too large for Go to inline, and the run draws with it per request.)
func (s *stream) next() uint64 {
	hi, lo := bits.Mul64(s.lo, pcgMulLo)
	hi += s.hi*pcgMulLo + s.lo*pcgMulHi
	lo, c := bits.Add64(lo, pcgIncLo, 0)
	hi, _ = bits.Add64(hi, pcgIncHi, c)
	s.lo, s.hi = lo, hi
	hi ^= hi >> 32
	hi *= pcgCheapMu
	hi ^= hi >> 48
	return hi * (lo | 1)
}

// pcgStep is next on a state held in (hi, lo): the state after and the
// bits drawn. A loop that draws many numbers from one stream
// (drawEndpoint) keeps the state in locals with it, in registers, instead
// of loading and storing the stream's each time.
func pcgStep(shi, slo uint64) (nhi, nlo, u uint64) {
	hi, lo := bits.Mul64(slo, pcgMulLo)
	hi += shi*pcgMulLo + slo*pcgMulHi
	lo, c := bits.Add64(lo, pcgIncLo, 0)
	hi, _ = bits.Add64(hi, pcgIncHi, c)
	nhi, nlo = hi, lo
	hi ^= hi >> 32
	hi *= pcgCheapMu
	hi ^= hi >> 48
	return nhi, nlo, hi * (lo | 1)
}

// Uint64 makes the stream a rand.Source, for std.
func (s *stream) Uint64() uint64 {
	if s.haveHeld {
		s.haveHeld = false
		return s.held
	}
	return s.next()
}

// float64 is rand.Rand.Float64: 53 random bits as a fraction of one.
func (s *stream) float64() float64 {
	return float64(s.next()<<11>>11) / (1 << 53)
}

// exp is rand.Rand.ExpFloat64. That is a ziggurat (Marsaglia and Tsang):
// a draw's low 32 bits j and next 8 bits i give j*w[i] at once when j is
// below k[i], about 98% of the time; otherwise it draws more. The common
// case is done here with k and w read from math/rand/v2 itself (expTables);
// the rest is handed to std, with the draw already made held for it, so the
// sequence and the values are the library's.
func (s *stream) exp() float64 {
	u := s.next()
	if x, ok := expFast(u); ok {
		return x
	}
	return s.expSlow(u)
}

// expFast is exp's common case for the draw u: ok is false when u needs
// the slow case (expSlow). exp itself is too large for Go to inline, so
// the loops that draw most (traffic.go, Run.arrive) write it out as
//
//	u := s.next()
//	x, ok := expFast(u)
//	if !ok {
//		x = s.expSlow(u)
//	}
//
// which saves a call per draw.
func expFast(u uint64) (float64, bool) {
	j, i := uint32(u), uint8(u>>32)
	return float64(j) * expW[i], j < expK[i]
}

// expSlow is exp for a draw u that expFast could not finish: std redraws
// from u on, as the library would.
func (s *stream) expSlow(u uint64) float64 {
	s.held, s.haveHeld = u, true
	return s.std.ExpFloat64()
}

// norm is rand.Rand.NormFloat64 on this stream. That is a ziggurat too:
// a draw's low 32 bits, read as a signed j, and the 7 bits above them, i,
// give j*w[i] at once when |j| is below k[i], over 99% of the time. The
// common case is done here, as exp's is, with the tables read from
// math/rand/v2 (normTables); the rest is handed to std with the draw held
// for it. A log-normal latency draws one per call, and std's route (an
// interface call to Uint64, a call that is not inlined) cost more than
// the arithmetic.
func (s *stream) norm() float64 {
	u := s.next()
	if x, ok := normFast(u); ok {
		return x
	}
	s.held, s.haveHeld = u, true
	return s.std.NormFloat64()
}

// normFast is norm's common case for the draw u, as expFast is exp's: ok
// is false when the library would draw more.
func normFast(u uint64) (float64, bool) {
	j, i := int32(u), (u>>32)&0x7f
	// |j| as the library takes it, uint32(-j): j = MinInt32 gives 2^31,
	// above every k, and goes the slow way as it does there.
	a := uint32(j)
	if j < 0 {
		a = uint32(-j)
	}
	return float64(j) * normW[i], a < normK[i]
}

// expK and expW are math/rand/v2's ExpFloat64 tables for its fast case:
// a draw with index i and low bits j < expK[i] gives float64(j)*expW[i].
// They are read (about a millisecond) when the first stream is made, not
// when the program starts: most commands never run the engine.
var (
	expOnce    sync.Once
	expK, expW = [256]uint32{}, [256]float64{}
	// normK and normW are NormFloat64's: a draw with index i and low
	// bits j (signed) with |j| < normK[i] gives float64(j)*normW[i].
	normK, normW = [128]uint32{}, [128]float64{}
)

// probe is a rand.Source that returns first, then zeros, counting reads.
type probe struct {
	first uint64
	reads int
}

func (p *probe) Uint64() uint64 {
	p.reads++
	if p.reads == 1 {
		return p.first
	}
	return 0
}

// expTables reads the fast case's tables out of math/rand/v2 by asking it:
// the fast case is the one that reads a single number, and j < k[i] holds
// for every j below the threshold and none above, so a binary search over
// j finds k[i]; j = 1 below it returns w[i] itself. (After the first
// number the probe returns zeros, which end any slow case at once.)
func expTables() (k [256]uint32, w [256]float64) {
	p := &probe{}
	r := rand.New(p)
	fast := func(i uint8, j uint32) (float64, bool) {
		p.first, p.reads = uint64(i)<<32|uint64(j), 0
		x := r.ExpFloat64()
		return x, p.reads == 1
	}
	for i := range 256 {
		lo, hi := uint64(0), uint64(1)<<32 // the first slow j is in [lo, hi]
		for lo < hi {
			mid := (lo + hi) / 2
			if _, ok := fast(uint8(i), uint32(mid)); ok {
				lo = mid + 1
			} else {
				hi = mid
			}
		}
		k[i] = uint32(min(lo, 1<<32-1))
		if lo > 1 {
			w[i], _ = fast(uint8(i), 1)
		}
	}
	return k, w
}

// normTables reads NormFloat64's fast case's tables out of math/rand/v2 as
// expTables reads ExpFloat64's: for j >= 0 the fast case holds exactly
// when j < k[i], so a binary search over j finds k[i], and j = 1 gives
// w[i]. (The probe's zeros end any slow case: a strip's test either
// returns or draws again, and a zero draw is a fast case of strip 0; the
// base strip's tail loop stops at once on log(0).)
func normTables() (k [128]uint32, w [128]float64) {
	p := &probe{}
	r := rand.New(p)
	fast := func(i uint64, j uint32) (float64, bool) {
		p.first, p.reads = i<<32|uint64(j), 0
		x := r.NormFloat64()
		return x, p.reads == 1
	}
	for i := range uint64(128) {
		lo, hi := uint64(0), uint64(1)<<31 // the first slow j is in [lo, hi]
		for lo < hi {
			mid := (lo + hi) / 2
			if _, ok := fast(i, uint32(mid)); ok {
				lo = mid + 1
			} else {
				hi = mid
			}
		}
		k[i] = uint32(lo)
		if lo > 1 {
			w[i], _ = fast(i, 1)
		}
	}
	return k, w
}
