package serve

import (
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/breakerlab/breakerlab/tui/home"
	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	"github.com/breakerlab/breakerlab/tui/interviewui"
	tea "github.com/charmbracelet/bubbletea"
)

// A student's graded interview is not written on the server, where the
// student could never read it again and where it piled up on the
// teacher's disk: the rubric's enter, which saved it under the student's
// folder, shows it as text to copy.
func TestAStudentsInterviewIsNotWrittenOnTheServer(t *testing.T) {
	racefree.Only(t)
	dir := t.TempDir()
	s := &Server{cfg: Config{DataDir: dir}}
	var o home.Options
	s.studentTools(&o, "ann")
	ivo := *o.Interview
	ivo.Theme, ivo.Prompt = tuitest.Plain(), "payment-checkout"
	ivo.Now = func() time.Time { return time.Date(2026, 11, 30, 14, 0, 0, 0, time.UTC) }
	iv, err := interviewui.New(ivo)
	if err != nil {
		t.Fatal(err)
	}
	var m tea.Model = tuitest.Send(iv, tea.WindowSizeMsg{Width: 80, Height: 24})
	m = tuitest.Send(m, tea.Msg(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("A timeout of 500 ms.")}))
	for _, k := range []string{"ctrl+d", "y", "enter"} {
		var cmd tea.Cmd
		m, cmd = m.Update(tuitest.Key(k))
		if cmd == nil {
			continue
		}
		if msg, ok := cmd().(tea.BatchMsg); ok {
			for _, c := range msg {
				if c != nil {
					m, _ = m.Update(c())
				}
			}
			continue
		}
		m, _ = m.Update(cmd())
	}
	if !m.(interviewui.Model).Grading() {
		t.Fatal("the interview never reached its rubric")
	}
	err = filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			t.Errorf("a student's interview wrote %s on the server", p)
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
}
