package main

import (
	"fmt"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/breakerlab/breakerlab/lessons/facts"
)

// A name presets or facts does not know is refused as a flag is: the line
// ends with where the command is explained, and fits 80 columns. facts
// listed all of its some sixty names on one line of 1,400 characters and
// ended with no pointer; it names the few nearest and where all are.
func TestUnknownNameRefusalsFitAndPointToHelp(t *testing.T) {
	racefree.Only(t) // no goroutine: every case is refused before anything starts
	tempConfig(t)
	where := fmt.Sprintf("All %d are listed by breakerlab facts with no name", len(facts.All()))
	const r4jPreset = "Resilience4j 2.x's breaker defaults are a preset, not a fact: breakerlab presets resilience4j prints them."
	for _, c := range []struct {
		args       []string
		want, shun []string
	}{
		{[]string{"facts", "hytrix.buckets"}, []string{`no fact is called "hytrix.buckets": did you mean hystrix.buckets? ` + where}, []string{"opossum.timeout", "known:"}},
		{[]string{"facts", "hystrix.timeout"}, []string{"did you mean opossum.timeout or r4j.timelimiter.timeout? " + where}, []string{"hystrix.buckets"}},
		{[]string{"facts", "nope"}, []string{`no fact is called "nope", nor one near it. ` + where}, []string{"did you mean", "aws.retry.cost"}},
		{[]string{"facts", "r4j"}, []string{"the facts under it are: r4j.breaker.trials,", "r4j.timelimiter.timeout. " + r4jPreset + " " + where}, []string{"aws."}},
		// A library's breaker defaults are presets: "polly.window" was
		// asked "did you mean guide.breaker.window?", the references'
		// starting window of 20 calls, and no word said where Polly's 30 s
		// is. The refusal names the preset first.
		{[]string{"facts", "polly.window"}, []string{`no fact is called "polly.window". Polly v8's breaker defaults are a preset, not a fact: breakerlab presets polly prints them. Or did you mean guide.breaker.window? ` + where}, nil},
		{[]string{"facts", "r4j.breaker.window"}, []string{`no fact is called "r4j.breaker.window". ` + r4jPreset}, nil},
		{[]string{"facts", "Hystrix.sleep_window"}, []string{"nor one near it. Netflix Hystrix 1.5's breaker defaults are a preset, not a fact: breakerlab presets hystrix prints them. " + where}, nil},
		{[]string{"presets", "nope"}, []string{`unknown breaker preset "nope" (allowed: resilience4j,`}, nil},
		{[]string{"presets", "polly", "hystrix2"}, []string{`did you mean "hystrix"?`}, nil},
	} {
		_, errOut, code := run(t, c.args...)
		one := flat(errOut)
		if code != 2 || !strings.HasPrefix(one, "breakerlab "+c.args[0]+": ") || !strings.HasSuffix(one, "; see breakerlab "+c.args[0]+" --help") {
			t.Errorf("%q: exit %d, %q; want exit 2 and a refusal that ends pointing to breakerlab %s --help", c.args, code, errOut, c.args[0])
		}
		for _, w := range c.want {
			if !strings.Contains(one, w) {
				t.Errorf("%q: %q\nwant %q", c.args, errOut, w)
			}
		}
		for _, s := range c.shun {
			if strings.Contains(one, s) {
				t.Errorf("%q: %q\nnames %q, which is not near", c.args, errOut, s)
			}
		}
		for _, line := range strings.Split(strings.TrimSuffix(errOut, "\n"), "\n") {
			if n := utf8.RuneCountInString(line); n > messageWidth {
				t.Errorf("%q: a line of %d columns, over %d: %q", c.args, n, messageWidth, line)
			}
		}
	}
}

// Every command that takes a name refuses one it does not know as facts
// and presets do: exit 2, what was given and what is allowed, on lines
// that fit 80 columns, ending with where the command is explained. run,
// sandbox, record and sweep's unknown scenario, lesson's and challenge's
// unknown level, the exercises', the interview's prompt, scenarios
// --dump's, lab's experiment and completion's shell ended with the list
// and no pointer, unlike every flag refused beside them.
func TestEveryUnknownNamePointsToHelp(t *testing.T) {
	racefree.Only(t) // no goroutine: every case is refused before anything starts
	tempConfig(t)
	t.Chdir(t.TempDir()) // exercises: no workbook here
	for _, c := range []struct {
		args []string
		want string // what was given and what is allowed
	}{
		{[]string{"run", "nope"}, `no built-in scenario or scenario file is called "nope" (built in: api-gateway,`},
		{[]string{"run", "nope.toml"}, "scenario file nope.toml does not exist (give a built-in scenario, one of api-gateway,"},
		{[]string{"sandbox", "nope"}, `no built-in scenario or scenario file is called "nope" (built in:`},
		{[]string{"record", "nope", "-o", "x.cast"}, `no built-in scenario or scenario file is called "nope" (built in:`},
		{[]string{"sweep", "nope", "--vary", "workers=10..20", "--measure", "ok"}, `no built-in scenario or scenario file is called "nope" (built in:`},
		{[]string{"scenarios", "--dump", "nope"}, `no built-in scenario is called "nope"; --dump takes one of api-gateway,`},
		{[]string{"lesson", "nope"}, `unknown lesson "nope": give a number from 1 to`},
		{[]string{"lesson", "99"}, `unknown lesson "99": give a number from 1 to`},
		{[]string{"record", "--lesson", "nope", "-o", "x.cast"}, `unknown lesson "nope": give a number from 1 to`},
		{[]string{"challenge", "nope"}, `no challenge is called "nope"; the challenges are: 1 timeout-pool,`},
		{[]string{"exercises", "nope"}, `unknown exercises command "nope"; the commands are init, list,`},
		{[]string{"exercises", "hint", "nope"}, `unknown exercise "nope": give a number from 1 to`},
		{[]string{"exercises", "solution", "99"}, `unknown exercise "99": give a number from 1 to`},
		{[]string{"interview", "nope"}, `unknown interview prompt "nope" (allowed: api-gateway,`},
		{[]string{"interview", "--rubric", "nope"}, `--rubric: unknown interview prompt "nope" (allowed:`},
		{[]string{"drill", "--topic", "nope"}, `--topic: unknown topic "nope" (allowed: cascade,`},
		{[]string{"lab", "nope"}, `lab runs one experiment, checkout (lab checkout [flags]), got "nope"`},
		{[]string{"completion", "nope"}, `no completion for "nope"; the shells are: bash,`},
		{[]string{"facts", "nope"}, `no fact is called "nope"`},
		{[]string{"presets", "nope"}, `unknown breaker preset "nope" (allowed: resilience4j,`},
	} {
		_, errOut, code := run(t, c.args...)
		one := flat(errOut)
		if code != 2 || !strings.HasPrefix(one, "breakerlab "+c.args[0]+": ") || !strings.HasSuffix(one, "; see breakerlab "+c.args[0]+" --help") {
			t.Errorf("%q: exit %d, %q; want exit 2 and a refusal that ends pointing to breakerlab %s --help", c.args, code, errOut, c.args[0])
		}
		if !strings.Contains(one, c.want) {
			t.Errorf("%q: %q\nwant %q", c.args, errOut, c.want)
		}
		if c.args[1] == "--rubric" || c.args[1] == "--topic" {
			// A choice flag's value: refused on one line, as every such
			// flag's is (TestAValueTheCommandDoesNotTakeIsOneLine).
			if strings.Count(errOut, "\n") != 1 {
				t.Errorf("%q: %q, want one line, as every flag's refusal", c.args, errOut)
			}
			continue
		}
		for _, line := range strings.Split(strings.TrimSuffix(errOut, "\n"), "\n") {
			if n := utf8.RuneCountInString(line); n > messageWidth {
				t.Errorf("%q: a line of %d columns, over %d: %q", c.args, n, messageWidth, line)
			}
		}
	}
}
