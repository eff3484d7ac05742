package serve

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
)

// Input the server drops (input.go: a run cut at 1 KB, a paste at 32 KB,
// keys past the rate) was said only in the log: a 7.9 KB paste into the
// interview's answer lost 542 words from its middle, and the student could
// not tell. The session's screen says how much was dropped, for
// dropNoteFor after the last of it. Drawn over the last line, the note hid
// the screen's keys for those 10 s, as the fork note did (forknote.go):
// it takes a line of its own above the keys, the screen laid out a line
// shorter (viewH), wherever the screen still fits; over the keys only
// where it does not.

// dropNoteFor is how long the note stays after the last input dropped.
const dropNoteFor = 10 * time.Second

// inputDroppedMsg says the session's input filter has dropped chars
// characters in all so far: of them, long were cut from a run with no
// space past maxRun, paste from a paste past maxPaste, and notText were
// not UTF-8; the rest came faster than the rate.
type inputDroppedMsg struct{ chars, long, paste, notText int64 }

// dropNoteDoneMsg takes the note down, unless more was dropped after the
// one that set it (gen).
type dropNoteDoneMsg struct{ gen int }

// dropNote is the session's note of dropped input.
type dropNote struct {
	seen  inputDroppedMsg // the characters dropped in all, at the last message
	from  inputDroppedMsg // and when the note on screen began
	shown bool
	// ownLine: the note has a line of its own above the keys, the
	// screens laid out a line shorter for it (viewH).
	ownLine bool
	gen     int
}

// inputDropped shows the note with what was dropped since it came up.
func (s *Session) inputDropped(msg inputDroppedMsg) tea.Cmd {
	d := &s.drops
	if msg.chars <= d.seen.chars {
		return nil
	}
	var layout tea.Cmd
	if !d.shown {
		d.from = d.seen
		d.seen = msg
		layout = s.setDropNote(true)
	}
	d.seen = msg
	d.gen++
	// A timer that also ends with the session: a tea.Tick would keep its
	// goroutine for dropNoteFor after the student has gone.
	gen, done := d.gen, s.ctx.Done()
	timer := func() tea.Msg {
		t := time.NewTimer(dropNoteFor)
		defer t.Stop()
		select {
		case <-t.C:
			return dropNoteDoneMsg{gen}
		case <-done:
			return nil
		}
	}
	return tea.Batch(layout, timer)
}

// setDropNote shows or takes down the note, laying the screens out again
// when the line it takes comes or goes: a line of its own unless the
// screen a line shorter would only ask for a larger window.
func (s *Session) setDropNote(on bool) tea.Cmd {
	d := &s.drops
	before := s.viewH()
	d.shown, d.ownLine = on, on && s.w > 0 && s.h > 1
	var cmd tea.Cmd
	if s.viewH() != before {
		cmd = s.sizeScreens()
	}
	if d.ownLine && s.screenTooSmall() {
		d.ownLine = false
		cmd = tea.Batch(cmd, s.sizeScreens())
	}
	return cmd
}

// viewH is the height the session's screens are laid out at: the window's
// less the join line (h), and a line less while the drop note takes one
// of its own.
func (s *Session) viewH() int {
	if s.drops.shown && s.drops.ownLine {
		return s.h - 1
	}
	return s.h
}

// sizeScreens lays the home screen out at viewH and the room's screens at
// roomH.
func (s *Session) sizeScreens() tea.Cmd {
	cmd := s.updateHome(tea.WindowSizeMsg{Width: s.w, Height: s.viewH()})
	s.sizeRoomScreens()
	return cmd
}

// dropNoteText is the note, naming what cut the input since it came up:
// "a paste over the 32 KB limit was cut: 67,232 characters dropped", or
// "input came faster than the class server takes it: 5,984 characters
// dropped"; several reasons are said one after another.
func (s *Session) dropNoteText() string { return s.dropNoteForms()[0] }

// dropNoteForms are the note's wordings, the fullest first, each shorter
// one keeping every count: two reasons in the fullest wording fill more
// than 100 columns, and cut at the window's edge the note lost the second
// count ("…; input came faster than the class …"), as one reason's did in
// a window under 80 columns.
func (s *Session) dropNoteForms() []string {
	now, from := s.drops.seen, s.drops.from
	long, paste, notText := now.long-from.long, now.paste-from.paste, now.notText-from.notText
	fast := max(now.chars-from.chars-long-paste-notText, 0)
	var full, short, shortest []string
	for _, r := range []struct {
		n                     int64
		what, brief, briefest string
	}{
		{paste, fmt.Sprintf("a paste over the %d KB limit was cut", maxPaste>>10), fmt.Sprintf("a paste over %d KB", maxPaste>>10), "paste"},
		{long, fmt.Sprintf("a run with no space over the %d KB limit was cut", maxRun>>10), fmt.Sprintf("a run over %d KB", maxRun>>10), "long run"},
		{fast, "input came faster than the class server takes it", "faster than the server takes", "too fast"},
		{notText, "input that is not UTF-8 text was dropped", "not UTF-8", "not UTF-8"},
	} {
		if r.n > 0 {
			n := groupDigits(r.n)
			full = append(full, r.what+": "+n+" "+characters(r.n)+" dropped")
			short = append(short, n+" ("+r.brief+")")
			shortest = append(shortest, n+" ("+r.briefest+")")
		}
	}
	return []string{strings.Join(full, "; "), "characters dropped: " + strings.Join(short, ", "), "dropped: " + strings.Join(shortest, ", ")}
}

func characters(n int64) string {
	if n == 1 {
		return "character"
	}
	return "characters"
}

// withDropNote puts the note, while it shows, on a line of its own above
// view's last line (the screen's keys), or where the screen had no line to
// give, over it.
func (s *Session) withDropNote(view string) string {
	if !s.drops.shown || s.w <= 0 {
		return view
	}
	if !s.drops.ownLine {
		return s.overLastLine(view, s.dropNoteForms())
	}
	return aboveLastLine(view, s.noteLine(s.dropNoteForms()))
}

// aboveLastLine puts line above view's last line.
func aboveLastLine(view, line string) string {
	i := strings.LastIndexByte(view, '\n')
	if i < 0 {
		return line + "\n" + view
	}
	return view[:i+1] + line + view[i:]
}

// overLastLine puts a note over view's last line (noteLine).
func (s *Session) overLastLine(view string, forms []string) string {
	i := strings.LastIndexByte(view, '\n')
	return view[:i+1] + s.noteLine(forms)
}

// noteLine is a note as a line in the warning style: the first of forms
// (longest first) that fits the width, else the last one cut to it,
// padded to the width. The drop note and the fork note share it.
func (s *Session) noteLine(forms []string) string {
	th := s.th
	if s.present {
		th = s.pth
	}
	note := " " + forms[len(forms)-1]
	for _, f := range forms {
		if ansi.StringWidth(" "+f) <= s.w {
			note = " " + f
			break
		}
	}
	if ansi.StringWidth(note) > s.w {
		note = ansi.Truncate(note, s.w, "…")
	}
	note += strings.Repeat(" ", s.w-ansi.StringWidth(note))
	return th.Warn.Render(note)
}

// groupDigits writes n with a comma between each three digits: 5,984.
func groupDigits(n int64) string {
	d := strconv.FormatInt(n, 10)
	neg := strings.HasPrefix(d, "-")
	d = strings.TrimPrefix(d, "-")
	var b strings.Builder
	for i, r := range d {
		if i > 0 && (len(d)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(r)
	}
	if neg {
		return "-" + b.String()
	}
	return b.String()
}

// forwardDrops tells the program each time its input filter drops input:
// one message for what a burst of reads dropped, never waiting on the
// reading goroutine. The returned channel closes once ctx has ended and
// the forwarding stopped.
func forwardDrops(ctx context.Context, in *inputFilter, p *tea.Program) <-chan struct{} {
	more := make(chan struct{}, 1)
	in.onDrop = func() {
		select {
		case more <- struct{}{}:
		default:
		}
	}
	done := make(chan struct{})
	go func() {
		defer close(done)
		for {
			select {
			case <-ctx.Done():
				return
			case <-more:
				p.Send(in.dropCounts())
			}
		}
	}()
	return done
}
