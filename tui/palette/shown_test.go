package palette

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

// What the student typed comes back as they typed it, not in Go's
// quoting: `sandbox has no "cascade --fault \"1s recommendations hang\""`
// read as noise. A control character shows as its picture, never as a
// sequence the terminal would act on.
func TestTheErrorShowsTheArgumentAsText(t *testing.T) {
	m, _ := typeLine(`sandbox cascade --fault "1s recommendations hang"`, "enter")
	v := ansi.Strip(m.View())
	if want := `sandbox has no "cascade --fault "1s recommendations hang""`; !strings.Contains(v, want) {
		t.Fatalf("the error does not show the argument as typed, %s:\n%s", want, v)
	}
	if strings.Contains(v, `\"`) {
		t.Fatalf("the error quotes the argument as Go does:\n%s", v)
	}
	m, _ = typeLine("frob\x1b]0;x\x07", "enter")
	v = m.View()
	errLine := v[strings.LastIndexByte(v, '\n')+1:]
	if !strings.Contains(errLine, `no command "frob␛]0;x␇"`) || strings.ContainsAny(errLine, "\x1b\x07") {
		t.Fatalf("an unknown command with an escape in it is not shown as text:\n%q", errLine)
	}
}

func TestShown(t *testing.T) {
	for in, want := range map[string]string{
		"ada":                        "ada",
		"\x1b[31mEVIL\x1b]0;pwned\a": "␛[31mEVIL␛]0;pwned␇",
		"a\nb\x7f":                   "a␊b␡",
		"\xff\u202eevil":             "��evil", // a byte that is not UTF-8; a bidirectional override
		"Zoë 李":                      "Zoë 李",
	} {
		if got := Shown(in); got != want {
			t.Errorf("Shown(%q) = %q, want %q", in, got, want)
		}
	}
}
