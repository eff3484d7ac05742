package breaker

import (
	"errors"
	"math"
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"pgregory.net/rapid"
)

// anyConfig draws a valid configuration using any mix of the optional rules.
func anyConfig(t *rapid.T) Config {
	var c Config
	c.FailureRate = rapid.SampledFrom([]float64{0, 0.1, 0.3, 0.5, 0.75, 1}).Draw(t, "failureRate")
	if rapid.Bool().Draw(t, "slow") {
		c.SlowCallDuration = time.Duration(rapid.IntRange(1, 3000).Draw(t, "slowMs")) * time.Millisecond
		c.SlowCallRate = rapid.SampledFrom([]float64{0, 0.3, 0.5, 1}).Draw(t, "slowRate")
	}
	c.MaxConsecutiveFailures = rapid.IntRange(0, 4).Draw(t, "consecutive")
	if c.FailureRate == 0 && c.SlowCallRate == 0 && c.MaxConsecutiveFailures == 0 {
		c.FailureRate = 0.5
	}
	rates := c.FailureRate > 0 || c.SlowCallRate > 0
	if rapid.Bool().Draw(t, "timeWindow") {
		c.Window = TimeWindow
		c.WindowBuckets = rapid.IntRange(0, 8).Draw(t, "buckets")
		if c.WindowBuckets == 0 {
			c.WindowSpan = time.Duration(rapid.IntRange(1, 8).Draw(t, "spanS")) * time.Second
		} else {
			width := time.Duration(rapid.IntRange(1, 3000).Draw(t, "widthMs")) * time.Millisecond
			c.WindowSpan = width * time.Duration(c.WindowBuckets)
		}
		c.MinimumCalls = rapid.IntRange(1, 10).Draw(t, "min")
		c.FloatingBuckets = rapid.Bool().Draw(t, "floating")
	} else if !rates && rapid.Bool().Draw(t, "noWindow") {
		// a consecutive-failure breaker keeps no window
	} else {
		c.WindowSize = rapid.IntRange(1, 12).Draw(t, "window")
		c.MinimumCalls = rapid.IntRange(0, c.WindowSize).Draw(t, "min")
	}
	c.JudgeOnFailure = rapid.Bool().Draw(t, "judgeOnFailure")
	c.OpenFor = time.Duration(rapid.IntRange(1, 5000).Draw(t, "openMs")) * time.Millisecond
	c.OpenJitter = rapid.SampledFrom([]float64{0, 0.1, 0.5, 0.9}).Draw(t, "jitter")
	c.OpenBackoff = rapid.SampledFrom([]float64{0, 1, 1.5, 2, 10}).Draw(t, "backoff")
	if rapid.Bool().Draw(t, "capped") {
		c.OpenMax = c.OpenFor * time.Duration(rapid.IntRange(1, 20).Draw(t, "capTimes"))
	}
	c.HalfOpenTrials = rapid.IntRange(1, 4).Draw(t, "trials")
	if rates {
		c.HalfOpenRule = HalfOpenRule(rapid.IntRange(0, 2).Draw(t, "halfOpenRule"))
	}
	c.StrictWaitEnd = rapid.Bool().Draw(t, "strict")
	c.RecordLate = rapid.Bool().Draw(t, "recordLate")
	if rapid.IntRange(0, 3).Draw(t, "hasInterval") == 0 {
		c.Interval = time.Duration(rapid.IntRange(1, 8000).Draw(t, "intervalMs")) * time.Millisecond
	}
	if rapid.Bool().Draw(t, "halfOpenMax") {
		c.HalfOpenMax = time.Duration(rapid.IntRange(1, 5000).Draw(t, "halfOpenMaxMs")) * time.Millisecond
	}
	return c
}

var machineEdges = map[[2]State]bool{
	{Closed, Open}: true, {Open, HalfOpen}: true, {HalfOpen, Open}: true, {HalfOpen, Closed}: true,
}

// entry is one call the model saw enter the window.
type entry struct {
	at           time.Duration
	failed, slow bool
}

// recount counts the model's entries the way the window should: the last
// WindowSize calls, or the calls whose bucket is among the last ones.
func recount(c Config, log []entry, now time.Duration) (calls, failures, slow int) {
	var in []entry
	switch c.Window {
	case CountWindow:
		in = log[max(0, len(log)-c.WindowSize):]
	case TimeWindow:
		width := c.WindowSpan / time.Duration(c.buckets())
		if c.FloatingBuckets {
			// A bucket starts at a call once the last one is width old, and
			// counts while it is younger than the span.
			var start time.Duration
			for i, e := range log {
				if i == 0 || e.at-start >= width {
					start = e.at
				}
				if now-start < c.WindowSpan {
					in = append(in, e)
				}
			}
			break
		}
		oldest := int64(now/width) - int64(c.buckets()) + 1
		for _, e := range log {
			if int64(e.at/width) >= oldest {
				in = append(in, e)
			}
		}
	}
	for _, e := range in {
		calls++
		if e.failed {
			failures++
		}
		if e.slow {
			slow++
		}
	}
	return
}

// The invariants, over random configurations and random scripts of calls,
// results, clock moves, ticks and operator overrides:
//   - every transition follows a legal edge and starts where the last ended;
//   - the window's counts equal a naive recount of the calls that entered it;
//   - a closed breaker that just judged a call is below every threshold;
//   - half-open never has more trial calls out than it permits;
//   - every open wait lies within its jitter band around the grown wait.
func TestBreakerInvariants(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		cfg := anyConfig(t)
		if err := cfg.Validate(); err != nil {
			t.Fatalf("drew an invalid config: %v\n%+v", err, cfg)
		}
		var trs []Transition
		src := rand.New(rand.NewPCG(rapid.Uint64().Draw(t, "seed"), 1))
		b, err := NewWithOptions(cfg, Options{OnTransition: func(tr Transition) { trs = append(trs, tr) }, Rand: src.Float64})
		if err != nil {
			t.Fatal(err)
		}
		var (
			log     []entry
			run     int // consecutive failures the model counts
			pending []Permit
			now     time.Duration
			seen    int // transitions checked so far
			state   = Closed
			since   time.Duration // when the model's current interval began
		)
		// turn clears the model's counts when a closed breaker's interval
		// is over at now, as Allow, Record and Tick do first.
		turn := func() bool {
			if b.State() != Closed || cfg.Interval == 0 {
				return false
			}
			if now-since > cfg.Interval || (!cfg.StrictWaitEnd && now-since == cfg.Interval) {
				log, run, since = nil, 0, now
				return true
			}
			return false
		}
		for step := range rapid.IntRange(1, 300).Draw(t, "steps") {
			now += time.Duration(rapid.IntRange(0, 1500).Draw(t, "dtMs")) * time.Millisecond
			judged := false
			switch op := rapid.IntRange(0, 29).Draw(t, "op"); {
			case op < 13:
				turn()
				p, err := b.Allow(now)
				if err == nil {
					pending = append(pending, p)
				} else if !errors.Is(err, ErrOpen) {
					t.Fatalf("step %d: Allow error %v", step, err)
				}
			case op < 27:
				if len(pending) == 0 {
					continue
				}
				i := rapid.IntRange(0, len(pending)-1).Draw(t, "which")
				p := pending[i]
				pending = slices.Delete(pending, i, i+1)
				r := rapid.SampledFrom([]Result{Success, Success, Failure, Failure, Ignored}).Draw(t, "result")
				before := b.State()
				late := turn() || p.generation != b.generation
				if r != Ignored && (!late || cfg.RecordLate) && (before == Closed || before == MetricsOnly) {
					e := entry{at: now, failed: r == Failure, slow: cfg.SlowCallDuration > 0 && now-p.start > cfg.SlowCallDuration}
					log = append(log, e)
					if e.failed {
						run++
					} else {
						run = 0
					}
					judged = before == Closed && (!cfg.JudgeOnFailure || e.failed || e.slow)
				}
				b.Record(now, p, r)
			case op < 28:
				turn()
				b.Tick(now)
				if cc := b.Counts(); cc != b.CountsAt(now) {
					t.Fatalf("step %d: after Tick the counts %+v differ from CountsAt %+v", step, cc, b.CountsAt(now))
				}
			default:
				switch rapid.IntRange(0, 3).Draw(t, "operator") {
				case 0:
					b.Reset(now)
					log, run, since = nil, 0, now
				case 1:
					b.ForceOpen(now)
				case 2:
					b.Disable(now)
				case 3:
					b.SetMetricsOnly(now)
				}
			}

			for ; seen < len(trs); seen++ {
				tr := trs[seen]
				if tr.From != state {
					t.Fatalf("step %d: transition %v->%v starts from %v", step, tr.From, tr.To, state)
				}
				state = tr.To
				if tr.At > now || (seen > 0 && tr.At < trs[seen-1].At) {
					t.Fatalf("step %d: transition at %v, now %v, previous at %v", step, tr.At, now, trs[max(seen-1, 0)].At)
				}
				if tr.Cause == CauseOperator {
					if tr.To == Open || tr.To == HalfOpen {
						t.Fatalf("step %d: the operator moved the breaker to %v", step, tr.To)
					}
				} else if !machineEdges[[2]State{tr.From, tr.To}] {
					t.Fatalf("step %d: illegal edge %v->%v (%v)", step, tr.From, tr.To, tr.Cause)
				}
				if tr.To == Closed {
					log, run, since = nil, 0, tr.At // closing starts a fresh window and interval
				}
				if tr.To == Open {
					checkWait(t, cfg, tr)
				}
			}
			if b.State() != state {
				t.Fatalf("step %d: state %v, transitions say %v", step, b.State(), state)
			}

			calls, failures, slow := recount(cfg, log, now)
			if got := b.CountsAt(now); got != (Counts{calls, failures, slow, run}) {
				t.Fatalf("step %d: counts %+v, recount %+v", step, got, Counts{calls, failures, slow, run})
			}
			if cfg.Window == CountWindow {
				var want []Result
				for _, e := range log[max(0, len(log)-cfg.WindowSize):] {
					want = append(want, map[bool]Result{false: Success, true: Failure}[e.failed])
				}
				if cfg.WindowSize == 0 {
					want = nil
				}
				if got := b.AppendWindow(nil); !slices.Equal(got, want) {
					t.Fatalf("step %d: window %v, want %v", step, got, want)
				}
			}

			if judged && b.State() == Closed {
				c := b.Counts()
				if c.Calls >= cfg.minimumCalls() && c.Calls > 0 &&
					((cfg.FailureRate > 0 && float64(c.Failures)/float64(c.Calls) >= cfg.FailureRate) ||
						(cfg.SlowCallRate > 0 && float64(c.Slow)/float64(c.Calls) >= cfg.SlowCallRate)) {
					t.Fatalf("step %d: closed at %+v, over a threshold of %+v", step, c, cfg)
				}
			}
			if cfg.MaxConsecutiveFailures > 0 && b.State() == Closed && run > cfg.MaxConsecutiveFailures {
				t.Fatalf("step %d: closed after %d failures in a row", step, run)
			}

			if b.State() == HalfOpen {
				out := 0
				for _, p := range pending {
					if p.generation == b.generation {
						out++
					}
				}
				sent, passed := b.Trials()
				if out > cfg.HalfOpenTrials || b.trialsSent > cfg.HalfOpenTrials || passed > sent || (!cfg.RecordLate && sent != b.trialsSent) {
					t.Fatalf("step %d: %d trials out, %d sent, %d passed, %d permitted", step, out, sent, passed, cfg.HalfOpenTrials)
				}
			}
		}
	})
}

func checkWait(t *rapid.T, cfg Config, tr Transition) {
	top := float64(cfg.OpenFor)
	if cfg.OpenBackoff > 1 {
		top = math.MaxInt64 / 2
		if cfg.OpenMax > 0 {
			top = float64(cfg.OpenMax)
		}
	}
	lo := math.Floor(float64(cfg.OpenFor)*(1-cfg.OpenJitter)) - 1
	hi := math.Ceil(top*(1+cfg.OpenJitter)) + 1
	if w := float64(tr.Wait); tr.Wait < 1 || w < lo || w > hi {
		t.Fatalf("open wait %v outside [%v, %v] for %+v", tr.Wait, time.Duration(lo), time.Duration(hi), cfg)
	}
}

// No configuration makes New panic: it returns a breaker or an error, and a
// breaker it returns survives any script.
func TestNoConfigPanics(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		d := func(label string) time.Duration {
			if rapid.IntRange(0, 9).Draw(t, label+"Extreme") == 0 {
				return time.Duration(rapid.SampledFrom([]int64{math.MaxInt64, math.MaxInt64 / 2, math.MinInt64, 1}).Draw(t, label))
			}
			return time.Duration(rapid.Int64Range(-3, 5e9).Draw(t, label))
		}
		f := func(label string) float64 {
			return rapid.SampledFrom([]float64{-1, 0, 0.5, 1, 1.5, 100, math.NaN(), math.Inf(1)}).Draw(t, label)
		}
		cfg := Config{
			WindowSize:             rapid.IntRange(-2, 50).Draw(t, "window"),
			MinimumCalls:           rapid.IntRange(-2, 50).Draw(t, "min"),
			FailureRate:            f("failureRate"),
			OpenFor:                d("openFor"),
			HalfOpenTrials:         rapid.IntRange(-1, 5).Draw(t, "trials"),
			Window:                 WindowKind(rapid.IntRange(0, 3).Draw(t, "kind")),
			WindowSpan:             d("span"),
			WindowBuckets:          rapid.IntRange(-1, 20).Draw(t, "buckets"),
			SlowCallDuration:       d("slowDuration"),
			SlowCallRate:           f("slowRate"),
			MaxConsecutiveFailures: rapid.IntRange(-1, 5).Draw(t, "consecutive"),
			JudgeOnFailure:         rapid.Bool().Draw(t, "judgeOnFailure"),
			OpenJitter:             f("jitter"),
			OpenBackoff:            f("backoff"),
			OpenMax:                d("openMax"),
			HalfOpenRule:           HalfOpenRule(rapid.IntRange(0, 3).Draw(t, "rule")),
			HalfOpenMax:            d("halfOpenMax"),
			StrictWaitEnd:          rapid.Bool().Draw(t, "strict"),
			RecordLate:             rapid.Bool().Draw(t, "recordLate"),
			FloatingBuckets:        rapid.Bool().Draw(t, "floating"),
			Interval:               d("interval"),
			BucketPeriod:           d("bucketPeriod"),
		}
		b, err := NewWithOptions(cfg, Options{Rand: func() float64 { return f("draw") }})
		if (err == nil) != (cfg.Validate() == nil) {
			t.Fatalf("New and Validate disagree: %v / %v", err, cfg.Validate())
		}
		if err != nil {
			if err.Error() == "" {
				t.Fatal("empty error")
			}
			return
		}
		now := time.Duration(rapid.Int64Range(-1e9, 1e9).Draw(t, "start"))
		for range rapid.IntRange(0, 60).Draw(t, "steps") {
			now += time.Duration(rapid.Int64Range(0, 3e9).Draw(t, "dt"))
			if p, err := b.Allow(now); err == nil {
				b.Record(now+time.Duration(rapid.Int64Range(0, 3e9).Draw(t, "took")), p, Result(rapid.IntRange(0, 3).Draw(t, "result")))
			}
			b.Tick(now)
			b.NextDeadline()
			b.CountsAt(now)
			b.AppendBuckets(nil, now)
		}
	})
}

// Valid configurations with extreme durations, on a clock that starts
// anywhere, never panic and keep their deadlines ordered.
func TestExtremeClocksDoNotPanic(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		cfg := anyConfig(t)
		huge := time.Duration(rapid.SampledFrom([]int64{math.MaxInt64, math.MaxInt64 / 3, 1 << 40}).Draw(t, "huge"))
		switch rapid.IntRange(0, 3).Draw(t, "which") {
		case 0:
			cfg.OpenFor, cfg.OpenMax = huge, 0
		case 1:
			cfg.OpenMax = max(cfg.OpenMax, huge)
		case 2:
			cfg.HalfOpenMax = huge
		case 3:
			if cfg.SlowCallDuration > 0 {
				cfg.SlowCallDuration = huge
			}
		}
		if err := cfg.Validate(); err != nil {
			t.Fatal(err)
		}
		src := rand.New(rand.NewPCG(1, 2))
		b, err := NewWithOptions(cfg, Options{Rand: src.Float64})
		if err != nil {
			t.Fatal(err)
		}
		now := time.Duration(rapid.Int64Range(math.MinInt64/2, math.MaxInt64/2).Draw(t, "start"))
		for range rapid.IntRange(1, 80).Draw(t, "steps") {
			now += time.Duration(rapid.Int64Range(0, math.MaxInt64/400).Draw(t, "dt"))
			if p, err := b.Allow(now); err == nil {
				b.Record(now, p, Result(rapid.IntRange(0, 2).Draw(t, "result")))
			}
			b.Tick(now)
			if at, ok := b.NextDeadline(); ok && b.State() == Open && at < b.openedAt {
				t.Fatalf("deadline %v wrapped around (opened at %v)", at, b.openedAt)
			}
			if b.OpenRemaining(now) < 0 {
				t.Fatal("negative remaining wait")
			}
			b.CountsAt(now)
			b.AppendBuckets(nil, now)
		}
	})
}
