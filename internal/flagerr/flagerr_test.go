package flagerr

import (
	"errors"
	"flag"
	"io"
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
