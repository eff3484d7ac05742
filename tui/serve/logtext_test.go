package serve

import (
	"fmt"
	"strings"
	"testing"

	"github.com/charmbracelet/log"
)

// A value a client chose is escaped, not quoted: the log quotes it when it
// must, and once.
func TestLogText(t *testing.T) {
	for in, want := range map[string]string{
		"alice":            "alice",
		"":                 "",
		"xterm-256color":   "xterm-256color",
		"ada lovelace":     "ada lovelace",
		`say "hi"`:         `say "hi"`,
		"eve\x1b[31m":      `eve\x1b[31m`,
		"mallory\nINFO x":  `mallory\nINFO x`,
		"cr\rtab\t":        `cr\rtab\t`,
		`back\slash`:       `back\\slash`,
		`\"`:               `\\"`,
		"bad\xffbyte":      `bad\xffbyte`,
		"rtl\u202eevil":    `rtl\u202eevil`,
		"zoë":              "zoë",
		"bell\a\x00\x7f":   `bell\a\x00\x7f`,
		"\\x1b looks like": `\\x1b looks like`,
		// qa4 finding 7: at most 64 runes, then the whole's length.
		strings.Repeat("a", 64):                     strings.Repeat("a", 64),
		strings.Repeat("a", 100000):                 strings.Repeat("a", 64) + "…(100000 bytes)",
		strings.Repeat("ë", 70):                     strings.Repeat("ë", 64) + "…(140 bytes)",
		strings.Repeat("\n", 65):                    strings.Repeat(`\n`, 64) + "…(65 bytes)",
		strings.Repeat("\xff", 100):                 strings.Repeat(`\xff`, 64) + "…(100 bytes)",
		strings.Repeat("a", 63) + "\x1b[31m" + "\n": strings.Repeat("a", 63) + `\x1b` + "…(69 bytes)",
	} {
		if got := logText(in); got != want {
			t.Errorf("logText(%q) = %q, want %q", in, got, want)
		}
	}
}

// Through the log serve writes (charmbracelet/log's text formatter, as
// cmd/breakerlab sets it up): a plain name is written bare, one with a
// space quoted once, and a name holding a terminal escape and a newline
// stays one line with neither in it.
func TestLoggedNamesStayOneSafeLine(t *testing.T) {
	for _, tc := range []struct{ name, want string }{
		{"alice", " user=alice from="},
		{"ada lovelace", ` user="ada lovelace" from=`},
		{`say "hi"`, ` user="say \"hi\"" from=`},
		{"eve\x1b[31m\nWARN serve: forged", ` user="eve\x1b[31m\nWARN serve: forged" from=`},
	} {
		var b strings.Builder
		l := log.NewWithOptions(&b, log.Options{ReportTimestamp: true, Prefix: "serve"})
		l.Warn("wrong password", "user", logText(tc.name), "from", "127.0.0.1:5000")
		out := b.String()
		if strings.Count(out, "\n") != 1 || !strings.HasSuffix(out, "\n") || strings.ContainsAny(out, "\x1b\r") {
			t.Errorf("%q is logged as more than one safe line: %q", tc.name, out)
		}
		if !strings.Contains(out, tc.want) {
			t.Errorf("%q is logged as %q, want %q in it", tc.name, out, tc.want)
		}
	}
}

// qa4 finding 7: a user name of 100,000 characters, holding a terminal
// escape and a newline, wrote lines of 100 KB: a wrong password, then a
// session's connect and disconnect. Each is now one safe line of under
// 300 bytes that says how long the name was; the password delays keep
// the name as a hash, not its 100 KB.
func TestALongNameLogsShortLines(t *testing.T) {
	var logs syncBuf
	ts := startServer(t, Config{Password: []byte("correct horse"), Logger: log.New(&logs)})
	name := strings.Repeat("a", 100000) + "\x1b[31m\nWARN forged"
	if c, err := Dial(ts.addr, name, PasswordAuth("wrong"), 80, 24, false); err == nil {
		c.Close()
		t.Fatal("a wrong password got in")
	}
	waitLog(t, &logs, "wrong password")
	c := ts.dial(t, name, PasswordAuth("correct horse"), 80, 24)
	waitFor(t, c, 0, "Sandbox")
	c.Close()
	waitLog(t, &logs, "disconnect")
	out := logs.String()
	for _, line := range strings.Split(strings.TrimSuffix(out, "\n"), "\n") {
		if len(line) > 300 || strings.ContainsAny(line, "\x1b\r") {
			t.Errorf("a line of %d bytes: %.200q", len(line), line)
		}
	}
	want := strings.Repeat("a", 64) + fmt.Sprintf("…(%d bytes)", len(name))
	if n := strings.Count(out, want); n < 3 {
		t.Errorf("the name is written %q %d times, want in the wrong password, connect and disconnect lines:\n%s", want, n, out)
	}
	if strings.Contains(out, "forged") {
		t.Errorf("the name's tail reached the log:\n%s", out)
	}
	ts.guesses.mu.Lock()
	defer ts.guesses.mu.Unlock()
	for k := range ts.guesses.keys {
		if len(k) > 64 {
			t.Errorf("the password delays keep a key of %d bytes", len(k))
		}
	}
}
