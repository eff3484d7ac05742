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
	for _, c := range []struct {
		args       []string
		want, shun []string
	}{
		{[]string{"facts", "hytrix.buckets"}, []string{`no fact is called "hytrix.buckets": did you mean hystrix.buckets? ` + where}, []string{"opossum.timeout", "known:"}},
		{[]string{"facts", "hystrix.timeout"}, []string{"did you mean opossum.timeout or r4j.timelimiter.timeout? " + where}, []string{"hystrix.buckets"}},
		{[]string{"facts", "nope"}, []string{`no fact is called "nope", nor one near it. ` + where}, []string{"did you mean", "aws.retry.cost"}},
		{[]string{"facts", "r4j"}, []string{"the facts under it are: r4j.breaker.trials,", "r4j.timelimiter.timeout. " + where}, []string{"aws."}},
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
