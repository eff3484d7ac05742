package serve

import (
	"fmt"
	"net"
	"strings"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/charmbracelet/log"
	"github.com/charmbracelet/x/ansi"
	gossh "golang.org/x/crypto/ssh"
)

// The address students type: the listening one when it names one; for
// every interface, this machine's first address another machine reaches,
// IPv4 before IPv6, never loopback or link-local.
func TestJoinHost(t *testing.T) {
	nets := func(cidrs ...string) []net.Addr {
		var out []net.Addr
		for _, c := range cidrs {
			ip, n, err := net.ParseCIDR(c)
			if err != nil {
				t.Fatal(err)
			}
			n.IP = ip
			out = append(out, n)
		}
		return out
	}
	for _, tc := range []struct {
		host   string
		ifaces []net.Addr
		want   string
		local  bool
	}{
		{"127.0.0.1", nil, "127.0.0.1", true},
		{"localhost", nil, "localhost", true},
		{"::1", nil, "::1", true},
		{"10.1.2.3", nil, "10.1.2.3", false},
		{"class.example", nil, "class.example", false},
		{"0.0.0.0", nets("127.0.0.1/8", "fe80::1/64", "2001:db8::5/64", "192.168.1.20/24"), "192.168.1.20", false},
		{"::", nets("127.0.0.1/8", "fe80::1/64", "2001:db8::5/64"), "2001:db8::5", false},
		{"0.0.0.0", nets("127.0.0.1/8"), "THIS-MACHINE'S-ADDRESS", false},
	} {
		got, local := joinHost(tc.host, tc.ifaces)
		if got != tc.want || local != tc.local {
			t.Errorf("joinHost(%q) = %q, %v; want %q, %v", tc.host, got, local, tc.want, tc.local)
		}
	}
}

// The command has each student type a name of their own, and the
// sign-in rule is said in words, never holding the password nor saying
// that any name will do.
func TestJoinAccessWords(t *testing.T) {
	for _, tc := range []struct {
		cfg  Config
		want string
	}{
		{Config{}, "no password"},
		{Config{Password: []byte("secret-word")}, "class password"},
		{Config{AuthorizedKeys: []gossh.PublicKey{newSigner(t).PublicKey()}}, "your SSH key"},
	} {
		s := &Server{cfg: tc.cfg}
		j := s.JoinFor(&net.TCPAddr{IP: net.IPv4(10, 0, 0, 7), Port: 2222})
		words := j.Access + " " + j.Progress
		if j.Command() != "ssh -p 2222 YOUR-NAME@10.0.0.7" || !strings.Contains(j.Access, tc.want) ||
			strings.Contains(words, "secret-word") || strings.Contains(words, "any user name") || !strings.HasPrefix(j.Progress, "progress per ") {
			t.Errorf("%+v: %q, %q, %q", tc.cfg, j.Command(), j.Access, j.Progress)
		}
	}
}

// What the join line says keeps progress apart is what the server does:
// for each sign-in rule, students sign in as an OpenSSH client would (a
// key first, if they have one, then the password), and the log's connect
// line says whether they are known by their key (key=) or their name;
// the words name "per key" exactly when someone is known by a key, and
// "per name" exactly when someone is known by a name.
func TestJoinSaysWhatKeepsProgressApart(t *testing.T) {
	listed, unlisted := newSigner(t), newSigner(t)
	const pw = "class-pass"
	withKeys := []gossh.PublicKey{listed.PublicKey()}
	for _, tc := range []struct {
		name string
		cfg  Config
	}{
		{"open", Config{}},
		{"password", Config{Password: []byte(pw)}},
		{"keys", Config{AuthorizedKeys: withKeys}},
		{"keys and password", Config{AuthorizedKeys: withKeys, Password: []byte(pw)}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var logs syncBuf
			tc.cfg.Logger = log.New(&logs)
			ts := startServer(t, tc.cfg)
			byKey, byName := false, false
			for i, auth := range [][]gossh.AuthMethod{
				append(KeyAuth(listed), PasswordAuth(pw)...),
				append(KeyAuth(unlisted), PasswordAuth(pw)...),
				PasswordAuth(pw),
			} {
				user := fmt.Sprintf("s%d", i)
				c, err := Dial(ts.addr, user, auth, 80, 24, true)
				if err != nil {
					continue // refused: this rule lets no such student in
				}
				line := ""
				deadline := time.Now().Add(patience(5 * time.Second))
				for line == "" && time.Now().Before(deadline) {
					for _, l := range strings.Split(logs.String(), "\n") {
						if strings.Contains(l, "connect user="+user+" ") {
							line = l
						}
					}
					time.Sleep(10 * time.Millisecond)
				}
				c.Close()
				if line == "" {
					t.Fatalf("%s signed in, but the log has no connect line for them:\n%s", user, logs.String())
				}
				if strings.Contains(line, " key=SHA256:") {
					byKey = true
				} else {
					byName = true
				}
			}
			words := (&Server{cfg: tc.cfg}).JoinFor(&net.TCPAddr{IP: net.IPv4(10, 0, 0, 7), Port: 2222}).Progress
			if strings.Contains(words, "per key") != byKey || strings.Contains(words, "per name") != byName {
				t.Errorf("the join line says %q; students were known by key: %v, by name: %v", words, byKey, byName)
			}
		})
	}
}

// A student who types the command as shown, YOUR-NAME and all, is told to
// type a name of their own, and gets no session: every one who did would
// share one progress record.
func TestThePlaceholderIsNoName(t *testing.T) {
	ts := startServer(t, Config{})
	c := ts.dial(t, "YOUR-NAME", PasswordAuth("x"), 80, 24)
	_, port, _ := net.SplitHostPort(ts.addr)
	// Wrapped to the window's 80 columns at a space (tell).
	waitFor(t, c, 0, "Type your own name in place of YOUR-NAME, e.g. ssh -p "+port+" ada@127.0.0.1:", "progress is kept per name.")
	select {
	case <-c.Done():
	case <-time.After(patience(5 * time.Second)):
		t.Fatal("the session with the placeholder for a name goes on")
	}
	// With a key, the key keeps progress apart: the name is theirs to pick.
	k := ts.dial(t, "your-name", KeyAuth(newSigner(t)), 80, 24)
	waitForFrame(t, k, 0)
	if s := k.Since(0); strings.Contains(s, "Type your own name") {
		t.Fatalf("a student signed in with a key is asked for a name:\n%s", tail(s, 1500))
	}
}

// The teacher's screen keeps the join line at its foot, within 80
// columns, and its screens make room for it; a student's has none.
func TestJoinLineFitsTheTeachersScreen(t *testing.T) {
	racefree.Only(t)
	room := NewRoom()
	room.SetJoin(Join{Host: "192.168.1.20", Port: "2222", Access: "class password", Progress: "progress per name"})
	teacher := lessonSession(t, room, true, 80, 24)
	student := plainSession(t, room, false, 80, 24)
	atAskableStep(t, teacher) // where the join line names ctrl+a
	for _, w := range []int{140, 100, 80, 40} {
		teacher.applySize(w, 24)
		v := teacher.View()
		lines := strings.Split(v, "\n")
		if len(lines) != 24 {
			t.Fatalf("at %d columns the teacher's screen has %d lines, want 24", w, len(lines))
		}
		for i, l := range lines {
			if ansi.StringWidth(l) > w {
				t.Fatalf("line %d is %d wide at %d columns: %q", i, ansi.StringWidth(l), w, l)
			}
		}
		if !strings.Contains(lines[23], " ssh -p 2222 YOUR-NAME@192.168.1.20") {
			t.Fatalf("at %d columns the last line is %q", w, lines[23])
		}
		// The room's key stays at 80 and 100 columns: it went first,
		// and the teacher had no other reminder of it.
		if w >= 80 && (!strings.Contains(lines[23], "class password · ") || !strings.Contains(lines[23], " · ctrl+a ")) {
			t.Errorf("at %d columns the sign-in rule or ctrl+a is left out: %q", w, lines[23])
		}
		if w >= 100 && !strings.Contains(lines[23], "Students join: ") || w >= 100 && !strings.Contains(lines[23], "ctrl+a asks the room") {
			t.Errorf("at %d columns the lead or the key's words are shortened: %q", w, lines[23])
		}
		if w >= 140 && !strings.Contains(lines[23], "class password · progress per name · ctrl+a asks the room · ctrl+p projector") {
			t.Errorf("at %d columns something is left out: %q", w, lines[23])
		}
		if teacher.h != 23 {
			t.Errorf("the teacher's screens are %d high, want 23", teacher.h)
		}
	}
	if v := student.View(); strings.Contains(v, "ssh -p") || student.h != 24 {
		t.Fatalf("a student's screen shows the join line (height %d):\n%s", student.h, v)
	}
}

// Over SSH: a teacher signed in with their key sees the command with the
// port the server really listens on, while the class runs.
func TestTeacherSeesHowToJoinOverSSH(t *testing.T) {
	tk := newSigner(t)
	ts := startServer(t, Config{TeacherKeys: []gossh.PublicKey{tk.PublicKey()}})
	_, port, err := net.SplitHostPort(ts.addr)
	if err != nil {
		t.Fatal(err)
	}
	// At 100 columns the sign-in rule fits; ctrl+a is not named on the
	// home screen, where it asks nothing (TestJoinLineNamesCtrlAWhereItAsks).
	teacher := ts.dial(t, "teacher", KeyAuth(tk), 100, 24)
	waitFor(t, teacher, 0, "teaching", "ssh -p "+port+" YOUR-NAME@127.0.0.1", "(this machine only)", "no password")
	if s := teacher.Since(0); strings.Contains(s, askKey+" asks") || strings.Contains(s, askKeyShort) {
		t.Fatalf("the teacher's home screen names %s on the join line:\n%s", askKey, tail(s, 1500))
	}
	student := ts.dial(t, "s", PasswordAuth("x"), 80, 24)
	waitFor(t, student, 0, "on the home screen")
	if s := student.Since(0); strings.Contains(s, "ssh -p") {
		t.Fatalf("the student's screen shows the join line:\n%s", tail(s, 1500))
	}
}

// The join line's hint for ctrl+a is whole at every width it shows at:
// its short form, at 80 columns on loopback, was "· ctrl+a asks", which
// read as a line cut off. At 80 the short form shows, for the default
// port and a five-digit one, on loopback and on a class's network.
func TestJoinLineAskHintIsWhole(t *testing.T) {
	racefree.Only(t) // the session is driven in this goroutine, then its join line drawn at each width
	// Written out, not join.go's constant: a constant cut short again
	// would pass a test that reads it.
	const short = "ctrl+a poll"
	for _, j := range []Join{
		{Host: "127.0.0.1", Port: "2222", Local: true, Access: "no password", Progress: "progress per key, or per name without one"},
		{Host: "127.0.0.1", Port: "24711", Local: true, Access: "no password", Progress: "progress per key, or per name without one"},
		{Host: "192.168.1.20", Port: "2222", Access: "class password", Progress: "progress per name"},
	} {
		room := NewRoom()
		room.SetJoin(j)
		teacher := lessonSession(t, room, true, 80, 24)
		atAskableStep(t, teacher) // where the join line names ctrl+a
		narrowest, at80 := 0, ""
		for w := 200; w >= 1; w-- {
			line := strings.TrimRight(teacher.joinView(w), " ")
			_, hint, ok := strings.Cut(line, " · "+askKey)
			if !ok {
				continue
			}
			narrowest = w
			// The hint ends the line, or is followed by the next one.
			hint, _, _ = strings.Cut(hint, " · ")
			if hint != " asks the room" && askKey+hint != short {
				t.Errorf("%s:%s at %d columns: ctrl+a's hint is %q, want %q or %q: %q", j.Host, j.Port, w, askKey+hint, askKey+" asks the room", short, line)
			}
			if w == 80 {
				at80 = line
			}
		}
		if !strings.HasSuffix(at80, " · "+short) {
			t.Errorf("%s:%s at 80 columns: the join line is %q, want it to end with ctrl+a's short hint, whole", j.Host, j.Port, at80)
		}
		// At the narrowest width that has a hint, it is the short one,
		// whole.
		line := strings.TrimRight(teacher.joinView(narrowest), " ")
		if !strings.HasSuffix(line, " · "+short) {
			t.Errorf("%s:%s at %d columns, the narrowest with ctrl+a's hint: %q, want it to end %q", j.Host, j.Port, narrowest, line, " · "+short)
		}
	}
}
