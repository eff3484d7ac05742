// Package record turns a screen that plays (the sandbox, the shard view,
// either in presentation mode, or a lesson's step) into an asciicast v2
// recording (https://docs.asciinema.org/manual/asciicast/v2/): a header
// line, then one event a frame, each `[seconds, "o", text]`, which asciinema
// and its web player replay in any terminal or on a slide.
//
// The screen is driven frame by frame on its own virtual clock, never by
// the wall clock: the same scenario, seed, size, speed and frame rate give
// the same file byte for byte, and a minute of simulation records in the
// time it takes to draw its frames. A frame writes only the rows that
// changed since the one before, so a recording stays small.
//
// It owns the file format and the frame loop (record.go), which know
// nothing of the engine: the screen is anything that implements Player.
// Screen and Lesson (screens.go, lesson.go) build the screens
// `breakerlab record` plays, as `breakerlab sandbox` and `breakerlab lesson`
// build them; for those it imports the engine's scenario and fault types,
// lessons, tui/sandbox, tui/shardview, tui/lessonui, tui/present and
// tui/theme. It does no I/O but writing the recording.
package record

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	tea "github.com/charmbracelet/bubbletea"
)

// Player is a screen that plays on a clock of its own: it says whether it
// is still playing and gives the message that moves it to a wall time.
//
// A player's first message may have a Start method: the message that
// starts its clock at that wall time instead, moving nothing
// (tui/internal/playback's TickMsg has one). Record starts such a player
// at the recording's origin before its first frame, so that the frame at
// replay time t shows virtual time t × the player's speed, the first one
// included, at any frame rate. A player without one takes its first tick
// with the first frame after the origin.
type Player interface {
	tea.Model
	// FrameAt is the tick the screen's clock would receive at wall time at.
	FrameAt(at time.Time) tea.Msg
	Playing() bool
}

// starter is a player's tick that can start its clock instead.
type starter interface{ Start() tea.Msg }

// Options say how a recording is made.
type Options struct {
	Width, Height int
	// FPS is the recording's frames a second of replay: 1 to 60.
	FPS int
	// MaxDuration stops the recording after this much replay time, even
	// when the screen still plays (zero: until it stops).
	MaxDuration time.Duration
	// Title and Command go into the header, for players that show them.
	Title, Command string
}

// Limits of what a recording may ask for: a frame rate a player can show,
// and a window a terminal can hold.
const (
	MinFPS, MaxFPS       = 1, 60
	MaxWidth, MaxHeight  = 500, 200
	maxFrames            = 60 * 60 * 30 // half an hour at 30 frames a second
	clearAndHideCursor   = "\x1b[?25l\x1b[H\x1b[2J"
	eraseToEndOfLine     = "\x1b[K"
	showCursorAfterwards = "\x1b[?25h"
)

// Validate names what is wrong with o, and what is allowed.
func (o Options) Validate(minWidth, minHeight int) error {
	var errs []error
	if o.Width < minWidth || o.Width > MaxWidth || o.Height < minHeight || o.Height > MaxHeight {
		errs = append(errs, fmt.Errorf("the size must be from %d×%d to %d×%d, got %d×%d", minWidth, minHeight, MaxWidth, MaxHeight, o.Width, o.Height))
	}
	if o.FPS < MinFPS || o.FPS > MaxFPS {
		errs = append(errs, fmt.Errorf("the frame rate must be from %d to %d frames a second, got %d", MinFPS, MaxFPS, o.FPS))
	}
	if o.MaxDuration < 0 {
		errs = append(errs, fmt.Errorf("the longest recording cannot be negative, got %v", o.MaxDuration))
	}
	return errors.Join(errs...)
}

// header is asciicast v2's first line. Timestamp is left out on purpose:
// the file is a function of its inputs, not of when it was made.
type header struct {
	Version int               `json:"version"`
	Width   int               `json:"width"`
	Height  int               `json:"height"`
	Title   string            `json:"title,omitempty"`
	Command string            `json:"command,omitempty"`
	Env     map[string]string `json:"env"`
}

// Stats say what was recorded.
type Stats struct {
	Frames   int           // events written
	Duration time.Duration // replay time of the last event
	Final    string        // the last frame's view
}

// Record plays p from its first frame until it stops playing (or the
// longest recording is reached) and writes the recording to w.
func Record(w io.Writer, p Player, o Options) (Stats, error) {
	if err := o.Validate(1, 1); err != nil {
		return Stats{}, err
	}
	bw := bufio.NewWriter(w)
	enc := json.NewEncoder(bw)
	// A recording is replayed by a terminal, not read by a browser: keep
	// <, > and & as themselves.
	enc.SetEscapeHTML(false)
	h := header{Version: 2, Width: o.Width, Height: o.Height, Title: o.Title, Command: o.Command,
		Env: map[string]string{"TERM": "xterm-256color", "SHELL": "/bin/sh"}}
	if err := enc.Encode(h); err != nil {
		return Stats{}, err
	}

	var m tea.Model = p
	m, _ = m.Update(tea.WindowSizeMsg{Width: o.Width, Height: o.Height})
	// Any fixed origin does: the clock only reads differences.
	origin := time.Unix(0, 0).UTC()
	var (
		st   Stats
		prev []string
		buf  strings.Builder
	)
	emit := func(at time.Duration, view string) error {
		lines := strings.Split(view, "\n")
		buf.Reset()
		if prev == nil {
			buf.WriteString(clearAndHideCursor)
		}
		for y, line := range lines {
			if y >= o.Height {
				break
			}
			if prev != nil && y < len(prev) && prev[y] == line {
				continue
			}
			// Move to the row's start, draw it, and clear what an older,
			// longer row left behind.
			buf.WriteString("\x1b[" + strconv.Itoa(y+1) + ";1H")
			buf.WriteString(line)
			buf.WriteString(eraseToEndOfLine)
		}
		for y := len(lines); y < len(prev) && y < o.Height; y++ {
			buf.WriteString("\x1b[" + strconv.Itoa(y+1) + ";1H" + eraseToEndOfLine)
		}
		prev = lines
		st.Final = view
		if buf.Len() == 0 {
			return nil
		}
		st.Frames++
		st.Duration = at
		return enc.Encode([]any{json.Number(seconds(at)), "o", buf.String()})
	}
	// A player that can be started is started at the origin: its first
	// frame is the screen at its start, and every frame after it counts
	// from there.
	if pl, ok := m.(Player); ok && pl.Playing() {
		if s, ok := pl.FrameAt(origin).(starter); ok {
			m, _ = m.Update(s.Start())
		}
	}
	if err := emit(0, m.View()); err != nil {
		return st, err
	}
	for i := 1; i <= maxFrames; i++ {
		pl, ok := m.(Player)
		if !ok || !pl.Playing() {
			break
		}
		// The i-th frame's replay time, from the second, not summed from
		// a period cut to whole nanoseconds.
		at := time.Duration(i) * time.Second / time.Duration(o.FPS)
		if o.MaxDuration > 0 && at > o.MaxDuration {
			break
		}
		m, _ = m.Update(pl.FrameAt(origin.Add(at)))
		if err := emit(at, m.View()); err != nil {
			return st, err
		}
	}
	last := st.Duration
	if err := enc.Encode([]any{json.Number(seconds(last)), "o", showCursorAfterwards}); err != nil {
		return st, err
	}
	return st, bw.Flush()
}

// seconds writes a replay time as asciicast does: seconds with microseconds.
func seconds(d time.Duration) string {
	return strconv.FormatFloat(d.Seconds(), 'f', 6, 64)
}
