package challenge

import (
	"errors"
	"os"
	"strings"
	"testing"
)

// A goal, a claim or a par that no design can meet, and a par no design on
// the knobs' steps can beat, are refused when the file is loaded, with the
// line, the field, what was wrong and what is allowed: before, "share web
// ok >= 101%" or a par below the knob's range passed every check and gave
// the students a level they could not pass.
func TestImpossibleBoundsAreRefused(t *testing.T) {
	scenario := []byte("duration = \"10s\"\n[system]\nworkers = 10\n[[system.endpoints]]\nname = \"web\"\nrate = 10\ncalls = \"db\"\n[[system.dependencies]]\nname = \"db\"\nlatency = { kind = \"constant\", value = \"10ms\" }\npolicy = { timeout = \"1s\" }\n")
	open := func(rel string) ([]byte, error) {
		if rel == "s.toml" {
			return scenario, nil
		}
		return nil, os.ErrNotExist
	}
	// Line 11 is the goal's expect, line 14 the par's.
	good := "title = \"T\"\nscenario = \"s.toml\"\n\n[[knobs]]\npath = \"workers\"\nmin = 5\nmax = 20\nstep = 5\n\n[[goals]]\nexpect = \"share web ok >= 99%\"\n\n[par]\nexpect = \"param workers <= 15\"\n"
	if _, err := Parse("good.toml", []byte(good), open); err != nil {
		t.Fatalf("the good file does not parse: %v", err)
	}
	cases := []struct {
		name, from, to string
		want           []string // nil: accepted
	}{
		{"a share above 100%", `share web ok >= 99%`, `share web ok >= 101%`,
			[]string{`c.toml:11: goals[1].expect: "share web ok >= 101%" can never hold: share is a share, from 0% to 100%`}},
		{"a share beyond all of it", `share web ok >= 99%`, `share web ok > 100%`, []string{`c.toml:11: goals[1].expect: `, "can never hold", "from 0% to 100%"}},
		{"a share of all of it", `share web ok >= 99%`, `share web ok >= 100%`, nil},
		{"a count below 0", `share web ok >= 99%`, `count web failed < 0`, []string{`c.toml:11: goals[1].expect: "count web failed < 0" can never hold: count is never below 0`}},
		{"a latency below 0", `share web ok >= 99%`, `p99 web <= -1s`, []string{`c.toml:11: goals[1].expect: `, "p99 is never below 0"}},
		{"a knob's goal outside its range", `share web ok >= 99%`, `param workers <= 2`,
			[]string{`c.toml:11: goals[1].expect: "param workers <= 2" can never hold: the knob workers takes 5 to 20`}},
		{"a whole knob's goal between two numbers", `share web ok >= 99%`, `param workers == 7.5`, []string{"can never hold", "takes 5 to 20"}},
		{"goals on one knob that exclude each other", "expect = \"share web ok >= 99%\"\n", "expect = \"param workers >= 15\"\n\n[[goals]]\nexpect = \"param workers <= 10\"\n",
			[]string{`goals: goals[1] ("param workers >= 15") and goals[2] ("param workers <= 10") never hold together: no value of workers from 5 to 20 meets them all`}},
		{"a claim above 100%", "\n[par]", "\n[[claims]]\nexpect = \"share web ok >= 120%\"\n\n[par]", []string{`c.toml:14: claims[1].expect: "share web ok >= 120%" can never hold`}},
		{"a par below the knob's range", `param workers <= 15`, `param workers <= -1`,
			[]string{`c.toml:14: par.expect: "param workers <= -1" can never hold: the knob workers takes 5 to 20`}},
		{"a par no step beats", `param workers <= 15`, `param workers <= 5`,
			[]string{`c.toml:14: par.expect: "param workers <= 5" cannot be beaten: the third star needs "param workers < 5" with every goal met, and no value on the knob's steps (5 to 20, by 5) gives it`}},
		{"a par a step beats", `param workers <= 15`, `param workers <= 7`, nil},
		{"a par the goals on its knob keep from being beaten", "expect = \"share web ok >= 99%\"\n", "expect = \"param workers >= 15\"\n",
			[]string{`c.toml:14: par.expect: "param workers <= 15" cannot be beaten: the third star needs "param workers < 15" with every goal met`}},
		{"a par with no bound to exclude", `param workers <= 15`, `param workers < 15`, []string{`c.toml:14: par.expect: a par is written with <= or >=`}},
		{"a par of a whole share", `param workers <= 15`, `share web ok >= 100%`,
			[]string{`c.toml:14: par.expect: "share web ok >= 100%" can be met but never beaten: the third star needs "share web ok > 100%", and share is a share, from 0% to 100%`}},
		{"a par of no latency", `param workers <= 15`, `p99 web <= 0s`, []string{"can be met but never beaten", `"p99 web < 0s"`, "p99 is never below 0"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			text := strings.Replace(good, tc.from, tc.to, 1)
			if text == good {
				t.Fatalf("the case changes nothing: %q not in the file", tc.from)
			}
			_, err := Parse("c.toml", []byte(text), open)
			if tc.want == nil {
				if err != nil {
					t.Fatalf("refused: %v", err)
				}
				return
			}
			if err == nil {
				t.Fatalf("parsed; want an error containing %q", tc.want)
			}
			if !errors.Is(err, ErrInvalid) {
				t.Errorf("%v does not wrap ErrInvalid", err)
			}
			for _, w := range tc.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("got %q\nwant it to contain %q", err, w)
				}
			}
		})
	}
}
