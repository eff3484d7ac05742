package playback

import (
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/tui/internal/helpview"
	"github.com/charmbracelet/bubbles/help"
	"github.com/charmbracelet/bubbles/key"
)

// A narrow key line keeps what a user needs to go on: a way out (the one
// out of a help too: ?/esc) and enter, before ?, before the rest. At 40
// columns a menu's line kept "↑/k up • ↓/j down • ? keys • q quit" and a
// help's "↑/↓ scroll • pgup/pgdn page • q back".
func TestKeyLineKeepsEnterAndTheWaysOut(t *testing.T) {
	k := NewKeys(true)
	menu := []key.Binding{Bind([]string{"up"}, "↑/k", "up"), Bind([]string{"down"}, "↓/j", "down"),
		Bind([]string{"enter"}, "enter", "start from it"), Brief(k.Help, "keys"), k.Home, k.Leave, Short("g/G", "first/last")}
	helpLine := helpview.New(helpview.DefaultKeys()).ShortHelp(k.HelpClose, k.Leave)
	helpLine = append([]key.Binding{Short("↑/↓", "scroll"), Short("pgup/pgdn", "page")}, helpLine...)
	for _, c := range []struct {
		name string
		keys []key.Binding
		w    int
		want []string
	}{
		{"a menu", menu, 80, []string{"↑/k up", "enter start from it", "? keys", "esc home", "q back"}},
		{"a menu", menu, 40, []string{"enter start from it", "esc home", "q back"}},
		{"a menu", menu, 30, []string{"enter start", "esc home"}},
		{"a help", helpLine, 40, []string{"↑/↓ scroll", "?/esc close", "q back"}},
		{"a help", helpLine, 30, []string{"?/esc close", "q back"}},
	} {
		l := KeyLine(help.New(), c.keys, c.w)
		for _, want := range c.want {
			if !strings.Contains(l, want) {
				t.Errorf("%s at %d columns: %q lacks %q", c.name, c.w, l, want)
			}
		}
	}
}
