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
// not tell. The session's screen says how much was dropped, on its last
// line, for dropNoteFor after the last of it.

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
	gen   int
}

// inputDropped shows the note with what was dropped since it came up.
func (s *Session) inputDropped(msg inputDroppedMsg) tea.Cmd {
	d := &s.drops
	if msg.chars <= d.seen.chars {
		return nil
	}
	if !d.shown {
		d.from = d.seen
	}
	d.seen, d.shown = msg, true
	d.gen++
	// A timer that also ends with the session: a tea.Tick would keep its
	// goroutine for dropNoteFor after the student has gone.
	gen, done := d.gen, s.ctx.Done()
	return func() tea.Msg {
		t := time.NewTimer(dropNoteFor)
		defer t.Stop()
		select {
		case <-t.C:
			return dropNoteDoneMsg{gen}
		case <-done:
			return nil
		}
	}
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

// withDropNote puts the note over view's last line, while it shows.
func (s *Session) withDropNote(view string) string {
	if !s.drops.shown || s.w <= 0 {
		return view
	}
	return s.overLastLine(view, s.dropNoteForms())
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
