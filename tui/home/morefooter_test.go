package home

import (
	"regexp"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

// The help in a narrow window says how many lines it hides in a form that
// fits: at 30 columns it read "↓ 31 more lines: enlarge t…".
func TestHelpFooterFitsANarrowWindow(t *testing.T) {
	help := press(builtinHome(t, Options{}), "?")
	count := regexp.MustCompile(`↓ \d+ more`)
	for _, sz := range [][2]int{{40, 24}, {30, 24}, {30, 12}, {24, 12}} {
		v := ansi.Strip(resize(help, sz[0], sz[1]).View())
		var footer string
		lines := strings.Split(v, "\n")
		for _, l := range lines[:len(lines)-1] { // the last is the key line
			if strings.Contains(l, "↓") {
				footer = l
			}
		}
		if !count.MatchString(footer) || strings.Contains(footer, "…") {
			t.Errorf("at %dx%d the help's footer is cut or missing: %q\n%s", sz[0], sz[1], footer, v)
		}
	}
}
