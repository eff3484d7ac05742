package grade

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"
)

// Defaults for the zero values of Options.
const (
	DefaultTimeout    = 30 * time.Second
	DefaultGrace      = 10 * time.Second
	DefaultBuildTime  = 5 * time.Minute
	DefaultMaxLines   = 40
	DefaultMaxLineLen = 400
)

// Options say what to test and how long to wait.
type Options struct {
	// Dir is the package directory to test; go test runs there on ".".
	Dir string
	// Timeout bounds the run of the tests (go test -timeout), 30 s if zero.
	// It starts when the test binary does: compiling is not part of it.
	Timeout time.Duration
	// Grace is how much longer than Timeout a package's test binary may
	// run (it stops itself at Timeout, unless it is stuck before its tests
	// start, in init) before the go command's process group is killed;
	// 10 s if zero.
	Grace time.Duration
	// BuildTime bounds compiling and linking the tests, up to the moment
	// the go command starts the test binary; 5 min if zero. The first run
	// on an empty build cache compiles the standard library packages the
	// tests use (testing, and the race detector's runtime with Race):
	// half a minute or more on a small machine, and none of the learner's
	// fault.
	BuildTime time.Duration
	// Race runs the tests with the race detector.
	Race bool
	// Run, if set, is passed to go test -run.
	Run string
	// Go is the go command to run; if empty, "go" is looked up on PATH.
	Go string
	// Env is added to the environment (after GOWORK=off).
	Env []string
	// Binary, if set, is where go test -o keeps the test binary. The go
	// command links a test binary afresh for every run of go test, more
	// than half the CPU of grading a small package whose compilation the
	// build cache serves; with -o it leaves a binary that is already up to
	// date (the same code, options and toolchain) as it is and runs it. A
	// run that grades code it graded before then skips the link: the
	// catalog check, whose stubs, solutions and mutants rarely change.
	Binary string
	// MaxLines caps the lines kept for build and package output, and the
	// lines a test's code printed; a test's own lines (t.Log, t.Error,
	// panics) are capped apart, at twice that, so that prints never push
	// them out (40 if zero). MaxLineLen caps each line (400 bytes if zero).
	MaxLines   int
	MaxLineLen int
	// MoreTime is how the learner gives the tests more time, the last
	// words of the summary of a run stopped for taking too long (such as
	// "start the runner again with more time: breakerlab exercises
	// --timeout 2m"); where the check is a command, and if empty, it says
	// to run the check again with --timeout. Said where the learner
	// can do it: inside the runner there is no check command to pass a
	// flag to.
	MoreTime string
	// MaxStack is the most a goroutine's stack may grow to in the tests,
	// in bytes, DefaultMaxStack if zero; negative leaves the runtime's own
	// limit (1 GB). A lower limit has a recursion without end overflow in
	// a second rather than run into Timeout (see DefaultMaxStack).
	MaxStack int
	// OnProgress, if set, is told each phase the run enters, in order:
	// Compiling once the go command has started, then Testing when the
	// first test binary starts (never for a package that did not
	// compile). A learner
	// waiting on a save cannot otherwise tell slow compiling (the first
	// run on a machine) from tests that hang until the time limit. It is
	// called on the goroutine that reads go test's output, which waits
	// for it: it must return at once.
	OnProgress func(Progress)
	// OnPackage is OnProgress per package, for RunPackages: told each
	// phase each package enters with the package's index in dirs, and
	// Ended once its tests have run or its build failed (its report comes
	// with the others', when the go command exits). A package graded
	// again on its own (RunPackages says when) goes through its phases
	// again. It is called on the goroutine that reads go test's output,
	// or the one grading the package again, and must return at once.
	OnPackage func(i int, p Progress)
	// Parallel, if positive, is go test's -p: how many packages it builds
	// and tests at once; the number of CPUs if zero.
	Parallel int
}

// Phase is what a run is doing while its caller waits.
type Phase int

const (
	// Compiling: the go command builds the package and its tests, up to
	// the start of the test binary; Options.BuildTime bounds it.
	Compiling Phase = iota
	// Testing: a test binary runs; it stops itself after Progress.Timeout.
	Testing
	// Ended: a package's tests have run, or its build failed. Only
	// Options.OnPackage is told it: a run of one package ends when Run
	// returns.
	Ended
)

// String names the phase, for messages and test failures.
func (p Phase) String() string {
	switch p {
	case Compiling:
		return "compiling"
	case Testing:
		return "testing"
	case Ended:
		return "ended"
	}
	return fmt.Sprintf("Phase(%d)", int(p))
}

// Progress is a phase a run entered (Options.OnProgress).
type Progress struct {
	Phase Phase
	// Timeout is how long the tests may run once the phase is Testing
	// (Options.Timeout with its default), so that a caller can say when a
	// hanging test will be stopped.
	Timeout time.Duration
}

func (o Options) withDefaults() Options {
	if o.Timeout <= 0 {
		o.Timeout = DefaultTimeout
	}
	if o.Grace <= 0 {
		o.Grace = DefaultGrace
	}
	if o.BuildTime <= 0 {
		o.BuildTime = DefaultBuildTime
	}
	if o.MaxLines <= 0 {
		o.MaxLines = DefaultMaxLines
	}
	if o.MaxLineLen <= 0 {
		o.MaxLineLen = DefaultMaxLineLen
	}
	if o.MaxStack == 0 {
		o.MaxStack = DefaultMaxStack
	}
	return o
}

// noGoSummary is shown when there is no go command to run.
const noGoSummary = "the Go toolchain was not found: there is no `go` command on PATH. " +
	"Exercises are graded by `go test`; install Go 1.25 or newer from https://go.dev/dl/ and try again"

// Run tests the package in opt.Dir and reports what happened. It never
// panics and never waits longer than opt.BuildTime for the tests to compile
// and opt.Timeout+opt.Grace for them to run once their binary starts: when
// the time is up, or ctx is done, it kills go test and everything it
// started.
func Run(ctx context.Context, opt Options) Report {
	opt = opt.withDefaults()
	start := time.Now()
	r := run(ctx, opt)
	r.Elapsed = time.Since(start)
	return r
}

func run(ctx context.Context, opt Options) Report {
	dir, r, ok := packageDir(opt.Dir)
	if !ok {
		return r
	}
	if errs := syntaxErrors(dir, opt.Race); len(errs) > 0 {
		return syntaxReport(errs)
	}
	reports, _ := runGo(ctx, opt, dir, []target{{dir: dir, pattern: "."}}, opt.Binary)
	return reports[0]
}

// packageDir resolves a package folder to an absolute one that exists; if
// it cannot, it returns the Report saying so.
func packageDir(d string) (string, Report, bool) {
	dir, err := filepath.Abs(d)
	if err != nil {
		return "", Report{Status: Errored, Summary: fmt.Sprintf("cannot resolve the package directory %q: %v", d, err)}, false
	}
	if st, err := os.Stat(dir); err != nil || !st.IsDir() {
		return "", Report{Status: Errored, Summary: fmt.Sprintf("the exercise folder %s is missing", dir)}, false
	}
	return dir, Report{}, true
}

// RunPackages tests several packages of one module with a single go
// command and reports on each as Run would, in the order of dirs. The go
// command's start (loading the packages and checking its caches) costs as
// much CPU as linking a small test binary; one command for many packages
// pays it once, and builds and tests them opt.Parallel (go test -p) at a
// time.
//
// opt.Dir is the folder the go command runs in, inside the module; each of
// dirs is a package folder inside that module, absolute or relative to
// opt.Dir. opt.Binary, if set, is a folder where each package's test
// binary is kept as <its folder's name>.test (see Options.Binary). A run
// is killed when a package's test binary runs past opt.Timeout plus
// opt.Grace, or when compiling takes longer than opt.BuildTime; the
// packages still compiling when compiling took too long are reported as
// timed out.
//
// A package whose report the shared run cannot give as Run would is
// graded again with a go command of its own once the shared run is over,
// opt.Parallel of them at a time (ownRunNeeded): one that did not build,
// and one that the kill for another package's tests cut short.
func RunPackages(ctx context.Context, opt Options, dirs []string) []Report {
	opt = opt.withDefaults()
	start := time.Now()
	reports := make([]Report, len(dirs))
	defer func() {
		for i := range reports {
			reports[i].Elapsed = time.Since(start)
		}
	}()
	fail := func(r Report) []Report {
		for i := range reports {
			reports[i] = r
		}
		return reports
	}
	root, r, ok := packageDir(opt.Dir)
	if !ok {
		return fail(r)
	}
	modDir, modPath, err := findModule(root)
	if err != nil {
		return fail(Report{Status: Errored, Summary: err.Error()})
	}
	var targets []target
	var index []int // reports[index[i]] is targets[i]'s
	for i, d := range dirs {
		if !filepath.IsAbs(d) {
			d = filepath.Join(root, d)
		}
		dir, r, ok := packageDir(d)
		if !ok {
			reports[i] = r
			continue
		}
		if errs := syntaxErrors(dir, opt.Race); len(errs) > 0 {
			// Said at once, as Run says it, and left out of the go
			// command, whose build it would fail.
			reports[i] = syntaxReport(errs)
			if opt.OnPackage != nil {
				opt.OnPackage(i, Progress{Phase: Ended, Timeout: opt.Timeout})
			}
			continue
		}
		rel, err := filepath.Rel(modDir, dir)
		fromRoot, err2 := filepath.Rel(root, dir)
		if err != nil || err2 != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
			reports[i] = Report{Status: Errored, Summary: fmt.Sprintf("%s is not inside the module in %s", dir, modDir)}
			continue
		}
		importPath := modPath
		if rel != "." {
			importPath += "/" + filepath.ToSlash(rel)
		}
		targets = append(targets, target{dir: dir, pattern: "./" + filepath.ToSlash(fromRoot), importPath: importPath})
		index = append(index, i)
	}
	if len(targets) == 0 {
		return reports
	}
	out := ""
	if opt.Binary != "" {
		out = filepath.Clean(opt.Binary) + string(filepath.Separator)
	}
	if len(targets) == 1 {
		// One package is graded as Run grades it, from its own folder.
		reports[index[0]] = runAlone(ctx, opt, targets[0], out, index[0])
		return reports
	}
	shared, alone := runGo(ctx, opt, root, targets, out)
	// The shared run told OnProgress it was done compiling; an own run
	// is told to OnPackage alone.
	rerun := opt
	rerun.OnProgress = nil
	var again sync.WaitGroup
	sem := make(chan struct{}, rerun.parallel())
	for i, r := range shared {
		reports[index[i]] = r
		if !alone[i] || ctx.Err() != nil {
			continue
		}
		again.Go(func() {
			sem <- struct{}{}
			defer func() { <-sem }()
			reports[index[i]] = runAlone(ctx, rerun, targets[i], out, index[i])
		})
	}
	again.Wait()
	return reports
}

// parallel is how many packages go test builds and tests at once: -p, or
// its default, the number of CPUs the process may use.
func (o Options) parallel() int {
	if o.Parallel > 0 {
		return o.Parallel
	}
	return runtime.GOMAXPROCS(0)
}

// runAlone grades t, the package at index i of RunPackages' dirs, with a
// go command of its own, as Run does; out is RunPackages' folder for the
// test binaries, if any.
func runAlone(ctx context.Context, opt Options, t target, out string, i int) Report {
	if out != "" {
		out = filepath.Join(out, filepath.Base(t.dir)+".test")
	}
	if tell := opt.OnPackage; tell != nil {
		progress := opt.OnProgress
		opt.OnProgress = func(p Progress) {
			if progress != nil {
				progress(p)
			}
			tell(i, p)
		}
		defer tell(i, Progress{Phase: Ended, Timeout: opt.Timeout})
	}
	opt.OnPackage = nil
	reports, _ := runGo(ctx, opt, t.dir, []target{{dir: t.dir, pattern: "."}}, out)
	return reports[0]
}

// findModule returns the folder of the go.mod that dir is in, and the
// module's path that file declares.
func findModule(dir string) (string, string, error) {
	for d := dir; ; {
		b, err := os.ReadFile(filepath.Join(d, "go.mod"))
		if err == nil {
			for _, l := range strings.Split(string(b), "\n") {
				if p, ok := strings.CutPrefix(strings.TrimSpace(l), "module"); ok && p != "" && (p[0] == ' ' || p[0] == '\t') {
					p = strings.TrimSpace(p)
					if u, err := strconv.Unquote(p); err == nil {
						p = u
					}
					return d, p, nil
				}
			}
			return "", "", fmt.Errorf("%s has no module line", filepath.Join(d, "go.mod"))
		}
		parent := filepath.Dir(d)
		if parent == d {
			return "", "", fmt.Errorf("%s is in no Go module: no go.mod in it or above it", dir)
		}
		d = parent
	}
}

// target is a package one go command tests: its absolute folder, the
// pattern that names it on the command line, and its import path ("" when
// it is the command's only package, whose every event is its own).
type target struct{ dir, pattern, importPath string }

// testedPackage names the package whose test an event belongs to: a test
// event's package, or for a build event the package in brackets of
// "dep [pkg.test]", or pkg of "pkg.test".
func testedPackage(e event) string {
	if e.Package != "" {
		return e.Package
	}
	p := e.ImportPath
	if i := strings.Index(p, " ["); i >= 0 && strings.HasSuffix(p, "]") {
		p = p[i+2 : len(p)-1]
	}
	return strings.TrimSuffix(p, ".test")
}

// runGo runs go test -json on targets in dir and reports on each; out, if
// set, is go test's -o (a file for one package, a folder ending in a
// separator for several). runDeadline says how long it may take. alone
// says, of several targets, which to grade again on their own
// (ownRunNeeded).
func runGo(ctx context.Context, opt Options, dir string, targets []target, out string) (reports []Report, alone []bool) {
	alone = make([]bool, len(targets))
	all := func(r Report) ([]Report, []bool) {
		rs := make([]Report, len(targets))
		for i := range rs {
			rs[i] = r
		}
		return rs, alone
	}
	goBin := opt.Go
	if goBin == "" {
		var err error
		goBin, err = exec.LookPath("go")
		if err != nil {
			return all(Report{Status: NoGo, Summary: noGoSummary})
		}
	}
	// -count=1: every run runs the tests. The go command otherwise answers
	// a run of code that passed before with that pass, from its test cache,
	// until a file changes; a racy solution that passed once by luck (the
	// race detector sees only the interleavings that happen) then passed at
	// every check after, and a check run again to make sure could never
	// fail. What it costs is running the test binary, which the build cache
	// has linked already: 0.1 to 0.2 s more to check an exercise whose code
	// has not changed. In the runner's watch mode a check follows a save,
	// which mostly changed the code: the cache had no answer for it anyway.
	args := []string{"test", "-json", "-count=1", "-timeout=" + opt.Timeout.String()}
	if opt.Race {
		args = append(args, "-race")
	}
	if opt.Run != "" {
		args = append(args, "-run="+opt.Run)
	}
	if opt.Parallel > 0 && len(targets) > 1 {
		args = append(args, "-p="+strconv.Itoa(opt.Parallel))
	}
	if out != "" {
		bin, err := filepath.Abs(out)
		folder := filepath.Dir(bin)
		if strings.HasSuffix(out, string(filepath.Separator)) {
			bin += string(filepath.Separator) // Abs cleans it away; go test -o needs it
			folder = bin
		}
		if err == nil {
			err = os.MkdirAll(folder, 0o755)
		}
		if err != nil {
			return all(Report{Status: Errored, Summary: fmt.Sprintf("cannot keep the test binary at %s: %v", out, err)})
		}
		args = append(args, "-o", bin)
	}
	dirs := make([]string, len(targets))
	for i, t := range targets {
		dirs[i] = t.dir
	}
	overlay, cleanup, err := stackOverlay(dirs, opt.MaxStack)
	if err != nil {
		return all(Report{Status: Errored, Summary: err.Error()})
	}
	defer cleanup()
	args = append(args, overlay...)
	for _, t := range targets {
		args = append(args, t.pattern)
	}

	cmd := exec.Command(goBin, args...)
	cmd.Dir = dir
	env := learnerEnv(os.Environ())
	if opt.Race {
		env = quickRaceExit(env)
	}
	cmd.Env = append(append(env, "GOWORK=off"), opt.Env...)
	cmd.Stdin = nil
	stderr := &cappedBuffer{max: 64 << 10}
	cmd.Stderr = stderr
	// If a grandchild keeps the pipes open after the kill, stop waiting.
	cmd.WaitDelay = 2 * time.Second
	group := newProcGroup(cmd)
	defer group.close()
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return all(Report{Status: Errored, Summary: fmt.Sprintf("cannot start go test: %v", err)})
	}
	if err := cmd.Start(); err != nil {
		if errors.Is(err, exec.ErrNotFound) || errors.Is(err, os.ErrNotExist) || errors.Is(err, os.ErrPermission) {
			return all(Report{Status: NoGo, Summary: noGoSummary, Output: []string{err.Error()}})
		}
		return all(Report{Status: Errored, Summary: fmt.Sprintf("cannot start go test: %v", err)})
	}
	group.started()
	report := opt.OnProgress
	if report == nil {
		report = func(Progress) {}
	}
	report(Progress{Phase: Compiling, Timeout: opt.Timeout})

	cols := make([]*collector, len(targets))
	byPackage := map[string]int{}
	for i, t := range targets {
		cols[i] = newCollector(t.dir, opt.MaxLines, opt.MaxLineLen)
		cols[i].cwd = dir
		if opt.Run == "" {
			cols[i].declared = declaredTests(t.dir)
		}
		cols[i].testMain = declaresTestMain(t.dir)
		cols[i].moreTime = opt.moreTime()
		cols[i].run = opt.Run
		byPackage[t.importPath] = i
	}
	// told is the phase each package was last told to opt.OnPackage (of
	// several): Compiling for all as the go command starts, then Testing,
	// then Ended; one that is to be graded again on its own is not told
	// Ended, its own run goes on from where it is.
	told := make([]Phase, len(cols))
	tell := func(i int, p Phase) {
		if opt.OnPackage != nil && len(cols) > 1 && told[i] != p {
			told[i] = p
			opt.OnPackage(i, Progress{Phase: p, Timeout: opt.Timeout})
		}
	}
	for i := range cols {
		told[i] = -1
		tell(i, Compiling)
	}
	// The collectors are fed by the reader and read by deadline; progress
	// says that a package's test binary started or ended, which moves the
	// deadline.
	var mu sync.Mutex
	progress := make(chan struct{}, 1)
	testsRun := false // Testing was reported
	// announce reports Testing when c's test binary has started. The go
	// command sends a package's "start" event after its build failed too,
	// to print FAIL [build failed], but after the build-fail event: a
	// package that did not compile has buildFailed set by then.
	announce := func(i int) {
		c := cols[i]
		if !c.started.IsZero() && !c.buildFailed && !testsRun {
			testsRun = true
			report(Progress{Phase: Testing, Timeout: opt.Timeout})
		}
		switch {
		case c.failedBuild():
			// Back to compiling, as its own run will: the start of a
			// package whose import could not be loaded comes before
			// the line that says so.
			tell(i, Compiling)
		case c.pkgAction != "":
			tell(i, Ended)
		case !c.started.IsZero():
			tell(i, Testing)
		}
	}
	feed := func(raw []byte) {
		mu.Lock()
		defer mu.Unlock()
		e, ok := parseEvent(raw) // once a line: a test's output can run to thousands
		if ok && e.Test == "" && e.Action != "output" {
			select {
			case progress <- struct{}{}:
			default:
			}
		}
		if len(cols) == 1 {
			cols[0].take(raw, e, ok)
			announce(0)
			return
		}
		i, mine := byPackage[testedPackage(e)]
		switch {
		case ok && mine:
			cols[i].event(e)
			announce(i)
		case ok:
			// An event of no package asked for: the go command files a
			// package's failure to load an import it cannot find under
			// that import. The package's own events say that its build
			// failed, and its own run says why (failedBuild).
		default:
			// Whose a line that is not an event is cannot be told: each
			// package gets it, and is graded again on its own.
			for _, c := range cols {
				c.addPkgOutput(string(raw))
				c.unowned = true
			}
		}
	}
	var reading sync.WaitGroup
	reading.Add(1)
	go func() {
		defer reading.Done()
		readLines(stdout, feed)
	}()
	waited := make(chan error, 1)
	go func() {
		reading.Wait() // Wait closes the pipe, so read everything first
		waited <- cmd.Wait()
	}()

	begun := time.Now()
	deadline := func() time.Time {
		mu.Lock()
		defer mu.Unlock()
		return runDeadline(cols, begun, opt)
	}
	timer := time.NewTimer(time.Until(deadline()))
	defer timer.Stop()
	var stopped Status = -1
	var waitErr error
	var killed time.Time // when the deadline's kill came
wait:
	for {
		select {
		case waitErr = <-waited:
			break wait
		case <-progress:
			timer.Reset(time.Until(deadline()))
		case <-timer.C:
			if d := deadline(); time.Now().Before(d) {
				timer.Reset(time.Until(d))
				continue
			}
			stopped, killed = TimedOut, time.Now()
			group.kill()
			waitErr = <-waited
			break wait
		case <-ctx.Done():
			stopped = Canceled
			group.kill()
			waitErr = <-waited
			break wait
		}
	}
	reports = make([]Report, len(cols))
	culprit := -1
	if stopped == TimedOut {
		culprit = overran(cols, killed, opt)
	}
	for i, c := range cols {
		if len(cols) > 1 && stopped != Canceled {
			alone[i] = c.ownRunNeeded(cols, stopped == TimedOut, i == culprit, culprit >= 0)
		}
		if !alone[i] {
			tell(i, Ended)
		}
		if stopped >= 0 && len(cols) > 1 && c.pkgAction != "" {
			// Finished before the kill: its report stands.
			reports[i] = c.report()
			continue
		}
		reports[i] = c.finish(stopped, waitErr, opt, time.Since(begun) >= opt.BuildTime, stderr)
	}
	return reports, alone
}

// overran returns the index of the package in cols whose test binary ran
// past opt.Timeout plus opt.Grace by the time of the kill at killed, the
// earliest started if several did; -1 if none did (compiling took too
// long).
func overran(cols []*collector, killed time.Time, opt Options) int {
	first := -1
	for i, c := range cols {
		if c.pkgAction != "" || c.started.IsZero() || killed.Sub(c.started) < opt.Timeout+opt.Grace {
			continue
		}
		if first < 0 || c.started.Before(cols[first].started) {
			first = i
		}
	}
	return first
}

// ownRunNeeded reports whether c's package, graded with the others of
// cols by one go command, is to be graded again with a go command of its
// own: its report in the shared run is not the one its own run gives.
//
//   - Its build failed: the compiler names files from the folder the go
//     command runs in ("p/p.go:3:2" where its own run says "./p.go:3:2"),
//     another package's broken import may be filed under it, and one that
//     cannot load an import has its messages filed under that import.
//   - It had lines no event said whose they were, or no event of its own
//     when the others had theirs.
//   - The go command was killed (timedOut) while its tests ran or before
//     they started, for another package's test binary running past its
//     time (culprit is then set): its own run has a time limit of its own.
//     A package still compiling when compiling took too long stays timed
//     out: compiling is shared, and its own run would go on from what the
//     shared one compiled, as the report says the next check does.
func (c *collector) ownRunNeeded(cols []*collector, timedOut, isCulprit, culprit bool) bool {
	switch {
	case c.failedBuild(), c.unowned:
		return true
	case !c.sawEvent && slices.ContainsFunc(cols, func(o *collector) bool { return o.sawEvent }):
		return true
	case !timedOut || isCulprit || c.pkgAction != "":
		return false
	}
	return culprit || !c.started.IsZero()
}

// runDeadline is when the go command testing cols, begun at begun, is to be
// killed: opt.Timeout plus opt.Grace after the first of the unfinished
// packages' test binaries started, or opt.BuildTime after begun while a
// package's tests are still being compiled, whichever comes first; of
// several packages, one whose test binary has not started may be waiting
// its turn behind the others' tests (go test -p) rather than compiling, so
// opt.BuildTime counts from the last start or end of a package's test
// binary. A test
// binary stops itself after opt.Timeout (go test -timeout), so the kill is
// for one stuck before its tests start, and for a compile that never ends.
// Compiling is left out of opt.Timeout: the first run on an empty build
// cache compiles the standard library's packages, which may take longer
// than the tests are allowed.
func runDeadline(cols []*collector, begun time.Time, opt Options) time.Time {
	var d time.Time
	earlier := func(t time.Time) {
		if d.IsZero() || t.Before(d) {
			d = t
		}
	}
	compiling := false
	for _, c := range cols {
		switch {
		case c.pkgAction != "":
			// Done; the go command only has to report it.
		case c.started.IsZero():
			compiling = true
		default:
			earlier(c.started.Add(opt.Timeout + opt.Grace))
		}
	}
	if compiling {
		from := begun
		for _, c := range cols {
			for _, t := range []time.Time{c.started, c.ended} {
				if t.After(from) {
					from = t
				}
			}
		}
		earlier(from.Add(opt.BuildTime))
	}
	if d.IsZero() {
		// Every package has ended; the go command is exiting.
		d = time.Now().Add(opt.Grace)
	}
	return d
}

// finish makes the report of a package once its go command has ended:
// stopped is TimedOut or Canceled if it was killed (-1 if not), waitErr how
// it exited, and overdue whether the kill came after opt.BuildTime.
func (c *collector) finish(stopped Status, waitErr error, opt Options, overdue bool, stderr *cappedBuffer) Report {
	maxLines := opt.MaxLines
	r := c.report()
	switch stopped {
	case TimedOut:
		r.Status, r.NotStarted = TimedOut, c.started.IsZero()
		limit := fmt.Sprintf("the %s time limit, plus %s for the test process to stop", opt.Timeout, opt.Grace)
		switch running := runningTests(r.Tests); {
		case c.started.IsZero() && !overdue:
			r.Summary = "stopped before its tests started: the go command was killed because the tests of another package in the same run ran too long"
		case c.started.IsZero():
			r.Summary = fmt.Sprintf("compiling the tests took longer than %s, so the check was stopped; "+
				"the first check on a machine compiles the standard library's packages the tests use, which is slow but happens once: "+
				"run the check again, and it goes on from what was compiled", opt.BuildTime)
		case running != "":
			r.Summary = raceThen(r.Tests, "the run was ", fmt.Sprintf("stopped after %s (%s) while %s was still running: an endless loop, or a wait that never ends? %s",
				(opt.Timeout+opt.Grace).Round(time.Second), limit, running, opt.moreTime()))
		default:
			r.Summary = raceThen(r.Tests, "the run was ", fmt.Sprintf("stopped after %s (%s) before any test finished: does an init function never return? %s",
				(opt.Timeout+opt.Grace).Round(time.Second), limit, opt.moreTime()))
		}
		return r
	case Canceled:
		r.Status, r.Summary = Canceled, "the run was stopped before it finished"
		return r
	}
	if !c.sawEvent && waitErr != nil {
		// The go command failed before testing anything: a broken go.mod,
		// a toolchain too old for it, a missing directory.
		r.Status = Errored
		r.Output = append(stderr.lines(maxLines), r.Output...)
		r.Summary = "go test failed"
		if len(r.Output) > 0 {
			r.Summary += ": " + strings.TrimSpace(r.Output[0])
		} else {
			r.Summary += ": " + waitErr.Error()
		}
		return r
	}
	if r.Status == BuildFailed && len(r.BuildOutput) == 0 {
		r.BuildOutput = stderr.lines(maxLines)
	}
	return r
}

// readLines calls fn with each line read from rd, without its newline.
// Lines longer than 1 MiB are cut there; the rest of such a line is dropped.
func readLines(rd io.Reader, fn func([]byte)) {
	const maxLine = 1 << 20
	br := bufio.NewReaderSize(rd, 64<<10)
	var line []byte
	for {
		chunk, isPrefix, err := br.ReadLine()
		if len(line) < maxLine {
			line = append(line, chunk...)
		}
		if err != nil {
			if len(line) > 0 {
				fn(line)
			}
			return
		}
		if !isPrefix {
			fn(line)
			line = line[:0]
		}
	}
}

// cappedBuffer keeps the first max bytes written to it and drops the rest.
type cappedBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
	max int
}

func (c *cappedBuffer) Write(p []byte) (int, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if room := c.max - c.buf.Len(); room > 0 {
		c.buf.Write(p[:min(room, len(p))])
	}
	return len(p), nil
}

func (c *cappedBuffer) lines(max int) []string {
	c.mu.Lock()
	defer c.mu.Unlock()
	ls := splitLines(c.buf.String())
	if len(ls) > max {
		ls = append(ls[:max], fmt.Sprintf("... %d more lines not shown", len(ls)-max))
	}
	return ls
}

// quickRaceExit adds atexit_sleep_ms=0 to GORACE, unless the caller chose
// that option. A binary built with -race sleeps a second before it exits
// by default (atexit_sleep_ms=1000, the race detector's runtime options,
// https://go.dev/doc/articles/race_detector#Options), to let goroutines
// still running hit a race. A graded test has finished when the binary
// exits, so the second is only a wait: a learner's check under the race
// detector would take a second longer each time they save.
func quickRaceExit(env []string) []string {
	const opt = "atexit_sleep_ms=0"
	for i, kv := range env {
		v, ok := strings.CutPrefix(kv, "GORACE=")
		if !ok {
			continue
		}
		if strings.Contains(v, "atexit_sleep_ms=") {
			return env
		}
		out := slices.Clone(env)
		out[i] = strings.TrimSpace("GORACE=" + v + " " + opt)
		return out
	}
	return append(slices.Clip(env), "GORACE="+opt)
}

// learnerEnv is the environment the learner's tests run in: the caller's,
// less a -trimpath in GOFLAGS (which `make test` sets for its own build
// cache), since the grader finds the learner's frames in a panic by their
// files' paths in the workspace.
func learnerEnv(env []string) []string {
	out := make([]string, 0, len(env))
	for _, kv := range env {
		if v, ok := strings.CutPrefix(kv, "GOFLAGS="); ok {
			var keep []string
			for _, f := range strings.Fields(v) {
				if f != "-trimpath" && f != "-trimpath=true" {
					keep = append(keep, f)
				}
			}
			kv = "GOFLAGS=" + strings.Join(keep, " ")
		}
		out = append(out, kv)
	}
	return out
}
