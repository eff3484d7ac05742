package serve

import (
	"runtime"
	"testing"
	"time"
)

// startSweep drives a student's sandbox to a sweep of the search rate at
// the form's largest value, a million requests a second, and waits until
// the overlay says it runs (or, busy, why it does not).
func startHeavySweep(t *testing.T, c *Client, want ...string) {
	t.Helper()
	if err := openSandbox(c, false); err != nil {
		t.Fatalf("%v; the screen had:\n%s", err, tail(c.Since(0), 2000))
	}
	mark := c.Mark()
	if err := c.Type("e"); err != nil {
		t.Fatal(err)
	}
	waitFor(t, c, mark, "search rate")
	// workers, accept queue, then the search rate: cleared, set, swept.
	mark = c.Mark()
	if err := c.Type("\t\t\x151000000\x13"); err != nil {
		t.Fatal(err)
	}
	waitFor(t, c, mark, "search.rate along x")
	mark = c.Mark()
	if err := c.Type("\r"); err != nil {
		t.Fatal(err)
	}
	waitFor(t, c, mark, want...)
}

// Issue 30: a student's sweep of a million requests a second runs on one
// worker and holds the server's one slot; a second student is told the
// server is busy; once the first disconnects, the sweep stops (its
// context ends with the session) and gives its slot back, and nothing of
// it keeps running.
func TestSweepEndsWithTheSession(t *testing.T) {
	ts := startServer(t, Config{MaxSimulations: 1})
	base := runtime.NumGoroutine()
	ada, err := Dial(ts.addr, "ada", PasswordAuth("x"), 100, 30, false)
	if err != nil {
		t.Fatal(err)
	}
	on := "on every core"
	if runtime.GOMAXPROCS(0) > 1 {
		on = "on 1 of the"
	}
	startHeavySweep(t, ada, "runs", on, "esc stops the sweep")
	if n := ts.SimulationsRunning(); n != 1 {
		t.Fatalf("%d simulations running, want ada's 1", n)
	}

	bob := ts.dial(t, "bob", PasswordAuth("x"), 100, 30)
	startHeavySweep(t, bob, "the class server is busy: 1 simulations running; try again in a moment")

	// ada hangs up mid-sweep: a sweep of these runs would take minutes.
	start := time.Now()
	ada.Close()
	deadline := time.Now().Add(patience(5 * time.Second))
	for ts.SimulationsRunning() != 0 {
		if time.Now().After(deadline) {
			t.Fatalf("the sweep still holds its slot %v after its session ended", time.Since(start))
		}
		time.Sleep(10 * time.Millisecond)
	}
	t.Logf("the sweep stopped %v after the student hung up", time.Since(start).Round(time.Millisecond))
	bob.Close()
	settleGoroutines(t, base)
}
