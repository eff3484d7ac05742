package serve

import (
	"context"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/breakerlab/breakerlab/tui/theme"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
)

// w on the New system screen over SSH says why it saves nothing, the file
// would be written on the server, where it said only that w was off; at
// 80 columns the words show whole.
func TestRemoteWriteSaysWhy(t *testing.T) {
	racefree.Only(t)
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	o := testHome()
	o.Theme = theme.New(theme.Plain())
	o.WriteElsewhere = remoteWrite // as the server sets it (session.go)
	s := NewSession(ctx, o, NewRoom(), false)
	t.Cleanup(s.Leave)
	s.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	keys(s, "jjjjjj", "enter", "enter", "s", "w") // New system, the empty server, a service
	v := ansi.Strip(s.View())
	if !strings.Contains(strings.Join(strings.Fields(v), " "), "w is off over SSH: it would write on the server; run breakerlab locally") {
		t.Errorf("w over SSH should say the file would be written on the server:\n%s", v)
	}
}
