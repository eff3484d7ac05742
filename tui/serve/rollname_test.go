package serve

import (
	"strings"
	"testing"

	gossh "golang.org/x/crypto/ssh"
)

// The teacher's list of who is in the room shows a name as text: an
// escape as ␛, not the log's Go escapes ("\x1b[31m"), and a long name cut
// with "…", not the log's "…(320 bytes)", which wrapped onto a line of
// its own.
func TestTheRoomListShowsNamesAsText(t *testing.T) {
	tk := newSigner(t)
	ts := startServer(t, Config{TeacherKeys: []gossh.PublicKey{tk.PublicKey()}})
	teacher := ts.dial(t, "teacher", KeyAuth(tk), 120, 40)
	waitFor(t, teacher, 0, "Sandbox")
	evil := "\x1b[31mEVIL\x1b]0;pwned\a"
	long := strings.Repeat("x", 280)
	for _, name := range []string{evil, long} {
		waitFor(t, ts.dial(t, name, PasswordAuth("x"), 80, 24), 0, "Sandbox")
	}
	mark := teacher.Mark()
	if err := teacher.Type("\x0c"); err != nil { // ctrl+l
		t.Fatal(err)
	}
	want := "• " + strings.Repeat("x", maxRollName-1) + "… · on the home screen"
	waitFor(t, teacher, mark, "• ␛[31mEVIL␛]0;pwned␇ · on the home screen", want)
	if s := teacher.Since(mark); strings.Contains(s, `\x1b`) || strings.Contains(s, "bytes)") {
		t.Fatalf("the list shows a name as the log writes it:\n%s", tail(s, 2000))
	}
}
