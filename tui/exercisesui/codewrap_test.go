package exercisesui

import (
	"fmt"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/exercises"
	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/charmbracelet/x/ansi"
)

// readmeCode is the lines of a README's fenced code blocks.
func readmeCode(md string) []string {
	var out []string
	inCode := false
	for _, l := range strings.Split(md, "\n") {
		if strings.HasPrefix(strings.TrimSpace(l), "```") {
			inCode = !inCode
		} else if inCode && strings.TrimSpace(l) != "" {
			out = append(out, l)
		}
	}
	return out
}

// joinedAt joins the line of code at lines[i] with the continuation
// lines under it (indented deeper) until it reads as want, spaces aside:
// a split line joins back with a space, one split after "(" without.
func joinedAt(lines []string, i int, want string) bool {
	want = strings.Join(strings.Fields(want), " ")
	indent := func(l string) int { return len(l) - len(strings.TrimLeft(l, " ")) }
	joined := strings.TrimSpace(lines[i])
	for j := i + 1; ; j++ {
		if strings.Join(strings.Fields(joined), " ") == want {
			return true
		}
		if j >= len(lines) || strings.TrimSpace(lines[j]) == "" || indent(lines[j]) <= indent(lines[i]) {
			return false
		}
		if !strings.HasSuffix(joined, "(") {
			joined += " "
		}
		joined += strings.TrimSpace(lines[j])
	}
}

// A learner must read the whole of every signature they write: at 80×24
// and 100×30 each code line of each exercise's task shows in the panel,
// split as Go is split by hand where it is too wide (08's Call is 94
// characters; 14's Reserve with its comment 112), never cut at the edge.
func TestSignaturesShowWhole(t *testing.T) {
	racefree.Only(t) // no goroutine: the model driven by hand, a fake backend
	for _, sz := range [][2]int{{80, 24}, {100, 30}} {
		d := start(t, newFake(), sz[0], sz[1])
		for i, e := range d.m.exs {
			d.run(d.m.goTo(i))
			// The panel as the learner scrolls it, a window at a time.
			bh, n := d.m.bodyHeight(), len(d.m.body())
			shown := make([]string, n)
			for s := 0; s < n; s += bh {
				d.m.scroll = s
				d.m.clampScroll()
				rows := strings.Split(d.view(), "\n")[3:]
				for r := range min(bh, n-d.m.scroll) {
					shown[d.m.scroll+r] = rows[r]
				}
			}
			for _, code := range readmeCode(e.README()) {
				found := false
				for at := range shown {
					if strings.HasPrefix(strings.TrimSpace(shown[at]), strings.Fields(code)[0]) && joinedAt(shown, at, code) {
						found = true
						break
					}
				}
				if !found {
					t.Errorf("%dx%d, %s: the panel does not show the whole of\n%s\n%s", sz[0], sz[1], e.Name, code, strings.Join(shown, "\n"))
				}
			}
		}
	}
}

// Split lines fit their room at every width and join back to the line
// as written; a line that fits stays as written, alignment and all.
func TestCodeLinesFitAndJoinBack(t *testing.T) {
	racefree.Only(t)                                // no goroutine: codeLines alone
	for room := minWidth - 2; room <= 120; room++ { // the panel's room at every width the layout takes
		for _, e := range exercises.All() {
			for _, code := range readmeCode(e.README()) {
				lines := codeLines(code, room)
				if ansi.StringWidth(code) <= room && (len(lines) != 1 || lines[0] != code) {
					t.Fatalf("room %d: %q fits but became %q", room, code, lines)
				}
				for _, l := range lines {
					if w := ansi.StringWidth(l); w > room {
						t.Fatalf("room %d: %q is %d cells wide", room, l, w)
					}
				}
				if strings.Contains(code, "//") {
					continue // a comment split at a narrow room opens each line with "//"
				}
				if !joinedAt(lines, 0, code) {
					t.Fatalf("room %d: %q does not join back to %q", room, lines, code)
				}
			}
		}
	}
}

// Where a too-wide line splits: the comment under the code, then after a
// comma of the parameters, before the results, after the parameters' "(".
func TestCodeLinesSplitWhereGoReads(t *testing.T) {
	racefree.Only(t) // no goroutine: the model driven by hand, a fake backend
	for _, c := range []struct {
		line string
		room int
		want []string
	}{
		{"func (b *Bulkhead) Acquire(ctx context.Context) error // nil, ErrFull or ctx.Err()", 78,
			[]string{"func (b *Bulkhead) Acquire(ctx context.Context) error", "    // nil, ErrFull or ctx.Err()"}},
		{"func Call(ctx context.Context, perAttempt time.Duration, fn func(context.Context) error) error", 78,
			[]string{"func Call(ctx context.Context, perAttempt time.Duration,", "    fn func(context.Context) error) error"}},
		{"func (b *Breaker) Rates() (failure, slow float64)", 40,
			[]string{"func (b *Breaker) Rates()", "    (failure, slow float64)"}},
		{"func (b *Bulkhead) Do(ctx context.Context, call func(context.Context) error) error", 40,
			[]string{"func (b *Bulkhead) Do(", "    ctx context.Context,", "    call func(context.Context) error)", "    error"}},
		{"    WindowSize           int           // the latest N calls are judged", 60,
			[]string{"    WindowSize           int", "        // the latest N calls are judged"}},
	} {
		if got := codeLines(c.line, c.room); fmt.Sprint(got) != fmt.Sprint(c.want) {
			t.Errorf("codeLines(%q, %d) =\n%s\nwant\n%s", c.line, c.room, strings.Join(got, "\n"), strings.Join(c.want, "\n"))
		}
	}
}
