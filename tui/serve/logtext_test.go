package serve

import (
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
