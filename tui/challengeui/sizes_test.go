package challengeui

import (
	"fmt"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/lessons/challenge"
	"github.com/breakerlab/breakerlab/tui/internal/golden"
	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
)

var threeSizes = [][2]int{{80, 24}, {120, 40}, {200, 60}}

// picker is the list of the built-in challenges at w×h.
func picker(w, h int) Picker {
	next, _ := NewPicker(Options{Theme: tuitest.Plain(), Embedded: true}).Update(tea.WindowSizeMsg{Width: w, Height: h})
	return next.(Picker)
}

// The list of challenges at the three sizes, one file each; a challenge as
// it opens, its brief and a knob moved at the three sizes, one file a
// size.
func TestChallengesAtThreeSizes(t *testing.T) {
	for _, sz := range threeSizes {
		v := picker(sz[0], sz[1]).View()
		tuitest.CheckBlock(t, v, sz[0], sz[1])
		golden.Check(t, fmt.Sprintf("picker-%dx%d", sz[0], sz[1]), v)
		var b strings.Builder
		m := sized(t, open(t, "bulkhead-20", Options{}), sz[0], sz[1])
		for _, s := range []struct {
			name string
			m    Model
		}{{"open", m}, {"brief", press(t, m, "i")}, {"in progress", press(t, m, "right", "right", "right", "right", "right")}} {
			v := s.m.View()
			tuitest.CheckBlock(t, v, sz[0], sz[1])
			fmt.Fprintf(&b, "──── %s ────\n%s\n", s.name, ansi.Strip(v))
		}
		golden.Check(t, fmt.Sprintf("bulkhead-20-%dx%d", sz[0], sz[1]), b.String())
	}
}

// challengeTexts are the texts a challenge's screens show.
func challengeTexts(c *challenge.Challenge) []string {
	out := []string{c.Title, c.Summary, c.Brief, c.Hint, c.Par.Note}
	for _, g := range c.Goals {
		out = append(out, g.Text, g.Label)
	}
	for _, k := range c.Knobs {
		out = append(out, k.Label)
	}
	return out
}

// No line of any challenge's screens (as it opens, a knob moved, the
// brief, the list with it chosen) cuts a word or splits a number at
// 80×24, nor at the larger sizes.
func TestChallengesCutNoWord(t *testing.T) {
	all, err := challenge.All()
	if err != nil {
		t.Fatal(err)
	}
	var src []string
	for _, c := range all {
		src = append(src, challengeTexts(c)...)
	}
	for _, sz := range threeSizes {
		p := picker(sz[0], sz[1])
		for _, c := range all {
			where := fmt.Sprintf("%s at %dx%d", c.ID, sz[0], sz[1])
			tuitest.CheckNoCuts(t, "the list, "+where, p.View(), src...)
			next, _ := p.Update(tuitest.Key("down"))
			p = next.(Picker)
			m := sized(t, open(t, c.ID, Options{}), sz[0], sz[1])
			tuitest.CheckNoCuts(t, where, m.View(), src...)
			tuitest.CheckNoCuts(t, "a knob moved, "+where, press(t, m, "right").View(), src...)
			tuitest.CheckNoCuts(t, "the brief, "+where, press(t, m, "i").View(), src...)
		}
	}
}
