package interviewui

import (
	"fmt"
	"strings"

	"github.com/breakerlab/breakerlab/tui/pane"
	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
)

// The graded interview as text, for a session that keeps nothing on disk
// (Options.OnScreen): a student over SSH, whose saved files would stay on
// the server, where the student can never read them and where they pile up
// on the teacher's disk. The rubric's enter shows it instead of saving it:
// the prompt, the answer as typed and the rubric as marked, one column of
// plain lines, nothing beside them, so that the terminal's own selection
// copies it; leaving the rubric before it was shown asks whether to show
// it.

// onScreenNote is the notice over the transcript.
const onScreenNote = "Nothing of this interview is kept on the server: select the text to copy it before you leave."

// transcriptWidth is the width the transcript wraps to in a window w
// cells wide.
func transcriptWidth(w int) int { return max(min(w-2, maxText), 1) }

// transcriptLines are the graded interview, wrapped to w cells: what
// `interview --history N` prints of a saved one.
func (m Model) transcriptLines(w int) []string {
	iv := m.Interview()
	var out []string
	para := func(lead, text string) {
		pad := strings.Repeat(" ", len([]rune(lead)))
		for k, l := range pane.Wrap(text, max(w-len([]rune(lead)), 1)) {
			if k == 0 {
				out = append(out, lead+l)
			} else {
				out = append(out, pad+l)
			}
		}
	}
	out = append(out, fmt.Sprintf("%s (%s)", iv.Title, iv.Prompt))
	para("", fmt.Sprintf("%s used of %s; %d of %d points said.", clock(iv.Used), clock(iv.Allowed), m.pointsSaid(), len(iv.Points)))
	out = append(out, "", "The prompt")
	para("  ", iv.Text)
	out = append(out, "", "The answer, as typed")
	if strings.TrimSpace(iv.Answer) == "" {
		out = append(out, "  (nothing was written)")
	}
	for _, l := range strings.Split(strings.TrimRight(iv.Answer, "\n"), "\n") {
		if strings.TrimSpace(iv.Answer) != "" {
			para("  ", l)
		}
	}
	out = append(out, "", fmt.Sprintf("The rubric: %d of %d said", m.pointsSaid(), len(iv.Points)))
	for i, p := range iv.Points {
		box, hint := "[ ]", " "
		if p.Said {
			box = "[x]"
		}
		if p.Hinted {
			hint = "✱"
		}
		para(fmt.Sprintf("  %s %s %2d. ", box, hint, i+1), p.Text)
	}
	out = append(out, "")
	para("", "[x] marked said, [ ] not said; ✱ the answer used the point's words: a hint, not a grade.")
	return out
}

// transcriptRows is the rows the transcript has on screen.
func (m Model) transcriptRows() int { return m.bodyHeight() }

// showTranscript opens the transcript at its top.
func (m Model) showTranscript() Model {
	m.reading, m.readTop, m.shownText = true, 0, true
	m.note, m.noteErr = onScreenNote, false
	return m
}

// transcriptKey scrolls the transcript; esc, q and enter go back to the
// rubric.
func (m Model) transcriptKey(k tea.KeyMsg) (tea.Model, tea.Cmd) {
	rows := m.transcriptRows()
	last := max(len(m.transcriptLines(transcriptWidth(m.w)))-rows, 0)
	switch {
	case key.Matches(k, m.keys.Up):
		m.readTop--
	case key.Matches(k, m.keys.Down):
		m.readTop++
	case k.Type == tea.KeyPgUp:
		m.readTop -= max(1, rows-2)
	case k.Type == tea.KeyPgDown, k.String() == " ":
		m.readTop += max(1, rows-2)
	case k.Type == tea.KeyHome:
		m.readTop = 0
	case k.Type == tea.KeyEnd:
		m.readTop = last
	case key.Matches(k, m.keys.Quit), k.Type == tea.KeyEnter:
		m.reading = false
		if m.note == onScreenNote {
			m.note = ""
		}
	}
	m.readTop = min(max(m.readTop, 0), last)
	return m, nil
}

// transcriptView is the transcript's window and, for the title, which of
// its lines show.
func (m Model) transcriptView() (body []string, where string) {
	lines := m.transcriptLines(transcriptWidth(m.w))
	rows := m.transcriptRows()
	top := min(m.readTop, max(len(lines)-rows, 0))
	shown := lines[top:min(top+rows, len(lines))]
	for _, l := range shown {
		body = append(body, " "+l)
	}
	if len(lines) > rows {
		where = fmt.Sprintf("lines %d–%d of %d", top+1, top+len(shown), len(lines))
	}
	return body, where
}

// transcriptHelp is the transcript's keys.
func (m Model) transcriptHelp() []key.Binding {
	b := func(k, desc string) key.Binding { return key.NewBinding(key.WithKeys(k), key.WithHelp(k, desc)) }
	return []key.Binding{b("↑/↓ pgup/pgdn", "scroll"), b("esc", "back to the rubric")}
}
