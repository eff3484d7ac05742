package lab

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"strconv"
	"sync"
	"syscall"
	"time"
)

// PortInUseError says a port was taken and which one was free instead.
type PortInUseError struct {
	What, Host string
	Port, Free int // Free is 0 when no free port could be found
	Flag       string
}

func (e *PortInUseError) Error() string {
	msg := fmt.Sprintf("the %s cannot listen on %s: the port is in use by another program", e.What, net.JoinHostPort(e.Host, strconv.Itoa(e.Port)))
	if e.Free != 0 {
		msg += fmt.Sprintf("; port %d is free: try --%s %d (or 0 to let the lab pick one)", e.Free, e.Flag, e.Free)
	} else {
		msg += fmt.Sprintf("; pass --%s 0 to let the lab pick a free one", e.Flag)
	}
	return msg
}

// listen binds host:port, explaining a port in use.
func listen(what, flagName, host string, port int) (net.Listener, error) {
	ln, err := net.Listen("tcp", net.JoinHostPort(host, strconv.Itoa(port)))
	if err == nil {
		return ln, nil
	}
	if errors.Is(err, syscall.EADDRINUSE) {
		e := &PortInUseError{What: what, Host: host, Port: port, Flag: flagName}
		if free, ferr := net.Listen("tcp", net.JoinHostPort(host, "0")); ferr == nil {
			e.Free = free.Addr().(*net.TCPAddr).Port
			free.Close()
		}
		return nil, e
	}
	return nil, fmt.Errorf("the %s cannot listen on %s: %w", what, net.JoinHostPort(host, strconv.Itoa(port)), err)
}

// headerTimeout bounds how long a client may take to send a request's
// header, and bodyTimeout its body: a client that stops half-way through
// either no longer holds a handler (and the shutdown) for ever.
const headerTimeout = 10 * time.Second

// bodyTimeout is a variable for the tests, which shorten it.
var bodyTimeout = 10 * time.Second

// server is an http.Server with its listener and the goroutine serving it.
type server struct {
	srv  *http.Server
	ln   net.Listener
	done chan error

	mu     sync.Mutex
	fresh  map[net.Conn]struct{} // connections that have not sent a request yet
	active map[net.Conn]struct{} // connections reading or serving a request
}

func serve(ln net.Listener, h http.Handler) *server {
	s := &server{
		// No ReadTimeout: it would also bound the wait of a handler that
		// has read its body (net/http cancels the request's context when
		// the connection's read deadline passes in its background read),
		// and a checkout may rightly wait ten seconds for the provider.
		// boundBody bounds the body's reading instead.
		srv:    &http.Server{Handler: boundBody(h), ReadHeaderTimeout: headerTimeout},
		ln:     ln,
		done:   make(chan error, 1),
		fresh:  map[net.Conn]struct{}{},
		active: map[net.Conn]struct{}{},
	}
	s.srv.ConnState = func(c net.Conn, st http.ConnState) {
		s.mu.Lock()
		defer s.mu.Unlock()
		delete(s.fresh, c)
		delete(s.active, c)
		switch st {
		case http.StateNew:
			s.fresh[c] = struct{}{}
		case http.StateActive:
			s.active[c] = struct{}{}
		}
	}
	go func() {
		err := s.srv.Serve(ln)
		if errors.Is(err, http.ErrServerClosed) {
			err = nil
		}
		s.done <- err
	}()
	return s
}

// addr is the address the server listens on.
func (s *server) addr() string { return s.ln.Addr().String() }

// boundBody gives a request with a body bodyTimeout to send it: past that,
// the handler's reads of the body (and net/http's reading of what the
// handler left unread, after it returns) fail with a timeout. Once the body
// has been read to its end the deadline is lifted again, so that it cannot
// end the wait of a handler that is still working.
func boundBody(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Body != nil && r.Body != http.NoBody {
			rc := http.NewResponseController(w)
			if rc.SetReadDeadline(time.Now().Add(bodyTimeout)) == nil {
				r.Body = &deadlineBody{ReadCloser: r.Body, rc: rc}
			}
		}
		h.ServeHTTP(w, r)
	})
}

// deadlineBody lifts the connection's read deadline at the body's end.
type deadlineBody struct {
	io.ReadCloser
	rc     *http.ResponseController
	lifted bool
}

func (b *deadlineBody) Read(p []byte) (int, error) {
	n, err := b.ReadCloser.Read(p)
	if err == io.EOF && !b.lifted {
		b.lifted = true
		b.rc.SetReadDeadline(time.Time{})
	}
	return n, err
}

// shutdown stops accepting, waits for the handlers to return (until ctx
// ends, then closes every connection), and waits for Serve to return.
// A handler still reading a request's body is not waited for: the
// connections serving a request get a read deadline of now, so such a
// read fails at once (a half-sent body would otherwise hold the shutdown
// until bodyTimeout).
//
// http.Server.Shutdown counts a connection that has not sent its first
// request as active for five seconds (net/http server.go, closeIdleConns:
// "treat StateNew connections as if they're idle if we haven't read the
// first request's header in over 5 seconds"), and an HTTP client often
// holds such a connection, dialled for a request that another connection
// served. No request can be lost by closing them once Shutdown has closed
// the listener, so shutdown closes them itself, until Shutdown returns.
func (s *server) shutdown(ctx context.Context) error {
	errc := make(chan error, 1)
	go func() { errc <- s.srv.Shutdown(ctx) }()
	s.mu.Lock()
	for c := range s.active {
		c.SetReadDeadline(time.Now())
	}
	s.mu.Unlock()
	tick := time.NewTicker(20 * time.Millisecond)
	defer tick.Stop()
	var err error
wait:
	for {
		select {
		case err = <-errc:
			break wait
		case <-tick.C:
			s.mu.Lock()
			for c := range s.fresh {
				c.Close()
				delete(s.fresh, c)
			}
			s.mu.Unlock()
		}
	}
	if err != nil {
		s.srv.Close()
	}
	if serr := <-s.done; serr != nil && err == nil {
		err = serr
	}
	return err
}
