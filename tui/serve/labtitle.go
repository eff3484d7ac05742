package serve

import (
	"strings"
	"sync/atomic"

	"github.com/breakerlab/breakerlab/tui/livelab"
	"github.com/charmbracelet/x/ansi"
)

// The live lab's title ends in the API's address ("Live lab · checkout ·
// protected · real API at 127.0.0.1:7011"), the one thing on the teacher's
// screen that the room types, which the teacher reads aloud. The lab fits
// its title to the whole width, and the room's tag, drawn over the line's
// right end, cut the address off: "… real API at" at 120 columns. So the
// session notes the address of each lab it starts (labAddress) and, while
// the top line holds it, fits the title and the tag together
// (fitKeeping): a shorter tag first, then fewer of the title's fields, and
// no tag at all before any of the address.

// labAddress is the address of the live lab the session runs, "" when it
// runs none. The lab starts and stops in commands, off the program's
// goroutine.
type labAddress struct{ addr atomic.Pointer[string] }

// watch wraps the home screen's way of starting the lab (home.Options
// LiveLab) to note the address while the lab runs.
func (a *labAddress) watch(start func() (livelab.Options, func() error, error)) func() (livelab.Options, func() error, error) {
	if start == nil {
		return nil
	}
	return func() (livelab.Options, func() error, error) {
		o, stop, err := start()
		// The lab's title gives up what follows the address (the scale)
		// first (livelab's headView).
		addr, _, _ := strings.Cut(o.Where, ", ")
		if err != nil || addr == "" || stop == nil {
			return o, stop, err
		}
		mine := &addr
		a.addr.Store(mine)
		return o, func() error {
			a.addr.CompareAndSwap(mine, nil) // a later lab's stays
			return stop()
		}, nil
	}
}

// get is the address of the lab running, "" when none is.
func (a *labAddress) get() string {
	if a == nil {
		return ""
	}
	if p := a.addr.Load(); p != nil {
		return *p
	}
	return ""
}

// titleSep parts a title's fields.
const titleSep = " · "

// fitKeeping fits view's top line and the tag (the fullest of forms that
// fits) into w cells so that keep shows whole: the whole title beside the
// fullest tag that fits it; else the title without the fields after the
// one holding keep, then without those between its first field and that
// one, each beside the fullest tag that fits; else the whole title and no
// tag. ok is false when the top line does not hold keep, or holds it past
// w cells: the tag is then drawn as on any screen.
func fitKeeping(view, keep string, forms []string, w int) (fitted, tag string, ok bool) {
	if keep == "" || w <= 0 {
		return view, "", false
	}
	first, rest, more := strings.Cut(view, "\n")
	title := strings.TrimRight(first, " ")
	if ansi.StringWidth(title) > w {
		return view, "", false
	}
	fields := strings.Split(title, titleSep)
	at := -1
	for i, f := range fields {
		if strings.Contains(ansi.Strip(f), keep) {
			at = i
		}
	}
	if at < 0 {
		return view, "", false
	}
	line, tag := title, ""
	for _, t := range keptTitles(fields, at) {
		if f, fits := fullestBeside(t, forms, w); fits {
			line, tag = t, f
			break
		}
	}
	if tag == "" {
		line += strings.Repeat(" ", w-ansi.StringWidth(line))
	}
	if more {
		line += "\n" + rest
	}
	return line, tag, true
}

// keptTitles are the title's shorter forms that keep fields[at] whole, the
// fullest first: the whole title, then without the fields after at from
// the last, then without those between the first and at from the second.
func keptTitles(fields []string, at int) []string {
	titles := []string{strings.Join(fields, titleSep)}
	for end := len(fields) - 1; end > at; end-- {
		titles = append(titles, strings.Join(fields[:end], titleSep))
	}
	for from := 2; from <= at; from++ {
		titles = append(titles, strings.Join(append([]string{fields[0]}, fields[from:at+1]...), titleSep))
	}
	return titles
}

// fullestBeside is the fullest of forms that fits beside title in w cells.
func fullestBeside(title string, forms []string, w int) (string, bool) {
	room := w - ansi.StringWidth(title)
	for _, f := range forms {
		if f != "" && tagWidth(f) <= room {
			return f, true
		}
	}
	return "", false
}
