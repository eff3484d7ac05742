package breaker

import (
	"bufio"
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"

	"github.com/breakerlab/breakerlab/internal/racefree"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"
)

// diffScripts sets how many random scripts each differential test against
// a real library plays; 0 leaves each test's own number (a few seconds'
// worth). `make test-long` raises it.
var diffScripts = flag.Int("diff.scripts", 0, "random scripts per differential test (0: the test's default)")

func scriptsToPlay(def int) int {
	if *diffScripts > 0 {
		return *diffScripts
	}
	return def
}

// The opossum preset is checked against the real opossum (Node.js), pinned
// in testdata/opossum/package-lock.json: random scripts of calls fired,
// calls settled (success or failure), clock moves and state queries are
// played on this package's Breaker here, then on opossum by
// testdata/opossum/driver.js under @sinonjs/fake-timers, and they must
// agree on every call let through or refused, and at every query on the
// state and on the window's fires and failures. The Go side times the
// calls out (Breaker.TimedOut) as opossum's own timeout does.
//
// The test needs node and npm; without them it says so and skips. It
// installs the pinned packages with `npm ci` when testdata/opossum has
// no node_modules matching the lockfile.

const opossumDir = "testdata/opossum"

var (
	opossumOnce sync.Once
	opossumErr  error
	opossumSkip string
)

// opossumReady installs the driver's packages once per test binary.
func opossumReady(t *testing.T) {
	t.Helper()
	opossumOnce.Do(func() {
		for _, tool := range []string{"node", "npm"} {
			if _, err := exec.LookPath(tool); err != nil {
				opossumSkip = tool + " is not installed: the differential test against the real opossum (Node.js) needs node and npm"
				return
			}
		}
		if opossumInstalled() {
			return
		}
		cmd := exec.Command("npm", "ci", "--no-audit", "--no-fund", "--loglevel=error")
		cmd.Dir = opossumDir
		if out, err := cmd.CombinedOutput(); err != nil {
			opossumErr = fmt.Errorf("npm ci in %s: %w\n%s", opossumDir, err, out)
		}
	})
	if opossumSkip != "" {
		t.Skip(opossumSkip)
	}
	if opossumErr != nil {
		t.Fatal(opossumErr)
	}
}

// opossumInstalled says whether node_modules holds the versions the
// lockfile pins (npm ci writes node_modules/.package-lock.json as a copy).
func opossumInstalled() bool {
	want, err := os.ReadFile(filepath.Join(opossumDir, "package-lock.json"))
	if err != nil {
		return false
	}
	got, err := os.ReadFile(filepath.Join(opossumDir, "node_modules", ".package-lock.json"))
	if err != nil {
		return false
	}
	type lock struct {
		Packages map[string]struct{ Version string } `json:"packages"`
	}
	var w, g lock
	if json.Unmarshal(want, &w) != nil || json.Unmarshal(got, &g) != nil {
		return false
	}
	for path, p := range w.Packages {
		if path != "" && g.Packages[path].Version != p.Version {
			return false
		}
	}
	return true
}

// opossumSettings are the options one script runs with, in milliseconds.
type opossumSettings struct {
	Timeout int // 0: no timeout
	Reset   int // resetTimeout
	Percent int // errorThresholdPercentage
	Span    int // rollingCountTimeout
	Buckets int // rollingCountBuckets
	Volume  int // volumeThreshold
}

// options are the settings as opossum's options object; timeout 0 is false.
func (s opossumSettings) options() map[string]any {
	m := map[string]any{
		"resetTimeout": s.Reset, "errorThresholdPercentage": s.Percent,
		"rollingCountTimeout": s.Span, "rollingCountBuckets": s.Buckets, "volumeThreshold": s.Volume,
		// Snapshots and latency percentiles are bookkeeping no rule reads;
		// off, the driver runs faster.
		"enableSnapshots": false, "rollingPercentilesEnabled": false,
	}
	if s.Timeout == 0 {
		m["timeout"] = false
	} else {
		m["timeout"] = s.Timeout
	}
	return m
}

func (s opossumSettings) config() Config {
	ms := func(n int) time.Duration { return time.Duration(n) * time.Millisecond }
	c := Opossum()
	c.CallTimeout = ms(s.Timeout)
	c.OpenFor = ms(s.Reset)
	c.FailureRate = float64(s.Percent) / 100
	c.WindowSpan, c.WindowBuckets = ms(s.Span), s.Buckets
	c.MinimumCalls = s.Volume
	return c
}

// opossumScript is one script, played here as it is drawn, with what this
// package answered to each op.
type opossumScript struct {
	settings opossumSettings
	ops      [][]any
	ours     []string
	trace    []string
}

func drawOpossumSettings(r *rand.Rand, defaults bool) opossumSettings {
	if defaults {
		return opossumSettings{Timeout: 10000, Reset: 30000, Percent: 50, Span: 10000, Buckets: 10}
	}
	s := opossumSettings{
		Reset:   1 + r.IntN(8000),
		Percent: []int{50, 50, 1 + r.IntN(99), 25, 75, 33, 66}[r.IntN(7)],
		Buckets: 1 + r.IntN(10),
		Volume:  []int{0, 0, 0, 1, 2, 3, 5}[r.IntN(7)],
	}
	s.Span = s.Buckets * (100 + r.IntN(1000))
	if r.IntN(4) > 0 {
		s.Timeout = 1 + r.IntN(6000)
	}
	return s
}

// playOpossum draws a script of n ops and plays it on a Breaker.
func playOpossum(r *rand.Rand, st opossumSettings, n int) (*opossumScript, error) {
	b, err := New(st.config(), nil)
	if err != nil {
		return nil, err
	}
	ms := time.Millisecond
	sc := &opossumScript{settings: st, ops: [][]any{}}
	type call struct {
		id     int
		permit Permit
		start  time.Duration
	}
	var inFlight []call
	var now time.Duration
	ran := 0
	answer := func(op []any, ours string) {
		sc.ops = append(sc.ops, op)
		sc.ours = append(sc.ours, ours)
		sc.trace = append(sc.trace, fmt.Sprintf("at %v: %v -> %q", now, op, ours))
	}
	for range n {
		k := r.IntN(20)
		if len(inFlight) > 12 && k < 8 {
			k += 8 // keep few calls in flight: every one is a timer opossum's fake clock scans
		}
		switch {
		case k < 8:
			p, err := b.Allow(now)
			if err == nil {
				inFlight = append(inFlight, call{ran, p, now})
				ran++
				answer([]any{"fire"}, "1")
			} else {
				answer([]any{"fire"}, "0")
			}
		case k < 14:
			if len(inFlight) == 0 {
				continue
			}
			i := r.IntN(len(inFlight))
			c := inFlight[i]
			inFlight = slices.Delete(inFlight, i, i+1)
			res, ok := Success, 1
			if r.IntN(2) == 0 {
				res, ok = Failure, 0
			}
			b.Record(now, c.permit, res)
			answer([]any{"finish", c.id, ok}, "")
		case k < 18:
			// Hit the boundaries as often as not: the end of the open wait,
			// the next bucket, the next timeout, or anywhere.
			var d time.Duration
			switch r.IntN(5) {
			case 0:
				d = b.OpenRemaining(now)
			case 1:
				w := time.Duration(st.Span/st.Buckets) * ms
				d = w - now%w
			case 2:
				if len(inFlight) > 0 && st.Timeout > 0 {
					d = max(0, inFlight[0].start+time.Duration(st.Timeout)*ms-now)
				}
			default:
				d = time.Duration(r.IntN(3000)) * ms
			}
			d = d.Truncate(ms) + time.Duration(r.IntN(2))*ms*time.Duration(r.IntN(2))
			target := now + d
			// opossum's timeouts fire on the way, in the order they were set.
			for st.Timeout > 0 && len(inFlight) > 0 {
				due := inFlight[0].start + time.Duration(st.Timeout)*ms
				if due > target {
					break
				}
				now = due
				b.TimedOut(now, inFlight[0].permit)
				inFlight = inFlight[1:]
			}
			now = target
			answer([]any{"sleep", d.Milliseconds()}, "")
		default:
			c := b.CountsAt(now)
			answer([]any{"state"}, fmt.Sprintf("%v %d %d", b.StateAt(now), c.Calls, c.Failures))
		}
	}
	return sc, nil
}

// runOpossum plays the scripts on the real opossum and returns its answers.
func runOpossum(t *testing.T, scripts []*opossumScript) [][]string {
	t.Helper()
	var in bytes.Buffer
	enc := json.NewEncoder(&in)
	for _, sc := range scripts {
		if err := enc.Encode(map[string]any{"opts": sc.settings.options(), "ops": sc.ops}); err != nil {
			t.Fatal(err)
		}
	}
	// opossum builds an Error, its stack trace and all, for every call it
	// refuses; the driver reads none of their stacks, and capturing them
	// was a sixth of node's CPU.
	cmd := exec.Command("node", "--stack-trace-limit=0", "driver.js")
	cmd.Dir = opossumDir
	cmd.Stdin = &in
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("node driver.js: %v\n%s", err, stderr.String())
	}
	var answers [][]string
	sc := bufio.NewScanner(bytes.NewReader(out))
	sc.Buffer(nil, 64<<20)
	for sc.Scan() {
		var a []string
		if err := json.Unmarshal(sc.Bytes(), &a); err != nil {
			t.Fatalf("driver answered %q: %v", sc.Text(), err)
		}
		answers = append(answers, a)
	}
	if len(answers) != len(scripts) {
		t.Fatalf("driver answered %d scripts of %d\n%s", len(answers), len(scripts), stderr.String())
	}
	return answers
}

func TestOpossumDifferential(t *testing.T) {
	// Our side is a Breaker on the test's goroutine; the only goroutines
	// are os/exec's copies of node's pipes. Under -race the 2,000 scripts
	// took 13 s of our own time for nothing to watch.
	racefree.Only(t)
	opossumReady(t)
	n := scriptsToPlay(2000)
	r := rand.New(rand.NewPCG(25, 2026))
	scripts := make([]*opossumScript, n)
	for i := range scripts {
		sc, err := playOpossum(r, drawOpossumSettings(r, i%10 == 0), 1+r.IntN(200))
		if err != nil {
			t.Fatal(err)
		}
		scripts[i] = sc
	}
	start := time.Now()
	theirs := runOpossum(t, scripts)
	t.Logf("%d scripts; opossum played them in %v", n, time.Since(start).Round(time.Millisecond))
	for i, sc := range scripts {
		for j, ours := range sc.ours {
			if theirs[i][j] != ours {
				if testing.Verbose() {
					var ops [][]any
					for _, op := range sc.ops[:j+1] {
						ops = append(ops, op, []any{"state"})
					}
					again := runOpossum(t, []*opossumScript{{settings: sc.settings, ops: ops}})[0]
					mine := replayOpossum(sc.settings, sc.ops[:j+1])
					for k := range mine {
						mark := ""
						if again[2*k+1] != mine[k] {
							mark = "   <-- opossum " + again[2*k+1]
						}
						t.Logf("%s   after: %s%s", sc.trace[k], mine[k], mark)
					}
				}
				t.Fatalf("script %d, %+v, op %d: opossum answered %q, ours %q\n%s",
					i, sc.settings, j, theirs[i][j], ours, strings.Join(sc.trace[:j+1], "\n"))
			}
		}
	}
}

// replayOpossum plays ops again on a Breaker, answering every op with the
// state and counts after it, to show where a failing script went apart.
func replayOpossum(st opossumSettings, ops [][]any) []string {
	b, _ := New(st.config(), nil)
	ms := time.Millisecond
	type call struct {
		permit Permit
		start  time.Duration
		done   bool
	}
	var calls []*call
	var now time.Duration
	var out []string
	for _, op := range ops {
		switch op[0] {
		case "fire":
			if p, err := b.Allow(now); err == nil {
				calls = append(calls, &call{permit: p, start: now})
			}
		case "finish":
			c := calls[op[1].(int)]
			res := Success
			if op[2].(int) == 0 {
				res = Failure
			}
			c.done = true
			b.Record(now, c.permit, res)
		case "sleep":
			target := now + time.Duration(op[1].(int64))*ms
			for _, c := range calls {
				if due := c.start + time.Duration(st.Timeout)*ms; st.Timeout > 0 && !c.done && due <= target {
					now = max(now, due)
					c.done = true
					b.TimedOut(now, c.permit)
				}
			}
			now = target
		}
		c := b.CountsAt(now)
		out = append(out, fmt.Sprintf("%v %d %d", b.StateAt(now), c.Calls, c.Failures))
	}
	return out
}
