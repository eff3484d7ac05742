package builder

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/charmbracelet/x/ansi"
)

// startsShown is what a drawn "Start from" pane shows: the starts' names
// in order with the summary text under each (inline), the counts its ↑
// and ↓ marks give (0 without one), and the summary under the list (not
// inline).
type startsShown struct {
	names        []string
	summaries    []string
	above, below int
	about        string
	picked       string
}

var moreMark = regexp.MustCompile(`^([↑↓]) (\d+) more$`)

// readStarts parses the pane's rows (the frame's first and last dropped).
func readStarts(t *testing.T, pane []string) startsShown {
	t.Helper()
	var s startsShown
	for _, row := range pane[1 : len(pane)-1] {
		row = ansi.Strip(row)
		row = strings.TrimSuffix(strings.TrimPrefix(row, "│"), "│")
		text := strings.TrimSpace(row)
		switch {
		case text == "":
		case moreMark.MatchString(text):
			g := moreMark.FindStringSubmatch(text)
			n, _ := strconv.Atoi(g[2])
			if g[1] == "↑" {
				if len(s.names) > 0 {
					t.Errorf("an ↑ mark under a start: %q", text)
				}
				s.above = n
			} else {
				s.below = n
			}
		case strings.HasPrefix(row, " ▸ "):
			// A start with no row for any of its summary says so after
			// its name.
			name, cut := strings.CutSuffix(text[len("▸ "):], " …")
			summary := ""
			if cut {
				summary = "…"
			}
			s.names, s.summaries, s.picked = append(s.names, name), append(s.summaries, summary), name
		case strings.HasPrefix(row, "    "):
			if len(s.names) == 0 {
				t.Fatalf("a summary line before any start: %q", row)
			}
			k := len(s.summaries) - 1
			s.summaries[k] = strings.TrimSpace(s.summaries[k] + " " + text)
		case strings.HasPrefix(row, "   "):
			s.names, s.summaries = append(s.names, text), append(s.summaries, "")
		default:
			s.about = strings.TrimSpace(s.about + " " + text)
		}
	}
	return s
}

// wholeOrMarked fails unless shown is summary, or its start cut off with
// "…" where allowed.
func wholeOrMarked(t *testing.T, where, shown, summary string, cutAllowed bool) {
	t.Helper()
	if shown == summary {
		return
	}
	cut, ok := strings.CutSuffix(shown, "…")
	if !ok || !strings.HasPrefix(summary, strings.TrimRight(cut, " ")) {
		t.Errorf("%s: the summary shows as %q, neither whole (%q) nor cut with \"…\"", where, shown, summary)
		return
	}
	if !cutAllowed {
		t.Errorf("%s: %q is cut while the room would show a whole one", where, shown)
	}
}

// A list of starts taller than its pane shows whole starts, the
// highlighted one among them, and says how many more are above and below
// it; a summary is never cut off without "…". Inline (a wide window: each
// summary under its name) and under the list (a narrow one), at every
// cursor position, in panes from roomy to a few rows.
func TestStartsListSaysWhatIsAboveAndBelow(t *testing.T) {
	racefree.Only(t) // no goroutine: the model driven by hand
	m := newBuilder(200, 60)
	names := []string{"empty server"}
	summaries := []string{"a pool of 32 workers and one endpoint of 50 requests a second that calls nothing yet"}
	for _, s := range m.starts {
		names, summaries = append(names, "copy of "+s.Name), append(summaries, s.Summary)
	}
	index := map[string]int{}
	for i, n := range names {
		index[n] = i
	}
	sizes := []struct {
		w, h   int
		inline bool
	}{
		{72, 58, true}, {46, 38, true}, {46, 12, true}, {46, 6, true}, {46, 5, true},
		{80, 20, false}, {80, 10, false}, {80, 6, false}, {40, 5, false},
	}
	for _, sz := range sizes {
		for pick := range names {
			m.pick = pick
			where := fmt.Sprintf("%dx%d inline=%v, cursor on %d", sz.w, sz.h, sz.inline, pick)
			s := readStarts(t, m.startsPane(sz.w, sz.h, sz.inline))
			if len(s.names) == 0 {
				t.Errorf("%s: no start shown", where)
				continue
			}
			if s.picked != names[pick] {
				t.Errorf("%s: the highlighted start shows as %q, want %q", where, s.picked, names[pick])
			}
			first := index[s.names[0]]
			for k, n := range s.names {
				if i, ok := index[n]; !ok || i != first+k {
					t.Fatalf("%s: the starts shown %q are not the list's in order", where, s.names)
				}
			}
			if s.above != first || s.below != len(names)-first-len(s.names) {
				t.Errorf("%s: shows %d starts from %q with ↑ %d and ↓ %d more; want ↑ %d and ↓ %d (0: no mark)",
					where, len(s.names), s.names[0], s.above, s.below, first, len(names)-first-len(s.names))
			}
			if sz.inline {
				for k, n := range s.names {
					wholeOrMarked(t, where+", "+n, s.summaries[k], summaries[first+k], len(s.names) == 1)
				}
			} else if s.about != "" {
				wholeOrMarked(t, where+", the summary under the list", s.about, summaries[pick], true)
			}
		}
	}
}
