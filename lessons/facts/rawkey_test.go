package facts

import (
	"regexp"
	"strings"
	"testing"
)

// factKeyRE finds what reads as a fact's name: lower-case words joined by
// dots ("aws.retry.js.transient_cost").
var factKeyRE = regexp.MustCompile(`\b[a-z][a-z0-9_]*(?:\.[a-z][a-z0-9_]*)+\b`)

// A fact's sentence is read by a learner (`breakerlab facts`, an error
// that lists the facts): it states another fact's number, never its name.
// aws.retry.cost said "aws-sdk-js-v3 charges aws.retry.js.transient_cost
// after a transient error".
func TestFactTextsShowNoFactKey(t *testing.T) {
	all := All()
	for _, f := range all {
		if k := factKeyRE.FindString(f.Says); k != "" {
			t.Errorf("%s says %q: %q reads as a fact's name; write its number", f.Name, f.Says, k)
		}
		for _, g := range all {
			if strings.Contains(f.Source, g.Name) {
				t.Errorf("%s's source names the fact %s: %s", f.Name, g.Name, f.Source)
			}
		}
	}
	f, err := Lookup("aws.retry.cost")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(f.Says, "aws-sdk-js-v3 charges 10 after a transient error") {
		t.Errorf("aws.retry.cost should give aws-sdk-js-v3's price as a number: %s", f.Says)
	}
}
