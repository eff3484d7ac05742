package interviewui

import (
	"regexp"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	"github.com/charmbracelet/x/ansi"
)

var previewLinesShown = regexp.MustCompile(`^lines (\d+)–(\d+) of (\d+) · pgup/pgdn$`)

// At 60×16 the list of prompts has no room for the whole text of the one
// under the cursor: what shows ends with " …" while more follows, a line
// says which lines show, and pgdn reads every word of it. The text was
// cut mid-sentence ("…Search must"), with nothing saying so.
func TestPickerPreviewReadsWholeAt60x16(t *testing.T) {
	squeeze := func(s string) string { return strings.Join(strings.Fields(s), " ") }
	m, _, _ := model(t, 60, 16, "")
	for i, p := range m.prompts {
		if i > 0 {
			m = tuitest.Press(m, "down")
		}
		read := map[int]string{}
		paged := false
		for range 20 {
			v := m.View()
			tuitest.CheckBlock(t, v, 60, 16)
			// The preview: the indented lines after the list, up to the
			// key help.
			lines := strings.Split(ansi.Strip(v), "\n")
			var shown []string
			for _, l := range lines[3+len(m.prompts)+1 : len(lines)-1] {
				if l = strings.TrimSpace(l); l != "" {
					shown = append(shown, l)
				}
			}
			if len(shown) == 0 {
				t.Fatalf("%s: no preview:\n%s", p.ID, ansi.Strip(v))
			}
			at := previewLinesShown.FindStringSubmatch(shown[len(shown)-1])
			if at == nil {
				// Whole: nothing to page.
				for k, l := range shown {
					read[k+1] = l
				}
				break
			}
			paged = true
			shown = shown[:len(shown)-1]
			from, to, of := atoi(at[1]), atoi(at[2]), atoi(at[3])
			if last := shown[len(shown)-1]; (to < of) != strings.HasSuffix(last, " …") {
				t.Errorf("%s, lines %d–%d of %d: the last line %q should end with \" …\" just when more follows", p.ID, from, to, of, last)
			}
			for k, l := range shown {
				read[from+k] = strings.TrimSuffix(l, " …")
			}
			if to == of {
				break
			}
			m = tuitest.Press(m, "pgdown")
		}
		var got []string
		for k := 1; k <= len(read); k++ {
			got = append(got, read[k])
		}
		if want := squeeze(p.Text); squeeze(strings.Join(got, " ")) != want {
			t.Errorf("%s at 60x16: the preview reads %q, want %q", p.ID, squeeze(strings.Join(got, " ")), want)
		}
		if !paged {
			continue
		}
		// ↑ and ↓ show the next prompt from its top.
		m = tuitest.Press(m, "up", "down")
		if !strings.Contains(ansi.Strip(m.View()), "lines 1–") {
			t.Errorf("%s: back on the prompt, its preview is not at its top:\n%s", p.ID, ansi.Strip(m.View()))
		}
	}
}
