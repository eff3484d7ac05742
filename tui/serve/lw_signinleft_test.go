package serve

import (
	"errors"
	"testing"
	"time"

	"github.com/charmbracelet/ssh"
)

// connCtx is the sign-in's context as far as the password prompt reads
// it: the connection it came in on.
type connCtx struct {
	ssh.Context
	tc *trackedConn
}

func (c connCtx) Value(k any) any {
	if _, ok := k.(connKey); ok {
		return c.tc
	}
	return nil
}

// A second try at the class password, some 6 s into a 10 s sign-in, says the
// 4 s left, not the whole 10 s the first prompt said: the deadline counts
// from the connection's accept, and a student told 10 s was cut off
// mid-word.
func TestTheLaterPasswordPromptSaysTheTimeLeft(t *testing.T) {
	s := &Server{cfg: Config{Password: []byte("class"), HandshakeTimeout: 10 * time.Second}}
	ask := func(spent time.Duration) string {
		var prompts []string
		ctx := connCtx{tc: &trackedConn{start: time.Now().Add(-spent)}}
		s.keyboard(ctx, func(_, _ string, qs []string, _ []bool) ([]string, error) {
			prompts = append(prompts, qs...)
			return nil, errors.New("no answer: the prompt is what is read")
		})
		if len(prompts) != 1 {
			t.Fatalf("%s in: the prompts %q, want one", spent, prompts)
		}
		return prompts[0]
	}
	for _, c := range []struct {
		spent time.Duration
		want  string
	}{
		{0, "Class password (within 10 s): "},
		// The key exchange's time, on a slow machine, is not counted
		// against the first prompt's words.
		{800 * time.Millisecond, "Class password (within 10 s): "},
		// Some 6 s in (a little less: the call itself takes time, and the
		// time left is rounded down).
		{5900 * time.Millisecond, "Class password (within 4 s): "},
		// Rounded down: 1.5 s left is said as 1 s, not 2.
		{8500 * time.Millisecond, "Class password (within 1 s): "},
	} {
		if got := ask(c.spent); got != c.want {
			t.Errorf("%s into the sign-in the prompt is %q, want %q", c.spent, got, c.want)
		}
	}
}

// Under a second left is said in milliseconds, and a prompt past the
// deadline says nothing is left rather than a negative time.
func TestSignInLeftWordsBelowASecond(t *testing.T) {
	for _, c := range []struct {
		limit, spent time.Duration
		want         string
	}{
		{10 * time.Second, 9400 * time.Millisecond, "600 ms"},
		{10 * time.Second, 12 * time.Second, "0 ms"},
		{500 * time.Millisecond, 100 * time.Millisecond, "500 ms"},
		{5 * time.Minute, 2 * time.Minute, "3 min"},
		{5 * time.Minute, 90 * time.Second, "210 s"},
	} {
		if got := signInLeftWords(c.limit, c.spent); got != c.want {
			t.Errorf("signInLeftWords(%s, %s) = %q, want %q", c.limit, c.spent, got, c.want)
		}
	}
}
