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

// --check --format json carries the "why" of each wrong choice the text
// prints, on every level whose start makes a choice with a why; and a
// shuffle design's failing seed says which customer lost every worker, in
// the text's message and the JSON's value.
func TestChallengeCheckJSONCarriesWhy(t *testing.T) {
	racefree.Only(t)
	tempConfig(t)
	dir := t.TempDir()
	all, err := challenge.All()
	if err != nil {
		t.Fatal(err)
	}
	tried := 0
	for _, c := range all {
		whys := c.Explain(c.Start())
		if len(whys) == 0 {
			continue
		}
		tried++
		start, err := c.StartFile()
		if err != nil {
			t.Fatal(err)
		}
		path := filepath.Join(dir, c.ID+".toml")
		os.WriteFile(path, start, 0o644)
		text, _, _ := run(t, "challenge", c.ID, "--check", path)
		out, errOut, _ := run(t, "challenge", c.ID, "--check", path, "--format", "json")
		var got struct {
			Pass bool     `json:"pass"`
			Why  []string `json:"why"`
		}
		if err := json.Unmarshal([]byte(out), &got); err != nil {
			t.Fatalf("%s: %v\n%s%s", c.ID, err, out, errOut)
		}
		if got.Pass {
			continue
		}
		if len(got.Why) != len(whys) {
			t.Errorf("%s: the JSON's why is %q, want %q", c.ID, got.Why, whys)
			continue
		}
		for i, w := range whys {
			if got.Why[i] != w {
				t.Errorf("%s: why %d is %q, want %q", c.ID, i, got.Why[i], w)
			}
			if !strings.Contains(text, "  why: "+strings.Fields(w)[0]) {
				t.Errorf("%s: the text has no why for %q\n%s", c.ID, w, text)
			}
		}
	}
	if tried < 3 {
		t.Errorf("only %d levels start on a choice with a why", tried)
	}

	c, err := challenge.Lookup("shuffle-shards")
	if err != nil {
		t.Fatal(err)
	}
	design, err := c.DesignFile(challenge.Setting{"strategy": "shuffle", "per_customer": int64(3)})
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, "shuffle3.toml")
	os.WriteFile(path, design, 0o644)
	// The cause is said once, in the why that names its goal; the
	// closing error keeps the figures alone.
	text, errOut, code := run(t, "challenge", c.ID, "--check", path)
	const cause = "are all the poisoned customer 0's too: random shards make a full overlap rare, not impossible"
	if code != 1 || !strings.Contains(errOut, "customers who lose every worker is 1 on seed") || strings.Count(strings.Join(strings.Fields(text+errOut), " "), cause) != 1 {
		t.Errorf("shuffle, 3 workers: exit %d, want the customer who lost every worker once, and why\n%s%s", code, text, errOut)
	}
	if i := strings.Index(text, "  why: customers who lose every worker: "); i < 0 || !strings.Contains(strings.Join(strings.Fields(text[i:]), " "), cause) {
		t.Errorf("shuffle, 3 workers: no why names the goal and its cause\n%s", text)
	}
	// Its one failing seed is the worst, whose cause the JSON's top-level
	// why gives (TestChallengeCheckJSONSeedWhyNotRepeated).
	out, _, _ := run(t, "challenge", c.ID, "--check", path, "--format", "json")
	if !strings.Contains(out, `"customers who lose every worker: 1 on seed `) || !strings.Contains(out, `. Customer `) {
		t.Errorf("shuffle, 3 workers: the JSON names no customer who lost every worker\n%s", out)
	}
}

// Level 12's unset deadline reads in --check as its knob reads it on the
// challenge screen (challenge.UnsetText), not "none" beside "≤ 1 s".
func TestChallengeCheckSaysTheUnsetKnobsWord(t *testing.T) {
	racefree.Only(t)
	tempConfig(t)
	c, err := challenge.Lookup("deadline")
	if err != nil {
		t.Fatal(err)
	}
	start, err := c.StartFile()
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "deadline.toml")
	os.WriteFile(path, start, 0o644)
	text, errOut, code := run(t, "challenge", c.ID, "--check", path)
	var line string
	for _, l := range strings.Split(text, "\n") {
		if strings.Contains(l, "deadline within the client's patience") && !strings.Contains(l, "why:") {
			line = l
		}
	}
	var knob string
	for i := range c.Knobs {
		if k := &c.Knobs[i]; k.Path == "payment.deadline" {
			knob = k.Format(c.Start()[k.Path])
		}
	}
	if code != 1 || !strings.Contains(line, " "+challenge.UnsetText+"  ≤ 1 s") || knob != "0 s ("+challenge.UnsetText+")" {
		t.Errorf("exit %d; the goal's line %q and the knob %q should both say %q\n%s%s", code, line, knob, challenge.UnsetText, text, errOut)
	}
}
