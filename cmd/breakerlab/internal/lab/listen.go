package lab

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
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

// ListenError says a server could not bind its address for another reason
// than a port in use: an address that is not this machine's (--listen), a
// port that needs privileges (--api-port, --provider-port). Like a port in
// use, it comes of the command line.
type ListenError struct {
	What, Addr string
	Flag       string // the flag to change: listen, api-port or provider-port
	Err        error
}

func (e *ListenError) Error() string {
	msg := fmt.Sprintf("the %s cannot listen on %s: %v", e.What, e.Addr, e.Err)
	switch {
	case errors.Is(e.Err, syscall.EADDRNOTAVAIL):
		msg += "; that address is not one of this machine's: give --listen one of its addresses, such as 127.0.0.1 (the default)"
	case errors.Is(e.Err, syscall.EACCES):
		msg += fmt.Sprintf("; a port below 1024 needs privileges: give --%s a port from 1024 to 65535, or 0 to let the lab pick a free one", e.Flag)
	default:
		msg += fmt.Sprintf("; check --%s", e.Flag)
	}
	return msg
}

func (e *ListenError) Unwrap() error { return e.Err }

// CheckListen says whether the servers can bind host at all (on a port the
// system picks), before a run starts: an address that is not this
// machine's is a *ListenError.
func CheckListen(host string) error {
	ln, err := net.Listen("tcp", net.JoinHostPort(host, "0"))
	if err != nil {
		return &ListenError{What: "lab", Addr: host, Flag: "listen", Err: bindCause(err)}
	}
	return ln.Close()
}

// bindCause is the system's reason a bind failed ("cannot assign requested
// address"), without the "listen tcp ADDR: bind:" the message has already.
func bindCause(err error) error {
	var se *os.SyscallError
	if errors.As(err, &se) {
		return se.Err
	}
	return err
}

// listen binds host:port, explaining a port in use, an address that is not
// this machine's and a port that needs privileges.
func listen(what, flagName, host string, port int) (net.Listener, error) {
	ln, err := net.Listen("tcp", net.JoinHostPort(host, strconv.Itoa(port)))
	if err == nil {
		return ln, nil
	}
	if !errors.Is(err, syscall.EADDRINUSE) {
		if errors.Is(err, syscall.EADDRNOTAVAIL) {
			flagName = "listen"
		}
		return nil, &ListenError{What: what, Addr: net.JoinHostPort(host, strconv.Itoa(port)), Flag: flagName, Err: bindCause(err)}
	}
	e := &PortInUseError{What: what, Host: host, Port: port, Flag: flagName}
	if free, ferr := net.Listen("tcp", net.JoinHostPort(host, "0")); ferr == nil {
		e.Free = free.Addr().(*net.TCPAddr).Port
		free.Close()
	}
	return nil, e
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
