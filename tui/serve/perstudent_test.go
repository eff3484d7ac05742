package serve

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/log"
	gossh "golang.org/x/crypto/ssh"

	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/breakerlab/breakerlab/tui/theme"
)

// refused waits for c's session to be closed without the program and
// returns what it was told.
func refused(t *testing.T, c *Client) string {
	t.Helper()
	select {
	case <-c.Done():
	case <-time.After(patience(5 * time.Second)):
		t.Fatal("the session over the limit was not closed")
	}
	s := c.Since(0)
	if strings.Contains(s, "Sandbox") {
		t.Fatalf("the session over the limit got the program:\n%s", tail(s, 500))
	}
	return s
}

// One address cannot take the room: past --max-sessions-per-ip sessions
// from it, one more is refused with the limit and the flag, whatever name
// it uses; once one closes, the address may connect again.
func TestSessionsPerAddressAreBounded(t *testing.T) {
	var logs syncBuf
	ts := startServer(t, Config{MaxSessionsPerIP: 2, Logger: log.New(&logs)})
	var open []*Client
	for i := range 2 {
		c := ts.dial(t, fmt.Sprint("u", i), PasswordAuth("x"), 80, 24)
		waitFor(t, c, 0, "Sandbox")
		open = append(open, c)
	}
	msg := refused(t, ts.dial(t, "another", PasswordAuth("x"), 80, 24))
	for _, w := range []string{"already has 2 sessions open", "--max-sessions-per-ip"} {
		if !strings.Contains(msg, w) {
			t.Errorf("the refusal does not say %q: %q", w, msg)
		}
	}
	// The log names the limit: it said "for one student or address".
	waitLog(t, &logs, "session refused", "user=another", `why="the address has the sessions --max-sessions-per-ip allows"`)
	open[0].Close()
	deadline := time.Now().Add(patience(5 * time.Second))
	for {
		c := ts.dial(t, "again", PasswordAuth("x"), 80, 24)
		if c.WaitFor(0, patience(5*time.Second), "Sandbox") == nil {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("a place freed by a closed session was not given back")
		}
		time.Sleep(50 * time.Millisecond) // the closed session is still leaving
	}
}

// One student cannot take the room from several addresses either: past
// --max-sessions-per-student sessions under one name, one more is refused
// naming that flag, while another student still gets in.
func TestSessionsPerStudentAreBounded(t *testing.T) {
	var logs syncBuf
	ts := startServer(t, Config{MaxSessionsPerStudent: 1, Logger: log.New(&logs)})
	waitFor(t, ts.dial(t, "ada", PasswordAuth("x"), 80, 24), 0, "Sandbox")
	msg := refused(t, ts.dial(t, "ada", PasswordAuth("x"), 80, 24))
	for _, w := range []string{"You already have 1 session open", "--max-sessions-per-student"} {
		if !strings.Contains(msg, w) {
			t.Errorf("the refusal does not say %q: %q", w, msg)
		}
	}
	waitLog(t, &logs, "session refused", "user=ada", `why="the student has the sessions --max-sessions-per-student allows"`)
	waitFor(t, ts.dial(t, "grace", PasswordAuth("x"), 80, 24), 0, "Sandbox")
}

// The teacher is not counted: a teacher key opens more sessions than a
// student may from the same address.
func TestTheTeacherIsNotBoundedPerAddress(t *testing.T) {
	tk := newSigner(t)
	ts := startServer(t, Config{MaxSessionsPerIP: 1, MaxSessionsPerStudent: 1, TeacherKeys: []gossh.PublicKey{tk.PublicKey()}})
	for range 2 {
		waitFor(t, ts.dial(t, "teacher", KeyAuth(tk), 80, 24), 0, "Sandbox")
	}
	waitFor(t, ts.dial(t, "ada", PasswordAuth("x"), 80, 24), 0, "Sandbox")
}

// sessionHeap opens n sessions declaring a w × h window, each playing the
// sandbox's first scenario for a second of its time and then paused, and
// returns the live heap they hold, a session's share.
func sessionHeap(t testing.TB, n, w, h int) uint64 {
	ts := startServer(t, Config{MaxSessions: n})
	before := heldBytes()
	var cs []*Client
	defer func() {
		for _, c := range cs {
			c.Close()
		}
	}()
	for i := range n {
		c, err := Dial(ts.addr, fmt.Sprint("s", i), PasswordAuth("x"), w, h, false)
		if err != nil {
			t.Fatal(err)
		}
		cs = append(cs, c)
		if err := openSandbox(c, true); err != nil {
			t.Fatal(err)
		}
	}
	// A second of play each, so that the charts have data and their
	// scale has grown.
	for _, c := range cs {
		if err := waitForClock(c, c.Mark(), time.Second, patience(10*time.Second)); err != nil {
			t.Fatal(err)
		}
	}
	// Then a pause: a playing session is drawing a frame most of the
	// time on a loaded machine, and a frame's drawing holds a canvas of
	// a chart's every cell until it is done (a megabyte at the largest
	// screen), which a heap measured then counted, with the frames on
	// their way to the clients: under a load of 30, sessions that hold
	// 1.5 MB between frames measured up to 8 MB. What a session keeps
	// from frame to frame, everything its play has built, stays.
	for _, c := range cs {
		mark := c.Mark()
		if err := c.Type(" "); err != nil {
			t.Fatal(err)
		}
		if err := c.WaitFor(mark, patience(10*time.Second), theme.GlyphPaused); err != nil {
			t.Fatal(err)
		}
	}
	if err := quiet(cs, 300*time.Millisecond, patience(10*time.Second)); err != nil {
		t.Fatal(err)
	}
	// Only the count of what is drawn is kept from now on.
	for _, c := range cs {
		c.mu.Lock()
		c.discard, c.out = true, nil
		c.mu.Unlock()
	}
	after := heldBytes()
	if after < before {
		return 0
	}
	return (after - before) / uint64(n)
}

// quiet waits until none of cs has received anything for still: every
// frame drawn has come, and none is being drawn.
func quiet(cs []*Client, still, timeout time.Duration) error {
	deadline := time.Now().Add(timeout)
	for {
		var before int64
		for _, c := range cs {
			before += c.Received()
		}
		time.Sleep(still)
		var after int64
		for _, c := range cs {
			after += c.Received()
		}
		if after == before {
			return nil
		}
		if time.Now().After(deadline) {
			return fmt.Errorf("%w after %v waiting for the paused sessions to stop drawing (%d bytes in the last %v)", ErrTimeout, timeout, after-before, still)
		}
	}
}

// heldBytes is what the process holds for good: the least of
// heldSamples measures of liveBytes, a collection before each. One
// measure also counts what the server's other goroutines have under way
// and what was allocated while the collector marked (kept until the next
// collection), which vary from one moment to the next; what is held for
// good is in every measure, so the least still counts all of it.
func heldBytes() uint64 {
	least := liveBytes()
	for range heldSamples - 1 {
		time.Sleep(heldSampleGap)
		least = min(least, liveBytes())
	}
	return least
}

// heldSamples measures, heldSampleGap apart, give heldBytes the moments
// it picks from.
const (
	heldSamples   = 5
	heldSampleGap = 20 * time.Millisecond
)

// statusClock is the sandbox status line's virtual time ("12.3 s / 60.0 s").
var statusClock = regexp.MustCompile(`([0-9][0-9,]*\.[0-9]) s /`)

// waitForClock waits until c's sandbox shows a virtual time of at least
// least. It takes any time past it, not the frame at exactly that time:
// a loaded machine draws fewer frames, and the one at 1.0 s may never be
// drawn (the suite's -race run timed out waiting for "1.0 s /").
func waitForClock(c *Client, mark int64, least, timeout time.Duration) error {
	deadline := time.Now().Add(timeout)
	for {
		for _, m := range statusClock.FindAllStringSubmatch(c.Since(mark), -1) {
			if v, err := strconv.ParseFloat(strings.ReplaceAll(m[1], ",", ""), 64); err == nil && v >= least.Seconds() {
				return nil
			}
		}
		select {
		case <-c.Done():
			return fmt.Errorf("the session ended before the sandbox reached %v", least)
		default:
		}
		if time.Now().After(deadline) {
			return fmt.Errorf("%w after %v waiting for the sandbox to reach %v", ErrTimeout, timeout, least)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// Sessions that declare huge windows stay under the server's documented
// bound of SessionHeapBound each: the room's memory is MaxSessions times
// it at most.
func TestSessionsAtTheLargestScreenStayUnderTheBound(t *testing.T) {
	if testing.Short() {
		t.Skip("opens several playing sessions")
	}
	// What it measures is the program's heap, which the race detector's
	// instrumentation only blurs; the server's goroutines are raced by the
	// tests beside it.
	racefree.Only(t)
	const n = 3
	per := sessionHeap(t, n, 1000, 1000)
	t.Logf("%d sessions at %d × %d (declared 1000 × 1000): %.1f MB of live heap each", n, MaxWidth, MaxHeight, float64(per)/(1<<20))
	if per > SessionHeapBound {
		t.Fatalf("a session at the largest screen holds %.1f MB, over the bound of %d MB", float64(per)/(1<<20), SessionHeapBound>>20)
	}
}

// BenchmarkSessionHeap reports a session's live heap after play at a common
// window and at a huge one (drawn at MaxWidth × MaxHeight). Run it once:
// go test ./tui/serve/ -run '^$' -bench SessionHeap -benchtime 1x
func BenchmarkSessionHeap(b *testing.B) {
	for _, sz := range [][2]int{{100, 30}, {640, 240}} {
		b.Run(fmt.Sprintf("%dx%d", sz[0], sz[1]), func(b *testing.B) {
			for range b.N {
				b.ReportMetric(float64(sessionHeap(b, 1, sz[0], sz[1]))/(1<<20), "MB/session")
			}
		})
	}
}
