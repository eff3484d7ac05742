package serve

import (
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/log"
)

// The log's disconnect line says why a session ended: a student whose
// ssh was killed (the connection dropped, no quit) logged no why= at all,
// where the class's end and the idle limit say theirs; a student who quits
// says so.
func TestTheLogSaysWhyASessionEnded(t *testing.T) {
	var logs syncBuf
	ts := startServer(t, Config{Logger: log.New(&logs)})
	alice := ts.dial(t, "alice", PasswordAuth("x"), 80, 24)
	waitForFrame(t, alice, 0)
	_ = alice.conn.Close() // as a killed ssh leaves it: no goodbye
	line := disconnectLine(t, &logs, "user=alice")
	if !strings.Contains(line, `why="connection lost"`) {
		t.Fatalf("a dropped connection's disconnect line: %q, want why=\"connection lost\"", line)
	}

	bob := ts.dial(t, "bob", PasswordAuth("x"), 80, 24)
	waitForFrame(t, bob, 0)
	if err := bob.Type("\x03"); err != nil { // ctrl+c quits
		t.Fatal(err)
	}
	if line := disconnectLine(t, &logs, "user=bob"); !strings.Contains(line, "why=quit") {
		t.Fatalf("a student's quit's disconnect line: %q, want why=quit", line)
	}
}

// disconnectLine waits for the log's disconnect line that has who in it.
func disconnectLine(t *testing.T, logs *syncBuf, who string) string {
	t.Helper()
	deadline := time.Now().Add(patience(5 * time.Second))
	for {
		for l := range strings.SplitSeq(logs.String(), "\n") {
			if strings.Contains(l, "disconnect") && strings.Contains(l, who) {
				return l
			}
		}
		if time.Now().After(deadline) {
			t.Fatalf("the log has no disconnect line for %s:\n%s", who, logs.String())
		}
		time.Sleep(10 * time.Millisecond)
	}
}
