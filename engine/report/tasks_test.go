package report

import (
	"bytes"
	"encoding/json"
	"testing"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/scenarios"
)

// async-cascade's JSON reports, per pool, in_use_max, waiting_max and
// refusals, the loop's busy share and memory; its first variant fails the
// unrelated endpoints while the loop is mostly idle, its semaphore variant
// keeps them ok. A thread pool's report has none of the new keys.
func TestTasksJSON(t *testing.T) {
	sc := scenarios.AsyncCascade()
	snaps, err := engine.RunAll(sc, 5)
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := WriteJSON(&buf, Build(sc, 5, snaps)); err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Variants []struct {
			Name      string                                           `json:"name"`
			Endpoints map[string]struct{ Outcomes map[string]float64 } `json:"endpoints"`
			Tasks     map[string]any                                   `json:"tasks"`
			Pools     map[string]map[string]any                        `json:"pools"`
		} `json:"variants"`
	}
	if err := json.Unmarshal(buf.Bytes(), &doc); err != nil {
		t.Fatal(err)
	}
	okShare := func(v int, ep string) float64 {
		o := doc.Variants[v].Endpoints[ep].Outcomes
		return o["ok"] / (o["ok"] + o["fallback"] + o["rejected"] + o["failed"])
	}
	for v, variant := range doc.Variants {
		pool, ok := variant.Pools["aiohttp"]
		if !ok {
			t.Fatalf("%s: no pools.aiohttp in %s", variant.Name, buf.String())
		}
		for _, k := range []string{"in_use_max", "waiting_max", "refusals", "gave_up_waiting"} {
			if _, ok := pool[k]; !ok {
				t.Errorf("%s: pools.aiohttp has no %s", variant.Name, k)
			}
		}
		busy, ok := variant.Tasks["loop_busy_share"].(float64)
		if !ok || busy <= 0 || busy > 0.1 {
			t.Errorf("%s: loop_busy_share %v, want a few percent", variant.Name, variant.Tasks["loop_busy_share"])
		}
		mem, _ := variant.Tasks["memory"].(map[string]any)
		if mem["limit_mib"] != 2048.0 || mem["peak_mib"] == nil {
			t.Errorf("%s: memory %v, want its peak against a 2048 MiB limit", variant.Name, mem)
		}
		if v == 0 && pool["in_use_max"] != 100.0 {
			t.Errorf("with no containment the pool should run out: in_use_max %v of 100", pool["in_use_max"])
		}
	}
	if p, ok := doc.Variants[1].Tasks["permits"].(map[string]any)["search-api"].(map[string]any); !ok || p["refusals"].(float64) == 0 {
		t.Errorf("the semaphore variant's permits for search-api should show refusals: %v", doc.Variants[1].Tasks["permits"])
	}
	for _, ep := range []string{"profile", "catalog"} {
		if s := okShare(0, ep); s > 0.3 {
			t.Errorf("no containment: %s should fail behind search, %.1f %% ok", ep, 100*s)
		}
		if s := okShare(1, ep); s < 0.99 {
			t.Errorf("semaphores: %s should be ok, %.1f %% ok", ep, 100*s)
		}
	}

	cascade := scenarios.Cascade()
	cs, err := engine.RunAll(cascade, 5)
	if err != nil {
		t.Fatal(err)
	}
	buf.Reset()
	if err := WriteJSON(&buf, Build(cascade, 5, cs)); err != nil {
		t.Fatal(err)
	}
	if bytes.Contains(buf.Bytes(), []byte(`"tasks"`)) || bytes.Contains(buf.Bytes(), []byte(`"pools"`)) {
		t.Error("a thread pool's report has tasks or pools")
	}
}
