package main

import (
	"context"
	"errors"
	"net"
	"strconv"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/internal/racefree"
)

// A --listen serve cannot listen on is refused up front, saying what was
// wrong and what is allowed: "127.0.0.1:abc" was reported only when
// listening failed ("lookup tcp/abc: unknown port"), ":99999" as "address
// 99999: invalid port", and an unknown host was first told it needed an
// access rule for being reachable from other machines. Nothing here
// listens, and no host is looked up in DNS (listenLookup is replaced).
func TestServeRefusesAListenAddressItCannotUse(t *testing.T) {
	racefree.Only(t) // no goroutine: every case is refused before anything starts
	lookup := listenLookup
	t.Cleanup(func() { listenLookup = lookup })
	listenLookup = func(_ context.Context, host string) ([]string, error) {
		if host == "localhost" {
			return []string{"127.0.0.1"}, nil
		}
		return nil, errors.New("no such host")
	}
	dir := t.TempDir()
	wants := "--listen wants HOST:PORT with a port from 0 to 65535, e.g. 127.0.0.1:2222"
	for _, tc := range []struct {
		listen string
		want   []string
	}{
		{"127.0.0.1:abc", []string{wants, `got "127.0.0.1:abc"`, `port "abc" is not a number from 0 to 65535`}},
		{":99999", []string{wants, `got ":99999"`, `port "99999"`}},
		{"127.0.0.1:-1", []string{wants, `port "-1"`}},
		{"127.0.0.1:+22", []string{wants, `port "+22"`}},
		{"127.0.0.1", []string{wants, `got "127.0.0.1", which is not HOST:PORT`}},
		{"nohost:22", []string{`--listen "nohost:22"`, `no address for the host "nohost"`, "give an IP address", "127.0.0.1:2222"}},
	} {
		_, stderr, code := run(t, "serve", "--listen", tc.listen, "--data-dir", dir)
		if code != exitUsage {
			t.Errorf("--listen %s: exit %d, want %d (%s)", tc.listen, code, exitUsage, stderr)
		}
		for _, w := range tc.want {
			if !strings.Contains(stderr, w) {
				t.Errorf("--listen %s: %q does not say %q", tc.listen, stderr, w)
			}
		}
		// What is wrong with the address comes before whether it needs
		// an access rule.
		if strings.Contains(stderr, "access rule") || strings.Contains(stderr, "listening on") {
			t.Errorf("--listen %s: %q is not about the address itself", tc.listen, stderr)
		}
	}
	// Addresses serve can use pass, whatever the access rule says of them
	// later: loopback, every interface, a name that resolves, port 0 and 65535.
	for _, ok := range []string{"127.0.0.1:0", "[::1]:2222", ":2222", "0.0.0.0:65535", "localhost:2222"} {
		if err := checkListen(ok); err != nil {
			t.Errorf("--listen %s is refused: %v", ok, err)
		}
	}
}

// A --listen whose port another program holds is refused naming the flag
// and another port, where serve said "listening on …: bind: address
// already in use" (before the class password is asked:
// TestPtyServeFindsTheListenAddressInUseBeforeThePassword).
func TestServeRefusesAListenAddressInUse(t *testing.T) {
	racefree.Only(t) // no goroutine: refused before serving
	addr := busyAddr(t)
	_, port, _ := net.SplitHostPort(addr)
	n, _ := strconv.Atoi(port)
	want := []string{"--listen " + addr + ": that port is in use", "give another port"}
	if n < 65535 {
		want = append(want, "such as --listen "+net.JoinHostPort("127.0.0.1", strconv.Itoa(n+1)))
	}
	_, stderr, code := run(t, "serve", "--listen", addr, "--data-dir", t.TempDir())
	if code == 0 {
		t.Errorf("--listen %s, in use: exit 0 (%s)", addr, stderr)
	}
	for _, w := range want {
		if !strings.Contains(stderr, w) {
			t.Errorf("--listen %s, in use: %q does not say %q", addr, stderr, w)
		}
	}
}

// busyAddr is a loopback address whose port this test holds until it ends.
func busyAddr(t *testing.T) string {
	t.Helper()
	busy, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { busy.Close() })
	return busy.Addr().String()
}
