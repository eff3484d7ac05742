package serve

import (
	"fmt"
	"time"

	"github.com/charmbracelet/ssh"
	gossh "golang.org/x/crypto/ssh"
)

// What a connection may ask besides its terminal session is refused and
// logged: port forwarding either way (global tcpip-forward requests,
// direct-tcpip channels and their Unix-socket kin), subsystems (sftp),
// and any other channel type. A connection's first few refusals are
// logged; the rest only refused.

// logRefusalsPerConn bounds the refusals one connection writes to the log.
const logRefusalsPerConn = 3

// requestHandlers answer the connection-wide requests: forwarding ones are
// refused and logged, the rest (keepalives, say) refused quietly.
func (s *Server) requestHandlers() map[string]ssh.RequestHandler {
	refuse := func(ctx ssh.Context, _ *ssh.Server, req *gossh.Request) (bool, []byte) {
		s.refused(ctx, "forwarding refused", "request", req.Type)
		return false, nil
	}
	return map[string]ssh.RequestHandler{
		"tcpip-forward":                          refuse,
		"cancel-tcpip-forward":                   refuse,
		"streamlocal-forward@openssh.com":        refuse,
		"cancel-streamlocal-forward@openssh.com": refuse,
	}
}

// channelHandlers open terminal sessions and refuse every other channel.
func (s *Server) channelHandlers() map[string]ssh.ChannelHandler {
	refuse := func(_ *ssh.Server, _ *gossh.ServerConn, ch gossh.NewChannel, ctx ssh.Context) {
		what := "channel refused"
		if t := ch.ChannelType(); t == "direct-tcpip" || t == "direct-streamlocal@openssh.com" {
			what = "forwarding refused"
		}
		s.refused(ctx, what, "channel", logText(ch.ChannelType()))
		_ = ch.Reject(gossh.Prohibited, "breakerlab serves its screen only")
	}
	return map[string]ssh.ChannelHandler{
		"session": s.sessionChannel,
		"default": refuse,
	}
}

// MaxSessionsPerConn is how many sessions one connection may hold open at
// once. The limits on addresses count connections, and one connection
// can open session channels without end: a single one took all 100 of the
// class's sessions, and everyone after it was told the class was full.
// OpenSSH's MaxSessions defaults to 10; a student needs one, two for a
// second window over a shared connection.
const MaxSessionsPerConn = 3

// sessionChannel opens a session channel unless its connection already
// holds MaxSessionsPerConn; the library's handler returns once the
// session's channel is closed.
func (s *Server) sessionChannel(srv *ssh.Server, conn *gossh.ServerConn, ch gossh.NewChannel, ctx ssh.Context) {
	c := connOf(ctx)
	// The library's handling of a session's requests has ways to be
	// turned against the server, and takes agent forwarding;
	// sessionreqs.go bounds and refuses them.
	ch = boundedChannel{ch, func(reqType string) {
		s.refused(ctx, "forwarding refused", "request", reqType)
	}}
	if c == nil { // a connection onConn did not see: none in this server
		ssh.DefaultSessionHandler(srv, conn, ch, ctx)
		return
	}
	if c.sessions.Add(1) > MaxSessionsPerConn {
		c.sessions.Add(-1)
		s.refused(ctx, "session refused", "why", fmt.Sprintf("%d sessions already open on this connection", MaxSessionsPerConn))
		_ = ch.Reject(gossh.ResourceShortage, fmt.Sprintf("at most %d sessions on one connection", MaxSessionsPerConn))
		return
	}
	defer func() {
		if c.sessions.Add(-1) == 0 {
			s.noSessionLeft(c)
		}
	}()
	ssh.DefaultSessionHandler(srv, conn, ch, ctx)
}

// noSessionLeft closes c once it has held no session for the idle limit.
// The library's idle timeout, which did so, is off (server.go): it also
// cut sessions that watch a still screen. A connection whose session has
// ended may stay open (a client sharing its connection, ControlPersist),
// and it would hold its place until the session length limit.
func (s *Server) noSessionLeft(c *trackedConn) {
	limit := s.cfg.IdleTimeout
	if limit <= 0 {
		return
	}
	c.lastEnded.Store(time.Now().UnixNano())
	time.AfterFunc(limit, func() {
		// A session opened since, or one that ended later (whose own
		// timer decides), keeps the connection.
		if c.closed.Load() || c.sessions.Load() > 0 || time.Since(time.Unix(0, c.lastEnded.Load())) < limit {
			return
		}
		s.log.Info("connection closed", "from", c.from, "user", logText(c.user()), "why", "no session open for the idle timeout", "timeout", limit)
		_ = c.Close()
	})
}

// sessionRequest sees a session's shell, exec and subsystem requests on
// the library's request goroutine, before the handler runs: a subsystem
// (sftp) is refused and logged; for the others it reads the session's
// PTY here, the one goroutine that writes it (a window-change request
// writes the PTY's window without a lock, charmbracelet/ssh session.go,
// handleRequests), and hands it to the handler (ptyOf).
func (s *Server) sessionRequest(sess ssh.Session, kind string) bool {
	if kind == "subsystem" {
		s.refused(sess.Context(), "subsystem refused", "subsystem", logText(sess.Subsystem()))
		return false
	}
	pty, winch, ok := sess.Pty()
	sess.Context().SetValue(ptyKey{sess}, ptyInfo{pty, winch, ok})
	return true
}

type ptyKey struct{ ssh.Session }

// ptyInfo is what sess.Pty returned on the request goroutine.
type ptyInfo struct {
	pty   ssh.Pty
	winch <-chan ssh.Window
	ok    bool
}

// ptyOf is the session's PTY as sessionRequest read it; the window sizes,
// the first included, come on winch only.
func ptyOf(sess ssh.Session) (ssh.Pty, <-chan ssh.Window, bool) {
	p, _ := sess.Context().Value(ptyKey{sess}).(ptyInfo)
	return p.pty, p.winch, p.ok
}

// refused logs a refusal on ctx's connection, its first few only.
func (s *Server) refused(ctx ssh.Context, msg string, kv ...any) {
	tc := connOf(ctx)
	if tc == nil {
		return
	}
	if tc.refusals.Add(1) > logRefusalsPerConn {
		return
	}
	kv = append(kv, "user", logText(ctx.User()), "from", tc.from)
	s.log.Warn(msg, kv...)
}
