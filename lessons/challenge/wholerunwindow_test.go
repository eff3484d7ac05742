package challenge

import (
	"strings"
	"testing"
)

// A teacher's goal "calls db <= 200" with from = "2s" and to = "4s" loaded,
// and the view and --check showed "calls db (2–4 s)" beside the run's
// total: calls, inflight-max and the other dependency counters count over
// the whole run, and the window changed nothing. A window on a metric that
// never reads it now refuses the file, naming the field and its line; a
// window on a count of the window's requests still loads.
func TestAWindowOnAWholeRunMetricIsRefused(t *testing.T) {
	plainPar := "\n[par]\nexpect = \"share web ok >= 40%\"\n"
	for _, tc := range []struct {
		name, body, want string // want: "" loads; else the error holds it
	}{
		{"a share over a window", "\n[[goals]]\nexpect = \"share web ok >= 50%\"\nfrom = \"2s\"\nto = \"4s\"\n" + plainPar, ""},
		{"a count over a window", "\n[[goals]]\nexpect = \"count web ok >= 1\"\nfrom = \"2s\"\n" + plainPar, ""},
		{"calls over a window", "\n[[goals]]\nexpect = \"share web ok >= 50%\"\n\n[[goals]]\nexpect = \"calls db <= 200\"\nfrom = \"2s\"\nto = \"4s\"\n" + plainPar,
			"c.toml:15: goals[2].from: calls counts over the whole run"},
		{"inflight-max up to a time", "\n[[goals]]\nexpect = \"inflight-max db <= 7\"\nto = \"4s\"\n" + plainPar,
			"goals[1].to: inflight-max counts over the whole run"},
		{"a knob's value over a window", "\n[[goals]]\nexpect = \"share web ok >= 50%\"\n\n[par]\nexpect = \"param db.timeout <= 1s\"\nfrom = \"2s\"\n",
			"par.from: param is a setting of the design, not a count"},
		{"a claim of calls over a window", "\n[[goals]]\nexpect = \"share web ok >= 50%\"\n" + plainPar + "\n[[claims]]\nexpect = \"calls db >= 1\"\nfrom = \"2s\"\nto = \"4s\"\n",
			"claims[1].from: calls counts over the whole run"},
	} {
		_, err := dbLevel(tc.body)
		switch {
		case tc.want == "" && err != nil:
			t.Errorf("%s: refused: %v", tc.name, err)
		case tc.want != "" && err == nil:
			t.Errorf("%s: loaded; want it refused with %q", tc.name, tc.want)
		case tc.want != "" && !strings.Contains(err.Error(), tc.want):
			t.Errorf("%s: %v\nwant it to say %q", tc.name, err, tc.want)
		case tc.want != "" && !strings.Contains(err.Error(), "leave them out"):
			t.Errorf("%s: %v\nwant it to say what to do", tc.name, err)
		}
	}
}

// dbLevel parses a level on a scenario of one endpoint, web, calling one
// dependency, db (10 a second, 10 ms a call, a 1 s timeout), whose one knob
// is db's timeout; body follows the knob: goals, par and claims.
func dbLevel(body string) (*Challenge, error) {
	scenario := []byte("duration = \"10s\"\n[system]\nworkers = 10\n[[system.endpoints]]\nname = \"web\"\nrate = 10\ncalls = \"db\"\n[[system.dependencies]]\nname = \"db\"\nlatency = { kind = \"constant\", value = \"10ms\" }\npolicy = { timeout = \"1s\" }\n")
	open := func(string) ([]byte, error) { return scenario, nil }
	head := `title = "T"
scenario = "s.toml"

[[knobs]]
path = "db.timeout"
min = "100ms"
max = "5s"
step = "100ms"
`
	return Parse("c.toml", []byte(head+body), open)
}
