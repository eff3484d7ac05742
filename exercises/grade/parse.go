package grade

import (
	"encoding/json"
	"fmt"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"
)

// event is one line of `go test -json` (see `go doc test2json`), including
// the build events the go command adds.
type event struct {
	Action     string
	Package    string
	Test       string
	Output     string
	ImportPath string
	Elapsed    float64
}

// collector folds the event stream into a Report. It is fed from a single
// goroutine and read once the stream has ended.
type collector struct {
	dir        string // absolute package directory, to keep only the learner's stack frames
	cwd        string // the folder the go command ran in, if not dir
	maxLines   int
	maxLineLen int

	tests map[string]*testState
	order []string

	buildFailed bool
	vetFailed   bool // the build output is go vet's ("# [pkg]")
	// saidBuildFailed is set when the go command's line that ends the
	// package says that it did not build ("FAIL\tpkg [build failed]", or
	// "[setup failed]" when an import could not be loaded), whether or
	// not the build's own events came to this collector (failedBuild).
	saidBuildFailed bool
	// unowned is set when the collector was given lines of a run of
	// several packages that may not be its package's (RunPackages).
	unowned     bool
	buildOut    []string
	buildCut    int
	pkgOut      []string
	pkgCut      int
	pkgAction   string // "pass", "fail" or "skip" for the package as a whole
	noTestFiles bool
	timedOut    string // the "test timed out after ..." message, if any
	sawEvent    bool
	pkgStack    stack // a panic printed outside any test
	// racesFound maps each race shown in full, by its two places sorted
	// (raceDump.places), to the test whose output shows it: a later
	// report of it, in that test or another, is one line (endRaceReport).
	racesFound map[[2]string]string

	// declared names the package's top-level tests as its test files
	// declare them (declaredTests), so that a run a crash cut short can
	// say how many never ran; nil if unknown.
	declared []string
	// testMain is set when the test files declare a TestMain
	// (declaresTestMain): a run in which no test ran then points at it.
	testMain bool
	// moreTime ends the summary of a run stopped for taking too long
	// (Options.MoreTime, slowAdvice by default).
	moreTime string
	// run is the go test -run pattern, if one was given.
	run string
	// started is when the go command reported that the test binary
	// starts (test2json's "start" event): compiling and linking are done.
	// Zero until then.
	started time.Time
	// ended is when the go command reported the package's end (its pass,
	// fail or skip); zero until then.
	ended time.Time
}

type testState struct {
	TestResult
	race     raceReport
	raceDump raceDump // the race reports as they are shown (racedump.go)
	ended    bool
	stack    stack
	partial  string  // the start of a line test2json split into pieces
	cap      testCap // what of its output to keep (testout.go)
}

// stack follows a panic's stack dump in a stream of lines. A dump holds
// one or more goroutines, each opening with a "goroutine N [state]:"
// header; each frame is a function line and a file line, and a
// goroutine's last frame may be "created by F in goroutine M", where it
// was started.
type stack struct {
	inPanic   bool   // inside a panic's stack dump: keep only the learner's frames
	lastFrame string // the function line before a file line in a stack dump
	msg       string // the first panic's message, without "panic: "; "" if none (or only a timeout)
	// fatal is set when msg is a fatal error of the runtime's, without its
	// "fatal error: ": the process ends with no recover, and its dump
	// opens with the runtime's own lines ("runtime: goroutine stack
	// exceeds …") and frames, which are not the learner's prints.
	fatal bool
	// limit is the stack limit in bytes that a stack overflow's first
	// line names ("runtime: goroutine stack exceeds 67108864-byte
	// limit"), 0 if none was read.
	limit int64
	// repeats counts the frames just read that were the same as the last
	// one kept (a recursion): they are said as one line (flushRepeats).
	repeats int
	// elided is the runtime's count of the frames it left out of the
	// dump among those repeats ("...44739054 frames elided..."), or -1
	// when it says none ("...additional frames elided..."); 0 if none.
	elided int
	// timedOut is set for the dump of the test binary's own timeout
	// (go test -timeout): it lists every goroutine, the first being the
	// testing package's alarm; none of the learner's panicked.
	timedOut bool

	goroutines int    // goroutine headers seen in this dump
	state      string // the state of the goroutine being read: "chan send", "select"
	createdBy  string // the goroutine being read was started in this function: "testing.(*T).Run"
	// pending holds the learner's frames of the goroutine being read.
	// Whose goroutine it is (the test's, or another) comes last, in its
	// "created by" line: they are shown, under a header that says so,
	// once it is read.
	pending []string

	// Where in the learner's files, "file.go:12": the first frame of the
	// goroutine that panicked in any of their files (the tests included)
	// and in the files of their code, not the tests; and, for a goroutine
	// stuck (synctest's deadlock dumps the blocked ones after the one that
	// panicked; a timeout dumps every goroutine), the first frame in their
	// code, the function it is in, the goroutine's state and where it was
	// started. A goroutine that runs is taken over one that waits: a busy
	// loop is what the others may be waiting for.
	at, atCode                              string
	atCodeIn                                string // the function atCode is in
	stuckAt, stuckIn, stuckState, startedAt string
	stuckG                                  int // the goroutine stuckAt is in: 2 for the second of the dump
	// calledAt and calledIn are the first frame under stuckAt, in the
	// same goroutine, in another of the learner's files: the caller, when
	// stuckAt is in a helper file the exercise hands the learner done
	// ("window.go"), is where their own loop is.
	calledAt, calledIn string
	// stuckLost is set when stuckAt's line is not in stuckIn (line 1 of
	// the file, for a loop the compiler left without a line), and
	// stuckLoop then names the function's one loop, if it has one
	// (checkStuckLine).
	stuckLost bool
	stuckLoop string

	// unseenRunning is set when a timeout's dump has a goroutine running
	// on another thread, whose stack Go could not print ("goroutine
	// running on other thread; stack unavailable"): often the learner's
	// busy loop in a synctest bubble, which then has no frame to name.
	unseenRunning bool
}

func newCollector(dir string, maxLines, maxLineLen int) *collector {
	return &collector{dir: dir, maxLines: maxLines, maxLineLen: maxLineLen, tests: map[string]*testState{}}
}

// line takes one line of the go command's standard output. Lines that are
// not JSON (a go command that predates -json build events, or something a
// test wrote straight to the terminal) are kept as package output.
func (c *collector) line(raw []byte) {
	e, ok := parseEvent(raw)
	c.take(raw, e, ok)
}

// take is line for a line already parsed: e, if ok, is its event.
func (c *collector) take(raw []byte, e event, ok bool) {
	if !ok {
		c.addPkgOutput(string(raw))
		return
	}
	c.event(e)
}

// parseEvent reads a line of go test -json; ok is false for a line that is
// not an event.
func parseEvent(raw []byte) (e event, ok bool) {
	if len(raw) == 0 || raw[0] != '{' || json.Unmarshal(raw, &e) != nil {
		return event{}, false
	}
	return e, true
}

// event takes one event of the package's.
func (c *collector) event(e event) {
	c.sawEvent = true
	switch e.Action {
	case "build-output":
		for _, l := range splitLines(e.Output) {
			if strings.HasPrefix(l, "# [") {
				// go vet's header, "# [pkg]": what follows is vet's, and
				// the code compiled.
				c.vetFailed = true
			}
			if strings.HasPrefix(l, "# ") {
				continue // "# pkg [pkg.test]" headers say nothing the learner needs
			}
			c.buildOut, c.buildCut = appendCapped(c.buildOut, c.buildCut, c.clip(l), c.maxLines)
		}
	case "build-fail":
		c.buildFailed = true
	default:
		if e.Test == "" {
			c.packageEvent(e)
		} else {
			c.testEvent(e)
		}
	}
}

// failedBuild reports whether the package's build failed, as its build
// events or the go command's last line of it said.
func (c *collector) failedBuild() bool { return c.buildFailed || c.saidBuildFailed }

func (c *collector) packageEvent(e event) {
	switch e.Action {
	case "pass", "fail", "skip":
		c.pkgAction = e.Action
		c.ended = time.Now()
	case "start":
		if c.started.IsZero() {
			c.started = time.Now()
		}
	case "output":
		for _, l := range splitLines(e.Output) {
			c.addPkgOutput(l)
		}
	}
}

// addPkgOutput keeps package-level output except go test's own framing.
func (c *collector) addPkgOutput(l string) {
	t := strings.TrimSpace(l)
	switch {
	case strings.HasPrefix(t, "FAIL\t") && (strings.HasSuffix(t, " [build failed]") || strings.HasSuffix(t, " [setup failed]")):
		c.saidBuildFailed = true
		return
	case t == "", t == "PASS", t == "FAIL", strings.HasPrefix(t, "ok  \t"), strings.HasPrefix(t, "FAIL\t"),
		strings.HasPrefix(t, "testing: warning: no tests to run"):
		return
	case strings.HasPrefix(t, "?") && strings.HasSuffix(t, "[no test files]"):
		c.noTestFiles = true
		return
	case strings.HasPrefix(t, "panic: test timed out after"):
		c.timedOut = t
	}
	// A panic in a goroutine a test started may come out tagged with that
	// test, or (when the test's end came out first) with none: the same
	// code gives either from run to run. Hand the latter to the test that
	// ran last, as test2json does the former, so that the verdict is the
	// same every time.
	if last := c.lastTest(); last != nil && c.pkgAction == "" && !c.pkgStack.inPanic &&
		(last.stack.inPanic || strings.HasPrefix(t, "panic: ") && !strings.HasPrefix(t, "panic: test timed out after") || isFatalStart(t)) {
		c.testLines(last, l+"\n")
		return
	}
	// A panic outside any test (in init, before any test ran) dumps every
	// goroutine's stack here: keep its message and the learner's frames,
	// as for a panic in a test.
	if kept, ok := c.panicLine(&c.pkgStack, l); ok {
		for _, k := range splitLines(kept) {
			c.pkgOut, c.pkgCut = appendCapped(c.pkgOut, c.pkgCut, c.clip(k), c.maxLines)
		}
		return
	}
	c.pkgOut, c.pkgCut = appendCapped(c.pkgOut, c.pkgCut, c.clip(l), c.maxLines)
}

// panicLine follows the panics in a stream of output lines. ok is true for
// a line that starts a panic or belongs to its stack dump; kept is then
// what of it to show ("" for nothing): the panic line, and the frames in
// the learner's files as "  at function (file:line)".
func (c *collector) panicLine(st *stack, l string) (kept string, ok bool) {
	trimmed := strings.TrimSpace(l)
	if strings.HasPrefix(trimmed, "panic: ") {
		st.inPanic = true
		st.timedOut = st.timedOut || st.msg == "" && strings.HasPrefix(trimmed, "panic: test timed out after")
		msg := strings.TrimSuffix(trimmed, " [recovered, repanicked]")
		msg = strings.TrimSuffix(msg, " [recovered]")
		if st.msg == "" && !strings.HasPrefix(trimmed, "panic: test timed out after") {
			st.msg = strings.TrimPrefix(msg, "panic: ")
		}
		return msg, true
	}
	if isFatalStart(trimmed) {
		st.inPanic = true
		if msg, ok := strings.CutPrefix(trimmed, "fatal error: "); ok {
			if st.msg == "" {
				st.msg, st.fatal = msg, true
			}
			return trimmed, true
		}
		if n, ok := overflowLimit(trimmed); ok && st.limit == 0 {
			st.limit = n
		}
		return "", true // the runtime's lines above a stack overflow's "fatal error"
	}
	if !st.inPanic {
		return "", false
	}
	return c.stackLine(st, l), true
}

// isFatalStart reports whether l, trimmed, opens a fatal error of the
// runtime's: its "fatal error: " line, or the line a stack overflow prints
// before it.
func isFatalStart(l string) bool {
	return strings.HasPrefix(l, "fatal error: ") || strings.HasPrefix(l, "runtime: goroutine stack exceeds ")
}

// overflowLimit reads the limit in bytes from the line a stack overflow
// opens with: "runtime: goroutine stack exceeds 67108864-byte limit".
func overflowLimit(l string) (int64, bool) {
	rest, ok := strings.CutPrefix(l, "runtime: goroutine stack exceeds ")
	if !ok {
		return 0, false
	}
	num, ok := strings.CutSuffix(rest, "-byte limit")
	if !ok {
		return 0, false
	}
	n, err := strconv.ParseInt(num, 10, 64)
	return n, err == nil && n > 0
}

// lastTest is the test that started last, or nil if none did.
func (c *collector) lastTest() *testState {
	if len(c.order) == 0 {
		return nil
	}
	return c.tests[c.order[len(c.order)-1]]
}

func (c *collector) test(name string) *testState {
	t, ok := c.tests[name]
	if !ok {
		t = &testState{TestResult: TestResult{Name: name}}
		c.tests[name] = t
		c.order = append(c.order, name)
	}
	return t
}

func (c *collector) testEvent(e event) {
	t := c.test(e.Test)
	switch e.Action {
	case "pass":
		t.Passed, t.ended = true, true
	case "fail":
		t.ended = true
	case "skip":
		t.Skipped, t.ended = true, true
	case "output":
		// test2json cuts very long lines into pieces; only the last piece
		// ends with a newline. Join them again, keeping at most what clip
		// would keep anyway.
		text := t.partial + e.Output
		t.partial = ""
		if !strings.HasSuffix(text, "\n") {
			i := strings.LastIndexByte(text, '\n')
			t.partial = text[i+1:]
			if len(t.partial) > c.maxLineLen+8 {
				t.partial = t.partial[:c.maxLineLen+8]
			}
			text = text[:i+1]
		}
		c.testLines(t, text)
	}
	if t.ended {
		if t.partial != "" {
			c.testLines(t, t.partial)
			t.partial = ""
		}
		c.endRaceReport(t) // one the test's end cut off
		c.endOutput(t)
		t.Elapsed = time.Duration(e.Elapsed * float64(time.Second))
	}
}

func (c *collector) testLines(t *testState, text string) {
	depth := strings.Count(t.Name, "/") + 1
	for _, l := range splitLines(text) {
		c.testOutput(t, l, depth)
	}
}

// testOutput keeps what helps a learner: the test's t.Log and t.Error
// lines, panic messages and the stack frames in their own files, and what
// their code printed, capped around the test's own lines (testout.go).
// Framing lines ("=== RUN", "--- FAIL") and the runtime's frames are
// dropped.
func (c *collector) testOutput(t *testState, l string, depth int) {
	trimmed := strings.TrimSpace(l)
	for _, p := range []string{"=== RUN", "=== PAUSE", "=== CONT", "=== NAME", "--- PASS", "--- FAIL", "--- SKIP"} {
		if strings.HasPrefix(trimmed, p) {
			return
		}
	}
	if strings.HasPrefix(trimmed, "panic: test timed out after") {
		c.timedOut = trimmed
	}
	if kept, ok := c.panicLine(&t.stack, l); ok {
		for _, k := range splitLines(kept) {
			c.keepOwn(t, k)
		}
		return
	}
	for range depth {
		l = strings.TrimPrefix(l, "    ")
	}
	c.raceLine(&t.race, trimmed)
	if c.raceDumpLine(t, trimmed) {
		return
	}
	c.keepLine(t, l)
}

// raceReport follows the first report of the race detector in a test's
// output for the two places in the learner's code that raced.
type raceReport struct {
	seen   bool
	access int       // 1 in the report's first access, 2 in the previous one, 3 past them
	at     [2]string // the first frame in the learner's code of each access
}

// raceLine takes a line of a test's output, trimmed, into r.
func (c *collector) raceLine(r *raceReport, l string) {
	switch {
	case strings.HasPrefix(l, "WARNING: DATA RACE"):
		if !r.seen {
			r.seen, r.access = true, 1
		}
	case r.access == 1 && strings.HasPrefix(l, "Previous "):
		r.access = 2
	case r.access == 2 && (strings.HasPrefix(l, "Goroutine ") || l == raceRule):
		r.access = 3
	case r.access == 1 || r.access == 2:
		loc := l
		if i := strings.LastIndex(loc, " +0x"); i >= 0 {
			loc = loc[:i]
		}
		rel, ok := strings.CutPrefix(loc, c.dir+string(filepath.Separator))
		if c.dir != "" && ok && !strings.HasSuffix(strings.SplitN(rel, ":", 2)[0], "_test.go") && r.at[r.access-1] == "" {
			r.at[r.access-1] = rel
		}
	}
}

// text says where the race was: "between pool.go:75 and pool.go:54", or
// "at tenants.go:88" when both accesses were there; "" if no report was
// seen.
func (r raceReport) text() string {
	switch {
	case !r.seen:
		return ""
	case r.at[0] != "" && r.at[1] != "" && r.at[0] != r.at[1]:
		return fmt.Sprintf("a data race between %s and %s (two goroutines touch the same memory, at least one writing, with no lock or channel ordering them)", r.at[0], r.at[1])
	case r.at[0] != "" || r.at[1] != "":
		// One place: both accesses on one line (a counter two goroutines
		// bump), or only one of them in the learner's code.
		at := r.at[0]
		if at == "" {
			at = r.at[1]
		}
		return fmt.Sprintf("a data race at %s (two goroutines touch the same memory, at least one writing, with no lock or channel ordering them)", at)
	}
	return "a data race (see the race detector's report)"
}

// stackLine returns the lines of a stack dump to keep: a frame that points
// into the package directory, as "  at function (file:line)", or "  started
// by function (file:line)" for where its goroutine was started. The frames
// of a goroutine are returned together once it has been read (see
// stack.pending), under a header that says whose goroutine it is and what
// it was doing (goroutineLabel), so that the frames of different
// goroutines do not read as one chain.
func (c *collector) stackLine(st *stack, l string) string {
	if state, ok := goroutineHeader(l); ok {
		kept := endGoroutine(st)
		st.goroutines++
		st.state, st.createdBy, st.lastFrame = state, "", ""
		return kept
	}
	if st.timedOut && isRunning(st.state) && strings.TrimSpace(l) == "goroutine running on other thread; stack unavailable" {
		st.unseenRunning = true
		return ""
	}
	if !strings.HasPrefix(l, "\t") {
		st.lastFrame = strings.TrimSpace(l)
		if n, ok := elidedFrames(st.lastFrame); ok && st.repeats > 0 {
			st.elided = n
		}
		if fn, ok := strings.CutPrefix(st.lastFrame, "created by "); ok {
			fn, _, _ = strings.Cut(fn, " in goroutine ")
			st.createdBy = fn
		}
		return ""
	}
	fn, created := frameFunc(st.lastFrame)
	loc := strings.TrimSpace(l)
	if i := strings.LastIndex(loc, " +0x"); i >= 0 {
		loc = loc[:i]
	}
	rel, ours := strings.CutPrefix(loc, c.dir+string(filepath.Separator))
	if c.dir == "" || !ours {
		if created {
			return endGoroutine(st) // a goroutine's last frame
		}
		return ""
	}
	code := !strings.HasSuffix(strings.SplitN(rel, ":", 2)[0], "_test.go")
	if st.msg != "" || st.timedOut {
		switch {
		case st.goroutines <= 1 && !st.timedOut:
			if st.at == "" {
				st.at = rel
			}
			if code && st.atCode == "" {
				st.atCode, st.atCodeIn = rel, fn
			}
		case code && !created && st.stuckG != st.goroutines &&
			(st.stuckAt == "" || isRunning(st.state) && !isRunning(st.stuckState)):
			st.stuckAt, st.stuckIn, st.stuckState, st.stuckG, st.startedAt = rel, fn, st.state, st.goroutines, ""
			st.calledAt, st.calledIn = "", ""
		case code && !created && st.stuckG == st.goroutines && st.calledAt == "" && fileOf(rel) != fileOf(st.stuckAt):
			st.calledAt, st.calledIn = rel, fn
		case st.stuckG == st.goroutines && st.startedAt == "" && created:
			st.startedAt = rel
		}
	}
	kept := fmt.Sprintf("  at %s (%s)", fn, rel)
	if created {
		kept = fmt.Sprintf("  started by %s (%s)", fn, rel)
	}
	// A recursion repeats one frame down the whole dump (a stack
	// overflow's hundred): one line, then how many more times.
	if n := len(st.pending); n > 0 && st.pending[n-1] == kept {
		st.repeats++
		return ""
	}
	flushRepeats(st)
	st.pending = append(st.pending, kept)
	if created {
		return endGoroutine(st)
	}
	return ""
}

// endGoroutine returns the frames kept of the goroutine just read, under
// its header, and forgets them; "" if none was kept.
func endGoroutine(st *stack) string {
	flushRepeats(st)
	if len(st.pending) == 0 {
		return ""
	}
	lines := st.pending
	st.pending = nil
	if label := goroutineLabel(st); label != "" {
		lines = append([]string{"  " + label + ":"}, lines...)
	}
	return strings.Join(lines, "\n")
}

// flushRepeats notes the frames that repeated the last one kept, if any.
func flushRepeats(st *stack) {
	// The dump shows a deep stack's top and bottom only: the count of the
	// frames shown is not the count of the calls.
	switch {
	case st.elided > 0:
		st.pending = append(st.pending, fmt.Sprintf("  … the same call %d more times (%d frames left out of the dump)", st.repeats, st.elided))
	case st.elided < 0:
		st.pending = append(st.pending, fmt.Sprintf("  … the same call %d more times (more frames left out of the dump)", st.repeats))
	case st.repeats == 1:
		st.pending = append(st.pending, "  … the same call once more")
	case st.repeats > 1:
		st.pending = append(st.pending, fmt.Sprintf("  … the same call %d more times", st.repeats))
	}
	st.repeats, st.elided = 0, 0
}

// elidedFrames reads the line a dump puts in the place of the frames of a
// deep stack it leaves out: "...44739054 frames elided..." gives 44739054,
// and "...additional frames elided..." (older runtimes) -1.
func elidedFrames(l string) (n int, ok bool) {
	mid, ok := strings.CutPrefix(l, "...")
	if !ok {
		return 0, false
	}
	mid, ok = strings.CutSuffix(mid, " frames elided...")
	if !ok {
		return 0, false
	}
	if mid == "additional" {
		return -1, true
	}
	n, err := strconv.Atoi(mid)
	return n, err == nil && n > 0
}

// goroutineLabel says whose goroutine the one just read is and what it
// was doing: "the test's goroutine, waiting on a mutex". The first of a
// panic's dump is the one that panicked, which the panic line above its
// frames says already: it has none.
func goroutineLabel(st *stack) string {
	if st.goroutines <= 1 && !st.timedOut {
		return ""
	}
	whose := "another goroutine"
	switch {
	case st.createdBy == "testing.(*T).Run":
		whose = "the test's goroutine"
	case strings.HasPrefix(st.createdBy, "testing/synctest.") || strings.HasPrefix(st.createdBy, "internal/synctest."):
		// The bubble's first goroutine runs the function the test
		// handed synctest.Test.
		whose = "the test's goroutine in its synctest bubble"
	}
	doing := describeState(st.state).doing
	if isRunning(st.state) {
		doing += " (" + describeState(st.state).ask + ")"
	}
	return whose + ", " + doing
}

// goState is a goroutine's state in a stack dump, in a learner's words:
// what it was doing, and the question to ask of code stuck like that; and
// left, what it means of a goroutine still in that state when its test
// ended, which nothing will ever wake (leakText).
type goState struct{ doing, ask, left string }

// goStates words the states a stack dump's goroutine headers show (the
// runtime's waitReasonStrings) that the learner's code can be stuck in.
var goStates = map[string]goState{
	"running":                 {"running", "a busy loop?", "still running, never returning (a busy loop?)"},
	"runnable":                {"running", "a busy loop?", "still running, never returning (a busy loop?)"},
	"chan send":               {"waiting on a channel send", "is anything left to receive?", "blocked sending on a channel no one receives from"},
	"chan receive":            {"waiting on a channel receive", "is anything left to send, or to close the channel?", "blocked receiving from a channel no one sends on or closes"},
	"chan send (nil chan)":    {"waiting on a send to a nil channel", "a nil channel blocks for ever: was it made?", "blocked for ever sending on a nil channel (was it made?)"},
	"chan receive (nil chan)": {"waiting on a receive from a nil channel", "a nil channel blocks for ever: was it made?", "blocked for ever receiving from a nil channel (was it made?)"},
	"select":                  {"waiting in a select", "can none of its cases go on?", "blocked in a select none of whose cases can go on"},
	"select (no cases)":       {"waiting in an empty select", "select {} waits for ever", "blocked for ever in an empty select {}"},
	"sync.Mutex.Lock":         {"waiting on a mutex", "locked twice, or never unlocked?", "blocked locking a mutex no one unlocks"},
	"sync.RWMutex.Lock":       {"waiting to lock an RWMutex", "locked twice, or never unlocked (RLock too)?", "blocked locking an RWMutex no one unlocks (an RLock holds it too)"},
	"sync.RWMutex.RLock":      {"waiting to read-lock an RWMutex", "a Lock never unlocked?", "blocked read-locking an RWMutex whose Lock no one unlocks"},
	"sync.WaitGroup.Wait":     {"waiting on a WaitGroup", "a Done missing?", "blocked in a WaitGroup's Wait for a Done that never comes"},
	"sync.Cond.Wait":          {"waiting on a sync.Cond", "a Signal or Broadcast missing?", "blocked in a sync.Cond's Wait that no Signal or Broadcast wakes"},
	"semacquire":              {"waiting on a lock", "locked twice, or never unlocked?", "blocked taking a lock no one releases"},
	"sleep":                   {"sleeping", "a sleep too long, or in a loop?", "still sleeping (a sleep too long, or in a loop?)"},
	"IO wait":                 {"waiting on the network or a file", "a call without a timeout?", "blocked waiting on the network or a file (a call without a timeout?)"},
	"syscall":                 {"in a system call", "a call that never returns?", "blocked in a system call that never returned"},
	"synctest.Run":            {"waiting for its synctest bubble to finish", "a wait that never ends?", "blocked waiting for its synctest bubble to finish"},
	"synctest.Wait":           {"in synctest.Wait, waiting for its bubble to settle", "a goroutine in the bubble that never blocks?", "blocked in synctest.Wait for a bubble that never settles"},
}

// describeState words a goroutine's state for a learner; a state not in
// goStates is named as the runtime names it, and none at all (a dump
// whose header was not read) as blocked.
func describeState(state string) goState {
	if g, ok := goStates[state]; ok {
		return g
	}
	if state == "" {
		return goState{"blocked", "a wait that never ends?", "blocked"}
	}
	return goState{fmt.Sprintf("in the state Go calls %q", state), "a wait that never ends?", fmt.Sprintf("blocked in the state Go calls %q", state)}
}

// isRunning reports whether a goroutine in this state was running its code
// rather than waiting: "runnable" is one the runtime stopped to print the
// dump.
func isRunning(state string) bool { return state == "running" || state == "runnable" }

// stuckText says where the learner's code is stuck in a dump: "stuck
// waiting on a mutex at breaker.go:88 in (*Breaker).State: locked twice,
// or never unlocked?"; "" if no goroutine of the dump was in their code.
func (st stack) stuckText() string {
	if st.stuckAt == "" {
		return ""
	}
	g := describeState(st.stuckState)
	verb := "stuck " + g.doing
	if isRunning(st.stuckState) {
		verb = "still running"
	}
	return fmt.Sprintf("%s %s: %s", verb, st.stuckWhere(), g.ask)
}

// stuckWhere names where the stuck goroutine is: "at breaker.go:88 in
// (*Breaker).State", with its caller when that is in another file: "at
// window.go:24 in (*window).add, called at breaker.go:128 in
// (*Breaker).record". A loop that keeps calling a helper is mostly seen
// inside the helper, and the helper may be a file the learner was told
// is done. Where the dump's line is not in the function (stuckLost), the
// function is named without it: "somewhere in (*Breaker).FailureRate,
// whose one loop starts at breaker.go:134".
func (st stack) stuckWhere() string {
	where := "at " + st.stuckAt + " in " + shortFunc(st.stuckIn)
	if st.stuckLost {
		where = "somewhere in " + shortFunc(st.stuckIn)
		if st.stuckLoop != "" {
			where += ", whose one loop starts at " + st.stuckLoop
		}
	}
	if st.calledAt != "" {
		where += ", called at " + st.calledAt + " in " + shortFunc(st.calledIn)
	}
	return where
}

// fileOf is the file of a place: "breaker.go" of "breaker.go:12".
func fileOf(place string) string {
	file, _, _ := strings.Cut(place, ":")
	return file
}

// shortFunc drops the package from a function as frameFunc gives it:
// "halfopen.(*Breaker).State" is "(*Breaker).State". The learner knows
// which package it is in.
func shortFunc(fn string) string {
	if _, rest, ok := strings.Cut(fn, "."); ok {
		return rest
	}
	return fn
}

// goroutineHeader reads a stack dump's "goroutine 14 [chan send (durable),
// synctest bubble 3]:" into its state, "chan send".
func goroutineHeader(l string) (state string, ok bool) {
	rest, ok := strings.CutPrefix(strings.TrimSpace(l), "goroutine ")
	if !ok || !strings.HasSuffix(rest, "]:") {
		return "", false
	}
	num, state, ok := strings.Cut(strings.TrimSuffix(rest, "]:"), " [")
	// A fatal error's dump adds the runtime's addresses after the number:
	// "goroutine 19 gp=0xc000… m=2 mp=0xc000… [running]:".
	num, _, _ = strings.Cut(num, " ")
	if _, err := strconv.Atoi(num); err != nil || !ok {
		return "", false
	}
	state, _, _ = strings.Cut(state, ",") // ", 2 minutes", ", synctest bubble 3"
	return strings.TrimSuffix(state, " (durable)"), true
}

// frameFunc reads a stack dump's function line into the function's name
// without its import path or arguments: "example.com/p.(*B).Acquire(0xc000…)"
// is "p.(*B).Acquire", and "created by example.com/p.(*B).Acquire in
// goroutine 13" is the same, with created set.
func frameFunc(line string) (fn string, created bool) {
	fn, created = strings.CutPrefix(line, "created by ")
	if created {
		if i := strings.Index(fn, " in goroutine "); i >= 0 {
			fn = fn[:i]
		}
	} else if strings.HasSuffix(fn, ")") {
		// The arguments: the parentheses that close at the end, not those
		// of a receiver such as (*B).
		depth := 0
		for i := len(fn) - 1; i > 0; i-- {
			switch fn[i] {
			case ')':
				depth++
			case '(':
				depth--
			}
			if depth == 0 {
				fn = fn[:i]
				break
			}
		}
	}
	if j := strings.LastIndex(fn, "/"); j >= 0 {
		fn = fn[j+1:]
	}
	return fn, created
}

func (c *collector) clip(l string) string {
	if c.maxLineLen > 0 && len(l) > c.maxLineLen {
		cut := c.maxLineLen
		for cut > 0 && !isRuneStart(l[cut]) {
			cut--
		}
		return l[:cut] + "…"
	}
	return l
}

func isRuneStart(b byte) bool { return b&0xC0 != 0x80 }

func appendCapped(lines []string, cut int, l string, max int) ([]string, int) {
	if max > 0 && len(lines) >= max {
		return lines, cut + 1
	}
	return append(lines, l), cut
}

func splitLines(s string) []string {
	s = strings.TrimSuffix(s, "\n")
	if s == "" {
		return nil
	}
	return strings.Split(s, "\n")
}

// buildErrorRE matches "./file.go:12:3: message" and "file.go:12: message".
var buildErrorRE = regexp.MustCompile(`^\s*(\S+\.go):(\d+)(?::(\d+))?: (.+)$`)

func (c *collector) buildErrors() []BuildError {
	var out []BuildError
	for _, l := range c.buildOut {
		m := buildErrorRE.FindStringSubmatch(l)
		if m == nil {
			continue
		}
		if m[4] == "too many errors" {
			// The compiler's note that it stopped after ten errors, at
			// the line it stopped on: not an error of its own, and it
			// would count as one ("and 1 more").
			continue
		}
		line, _ := strconv.Atoi(m[2])
		col, _ := strconv.Atoi(m[3])
		out = append(out, BuildError{File: c.relative(m[1]), Line: line, Col: col, Message: m[4]})
	}
	return out
}

func (c *collector) relative(file string) string {
	if c.cwd != "" && c.cwd != c.dir && !filepath.IsAbs(file) {
		// The go command names files from the folder it ran in.
		file = filepath.Join(c.cwd, file)
	}
	if c.dir != "" && filepath.IsAbs(file) {
		if rel, err := filepath.Rel(c.dir, file); err == nil {
			return rel
		}
	}
	return strings.TrimPrefix(file, "./")
}

// compileSummary is a Report's summary of a build (or, vet set, of go
// vet) that failed with errs, or, when none names a line, with the
// compiler's output out: the one wording of it, whether the build or the
// parse before it (syntaxErrors) found them.
func compileSummary(errs []BuildError, out []string, vet bool) string {
	s := "does not compile"
	if vet {
		// The code compiled; go test stopped at vet, which it runs
		// first. "Does not compile" sent the learner looking for a
		// compile error go build would not show them.
		s = "compiles, but go vet, which go test runs before the tests, found a mistake"
	}
	switch {
	case len(errs) > 0:
		s += ": " + errs[0].String()
		if n := len(errs) - 1; n > 0 {
			s += fmt.Sprintf(" (and %d more)", n)
		}
	case len(out) > 0:
		s += ": " + strings.TrimSpace(out[0])
	}
	return s
}

// report turns what was collected into a Report. It does not set Elapsed
// and does not know about timeouts imposed from outside; Run adds those.
func (c *collector) report() Report {
	// The last goroutine of a dump has no line after it to end it.
	for _, k := range splitLines(endGoroutine(&c.pkgStack)) {
		c.pkgOut, c.pkgCut = appendCapped(c.pkgOut, c.pkgCut, c.clip(k), c.maxLines)
	}
	r := Report{BuildOutput: c.buildOut, Output: c.pkgOut}
	c.checkStuckLine(&c.pkgStack)
	for _, t := range c.tests {
		c.checkStuckLine(&t.stack)
	}
	if c.pkgCut > 0 {
		r.Output = append(r.Output, fmt.Sprintf("... %d more lines not shown", c.pkgCut))
	}
	for _, name := range c.order {
		t := c.tests[name]
		for _, k := range splitLines(endGoroutine(&t.stack)) {
			c.keepOwn(t, k)
		}
		c.endOutput(t) // a test the run cut short has not noted its end
		res := t.TestResult
		res.Race = t.race.text()
		if !t.ended {
			res.Running = true
		}
		if t.stack.msg != "" && c.pkgAction != "pass" {
			// A panic kills the test process, whichever goroutine it is
			// in, and test2json may still report the test it tagged the
			// panic to as passed (when the test's "--- PASS" line came
			// out first): a test whose output holds a panic failed.
			res.Panic, res.Fatal = panicText(t.stack), t.stack.fatal
			res.Passed = false
		}
		r.Tests = append(r.Tests, res)
	}
	switch {
	case c.buildFailed:
		r.Status = BuildFailed
		r.BuildErrors = missingImports(c.explainUndefined(c.buildErrors()))
		r.Vet = c.vetFailed
		r.Summary = compileSummary(r.BuildErrors, c.buildOut, c.vetFailed)
	case c.timedOut != "":
		r.Status = TimedOut
		more := c.moreTime
		if more == "" {
			more = slowAdvice
		}
		r.Summary = raceThen(r.Tests, "", c.timeoutText(runningTests(r.Tests))+" "+more)
	case c.noTestFiles:
		r.Status = NoTests
		r.Summary = "no tests ran: the package has no _test.go file (was the test file deleted?)"
	case len(r.Tests) == 0 && c.pkgAction != "fail":
		// The test files are there (the go command did not say "no test
		// files"), but no test started.
		r.Status = NoTests
		r.Summary = "no tests ran, though the package has test files: " + c.whyNoTestRan()
	default:
		pkgPanic := ""
		if c.pkgStack.msg != "" && c.pkgAction != "pass" {
			pkgPanic = panicText(c.pkgStack)
		}
		r.Status, r.Summary = verdict(r, c.dir, c.pkgAction, c.declared, pkgPanic, c.whyNoTestRan())
	}
	return r
}

// timeoutText says that the test binary stopped itself at its time limit
// (go test -timeout), in the learner's words rather than Go's "test timed
// out after 10s": which tests had not finished (running, "" if none had
// started), and why, since tests that finish within a second with working
// code (exercises.DefaultTimeout) do not run out of time by being slow:
// "TestX did not finish within 10s: your code is stuck waiting on a mutex
// at breaker.go:88 in (*Breaker).State: locked twice, or never unlocked?".
func (c *collector) timeoutText(running string) string {
	limit, ok := strings.CutPrefix(c.timedOut, "panic: test timed out after ")
	if !ok {
		limit = "its time limit"
	}
	who := "the tests"
	if running != "" {
		who = running
	}
	return fmt.Sprintf("%s did not finish within %s: %s", who, limit, c.stuckText())
}

// stuckText says where the timeout's dump found the learner's code stuck
// (stack.stuckText), or else what usually keeps a test from finishing.
func (c *collector) stuckText() string {
	for _, name := range c.order {
		if st := c.tests[name].stack; st.timedOut && st.stuckAt != "" {
			return "your code is " + st.stuckText()
		}
	}
	if c.pkgStack.timedOut && c.pkgStack.stuckAt != "" {
		return "your code is " + c.pkgStack.stuckText()
	}
	// No frame of the learner's code, but a goroutine was running where
	// the dump could not see it: most likely their loop, so say that
	// rather than guess between a wait and a loop.
	unseen := c.pkgStack.timedOut && c.pkgStack.unseenRunning
	for _, name := range c.order {
		if st := c.tests[name].stack; st.timedOut && st.unseenRunning {
			unseen = true
		}
	}
	if unseen {
		return "a goroutine was still running (a loop that never ends?), but on another thread, so Go's dump does not say where."
	}
	// The summary goes on with a sentence of its own (the advice on more
	// time): this one ends first.
	return "a goroutine may be blocked for ever (a mutex locked twice, a channel no one reads from), or a loop may never end."
}

// whyNoTestRan says what stops every test of a package whose test files
// are there from running: a TestMain that does not call m.Run, the usual
// mistake, or else something that ends the process before the tests
// start.
func (c *collector) whyNoTestRan() string {
	switch {
	case c.run != "":
		return fmt.Sprintf("none matched -run %q", c.run)
	case c.testMain:
		return "a TestMain must call m.Run() to run them, as in os.Exit(m.Run()); does yours return or exit without calling it?"
	case len(c.declared) > 0:
		return fmt.Sprintf("they declare %d, and none started; does an init function end the process (os.Exit)?", len(c.declared))
	}
	return "they declare no Test function (a func TestXxx(t *testing.T))"
}

// slowAdvice ends the summary of a run stopped for taking too long, unless
// Options.MoreTime says otherwise.
const slowAdvice = "If the tests are only slow, run the check again with more time, such as --timeout 2m"

// moreTime is what ends the summary of a run stopped for taking too long.
func (o Options) moreTime() string {
	if o.MoreTime != "" {
		return o.MoreTime
	}
	return slowAdvice
}

// panicText is a panic's message and where in the learner's files it
// happened, in their code rather than the tests where the stack passes
// through both: "assignment to entry in nil map at breaker.go:12".
// synctest's panics over goroutines left blocked are said as what they
// mean, with the learner's line that blocked: at the end of a test
// (leakText), or all of the bubble's at once (deadlockText).
func panicText(st stack) string {
	switch {
	case st.fatal:
		return fatalText(st)
	case strings.HasPrefix(st.msg, synctestLeak) && st.stuckAt != "":
		return leakText(st)
	case strings.HasPrefix(st.msg, synctestDeadlock) && st.stuckAt != "":
		return deadlockText(st)
	case st.atCode != "":
		return st.msg + " at " + st.atCode
	case st.at != "":
		return st.msg + " at " + st.at
	}
	return st.msg
}

// fatalAsks is the question to ask of the learner's code for the fatal
// errors of the runtime's that their code can cause, by message.
var fatalAsks = map[string]string{
	"stack overflow":                         "does a function call itself without end?",
	"concurrent map writes":                  "two goroutines used the map at once; does a mutex guard every use of it?",
	"concurrent map read and map write":      "two goroutines used the map at once; does a mutex guard every use of it?",
	"concurrent map iteration and map write": "two goroutines used the map at once; does a mutex guard every use of it?",
	"sync: unlock of unlocked mutex":         "Unlock without a Lock before it, or called twice?",
	"sync: RUnlock of unlocked RWMutex":      "RUnlock without an RLock before it, or called twice?",
	"sync: Unlock of unlocked RWMutex":       "Unlock without a Lock before it, or called twice?",
}

// fatalText is a fatal error's message, where in the learner's code it
// happened, and what to ask of that code: "stack overflow at
// breaker.go:96 in (*Breaker).FailureRate: does a function call itself
// without end?".
func fatalText(st stack) string {
	if st.msg == "stack overflow" && st.atCode != "" {
		return overflowText(st)
	}
	s := st.msg
	switch {
	case st.atCode != "":
		s += " at " + st.atCode + " in " + shortFunc(st.atCodeIn)
	case st.at != "":
		s += " at " + st.at
	}
	if ask := fatalAsks[st.msg]; ask != "" {
		s += ": " + ask
	}
	return s
}

// overflowText says a stack overflow in the learner's code as what it
// almost always is, with the line of theirs that called itself last:
// "your code recursed without end at breaker.go:100 in (*Breaker).State
// (a stack overflow: its calls filled the 64 MB a test's stack may
// grow to); what stops it calling itself?".
func overflowText(st stack) string {
	limit := ""
	if st.limit > 0 {
		limit = ": its calls filled the " + stackLimitText(st.limit) + " a test's stack may grow to"
	}
	return fmt.Sprintf("your code recursed without end at %s in %s (a stack overflow%s); what stops it calling itself?",
		st.atCode, shortFunc(st.atCodeIn), limit)
}

// synctestLeak opens the panic of a synctest bubble whose goroutines were
// still blocked when its function returned.
const synctestLeak = "deadlock: main bubble goroutine has exited but blocked goroutines remain"

// synctestDeadlock opens the panic of a synctest bubble all of whose
// goroutines are blocked while its function still runs: none can wake
// another, and time cannot move on.
const synctestDeadlock = "deadlock: all goroutines in bubble are blocked"

// deadlockText says synctestDeadlock with where the learner's code is
// blocked: "deadlock: every goroutine in the test's synctest bubble is
// blocked; your code is waiting on a channel send at bulkhead.go:22 in
// (*Bulkhead).Acquire: is anything left to receive?". The line the panic
// comes from is the test's call of synctest.Test, which says nothing of
// why.
func deadlockText(st stack) string {
	g := describeState(st.stuckState)
	return fmt.Sprintf("deadlock: every goroutine in the test's synctest bubble is blocked; your code is %s %s: %s",
		g.doing, st.stuckWhere(), g.ask)
}

// leakPrefix opens what panicText says of synctestLeak, whoever started the
// goroutine; verdict words its summary apart on it.
const leakPrefix = "a goroutine "

// leakText says what a goroutine left blocked at the end of a test was
// blocked on, in the learner's words, at which line and function of their
// code, and where it was started: "a goroutine your code started at
// bulkhead.go:45 never finished: when the test ended it was blocked
// sending on a channel no one receives from, at bulkhead.go:46 in
// (*Bulkhead).Acquire.func1".
func leakText(st stack) string {
	left := describeState(st.stuckState).left
	where := st.stuckWhere()
	// Started in the tests (or where the dump does not say), the
	// goroutine is the test's; what blocked it is still the learner's.
	if st.startedAt == "" || strings.HasSuffix(strings.SplitN(st.startedAt, ":", 2)[0], "_test.go") {
		started := ""
		if st.startedAt != "" {
			started = " at " + st.startedAt
		}
		return fmt.Sprintf("a goroutine the test started%s never finished: when the test ended, your code %s had it %s", started, where, left)
	}
	return fmt.Sprintf("a goroutine your code started at %s never finished: when the test ended it was %s, %s", st.startedAt, left, where)
}

// verdict is the status and summary of a run that went to its end, of
// the package in dir; whyNoTestRan is what to say if no test started.
func verdict(r Report, dir, pkgAction string, declared []string, pkgPanic, whyNoTestRan string) (Status, string) {
	passed, total := r.Counts()
	crashed := pkgPanic != "" || runningTests(r.Tests) != ""
	for _, t := range r.Tests {
		crashed = crashed || t.Panic != ""
	}
	if crashed {
		// The counts so far cover only the tests that started: say how
		// many the package has, and how many the crash kept from running.
		notRun := 0
		for _, name := range declared {
			if !slices.ContainsFunc(r.Tests, func(t TestResult) bool { return t.Name == name }) {
				notRun++
			}
		}
		total += notRun
		stopped := "the test process"
		if notRun > 0 {
			stopped = fmt.Sprintf("the other %d", notRun)
		}
		counts := fmt.Sprintf("%d of %d tests pass; ", passed, total)
		for _, t := range r.Tests {
			if strings.HasPrefix(t.Panic, leakPrefix) {
				return Failed, counts + raceThen(r.Tests, "", fmt.Sprintf("in %s, %s; that stopped %s (every goroutine must be able to finish)", t.Name, t.Panic, stopped))
			}
			if t.Panic != "" {
				kind := "a panic"
				if t.Fatal {
					kind = "a fatal error"
				}
				return Failed, counts + raceThen(r.Tests, "", fmt.Sprintf("%s in %s stopped %s: %s", kind, t.Name, stopped, t.Panic))
			}
		}
		if running := runningTests(r.Tests); running != "" {
			calls, files := learnerExits(dir)
			counts := fmt.Sprintf("after %d of %d tests passed", passed, total)
			if notRun > 0 {
				counts += fmt.Sprintf(", before the other %d ran", notRun)
			}
			return Failed, raceThen(r.Tests, "", exitText(running, counts, calls, files))
		}
		// A panic after a test started is that test's (see addPkgOutput):
		// this one came before any.
		if total == 0 {
			return Failed, "a panic before any test ran (in init, or in a package-level variable's initializer) stopped the test process: " + pkgPanic
		}
		return Failed, fmt.Sprintf("a panic before any test ran (in init, or in a package-level variable's initializer) stopped all %d tests: %s", total, pkgPanic)
	}
	if f := r.Failures(); len(f) > 0 {
		s := fmt.Sprintf("%d of %d tests pass; first failure: %s", passed, total, f[0].Name)
		// A data race is said as one: "first failure" alone sends the
		// learner looking for a wrong value in the test's messages.
		for _, t := range f {
			if t.Race == "" {
				continue
			}
			if t.Name == f[0].Name {
				return Failed, s + ", " + t.Race
			}
			return Failed, s + "; " + t.Name + " found " + t.Race
		}
		return Failed, s
	}
	if pkgAction == "fail" && total == 0 {
		return Failed, "no tests ran: the test process failed before any test started: " + whyNoTestRan
	}
	if pkgAction == "fail" {
		return Failed, fmt.Sprintf("all %d tests pass, but the test process failed outside them (in init, TestMain or a leftover goroutine)", total)
	}
	if total == 1 {
		return Passed, "the test passes"
	}
	return Passed, fmt.Sprintf("all %d tests pass", total)
}

// raceThen puts the first data race the tests found before crash, what
// ended the test process: "TestA found a data race at pool.go:54 (…); then
// a panic in TestB stopped the other 2: …", with article put before crash
// (a crash said from its verb on, "stopped after 40s", needs one);
// crash alone when no test found a race. The race is named first because
// it was found first, and may be what led to the crash; a crash's summary
// that left it out sent the learner to fix the crash and find the race
// only at the next run, or, if it happens one run in ten, never.
func raceThen(tests []TestResult, article, crash string) string {
	for _, t := range tests {
		if t.Race != "" {
			return t.Name + " found " + t.Race + "; then " + article + crash
		}
	}
	return crash
}

// runningTests names the tests that started and never ended, innermost
// (most specific) first: "TestX/sub, TestX".
func runningTests(tests []TestResult) string {
	var names []string
	for i := len(tests) - 1; i >= 0; i-- {
		if tests[i].Running {
			names = append(names, tests[i].Name)
		}
	}
	return strings.Join(names, ", ")
}
