// Package serve is breakerlab's classroom: an SSH server (charmbracelet/wish,
// v1) that gives every connection the whole program, the home screen and
// all behind it, and a room in which students can follow the teacher's
// sandbox or lesson, or explore on their own.
//
// It owns the server's access rules (authorized keys, a class password, or
// open on loopback only; with the password, a name is bound to the key
// that first used it, names.go), its limits (sessions, idle time, session
// length, new connections per address a minute, a handshake deadline,
// sweeps running at once: a session's sweeps run on one worker and end
// with it, simslots.go; a session's budget of simulated requests; the
// length of a message of input and the messages a second, input.go), the
// per-session
// model (its own home screen, renderer, colour profile and size; nothing
// shared between sessions but the room and the read-only scenarios and
// lessons, which a session parses only when a screen first needs them; the
// mouse works as locally, routed to the screen on show), per-student
// progress under the data directory (lessons and the drill's schedule; an
// interview is shown to its student to copy and never written), and the room (Room): the presenter's
// screen as state (the sandbox's, or the lesson player's: lesson, step,
// time, play, whether answers show), never frames, that students follow
// (ctrl+g) or fork from (F), the counts of who follows, and questions put to
// the room with their anonymous answer counts and, once the teacher
// reveals it, the right answer and its why on every student's screen. A presenter's screen keeps
// a line at its foot saying how students join (join.go). Presentation mode (ctrl+p,
// or --present for the teacher; tui/present) draws any screen for a
// projector. The teacher's own terminal asks before its quit stops the
// server.
//
// It may import tui/home, tui/sandbox, tui/lessonui, tui/present,
// tui/palette (the home screen's palette's messages),
// tui/theme, tui/pane, tui/drillui, tui/interviewui, lessons (and
// lessons/drill) and the engine's scenario type, bubbletea, lipgloss,
// termenv, x/ansi, charmbracelet/log, charmbracelet/ssh and wish, and
// x/crypto/ssh. It does file I/O only for the host key and the progress
// files, never in a View; a student's sandbox writes no scenario file
// (home.Options.WriteElsewhere).
package serve

import (
	"context"
	"crypto/sha256"
	"errors"
	"fmt"
	"net"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/breakerlab/breakerlab/lessons"
	"github.com/breakerlab/breakerlab/tui/home"
	"github.com/charmbracelet/log"
	"github.com/charmbracelet/ssh"
	"github.com/charmbracelet/wish"
	gossh "golang.org/x/crypto/ssh"
)

// Defaults of the limits.
const (
	DefaultListen      = "127.0.0.1:2222"
	DefaultMaxSessions = 100
	DefaultIdleTimeout = 30 * time.Minute
	DefaultMaxSession  = 4 * time.Hour
	// DefaultRatePerIP is new connections a minute from one address. A
	// class behind one NAT shares an address, so it is generous; a burst
	// of as many is allowed.
	DefaultRatePerIP = 60
	// HandshakeTimeout is how long a connection may take to sign in and
	// open its session: the SSH handshake, the sign-in (a class password
	// typed included) and the session's request.
	HandshakeTimeout = 10 * time.Second
)

// DefaultMaxSimulations is the sweeps that may run at once: one a core.
var DefaultMaxSimulations = runtime.NumCPU()

// DefaultSessionBudget is the most requests one run or sweep of a session
// may simulate, by the engine's estimate (engine.EstimateCost, and
// sweep.Plan.Cost for a sweep): a tenth of what the local program allows
// (engine.DefaultBudget), so that a student's largest run costs the
// server seconds of one core, not minutes. Every built-in scenario runs
// under it. The sandbox's default sweep (20 × 14 designs on 2 seeds in a
// window of 120 × 40 or more, 12 × 8 in a smaller one) does not fit whole
// for two of them: api-gateway's would simulate some 28.8 M requests,
// fleet-probes' 39.8 M (the README names them, and a test holds it to the
// sandbox's plan). Such a sweep runs on one seed, or a coarser grid,
// whichever fits first, and says so, naming --session-budget, with which
// the teacher raises the budget (TestEveryDefaultSweepRunsWithinTheBudget).
const DefaultSessionBudget = 20_000_000

// Config configures a server.
type Config struct {
	// Listen is the address, DefaultListen when empty.
	Listen string
	// HostKeyPath is the host's private key, written on first use.
	HostKeyPath string
	// DataDir holds the students' progress, a folder each.
	DataDir string
	// AuthorizedKeys, when set, are the keys allowed in (the students').
	AuthorizedKeys []gossh.PublicKey
	// Password, when set, is the class password (keyboard-interactive and
	// password sign-in).
	Password []byte
	// TeacherKeys sign in as the presenter; they are always let in.
	TeacherKeys []gossh.PublicKey
	// Limits; zero means the default, and a negative duration or rate
	// means none.
	MaxSessions int
	// MaxSessionsPerIP and MaxSessionsPerStudent bound the sessions open
	// at once from one address and for one student (perstudent.go);
	// DefaultMaxSessionsPerIP and DefaultMaxSessionsPerStudent when zero,
	// none when negative. Teacher keys are not counted.
	MaxSessionsPerIP      int
	MaxSessionsPerStudent int
	IdleTimeout           time.Duration
	MaxSession            time.Duration
	RatePerIP             float64
	// HandshakeTimeout is how long a connection may take to sign in and
	// open its session; HandshakeTimeout (the constant) when zero.
	HandshakeTimeout time.Duration
	// MaxStartups and MaxPendingPerIP bound the connections signing in
	// (limits.go); DefaultStartups and DefaultMaxPendingPerIP when zero.
	MaxStartups     Startups
	MaxPendingPerIP int
	// MaxSimulations is how many sweeps may run at once across every
	// session, each on one worker (simslots.go); DefaultMaxSimulations
	// (the cores) when zero.
	MaxSimulations int
	// SessionBudget is the most requests a session's run (a design from
	// the knob form) or sweep may simulate, by the engine's estimate;
	// DefaultSessionBudget when zero, none when negative. A design over it
	// is refused, saying what it would cost; a sweep over it runs smaller
	// (sandbox.Limits). A student cannot raise it: a refusal names no
	// flag, and a sweep made smaller names the teacher's, --session-budget.
	SessionBudget int64
	// Present starts the teacher's sessions in presentation mode (ctrl+p
	// toggles it in any session).
	Present bool
	// Home gives the home screen's options for a session: the server sets
	// Theme, LessonStore, LessonNotice, Workbooks, ExercisesElsewhere, and
	// Drill (on the student's own folder) and Interview (on screen only).
	Home func() home.Options
	// NoPTY is what a client without a terminal is told it can do
	// without one, after the command that connects with one (the server
	// wraps it at noPTYWidth).
	NoPTY string
	// Exercises is what the Exercises item says over SSH.
	Exercises string
	// Logger receives the log; nil discards it.
	Logger *log.Logger
}

// Access errors name the rule missing.
var (
	ErrNoAccessRule = errors.New("no access rule")
)

// IsLoopback reports whether addr (host:port) listens on loopback only.
func IsLoopback(addr string) bool {
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		return false
	}
	if host == "localhost" {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

// check fills in defaults and refuses a configuration that would let
// anyone in from the network.
func (c *Config) check() error {
	if c.Listen == "" {
		c.Listen = DefaultListen
	}
	if _, _, err := net.SplitHostPort(c.Listen); err != nil {
		return fmt.Errorf("--listen %q is not HOST:PORT (e.g. %s, or 0.0.0.0:2222 for every interface): %w", c.Listen, DefaultListen, err)
	}
	open := len(c.AuthorizedKeys) == 0 && len(c.Password) == 0
	if open && !IsLoopback(c.Listen) {
		return fmt.Errorf("%w: %s is reachable from other machines, and without an access rule anyone there could connect; "+
			"add --authorized-keys FILE (the students' public keys) or --password (a class password, asked here), "+
			"or listen on 127.0.0.1", ErrNoAccessRule, c.Listen)
	}
	switch {
	case c.MaxSessions == 0:
		c.MaxSessions = DefaultMaxSessions
	case c.MaxSessions < 0 || c.MaxSessions > 10000:
		return fmt.Errorf("--max-sessions %d: allowed are 1 to 10000", c.MaxSessions)
	}
	for _, l := range []struct {
		n    *int
		def  int
		flag string
	}{{&c.MaxSessionsPerIP, DefaultMaxSessionsPerIP, "--max-sessions-per-ip"}, {&c.MaxSessionsPerStudent, DefaultMaxSessionsPerStudent, "--max-sessions-per-student"}} {
		switch {
		case *l.n == 0:
			*l.n = l.def
		case *l.n > 10000:
			return fmt.Errorf("%s %d: allowed are 1 to 10000", l.flag, *l.n)
		}
	}
	def := func(d *time.Duration, v time.Duration) {
		switch {
		case *d == 0:
			*d = v
		case *d < 0:
			*d = 0
		}
	}
	switch {
	case c.MaxSimulations == 0:
		c.MaxSimulations = DefaultMaxSimulations
	case c.MaxSimulations < 0 || c.MaxSimulations > 1000:
		return fmt.Errorf("--max-simulations %d: allowed are 1 to 1000", c.MaxSimulations)
	}
	def(&c.IdleTimeout, DefaultIdleTimeout)
	def(&c.MaxSession, DefaultMaxSession)
	if c.HandshakeTimeout <= 0 {
		c.HandshakeTimeout = HandshakeTimeout
	}
	if c.MaxStartups == (Startups{}) {
		c.MaxStartups = DefaultStartups
	}
	if st := c.MaxStartups; st.Full < 1 || st.Start > st.Full || st.Rate < 0 || st.Rate > 100 {
		return fmt.Errorf("--max-startups %s: want 1 ≤ FULL, START ≤ FULL and RATE from 0 to 100", st)
	}
	switch {
	case c.MaxPendingPerIP == 0:
		c.MaxPendingPerIP = DefaultMaxPendingPerIP
	case c.MaxPendingPerIP < 0:
		return fmt.Errorf("--max-pending-per-ip %d: allowed are 1 and more", c.MaxPendingPerIP)
	}
	switch {
	case c.RatePerIP == 0:
		c.RatePerIP = DefaultRatePerIP
	case c.RatePerIP < 0:
		c.RatePerIP = 0
	}
	if c.SessionBudget == 0 {
		c.SessionBudget = DefaultSessionBudget
	}
	if c.HostKeyPath == "" || c.DataDir == "" {
		return errors.New("the server needs a host key path and a data directory")
	}
	if c.Home == nil {
		return errors.New("the server needs the home screen's options")
	}
	if c.Logger == nil {
		c.Logger = log.New(discard{})
	}
	return nil
}

type discard struct{}

func (discard) Write(p []byte) (int, error) { return len(p), nil }

// Server is a running classroom.
type Server struct {
	cfg     Config
	srv     *ssh.Server
	log     *log.Logger
	room    *Room
	stores  *stores
	limiter *ipLimiter
	slots   simSlots      // sweeps running, across sessions
	pend    *pendingConns // connections signing in
	logs    logLimiter
	guesses guessDelay
	names   names // with a class password, the key each name is bound to
	// perIP and perStudent count the sessions open per address and per
	// student id (perstudent.go).
	perIP, perStudent openCounts
	// guessCount is the password guesses checked.
	guessCount atomic.Int64

	conns    atomic.Int64 // TCP connections open
	sessions atomic.Int64 // sessions running the program
	mu       sync.Mutex   // guards stopping, live, and wg.Add against wg.Wait
	stopping bool
	live     map[*liveSession]struct{} // sessions running the program
	wg       sync.WaitGroup
	passHash [32]byte
	// lab is every session's (home.Options.Lab): a lesson step the room
	// opens is run once, not once a student. It holds the runs of the
	// lessons the server was given and nothing a student types
	// (lessons.Lab), so it needs no bound.
	lab *lessons.Lab
	// away writes the answers revealed while their students were away
	// to their progress files (awaywrite.go).
	away awayWrites
}

// New builds a server; the host key is made now if it does not exist.
func New(cfg Config) (*Server, error) {
	if err := cfg.check(); err != nil {
		return nil, err
	}
	if err := os.MkdirAll(filepath.Dir(cfg.HostKeyPath), 0o700); err != nil {
		return nil, fmt.Errorf("making the folder for the host key: %w", err)
	}
	s := &Server{
		cfg:     cfg,
		log:     cfg.Logger,
		room:    NewRoom(),
		lab:     lessons.NewLab(),
		stores:  newStores(cfg.DataDir),
		limiter: newIPLimiter(cfg.RatePerIP),
		slots:   make(simSlots, cfg.MaxSimulations),
		pend:    newPending(),
	}
	s.logs.s = s
	s.room.writeAway = s.keepAway
	if len(cfg.Password) > 0 {
		s.passHash = sha256.Sum256(cfg.Password)
	}
	opts := []ssh.Option{
		wish.WithAddress(cfg.Listen),
		wish.WithHostKeyPath(cfg.HostKeyPath),
		// No wish.WithIdleTimeout: the library's counts traffic, and a
		// student watching a still screen (following the teacher, the
		// projector view, a room question) sends and receives none, so it
		// cut sessions the idle limit means to keep, with no line to the
		// student and no why in the log. The session's own check
		// (Session.SetIdleLimit) is the idle limit, and a connection left
		// with no session open is closed after it (noSessionLeft).
		wish.WithMaxTimeout(maxTimeout(cfg.MaxSession)),
		wish.WithMiddleware(s.handle),
	}
	open := len(cfg.AuthorizedKeys) == 0 && len(cfg.Password) == 0
	if open || len(cfg.Password) > 0 {
		opts = append(opts, wish.WithKeyboardInteractiveAuth(s.keyboard), wish.WithPasswordAuth(s.password))
	}
	// With a class password, a key and the password together bind a name
	// (names.go); without one, the library's public key handler.
	opts = append(opts, func(srv *ssh.Server) error {
		srv.ServerConfigCallback = s.serverConfig
		return nil
	})
	if len(cfg.Password) == 0 {
		opts = append(opts, wish.WithPublicKeyAuth(s.publicKey))
	}
	srv, err := wish.NewServer(opts...)
	if err != nil {
		return nil, fmt.Errorf("setting up the SSH server (host key %s): %w", cfg.HostKeyPath, err)
	}
	srv.ConnCallback = s.onConn
	srv.RequestHandlers = s.requestHandlers()
	srv.ChannelHandlers = s.channelHandlers()
	srv.SessionRequestCallback = s.sessionRequest
	srv.ConnectionFailedCallback = s.connFailed
	s.srv = srv
	return s, nil
}

// Room is the server's room.
func (s *Server) Room() *Room { return s.room }

// Serve accepts connections on ln until Shutdown.
func (s *Server) Serve(ln net.Listener) error {
	s.room.SetJoin(s.JoinFor(ln.Addr()))
	s.log.Info("serving", "on", ln.Addr().String(), "access", s.accessWords(), "max_sessions", s.cfg.MaxSessions,
		"max_sessions_per_ip", s.cfg.MaxSessionsPerIP, "max_sessions_per_student", s.cfg.MaxSessionsPerStudent, "max_simulations", s.cfg.MaxSimulations,
		"idle_timeout", s.cfg.IdleTimeout, "max_session", s.cfg.MaxSession, "rate_per_ip_per_min", s.cfg.RatePerIP,
		"sign_in_timeout", s.cfg.HandshakeTimeout, "max_startups", s.cfg.MaxStartups.String(), "max_pending_per_ip", s.cfg.MaxPendingPerIP)
	err := s.srv.Serve(ln)
	if errors.Is(err, ssh.ErrServerClosed) {
		return nil
	}
	return err
}

// ListenAndServe listens on the configured address.
func (s *Server) ListenAndServe() error {
	ln, err := net.Listen("tcp", s.cfg.Listen)
	if err != nil {
		return fmt.Errorf("listening on %s: %w", s.cfg.Listen, err)
	}
	return s.Serve(ln)
}

// stopGrace is how long Shutdown lets the sessions end on their own, each
// telling its student that the class has ended, before it closes every
// connection: a client that reads nothing cannot hold the stop up longer.
const stopGrace = 2 * time.Second

// Shutdown ends every session's program, which restores the student's
// terminal and tells them the teacher ended the class (endedNote), waits
// for them (at most stopGrace, or until ctx ends) and for their clients to
// hang up (at most hangUpGrace), then closes the listener and every
// connection left, and waits (until ctx ends) for every session to save
// its progress and stop, and for the answers of students who had left to
// be saved in their progress (awaywrite.go).
func (s *Server) Shutdown(ctx context.Context) error {
	s.mu.Lock()
	s.stopping = true
	live := make([]*liveSession, 0, len(s.live))
	for l := range s.live {
		live = append(live, l)
	}
	s.mu.Unlock()
	for _, l := range live {
		l.end()
	}
	done := make(chan struct{})
	go func() { s.wg.Wait(); close(done) }()
	grace := time.NewTimer(stopGrace)
	select {
	case <-done:
	case <-grace.C:
	case <-ctx.Done():
	}
	grace.Stop()
	s.awaitHangUps(ctx)
	err := s.srv.Close()
	select {
	case <-done:
	case <-ctx.Done():
		return fmt.Errorf("sessions still stopping: %w", ctx.Err())
	}
	// No session is left to reveal a question: the answers of students
	// who had left are the last writes.
	if err := s.awaitAwayWrites(ctx); err != nil {
		return fmt.Errorf("answers of students who left still being saved: %w", err)
	}
	if errors.Is(err, ssh.ErrServerClosed) {
		err = nil
	}
	// What the room answered, for a teacher whose terminal went with a
	// hang-up: the log is all that is left to them (tally.go).
	for _, line := range s.room.Answers() {
		s.log.Info("room answered", "question", line)
	}
	s.log.Info("stopped")
	return err
}

// hangUpGrace is how long Shutdown waits, once the sessions have ended,
// for the clients to hang up: ssh closes its connection when its session
// has ended, and a connection the server closes first makes it say
// "closed by remote host" under the student's last line.
const hangUpGrace = 500 * time.Millisecond

// awaitHangUps waits until no connection is open, at most hangUpGrace.
func (s *Server) awaitHangUps(ctx context.Context) {
	deadline := time.Now().Add(hangUpGrace)
	for s.conns.Load() > 0 && time.Now().Before(deadline) && ctx.Err() == nil {
		time.Sleep(10 * time.Millisecond)
	}
}

// maxTimeout is the SSH library's limit on a connection: --max-session
// and a grace in which the session's own timer (timeLimit) tells the
// student why, or 0, never, for 0.
func maxTimeout(d time.Duration) time.Duration {
	if d <= 0 {
		return 0
	}
	return d + sessionLimitGrace
}

// liveSession is a session whose program runs: Shutdown ends it.
type liveSession struct {
	cancel context.CancelFunc
	ended  atomic.Bool // the server is stopping: the class has ended
}

func (l *liveSession) end() {
	l.ended.Store(true)
	l.cancel()
}

// enter records a session whose program is about to run, with the cancel
// that ends it; a session that comes in as the server stops is ended at
// once. leave forgets it.
func (s *Server) enter(cancel context.CancelFunc) *liveSession {
	l := &liveSession{cancel: cancel}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.stopping {
		l.end()
		return l
	}
	if s.live == nil {
		s.live = map[*liveSession]struct{}{}
	}
	s.live[l] = struct{}{}
	return l
}

func (s *Server) leave(l *liveSession) {
	s.mu.Lock()
	defer s.mu.Unlock()
	delete(s.live, l)
}

// track counts a session in, unless the server is stopping.
func (s *Server) track() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.stopping {
		return false
	}
	s.wg.Add(1)
	return true
}

func (s *Server) accessWords() string {
	var w []string
	if len(s.cfg.AuthorizedKeys) > 0 {
		w = append(w, plural(len(s.cfg.AuthorizedKeys), "authorized key", "authorized keys"))
	}
	if len(s.cfg.Password) > 0 {
		w = append(w, "class password")
	}
	if len(w) == 0 {
		w = append(w, "open (loopback only)")
	}
	if len(s.cfg.TeacherKeys) > 0 {
		w = append(w, plural(len(s.cfg.TeacherKeys), "teacher key", "teacher keys"))
	}
	return strings.Join(w, ", ")
}
