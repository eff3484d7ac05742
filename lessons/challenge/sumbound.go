package challenge

import (
	"fmt"
	"math/big"
	"strings"
	"time"

	"github.com/breakerlab/breakerlab/engine"
)

// addTerms reads a bound written as a sum, "6.4s + 1.1s", and writes the
// one value it comes to ("7.5s"). A bound the scenario gives and an
// allowance the author chose are then written side by side: "closes
// pricing <= {{param pricing.fault.to}} + 1.1s" keeps its bound a fixed
// 1.1 s after the recovery, wherever the scenario file moves it, where a
// typed 7.5s would go stale. The terms are of one kind (durations, counts
// or numbers, percentages), added exactly: 12.1s + 2.5s is 14.6s, not a
// float's 14.599999999s.
func addTerms(terms []string) (string, error) {
	if len(terms) == 1 {
		return terms[0], nil
	}
	if len(terms)%2 == 0 {
		return "", fmt.Errorf("%q is not a value or a sum of values such as \"{{param pricing.fault.to}} + 1s\": write + between two values", strings.Join(terms, " "))
	}
	for i := 1; i < len(terms); i += 2 {
		if terms[i] != "+" {
			return "", fmt.Errorf("%q is not a value or a sum of values such as \"{{param pricing.fault.to}} + 1s\": %q stands where a + joins two values (only sums are read)", strings.Join(terms, " "), terms[i])
		}
	}
	kindOf := func(s string) string {
		switch {
		case strings.HasSuffix(s, "%"):
			return "a percentage"
		case isNumber(s):
			return "a number"
		}
		if _, err := time.ParseDuration(s); err == nil {
			return "a duration"
		}
		return ""
	}
	kind := kindOf(terms[0])
	var dur time.Duration
	rat := new(big.Rat)
	for i := 0; i < len(terms); i += 2 {
		t := terms[i]
		if err := engine.RepeatedUnit(t); err != nil {
			return "", fmt.Errorf("%q: %w", strings.Join(terms, " "), err) // 5s1s: Go sums it to 6s
		}
		k := kindOf(t)
		if k == "" {
			return "", fmt.Errorf("%q in %q is not a number (0.5), a percentage (99%%) or a duration (2s)", t, strings.Join(terms, " "))
		}
		if k != kind {
			return "", fmt.Errorf("%q adds %s to %s: the terms of a sum are of one kind (all durations, all numbers or all percentages)", strings.Join(terms, " "), k, kind)
		}
		switch kind {
		case "a duration":
			d, _ := time.ParseDuration(t)
			dur += d
		default:
			r, _ := new(big.Rat).SetString(strings.TrimSuffix(t, "%"))
			rat.Add(rat, r)
		}
	}
	switch kind {
	case "a duration":
		return dur.String(), nil
	case "a percentage":
		return ratText(rat) + "%", nil
	}
	return ratText(rat), nil
}

func isNumber(s string) bool {
	_, ok := new(big.Rat).SetString(s)
	return ok && !strings.ContainsAny(s, "/eE")
}

// ratText writes an exact sum of decimals with the digits it has, no
// trailing zeros: 0.1 + 0.2 is 0.3.
func ratText(r *big.Rat) string {
	s := r.FloatString(12)
	if strings.Contains(s, ".") {
		s = strings.TrimRight(strings.TrimRight(s, "0"), ".")
	}
	return s
}
