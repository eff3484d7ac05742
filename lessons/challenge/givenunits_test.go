package challenge

import (
	"strings"
	"testing"
)

// A goal states a number in its unit, and checks a brief's number only in
// that unit (report rep-c3, defect 8): tenant-lanes' hint typed "about 40"
// slots, which passed because its par reads 40%.
func TestAGivenChecksANumberOnlyInItsUnit(t *testing.T) {
	scenario := []byte("duration = \"10s\"\n[system]\nworkers = 12\n[[system.endpoints]]\nname = \"web\"\nrate = 30\ncalls = \"db\"\n[[system.dependencies]]\nname = \"db\"\nlatency = { kind = \"constant\", value = \"10ms\" }\npolicy = { timeout = \"1s\" }\n")
	open := func(string) ([]byte, error) { return scenario, nil }
	for _, tc := range []struct {
		brief, unchecked string
	}{
		{"Past about 40 slots the calls queue.", "40"},
		{"Answer 40% of the calls.", ""},
		{"Answer 40 % of the calls.", ""},
		{"Keep it under 7 workers.", ""},
		{"Keep it under 7%.", "7"},
		{"Keep web's p99 under 200 ms.", ""},
		{"Keep web's p99 under 200 milliseconds.", ""},
		{"Keep web's p99 under 200 s.", "200"},
		{"Send 1,340 calls.", ""},
		{"Send 1,340 calls in 1,340 ms.", "1,340"},
	} {
		file := `title = "T"
scenario = "s.toml"
brief = "` + tc.brief + `"

[[knobs]]
path = "db.timeout"
min = "100ms"
max = "5s"
step = "100ms"

[[goals]]
expect = "inflight-max db <= 7"

[[goals]]
expect = "p99 web <= 200ms"

[[goals]]
expect = "calls db <= 1340"

[par]
expect = "share web ok >= 40%"
`
		c, err := Parse("c.toml", []byte(file), open)
		if err != nil {
			t.Fatal(err)
		}
		if got := strings.Join(c.UncheckedNumbers(), ","); got != tc.unchecked {
			t.Errorf("%q: unchecked %q, want %q", tc.brief, got, tc.unchecked)
		}
	}
}
