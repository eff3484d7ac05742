package challengeui

import (
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/lessons/challenge"
	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
)

// listedTitles reads the level list of a plain view: each level's title,
// its lines under its number put back together, by the level's number; the
// column its stars start at, by number; and how many times the "next" tag
// shows.
func listedTitles(all []*challenge.Challenge, view string) (titles map[int]string, starsAt map[int]int, tags int) {
	titles, starsAt = map[int]string{}, map[int]int{}
	lines := strings.Split(ansi.Strip(view), "\n")
	for i := 0; i < len(lines); i++ {
		c := rowLevel(all, lines[i])
		if c == nil {
			continue
		}
		l := lines[i]
		at := strings.IndexAny(l, "☆★")
		starsAt[c.Number] = ansi.StringWidth(l[:at])
		rest := strings.TrimLeft(l[:at], " ▸")
		_, first, _ := strings.Cut(rest, " ")
		words := strings.Fields(first)
		tags += strings.Count(l[at:], nextTag)
		for i+1 < len(lines) && strings.HasPrefix(lines[i+1], "      ") && strings.TrimSpace(lines[i+1]) != "" && rowLevel(all, lines[i+1]) == nil {
			i++
			more := strings.Fields(lines[i])
			if n := len(more); n > 0 && more[n-1] == nextTag {
				more = more[:n-1]
				tags++
			}
			words = append(words, more...)
		}
		titles[c.Number] = strings.Join(words, " ")
	}
	return titles, starsAt, tags
}

// At 30 columns the list cut levels 1, 2 and 3 all to "Size a …", since
// the "next" tag's five cells were held on every row for the one row that
// has it. At 24, 30 and 40 columns every level's title is there whole, on
// as many lines as it takes, each different from the others; the stars
// stand in one column and the tag shows once.
func TestNarrowListShowsEveryTitle(t *testing.T) {
	all, err := challenge.All()
	if err != nil {
		t.Fatal(err)
	}
	for _, w := range []int{24, 30, 40} {
		view := picker(w, 120).View()
		tuitest.CheckBlock(t, view, w, 120)
		titles, starsAt, tags := listedTitles(all, view)
		seen := map[string]int{}
		for _, c := range all {
			got, ok := titles[c.Number]
			if !ok {
				t.Errorf("%d columns: level %d is not listed:\n%s", w, c.Number, ansi.Strip(view))
				continue
			}
			if got != c.Title {
				t.Errorf("%d columns: level %d reads %q, want its title %q", w, c.Number, got, c.Title)
			}
			if other, dup := seen[got]; dup {
				t.Errorf("%d columns: levels %d and %d both read %q", w, other, c.Number, got)
			}
			seen[got] = c.Number
			if starsAt[c.Number] != starsAt[all[0].Number] {
				t.Errorf("%d columns: level %d's stars start at column %d, level %d's at %d", w, c.Number, starsAt[c.Number], all[0].Number, starsAt[all[0].Number])
			}
		}
		if tags != 1 {
			t.Errorf("%d columns: the %q tag shows %d times, want once:\n%s", w, nextTag, tags, ansi.Strip(view))
		}
	}
}

// A click on a title's second line is a click on its level, as one on a
// summary's second line is.
func TestClickOnATitlesSecondLine(t *testing.T) {
	p := picker(30, 120)
	lines := strings.Split(ansi.Strip(p.View()), "\n")
	y := -1
	for i, l := range lines {
		if strings.Contains(l, "at 40/s") {
			y = i
		}
	}
	if y < 0 || strings.Contains(lines[y], "Size") {
		t.Fatalf("level 3's title should go on to a second line at 30 columns:\n%s", strings.Join(lines, "\n"))
	}
	next, _ := p.Update(tea.MouseMsg{X: 8, Y: y, Action: tea.MouseActionPress, Button: tea.MouseButtonLeft})
	if got := next.(Picker).all[next.(Picker).nav.Cursor].Number; got != 3 {
		t.Errorf("a click on %q selected level %d, want 3", strings.TrimSpace(lines[y]), got)
	}
}
