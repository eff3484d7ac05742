package main

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"os"
	"os/signal"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/report"
	"github.com/breakerlab/breakerlab/engine/scenarios"
	"github.com/breakerlab/breakerlab/internal/flagerr"
	"github.com/breakerlab/breakerlab/internal/userfile"
	"github.com/breakerlab/breakerlab/lessons"
	"github.com/breakerlab/breakerlab/tui"
	"github.com/breakerlab/breakerlab/tui/asciiterm"
	"github.com/breakerlab/breakerlab/tui/challengeui"
	"github.com/breakerlab/breakerlab/tui/drillui"
	"github.com/breakerlab/breakerlab/tui/home"
	"github.com/breakerlab/breakerlab/tui/interviewui"
	"github.com/breakerlab/breakerlab/tui/lessonui"
	"github.com/breakerlab/breakerlab/tui/livelab"
	"github.com/breakerlab/breakerlab/tui/serve"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/log"
	"github.com/charmbracelet/x/ansi"
	"github.com/muesli/termenv"
	gossh "golang.org/x/crypto/ssh"
	"golang.org/x/term"
)

// `breakerlab serve` hands the program to a classroom over SSH
// (tui/serve); this file only turns flags into its Config.
func init() {
	register(command{name: "serve", summary: "serve the program to a classroom over SSH", usage: "serve [--listen ADDR] [--authorized-keys FILE] [--password] [--teacher] [--present]", run: runServe})
}

// serveContext ends on ctrl+c, SIGTERM or SIGHUP; tests replace it.
var serveContext = func() (context.Context, context.CancelFunc) {
	return signal.NotifyContext(context.Background(), serveStopSignals...)
}

// serveStopSignals stop the server as ctrl+c does: its students told the
// class ended, their progress saved, the log's "stopped" written. SIGHUP
// is the terminal serve runs in going away (the teacher's window closed,
// the tmux session or the SSH connection it ran in ended): left to its
// default action it killed the server at once, students cut off with not
// a word and no "stopped" in the log. (Windows has the name, never the
// signal.)
var serveStopSignals = []os.Signal{os.Interrupt, syscall.SIGTERM, syscall.SIGHUP}

// serveStopSignalWords names each of serveStopSignals as the teacher
// knows it: the start-up line says every way the class ends cleanly, from
// the list the server really listens for, so the line cannot leave one out
// (it named ctrl+c alone, and a hang-up or SIGTERM stopped it as well).
var serveStopSignalWords = map[os.Signal]string{
	os.Interrupt:    "ctrl+c",
	syscall.SIGTERM: "SIGTERM",
	syscall.SIGHUP:  "a hang-up",
}

// serveStopWords is the start-up line's clause on how the server stops.
// With --teacher, ctrl+c is a key of the teacher's screen, not a signal:
// quitting that screen stops the server, and it asks first.
func serveStopWords(teacher bool) string {
	var ways []string
	if teacher {
		ways = append(ways, "quitting the teacher's screen (it asks first)")
	}
	for _, sig := range serveStopSignals {
		if teacher && sig == os.Interrupt {
			continue
		}
		ways = append(ways, serveStopSignalWords[sig])
	}
	switch len(ways) {
	case 1:
		return ways[0] + " stops the server"
	case 2:
		return ways[0] + " or " + ways[1] + " stops the server"
	}
	return strings.Join(ways[:len(ways)-1], ", ") + " or " + ways[len(ways)-1] + " stops the server"
}

// noPTY is what a client without a terminal is told it can do without
// one, after the command to connect with one (the server wraps it).
const noPTY = "Without a terminal, install breakerlab on your computer and run its " +
	"headless commands: breakerlab run SCENARIO, scenarios, lessons, lesson ID --check."

// remoteExercises is what the Exercises item says over SSH.
const remoteExercises = "The exercises grade Go code you write on your own computer, so they do not run over SSH. " +
	"To do them, install Go and breakerlab there (go install github.com/breakerlab/breakerlab/cmd/breakerlab@latest), " +
	"then run `breakerlab exercises init` and `breakerlab` in the folder it makes."

// remoteLiveLab is what the Live lab item says over SSH: its servers would
// start on the classroom's machine, under every student's session at once.
const remoteLiveLab = "it starts real servers on the computer it runs on, so it does not run over SSH. " +
	"To run it, install Go and breakerlab on your own computer (go install github.com/breakerlab/breakerlab/cmd/breakerlab@latest), " +
	"then run `breakerlab lab checkout --tui` there"

// errRemoteLiveLab is the Live lab's answer in a student's session.
var errRemoteLiveLab = errors.New(remoteLiveLab)

func runServe(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("serve", flag.ContinueOnError)
	listen := fs.String("listen", serve.DefaultListen, "the address `ADDR` to listen on; anything but loopback needs --authorized-keys or --password")
	keys := fs.String("authorized-keys", "", "a `FILE` of the public keys allowed in, one a line (authorized_keys format)")
	password := fs.Bool("password", false, "ask here for a class password that students type to get in; progress is kept per user name, and a name first used with an SSH key is bound to that key until the server stops (a name first used without one is open to anyone with the password)")
	teacher := fs.Bool("teacher", false, "run the teacher's screen in this terminal: students press ctrl+g to follow its sandbox or lesson (ctrl+l lists who is in the room); on a lesson step, ctrl+a puts its question to the room (r reveals the answer, esc ends it); ctrl+p toggles presentation mode")
	present := fs.Bool("present", false, "the teacher's screen starts in presentation mode, for a projector (ctrl+p toggles it in any session)")
	teacherKey := fs.String("teacher-key", "", "a `FILE` of public keys whose SSH sessions present, as --teacher's does")
	dataDir := fs.String("data-dir", "", "the `FOLDER` where the host key and the students' progress live")
	sayDefault(fs, "data-dir", "breakerlab/serve in the user's config directory", false)
	maxSessions := intIn(fs, "max-sessions", serve.DefaultMaxSessions, 1, 10000, "sessions at once, "+rangeMark)
	perIP := intIn(fs, "max-sessions-per-ip", serve.DefaultMaxSessionsPerIP, 1, 10000, fmt.Sprintf("sessions at once from one address, "+rangeMark+", so that one client cannot take the class's places or the server's memory (a session's screen is drawn at %d×%d at most, under %d MB); the teacher's keys are not counted. Raise it for a class that reaches the server through one NAT", serve.MaxWidth, serve.MaxHeight, serve.SessionHeapBound>>20))
	perStudent := intIn(fs, "max-sessions-per-student", serve.DefaultMaxSessionsPerStudent, 1, 10000, "sessions at once for one student (one key, or one name with --password), "+rangeMark)
	maxSims := intIn(fs, "max-simulations", serve.DefaultMaxSimulations, 1, 1000, "sweeps (ctrl+s in the sandbox's knob form) running at once across all sessions, each on one core, "+rangeMark+"; one more is told the server is busy")
	sayDefault(fs, "max-simulations", "the number of cores", true)
	idle := fs.Duration("idle-timeout", serve.DefaultIdleTimeout, "close a session after this long with no key pressed or click from its student, unless they follow the teacher, show presentation mode or have a room question on their screen (0: never)")
	maxSession := fs.Duration("max-session", serve.DefaultMaxSession, "close a connection after this long whatever happens (0: never)")
	signIn := durationIn(fs, "sign-in-timeout", serve.HandshakeTimeout, time.Second, 10*time.Minute, "close a connection that has not signed in and opened its session this long after connecting (a class password typed included), "+rangeMark)
	startups := fs.String("max-startups", serve.DefaultStartups.String(), "connections signing in at once, as OpenSSH's MaxStartups `START:RATE:FULL`: past START, drop RATE% of new ones, rising to all at FULL; a connection that has sent nothing for 250ms gives its place to a new one first")
	pendingPerIP := intIn(fs, "max-pending-per-ip", serve.DefaultMaxPendingPerIP, 1, 100000, "connections signing in at once from one address, "+rangeMark+" (raise it for a class behind one NAT typing a password at the same moment)")
	sessionBudget := &budgetFlag{n: serve.DefaultSessionBudget}
	fs.Var(sessionBudget, "session-budget", "the most requests one student's run or sweep may simulate, such as 20M; students cannot raise it, and a sweep over it runs on one seed or fewer designs, saying so")
	rate := fs.Float64("rate-per-ip", serve.DefaultRatePerIP, "new connections a minute from one address, with a burst of as many (0: no limit)")
	benchClients := fs.Int("bench-clients", 0, "measure instead of serving: N students follow a teacher playing at 30 fps, then N play their own; prints CPU and memory per session; N is "+rangeMark)
	ranged(fs, "bench-clients", 1, 500, "1 to 500 (leave it out to serve)")
	sayDefault(fs, "bench-clients", "none, serve instead", false)
	benchFor := fs.Duration("bench-for", 10*time.Second, "how long --bench-clients measures, "+rangeMark)
	ranged(fs, "bench-for", float64(time.Second), float64(50*time.Second), "1s to 50s (the scenario plays for a minute)")
	pos, err := parseArgs(fs, args)
	if err != nil {
		return err
	}
	if len(pos) > 0 {
		return usagef("serve takes no arguments, got %q; `breakerlab serve --help` lists its flags", pos)
	}
	// The address first, before the access rule is asked of it: a port
	// that is no number was reported only when listening failed ("lookup
	// tcp/abc: unknown port"), and an unknown host was told it needed an
	// access rule for being reachable from other machines.
	if err := checkListen(*listen); err != nil {
		return flagUsagef("%v", err)
	}
	cfg := serve.Config{Listen: *listen, MaxSessions: *maxSessions, RatePerIP: *rate, MaxSimulations: *maxSims,
		IdleTimeout: noneIfZero(*idle), MaxSession: noneIfZero(*maxSession),
		Home: serveHome, NoPTY: noPTY,
		Exercises: remoteExercises, Present: *present}
	if *rate == 0 {
		cfg.RatePerIP = -1
	}
	// The numbers' ranges are checked as they are parsed (intIn).
	cfg.MaxSessionsPerIP, cfg.MaxSessionsPerStudent = *perIP, *perStudent
	if cfg.MaxStartups, err = serve.ParseStartups(*startups); err != nil {
		return flagUsagef("%v", err)
	}
	cfg.HandshakeTimeout, cfg.MaxPendingPerIP = *signIn, *pendingPerIP
	if sessionBudget.n < 1 {
		return flagUsagef("--session-budget %s: allowed is 1 or more", sessionBudget)
	}
	// A refusal names no flag (a student cannot raise the class's
	// budget); a sweep made smaller to fit it names this one.
	cfg.SessionBudget = sessionBudget.n
	// Each is named with the value given: one message for the three left
	// the user to find which of them was wrong.
	switch {
	case *idle < 0:
		return flagUsagef("--idle-timeout %s: allowed is 0 (never) or more", engine.FormatDuration(*idle))
	case *maxSession < 0:
		return flagUsagef("--max-session %s: allowed is 0 (never) or more", engine.FormatDuration(*maxSession))
	case *rate < 0:
		return flagUsagef("--rate-per-ip %v: allowed is 0 (no limit) or more", *rate)
	}
	if err := serveModeFlags(fs); err != nil {
		return err
	}
	if *present && *teacherKey == "" && !*teacher {
		// Only a teacher's session starts presenting: without one, the
		// flag was dropped and the class started as if it were not given.
		return usagef("--present starts the teacher's screen in presentation mode: add --teacher (this terminal) or --teacher-key FILE (a teacher signing in over SSH)")
	}
	if *benchClients != 0 {
		return serveBench(*benchClients, *benchFor, stdout)
	}
	dir := *dataDir
	if dir == "" {
		c, err := os.UserConfigDir()
		if err != nil {
			return fmt.Errorf("finding the config directory (give --data-dir): %w", err)
		}
		dir = filepath.Join(c, "breakerlab", "serve")
	}
	if err := dataDirUsable(dir); err != nil {
		return usagef("--data-dir: %w", err)
	}
	cfg.DataDir, cfg.HostKeyPath = filepath.Join(dir, "students"), filepath.Join(dir, "host_ed25519")
	if *keys != "" {
		if cfg.AuthorizedKeys, err = readKeys(*keys); err != nil {
			return usagef("--authorized-keys: %w", err)
		}
	}
	if *teacherKey != "" {
		if cfg.TeacherKeys, err = readKeys(*teacherKey); err != nil {
			return usagef("--teacher-key: %w", err)
		}
	}
	// Refuse an open non-loopback address before asking for anything.
	if !*password && len(cfg.AuthorizedKeys) == 0 && !serve.IsLoopback(cfg.Listen) {
		_, err := serve.New(cfg)
		return usageError{err}
	}
	if *teacher {
		if err := needTerminal(stdout, "serve --teacher", "leave out --teacher and sign in with --teacher-key"); err != nil {
			return err
		}
	}
	if *password {
		if _, err := passwordTerminal(); err != nil {
			return err
		}
	}
	// Listen before the password is asked: a port in use was found only
	// once the teacher had typed it, in words that named no flag.
	ln, err := net.Listen("tcp", cfg.Listen)
	if err != nil {
		return listenRefusal(cfg.Listen, err)
	}
	defer ln.Close() // Serve and Shutdown close it too; this one is for the returns before them
	if *password {
		if cfg.Password, err = askPassword(stderr); err != nil {
			return err
		}
	}
	// The teacher's screen takes the terminal, so the log goes to a file.
	logOut := stderr
	logPath := ""
	if *teacher {
		if err := os.MkdirAll(dir, 0o700); err != nil {
			return err
		}
		f, err := os.OpenFile(filepath.Join(dir, "serve.log"), os.O_CREATE|os.O_APPEND|os.O_WRONLY, 0o600)
		if err != nil {
			return fmt.Errorf("opening the log: %w", err)
		}
		defer f.Close()
		sayLine(stderr, "breakerlab serve: logging to %s", f.Name())
		logOut, logPath = f, f.Name()
	}
	// The log's records fold to the terminal's width on it, as the lines
	// around them do; in the teacher's file or a pipe (2>serve.log, a
	// journal) each stays a line, for grep.
	cfg.Logger = serveLogger(logOut, !*teacher && terminalWidth(logOut) > 0)
	srv, err := serve.New(cfg)
	if err != nil {
		if errors.Is(err, serve.ErrNoAccessRule) {
			return usageError{err}
		}
		return err
	}
	ctx, stop := serveContext()
	defer stop()
	stopWords := serveStopWords(*teacher)
	join := srv.JoinFor(ln.Addr())
	where := ""
	if join.Local {
		where = " (from this machine only)"
	}
	sayLine(stderr, "breakerlab serve: students connect with `%s`%s; sign-in: %s; %s; %s", join.Command(), where, join.Access, join.Progress, stopWords)
	served := make(chan error, 1)
	go func() { served <- srv.Serve(ln) }()
	screenDone := make(chan struct{})
	if *teacher {
		go func() {
			defer close(screenDone)
			m := serve.NewSession(ctx, teacherHome("", dir), srv.Room(), true)
			m.SetPresent(*present)
			// Leaving this screen stops the server: q and ctrl+c ask
			// first, saying how many students it would disconnect.
			m.SetLocal(true)
			defer m.Leave()
			// Not fullscreen.Run: ctx is this command's own request for
			// SIGINT, SIGTERM and SIGHUP, made before the screen starts,
			// and ends the screen; and without bubbletea's handler, which
			// got a SIGINT too and sent its message to a program ctx had
			// ended, blocking the screen's end for good.
			p := tea.NewProgram(m, tea.WithAltScreen(), asciiterm.WithOutput(nil, os.Getenv), tea.WithFPS(30), tea.WithMouseCellMotion(), tea.WithoutSignalHandler(), tea.WithFilter(serverStoppedFilter(m.QuitFilter)))
			ran := make(chan struct{})
			quit := quitOnDone(ctx, p, ran)
			_, _ = p.Run()
			close(ran)
			<-quit
			stop()
		}()
	}
	select {
	case <-ctx.Done():
	case err := <-served:
		if err != nil {
			return err
		}
	}
	sctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	err = srv.Shutdown(sctx)
	if *teacher {
		// The log's "stopped" went to its file: the terminal the
		// teacher's screen gave back says so too, once that screen has
		// left it, with where the class's log is. (stop ends the screen
		// when the server stopped on its own.)
		stop()
		<-screenDone
		if err != nil {
			return err
		}
		sayLine(stderr, "breakerlab serve: stopped; every student was disconnected and their progress saved; the class's log is %s", logPath)
	}
	printAnswers(stderr, srv.Room().Answers())
	return err
}

// printAnswers gives the teacher what the room answered, once the class
// is over: the polls showed their counts only while open, and the
// terminal the teacher got back said only that the server had stopped.
func printAnswers(w io.Writer, answers []string) {
	if len(answers) == 0 {
		return
	}
	what := "1 question"
	if len(answers) > 1 {
		what = fmt.Sprintf("%d questions", len(answers))
	}
	sayLine(w, "breakerlab serve: what the room answered, %s put to it (counts only, never who answered what):", what)
	width := helpWidth(w)
	for _, line := range answers {
		// An answer's continuation lines sit under its words, deeper
		// than the answer's own start, so that each reads as one.
		fmt.Fprint(w, report.Wrap("  "+line, width, 4))
	}
}

// sayLine writes one of serve's own lines to the teacher's terminal,
// folded between words to its width (textWidth where w is not one), its
// continuation lines indented: written whole, the terminal broke them
// mid-word at 80 columns ("(from" / "this machine only)", "max_si" /
// "mulations").
func sayLine(w io.Writer, format string, args ...any) {
	fmt.Fprint(w, report.Wrap(fmt.Sprintf(format, args...), helpWidth(w), 2))
}

// serverStopped ends the teacher's screen when the server stops, past
// the question q and ctrl+c ask.
type serverStopped struct{}

// serverStoppedFilter is the teacher's screen's filter: quit, its own
// filter for the rest. The screen used to end by its program's context
// (tea.WithContext), which is bubbletea's kill path: that closes the
// terminal's input reader without waiting for the read loop still in it
// (bubbletea@v1.3.10/tea.go, shutdown(true); cancelreader@v0.2.2's wait
// reads the cancel pipe's descriptor that Close destroys), a data race a
// race-built serve reported now and then as it stopped (exit 66). A quit
// waits for the read loop before the reader closes.
func serverStoppedFilter(next func(tea.Model, tea.Msg) tea.Msg) func(tea.Model, tea.Msg) tea.Msg {
	return func(m tea.Model, msg tea.Msg) tea.Msg {
		if _, ok := msg.(serverStopped); ok {
			return tea.QuitMsg{}
		}
		return next(m, msg)
	}
}

// quitOnDone sends p serverStopped when ctx ends, unless ran (closed when
// p's Run has returned) comes first; the channel it returns is closed once
// it has done either. A send before p's event loop began waits for it, and
// one as p ends gives up once p has ended.
func quitOnDone(ctx context.Context, p *tea.Program, ran <-chan struct{}) <-chan struct{} {
	done := make(chan struct{})
	go func() {
		defer close(done)
		select {
		case <-ctx.Done():
			p.Send(serverStopped{})
		case <-ran:
		}
	}()
	return done
}

// teacherHome is the teacher's own screen: the home screen of
// `breakerlab`, with the teacher's own progress (progressPath "": the
// default file), in the room, saying so; dataDir holds the students'.
func teacherHome(progressPath, dataDir string) home.Options {
	o := serveHome()
	// This terminal is the teacher's own machine: the lab runs here as in
	// `breakerlab`.
	o.LiveLab = homeLiveLab
	lo := lessonui.Terminal(progressPath)
	o.Theme, o.LessonStore, o.LessonNotice = lo.Theme, lo.Store, lo.Notice
	d, iv := drillui.Terminal(), interviewui.Terminal()
	o.Drill, o.Interview = &d, &iv
	// The teacher's own stars, and w writes in this folder.
	ch := challengeui.Terminal(nil, os.Getenv)
	o.Challenges = &ch
	o.Notices = append(o.Notices, teacherProgressNotice(lo.Store, dataDir))
	if wd, err := os.Getwd(); err == nil {
		o.Workbooks = tui.Workbooks(wd, true)
	}
	return o
}

// teacherProgressNotice says whose progress the teacher's home screen
// shows: the teacher's own, this machine's, as `breakerlab` shows it, not
// the class's. Its stars and counts sat beside the class's join line with
// nothing to say so, and a teacher who had served with --data-dir read
// them as the students'. store is the teacher's lesson progress (nil:
// none is kept); dataDir the folder the students' progress is kept in.
func teacherProgressNotice(store *lessons.Store, dataDir string) string {
	where := "this machine's"
	if store != nil {
		where = "this machine's, in " + filepath.Dir(store.Path())
	}
	return "The progress on this screen (lessons, stars, drill) is your own, " + where +
		", not the class's: each student's is kept in their own folder in " + dataDir + "."
}

// noneIfZero maps the flag's 0 ("never") to the config's negative.
func noneIfZero(d time.Duration) time.Duration {
	if d == 0 {
		return -1
	}
	return d
}

// serveHome is the home screen of one session, without its theme.
func serveHome() home.Options {
	o := home.Options{Seed: defaultSeed}
	for _, b := range scenarios.All() {
		o.Scenarios = append(o.Scenarios, home.Entry{Name: b.Name, Summary: b.Summary, Build: b.Build})
	}
	o.Scenarios = append(o.Scenarios, home.Entry{Name: shuffleScenario.Name, Summary: shuffleScenario.Summary, ShardView: true})
	// As on the local home screen, the lessons are parsed when a session
	// first needs them (its Lessons item, a room question, following the
	// teacher into a lesson), not before the server listens; lessons.All
	// parses them once for every session. A failure is told where they
	// are asked for.
	o.LoadLessons = lessons.All
	// The challenges, as locally; the server gives each student their own
	// stars and turns w off (tui/serve, studentTools).
	o.Challenges = &challengeui.Options{Debounce: challengeui.Debounce}
	o.LiveLab = func() (livelab.Options, func() error, error) {
		return livelab.Options{}, nil, errRemoteLiveLab
	}
	return o
}

// serveLogger is serve's log on w, in colour where w is a terminal that
// takes it. The log, given a terminal's file, asks the terminal its
// foreground and background as it is made, waiting five seconds for each
// answer, and a terminal that never answers (a serial console, a
// multiplexer that drops the question) held back the line saying how
// students connect by ten seconds; its styles have no colour that depends on the
// background, so the answers went unused. It gets w behind a writer that is
// not a file, which it does not ask, and the colour profile termenv reads
// from w and the environment without asking (TERM, NO_COLOR, CLICOLOR,
// none off a terminal), the one it chose itself before.
//
// With fold, each record is folded to w's width as sayLine folds serve's
// own lines (foldRecord), so a record a terminal broke mid-word reads
// whole and its continuation lines are indented under it.
func serveLogger(w io.Writer, fold bool) *log.Logger {
	l := log.NewWithOptions(&notAFile{w, fold}, log.Options{ReportTimestamp: true, Prefix: "serve"})
	// The colours are the terminal's, found behind the ASCII mapping
	// main puts on standard error under a locale that is not UTF-8:
	// termenv takes any writer but a file for a pipe.
	shows := w
	if f, ok := outputFile(w); ok {
		shows = f
	}
	l.SetColorProfile(termenv.NewOutput(shows).Profile)
	return l
}

// notAFile is a writer whose file, if it has one, cannot be reached. A
// pointer, so that the log's cache of renderers, keyed by writer, never
// compares two of them.
type notAFile struct {
	w    io.Writer
	fold bool
}

// Write writes p, one record of the log (charmbracelet/log writes a
// record in one Write), folded when n folds.
func (n *notAFile) Write(p []byte) (int, error) {
	if !n.fold {
		return n.w.Write(p)
	}
	if _, err := io.WriteString(n.w, foldRecord(string(p), helpWidth(n.w))); err != nil {
		return 0, err
	}
	return len(p), nil
}

// foldRecord folds each line of a log record to width columns, between
// words where it can (ansi.Wrap, which keeps the colours' escapes whole
// and cuts a word only when it is wider than a line), each continuation
// line indented by two. Not report.Wrap: that joins a value's runs of
// spaces into one, and the log shows a value as the client sent it.
func foldRecord(rec string, width int) string {
	var b strings.Builder
	for line := range strings.Lines(rec) {
		line = strings.TrimSuffix(line, "\n")
		if ansi.StringWidth(line) <= width {
			b.WriteString(line + "\n")
			continue
		}
		for i, part := range strings.Split(ansi.Wrap(line, width-2, ""), "\n") {
			if i > 0 {
				b.WriteString("  ")
			}
			b.WriteString(part + "\n")
		}
	}
	return b.String()
}

// readKeys reads an authorized_keys file: one key a line; blank lines and
// # comments are skipped.
func readKeys(path string) ([]gossh.PublicKey, error) {
	// A folder, an empty file or a binary one (a private key's .ppk, say)
	// is refused as such, where a folder read "read DIR: is a directory".
	data, err := userfile.Read(path, "keys file", "in authorized_keys format, one public key a line, such as `ssh-ed25519 AAAA... name`", 0)
	if err != nil {
		return nil, err
	}
	var keys []gossh.PublicKey
	for i, line := range bytes.Split(data, []byte("\n")) {
		line = bytes.TrimSpace(line)
		if len(line) == 0 || line[0] == '#' {
			continue
		}
		k, _, _, _, err := gossh.ParseAuthorizedKey(line)
		if err != nil {
			return nil, fmt.Errorf("%s line %d is not a public key (expected e.g. `ssh-ed25519 AAAA... name`): %w", path, i+1, err)
		}
		keys = append(keys, k)
	}
	if len(keys) == 0 {
		return nil, fmt.Errorf("%s holds no public keys", path)
	}
	return keys, nil
}

// askPassword reads the class password from the terminal, never echoed
// and never from the command line.
func askPassword(stderr io.Writer) ([]byte, error) {
	fd, err := passwordTerminal()
	if err != nil {
		return nil, err
	}
	// A password too short is asked for again, as passwd does, rather
	// than ending the command: the teacher mistyped, and typing the whole
	// command again for it helps nobody. Three tries, then the usage error.
	const tries, least = 3, 6
	for try := 1; ; try++ {
		fmt.Fprint(stderr, "Class password (students type it to get in): ")
		pw, err := term.ReadPassword(fd)
		fmt.Fprintln(stderr)
		if err != nil {
			return nil, fmt.Errorf("reading the password: %w", err)
		}
		if len(pw) >= least {
			return pw, nil
		}
		if try == tries {
			return nil, usagef("the class password must be at least %d characters, got %d (%d tries)", least, len(pw), tries)
		}
		fmt.Fprintf(stderr, "Too short: at least %d characters, got %d. Try again.\n", least, len(pw))
	}
}

// serveBench measures n followers, then n students playing on their own
// (tui/serve.Bench), and prints the results.
// serveModeFlags refuses what serve would drop between its two modes:
// --bench-for is refused out of range whatever else is given (a -1s
// without --bench-clients started the server), --bench-for without
// --bench-clients names the flag it needs, and a flag of the server's
// beside --bench-clients, which measures in this process and serves no
// one, names the mode that leaves it unused.
func serveModeFlags(fs *flag.FlagSet) error {
	// Their ranges are checked as they are parsed (ranged), whatever else
	// is given.
	bench := given(fs, "bench-clients")
	switch {
	case !bench && given(fs, "bench-for"):
		r := mustRange(fs.Lookup("bench-clients"))
		return usagef("--bench-for is how long --bench-clients measures: add --bench-clients N (%d to %d), or leave out --bench-for to serve", int(r.lo), int(r.hi))
	case !bench:
		return nil
	}
	var unused string
	fs.Visit(func(f *flag.Flag) {
		if unused == "" && f.Name != "bench-clients" && f.Name != "bench-for" {
			unused = flagerr.Dashed(f.Name)
		}
	})
	if unused != "" {
		return usagef("%s sets up the server; --bench-clients measures sessions in this process instead of serving, and starts none: leave out %s", unused, unused)
	}
	return nil
}

func serveBench(n int, d time.Duration, stdout io.Writer) error {
	for _, follow := range []bool{true, false} {
		r, err := serve.Bench(n, d, follow, serveHome)
		if err != nil {
			return fmt.Errorf("measuring: %w", err)
		}
		fmt.Fprintln(stdout, r)
	}
	return nil
}

// listenLookup resolves a --listen host; tests replace it so that none
// asks a DNS server.
var listenLookup = func(ctx context.Context, host string) ([]string, error) {
	return net.DefaultResolver.LookupHost(ctx, host)
}

// checkListen says what is wrong with a --listen address, naming what is
// allowed: HOST:PORT with a port from 0 to 65535 (0: a free one) and a
// host that is an IP address, a name this machine resolves, or nothing
// (every interface). It is nil for an address serve can try to listen on.
func checkListen(addr string) error {
	wants := "--listen wants HOST:PORT with a port from 0 to 65535, e.g. " + serve.DefaultListen
	host, port, err := net.SplitHostPort(addr)
	if err != nil {
		return fmt.Errorf("%s; got %q, which is not HOST:PORT", wants, addr)
	}
	if n, err := strconv.Atoi(port); err != nil || n < 0 || n > 65535 || strings.HasPrefix(port, "+") {
		return fmt.Errorf("%s; got %q, whose port %q is not a number from 0 to 65535", wants, addr, port)
	}
	if host == "" || net.ParseIP(host) != nil {
		return nil
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if addrs, err := listenLookup(ctx, host); err != nil || len(addrs) == 0 {
		return fmt.Errorf("--listen %q: this machine finds no address for the host %q; give an IP address (127.0.0.1 for this machine alone, 0.0.0.0 for every interface) or a name it resolves, e.g. %s", addr, host, serve.DefaultListen)
	}
	return nil
}

// dataDirUsable refuses a data folder that is a file, or lies under one,
// before the class password is asked: the server found it only when it
// made the host key's folder, after the teacher had typed the password,
// and said "mkdir …: not a directory" without naming the flag.
func dataDirUsable(dir string) error {
	for p := filepath.Clean(dir); ; {
		if fi, err := os.Stat(p); err == nil {
			if fi.IsDir() {
				return nil
			}
			if p == filepath.Clean(dir) {
				return fmt.Errorf("%s is a file, not a folder: give a folder for the host key and the students' progress (made if missing)", dir)
			}
			return fmt.Errorf("%s is under %s, a file, not a folder: give a folder for the host key and the students' progress (made if missing)", dir, p)
		}
		parent := filepath.Dir(p)
		if parent == p {
			return nil
		}
		p = parent
	}
}

// passwordTerminal is the terminal --password asks on, stdin's: refused
// when stdin is not one.
func passwordTerminal() (fd int, err error) {
	fd = int(os.Stdin.Fd())
	if !term.IsTerminal(fd) {
		return fd, usagef("--password asks for the class password on the terminal, and stdin is not one")
	}
	return fd, nil
}

// listenRefusal says why serve cannot listen on addr, --listen's, and what
// to do: a port in use read "listening on …: bind: address already in
// use", naming neither the flag nor the fix.
func listenRefusal(addr string, err error) error {
	if errors.Is(err, syscall.EADDRINUSE) {
		next := "another port"
		if host, port, e := net.SplitHostPort(addr); e == nil {
			if n, e := strconv.Atoi(port); e == nil && n > 0 && n < 65535 {
				next += ", such as --listen " + net.JoinHostPort(host, strconv.Itoa(n+1))
			}
		}
		return fmt.Errorf("--listen %s: that port is in use, by another program or another breakerlab serve: stop that one, or give %s", addr, next)
	}
	return fmt.Errorf("--listen %s: cannot listen there: %w", addr, err)
}
