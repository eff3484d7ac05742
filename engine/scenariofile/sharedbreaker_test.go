package scenariofile

import (
	"errors"
	"strings"
	"testing"
)

// gateway is a front service with two upstreams that share one breaker.
const gateway = `name = "gw"
duration = "10s"

[system]
workers = 8

[[system.endpoints]]
name = "a"
rate = 5
calls = "up-a"

[[system.endpoints]]
name = "b"
rate = 5
calls = "up-b"

[[system.dependencies]]
name = "up-a"
latency = { kind = "constant", value = "2ms" }
policy = { timeout = "1s", shared_breaker = "upstreams", breaker = { window_size = 10, failure_rate = 0.5, open_for = "5s", half_open_trials = 1 } }

[[system.dependencies]]
name = "up-b"
latency = { kind = "constant", value = "2ms" }
policy = { timeout = "1s", shared_breaker = "upstreams", breaker = { window_size = 10, failure_rate = 0.5, open_for = "5s", half_open_trials = 1 } }
`

func TestSharedBreakerParses(t *testing.T) {
	sc, err := Parse("gw.toml", []byte(gateway))
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range sc.Variants[0].System.Dependencies {
		if d.Policy.SharedBreaker != "upstreams" {
			t.Errorf("%s: shared breaker %q, want upstreams", d.Name, d.Policy.SharedBreaker)
		}
	}
	out, err := Dump(sc)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(out), `shared_breaker = "upstreams"`) {
		t.Errorf("the dump does not carry the group:\n%s", out)
	}
}

func TestSharedBreakerErrors(t *testing.T) {
	cases := []struct {
		name string
		doc  string
		line int
		want string
	}{
		{"unequal breakers", line(gateway, 20, `policy = { timeout = "1s", shared_breaker = "upstreams", breaker = { window_size = 20, failure_rate = 0.5, open_for = "5s", half_open_trials = 1 } }`), 25,
			`dependencies "up-b" and "up-a" (line 20) share breaker "upstreams", but their breaker tables differ`},
		{"no breaker", line(gateway, 25, `policy = { timeout = "1s", shared_breaker = "upstreams" }`), 25,
			`shared_breaker "upstreams" needs a breaker in the same policy`},
		{"an empty group", line(gateway, 25, `policy = { shared_breaker = "", breaker = { window_size = 10, failure_rate = 0.5, open_for = "5s", half_open_trials = 1 } }`), 25,
			`shared_breaker names a group of dependencies that share one breaker; it may not be empty`},
		{"a number", line(gateway, 25, `policy = { shared_breaker = 1, breaker = { window_size = 10, failure_rate = 0.5, open_for = "5s", half_open_trials = 1 } }`), 25,
			`shared_breaker`},
		{"a group named after another dependency", strings.ReplaceAll(gateway, `shared_breaker = "upstreams"`, `shared_breaker = "up-c"`) +
			"\n[[system.dependencies]]\nname = \"up-c\"\nlatency = { kind = \"constant\", value = \"2ms\" }\n", 20,
			`shared_breaker "up-c" is also the name of dependency "up-c", which is not in the group`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := Parse("gw.toml", []byte(c.doc))
			if err == nil {
				t.Fatalf("no error for:\n%s", c.doc)
			}
			var fe *Error
			if !errors.As(err, &fe) || !errors.Is(err, ErrInvalid) {
				t.Fatalf("error is not a located *Error wrapping ErrInvalid: %T %v", err, err)
			}
			if fe.Line != c.line {
				t.Errorf("got line %d, want %d (%v)", fe.Line, c.line, err)
			}
			if !strings.Contains(err.Error(), c.want) {
				t.Errorf("error %q\ndoes not contain %q", err, c.want)
			}
		})
	}
}
