package serve

import (
	"crypto/sha256"
	"crypto/subtle"
	"encoding/hex"
	"fmt"
	"net"
	"sync"
	"time"

	"github.com/charmbracelet/ssh"
	gossh "golang.org/x/crypto/ssh"
)

// Sign-in: the teacher's keys, the authorized keys, a class password, or
// anyone on an open (loopback) server. A wrong class password slows the
// next guesses from the same address and for the same user name
// (guessDelay); each is logged with the name tried, escaped (logText), so
// that a name holding a newline cannot write a line of its own.

// publicKey lets in the teacher's keys, the authorized keys, and, on an
// open server, any key (which then names the student's progress).
func (s *Server) publicKey(ctx ssh.Context, k ssh.PublicKey) bool {
	ok := s.keyAllowed(k)
	s.tried(ctx, ok)
	return ok
}

func (s *Server) keyAllowed(k ssh.PublicKey) bool {
	if s.isTeacher(k) {
		return true
	}
	if len(s.cfg.AuthorizedKeys) > 0 {
		for _, a := range s.cfg.AuthorizedKeys {
			if ssh.KeysEqual(a, k) {
				return true
			}
		}
		return false
	}
	return len(s.cfg.Password) == 0
}

// tried records on the connection the user name tried, and who signed in.
func (s *Server) tried(ctx ssh.Context, ok bool) {
	tc := connOf(ctx)
	if tc == nil {
		return
	}
	u := ctx.User()
	tc.tried.Store(&u)
	if ok {
		tc.signedIn.Store(&u)
	}
}

func (s *Server) isTeacher(k ssh.PublicKey) bool {
	if k == nil {
		return false
	}
	for _, t := range s.cfg.TeacherKeys {
		if ssh.KeysEqual(t, k) {
			return true
		}
	}
	return false
}

// password checks the class password in constant time, after the delay
// the earlier wrong guesses from this address and for this user name
// set; an open server takes any.
func (s *Server) password(ctx ssh.Context, pw string) bool {
	if len(s.cfg.Password) == 0 {
		ok := len(s.cfg.AuthorizedKeys) == 0
		s.tried(ctx, ok)
		return ok
	}
	from := ctx.RemoteAddr().String()
	ip := from
	if h, _, err := net.SplitHostPort(from); err == nil {
		ip = h
	}
	user := ctx.User()
	// A name is kept as its hash: a client may send one as long as a
	// packet, and the delays keep up to guessKeys names.
	name := sha256.Sum256([]byte(user))
	keys := [2]string{"address " + ip, "user " + hex.EncodeToString(name[:16])}
	if d := s.guesses.wait(time.Now(), keys); d > 0 {
		// The connection's own goroutine waits, no longer than the delay,
		// and not at all once the connection is gone.
		t := time.NewTimer(d)
		select {
		case <-t.C:
		case <-ctx.Done():
			t.Stop()
			return false
		}
	}
	s.guessCount.Add(1)
	got := sha256.Sum256([]byte(pw))
	ok := subtle.ConstantTimeCompare(got[:], s.passHash[:]) == 1
	s.tried(ctx, ok)
	if ok {
		s.guesses.forget(keys)
		return true
	}
	next := s.guesses.failed(time.Now(), keys)
	s.logs.warn("password", "wrong password", "user", logText(user), "from", from, "next_guess_waits", next.Round(time.Millisecond))
	return false
}

// keyboard asks for the class password, or lets anyone into an open
// server without asking.
func (s *Server) keyboard(ctx ssh.Context, ch gossh.KeyboardInteractiveChallenge) bool {
	if len(s.cfg.Password) == 0 {
		ok := len(s.cfg.AuthorizedKeys) == 0
		s.tried(ctx, ok)
		return ok
	}
	// The time left is the sign-in deadline's, from the connection's
	// accept (limits.go): past it the connection is closed, and the prompt
	// is all a student reads before typing. A second try, after a wrong
	// password, has less of it left than the first.
	var spent time.Duration
	if tc := connOf(ctx); tc != nil {
		spent = time.Since(tc.start)
	}
	prompt := "Class password (within " + signInLeftWords(s.cfg.HandshakeTimeout, spent) + "): "
	ans, err := ch("", "breakerlab classroom", []string{prompt}, []bool{false})
	if err != nil || len(ans) != 1 {
		return false
	}
	return s.password(ctx, ans[0])
}

// signInSetup is how much of the sign-in time may have gone before a
// prompt that still says the whole limit: the key exchange's and the
// client's time, which the student did not see pass, and which a loaded
// machine stretches to a good part of a second.
const signInSetup = time.Second

// signInLeftWords says the sign-in time left of limit once spent has gone,
// rounded down (a student told more time than is left would be cut off
// mid-word): the whole limit while no more than the setup has gone.
func signInLeftWords(limit, spent time.Duration) string {
	if spent <= signInSetup {
		return limitWords(limit)
	}
	left := max(limit-spent, 0)
	if left >= time.Second {
		return limitWords(left.Truncate(time.Second))
	}
	return limitWords(left.Truncate(time.Millisecond))
}

// limitWords says a time limit as a prompt or a refusal does: 10 s,
// 500 ms, 5 min.
func limitWords(d time.Duration) string {
	switch {
	case d < time.Second:
		return fmt.Sprintf("%d ms", d.Milliseconds())
	case d < 2*time.Minute || d%time.Minute != 0:
		return fmt.Sprintf("%d s", int64(d.Round(time.Second)/time.Second))
	case d >= 2*time.Hour && d%time.Hour == 0:
		return fmt.Sprintf("%d h", int64(d/time.Hour)) // --max-session's 4h, not 240 min
	}
	return fmt.Sprintf("%d min", int64(d/time.Minute))
}

// serverConfig is the SSH configuration of a connection: with a class
// password, a key and the password together (keyThenPassword). Either way
// the connection keeps its means of sending an authentication banner,
// which the sign-in deadline uses to say why it closes the connection
// (tellSignInTimeout).
func (s *Server) serverConfig(ctx ssh.Context) *gossh.ServerConfig {
	cfg := &gossh.ServerConfig{}
	if len(s.cfg.Password) > 0 {
		cfg = s.keyThenPassword(ctx)
	}
	cfg.PreAuthConnCallback = func(c gossh.ServerPreAuthConn) {
		if tc := connOf(ctx); tc != nil {
			tc.preAuth.Store(&c)
		}
	}
	return cfg
}

// tellSignInTimeout tells a client still signing in when the deadline
// closes its connection why, in an authentication banner: the connection
// just closed, and a student at "Class password:" read no reason. OpenSSH
// prints it once the client reads again (after the password is typed),
// before "Connection closed". A client that does not read holds the
// banner up for refuseGrace at most: closing the connection ends the
// write.
func (s *Server) tellSignInTimeout(tc *trackedConn) {
	pa := tc.preAuth.Load()
	if pa == nil || tc.user() != "" {
		return
	}
	msg := "breakerlab: the sign-in took longer than the " + limitWords(s.cfg.HandshakeTimeout) + " allowed (the teacher sets it with --sign-in-timeout), so the connection is closed; connect again"
	if len(s.cfg.Password) > 0 {
		msg += " and type the class password within " + limitWords(s.cfg.HandshakeTimeout)
	}
	sent := make(chan struct{})
	go func() {
		defer close(sent)
		_ = (*pa).SendAuthBanner(msg + ".\r\n")
	}()
	t := time.NewTimer(refuseGrace)
	defer t.Stop()
	select {
	case <-sent:
	case <-t.C:
	}
}

// Guesses gives how many password guesses the server has checked.
func (s *Server) Guesses() int64 { return s.guessCount.Load() }

// The delay after wrong passwords: after the first wrong guess from an
// address or for a user name the next waits guessBase, after each further
// one twice as long, up to guessMax; a key quiet for guessQuiet is
// forgotten. Guesses that come at once take turns: each takes the key's
// next turn and moves it on by the key's delay, so that many connections
// guessing together are spaced as one would be. A guess waits guessMax at
// most, so the guesses checked a second are bounded by the connections
// allowed to sign in at once (--max-startups FULL) over guessMax.
const (
	guessBase  = 250 * time.Millisecond
	guessMax   = 4 * time.Second
	guessQuiet = 5 * time.Minute
	guessKeys  = 4096
)

// guessDelay keeps, per address and per user name, the wrong guesses and
// the next turn to check one.
type guessDelay struct {
	mu   sync.Mutex
	keys map[string]*guessKey
}

type guessKey struct {
	fails int
	next  time.Time // the next turn to check a guess
	last  time.Time // the last wrong guess
}

// delay is the spacing of guesses after fails wrong ones.
func (e *guessKey) delay() time.Duration {
	if e.fails == 0 {
		return 0
	}
	return min(guessBase<<min(e.fails-1, 16), guessMax)
}

// wait takes a turn for a guess for keys and says how long the guess
// waits for it.
func (g *guessDelay) wait(now time.Time, keys [2]string) time.Duration {
	g.mu.Lock()
	defer g.mu.Unlock()
	turn := now
	var live []*guessKey
	for _, k := range keys {
		if e := g.keys[k]; e != nil && now.Sub(e.last) < guessQuiet {
			live = append(live, e)
			if e.next.After(turn) {
				turn = e.next
			}
		}
	}
	for _, e := range live {
		e.next = turn.Add(e.delay())
	}
	return min(turn.Sub(now), guessMax)
}

// failed counts a wrong guess for keys and returns how long the next one
// waits at least.
func (g *guessDelay) failed(now time.Time, keys [2]string) time.Duration {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.keys == nil {
		g.keys = map[string]*guessKey{}
	}
	var wait time.Duration
	for _, k := range keys {
		e := g.keys[k]
		if e == nil || now.Sub(e.last) >= guessQuiet {
			if len(g.keys) >= guessKeys {
				g.prune(now)
			}
			e = &guessKey{}
			g.keys[k] = e
		}
		e.fails++
		e.last = now
		if t := now.Add(e.delay()); t.After(e.next) {
			e.next = t
		}
		wait = max(wait, e.next.Sub(now))
	}
	return min(wait, guessMax)
}

// forget drops keys after a right guess.
func (g *guessDelay) forget(keys [2]string) {
	g.mu.Lock()
	defer g.mu.Unlock()
	for _, k := range keys {
		delete(g.keys, k)
	}
}

// prune forgets the quiet keys, and all of them if none is quiet.
func (g *guessDelay) prune(now time.Time) {
	for k, e := range g.keys {
		if now.Sub(e.last) >= guessQuiet {
			delete(g.keys, k)
		}
	}
	if len(g.keys) >= guessKeys {
		g.keys = map[string]*guessKey{}
	}
}
