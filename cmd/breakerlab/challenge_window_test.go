package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/breakerlab/breakerlab/lessons/challenge"
)

// A reviewer on level 6: "orders refused 87.8%" was a share of the
// requests that arrived in 5–25 s, and --check never said so. For every
// built-in challenge on a scenario, --check names on each goal's line the
// window its value is measured over, and its JSON gives it as
// measured_window_ms: the window `breakerlab run` of the same design
// reports as the engine's (window_ms), where the goal has none of its own.
// A share always names it, where the window is not the whole run.
func TestCheckNamesTheWindowTheEngineUsed(t *testing.T) {
	racefree.Only(t) // runs the command in this goroutine, and the engine starts none
	tempConfig(t)
	all, err := challenge.All()
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	named := 0
	for _, c := range all {
		if c.Fleet != nil {
			continue // the shuffle lab has no window
		}
		start, err := c.StartFile()
		if err != nil {
			t.Fatal(err)
		}
		path := filepath.Join(dir, c.ID+".toml")
		if err := os.WriteFile(path, start, 0o644); err != nil {
			t.Fatal(err)
		}
		rout, rerr, code := run(t, "run", path, "--seed", "1", "--format", "json")
		if code != 0 {
			t.Fatalf("run %s: exit %d: %s", c.ID, code, rerr)
		}
		var engine struct {
			Duration float64  `json:"duration_s"`
			WindowMS [2]int64 `json:"window_ms"`
		}
		if err := json.Unmarshal([]byte(rout), &engine); err != nil {
			t.Fatal(err)
		}
		whole := engine.WindowMS[0] == 0 && engine.WindowMS[1] == c.Scenario.Duration.Milliseconds()
		words := fmt.Sprintf(" (%g–%g s)", float64(engine.WindowMS[0])/1000, float64(engine.WindowMS[1])/1000)
		text, _, _ := run(t, "challenge", c.ID, "--check", path)
		out, errOut, code := run(t, "challenge", c.ID, "--check", path, "--format", "json")
		if code != 0 && code != 1 {
			t.Fatalf("%s: exit %d: %s", c.ID, code, errOut)
		}
		type goal struct {
			Label    string    `json:"label"`
			Expect   string    `json:"expect"`
			WindowMS *[2]int64 `json:"window_ms"`
			Measured *[2]int64 `json:"measured_window_ms"`
		}
		var got struct {
			Goals []goal `json:"goals"`
			Par   *goal  `json:"par"`
		}
		if err := json.Unmarshal([]byte(out), &got); err != nil {
			t.Fatalf("%s: %v\n%s", c.ID, err, out)
		}
		if got.Par != nil {
			got.Goals = append(got.Goals, *got.Par)
		}
		for _, g := range got.Goals {
			if g.WindowMS != nil {
				if g.Measured == nil || *g.Measured != *g.WindowMS {
					t.Errorf("%s: %q has its own window %v, measured_window_ms %v", c.ID, g.Expect, *g.WindowMS, g.Measured)
				}
				continue
			}
			metric := strings.Fields(g.Expect)[0]
			share := metric == "share" || metric == "tenant-share"
			switch {
			case g.Measured != nil && *g.Measured != engine.WindowMS:
				t.Errorf("%s: %q says it is measured over %v ms, the engine's window is %v", c.ID, g.Expect, *g.Measured, engine.WindowMS)
			case g.Measured == nil && share && !whole:
				t.Errorf("%s: the share %q counts the requests of%s, and --check's JSON gives no measured_window_ms", c.ID, g.Expect, words)
			}
			if g.Measured == nil {
				continue
			}
			named++
			if !strings.Contains(text, " "+g.Label+words+" ") && !strings.Contains(text, " "+g.Label+words+"\n") {
				t.Errorf("%s: no line of --check reads %q:\n%s", c.ID, g.Label+words, text)
			}
		}
	}
	if named < 11 {
		t.Errorf("only %d goals name the scenario's window; the reviewer counted 11 scenarios with one", named)
	}
}
