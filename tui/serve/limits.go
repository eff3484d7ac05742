package serve

import (
	"fmt"
	"io"
	"math/rand/v2"
	"net"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/charmbracelet/ssh"
	gossh "golang.org/x/crypto/ssh"
)

// Admission is decided on the TCP connection, before the SSH handshake
// costs anything (wish's ratelimiter middleware,
// wish@v1.4.7/ratelimiter/ratelimiter.go, counts sessions, which come only
// after a handshake and sign-in, so a flood of half-open connections would
// pass it). A connection is pending from its accept until its session
// opens; pending connections have limits of their own, apart from the
// sessions', so that strangers who never sign in cannot keep students out:
//
//   - a rate of new connections per address (ipLimiter);
//   - at most MaxPendingPerIP pending from one address;
//   - past MaxStartups.Start pending, a new one is dropped with a
//     probability rising from Rate % to 100 % at Full, as OpenSSH's
//     MaxStartups does; but before a new connection is dropped, the oldest
//     pending one that has sent nothing at all for silentGrace is closed
//     in its place, since an SSH client speaks first and at once: a flood
//     of silent connections only ever replaces itself;
//   - a pending connection is closed SignInTimeout after its accept.
//
// Refusals are logged, a line a kind every few seconds at most
// (logLimiter), with the count of those not written.

// Startups is OpenSSH's MaxStartups, start:rate:full.
type Startups struct{ Start, Rate, Full int }

// DefaultStartups are the pending connections' limits: random early drop
// from 10 pending, 30 % of new ones there, all at 60.
var DefaultStartups = Startups{Start: 10, Rate: 30, Full: 60}

// DefaultMaxPendingPerIP is how many connections one address may have
// signing in at once. A class behind one NAT signs in a few at a time
// with keys; a class typing a password at the same moment may need more.
const DefaultMaxPendingPerIP = 10

// ParseStartups reads "start:rate:full" (or one number, full).
func ParseStartups(s string) (Startups, error) {
	bad := fmt.Errorf("--max-startups %q: want START:RATE:FULL, e.g. 10:30:60 (past START connections signing in, drop RATE %% of new ones, rising to all at FULL), or one number FULL", s)
	parts := strings.Split(s, ":")
	var n []int
	for _, p := range parts {
		v, err := strconv.Atoi(p)
		if err != nil || v < 0 {
			return Startups{}, bad
		}
		n = append(n, v)
	}
	var st Startups
	switch len(n) {
	case 1:
		st = Startups{Start: n[0], Rate: 100, Full: n[0]}
	case 3:
		st = Startups{Start: n[0], Rate: n[1], Full: n[2]}
	default:
		return Startups{}, bad
	}
	if st.Full < 1 || st.Start > st.Full || st.Rate > 100 || st.Full > 100000 {
		return Startups{}, fmt.Errorf("--max-startups %q: want 1 ≤ FULL ≤ 100000, START ≤ FULL and RATE ≤ 100", s)
	}
	return st, nil
}

func (st Startups) String() string { return fmt.Sprintf("%d:%d:%d", st.Start, st.Rate, st.Full) }

// dropChance is the probability of dropping a new connection with p
// pending.
func (st Startups) dropChance(p int) float64 {
	switch {
	case p >= st.Full:
		return 1
	case p < st.Start:
		return 0
	}
	r := float64(st.Rate) / 100
	return r + (1-r)*float64(p-st.Start)/float64(st.Full-st.Start)
}

// silentGrace is how long a pending connection may have sent nothing
// before a newcomer may take its place: a client sends its version string
// as soon as it connects.
const silentGrace = 250 * time.Millisecond

// pendingConns are the server's pending connections.
type pendingConns struct {
	mu     sync.Mutex
	conns  map[*trackedConn]struct{}
	perIP  map[string]int
	byAddr map[string]*trackedConn // by remote address, for the failure callback
}

func newPending() *pendingConns {
	return &pendingConns{conns: map[*trackedConn]struct{}{}, perIP: map[string]int{}, byAddr: map[string]*trackedConn{}}
}

// Pending is how many connections are signing in just now.
func (s *Server) Pending() int {
	s.pend.mu.Lock()
	defer s.pend.mu.Unlock()
	return len(s.pend.conns)
}

// admit decides on a new connection from ip: nil and the connection to
// close in its place (or nil), or why it is refused.
func (s *Server) admit(tc *trackedConn) (evict *trackedConn, why string) {
	p := s.pend
	p.mu.Lock()
	defer p.mu.Unlock()
	if n := p.perIP[tc.ip]; n >= s.cfg.MaxPendingPerIP {
		return nil, fmt.Sprintf("%s from this address signing in already, the most this server allows (the teacher sets it with --max-pending-per-ip)", plural(n, "connection", "connections"))
	}
	n := len(p.conns)
	if ch := s.cfg.MaxStartups.dropChance(n); ch > 0 && rand.Float64() < ch {
		evict = p.oldestSilent(time.Now())
		if evict == nil {
			return nil, fmt.Sprintf("%d connections are signing in, and past %d this server drops new ones (the teacher sets it with --max-startups %s)", n, s.cfg.MaxStartups.Start, s.cfg.MaxStartups)
		}
		p.remove(evict)
	}
	p.conns[tc] = struct{}{}
	p.perIP[tc.ip]++
	p.byAddr[tc.from] = tc
	tc.pending = true
	return evict, ""
}

// oldestSilent is the oldest pending connection that has sent nothing for
// silentGrace, or nil.
func (p *pendingConns) oldestSilent(now time.Time) *trackedConn {
	var old *trackedConn
	for c := range p.conns {
		if c.heard.Load() || now.Sub(c.start) < silentGrace {
			continue
		}
		if old == nil || c.start.Before(old.start) {
			old = c
		}
	}
	return old
}

// remove takes c out of the pending connections; p.mu is held.
func (p *pendingConns) remove(c *trackedConn) {
	if !c.pending {
		return
	}
	c.pending = false
	delete(p.conns, c)
	if p.perIP[c.ip]--; p.perIP[c.ip] <= 0 {
		delete(p.perIP, c.ip)
	}
	if p.byAddr[c.from] == c {
		delete(p.byAddr, c.from)
	}
}

func (s *Server) done(c *trackedConn) {
	s.pend.mu.Lock()
	s.pend.remove(c)
	s.pend.mu.Unlock()
}

// lookup is the pending connection from addr, if it is still pending.
func (s *Server) lookup(addr string) *trackedConn {
	s.pend.mu.Lock()
	defer s.pend.mu.Unlock()
	return s.pend.byAddr[addr]
}

// onConn refuses a connection over the per-address rate or the pending
// limits, and closes one that has not opened its session within the
// sign-in timeout.
func (s *Server) onConn(ctx ssh.Context, c net.Conn) net.Conn {
	from := c.RemoteAddr().String()
	ip := from
	if h, _, err := net.SplitHostPort(from); err == nil {
		ip = h
	}
	if !s.limiter.allow(ip, time.Now()) {
		s.logs.warn("rate", "connection refused", "from", from, "why", "over the per-address rate")
		refuseBeforeHandshake(c, fmt.Sprintf("more new connections came from your address than this server takes a minute (%s; the teacher sets it with --rate-per-ip); try again in a minute.", fmtRate(s.cfg.RatePerIP)))
		return nil
	}
	tc := &trackedConn{Conn: c, s: s, ip: ip, from: from, start: time.Now()}
	evict, why := s.admit(tc)
	if why != "" {
		s.logs.warn("pending", "connection refused", "from", from, "why", why)
		// The limit met and its flag, as every other refusal says them:
		// "too many" alone left the teacher guessing which to raise.
		refuseBeforeHandshake(c, "too many connections are signing in just now: "+why+"; try again in a moment.")
		return nil
	}
	if evict != nil {
		evict.evicted.Store(true)
		s.logs.warn("evicted", "connection closed", "from", evict.from, "why", "silent while others wait to sign in", "after", time.Since(evict.start).Round(time.Millisecond))
		_ = evict.Close()
	}
	s.conns.Add(1)
	// The sign-in deadline. tc is already known to the server (admit), so
	// another connection's arrival may evict and close it before the timer
	// is stored: the timer is kept in an atomic, and one that fires for a
	// connection closed meanwhile does nothing.
	tc.deadline.Store(time.AfterFunc(s.cfg.HandshakeTimeout, func() {
		if tc.started.Load() || tc.closed.Load() {
			return
		}
		tc.timedOut.Store(true)
		if u := tc.user(); u != "" {
			s.logs.warn("timeout", "connection closed", "from", from, "user", logText(u), "why", "signed in but opened no session within the sign-in timeout", "timeout", s.cfg.HandshakeTimeout)
		} else {
			s.logs.warn("timeout", "connection closed", "from", from, "why", "did not sign in within the sign-in timeout", "timeout", s.cfg.HandshakeTimeout)
		}
		s.tellSignInTimeout(tc)
		_ = tc.Close()
	}))
	if tc.closed.Load() { // closed before the timer was stored
		tc.deadline.Load().Stop()
	}
	ctx.SetValue(connKey{}, tc)
	return tc
}

type connKey struct{}

// refuseGrace bounds how long a connection refused before its handshake
// is kept to be told why (refuseBeforeHandshake).
const refuseGrace = 100 * time.Millisecond

// refuseBeforeHandshake tells a connection refused before the SSH
// handshake why, then closes it. The protocol lets a server send lines
// before its version (RFC 4253, 4.2), and that is all there is to say it
// with: OpenSSH's client shows such a line with -v only ("banner line 0:
// breakerlab: ..."), and by default says "kex_exchange_identification:
// Connection closed by remote host". What the client sent is read first,
// for refuseGrace at most: a connection closed with bytes unread is
// reset, and the reset may take the line with it.
func refuseBeforeHandshake(c net.Conn, why string) {
	_ = c.SetDeadline(time.Now().Add(refuseGrace))
	if _, err := io.WriteString(c, "breakerlab: "+why+"\r\n"); err == nil {
		if hc, ok := c.(interface{ CloseWrite() error }); ok {
			_ = hc.CloseWrite()
		}
		_, _ = io.Copy(io.Discard, io.LimitReader(c, 4096))
	}
	_ = c.Close()
}

// fmtRate is a rate a minute as the refusal says it: 60, or 0.5.
func fmtRate(perMin float64) string { return strconv.FormatFloat(perMin, 'f', -1, 64) }

// trackedConn is a connection from its accept: it knows whether it has
// been heard from, who signed in on it, and counts itself out once closed.
type trackedConn struct {
	net.Conn
	s        *Server
	ip, from string
	start    time.Time
	pending  bool // guarded by the server's pending.mu
	once     sync.Once
	heard    atomic.Bool                // a byte came in
	started  atomic.Bool                // a session opened
	timedOut atomic.Bool                // closed by the sign-in deadline (logged there)
	evicted  atomic.Bool                // closed for a newcomer (logged there)
	signedIn atomic.Pointer[string]     // who signed in
	tried    atomic.Pointer[string]     // the last user name tried
	refusals atomic.Int32               // requests refused (requests.go)
	sessions atomic.Int32               // session channels open (sessionChannel)
	closed   atomic.Bool                // Close has run
	deadline atomic.Pointer[time.Timer] // the sign-in deadline (onConn)

	// lastEnded is when the connection's last session channel closed, in
	// Unix nanoseconds (noSessionLeft).
	lastEnded atomic.Int64
	// preAuth sends an authentication banner until the sign-in is over
	// (tellSignInTimeout).
	preAuth atomic.Pointer[gossh.ServerPreAuthConn]
}

func (c *trackedConn) Read(b []byte) (int, error) {
	n, err := c.Conn.Read(b)
	if n > 0 && !c.heard.Load() {
		c.heard.Store(true)
	}
	return n, err
}

// user is who signed in on the connection, "" before anyone did.
func (c *trackedConn) user() string {
	if u := c.signedIn.Load(); u != nil {
		return *u
	}
	return ""
}

func (c *trackedConn) Close() error {
	err := c.Conn.Close()
	c.once.Do(func() {
		c.closed.Store(true)
		if t := c.deadline.Load(); t != nil {
			t.Stop()
		}
		c.s.done(c)
		c.s.conns.Add(-1)
		if u := c.user(); u != "" && !c.started.Load() && !c.timedOut.Load() {
			c.s.log.Info("signed in, no session", "user", logText(u), "from", c.from, "after", time.Since(c.start).Round(time.Millisecond))
		}
	})
	return err
}

// connOf is the tracked connection of a session's or callback's context.
func connOf(ctx ssh.Context) *trackedConn {
	tc, _ := ctx.Value(connKey{}).(*trackedConn)
	return tc
}

// sessionStarted stops the sign-in deadline of the session's connection,
// which is no longer pending.
func (s *Server) sessionStarted(ctx ssh.Context) {
	if tc := connOf(ctx); tc != nil && !tc.started.Swap(true) {
		if t := tc.deadline.Load(); t != nil {
			t.Stop()
		}
		s.done(tc)
	}
}

// logLimiter writes at most one line of a kind every logEvery; the next
// line written says how many were left out.
type logLimiter struct {
	s  *Server
	mu sync.Mutex
	k  map[string]*logKind
}

type logKind struct {
	last    time.Time
	skipped int
}

const logEvery = 5 * time.Second

func (l *logLimiter) warn(kind, msg string, kv ...any) {
	l.mu.Lock()
	if l.k == nil {
		l.k = map[string]*logKind{}
	}
	k := l.k[kind]
	if k == nil {
		k = &logKind{}
		l.k[kind] = k
	}
	now := time.Now()
	if !k.last.IsZero() && now.Sub(k.last) < logEvery {
		k.skipped++
		l.mu.Unlock()
		return
	}
	skipped := k.skipped
	k.last, k.skipped = now, 0
	l.mu.Unlock()
	if skipped > 0 {
		kv = append(kv, "and_more_not_logged", skipped)
	}
	l.s.log.Warn(msg, kv...)
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

// connFailed logs a connection whose handshake or sign-in failed, once:
// one the server closed itself (the sign-in deadline, a newcomer taking a
// silent one's place) was logged when it was closed.
func (s *Server) connFailed(c net.Conn, err error) {
	from := c.RemoteAddr().String()
	tc := s.lookup(from)
	if tc == nil || tc.timedOut.Load() || tc.evicted.Load() {
		return
	}
	kv := []any{"from", from, "why", err}
	if u := tc.tried.Load(); u != nil {
		kv = append(kv, "user", logText(*u))
	}
	s.logs.warn("failed", "sign-in failed", kv...)
}
