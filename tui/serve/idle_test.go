package serve

import (
	"strings"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/tui/home"
	"github.com/charmbracelet/log"
	gossh "golang.org/x/crypto/ssh"
)

// The idle limit ends a session whose student presses nothing, unless they
// are watching. The SSH library's idle timeout, given the same limit,
// counted traffic instead, and a still screen sends none: the teacher in
// presentation mode on a lesson's step, and a student following it, were
// cut after the limit with "closed by remote host" and no why in the log.
// They stay; a student who does nothing and watches nothing is told, and
// the log says why=idle.
func TestWatchingSessionsOutliveTheIdleLimit(t *testing.T) {
	t.Parallel() // it mostly waits out the limit
	// The follower must press ctrl+g, and the server take it, within the
	// limit of its sign-in: until it follows it is idle like anyone. So
	// the limit bounds how long a session takes to start, and is stretched
	// as every such bound is (patience). Under -race on a loaded machine
	// (make test, a load of 8 to 14 on 2 cores) the follower's first idle
	// check came 1.5 to 7.7 s after its sign-in, before its ctrl+g had
	// been read, and the follower was cut for the idleness before it
	// followed: the test measured the machine, not watching.
	limit := patience(1500 * time.Millisecond)
	var logs syncBuf
	tk := newSigner(t)
	// The teacher in presentation mode from the start (--present): the
	// lesson's preparing, under the race detector, outlasts the limit.
	ts := startServer(t, Config{IdleTimeout: limit, TeacherKeys: []gossh.PublicKey{tk.PublicKey()}, Logger: log.New(&logs),
		Present: true, Home: func() home.Options { return lessonHome(t) }})
	teacher := ts.dial(t, "teacher", KeyAuth(tk), 100, 30)
	waitFor(t, teacher, 0, "presentation mode")
	for _, k := range []struct{ key, then string }{{"\r", "One slow dependency"}, {"\r", "step 1 of"}} {
		mark := teacher.Mark()
		if err := teacher.Type(k.key); err != nil {
			t.Fatal(err)
		}
		waitFor(t, teacher, mark, k.then)
	}
	// ctrl+g goes with the sign-in, not once the home screen has come:
	// the idle clock starts at the sign-in, and the first frame may come
	// long after it. A key read once the idle check has ended the session
	// is not taken (TestAKeyAfterTheIdleCheckIsNotTaken), so a follower
	// drawn as following was not already being closed.
	student := ts.dial(t, "ada", PasswordAuth("x"), 80, 24)
	if err := student.Type("\x07"); err != nil {
		t.Fatal(err)
	}
	waitFor(t, student, 0, "following the teacher · step 1/")
	idle := ts.dial(t, "grace", PasswordAuth("x"), 80, 24)
	idleMark := idle.Mark()

	// No key from anyone. The idle student is closed once the limit has
	// passed since it signed in, and the teacher and the follower have
	// pressed nothing for longer; a limit more (ten of their idle checks)
	// and they are still there.
	select {
	case <-idle.Done():
	case <-time.After(limit + patience(3*time.Second)):
		t.Fatal("the idle student's session was not closed")
	}
	time.Sleep(limit)
	for name, c := range map[string]*Client{"the teacher": teacher, "the follower": student} {
		select {
		case <-c.Done():
			t.Fatalf("%s, watching, was cut after the idle limit:\n%s\nthe log:\n%s", name, tail(c.Since(0), 500), logs.String())
		default:
		}
	}
	mark := student.Mark()
	if err := student.Type("?"); err != nil {
		t.Fatal(err)
	}
	waitForFrame(t, student, mark)
	if !strings.Contains(flat(idle.Since(idleMark)), "with no key pressed or click (the teacher sets it with --idle-timeout)") {
		t.Errorf("the idle student was not told why:\n%s", tail(idle.Since(idleMark), 500))
	}
	waitLog(t, &logs, "disconnect", "user=grace", "why=idle")
}

// With the library's idle timeout off, a connection whose session has
// ended and that holds no other is closed after the idle limit, not the
// session length limit.
func TestAConnectionWithNoSessionLeftIsClosed(t *testing.T) {
	var logs syncBuf
	ts := startServer(t, Config{IdleTimeout: 300 * time.Millisecond, Logger: log.New(&logs)})
	conn, err := gossh.Dial("tcp", ts.addr, &gossh.ClientConfig{User: "x", Auth: PasswordAuth("x"), HostKeyCallback: gossh.InsecureIgnoreHostKey()})
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	sess, err := conn.NewSession()
	if err != nil {
		t.Fatal(err)
	}
	_, _ = sess.CombinedOutput("true") // refused: the session ends
	closed := make(chan error, 1)
	go func() { closed <- conn.Wait() }()
	select {
	case <-closed:
	case <-time.After(patience(3 * time.Second)):
		t.Fatal("the connection with no session left stayed open")
	}
	waitLog(t, &logs, "connection closed", "why=\"no session open for the idle timeout\"")
}
