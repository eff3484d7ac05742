package serve

import (
	"net"
	"runtime"
	"sync"
	"testing"
	"time"

	gossh "golang.org/x/crypto/ssh"
)

// dialFrom opens a TCP connection to addr from the loopback address
// 127.0.0.k (Linux answers on every 127/8 address).
func dialFrom(addr string, k int) (net.Conn, error) {
	d := net.Dialer{Timeout: 2 * time.Second, LocalAddr: &net.TCPAddr{IP: net.IPv4(127, 0, 0, byte(k))}}
	return d.Dial("tcp", addr)
}

// Issue 30, item 2: 200 connections from 50 addresses that connect and say
// nothing, and then a steady trickle of more from 4 addresses, do not keep
// a student out: the pending connections have their own limits, and a
// silent one gives its place to a newcomer.
func TestSilentConnectionsDoNotKeepStudentsOut(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("needs 127.0.0.k source addresses")
	}
	// A sign-in timeout past the student's redials, so that no silent
	// connection leaves before them by timing out.
	ts := startServer(t, Config{MaxSessions: 5, HandshakeTimeout: time.Minute})
	var mu sync.Mutex
	var silent []net.Conn
	defer func() {
		mu.Lock()
		defer mu.Unlock()
		for _, c := range silent {
			c.Close()
		}
	}()
	open := func(k int) {
		c, err := dialFrom(ts.addr, k)
		if err != nil {
			return
		}
		mu.Lock()
		silent = append(silent, c)
		mu.Unlock()
	}
	var wg sync.WaitGroup
	for i := range 200 {
		wg.Add(1)
		go func() { defer wg.Done(); open(10 + i%50) }()
	}
	wg.Wait()
	stop := make(chan struct{})
	trickle := sync.WaitGroup{}
	trickle.Add(1)
	go func() { // a new silent connection every 20 ms from 4 addresses
		defer trickle.Done()
		for i := 0; ; i++ {
			select {
			case <-stop:
				return
			case <-time.After(20 * time.Millisecond):
				open(100 + i%4)
			}
		}
	}()
	defer func() { close(stop); trickle.Wait() }()
	time.Sleep(2 * silentGrace)
	pending := ts.Pending()
	if full := DefaultStartups.Full; pending > full {
		t.Errorf("%d connections pending, limit %d", pending, full)
	}
	// A student gets in, though every pending place was taken.
	for try := range 3 {
		// A refusal is right while no pending connection has been silent
		// for silentGrace yet, which is how the server knows it for one:
		// on a loaded machine the server can accept the burst's
		// connections long after their dials returned, so that all of
		// them are young when the student comes. The student dials again,
		// as a client would, within the time a student waits; without
		// the silent ones' eviction every place stays taken until the
		// sign-in timeout, and every dial is refused.
		start := time.Now()
		c, err := Dial(ts.addr, "ada", PasswordAuth("x"), 80, 24, false)
		for err != nil && time.Since(start) < patience(3*time.Second) {
			time.Sleep(silentGrace / 5)
			c, err = Dial(ts.addr, "ada", PasswordAuth("x"), 80, 24, false)
		}
		if err != nil {
			t.Errorf("try %d: the student was kept out for %v: %v", try, time.Since(start), err)
			continue
		}
		waitFor(t, c, 0, "Sandbox")
		took := time.Since(start)
		c.Close()
		t.Logf("try %d: with %d silent connections pending the student had a session in %v", try, pending, took.Round(time.Millisecond))
		if took > patience(3*time.Second) {
			t.Errorf("the student waited %v for a session", took)
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// The pending limits: one address has at most MaxPendingPerIP signing in;
// a connection that says nothing is closed at the sign-in timeout.
func TestPendingPerAddress(t *testing.T) {
	t.Parallel() // it mostly waits out the sign-in timeout
	ts := startServer(t, Config{MaxPendingPerIP: 3, HandshakeTimeout: 2 * time.Second})
	var conns []net.Conn
	defer func() {
		for _, c := range conns {
			c.Close()
		}
	}()
	for range 6 {
		c, err := net.Dial("tcp", ts.addr)
		if err != nil {
			t.Fatal(err)
		}
		conns = append(conns, c)
	}
	deadline := time.Now().Add(patience(time.Second))
	for ts.Pending() != 3 && time.Now().Before(deadline) {
		time.Sleep(5 * time.Millisecond)
	}
	if n := ts.Pending(); n != 3 {
		t.Errorf("%d pending from one address, want 3", n)
	}
	// Another address is let in.
	if runtime.GOOS == "linux" {
		nc, err := dialFrom(ts.addr, 2)
		if err != nil {
			t.Fatal(err)
		}
		c, _, _, err := gossh.NewClientConn(nc, ts.addr, &gossh.ClientConfig{User: "b", Auth: PasswordAuth("x"), HostKeyCallback: gossh.InsecureIgnoreHostKey()})
		if err != nil {
			nc.Close()
			t.Fatalf("a second address: %v", err)
		}
		c.Close()
	}
	// The silent ones are closed at the sign-in timeout.
	_ = conns[0].SetReadDeadline(time.Now().Add(patience(5 * time.Second)))
	buf := make([]byte, 256)
	for {
		if _, err := conns[0].Read(buf); err != nil {
			if ne, ok := err.(net.Error); ok && ne.Timeout() {
				t.Fatal("a silent connection outlived the sign-in timeout")
			}
			break
		}
	}
}

// Random early drop: nothing below start, rate at start, all at full.
func TestStartupsDropChance(t *testing.T) {
	st := Startups{Start: 10, Rate: 30, Full: 60}
	for _, c := range []struct {
		p    int
		want float64
	}{{0, 0}, {9, 0}, {10, 0.3}, {35, 0.65}, {60, 1}, {70, 1}} {
		if got := st.dropChance(c.p); got < c.want-1e-9 || got > c.want+1e-9 {
			t.Errorf("%d pending: drop chance %v, want %v", c.p, got, c.want)
		}
	}
	for _, s := range []string{"10:30:60", "5", "0:100:1"} {
		if _, err := ParseStartups(s); err != nil {
			t.Errorf("%s: %v", s, err)
		}
	}
	for _, s := range []string{"", "10:30", "60:30:10", "10:130:60", "a:b:c", "0"} {
		if _, err := ParseStartups(s); err == nil {
			t.Errorf("%q was accepted", s)
		}
	}
}
