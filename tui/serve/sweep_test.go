package serve

import (
	"github.com/breakerlab/breakerlab/engine"
	"runtime"
	"strings"
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
	// No budget: this test needs a sweep heavy enough to run for minutes.
	ts := startServer(t, Config{MaxSimulations: 1, Budget: func(*engine.Scenario, int) error { return nil }})
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

// Issue 30: a session's runs are held to the class's budget, which the
// student cannot raise: a design of a million searches a second is refused
// when applied, and so is a sweep over it, each saying what it would cost
// and naming no flag; nothing of either runs.
func TestASessionsRunsAreHeldToItsBudget(t *testing.T) {
	ts := startServer(t, Config{MaxSimulations: 1})
	ada := ts.dial(t, "ada", PasswordAuth("x"), 120, 30)
	if err := openSandbox(ada, false); err != nil {
		t.Fatalf("%v; the screen had:\n%s", err, tail(ada.Since(0), 2000))
	}
	mark := ada.Mark()
	if err := ada.Type("e"); err != nil {
		t.Fatal(err)
	}
	waitFor(t, ada, mark, "search rate")
	// workers, accept queue, then the search rate: cleared, set, applied.
	mark = ada.Mark()
	if err := ada.Type("\t\t\x151000000\r"); err != nil {
		t.Fatal(err)
	}
	waitFor(t, ada, mark, "budget of 20 M")
	if strings.Contains(ada.Since(mark), "--budget") {
		t.Errorf("a student is told how to raise the class's budget:\n%s", tail(ada.Since(mark), 1500))
	}
	// The same design swept: refused before any cell runs.
	mark = ada.Mark()
	if err := ada.Type("\x13"); err != nil {
		t.Fatal(err)
	}
	waitFor(t, ada, mark, "search.rate along x")
	mark = ada.Mark()
	if err := ada.Type("\r"); err != nil {
		t.Fatal(err)
	}
	waitFor(t, ada, mark, "budget of 20 M")
	if n := ts.SimulationsRunning(); n != 0 {
		t.Errorf("%d simulations running after the refusal, want none", n)
	}
}
