package main

import (
	"flag"
	"slices"
	"testing"
)

// Only a switch that takes an optional value is given the negative number
// after it: a flag that takes a value has it already, a plain switch takes
// none, and the words after "--" are no flags.
func TestNegativeValuesJoined(t *testing.T) {
	fs := flag.NewFlagSet("t", flag.ContinueOnError)
	var h historyFlag
	fs.Var(&h, "history", "")
	fs.Int("minutes", 10, "")
	fs.Bool("list", false, "")
	for _, c := range []struct{ in, want []string }{
		{[]string{"--history", "-1"}, []string{"--history=-1"}},
		{[]string{"x", "-history", "-2.5", "y"}, []string{"x", "-history=-2.5", "y"}},
		{[]string{"--history", "3"}, []string{"--history", "3"}},
		{[]string{"--history", "-list"}, []string{"--history", "-list"}},
		{[]string{"--history=1", "-1"}, []string{"--history=1", "-1"}},
		{[]string{"--minutes", "-1"}, []string{"--minutes", "-1"}},
		{[]string{"--list", "-1"}, []string{"--list", "-1"}},
		{[]string{"--", "--history", "-1"}, []string{"--", "--history", "-1"}},
	} {
		if got := negativeValuesJoined(fs, c.in); !slices.Equal(got, c.want) {
			t.Errorf("negativeValuesJoined(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}
