package lab

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"runtime"
	"strings"
	"testing"
	"time"
)

// halfSend opens a connection to base (http://127.0.0.1:PORT) and sends a
// POST whose header promises 100 bytes of body and a body of 8.
func halfSend(t *testing.T, base, path string) net.Conn {
	t.Helper()
	c, err := net.Dial("tcp", strings.TrimPrefix(base, "http://"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	fmt.Fprintf(c, "POST %s HTTP/1.1\r\nHost: lab\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{\"kind\":", path)
	return c
}

// A client that sends half a body no longer holds a handler for ever: past
// bodyTimeout the provider answers 400 and the API's handler returns.
func TestHalfSentBodyTimesOut(t *testing.T) {
	old := bodyTimeout
	bodyTimeout = 200 * time.Millisecond
	defer func() { bodyTimeout = old }()
	l := startLab(t, Protected)
	// Nothing but the server's read deadline ends a half-sent body, and
	// the client waits less than the 10 s of the unshortened bodyTimeout
	// (but 25 times the shortened one): an answer shows that the shortened
	// timeout was honoured, and no wall-clock bound of the test's own is
	// needed.
	clientPatience := old / 2
	c := halfSend(t, l.ProviderURL(), "/admin/fault")
	c.SetReadDeadline(time.Now().Add(clientPatience))
	resp, err := http.ReadResponse(bufio.NewReader(c), nil)
	if err != nil {
		t.Fatalf("no answer to half a body within %v, with a body timeout of %v: %v", clientPatience, bodyTimeout, err)
	}
	b, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != http.StatusBadRequest || !strings.Contains(string(b), "timeout") {
		t.Fatalf("half a body: %s %q, want 400 naming the timeout", resp.Status, b)
	}
	// The API's checkout does not read its body: net/http's reading of it
	// after the handler is bounded too, and the connection ends.
	a := halfSend(t, l.APIURL(), "/checkout")
	a.SetReadDeadline(time.Now().Add(clientPatience))
	if _, err := io.ReadAll(a); err != nil {
		t.Fatalf("the API's connection with half a body did not end: %v", err)
	}
}

// ctrl+c while a client is half-way through sending a body: the lab shuts
// down at once, without an error (it used to wait for the grace period's
// five seconds and fail).
func TestShutdownWithAHalfSentBody(t *testing.T) {
	before := runtime.NumGoroutine()
	l, err := Start(DefaultConfig(Protected), time.Now(), nil)
	if err != nil {
		t.Fatal(err)
	}
	p := halfSend(t, l.ProviderURL(), "/admin/fault")
	a := halfSend(t, l.APIURL(), "/checkout")
	time.Sleep(100 * time.Millisecond) // let the handlers start reading
	// The handlers would wait for the bodies until bodyTimeout (10 s), and
	// Shutdown gives them ShutdownGrace (5 s), then fails: no error shows
	// that the handlers were not waited for, with no wall-clock bound of
	// the test's own.
	if bodyTimeout <= ShutdownGrace {
		t.Fatalf("bodyTimeout %v is not past ShutdownGrace %v: a shutdown waiting for the bodies would succeed", bodyTimeout, ShutdownGrace)
	}
	if err := l.Shutdown(context.Background()); err != nil {
		t.Fatalf("Shutdown with half-sent bodies: %v", err)
	}
	p.Close()
	a.Close()
	settleGoroutines(t, before)
}

// POST /admin/fault refuses what it used to take wrongly: a second object
// after the first, a millisecond value past 24 h (which overflowed into a
// negative duration), a body over 64 KiB (cut with "EOF").
func TestAdminFaultRefusesBadBodies(t *testing.T) {
	l := startLab(t, Timeout)
	c := testClient(t)
	for _, tc := range []struct {
		name, body string
		status     int
		want       string
	}{
		{"two objects", `{"kind":"slow","latency_ms":10000}{"kind":"healthy"}`, 400, "nothing after it"},
		{"trailing junk", `{"kind":"healthy"} x`, 400, "nothing after it"},
		{"overflowing latency", `{"kind":"slow","latency_ms":1e13}`, 400, "latency_ms must be from 0 to 86400000 (24 h), got 1e+13"},
		{"overflowing for_ms", `{"kind":"hang","for_ms":9300000000000}`, 400, "for_ms must be from 0 to 86400000 (24 h)"},
		{"negative after_ms", `{"kind":"hang","after_ms":-1}`, 400, "after_ms must be from 0 to 86400000"},
		{"too large", `{"kind":"slow","latency_ms":10` + strings.Repeat(" ", 70<<10) + `}`, 413, "request body too large: at most 64 KiB"},
	} {
		resp, body := post(t, c, l.ProviderURL()+"/admin/fault", tc.body)
		if resp.StatusCode != tc.status || !strings.Contains(body, tc.want) {
			t.Errorf("%s: %s %q, want %d with %q", tc.name, resp.Status, body, tc.status, tc.want)
		}
	}
	if f := l.Provider.Faults(); len(f) != 0 {
		t.Errorf("a refused body changed the timeline: %v", f)
	}
	// Whitespace after the object is fine, and 24 h is allowed.
	if resp, body := post(t, c, l.ProviderURL()+"/admin/fault", "{\"kind\":\"slow\",\"latency_ms\":86400000}\n\n"); resp.StatusCode != 200 || !strings.Contains(body, `"latency_ms":86400000`) {
		t.Errorf("a good body: %s %s", resp.Status, body)
	}
}
