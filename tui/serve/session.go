package serve

import (
	"context"
	"fmt"
	"io"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/breakerlab/breakerlab/lessons/challenge"
	"github.com/breakerlab/breakerlab/lessons/drill"
	"github.com/breakerlab/breakerlab/tui/asciiterm"
	"github.com/breakerlab/breakerlab/tui/drillui"
	"github.com/breakerlab/breakerlab/tui/home"
	"github.com/breakerlab/breakerlab/tui/interviewui"
	"github.com/breakerlab/breakerlab/tui/pane"
	"github.com/breakerlab/breakerlab/tui/theme"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/ssh"
	"github.com/muesli/termenv"
	gossh "golang.org/x/crypto/ssh"
)

// handle is the server's one middleware: it refuses what is not a
// terminal session, then runs the program for the session until it ends.
// It takes the place of wish's bubbletea middleware
// (wish@v1.4.7/bubbletea/tea.go), for three reasons: the renderer must not
// query the client's background (its query, on a session without a real
// PTY, waits for the client's next keystroke and swallows it), resizes are
// gathered rather than queued one by one, and the session must join the
// room and save progress when it ends.
func (s *Server) handle(next ssh.Handler) ssh.Handler {
	return func(sess ssh.Session) {
		defer drainSizes(sess)
		s.sessionStarted(sess.Context())
		if !s.track() {
			_ = sess.Exit(1) // the server is stopping
			return
		}
		defer s.wg.Done()
		s.run(sess)
		next(sess)
	}
}

// drainSizes reads the session's window sizes, once its handler is done
// with them, until the library closes their channel with the session's
// requests. The library waits on that channel of one place for a reader
// (sessionreqs.go): a session refused before its program ran (a command,
// the class full) had none, and a resize then held its requests, and the
// session, past its connection. After the program, forwardSizes's reader
// may still be draining too; the sizes no longer matter.
func drainSizes(sess ssh.Session) {
	if _, winch, ok := ptyOf(sess); ok && winch != nil {
		go func() {
			for range winch {
			}
		}()
	}
}

func (s *Server) run(sess ssh.Session) {
	start := time.Now()
	who, id, teacher := s.identify(sess)
	// with is who, then kv, for one line of the log.
	with := func(kv ...any) []any { return append(append(make([]any, 0, len(who)+len(kv)), who...), kv...) }
	from := sess.RemoteAddr().String()
	// Never sess.Pty() here: it copies the PTY while a window change may
	// be writing it (requests.go, sessionRequest).
	pty, winch, ok := ptyOf(sess)
	if cmd := sess.RawCommand(); cmd != "" {
		s.log.Warn("exec refused", with("from", from)...)
		// The command to connect with on a line of its own, whole, to
		// copy: the terminal broke it anywhere ("`s" and "sh -t" on two
		// lines).
		w := pty.Window.Width
		if !ok {
			w = noPTYWidth
		}
		tell(sess.Stderr(), w, "breakerlab serves its screen only; commands are refused. Connect without one:")
		fmt.Fprintf(sess.Stderr(), "  %s\r\n", s.execInstead(sess.User()))
		if !ok {
			// The terminal advice only to a client that asked for none:
			// "connect with ssh -t" read as wrong to one that gave -t.
			tell(sess.Stderr(), w, "breakerlab needs a terminal, which the -t there asks for. "+s.cfg.NoPTY)
		}
		_ = sess.Exit(1)
		return
	}
	if !ok {
		s.log.Warn("no terminal", with("from", from)...)
		s.tellNoTerminal(sess.Stderr(), sess.User())
		_ = sess.Exit(1)
		return
	}
	// The join command's placeholder typed as it stands: everyone who
	// did would share one progress record.
	if sess.PublicKey() == nil && strings.EqualFold(sess.User(), NamePlaceholder) {
		s.log.Warn("session refused", with("from", from, "why", "signed in as "+NamePlaceholder)...)
		tell(sess, pty.Window.Width, s.ownName())
		_ = sess.Exit(1)
		return
	}
	// With a class password, a name is its first key's (names.go).
	if len(s.cfg.Password) > 0 && sess.PublicKey() == nil {
		fp := nameKey(sess)
		if owner, ok := s.names.check(id, fp, true); !ok {
			s.log.Warn("session refused", with("from", from, "why", "the name is bound to another key", "name_key", fp, "bound_to", owner)...)
			tell(sess, pty.Window.Width, s.nameTaken(sess.User(), owner))
			_ = sess.Exit(1)
			return
		}
		if fp != "" {
			who = append(who, "name_key", fp)
		}
	}
	if n := s.sessions.Add(1); n > int64(s.cfg.MaxSessions) {
		s.sessions.Add(-1)
		s.log.Warn("session refused", with("from", from, "why", "the class is full")...)
		tell(sess, pty.Window.Width, fmt.Sprintf("The class is busy: this server takes %s at once, and all are in use (the teacher sets it with --max-sessions). Try again in a moment.",
			plural(s.cfg.MaxSessions, "session", "sessions")))
		_ = sess.Exit(1)
		return
	}
	defer s.sessions.Add(-1)
	// One client must not take the room's places (nor, with screens at
	// their largest, the server's memory): the places of one address and
	// of one student are bounded as well as the room's.
	release, refusal, why := s.takeStudentPlaces(sess.RemoteAddr(), id, teacher)
	if refusal != "" {
		s.log.Warn("session refused", with("from", from, "why", why)...)
		tell(sess, pty.Window.Width, refusal)
		_ = sess.Exit(1)
		return
	}
	defer release()
	// progress names the student's folder under the data directory: the
	// key's fingerprint in the log is the same hash, in base64, and a
	// teacher could not tell from it whose folder is whose.
	s.log.Info("connect", with("from", from, "teacher", teacher, "term", logText(pty.Term),
		"size", fmt.Sprintf("%dx%d", pty.Window.Width, pty.Window.Height), "progress", id)...)

	env := append(sess.Environ(), "TERM="+pty.Term)
	th := theme.New(sessionRenderer(sess, env))
	o := s.cfg.Home()
	o.Theme = th
	o.Workbooks = nil
	o.ExercisesElsewhere = s.cfg.Exercises
	o.WriteElsewhere = remoteWrite
	o.Still = o.Still || home.StillFromEnv(sessEnv(env).Getenv) // the client's reduced motion
	o.Lab = s.lab
	store, notice := s.stores.acquire(id)
	o.LessonStore, o.LessonNotice = store, notice
	s.studentTools(&o, id)

	ctx, cancel := context.WithCancel(sess.Context())
	defer cancel()
	live := s.enter(cancel)
	defer s.leave(live)
	timeUp := s.timeLimit(sess, start, cancel)
	defer timeUp.Stop()
	o.Sandbox = s.sandboxLimits(ctx)
	m := NewSession(ctx, o, s.room, teacher)
	m.SetStudent(id, rollName(sess.User()))
	m.SetPresent(teacher && s.cfg.Present)
	m.SetIdleLimit(s.cfg.IdleTimeout, nil)
	defer m.Leave()
	// Cell motion, as the local program asks (tui/run.go): clicks and the
	// wheel come back as SGR sequences in the session's input, which
	// bubbletea reads from any reader, a terminal or not
	// (bubbletea@v1.3.10/key.go, detectOneMsg). The input is read through
	// a filter that bounds each message's length and the messages a
	// second (input.go): bubbletea's parser costs the square of a
	// message's length, and it draws the screen after every message; a
	// pasted megabyte held a core for over a minute.
	//
	// The client's locale, sent in its environment (ssh's SendEnv LANG
	// LC_*), says whether its terminal shows UTF-8, or BREAKERLAB_ASCII
	// settles it, as the theme reads its BREAKERLAB_THEME.
	in := newInputFilter(sess, nil)
	p := tea.NewProgram(m,
		tea.WithInput(in), asciiterm.WithOutput(sess, sessEnv(env).Getenv),
		tea.WithAltScreen(), tea.WithFPS(30), tea.WithMouseCellMotion(),
		tea.WithContext(ctx), tea.WithoutSignalHandler(), tea.WithEnvironment(env))
	sent, width := s.forwardSizes(ctx, pty.Window, winch, p)
	told := forwardDrops(ctx, in, p)
	_, err := p.Run()
	// Read before cancel: after it the context is always done. Done by
	// then, the connection closed under the program (the class's end
	// cancels it too, and says so below).
	closed := ctx.Err() != nil
	cancel()
	<-sent
	<-told
	// Out of the room before the progress is saved and closed: a reveal
	// in between kept the student's answer in a store no one would save
	// again; once out, it is written to their file (awaywrite.go). The
	// deferred Leave then does nothing.
	m.Leave()
	saved := false
	if store != nil {
		if err := s.stores.release(id); err != nil {
			s.log.Error("saving progress", with("err", err)...)
		} else {
			saved = true
		}
	}
	after := []any{"from", from, "after", time.Since(start).Round(time.Second)}
	if n := in.Dropped(); n > 0 {
		// Input past the limits: a paste cut, or a flood dropped.
		after = append(after, "input_dropped_bytes", n)
	}
	switch {
	case live.ended.Load():
		// The program has restored the terminal: the line stays on the
		// student's screen after the connection closes.
		// Wrapped at its spaces to the window: a terminal 40 columns
		// wide broke it mid-word ("progre" / "ss was saved").
		tell(sess, width(), endedNote(saved))
		s.log.Info("disconnect", with(append(after, "why", "class ended")...)...)
	case timeUp.reached.Load():
		tell(sess, width(), fmt.Sprintf("breakerlab closed this session: a connection lasts at most %s on this server (the teacher sets it with --max-session); connect again to go on.", limitWords(s.cfg.MaxSession)))
		s.log.Info("disconnect", with(append(after, "why", "session time limit")...)...)
	case err != nil && !closed:
		s.log.Error("session failed", with(append(after, "err", err)...)...)
	case m.IdledOut():
		tell(sess, width(), fmt.Sprintf("breakerlab closed this session after %s with no key pressed or click (the teacher sets it with --idle-timeout); connect again to go on.", limitWords(s.cfg.IdleTimeout)))
		s.log.Info("disconnect", with(append(after, "why", "idle")...)...)
	default:
		s.log.Info("disconnect", with(append(after, "why", s.closedWhy(closed, time.Since(start)))...)...)
	}
	_ = sess.Exit(0)
}

// sessionLimitGrace is how long past --max-session the SSH library
// closes a connection whose session has not ended (wish.WithMaxTimeout):
// the session's own timer (timeLimit) ends its program at the limit, and
// this is the time it has to restore the terminal and say why.
const sessionLimitGrace = 5 * time.Second

// sessionTimer is a session's time limit: reached once it has ended the
// program.
type sessionTimer struct {
	t       *time.Timer
	reached atomic.Bool
}

// Stop stops the timer, if there is one.
func (t *sessionTimer) Stop() {
	if t.t != nil {
		t.t.Stop()
	}
}

// timeLimit ends the session's program (cancel) when its connection has
// lasted --max-session, counted from the connection's accept as the
// library counts it. The library alone closed the connection under the
// program: the student's terminal was left in the program's screen with
// the mouse reporting, and nothing said why.
func (s *Server) timeLimit(sess ssh.Session, start time.Time, cancel context.CancelFunc) *sessionTimer {
	st := &sessionTimer{}
	if s.cfg.MaxSession <= 0 {
		return st
	}
	if tc := connOf(sess.Context()); tc != nil {
		start = tc.start
	}
	st.t = time.AfterFunc(s.cfg.MaxSession-time.Since(start), func() {
		st.reached.Store(true)
		cancel()
	})
	return st
}

// closedWhy is the log's why= for a session that neither the class's end
// nor the idle limit closed: the student quit, the connection reached
// its time limit (--max-session), or it was lost (a killed ssh, a laptop
// closed, the network gone), which the log left without a why.
func (s *Server) closedWhy(closed bool, lasted time.Duration) string {
	switch {
	case !closed:
		return "quit"
	case s.cfg.MaxSession > 0 && lasted >= s.cfg.MaxSession:
		return "session time limit"
	default:
		return "connection lost"
	}
}

// execInstead is the command a client that sent one is told to connect
// with: none, on the port and address students join with, under the name
// it used when that is a plain one (one that could hold a terminal's
// control codes is not written back).
func (s *Server) execInstead(user string) string {
	port, host := "PORT", "HOST"
	if j, ok := s.room.Joining(); ok {
		port, host = j.Port, j.Host
	}
	if !plainName(user) {
		user = NamePlaceholder
	}
	return "ssh -t -p " + port + " " + user + "@" + host
}

// noPTYWidth is the width a client without a terminal is written to: it
// says none, and its output goes to whatever the ssh command's does,
// mostly a terminal of 80 columns or more, which broke a longer line
// mid-word.
const noPTYWidth = 80

// tellNoTerminal tells a client that asked for no terminal (ssh without
// -t) what happened and the command that connects with one, on the port
// and as the user the class joins with, on a line of its own to copy;
// then what it can do without one (Config.NoPTY).
func (s *Server) tellNoTerminal(out io.Writer, user string) {
	tell(out, noPTYWidth, "breakerlab draws its screen in a terminal, and this connection asked for none. Connect with one (-t):")
	fmt.Fprintf(out, "  %s\r\n", s.execInstead(user))
	if s.cfg.NoPTY != "" {
		tell(out, noPTYWidth, s.cfg.NoPTY)
	}
}

// tell writes a refusal to a terminal w columns wide, wrapped at its
// spaces: the terminal would break it wherever the line ends, mid-word
// and mid-fingerprint. Width 0 (not said) leaves it one line.
func tell(out io.Writer, w int, msg string) {
	lines := []string{msg}
	if w > 0 {
		lines = pane.Wrap(msg, w)
	}
	for _, l := range lines {
		fmt.Fprintf(out, "%s\r\n", strings.TrimRight(l, " "))
	}
}

// endedNote is what a student reads when the teacher stops the server.
func endedNote(saved bool) string {
	if saved {
		return "The teacher ended the class. Your progress was saved."
	}
	return "The teacher ended the class."
}

// remoteWrite is what w says over SSH, in the sandbox, the builder and a
// challenge. The file would be written on the server, at a path the
// student types, and the server writes nothing but its host key and the
// progress files: it says so, where "w is off over SSH" left the student
// to guess why. It fits the status line at 80 columns whole.
const remoteWrite = "w is off over SSH: it would write on the server; run breakerlab locally"

// identify names the session for the log (user=NAME, and key=FINGERPRINT
// when a key was used: both public), for the progress folder, and says
// whether the teacher signed in. The name is escaped (logText): a name
// holding a newline writes no line of its own.
func (s *Server) identify(sess ssh.Session) (who []any, id string, teacher bool) {
	k := sess.PublicKey()
	if k == nil {
		return []any{"user", logText(sess.User())}, studentID(nil, sess.User()), false
	}
	return []any{"user", logText(sess.User()), "key", gossh.FingerprintSHA256(k)}, studentID(k.Marshal(), ""), s.isTeacher(k)
}

// ownName is what a student who typed the join command's placeholder as
// their name is told: their progress would be kept with everyone else's
// who did.
func (s *Server) ownName() string {
	ex := "ssh -p PORT ada@ADDRESS"
	if j, ok := s.room.Joining(); ok {
		ex = "ssh -p " + j.Port + " ada@" + j.Host
	}
	return "Type your own name in place of " + NamePlaceholder + ", e.g. " + ex + ": progress is kept per name."
}

// sessionRenderer is a lipgloss renderer writing to the session, with the
// colour profile the client's TERM (and COLORTERM, NO_COLOR, when it sent
// them) asks for. WithUnsafe makes termenv read the profile from the
// environment though the session is not a file. The background is the
// client's BREAKERLAB_THEME or COLORFGBG when it sent one (ssh -o
// SetEnv=BREAKERLAB_THEME=light), else dark: termenv cannot ask the
// client's terminal, as the session is no file it can wait on, and an
// answer read from the session would be the program's input.
func sessionRenderer(sess ssh.Session, env []string) *lipgloss.Renderer {
	e := sessEnv(env)
	r := lipgloss.NewRenderer(sess, termenv.WithEnvironment(e), termenv.WithUnsafe(), termenv.WithColorCache(true))
	// termenv reads NO_COLOR from the environment it is given as well
	// (termenv@v0.16.0/termenv.go, EnvNoColor); saying so here keeps the
	// rule in sight.
	if theme.NoColor(e.Getenv) {
		r.SetColorProfile(termenv.Ascii)
	}
	_ = r.ColorProfile()
	theme.DecideBackground(r, e.Getenv)
	return r
}

// sessEnv is the session's environment, as termenv reads it.
type sessEnv []string

func (e sessEnv) Environ() []string { return e }

func (e sessEnv) Getenv(k string) string {
	v := ""
	for _, kv := range e {
		if rest, ok := strings.CutPrefix(kv, k+"="); ok {
			v = rest // the last one wins, as TERM is appended
		}
	}
	return v
}

// forwardSizes hands the client's window changes to the program. The
// library's request loop waits on winch, and while it waits the whole
// connection stalls (x/crypto/ssh delivers a channel's requests from its
// one read loop; charmbracelet/ssh session.go sends each window change on
// winch): if the program were busy writing to a client whose SSH window
// is full, nothing would ever read the window adjust, or the hang-up, that
// would free it. So one goroutine only drains winch, keeping the latest
// size, until the library closes it with the channel; another sends the
// latest to the program. The returned channel closes when the sender has
// stopped, after ctx ends; width is the window's latest width (first
// given), which the lines written after the program wrap to.
func (s *Server) forwardSizes(ctx context.Context, first ssh.Window, winch <-chan ssh.Window, p *tea.Program) (sent <-chan struct{}, width func() int) {
	var (
		mu     sync.Mutex
		latest = first
		ready  = make(chan struct{}, 1)
		done   = make(chan struct{})
	)
	go func() {
		for w := range winch {
			mu.Lock()
			latest = w
			mu.Unlock()
			select {
			case ready <- struct{}{}:
			default:
			}
		}
	}()
	go func() {
		defer close(done)
		for {
			select {
			case <-ctx.Done():
				return
			case <-ready:
				mu.Lock()
				w := latest
				mu.Unlock()
				p.Send(tea.WindowSizeMsg{Width: w.Width, Height: w.Height})
			}
		}
	}()
	return done, func() int {
		mu.Lock()
		defer mu.Unlock()
		return latest.Width
	}
}

// studentTools gives the drill the student's own folder for their
// schedule, and the mock interview no folder: a graded interview is shown
// as text to copy, since one saved here would stay on the server, out of
// the student's reach. Two sessions of one student each keep a schedule
// of their own; the last to save wins.
func (s *Server) studentTools(o *home.Options, id string) {
	dir := filepath.Join(s.cfg.DataDir, id)
	d := drillui.Options{}
	if o.Drill != nil {
		d.Deck = o.Drill.Deck // a deck given (a test's few cards) is kept
	}
	d.Session.New = drill.DefaultNew
	st, err := drill.OpenStore(dir, time.Now())
	switch {
	case err != nil:
		d.Notice = err.Error() + "; the schedule will not be saved"
	default:
		d.Store, d.Notice = st, st.Notice()
	}
	o.Drill = &d
	o.Interview = &interviewui.Options{OnScreen: true}
	// The challenges keep the student's stars in their folder, merged
	// across their sessions as across local windows; w, which writes the
	// design to a file, is off: the file would be written on the server.
	if o.Challenges != nil {
		ch := *o.Challenges
		var err error
		ch.Progress, err = challenge.OpenProgress(filepath.Join(dir, challengeStars))
		switch {
		case err != nil:
			ch.Notice = err.Error()
		case ch.Progress != nil:
			ch.Notice = ch.Progress.Notice()
		}
		ch.Dir, ch.WriteElsewhere = "", remoteWrite
		o.Challenges = &ch
	}
}

// challengeStars is the file of a student's challenge stars in their
// folder, named as the local program names its own.
const challengeStars = "challenges.json"
