package serve

import (
	"net"
	"sync"
	"sync/atomic"
	"time"

	"github.com/charmbracelet/ssh"
)

// Limits are enforced on the TCP connection, before the SSH handshake
// costs anything: wish's ratelimiter middleware
// (wish@v1.4.7/ratelimiter/ratelimiter.go) counts sessions, which come only
// after a handshake and sign-in, so a flood of half-open connections would
// pass it.

// pendingSlack is how many connections beyond the session limit may be
// signing in at once, so that a full class still answers "the class is
// full" rather than a closed socket.
const pendingSlack = 16

// onConn refuses a connection over the per-address rate or over the limit
// of open connections, and closes one that has not opened its session
// within the handshake timeout.
func (s *Server) onConn(ctx ssh.Context, c net.Conn) net.Conn {
	from := c.RemoteAddr().String()
	ip := from
	if h, _, err := net.SplitHostPort(from); err == nil {
		ip = h
	}
	if !s.limiter.allow(ip, time.Now()) {
		s.log.Warn("connection refused", "from", from, "why", "over the per-address rate")
		return nil
	}
	if n := s.conns.Add(1); n > int64(s.cfg.MaxSessions+pendingSlack) {
		s.conns.Add(-1)
		s.log.Warn("connection refused", "from", from, "why", "too many connections", "open", n-1)
		return nil
	}
	tc := &trackedConn{Conn: c, closed: func() { s.conns.Add(-1) }}
	tc.deadline = time.AfterFunc(s.cfg.HandshakeTimeout, func() {
		if !tc.started.Load() {
			s.log.Warn("connection closed", "from", from, "why", "no session within the handshake timeout")
			_ = tc.Close()
		}
	})
	ctx.SetValue(connKey{}, tc)
	return tc
}

type connKey struct{}

// trackedConn counts itself out once closed.
type trackedConn struct {
	net.Conn
	once     sync.Once
	closed   func()
	started  atomic.Bool
	deadline *time.Timer
}

func (c *trackedConn) Close() error {
	err := c.Conn.Close()
	c.once.Do(func() {
		c.deadline.Stop()
		c.closed()
	})
	return err
}

// sessionStarted stops the handshake deadline of the session's connection.
func sessionStarted(ctx ssh.Context) {
	if tc, ok := ctx.Value(connKey{}).(*trackedConn); ok {
		tc.started.Store(true)
		tc.deadline.Stop()
	}
}

// ipLimiter is a token bucket per address: perMin connections a minute,
// with a burst of as many. It keeps at most maxAddrs addresses; past that
// it forgets the full buckets (those that have not been used for a
// minute), and failing that starts afresh.
type ipLimiter struct {
	perMin  float64
	mu      sync.Mutex
	buckets map[string]*bucket
}

type bucket struct {
	tokens float64
	last   time.Time
}

const maxAddrs = 4096

func newIPLimiter(perMin float64) *ipLimiter {
	return &ipLimiter{perMin: perMin, buckets: map[string]*bucket{}}
}

func (l *ipLimiter) allow(ip string, now time.Time) bool {
	if l.perMin <= 0 {
		return true
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	b, ok := l.buckets[ip]
	if !ok {
		if len(l.buckets) >= maxAddrs {
			for k, old := range l.buckets {
				if now.Sub(old.last) >= time.Minute {
					delete(l.buckets, k)
				}
			}
			if len(l.buckets) >= maxAddrs {
				l.buckets = map[string]*bucket{}
			}
		}
		b = &bucket{tokens: l.perMin, last: now}
		l.buckets[ip] = b
	}
	b.tokens = min(l.perMin, b.tokens+now.Sub(b.last).Minutes()*l.perMin)
	b.last = now
	if b.tokens < 1 {
		return false
	}
	b.tokens--
	return true
}
