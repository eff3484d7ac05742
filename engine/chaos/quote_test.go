package chaos

import (
	"reflect"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/engine/scenariofile"
)

// A target whose name holds a space is written in double quotes, as a
// knob path writes a name ("orders db".timeout): the spec's words were cut
// at every space, so "orders db" could not be named at all.
func TestAQuotedTargetIsOneWord(t *testing.T) {
	for _, tc := range []struct {
		in, target, back string
	}{
		{`20s "orders db" hang for 10s`, "orders db", ""},
		{`20s orders/"my db" slow 2s`, "orders/my db", `20s "orders/my db" slow 2s`},
		{`20s "my svc"#3 down`, "my svc#3", `20s "my svc#3" down`},
		{`20s "a\"b" hang`, `a"b`, ""},
		{`20s "plain" hang`, "plain", "20s plain hang"},
		{"20s\t\"tab\tname\"  errors 50%", "tab\tname", `20s "tab\tname" errors 50%`},
	} {
		sp, err := Parse(tc.in)
		if err != nil {
			t.Errorf("Parse(%q): %v", tc.in, err)
			continue
		}
		if sp.Target != tc.target {
			t.Errorf("Parse(%q).Target = %q, want %q", tc.in, sp.Target, tc.target)
		}
		back := tc.back
		if back == "" {
			back = tc.in
		}
		if sp.String() != back {
			t.Errorf("Parse(%q).String() = %q, want %q", tc.in, sp.String(), back)
		}
		if again, err := Parse(sp.String()); err != nil || again != sp {
			t.Errorf("Parse(String()) of %q = %+v, %v; want the same spec", tc.in, again, err)
		}
	}
	if _, err := Parse(`20s "orders db hang`); err == nil || !strings.Contains(err.Error(), "needs its closing quote") {
		t.Errorf("an open quote: %v, want it named", err)
	}
	if got, err := Fields(`12s "orders d`); err == nil || !reflect.DeepEqual(got, []string{"12s", "orders d"}) {
		t.Errorf("Fields of an open quote = %q, %v; want the words read, the open one last, and an error", got, err)
	}
}

// A scenario file may name a part with a space: a fault reaches it by its
// quoted name, runs as the same fault of a bare name would, and a target
// that is not there gets the list with such names quoted.
func TestAPartWithASpaceTakesAFault(t *testing.T) {
	file := func(name string) []byte {
		return []byte(`duration = "10s"
[system]
workers = 10
[[system.endpoints]]
name = "web"
rate = 20
calls = "` + name + `"
[[system.dependencies]]
name = "` + name + `"
latency = { kind = "constant", value = "10ms" }
policy = { timeout = "1s" }
`)
	}
	spaced, err := scenariofile.Parse("spaced.toml", file("orders db"))
	if err != nil {
		t.Fatal(err)
	}
	bare, err := scenariofile.Parse("spaced.toml", file("orders-db"))
	if err != nil {
		t.Fatal(err)
	}
	a := mustApply(t, spaced, `2s "orders db" hang for 3s`)
	b := mustApply(t, bare, `2s orders-db hang for 3s`)
	fa, fb := a.Variants[0].System.Dependencies[0].Faults, b.Variants[0].System.Dependencies[0].Faults
	if len(fa) != 1 || !reflect.DeepEqual(fa, fb) {
		t.Errorf("the quoted name's faults are %+v, the bare name's %+v", fa, fb)
	}
	sp, _ := Parse("2s orders hang")
	err = Check(spaced, sp)
	if err == nil || !strings.Contains(err.Error(), `targets: dependencies "orders db" (`) {
		t.Errorf("an unknown target: %v, want the targets with \"orders db\" quoted", err)
	}
	if d := Describe(TargetsOf(bare)); !strings.Contains(d, "dependencies orders-db (") {
		t.Errorf("a name that needs no quotes is written bare: %s", d)
	}
}
