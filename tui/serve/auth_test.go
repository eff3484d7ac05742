package serve

import (
	"sync"
	"testing"
	"time"

	gossh "golang.org/x/crypto/ssh"
)

// guessOnce signs in from 127.0.0.k as user with pw, by password only.
func guessOnce(addr string, k int, user, pw string) error {
	nc, err := dialFrom(addr, k)
	if err != nil {
		return err
	}
	_ = nc.SetDeadline(time.Now().Add(patience(10 * time.Second)))
	c, _, _, err := gossh.NewClientConn(nc, addr, &gossh.ClientConfig{User: user, Auth: []gossh.AuthMethod{gossh.Password(pw)}, HostKeyCallback: gossh.InsecureIgnoreHostKey()})
	if err != nil {
		nc.Close()
		return err
	}
	return c.Close()
}

// Issue 30, item 3: a burst of wrong passwords for one user from eight
// addresses is slowed to a few guesses, however many connections try;
// the right password still gets in once the delay has passed.
func TestWrongPasswordsAreSlowed(t *testing.T) {
	t.Parallel() // it mostly waits out the guesses' delays
	ts := startServer(t, Config{Password: []byte("correct horse"), RatePerIP: -1, MaxPendingPerIP: 100,
		MaxStartups: Startups{Start: 100, Rate: 100, Full: 100}})
	const window = 2 * time.Second
	stop := time.Now().Add(window)
	var wg sync.WaitGroup
	for a := range 8 {
		for range 4 { // four connections at a time from each address
			wg.Add(1)
			go func() {
				defer wg.Done()
				for time.Now().Before(stop) {
					_ = guessOnce(ts.addr, 20+a, "ada", "wrong horse")
				}
			}()
		}
	}
	time.Sleep(time.Until(stop))
	n := ts.Guesses()
	wg.Wait()
	t.Logf("%d wrong guesses checked in %v from 8 addresses, 32 connections at a time (%d once the last waiting ones were checked)", n, window, ts.Guesses())
	// The first guesses of the burst come in together (32); after them
	// the user name's delay lets one through every few seconds at most.
	if limit := int64(32 + 8); n > limit {
		t.Errorf("%d guesses checked in %v, want at most %d", n, window, limit)
	}
	// The right password, after the delay (at most guessMax), from a new
	// address.
	start := time.Now()
	if err := guessOnce(ts.addr, 40, "ada", "correct horse"); err != nil {
		t.Fatalf("the right password after the burst: %v", err)
	}
	if d := time.Since(start); d > guessMax+patience(time.Second) {
		t.Errorf("the right password waited %v", d)
	}
}

// Without the user name's delay, one address alone is slowed too, and a
// key is forgotten after a right guess.
func TestGuessDelayGrows(t *testing.T) {
	var g guessDelay
	now := time.Unix(0, 0)
	keys := [2]string{"address 10.0.0.1", "user x"}
	var waits []time.Duration
	for range 8 {
		w := g.wait(now, keys)
		waits = append(waits, w)
		now = now.Add(w)
		g.failed(now, keys)
	}
	want := []time.Duration{0, 250, 500, 1000, 2000, 4000, 4000, 4000}
	for i := range want {
		if waits[i] != want[i]*time.Millisecond {
			t.Errorf("after %d wrong guesses the next waits %v, want %v", i, waits[i], want[i]*time.Millisecond)
		}
	}
	// Guesses that come at once take turns, a delay apart.
	if a, b := g.wait(now, keys), g.wait(now, keys); b-a != guessMax && b != guessMax {
		t.Errorf("two guesses at once wait %v and %v", a, b)
	}
	if d := g.wait(now.Add(guessQuiet+time.Second), keys); d != 0 {
		t.Errorf("after a quiet %v the next guess waits %v", guessQuiet, d)
	}
	g.forget(keys)
	if d := g.wait(now, keys); d != 0 {
		t.Errorf("after a right guess the next waits %v", d)
	}
}
