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
		{[]string{"--seed", "-1"}, `--seed takes a whole number, 0 or more (the random seed), got "-1"`},
		{[]string{"--timeout", "x"}, `--timeout takes a duration, such as 500ms, 2s or 1m30s (time allowed), got "x"`},
		{[]string{"--wide=maybe"}, `--wide takes true or false (or nothing: --wide alone is true) (never wrap), got "maybe"`},
		{[]string{"--budget", "0"}, `--budget: a budget must be between 1 and 1e15 simulated requests`},
		{[]string{"--sede", "3"}, `unknown flag --sede: did you mean --seed?`},
		{[]string{"--nothing-near"}, `unknown flag --nothing-near`},
		{[]string{"-p"}, `unknown flag -p: did you mean -o?`},
		{[]string{"-o"}, `-o needs a value after it (write to FILE)`},
		{[]string{"--seed"}, `--seed needs a value after it (the random seed)`},
	} {
		fs := flag.NewFlagSet("t", flag.ContinueOnError)
		fs.SetOutput(io.Discard)
		fs.Uint64("seed", 5, "the random seed")
		fs.Duration("timeout", time.Second, "time allowed")
		fs.Bool("wide", false, "never wrap")
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
