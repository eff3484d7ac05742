package serve

import (
	"io"
	"sync/atomic"
	"time"
)

// A session's input, before bubbletea reads it. Two costs of bubbletea
// (v1.3.10) grow with what a client sends, and a client sends what it
// likes:
//
//   - Its reader (key.go, readAnsiInputs) reads 256 bytes at a time, and
//     when a read fills its buffer in the middle of a message (a run of
//     letters or digits with no space or control byte in it, or a
//     bracketed paste whose end marker has not come) it keeps what it has,
//     reads 256 bytes more and parses the message again from its start: a
//     message of n bytes costs some n²/512 bytes parsed and copied. A
//     paste of 1 MB of digits took 78 s of one core, 100 KB 0.7 s
//     (BenchmarkPasteRaw).
//   - It draws the screen (the model's View) after every message. A paste
//     of short words, each a message, cost as many screens: 1 MB of "7 "
//     held a core for five minutes on the home screen.
//
// So the server cuts each message before bubbletea sees it, and bounds the
// messages a second:
//
//   - a run of bytes with no space, control byte or escape in it to maxRun
//     bytes, whole runes only, and a byte that is not UTF-8 is dropped
//     (bubbletea makes each a message of its own);
//   - a bracketed paste to maxPaste bytes between its markers (the end
//     marker is kept, so that the paste still ends);
//   - a message costs one token, and each KiB of it one more; tokens come
//     at inputRate a second, up to inputBurst saved. A message that begins
//     with none left is dropped whole, so that no key is cut in half.
//
// A student typing, holding a key down, scrolling or pasting with their
// terminal's bracketed paste stays far below these. What is dropped is
// counted, in bytes for the disconnect line of the log (Dropped) and in
// characters for the student's screen (DroppedChars, dropnote.go): a paste
// that lost its middle said so to no one but the log.
const (
	maxRun     = 1 << 10
	maxPaste   = 32 << 10
	inputRate  = 60
	inputBurst = 600
)

// The markers a terminal puts around a paste in bracketed paste mode,
// which bubbletea turns on.
const (
	pasteStart = "\x1b[200~"
	pasteEnd   = "\x1b[201~"
)

// inputFilter is the session's input as bubbletea reads it (see above).
// One goroutine reads it; Dropped may be read from any.
type inputFilter struct {
	r     io.Reader
	clock func() time.Time
	buf   []byte // what was read, before it is filtered
	obuf  []byte // what out is cut from
	out   []byte // filtered, not yet handed to the reader
	err   error  // the underlying reader's, once out is handed on
	bound bool   // out ends where the session's read ended short

	// The tokens: avail at last, refilled at inputRate a second up to
	// inputBurst. It may go below zero by the bytes of a message begun
	// while there were some.
	avail float64
	last  time.Time

	// The message being read: whether it passes (there was a token when
	// it began), its bytes so far, how much of the paste start marker it
	// has matched (-1: it is not one), and whether its tail is cut.
	inRun  bool
	pass   bool
	runLen int
	start  int
	cut    bool
	// A rune of more than a byte, held until it is whole: its bytes so
	// far, and how many more it needs.
	rune  [4]byte
	nrune int
	need  int
	// In a bracketed paste: the bytes of it passed, how much of the end
	// marker is matched and how many of those bytes were cut, and
	// whether the rest is being cut.
	paste    bool
	pasted   int
	end      int
	endCut   int
	pasteCut bool

	dropped      atomic.Int64
	droppedChars atomic.Int64
	// The characters of droppedChars cut for a limit of length, a run's
	// (maxRun) or a paste's (maxPaste), or for not being UTF-8; the rest
	// came faster than the rate. The student's note names the limit that
	// cut (dropnote.go): told "faster", a student pastes again slowly and
	// loses the same part.
	droppedLong, droppedPaste, droppedNotText atomic.Int64
	// droppedFast: the characters that came faster than the rate. The
	// note's counts are read from these four, never as droppedChars less
	// the other three: read while the reading goroutine was between its
	// adds to droppedChars and to droppedLong, that difference said one
	// character of a run cut for its length "came faster" (a loaded
	// machine made it often enough to fail a test).
	droppedFast atomic.Int64
	// onDrop, when set, is called after a read of which some was dropped,
	// on the reading goroutine; it must not block.
	onDrop func()
}

// newInputFilter filters r; clock is the time (time.Now if nil).
func newInputFilter(r io.Reader, clock func() time.Time) *inputFilter {
	if clock == nil {
		clock = time.Now
	}
	return &inputFilter{r: r, clock: clock, buf: make([]byte, 4096), avail: inputBurst, last: clock(), start: -1}
}

// Dropped is how many bytes of input were cut or dropped so far.
func (f *inputFilter) Dropped() int64 { return f.dropped.Load() }

// DroppedChars is how many characters of input were cut or dropped so
// far: a rune of several bytes is one, as is a byte that is not UTF-8.
func (f *inputFilter) DroppedChars() int64 { return f.droppedChars.Load() }

// drop counts b dropped: a character when it begins one (a rune's later
// bytes belong to the character its first began), counted too under why
// when a limit of length cut it (nil: it came too fast).
func (f *inputFilter) drop(b byte, why *atomic.Int64) {
	f.dropped.Add(1)
	if b&0xc0 != 0x80 {
		f.droppedChars.Add(1)
		if why == nil {
			why = &f.droppedFast
		}
		why.Add(1)
	}
}

// dropCounts is what was dropped so far, by reason, for the note.
func (f *inputFilter) dropCounts() inputDroppedMsg {
	m := inputDroppedMsg{long: f.droppedLong.Load(), paste: f.droppedPaste.Load(), notText: f.droppedNotText.Load()}
	m.chars = m.long + m.paste + m.notText + f.droppedFast.Load()
	return m
}

// dropRune counts dropped a rune that was not whole: one character.
func (f *inputFilter) dropRune() {
	if f.nrune > 0 {
		f.dropped.Add(int64(f.nrune))
		f.droppedChars.Add(1)
		f.droppedNotText.Add(1)
	}
}

// Read hands on what is left of the last read filtered, or reads and
// filters more. It returns no bytes only with the underlying reader's
// error: a read whose every byte was dropped is followed by another.
//
// bubbletea takes the end of a read shorter than its buffer as the end of
// a message, and one that fills it as a message that may go on. A read of
// the session shorter than the filter's buffer is the end of what the
// client has sent for now, and ends the message the filter is reading (a
// bracketed paste goes on to its end marker); the last of it is handed on
// in a read short of the buffer bubbletea gave, so that bubbletea ends its
// message there too and never joins it to the next (a cut run's 1,024
// bytes fill four of its reads exactly).
func (f *inputFilter) Read(p []byte) (int, error) {
	for len(f.out) == 0 {
		if f.err != nil {
			return 0, f.err
		}
		n, err := f.r.Read(f.buf)
		was := f.droppedChars.Load()
		f.obuf = f.filter(f.buf[:n], f.obuf[:0])
		f.bound = n < len(f.buf)
		if f.bound {
			f.endRead()
		}
		if f.onDrop != nil && f.droppedChars.Load() != was {
			f.onDrop()
		}
		f.out, f.err = f.obuf, err
	}
	n := min(len(p), len(f.out))
	if f.bound && n == len(f.out) && n == len(p) && n > 1 {
		n-- // its last byte comes alone, in a short read
	}
	copy(p, f.out[:n])
	f.out = f.out[n:]
	return n, nil
}

// endRead ends the message being read, unless it is a bracketed paste:
// the client has sent nothing more for now. A rune not yet whole is
// dropped: bubbletea would have read it as bytes that are not UTF-8.
func (f *inputFilter) endRead() {
	if f.paste {
		return
	}
	f.inRun = false
	f.dropRune()
	f.nrune, f.need = 0, 0
}

// filter appends to out what of in passes.
func (f *inputFilter) filter(in, out []byte) []byte {
	if len(in) > 0 {
		f.refill()
	}
	for _, b := range in {
		if f.paste {
			out = f.pasteByte(b, out)
			continue
		}
		if f.need > 0 {
			if b&0xc0 == 0x80 { // the rune goes on
				f.rune[f.nrune] = b
				f.nrune++
				if f.need--; f.need == 0 {
					for _, rb := range f.rune[:f.nrune] {
						out = f.runByte(rb, out)
					}
					f.nrune = 0
				}
				continue
			}
			// The rune ended before it was whole: it is not UTF-8.
			f.dropRune()
			f.nrune, f.need = 0, 0
		}
		brk := b <= ' ' || b == 0x7f
		if brk || !f.inRun {
			out = f.begin(b, brk, out)
			if !f.inRun {
				continue
			}
		}
		if b >= 0x80 {
			if n := utf8More(b); n > 0 {
				f.rune[0], f.nrune, f.need = b, 1, n
			} else {
				f.dropped.Add(1) // no rune starts with it: a character of its own
				f.droppedChars.Add(1)
				f.droppedNotText.Add(1)
			}
			continue
		}
		out = f.runByte(b, out)
		if f.start == len(pasteStart) {
			f.paste, f.pasted, f.end, f.endCut, f.pasteCut, f.inRun = true, 0, 0, 0, false, false
		}
	}
	return out
}

// begin starts a message at b: it passes whole if a token is left. A
// space or control byte is a message of its own, emitted here; anything
// else begins a run (an escape begins a sequence, or alt and a key).
func (f *inputFilter) begin(b byte, brk bool, out []byte) []byte {
	f.pass, f.runLen, f.cut, f.start = f.avail > 0, 0, false, -1
	if f.pass {
		f.avail--
	}
	f.inRun = !brk || b == 0x1b
	if b == 0x1b {
		f.start = 0
	}
	if !f.inRun {
		return f.emit(b, out)
	}
	return out
}

// runByte takes one byte of a run: cut past maxRun at a rune's first byte
// (a rune's bytes come here together, once it is whole), and matched
// against the paste's start marker.
func (f *inputFilter) runByte(b byte, out []byte) []byte {
	f.runLen++
	if f.start >= 0 {
		if b == pasteStart[f.start] {
			f.start++
		} else {
			f.start = -1
		}
	}
	if f.runLen > maxRun && b&0xc0 != 0x80 {
		f.cut = true
	}
	if f.cut {
		f.drop(b, &f.droppedLong)
		return out
	}
	return f.emit(b, out)
}

// utf8More is how many bytes follow b in a rune it starts, 0 when no rune
// starts with b (a byte of a rune's middle, or one UTF-8 never uses).
func utf8More(b byte) int {
	switch {
	case b >= 0xc2 && b <= 0xdf:
		return 1
	case b >= 0xe0 && b <= 0xef:
		return 2
	case b >= 0xf0 && b <= 0xf4:
		return 3
	}
	return 0
}

// pasteByte takes one byte of a bracketed paste: passed up to maxPaste,
// then dropped, until the end marker. The marker is passed whole: when
// any of it fell past maxPaste it is passed again after what was passed
// of it, which bubbletea then reads as the paste's last bytes.
func (f *inputFilter) pasteByte(b byte, out []byte) []byte {
	switch {
	case b == pasteEnd[f.end]:
		f.end++
	case b == pasteEnd[0]:
		f.end, f.endCut = 1, 0
	default:
		f.end, f.endCut = 0, 0
	}
	if f.pasted >= maxPaste {
		f.pasteCut = true
	}
	if f.end == len(pasteEnd) {
		f.paste = false
		if !f.pasteCut {
			return f.emit(b, out)
		}
		// Counted as dropped, passed now; the marker's bytes are
		// characters each.
		f.dropped.Add(-int64(f.endCut))
		f.droppedChars.Add(-int64(f.endCut))
		f.droppedPaste.Add(-int64(f.endCut))
		for i := range len(pasteEnd) {
			out = f.emit(pasteEnd[i], out)
		}
		return out
	}
	if f.pasteCut {
		if f.end > 0 {
			f.endCut++
		}
		f.drop(b, &f.droppedPaste)
		return out
	}
	f.pasted++
	return f.emit(b, out)
}

// emit passes b if the message it belongs to passes, each KiB of it
// costing a token more.
func (f *inputFilter) emit(b byte, out []byte) []byte {
	if !f.pass {
		f.drop(b, nil)
		return out
	}
	f.avail -= 1.0 / 1024
	return append(out, b)
}

// refill adds the tokens the time since the last read earns.
func (f *inputFilter) refill() {
	now := f.clock()
	if d := now.Sub(f.last); d > 0 {
		f.avail = min(f.avail+d.Seconds()*inputRate, inputBurst)
	}
	f.last = now
}
