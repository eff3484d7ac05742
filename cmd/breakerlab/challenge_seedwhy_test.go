package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/breakerlab/breakerlab/lessons/challenge"
)

type seedWhyJSON struct {
	Why   []string `json:"why"`
	Goals []struct {
		Label     string `json:"label"`
		WorstSeed uint64 `json:"worst_seed"`
		Values    []struct {
			Seed uint64 `json:"seed"`
			Text string `json:"text"`
			OK   bool   `json:"ok"`
			Why  string `json:"why"`
		} `json:"values"`
	} `json:"goals"`
}

// checkJSONOf grades setting for level id with --check --format json.
func checkJSONOf(t *testing.T, id string, s challenge.Setting) seedWhyJSON {
	t.Helper()
	c, err := challenge.Lookup(id)
	if err != nil {
		t.Fatal(err)
	}
	design, err := c.DesignFile(s)
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), id+".toml")
	if err := os.WriteFile(path, design, 0o644); err != nil {
		t.Fatal(err)
	}
	out, errOut, _ := run(t, "challenge", id, "--check", path, "--format", "json")
	var got seedWhyJSON
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatalf("%s: %v\n%s%s", id, err, out, errOut)
	}
	return got
}

// A seed's "why" in --check's JSON says only what the top-level "why" does
// not: plain shards fail every seed for the one reason, said once at the
// top; random shards fail each seed on its own customer, which each seed
// names, but the worst seed's cause stays the top-level's alone.
func TestChallengeCheckJSONSeedWhyNotRepeated(t *testing.T) {
	racefree.Only(t) // runMain in this goroutine; the grading starts none here
	tempConfig(t)
	for _, tc := range []struct {
		name     string
		setting  challenge.Setting
		seedWhys bool // some seed has a cause of its own
	}{
		{"plain", challenge.Setting{}, false},
		{"shuffle", challenge.Setting{"strategy": "shuffle"}, true},
	} {
		got := checkJSONOf(t, "shuffle-shards", tc.setting)
		top := strings.Join(got.Why, "\n")
		if !strings.Contains(top, "are all the poisoned customer 0's too") {
			t.Fatalf("%s: the top-level why gives no cause: %q", tc.name, got.Why)
		}
		failing, own := 0, 0
		for _, g := range got.Goals {
			for _, v := range g.Values {
				if !v.OK {
					failing++
				}
				if v.Why == "" {
					continue
				}
				own++
				cause := strings.ToUpper(v.Why[:1]) + v.Why[1:]
				if strings.Contains(top, cause) {
					t.Errorf("%s: seed %d's why repeats the top-level why: %q", tc.name, v.Seed, v.Why)
				}
				if v.Seed == g.WorstSeed {
					t.Errorf("%s: the worst seed %d carries the top-level why's cause again", tc.name, v.Seed)
				}
			}
		}
		if failing < 2 {
			t.Fatalf("%s: %d failing seeds, want several to tell apart", tc.name, failing)
		}
		if tc.seedWhys != (own > 0) {
			t.Errorf("%s: %d seeds carry a why of their own, of %d failing", tc.name, own, failing)
		}
	}
}

// Level 12's unset deadline reads the same in --check's JSON as in its
// lines and on the challenge screen: GoalResult.ShownOn's UnsetText, not
// "none".
func TestChallengeCheckJSONSaysTheUnsetKnobsWord(t *testing.T) {
	racefree.Only(t) // runMain in this goroutine; the grading starts none here
	tempConfig(t)
	got := checkJSONOf(t, "deadline", challenge.Setting{})
	found := false
	for _, g := range got.Goals {
		if !strings.Contains(g.Label, "deadline within the client's patience") {
			continue
		}
		for _, v := range g.Values {
			found = true
			if v.Text != challenge.UnsetText {
				t.Errorf("seed %d: the unset deadline's text is %q, want %q", v.Seed, v.Text, challenge.UnsetText)
			}
		}
	}
	if !found {
		t.Fatalf("no value for the deadline's goal in %+v", got)
	}
}
