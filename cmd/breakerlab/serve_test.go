package main

import (
	"context"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/internal/racefree"
)

// serve refuses, with exit 2 and a message naming the fix, what it cannot
// accept: an open non-loopback address, bad limits, a password it cannot
// ask for, a keys file that is not one.
func TestServeRefusesBadCommandLines(t *testing.T) {
	racefree.Only(t) // no goroutine: every case is refused before anything starts
	dir := t.TempDir()
	bad := filepath.Join(dir, "keys")
	if err := os.WriteFile(bad, []byte("# students\nnot a key\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		args []string
		want []string
	}{
		{[]string{"serve", "--listen", "0.0.0.0:2222", "--data-dir", dir}, []string{"--authorized-keys", "--password", "127.0.0.1"}},
		{[]string{"serve", "--max-sessions", "0"}, []string{"--max-sessions 0", "1 to 10000"}},
		{[]string{"serve", "--max-sessions-per-ip", "0"}, []string{"--max-sessions-per-ip 0", "1 to 10000"}},
		{[]string{"serve", "--max-sessions-per-student", "0"}, []string{"--max-sessions-per-student 0", "1 to 10000"}},
		{[]string{"serve", "--idle-timeout", "-1s"}, []string{"--idle-timeout -1s: allowed is 0 (never) or more"}},
		{[]string{"serve", "--authorized-keys", bad, "--data-dir", dir}, []string{"line 2 is not a public key"}},
		{[]string{"serve", "--password", "--data-dir", dir}, []string{"stdin is not one"}},
		{[]string{"serve", "extra"}, []string{"takes no arguments"}},
		{[]string{"serve", "--bench-clients", "501"}, []string{"1 to 500"}},
		// Refused before the password is asked, naming the flag.
		{[]string{"serve", "--password", "--data-dir", bad}, []string{"--data-dir: " + bad + " is a file, not a folder"}},
		{[]string{"serve", "--data-dir", filepath.Join(bad, "class")}, []string{"--data-dir: ", "is under " + bad + ", a file, not a folder"}},
	} {
		_, stderr, code := run(t, tc.args...)
		if code != exitUsage {
			t.Errorf("%v: exit %d, want %d (%s)", tc.args, code, exitUsage, stderr)
		}
		for _, w := range tc.want {
			if !strings.Contains(stderr, w) {
				t.Errorf("%v: %q does not say %q", tc.args, stderr, w)
			}
		}
	}
}

// serve's sessions get their lessons on demand, as the local home screen
// does: building a session's home screen parses none, so the server
// listens (and each student's first frame comes) before any is read.
func TestServeHomeLoadsLessonsOnDemand(t *testing.T) {
	// No goroutine: it builds the sessions' home screen's options and loads
	// the lessons (serve itself runs under -race in TestServeSaysHowToConnect).
	racefree.Only(t)
	o := serveHome()
	if o.Lessons != nil {
		t.Fatalf("serve's home screen was handed %d parsed lessons up front", len(o.Lessons))
	}
	if o.LoadLessons == nil {
		t.Fatal("serve's home screen has no way to load the lessons")
	}
	all, err := o.LoadLessons()
	if err != nil || len(all) == 0 {
		t.Fatalf("loading the lessons: %d, %v", len(all), err)
	}
}

// serve says, as it starts, the command students type with the port it
// really listens on and a name of their own to type, the sign-in rule,
// and what keeps their progress apart.
func TestServeSaysHowToConnect(t *testing.T) {
	stderr := serveBriefly(t)
	m := regexp.MustCompile("students connect with `ssh -p ([0-9]+) YOUR-NAME@127.0.0.1` \\(from this machine only\\); " +
		"sign-in: no password; progress per key, or per name without one; ctrl\\+c, SIGTERM or a hang-up stops the server").FindStringSubmatch(unfold(stderr))
	if m == nil || m[1] == "0" {
		t.Fatalf("stderr does not say how to connect:\n%s", stderr)
	}
}

// The start-up line names every signal the server stops cleanly on, from
// the list it listens for: it named ctrl+c alone while a hang-up and
// SIGTERM ended the class as cleanly. With --teacher ctrl+c is the
// teacher's key, and quitting the screen is named instead.
func TestServeStopWordsNameEverySignal(t *testing.T) {
	racefree.Only(t) // no goroutine: it builds the start-up line's words
	for _, teacher := range []bool{false, true} {
		words := serveStopWords(teacher)
		if !strings.HasSuffix(words, " stops the server") {
			t.Errorf("teacher=%v: %q does not end in \"stops the server\"", teacher, words)
		}
		for _, sig := range serveStopSignals {
			name := serveStopSignalWords[sig]
			if name == "" {
				t.Errorf("signal %v has no words", sig)
				continue
			}
			if teacher && sig == os.Interrupt {
				if strings.Contains(words, name) {
					t.Errorf("teacher=%v: %q names %s, a key of the teacher's screen", teacher, words, name)
				}
				continue
			}
			if !strings.Contains(words, name) {
				t.Errorf("teacher=%v: %q does not name %s (%v)", teacher, words, name, sig)
			}
		}
		if teacher != strings.Contains(words, "quitting the teacher's screen") {
			t.Errorf("teacher=%v: %q", teacher, words)
		}
	}
}

// serve's sessions have the challenges: the home screen said they were
// not available, naming a command a student on SSH cannot run.
func TestServeHomeHasTheChallenges(t *testing.T) {
	racefree.Only(t) // no goroutine: it builds the sessions' home screen's options
	if o := serveHome(); o.Challenges == nil {
		t.Fatal("serve's home screen has no challenges")
	}
}

// serveBriefly runs serve on a free loopback port for 300 ms and returns
// what it wrote to stderr.
func serveBriefly(t *testing.T) string {
	t.Helper()
	saved := serveContext
	t.Cleanup(func() { serveContext = saved })
	serveContext = func() (context.Context, context.CancelFunc) {
		return context.WithTimeout(context.Background(), 300*time.Millisecond)
	}
	_, stderr, code := run(t, "serve", "--listen", "127.0.0.1:0", "--data-dir", t.TempDir())
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	return stderr
}
