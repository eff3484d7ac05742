package serve

import (
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/log"
)

// A connection that reaches --max-session is told so, on a terminal the
// program has given back, before it closes. The SSH library closed the
// connection under the program: the student's terminal stayed in the
// program's screen with the mouse reporting, and nothing said why (the
// README's limits say each names its flag).
func TestTheSessionTimeLimitIsSaid(t *testing.T) {
	limit := patience(2 * time.Second)
	var logs syncBuf
	ts := startServer(t, Config{MaxSession: limit, Logger: log.New(&logs)})
	c := ts.dial(t, "ada", PasswordAuth("x"), 80, 24)
	waitFor(t, c, 0, "Sandbox")
	select {
	case <-c.Done():
	case <-time.After(limit + sessionLimitGrace + patience(5*time.Second)):
		t.Fatal("the session outlived its time limit")
	}
	raw := c.Raw(0)
	restored := strings.LastIndex(raw, "\x1b[?1049l") // the program's screen left
	said := strings.Index(raw, "a connection lasts at most "+limitWords(limit)+" on this server")
	if restored < 0 || said < restored || !strings.Contains(flat(raw[said:]), "(the teacher sets it with --max-session)") {
		t.Fatalf("the student was not told the time limit on a restored terminal (screen left at %d, told at %d):\n%q", restored, said, tail(raw, 400))
	}
	if err := c.Wait(); err != nil {
		t.Errorf("the session ended with %v, want an exit status of 0", err)
	}
	waitLog := time.Now().Add(patience(5 * time.Second))
	for !strings.Contains(logs.String(), `why="session time limit"`) {
		if time.Now().After(waitLog) {
			t.Fatalf("the log does not say the time limit closed it:\n%s", logs.String())
		}
		time.Sleep(10 * time.Millisecond)
	}
}
