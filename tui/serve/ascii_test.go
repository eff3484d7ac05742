package serve

import (
	"strings"
	"testing"
)

// A session's screen is drawn in ASCII when its client's locale, sent in
// the session's environment, is not UTF-8, or the client asks with
// BREAKERLAB_ASCII=1; the server's own locale has no say. A client that
// sends none gets Unicode.
func TestSessionDrawsASCIIForItsClientsLocale(t *testing.T) {
	ts := startServer(t, Config{})
	for _, c := range []struct {
		env   []string
		ascii bool
	}{
		{nil, false},
		{[]string{"LANG=en_US.UTF-8"}, false},
		{[]string{"LANG=C"}, true},
		{[]string{"LC_ALL=POSIX", "LANG=en_US.UTF-8"}, true},
		{[]string{"LANG=en_US.UTF-8", "BREAKERLAB_ASCII=1"}, true},
		{[]string{"LANG=C", "BREAKERLAB_ASCII=0"}, false},
	} {
		cl, err := Dial(ts.addr, "ada", PasswordAuth("x"), 80, 24, false, c.env...)
		if err != nil {
			t.Fatalf("%q: cannot connect: %v", c.env, err)
		}
		waitFor(t, cl, 0, "Sandbox")
		raw := cl.Raw(0)
		cl.Close()
		unicode := strings.ContainsFunc(raw, func(r rune) bool { return r > 0x7f })
		if unicode == c.ascii {
			t.Errorf("%q: the screen has characters outside ASCII: %v, want %v", c.env, unicode, !c.ascii)
		}
	}
}
