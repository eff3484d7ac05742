package serve

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/log"
	"github.com/charmbracelet/x/ansi"
	gossh "golang.org/x/crypto/ssh"
)

// qa4 finding 8: with --password any student could type another's name
// and open, and overwrite, their progress. A name is now bound, for the
// server's lifetime, to the key that first signed in with it beside the
// class password: another key, or none, is told the name is taken and
// gets nothing of it; the same key gets in again, whichever it offers
// first. A name first used without a key stays open to the password, as
// the join line and the README say. The teacher's key still signs in by
// itself, and presents.
func TestANameIsItsFirstKeys(t *testing.T) {
	const pw = "correct horse"
	var logs syncBuf
	tk, k1, k2, k3 := newSigner(t), newSigner(t), newSigner(t), newSigner(t)
	ts := startServer(t, Config{Password: []byte(pw), TeacherKeys: []gossh.PublicKey{tk.PublicKey()}, Logger: log.New(&logs)})
	withKey := func(keys ...gossh.Signer) []gossh.AuthMethod {
		return append([]gossh.AuthMethod{gossh.PublicKeys(keys...)}, PasswordAuth(pw)...)
	}
	// gets connects and says whether the session got the program; a
	// session refused must say why.
	gets := func(user string, auth []gossh.AuthMethod) bool {
		t.Helper()
		c, err := Dial(ts.addr, user, auth, 80, 24, false)
		if err != nil {
			t.Fatalf("%s could not sign in: %v", user, err)
		}
		defer c.Close()
		if err := c.WaitFor(0, patience(5*time.Second), "Sandbox"); err == nil {
			return true
		}
		<-c.Done()
		s := c.Since(0)
		if !strings.Contains(s, "The name "+user+" is taken in this class") || strings.Contains(s, "Sandbox") {
			t.Fatalf("%s was neither let in nor told the name is taken:\n%s", user, tail(s, 1000))
		}
		// Wrapped to the 80 columns at its spaces: the terminal broke
		// it mid-word ("th" / "at") and mid-fingerprint.
		for _, l := range strings.Split(s, "\n") {
			if l = strings.TrimRight(l, "\r"); ansi.StringWidth(l) > 80 {
				t.Fatalf("a line of the refusal is %d columns wide, past the window's 80:\n%s", ansi.StringWidth(l), s)
			}
		}
		if !strings.Contains(s, gossh.FingerprintSHA256(k1.PublicKey())) || !strings.Contains(s, "only that key,") {
			t.Fatalf("the refusal breaks the fingerprint or a word:\n%s", s)
		}
		return false
	}
	fp1 := gossh.FingerprintSHA256(k1.PublicKey())
	for _, c := range []struct {
		what, user string
		auth       []gossh.AuthMethod
		want       bool
	}{
		{"ada's first session, with her key", "ada", withKey(k1), true},
		{"another key as ada", "ada", withKey(k2), false},
		{"no key as ada", "ada", PasswordAuth(pw), false},
		{"ada's key again", "ada", withKey(k1), true},
		{"ada's key offered after another", "ada", withKey(k2, k1), true},
		{"bob's first session, with no key", "bob", PasswordAuth(pw), true},
		{"a key as bob", "bob", withKey(k3), true},
		{"no key as bob again", "bob", PasswordAuth(pw), true},
		{"the key that was refused, as a name of its own", "cyd", withKey(k2), true},
	} {
		if got := gets(c.user, c.auth); got != c.want {
			t.Errorf("%s: got the program %v, want %v", c.what, got, c.want)
		}
	}
	waitLog(t, &logs, "connect user=ada", "name_key="+fp1, `why="the name is bound to another key"`, "bound_to="+fp1)
	if c, err := Dial(ts.addr, "ada", append([]gossh.AuthMethod{gossh.PublicKeys(k1)}, PasswordAuth("wrong horse")...), 80, 24, false); err == nil {
		c.Close()
		t.Error("ada's key with a wrong password got in")
	}
	teacher := ts.dial(t, "teacher", KeyAuth(tk), 100, 30)
	waitFor(t, teacher, 0, "teaching")
}

// A name is bound by its first session only, to a key or to none, and the
// names bound are bounded.
func TestNamesBindOnce(t *testing.T) {
	var n names
	if _, ok := n.check("user-ada", "SHA256:a", false); !ok {
		t.Fatal("a name no one has used is refused")
	}
	if _, ok := n.check("user-ada", "SHA256:b", true); !ok {
		t.Fatal("a key that only asked bound nothing, yet another is refused")
	}
	if owner, ok := n.check("user-ada", "SHA256:a", true); ok || owner != "SHA256:b" {
		t.Errorf("ada's name, bound to b, let a in (owner %q)", owner)
	}
	if _, ok := n.check("user-bob", "", true); !ok {
		t.Fatal("a first session without a key is refused")
	}
	if _, ok := n.check("user-bob", "SHA256:c", true); !ok {
		t.Error("a name first used without a key refuses a key")
	}
	for i := range maxNames + 10 {
		n.check(fmt.Sprint("user-n", i), "SHA256:x", true)
	}
	if len(n.owner) != maxNames {
		t.Errorf("%d names bound, want at most %d", len(n.owner), maxNames)
	}
}
