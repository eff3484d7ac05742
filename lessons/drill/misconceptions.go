package drill

import (
	"fmt"
	"math"
	"math/big"

	"github.com/breakerlab/breakerlab/engine/report"
	"github.com/breakerlab/breakerlab/engine/shuffle"
	"github.com/breakerlab/breakerlab/lessons"
)

// A generated number problem names, as a lesson's numeric question does
// ([[question.misconception]]), the wrong numbers a learner most plausibly
// reaches, each computed from the problem's own numbers, with why: the
// drill's reveal shows the why of the one a wrong answer is taken for
// (lessons.PreparedQuestion.MisconceptionFor, the lesson player's own
// matching).

// slip is a candidate misconception: its number in the answer's terms and
// why a learner reaches it.
type slip struct {
	value float64
	why   string
}

// misconceptions fills the problem's Check.Misconceptions from the slips,
// in their order (the most plausible first). A slip is left out when a
// guess at it could also be right (its margin overlaps the answer's), or
// could be taken for an earlier slip (the margins overlap): the numbers
// vary with the seed, and a why shown for a right answer, or the wrong
// why of two, would mislead. A slip that is no number a learner could
// type (negative, infinite, a share above 100 %) is left out too.
func (p *Problem) misconceptions(slips ...slip) {
	q := p.Check
	ansTol := q.Tolerance
	if q.Relative {
		ansTol = q.Tolerance * math.Abs(q.Answer)
	}
	slack := func(a, b float64) float64 { return 1e-9 * math.Max(1, math.Max(math.Abs(a), math.Abs(b))) }
	for _, s := range slips {
		v := s.value
		if math.IsNaN(v) || math.IsInf(v, 0) || v < 0 || q.AnswerKind == lessons.KindFraction && v > 1 {
			continue
		}
		tol := q.Tolerance
		if q.Relative {
			tol = q.Tolerance * math.Abs(v)
		}
		if math.Abs(v-q.Answer) <= ansTol+tol+slack(v, q.Answer) {
			continue
		}
		clash := false
		for _, m := range q.Misconceptions {
			if math.Abs(v-m.Value) <= m.Tolerance+tol+slack(v, m.Value) {
				clash = true
				break
			}
		}
		if clash {
			continue
		}
		q.Misconceptions = append(q.Misconceptions, lessons.PreparedMisconception{Value: v, Text: q.FormatGuess(v), Tolerance: tol, Why: s.why})
	}
}

// unit writes a value with a unit that agrees with it in number: "1 call",
// "0.5 calls", "2 calls" (lessons.WithUnit, as the lessons write theirs).
func unit(v float64, u string) string { return lessons.WithUnit(trim(v), u) }

func littleSlips(rate float64, lat float64, latWords string) []slip {
	msNum := lat * 1000
	ans := rate * lat
	return []slip{
		{rate * msNum, fmt.Sprintf("That multiplies by the milliseconds: %s is %s s, so %s/s × %s s = %s.",
			latWords, trim(lat), trim(rate), trim(lat), unit(ans, "calls"))},
		{rate / lat, fmt.Sprintf("That divides the rate by the time: a call that takes longer stays longer, so the calls in flight grow with it: "+
			"%s/s × %s s = %s.", trim(rate), trim(lat), unit(ans, "calls"))},
		{rate, fmt.Sprintf("That is the rate, how many arrive in a second; each stays only %s, so only rate × latency = %s are there at once.",
			latWords, unit(ans, "calls"))},
	}
}

func bulkheadSlips(rate, p99 float64, head float64, size int) []slip {
	base := rate * p99
	with := base * (1 + head)
	out := []slip{
		{math.Ceil(base - 1e-9), fmt.Sprintf("That is rate × p99 = %s without the %s headroom: a slow minute above the p99 fills it, "+
			"and calls are turned away on a normal day.", unit(base, "slots"), pct(head))},
		{math.Floor(with + 1e-9), fmt.Sprintf("That rounds down: %s cannot hold the %s calls in flight at the p99 with headroom; round up to %s.",
			unit(math.Floor(with+1e-9), "slots"), trim(with), unit(float64(size), "slots"))},
		{math.Ceil(rate*p99*1000*(1+head) - 1e-9), fmt.Sprintf("That takes the p99 in milliseconds, %s ms; in seconds, rate × p99 = %s/s × %s s = %s.",
			trim(p99*1000), trim(rate), trim(p99), unit(base, "slots"))},
	}
	if head > 0 {
		out = append(out, slip{math.Ceil(base*head - 1e-9), fmt.Sprintf("That is only the headroom: %s of %s. The bulkhead holds the %s and the headroom on top.",
			pct(head), unit(base, "slots"), trim(base))})
	}
	return out
}

func minCallsSlips(window, minimum int, rate, threshold float64, warm bool, need int) []slip {
	ans := float64(need) / rate
	times := slip{float64(need) * rate, fmt.Sprintf("That multiplies by the rate: %s arrive at %s, so they take %d ÷ %s = %s.",
		unit(float64(need), "calls"), callsRate(rate), need, trim(rate), trimSeconds(ans))}
	if warm {
		byRate := int(math.Ceil(threshold*float64(window) - 1e-9))
		return []slip{
			{float64(minimum) / rate, fmt.Sprintf("That counts up to the minimum of %s, as for an empty window; this window already holds %s, "+
				"so the minimum is met, and %s of the last %d is %s.", unit(float64(minimum), "calls"), unit(float64(window), "successes"),
				pct(threshold), window, unit(float64(byRate), "failures"))},
			{float64(window) / rate, fmt.Sprintf("That waits for the whole window of %d to fail; it opens at %s of it, %s.",
				window, pct(threshold), unit(float64(byRate), "failures"))},
			times,
		}
	}
	return []slip{
		{math.Ceil(threshold*float64(window)-1e-9) / rate, fmt.Sprintf("That is when %s of the %d-call window has failed; but the window is empty, "+
			"and nothing is judged before %s, all of them failures.", pct(threshold), window, unit(float64(minimum), "calls"))},
		{math.Ceil(threshold*float64(minimum)-1e-9) / rate, fmt.Sprintf("That takes %s of the minimum of %s; but nothing is judged before the %s call, "+
			"and by then all %d have failed.", pct(threshold), unit(float64(minimum), "calls"), ordinal(minimum), minimum)},
		times,
	}
}

func cyclesSlips(rate float64, outage float64, window, trials, k, probes int, openWords string) []slip {
	all := rate * outage
	return []slip{
		{all, fmt.Sprintf("That is every call of the outage, %s, as with no breaker: it opens after %s and lets only trials through.",
			unit(all, "calls"), unit(float64(k), "failures"))},
		{float64(k + probes*trials), fmt.Sprintf("That counts all %s each time; the first fails and opens the breaker again, so the others never go: "+
			"%s + %s = %s.", unit(float64(trials), "trials"), unit(float64(k), "failures"), unit(float64(probes), "trials"), unit(float64(k+probes), "calls"))},
		{float64(probes), fmt.Sprintf("That counts only the trials; the %s that opened the breaker reached the provider too.",
			unit(float64(k), "failures"))},
		{float64(window + probes), fmt.Sprintf("The breaker opens at 50%% of %d calls: %s, not the whole window.",
			window, unit(float64(k), "failures"))},
		{float64(k), fmt.Sprintf("That leaves out the trials: every %s one goes through and fails, %s before the provider is back.",
			openWords, unit(float64(probes), "times"))},
	}
}

func tokenBucketSlips(capacity, retryCost, timeoutCost int, timeouts bool, n int) []slip {
	paid, other := retryCost, timeoutCost
	priced := "That prices them as retries after a timeout, %s each; these fail at once, and a plain retry costs %s: %s ÷ %s = %s."
	if timeouts {
		paid, other = timeoutCost, retryCost
		priced = "That prices them as plain retries, %s each; these time out, and a retry after a timeout costs %s: %s ÷ %s = %s."
	}
	exact := float64(capacity) / float64(paid)
	return []slip{
		{math.Floor(float64(capacity) / float64(other)), fmt.Sprintf(priced,
			unit(float64(other), "tokens"), trim(float64(paid)), trim(float64(capacity)), trim(float64(paid)), unit(float64(n), "retries"))},
		{float64(capacity), fmt.Sprintf("That counts tokens, not retries: each retry costs %s, so %s pay for %s.",
			unit(float64(paid), "tokens"), unit(float64(capacity), "tokens"), unit(float64(n), "retries"))},
		{math.Ceil(exact), fmt.Sprintf("That rounds up: %s ÷ %s = %s, and a retry needs its whole price, so the last part pays for none.",
			trim(float64(capacity)), trim(float64(paid)), trim(exact))},
	}
}

func shardsSlips(n, k int) []slip {
	c, _ := shuffle.Shards(n, k)
	cText := groupDigits(c.String())
	pow := math.Pow(float64(n), float64(k))
	perm := 1.0
	for i := range k {
		perm *= float64(n - i)
	}
	fact := 1.0
	for i := 2; i <= k; i++ {
		fact *= float64(i)
	}
	return []slip{
		{perm, fmt.Sprintf("That counts the order of the draws; the same %d workers in any order are one shard, so divide by %d! = %s: C(%d, %d) = %s.",
			k, k, trim(fact), n, k, cText)},
		{pow, fmt.Sprintf("That is %d to the power %d, which lets a shard draw a worker twice and counts the order; a shard is %d different workers: C(%d, %d) = %s.",
			n, k, k, n, k, cText)},
		{fact, fmt.Sprintf("That is %d!, the orders of one shard's %d workers, not the shards: C(%d, %d) = %s.", k, k, n, k, cText)},
		{math.Floor(float64(n) / float64(k)), fmt.Sprintf("That is how many plain shards of %d the fleet splits into; shuffle shards overlap, "+
			"so there are C(%d, %d) = %s.", k, n, k, cText)},
	}
}

func shareSlips(n, k int, ans float64) []slip {
	all, _ := shuffle.Shards(n, k)
	none, _ := shuffle.Shards(n-k, k)
	noneShare, _ := new(big.Rat).SetFrac(none, all).Float64()
	allF, _ := new(big.Float).SetInt(all).Float64()
	return []slip{
		{noneShare, fmt.Sprintf("That is the chance they share no worker, C(%d, %d) ÷ C(%d, %d); at least one is 1 minus it.", n-k, k, n, k)},
		{1 / allF, fmt.Sprintf("That is the chance they share every worker, 1 in C(%d, %d); sharing at least one is far likelier.", n, k)},
		{float64(k) / float64(n), fmt.Sprintf("That is %s, the chance one given worker of theirs is one of your %d; they draw %d, and any of them may be.",
			plainChance(n, k), k, k)},
		{float64(k*k) / float64(n), fmt.Sprintf("That adds %s for each of their %d workers, and counts twice the draws that share two; "+
			"the exact chance is %s.", plainChance(n, k), k, report.Percent1(ans))},
	}
}
