package serve

import (
	"fmt"
	"net"
	"sync"
)

// Defaults of the sessions one student may hold open at once. MaxSessions
// bounds the room, and without these one client could take every place in
// it (34 connections of 3 sessions each from one address) and, with each
// session's screen as large as it may be, most of the server's memory.
// Four leaves a student room for a second window and a reconnect before
// the old session has closed.
const (
	// DefaultMaxSessionsPerIP is the sessions open at once from one
	// remote address. A class that reaches the server through one NAT
	// shares an address: --max-sessions-per-ip raises it.
	DefaultMaxSessionsPerIP = 4
	// DefaultMaxSessionsPerStudent is the sessions open at once for one
	// student: one key with --authorized-keys, one name with --password.
	DefaultMaxSessionsPerStudent = 4
)

// openCounts counts the sessions running per key (an address, a student).
type openCounts struct {
	mu sync.Mutex
	n  map[string]int
}

// take counts one more session for key unless limit (≤ 0: none) are open.
func (c *openCounts) take(key string, limit int) bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	if limit > 0 && c.n[key] >= limit {
		return false
	}
	if c.n == nil {
		c.n = map[string]int{}
	}
	c.n[key]++
	return true
}

// give counts a session out.
func (c *openCounts) give(key string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.n[key]--; c.n[key] <= 0 {
		delete(c.n, key)
	}
}

// addrHost is the host of a remote address, the key sessions are counted
// under per address (the port differs with every connection).
func addrHost(addr net.Addr) string {
	s := addr.String()
	if h, _, err := net.SplitHostPort(s); err == nil {
		return h
	}
	return s
}

// takeStudentPlaces counts a student's session in, per address and per
// student id, or says why it is refused: to the student, the limit and
// the flag the teacher raises it with; to the log (why), which of the two
// limits, which the log had said as "for one student or address", leaving
// the teacher to guess which flag to raise. The presenter is never
// refused: the teacher may open as many screens as the class needs.
// release counts it out again.
func (s *Server) takeStudentPlaces(addr net.Addr, id string, teacher bool) (release func(), refusal, why string) {
	if teacher {
		return func() {}, "", ""
	}
	host := addrHost(addr)
	if !s.perIP.take(host, s.cfg.MaxSessionsPerIP) {
		return nil, fmt.Sprintf("This address already has %s open, the most this server allows from one address (the teacher sets it with --max-sessions-per-ip). Close one, then connect again.",
			plural(s.cfg.MaxSessionsPerIP, "session", "sessions")), "the address has the sessions --max-sessions-per-ip allows"
	}
	if !s.perStudent.take(id, s.cfg.MaxSessionsPerStudent) {
		s.perIP.give(host)
		return nil, fmt.Sprintf("You already have %s open, the most this server allows one student (the teacher sets it with --max-sessions-per-student). Close one, then connect again.",
			plural(s.cfg.MaxSessionsPerStudent, "session", "sessions")), "the student has the sessions --max-sessions-per-student allows"
	}
	return func() { s.perIP.give(host); s.perStudent.give(id) }, "", ""
}
