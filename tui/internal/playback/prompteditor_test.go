package playback

import (
	"strings"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
)

// The time prompt had backspace and ctrl+u alone: it edits as the number
// boxes do (ctrl+w a word, ctrl+a and ctrl+e or home and end its ends,
// the arrows a character, ctrl+d the one under the cursor), and typing or
// a paste goes where the cursor is.
func TestPromptEditsLikeALine(t *testing.T) {
	racefree.Only(t) // no goroutine: a prompt and its keys
	p := TimePrompt(2 * time.Minute)
	step := func(k tea.KeyMsg, want string, back int) {
		t.Helper()
		p.Key(k)
		if p.Input != want || p.Back != back {
			t.Fatalf("after %q the prompt holds %q, cursor %d from the end; want %q, %d", k.String(), p.Input, p.Back, want, back)
		}
	}
	runes := func(s string) tea.KeyMsg { return tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune(s)} }
	step(runes("1m 30s"), "1m 30s", 0)
	step(tuitest.Key("ctrl+w"), "1m ", 0)
	step(tuitest.Key("ctrl+a"), "1m ", 3)
	step(tuitest.Key("ctrl+d"), "m ", 2)
	step(runes("2"), "2m ", 2)
	step(tuitest.Key("right"), "2m ", 1)
	step(tuitest.Key("delete"), "2m", 0)
	step(tuitest.Key("left"), "2m", 1)
	step(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("0s1"), Paste: true}, "20s1m", 1)
	step(tuitest.Key("end"), "20s1m", 0)
	step(tuitest.Key("backspace"), "20s1", 0)
	step(tuitest.Key("home"), "20s1", 4)
	step(tuitest.Key("ctrl+e"), "20s1", 0)
	step(tuitest.Key("ctrl+u"), "", 0)
	if r := p.Key(tuitest.Key("esc")); r != PromptCancelled {
		t.Errorf("esc should cancel, did %v", r)
	}
	// The cursor is drawn where it is: inside the input, on its
	// character.
	p = TimePrompt(time.Minute)
	p.Key(runes("12s"))
	p.Key(tuitest.Key("left"))
	if v := ansi.Strip(p.View(tuitest.Plain(), 80)); !strings.Contains(v, "go to time: 12s  e.g.") {
		t.Errorf("the prompt's line: %q", v)
	}
}

// A time the prompt cannot take is refused with what was typed, the
// range it takes and examples in it; a lesson step's prompt names the
// step's stretch of the run, where it said "0 to" of a step starting at
// 30 s, and examples before the step. A time past the step's end says
// whether it is past the step (which a later step plays on from) or past
// the run, where both read "outside the run".
func TestATimePromptSaysWhatItTakes(t *testing.T) {
	racefree.Only(t) // no goroutine: text read and written
	for _, c := range []struct {
		typed      string
		from, end  time.Duration
		runEnd     time.Duration // the end when 0
		want       string
		takeMoment time.Duration
	}{
		{"abc", 0, time.Minute, 0, `"abc" is not a time; type 0 to 60 s, e.g. 30s, 45.5, 1m`, -1},
		{"90", 0, time.Minute, 0, `"90" is past the run's end at 60 s; type 0 to 60 s, e.g. 30s, 45.5, 1m`, -1},
		{"1e300", 0, time.Minute, 0, `"1e300" is past the run's end at 60 s; type 0 to 60 s, e.g. 30s, 45.5, 1m`, -1},
		{"-2s", 0, time.Minute, 0, `"-2s" is before the run's start; type 0 to 60 s, e.g. 30s, 45.5, 1m`, -1},
		{"NaN", 0, time.Minute, 0, `"NaN" is not a time; type 0 to 60 s, e.g. 30s, 45.5, 1m`, -1},
		{"90", 0, time.Minute, 2 * time.Minute, `"90" is past this step's end at 60 s; type 0 to 60 s, e.g. 30s, 45.5, 1m`, -1},
		{"3m", 0, time.Minute, 2 * time.Minute, `"3m" is past the run's end at 120 s and this step's at 60 s; type 0 to 60 s, e.g. 30s, 45.5, 1m`, -1},
		{"2m", 0, time.Minute, 2 * time.Minute, `"2m" is past this step's end at 60 s; type 0 to 60 s, e.g. 30s, 45.5, 1m`, -1},
		{"60", 0, time.Minute, 2 * time.Minute, "", time.Minute},
		// Typed as the screens write times, with a space before the unit.
		{"22 s", 20 * time.Second, 24 * time.Second, 0, "", 22 * time.Second},
		{" 1 m 30 s ", 0, 2 * time.Minute, 0, "", 90 * time.Second},
		{"800 ms", 0, time.Minute, 0, "", 800 * time.Millisecond},
		{"2 2", 0, time.Minute, 0, `"2 2" is not a time; type 0 to 60 s, e.g. 30s, 45.5, 1m`, -1},
		{"90 s", 0, time.Minute, 0, `"90 s" is past the run's end at 60 s; type 0 to 60 s, e.g. 30s, 45.5, 1m`, -1},
		{"", 0, time.Minute, 0, `no time given; type 0 to 60 s, e.g. 30s, 45.5, 1m`, -1},
		{"10s", 30 * time.Second, time.Minute, 0, `"10s" is before this step, which starts at 30 s; type 30 s to 60 s, e.g. 30s, 45.5, 1m`, -1},
		{"50s", 50 * time.Second, time.Minute, 0, "", 50 * time.Second},
		{"5", 55 * time.Second, time.Minute, 0, `"5" is before this step, which starts at 55 s; type 55 s to 60 s, e.g. 1m`, -1},
	} {
		runEnd := c.runEnd
		if runEnd == 0 {
			runEnd = c.end
		}
		d, err := ParseTimeIn(c.typed, c.from, c.end, runEnd)
		switch {
		case c.want == "" && (err != nil || d != c.takeMoment):
			t.Errorf("%q in %v–%v: %v, %v; want %v", c.typed, c.from, c.end, d, err, c.takeMoment)
		case c.want != "" && (err == nil || err.Error() != c.want):
			t.Errorf("%q in %v–%v: %v\nwant %s", c.typed, c.from, c.end, err, c.want)
		}
	}
	if h := StepTimePrompt(30*time.Second, time.Minute).Hint; h != "30 s to 60 s, e.g. 30s, 45.5, 1m" {
		t.Errorf("a step's prompt hints %q", h)
	}
}

// A time's refusal too long for the line keeps its range whole and drops
// its examples: at 80 columns the run's-end refusal of a lesson step read
// "type 9 s to 12 s, …".
func TestATimeRefusalKeepsItsRangeInANarrowLine(t *testing.T) {
	racefree.Only(t) // no goroutine: a prompt and its keys
	p := StepTimePrompt(9*time.Second, 12*time.Second)
	p.Key(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("1m")})
	_, err := ParseTimeIn(p.Input, 9*time.Second, 12*time.Second, 30*time.Second)
	p.Err = err.Error()
	v := ansi.Strip(p.View(tuitest.Plain(), 80))
	if want := `"1m" is past the run's end at 30 s and this step's at 12 s; type 9 s to 12 s`; !strings.Contains(v, want) || strings.Contains(v, "…") {
		t.Errorf("at 80 columns the refusal should keep %q whole, without a cut:\n%q", want, v)
	}
	if v := ansi.Strip(p.View(tuitest.Plain(), 200)); !strings.Contains(v, p.Err) {
		t.Errorf("at 200 columns the whole refusal should show:\n%q", v)
	}
}
