package serve

import (
	"context"
	"strings"
	"testing"
	"time"
)

// When the teacher stops the class, each student's screen is put back,
// the student reads that the teacher ended the class, and the session
// ends with an exit status, not a dropped connection.
func TestStudentsAreToldTheClassEnded(t *testing.T) {
	ts := startServer(t, Config{})
	students := []*Client{ts.dial(t, "ada", PasswordAuth("x"), 80, 24), ts.dial(t, "bo", PasswordAuth("x"), 80, 24)}
	for _, c := range students {
		waitFor(t, c, 0, "breakerlab")
	}
	marks := []int64{students[0].Mark(), students[1].Mark()}
	ctx, cancel := context.WithTimeout(context.Background(), patience(5*time.Second))
	defer cancel()
	start := time.Now()
	if err := ts.Shutdown(ctx); err != nil {
		t.Fatal(err)
	}
	if d := time.Since(start); d >= stopGrace {
		t.Errorf("stopping took %v: the sessions did not end before the grace ran out", d)
	}
	for i, c := range students {
		select {
		case <-c.Done():
		case <-time.After(patience(5 * time.Second)):
			t.Fatal("the session's output is still open after the server stopped")
		}
		out := c.Since(marks[i])
		if !strings.Contains(out, "The teacher ended the class.") {
			t.Errorf("student %d read no word of the class ending:\n%s", i+1, tail(out, 500))
		}
		// After the screen is put back, so it stays in the terminal.
		raw := c.Raw(marks[i])
		if back, note := strings.LastIndex(raw, "\x1b[?1049l"), strings.Index(raw, "The teacher ended the class."); back < 0 || note < back {
			t.Errorf("student %d: the note at %d, the main screen back at %d", i+1, note, back)
		}
		if err := c.Wait(); err != nil {
			t.Errorf("student %d's session ended with %v, want exit status 0", i+1, err)
		}
	}
}
