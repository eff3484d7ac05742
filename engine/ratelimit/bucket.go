package ratelimit

import (
	"fmt"
	"time"
)

// BucketConfig sizes a token bucket: Rate tokens are added every Per, the
// bucket holds at most Burst, and a call finding it empty may take a token
// that has not arrived yet if it would arrive within MaxWait (zero: refuse
// at once).
type BucketConfig struct {
	Rate    int           // tokens added every Per
	Per     time.Duration // the span Rate is counted over, e.g. time.Second
	Burst   int           // the most tokens the bucket holds; it starts full
	MaxWait time.Duration // the longest a call may wait for a token
}

// limit keeps products of the configuration below the int64 range, so the
// integer arithmetic below can never overflow.
const limit = 1 << 62

// Validate says what is wrong with the configuration, naming the field and
// what is allowed.
func (c BucketConfig) Validate() error {
	switch {
	case c.Rate < 1:
		return fmt.Errorf("token bucket rate is %d; it must be at least 1 token per period", c.Rate)
	case c.Per <= 0:
		return fmt.Errorf("token bucket period is %v; it must be longer than zero", c.Per)
	case c.Burst < 1:
		return fmt.Errorf("token bucket burst is %d; it must be at least 1 (the bucket must hold one token)", c.Burst)
	case c.MaxWait < 0:
		return fmt.Errorf("token bucket max wait is %v; it must be zero (no wait) or more", c.MaxWait)
	case int64(c.Burst) > limit/int64(c.Per):
		return fmt.Errorf("token bucket burst %d over %v is too large to count in nanoseconds (burst × period must stay under 2^62 ns)", c.Burst, c.Per)
	case int64(c.Rate) > limit/int64(c.Per) || (c.MaxWait > 0 && int64(c.Rate) > limit/int64(c.MaxWait)):
		return fmt.Errorf("token bucket rate %d per %v with max wait %v is too large to count in nanoseconds", c.Rate, c.Per, c.MaxWait)
	}
	return nil
}

// Bucket is a token bucket. Tokens are counted in units of 1/Per of a
// token, so that each nanosecond adds exactly Rate units and a refill is
// exact however time is sliced: no float rounding, no drift between a run
// stepped in 1 ms frames and one run to the end.
//
// A call that waits takes its token at once, leaving the bucket in debt;
// the debt is repaid by time, so the next caller waits behind it. That makes
// waits first come, first served, and means a granted permit is usable at
// now+wait, never earlier.
type Bucket struct {
	cfg   BucketConfig
	level int64         // units held; negative while waiting calls owe tokens
	full  int64         // Burst × Per
	last  time.Duration // the time level is counted up to
	stats Stats
	debt  int64 // the most units below full the level has been (fork.go)
}

// Stats counts what a limiter decided.
type Stats struct {
	Immediate uint64 // permits granted with no wait
	Waited    uint64 // permits granted after a wait
	Refused   uint64 // calls refused
}

// NewBucket returns a full bucket.
func NewBucket(cfg BucketConfig) (*Bucket, error) {
	if err := cfg.Validate(); err != nil {
		return nil, err
	}
	full := int64(cfg.Burst) * int64(cfg.Per)
	return &Bucket{cfg: cfg, level: full, full: full}, nil
}

// Config returns the configuration the bucket was made with.
func (b *Bucket) Config() BucketConfig { return b.cfg }

// Acquire asks for one permit at now. ok says whether it was granted; wait
// is how long the caller must wait before using it (0 when a token was
// there). A refused call waits for nothing: it learns at once.
func (b *Bucket) Acquire(now time.Duration) (wait time.Duration, ok bool) {
	b.refill(now)
	per := int64(b.cfg.Per)
	if b.level >= per {
		b.level -= per
		b.stats.Immediate++
		b.debt = max(b.debt, b.full-b.level)
		return 0, true
	}
	// Time until the level reaches one whole token, rounded up to the
	// next nanosecond so the token is really there when the wait ends.
	need := per - b.level
	w := (need + int64(b.cfg.Rate) - 1) / int64(b.cfg.Rate)
	if time.Duration(w) > b.cfg.MaxWait {
		b.stats.Refused++
		return 0, false
	}
	b.level -= per
	b.stats.Waited++
	return time.Duration(w), true
}

// Available returns the whole tokens in the bucket at now (0 while waiting
// calls are owed tokens).
func (b *Bucket) Available(now time.Duration) int {
	b.refill(now)
	if b.level <= 0 {
		return 0
	}
	return int(b.level / int64(b.cfg.Per))
}

// Stats returns the counts so far.
func (b *Bucket) Stats() Stats { return b.stats }

// refill adds the tokens earned since last. A full bucket banks no time:
// the level is capped, so idling for an hour earns no more than Burst.
func (b *Bucket) refill(now time.Duration) {
	if now <= b.last {
		return
	}
	dt := int64(now - b.last)
	b.last = now
	room := b.full - b.level
	if room <= 0 {
		return
	}
	// Compare before multiplying: dt × Rate could overflow after a long
	// idle spell, but dt ≥ room/Rate already means "full".
	if dt >= room/int64(b.cfg.Rate)+1 {
		b.level = b.full
		return
	}
	b.level = min(b.level+dt*int64(b.cfg.Rate), b.full)
}
