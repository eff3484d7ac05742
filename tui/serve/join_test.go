package serve

import (
	"net"
	"strings"
	"testing"

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

// The sign-in rule is said in words, and never holds the password.
func TestJoinAccessWords(t *testing.T) {
	for _, tc := range []struct {
		cfg  Config
		want string
	}{
		{Config{}, "no password"},
		{Config{Password: []byte("secret-word")}, "the class password"},
		{Config{AuthorizedKeys: []gossh.PublicKey{newSigner(t).PublicKey()}}, "your SSH key"},
	} {
		s := &Server{cfg: tc.cfg}
		j := s.JoinFor(&net.TCPAddr{IP: net.IPv4(10, 0, 0, 7), Port: 2222})
		if j.Command() != "ssh -p 2222 10.0.0.7" || !strings.Contains(j.Access, tc.want) || strings.Contains(j.Access, "secret-word") {
			t.Errorf("%+v: %q, %q", tc.cfg, j.Command(), j.Access)
		}
	}
}

// The teacher's screen keeps the join line at its foot, within 80
// columns, and its screens make room for it; a student's has none.
func TestJoinLineFitsTheTeachersScreen(t *testing.T) {
	room := NewRoom()
	room.SetJoin(Join{Host: "192.168.100.200", Port: "2222", Access: "a listed SSH key or the class password"})
	teacher := plainSession(t, room, true, 80, 24)
	student := plainSession(t, room, false, 80, 24)
	for _, w := range []int{80, 40} {
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
		if !strings.Contains(lines[23], "ssh -p 2222 192.168.100.200") {
			t.Fatalf("at %d columns the last line is %q", w, lines[23])
		}
		if w == 80 && !strings.Contains(lines[23], "class password") {
			t.Errorf("at 80 columns the sign-in rule is left out: %q", lines[23])
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
	teacher := ts.dial(t, "teacher", KeyAuth(tk), 80, 24)
	waitFor(t, teacher, 0, "presenting", "ssh -p "+port+" 127.0.0.1", "(this machine only)", "no password")
	student := ts.dial(t, "s", PasswordAuth("x"), 80, 24)
	waitFor(t, student, 0, "exploring")
	if s := student.Since(0); strings.Contains(s, "ssh -p") {
		t.Fatalf("the student's screen shows the join line:\n%s", tail(s, 1500))
	}
}
