package asciiterm

import (
	"io"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/charmbracelet/x/ansi"
)

// Writer passes ASCII through as it is, escape sequences included (they
// are ASCII), and writes each other character as printable ASCII as many
// cells wide as the character is (Rune): one character for one cell,
// none for a combining mark. A character cut between two Writes is held
// until the rest of it comes. It is safe for concurrent use.
//
// Widths are ansi.StringWidth's of each character alone, as lipgloss
// measures what the screens draw; a character whose width changes with its
// neighbours (an emoji with a variation selector) is not among them.
type Writer struct {
	mu    sync.Mutex
	out   io.Writer
	held  [utf8.UTFMax]byte // the first bytes of a character cut by a Write
	nheld int
	buf   []byte
	cells map[rune]string // Cells' answers so far
}

// NewWriter returns a Writer on out.
func NewWriter(out io.Writer) *Writer {
	return &Writer{out: out, cells: map[rune]string{}}
}

// Write writes p to the Writer's output, mapped. It reports all of p
// written when the output took all of what p became.
func (w *Writer) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.nheld == 0 && ascii(p) {
		_, err := w.out.Write(p)
		if err != nil {
			return 0, err
		}
		return len(p), nil
	}
	b := w.buf[:0]
	in := p
	if w.nheld > 0 {
		// The held bytes, completed from the front of p: as many bytes
		// of p as the character needs, and no more.
		var joined [2 * utf8.UTFMax]byte
		n := copy(joined[:], w.held[:w.nheld])
		n += copy(joined[n:], p[:min(len(p), utf8.UTFMax)])
		if !utf8.FullRune(joined[:n]) {
			w.nheld = copy(w.held[:], joined[:n])
			return len(p), nil
		}
		r, size := utf8.DecodeRune(joined[:n])
		b = w.appendRune(b, r)
		// size may end before the held bytes do (they were not the
		// start of a character): the rest of them are taken again below.
		if size < w.nheld {
			in = append(append([]byte{}, w.held[size:w.nheld]...), p...)
		} else {
			in = p[size-w.nheld:]
		}
		w.nheld = 0
	}
	for i := 0; i < len(in); {
		c := in[i]
		if c < utf8.RuneSelf {
			j := i + 1
			for j < len(in) && in[j] < utf8.RuneSelf {
				j++
			}
			b = append(b, in[i:j]...)
			i = j
			continue
		}
		if !utf8.FullRune(in[i:]) {
			w.nheld = copy(w.held[:], in[i:])
			break
		}
		r, size := utf8.DecodeRune(in[i:])
		b = w.appendRune(b, r)
		i += size
	}
	w.buf = b
	if _, err := w.out.Write(b); err != nil {
		return 0, err
	}
	return len(p), nil
}

// appendRune appends r's cells, remembering them for the next r.
func (w *Writer) appendRune(b []byte, r rune) []byte {
	s, ok := w.cells[r]
	if !ok {
		s = Cells(r)
		w.cells[r] = s
	}
	return append(b, s...)
}

// Cells is r drawn in ASCII: Rune(r) repeated as many times as r is
// cells wide, nothing for a character of no width (a combining mark, a
// C1 control), and "?" for a byte that is not UTF-8 (utf8.RuneError).
func Cells(r rune) string {
	if r < utf8.RuneSelf {
		return string(r)
	}
	n := ansi.StringWidth(string(r))
	if r == utf8.RuneError {
		n = 1
	}
	return strings.Repeat(string(Rune(r)), n)
}

func ascii(p []byte) bool {
	for _, c := range p {
		if c >= utf8.RuneSelf {
			return false
		}
	}
	return true
}
