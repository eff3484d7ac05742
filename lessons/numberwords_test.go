package lessons

import (
	"slices"
	"testing"
)

func TestUncheckedNumberWords(t *testing.T) {
	for _, tc := range []struct {
		text   string
		givens []string
		want   []string
	}{
		{"the timeout is twice the p99", nil, []string{"twice"}},
		{"retries double the load, and ten calls fail", nil, []string{"double", "ten"}},
		{"it lets half through, a third and a quarter of them", nil, []string{"half", "a third", "a quarter"}},
		{"five times the pool", nil, []string{"five times"}},
		{"one trial decides, one call a second", nil, []string{"one", "one"}},
		// "one" counts only before what the engine counts.
		{"one of them, a slow one, one dependency, an open one stopping retries", nil, nil},
		// Names and definitions.
		{"the half-open state, a breaker's three states, never charged twice", nil, nil},
		// Givens, as a word or in digits.
		{"twenty a second", []string{"Checkouts arrive 20 times a second"}, nil},
		{"four times 40 connections", []string{"Four dependencies get bulkheads"}, nil},
		// Tied to a placeholder's argument, or inside one.
		{"{{busy-at step4 3s}} workers three seconds in", nil, nil},
		{"{{busy-at step4 3s}} workers two seconds in", nil, []string{"two"}},
		// Outside the vocabulary.
		{"once it opens, a single pool, the first trial", nil, nil},
	} {
		if got := UncheckedNumberWords(tc.text, tc.givens...); !slices.Equal(got, tc.want) {
			t.Errorf("%q (givens %q): got %q, want %q", tc.text, tc.givens, got, tc.want)
		}
	}
}
