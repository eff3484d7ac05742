package report_test

import (
	"bytes"
	"encoding/json"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/chaos"
	"github.com/breakerlab/breakerlab/engine/report"
	"github.com/breakerlab/breakerlab/engine/scenarios"
)

// unreachableGoServer is go-server with its payment provider unreachable
// over its hang, 20 s to 70 s, as --fault makes it: its host drops the
// dials too (engine.Unreachable), which a hung one's kernel accepts.
func unreachableGoServer(t *testing.T) *engine.Scenario {
	sc, err := chaos.Apply(scenarios.GoServer(), []chaos.Spec{{At: 20 * time.Second, Target: "payments", Kind: chaos.Unreachable, For: 50 * time.Second}})
	if err != nil {
		t.Fatal(err)
	}
	return sc
}

// go-server with no timeout, its provider unreachable: the transport's
// in-use peak is dials to the payment provider, far above the calls in
// flight to it, and the pool's line says so with the engine's count; the
// database's line, whose few dials are its warm-up, says nothing of them.
// Hung, the provider accepts the dials, and the line says none.
func TestPoolLineSaysItsDials(t *testing.T) {
	if _, text := runTable(t, scenarios.GoServer()); strings.Contains(text, "dialling") {
		t.Errorf("go-server, its provider hung: the table speaks of dials its host accepted at once:\n%s", text)
	}
	snaps, text := runTable(t, unreachableGoServer(t))
	var transport, database string
	for _, l := range strings.Split(text, "\n") {
		switch {
		case transport == "" && strings.Contains(l, "pool transport"):
			transport = l
		case database == "" && strings.Contains(l, "pool database"):
			database = l
		}
	}
	p := snaps[0].Pools[0]
	if p.Name != "transport" || 2*p.DiallingMax <= p.InUseMax {
		t.Fatalf("go-server: pool %s had at most %d dialling of %d in use, want most of the transport's", p.Name, p.DiallingMax, p.InUseMax)
	}
	want := "(size: no cap; up to " + commas(p.DiallingMax) + " of them still dialling)"
	if !strings.Contains(transport, want) {
		t.Errorf("the transport's line %q, want %q in it", transport, want)
	}
	if database == "" || strings.Contains(database, "dialling") {
		t.Errorf("the database's line %q speaks of dials", database)
	}
}

// run --format json gives each pool's dials as the table does, from the
// same snapshot: go-server's transport, its dials to the unreachable
// provider; its database, only its warm-up's.
func TestPoolJSONSaysItsDials(t *testing.T) {
	sc := unreachableGoServer(t)
	snaps, err := engine.RunAll(sc, 5)
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := report.WriteJSON(&buf, report.Build(sc, 5, snaps)); err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Variants []struct {
			Pools map[string]map[string]any `json:"pools"`
		} `json:"variants"`
	}
	if err := json.Unmarshal(buf.Bytes(), &doc); err != nil {
		t.Fatal(err)
	}
	for v := range snaps {
		for _, p := range snaps[v].Pools {
			got, ok := doc.Variants[v].Pools[p.Name]["dialling_max"].(float64)
			if !ok || int(got) != p.DiallingMax {
				t.Errorf("variant %d, pool %s: dialling_max %v, the snapshot %d", v, p.Name, doc.Variants[v].Pools[p.Name]["dialling_max"], p.DiallingMax)
			}
		}
	}
	if d := doc.Variants[0].Pools["transport"]["dialling_max"]; d.(float64) < 1000 {
		t.Errorf("go-server with no timeout: the transport's dialling_max %v, want its thousands of dials to the unreachable provider", d)
	}
}

// A pool capped per host says so: go-server's contained design caps its
// transport at 64 connections a host (MaxConnsPerHost) and none in all,
// and its line read "size: no cap".
func TestPoolLineSaysItsCapPerHost(t *testing.T) {
	snaps, text := runTable(t, scenarios.GoServer())
	var p *engine.PoolSnapshot
	for i := range snaps[1].Pools {
		if snaps[1].Pools[i].Name == "transport" {
			p = &snaps[1].Pools[i]
		}
	}
	if p == nil || p.Size != 0 || p.PerHost == 0 {
		t.Fatalf("go-server's second design should cap its transport per host alone: %+v", p)
	}
	want := "(size: no cap, " + commas(p.PerHost) + " a host"
	_, second, _ := strings.Cut(text, snaps[1].Variant+":")
	if !strings.Contains(second, want) {
		t.Errorf("the contained design's transport line should say %q:\n%s", want, second)
	}
}

// commas writes n with a comma every three digits, as the table does.
func commas(n int) string {
	s := strconv.Itoa(n)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}

// A pool's mean wait is written as the latency lines write a time:
// async-cascade's aiohttp connector made its attempts wait some 14 s on
// average, which the pool line printed as "14390 ms", four digits with no
// separator, beside "p99 5.00 s" on the lines above it.
func TestPoolWaitReadsAsATime(t *testing.T) {
	_, text := runTable(t, scenarios.AsyncCascade())
	seen := false
	for _, l := range strings.Split(text, "\n") {
		if !strings.Contains(l, " on average") || !strings.Contains(l, "pool ") {
			continue
		}
		seen = true
		_, avg, _ := strings.Cut(l, "waiting, ")
		avg, _, _ = strings.Cut(avg, " on average")
		n, unit, _ := strings.Cut(avg, " ")
		v, err := strconv.ParseFloat(n, 64)
		if err != nil || (unit != "ms" && unit != "s") || (unit == "ms" && v >= 1000) {
			t.Errorf("a pool's mean wait reads %q in %q: want a time as the latency lines write one", avg, l)
		}
	}
	if !seen {
		t.Fatalf("async-cascade's report has no pool wait:\n%s", text)
	}
}

// runTable runs sc's variants on seed 5 and writes run's table of them.
func runTable(t *testing.T, sc *engine.Scenario) ([]engine.Snapshot, string) {
	t.Helper()
	snaps, err := engine.RunAll(sc, 5)
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := report.WriteTable(&buf, sc, 5, snaps); err != nil {
		t.Fatal(err)
	}
	return snaps, buf.String()
}
