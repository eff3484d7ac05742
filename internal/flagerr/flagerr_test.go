package flagerr

import (
	"errors"
	"flag"
	"io"
	"strings"
	"testing"
	"time"
)

type budget struct{}

func (budget) String() string { return "" }
func (budget) Set(string) error {
	return errors.New("a budget must be between 1 and 1e15 simulated requests")
}

// Each refusal of the flag package reads as the help writes its flags: two
// dashes (one for -o), what a flag takes, and the nearest flag to a slip.
func TestExplain(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--seed", "-1"}, `--seed takes a whole number, 0 or more, got "-1"`},
		{[]string{"--timeout", "x"}, `--timeout takes a duration, such as 500ms, 2s or 1m30s, got "x"`},
		{[]string{"--wide=maybe"}, `--wide takes true or false (or nothing: --wide alone is true), got "maybe"`},
		{[]string{"--budget", "0"}, `--budget: a budget must be between 1 and 1e15 simulated requests`},
		{[]string{"--sede", "3"}, `unknown flag --sede: did you mean --seed?`},
		{[]string{"--nothing-near"}, `unknown flag --nothing-near: t takes --budget, -o, --rate, --retries, --seed, --timeout, --wide`},
		{[]string{"-p"}, `unknown flag -p: did you mean -o?`},
		{[]string{"-o"}, `-o needs a value after it`},
		{[]string{"--seed"}, `--seed needs a value after it: a whole number, 0 or more`},
		{[]string{"--seed", "99999999999999999999999"}, `--seed 99999999999999999999999 is too large: the largest it takes is 18446744073709551615`},
		{[]string{"--retries", "9223372036854775808"}, `--retries 9223372036854775808 is too large: the largest it takes is 9223372036854775807`},
		{[]string{"--retries", "-9223372036854775809"}, `--retries -9223372036854775809 is too small: the smallest it takes is -9223372036854775808`},
		{[]string{"--rate", "1e400"}, `--rate 1e400 is too large: the largest it takes is about 1.8e308`},
		{[]string{"--retries", "1.5"}, `--retries takes a whole number, got "1.5"`},
	} {
		fs := flag.NewFlagSet("t", flag.ContinueOnError)
		fs.SetOutput(io.Discard)
		fs.Uint64("seed", 5, "the random seed")
		fs.Duration("timeout", time.Second, "time allowed")
		fs.Bool("wide", false, "never wrap")
		fs.Int64("retries", 3, "tries at most")
		fs.Float64("rate", 1, "requests a second")
		fs.String("o", "", "write to FILE")
		fs.Var(budget{}, "budget", "the most requests")
		err := fs.Parse(c.args)
		if err == nil {
			t.Fatalf("%q parsed", c.args)
		}
		if got := Explain(fs, err).Error(); got != c.want {
			t.Errorf("%q:\n got %s\nwant %s", c.args, got, c.want)
		}
	}
}

// openRanged is a whole-number flag with a range of no top, as --width's.
type openRanged struct{ flag.Value }

func (openRanged) Allowed() string      { return "at least 40" }
func (o openRanged) Unwrap() flag.Value { return o.Value }

// A range with no top ("at least 40", --width's) is said as it is, not
// as "from at least 40"; a number too large for the kind is told the
// kind's largest, not "allowed are at least 40", which it is.
func TestAnOpenRangeIsSaidAsItIs(t *testing.T) {
	if got := Takes("a whole number", "1 to 10"); got != "a whole number from 1 to 10" {
		t.Errorf("Takes of a range: %q", got)
	}
	for _, c := range []struct{ arg, want string }{
		{"abc", `--width takes a whole number, at least 40, got "abc"`},
		{"99999999999999999999", "--width 99999999999999999999 is too large: the largest it takes is "},
	} {
		fs := flag.NewFlagSet("t", flag.ContinueOnError)
		fs.SetOutput(io.Discard)
		fs.Int("width", 0, "")
		f := fs.Lookup("width")
		f.Value = openRanged{f.Value}
		err := Explain(fs, fs.Parse([]string{"--width", c.arg}))
		if err == nil || !strings.HasPrefix(err.Error(), c.want) {
			t.Errorf("--width %s: %v, want %q", c.arg, err, c.want)
		}
	}
}
