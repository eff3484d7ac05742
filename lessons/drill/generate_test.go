package drill

import (
	"fmt"
	"math"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/breaker"
	"github.com/breakerlab/breakerlab/engine/shuffle"
	"github.com/breakerlab/breakerlab/lessons/facts"
)

func TestGenerateIsDeterministic(t *testing.T) {
	a, err := Generate(7, 24)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := Generate(7, 24)
	c, _ := Generate(8, 24)
	for i := range a {
		if a[i].Question != b[i].Question || a[i].Explain != b[i].Explain {
			t.Fatalf("problem %d differs for the same seed", i)
		}
		if a[i].Generator != Generators[i%len(Generators)] {
			t.Fatalf("problem %d is %s, want %s", i, a[i].Generator, Generators[i%len(Generators)])
		}
	}
	same := 0
	for i := range a {
		if a[i].Question == c[i].Question {
			same++
		}
	}
	if same == len(a) {
		t.Fatal("seeds 7 and 8 gave the same problems")
	}
}

func TestGenerateRefusesBadInput(t *testing.T) {
	if _, err := Generate(1, -1); err == nil {
		t.Fatal("n = -1 accepted")
	}
	_, err := Generate(1, 3, "littles")
	if err == nil || !strings.Contains(err.Error(), "little, pool") {
		t.Fatalf("an unknown kind gave %v", err)
	}
}

func TestEveryProblemIsWellFormed(t *testing.T) {
	for seed := range uint64(40) {
		ps, err := Generate(seed, len(Generators))
		if err != nil {
			t.Fatal(err)
		}
		for _, p := range ps {
			c := p.Card()
			if p.Question == "" || p.Explain == "" || p.Verified == "" {
				t.Fatalf("%s: empty text", p.ID)
			}
			switch p.Kind {
			case Number:
				if p.Check == nil || math.IsNaN(p.Check.Answer) || p.Check.Answer <= 0 {
					t.Fatalf("%s: answer %+v", p.ID, p.Check)
				}
				// The answer as printed is accepted.
				if ok, err := p.Check.CheckNumber(p.Check.AnswerText); !ok || err != nil {
					t.Fatalf("%s: its own answer %q is refused (%v)", p.ID, p.Check.AnswerText, err)
				}
			case Choice:
				if c.Right() < 0 {
					t.Fatalf("%s: no right choice", p.ID)
				}
			}
			if strings.Contains(p.Question, "%!") || strings.Contains(p.Explain, "%!") {
				t.Fatalf("%s: a formatting slip: %s / %s", p.ID, p.Question, p.Explain)
			}
		}
	}
}

// run plays a problem's scenario with one seed to its end.
func run(t *testing.T, p Problem, seed uint64) engine.Snapshot {
	t.Helper()
	sc := p.Scenario()
	if err := sc.Validate(); err != nil {
		t.Fatalf("%s: %v", p.ID, err)
	}
	r, err := engine.New(sc, 0, seed)
	if err != nil {
		t.Fatal(err)
	}
	r.Run()
	return r.Snapshot()
}

// problems returns n problems of one kind, from seeds 0..n-1.
func problems(t *testing.T, kind string, n int) []Problem {
	t.Helper()
	out := make([]Problem, n)
	for i := range out {
		p, err := One(kind, uint64(i))
		if err != nil {
			t.Fatal(err)
		}
		out[i] = p
	}
	return out
}

// TestLittleAgreesWithTheEngine: the time-averaged calls in flight, from
// the dependency's series, over 10 seeds lie within 5 % of rate × latency.
func TestLittleAgreesWithTheEngine(t *testing.T) {
	for _, p := range problems(t, "little", 12) {
		var sum float64
		var n int
		for seed := range uint64(10) {
			s := run(t, p, seed)
			d := s.Dependencies[0]
			// Skip the first two seconds while the system fills.
			skip := int(2 * time.Second / s.SampleEvery)
			for _, x := range d.Series[skip:] {
				sum += float64(x.InFlight)
				n++
			}
		}
		if n < 100 {
			t.Fatalf("%s: only %d samples of calls in flight", p.ID, n)
		}
		got, want := sum/float64(n), p.Check.Answer
		t.Logf("%s: engine %.2f, formula %.2f", p.ID, got, want)
		if math.Abs(got-want) > 0.05*want {
			t.Errorf("%s: engine averages %.2f in flight, the formula says %.2f\n%s", p.ID, got, want, p.Question)
		}
	}
}

// TestPoolAgreesWithTheEngine: when rate × timeout is over the pool, more
// than 20 % of requests find no worker; under it, fewer than 2 %.
func TestPoolAgreesWithTheEngine(t *testing.T) {
	for _, p := range problems(t, "pool", 16) {
		exceeds := p.p.answer > float64(p.p.workers)
		if got := p.Choices[p.Card().Right()].Text; strings.HasPrefix(got, "Yes") != exceeds {
			t.Fatalf("%s: the right answer is %q, but rate × timeout = %v against %d workers", p.ID, got, p.p.answer, p.p.workers)
		}
		for seed := range uint64(3) {
			s := run(t, p, seed)
			e := s.Endpoints[0]
			total := e.Window.Total()
			if total < 100 {
				t.Fatalf("%s seed %d: only %d requests measured", p.ID, seed, total)
			}
			share := float64(e.Window[engine.Rejected]) / float64(max(total, 1))
			if exceeds && share <= 0.2 || !exceeds && share >= 0.02 {
				t.Errorf("%s seed %d: %.1f %% rejected with rate × timeout = %v and %d workers", p.ID, seed, 100*share, p.p.answer, p.p.workers)
			}
		}
	}
}

// TestBulkheadSizeHoldsInTheEngine: the size rate × p99 × (1 + headroom)
// turns away fewer than 3 % of calls on a healthy day.
func TestBulkheadSizeHoldsInTheEngine(t *testing.T) {
	for _, p := range problems(t, "bulkhead", 12) {
		if float64(p.p.size) < p.p.rate*p.p.latency.Seconds() {
			t.Fatalf("%s: size %d under rate × p99", p.ID, p.p.size)
		}
		for seed := range uint64(3) {
			s := run(t, p, seed)
			d := s.Dependencies[0]
			if d.Calls < 100 {
				t.Fatalf("%s seed %d: only %d calls", p.ID, seed, d.Calls)
			}
			share := float64(d.BulkheadFull) / float64(d.Calls+d.BulkheadFull)
			if share >= 0.03 {
				t.Errorf("%s seed %d: the bulkhead of %d turned away %.1f %% of calls", p.ID, seed, p.p.size, 100*share)
			}
		}
	}
}

// TestMinCallsAgreesWithTheEngine: over 200 seeds the engine's mean time to
// open, from the start of the failures, is within 4 standard errors of
// calls needed ÷ rate (the mean of a Gamma(need, rate) wait).
func TestMinCallsAgreesWithTheEngine(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the engine 2,400 times")
	}
	for _, p := range problems(t, "min-calls", 12) {
		need := p.Check.Answer * p.p.rate
		var sum float64
		const seeds = 200
		for seed := range uint64(seeds) {
			s := run(t, p, seed)
			at, ok := firstOpen(s.Transitions)
			if !ok {
				t.Fatalf("%s seed %d: the breaker never opened", p.ID, seed)
			}
			sum += (at - p.p.from).Seconds()
		}
		got, want := sum/seeds, p.Check.Answer
		tol := 4 * want / math.Sqrt(seeds*need)
		if math.Abs(got-want) > tol {
			t.Errorf("%s: engine opens after %.2f s on average, the formula says %.2f s (±%.2f)\n%s", p.ID, got, want, tol, p.Question)
		}
	}
}

// Ordinals are written as English writes them ("the 5th call", not "the
// 5-th"), and a min-calls answer that counts its calls says so.
func TestOrdinalsAreEnglish(t *testing.T) {
	for n, want := range map[int]string{1: "1st", 2: "2nd", 3: "3rd", 4: "4th", 5: "5th", 10: "10th", 11: "11th", 12: "12th",
		13: "13th", 20: "20th", 21: "21st", 22: "22nd", 23: "23rd", 50: "50th", 100: "100th", 101: "101st", 111: "111th", 112: "112th"} {
		if got := ordinal(n); got != want {
			t.Errorf("ordinal(%d) = %q, want %q", n, got, want)
		}
	}
	seen := 0
	for _, p := range problems(t, "min-calls", 40) {
		if p.p.warm {
			continue
		}
		seen++
		if want := "so the " + ordinal(p.p.minimum) + " call opens it"; !strings.Contains(p.Explain, want) || strings.Contains(p.Explain, "-th") {
			t.Errorf("%s: %q lacks %q", p.ID, p.Explain, want)
		}
	}
	if seen == 0 {
		t.Fatal("the seeds drew no min-calls problem with an empty window")
	}
}

func firstOpen(ts []engine.Transition) (time.Duration, bool) {
	for _, tr := range ts {
		if tr.To == breaker.Open {
			return tr.At, true
		}
	}
	return 0, false
}

// TestCyclesMatchTheEngineExactly: with calls at fixed intervals the count
// is exact.
func TestCyclesMatchTheEngineExactly(t *testing.T) {
	for _, p := range problems(t, "cycles", 30) {
		s := run(t, p, 1)
		d := s.Dependencies[0]
		before := uint64(p.p.from.Seconds() * p.p.rate)
		if got := float64(d.Calls - before); got != p.Check.Answer {
			t.Errorf("%s: the engine sent %v calls during the outage, the answer says %v\n%s\n%s", p.ID, got, p.Check.Answer, p.Question, p.Explain)
		}
	}
}

// TestTokenBucketMatchesTheEngine: with the AWS numbers, the engine's retry
// count in an outage equals the answer; every answer is the bucket spent.
func TestTokenBucketMatchesTheEngine(t *testing.T) {
	checked := map[bool]bool{}
	for _, p := range problems(t, "token-bucket", 40) {
		cost := p.p.cost
		if p.p.timeouts {
			cost *= 2
		}
		if want := float64(p.p.capacity / cost); p.Check.Answer != want {
			t.Errorf("%s: answer %v, want %v", p.ID, p.Check.Answer, want)
		}
		if p.Scenario == nil {
			continue
		}
		checked[p.p.timeouts] = true
		s := run(t, p, 1)
		if got := float64(s.Dependencies[0].Retries); got != p.Check.Answer {
			t.Errorf("%s: the engine sent %v retries, the answer says %v", p.ID, got, p.Check.Answer)
		}
	}
	if !checked[true] || !checked[false] {
		t.Errorf("the seeds drew no AWS problem for errors or for timeouts: %v", checked)
	}
}

// TestAWSProblemsSayWhichPrices: a problem set in the AWS quota's prices
// says they are those from before the 2026 update, and its working gives
// today's prices and their outage count from lessons/facts.
func TestAWSProblemsSayWhichPrices(t *testing.T) {
	now, err := aws2026Prices()
	if err != nil {
		t.Fatal(err)
	}
	var want []string
	for _, name := range []string{"aws.retry.v2026.cost", "aws.retry.v2026.throttle_cost", "aws.retry.v2026.outage_retries"} {
		f, err := facts.Lookup(name)
		if err != nil {
			t.Fatal(err)
		}
		want = append(want, fmt.Sprintf("%g", f.Value))
	}
	for _, w := range want {
		if !strings.Contains(now, w) {
			t.Errorf("the 2026 prices %q do not state %s", now, w)
		}
	}
	seen := 0
	for _, p := range problems(t, "token-bucket", 40) {
		if !p.p.aws {
			continue
		}
		seen++
		if !strings.Contains(p.Question, "before the 2026 update") || !strings.HasSuffix(p.Explain, now) {
			t.Errorf("%s does not say which prices it uses and what they are now:\n%s\n%s", p.ID, p.Question, p.Explain)
		}
	}
	if seen == 0 {
		t.Fatal("the seeds drew no AWS problem")
	}
}

func TestShuffleAnswersAreTheExactOdds(t *testing.T) {
	for _, p := range problems(t, "shards", 20) {
		c, _ := shuffle.Shards(p.p.n, p.p.k)
		f, _ := c.Float64()
		if math.Abs(p.Check.Answer-f) > 1e-9*f {
			t.Errorf("%s: %v, want C(%d, %d) = %v", p.ID, p.Check.Answer, p.p.n, p.p.k, c)
		}
	}
	for _, p := range problems(t, "share", 20) {
		// A draw of random shard pairs agrees with the exact chance. Each
		// shard is the first k of a partial Fisher-Yates shuffle, and a
		// stamp per worker marks the first shard's members: O(k) a draw, so
		// the 20,000 draws stay cheap under the race detector too.
		rng := rand.New(rand.NewPCG(uint64(p.p.n), uint64(p.p.k)))
		const draws = 20000
		perm := make([]int, p.p.n)
		for i := range perm {
			perm[i] = i
		}
		stamp := make([]int, p.p.n)
		draw := func() []int {
			for i := range p.p.k {
				j := i + rng.IntN(p.p.n-i)
				perm[i], perm[j] = perm[j], perm[i]
			}
			return perm[:p.p.k]
		}
		hit := 0
		for d := 1; d <= draws; d++ {
			for _, x := range draw() {
				stamp[x] = d
			}
			for _, y := range draw() {
				if stamp[y] == d {
					hit++
					break
				}
			}
		}
		if got := float64(hit) / draws; math.Abs(got-p.Check.Answer) > 0.015 {
			t.Errorf("%s: %d of %d random pairs share a worker (%.3f), the answer says %.3f", p.ID, hit, draws, got, p.Check.Answer)
		}
	}
}

func TestProblemCardKeepsTheSchedulesID(t *testing.T) {
	p, _ := One("little", 3)
	c := p.Card()
	if c.ID != "gen-little" || c.Generator != "little" || !reflect.DeepEqual(c.Check, p.Check) {
		t.Fatalf("card %+v", c)
	}
}

// A worksheet never repeats a problem: `drill --generate 8 --seed 3
// --kind share,shards` printed problems 6 and 8 the same. Every seed of
// many, for each kind alone, each pair and every kind together.
func TestWorksheetsNeverRepeatAProblem(t *testing.T) {
	kindSets := [][]string{nil, {"share", "shards"}}
	for _, k := range Generators {
		kindSets = append(kindSets, []string{k})
	}
	for _, kinds := range kindSets {
		for seed := range uint64(200) {
			ps, err := Generate(seed, 16, kinds...)
			if err != nil {
				t.Fatalf("seed %d, kinds %v: %v", seed, kinds, err)
			}
			at := map[string]int{}
			for i, p := range ps {
				if j, seen := at[p.Question]; seen {
					t.Fatalf("seed %d, kinds %v: problems %d and %d are the same: %s", seed, kinds, j+1, i+1, p.Question)
				}
				at[p.Question] = i
			}
		}
	}
	// The report's worksheet, and a first draw that is new keeps the
	// problem worksheets printed before.
	ps, err := Generate(3, 8, "share", "shards")
	if err != nil {
		t.Fatal(err)
	}
	if ps[5].Question == ps[7].Question {
		t.Fatalf("problems 6 and 8 are the same: %s", ps[5].Question)
	}
	if want := generate("shards", 3, 5, 0); ps[5].Question != want.Question {
		t.Errorf("problem 6 changed: %s, want %s", ps[5].Question, want.Question)
	}
}

// A kind that runs out of new problems hands its turn to the next that
// has some, so the longest worksheet of every kind repeats nothing; when
// the kinds asked for run out together, Generate says so rather than
// repeat a problem.
func TestAKindThatRunsOutSaysSo(t *testing.T) {
	ps, err := Generate(1, 1000)
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{}
	for _, p := range ps {
		if seen[p.Question] {
			t.Fatalf("%s repeats: %s", p.ID, p.Question)
		}
		seen[p.Question] = true
	}
	// 36: the fleets whose shard size divides them, which plain shards,
	// the problems' comparison, need.
	_, err = Generate(1, 1000, "shards")
	if err == nil || !strings.Contains(err.Error(), "only 36 different problems of shards for seed 1, not 1000") {
		t.Fatalf("a thousand shards problems gave %v", err)
	}
}

// Two of a shard's workers are "both", not "all 2".
func TestShardWorkersOfTwoAreBoth(t *testing.T) {
	n2, n3 := 0, 0
	for seed := range uint64(60) {
		ps, err := Generate(seed, 2, "share", "shards")
		if err != nil {
			t.Fatal(err)
		}
		for _, p := range ps {
			if strings.Contains(p.Explain, "all 2 ") {
				t.Errorf("%s: %s", p.ID, p.Explain)
			}
			switch {
			case p.p.k == 2:
				n2++
				if !strings.Contains(p.Explain, "both") {
					t.Errorf("%s, shards of 2: %s", p.ID, p.Explain)
				}
			case strings.Contains(p.Explain, fmt.Sprintf("all %d ", p.p.k)):
				n3++
			}
		}
	}
	if n2 == 0 || n3 == 0 {
		t.Fatalf("the seeds drew %d problems with shards of 2 and %d of more: want both", n2, n3)
	}
}
