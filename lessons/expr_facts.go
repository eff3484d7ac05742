package lessons

import (
	"fmt"
	"strconv"
	"time"

	"github.com/breakerlab/breakerlab/lessons/facts"
)

// factMetrics are the metrics that quote a library's fact (lessons/facts)
// and the formulas a text works through with numbers it states itself:
// Little's law on a given rate and time, a hop's deadline budget, the calls
// a quota of tokens pays for. A text that writes "20 a second × 500 ms =
// {{littles 20 500ms}}" has its arithmetic checked like any number.
func factMetrics() map[string]metric {
	return map[string]metric{
		"fact": {0, []argKind{argFact},
			"a library's default or rule from lessons/facts (`breakerlab facts` lists them with their sources)", evalFact},
		"littles": {KindNumber, []argKind{argNumber, argTime},
			"Little's law on given numbers: a rate a second times a time", evalLittles},
		"deadline-budget": {KindDuration, []argKind{argTime, argTime, argTime},
			"a hop's timeout under a propagated deadline: the smaller of its own (first) and what is left (second) less a margin (third)", evalDeadlineBudget},
		"quota-retries": {KindCount, []argKind{argNumber, argNumber},
			"how many retries a quota of tokens (first) pays for at a cost a retry (second), none succeeding", evalQuotaRetries},
	}
}

// factValue turns a fact into the lessons' Value, which prints it.
func factValue(f facts.Fact) Value {
	switch f.Kind {
	case facts.Count:
		return Value{Kind: KindCount, F: f.Value}
	case facts.Share:
		return fraction(f.Value)
	case facts.Duration:
		return Value{Kind: KindDuration, F: f.Value}
	}
	return number(f.Value)
}

func evalFact(_ *evalCtx, a []string) (Value, error) {
	f, err := facts.Lookup(a[0])
	if err != nil {
		return Value{}, err
	}
	return factValue(f), nil
}

func evalLittles(_ *evalCtx, a []string) (Value, error) {
	rate, err := strconv.ParseFloat(a[0], 64)
	if err != nil {
		return Value{}, err
	}
	t, err := time.ParseDuration(a[1])
	if err != nil {
		return Value{}, err
	}
	return number(rate * t.Seconds()), nil
}

func evalDeadlineBudget(_ *evalCtx, a []string) (Value, error) {
	var d [3]time.Duration
	for i := range d {
		v, err := time.ParseDuration(a[i])
		if err != nil {
			return Value{}, err
		}
		d[i] = v
	}
	own, left, margin := d[0], d[1], d[2]
	return duration(max(0, min(own, left-margin))), nil
}

func evalQuotaRetries(_ *evalCtx, a []string) (Value, error) {
	tokens, err1 := strconv.ParseFloat(a[0], 64)
	cost, err2 := strconv.ParseFloat(a[1], 64)
	if err1 != nil || err2 != nil || cost <= 0 || tokens < 0 {
		return Value{}, fmt.Errorf("quota-retries wants tokens >= 0 and a cost > 0, got %s and %s", a[0], a[1])
	}
	return count(uint64(tokens / cost)), nil
}

// PrintedFact is a fact as texts print it. Version is the library and
// version its source was read at ("Envoy 1.36"), empty for a rule of the
// reference documents, which no library's release changes.
type PrintedFact struct {
	Name, Printed, Says, Source, Version string
}

// FactTable lists the facts (or the named ones) with their values printed
// as a placeholder prints them, so `breakerlab facts` and a text agree.
func FactTable(names ...string) ([]PrintedFact, error) {
	list := facts.All()
	if len(names) > 0 {
		list = list[:0:0]
		for _, n := range names {
			f, err := facts.Lookup(n)
			if err != nil {
				return nil, err
			}
			list = append(list, f)
		}
	}
	out := make([]PrintedFact, 0, len(list))
	for _, f := range list {
		s, err := factValue(f).Format("")
		if err != nil {
			return nil, fmt.Errorf("fact %s: %w", f.Name, err)
		}
		out = append(out, PrintedFact{f.Name, s, f.Says, f.Source, f.Version})
	}
	return out, nil
}
