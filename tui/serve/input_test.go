package serve

import (
	"bytes"
	"fmt"
	"io"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/breakerlab/breakerlab/internal/racefree"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/log"
)

// stillClock is a clock that does not move unless told: the budget of
// bytes earns nothing between reads.
type stillClock struct{ now time.Time }

func (c *stillClock) Now() time.Time { return c.now }

// filterAll reads all of in through a filter, as bubbletea does: 256
// bytes at a time. The session's reads fill the filter's buffer but the
// last, as a paste that came at once does.
func filterAll(t testing.TB, in []byte, clock func() time.Time) ([]byte, int64) {
	t.Helper()
	f := newInputFilter(bytes.NewReader(in), clock)
	var out []byte
	buf := make([]byte, 256)
	for {
		n, err := f.Read(buf)
		out = append(out, buf[:n]...)
		if err == io.EOF {
			return out, f.Dropped()
		}
		if err != nil || n == 0 {
			t.Fatalf("read %d bytes: %v", n, err)
		}
	}
}

// qa4 finding 6: a message longer than a student could mean is cut before
// bubbletea parses it (its cost is the square of a message's length), and
// a byte that is not UTF-8 is dropped (bubbletea makes each a message);
// what a student types, clicks or pastes in the ordinary way passes
// unchanged, however the session's reads split it.
func TestInputFilterCutsOnlyOverlongMessages(t *testing.T) {
	racefree.Only(t)
	digits := func(n int) string { return strings.Repeat("7", n) }
	paste := func(s string) string { return pasteStart + s + pasteEnd }
	for _, c := range []struct {
		name, in, want string
	}{
		{"keys", "jj\r q", "jj\r q"},
		{"arrows, mouse and alt", "\x1b[A\x1b[B\x1b[<0;12;5M\x1b[<0;12;5m\x1b[<64;3;4M\x1ba", "\x1b[A\x1b[B\x1b[<0;12;5M\x1b[<0;12;5m\x1b[<64;3;4M\x1ba"},
		{"a line of prose", strings.Repeat("a timeout bounds the wait, ", 20), strings.Repeat("a timeout bounds the wait, ", 20)},
		{"runes", "zoë 名前 🙂\r", "zoë 名前 🙂\r"},
		{"a paste", paste("ada lovelace\nbulkhead 20\n"), paste("ada lovelace\nbulkhead 20\n")},
		{"a paste of 30 KB", paste(strings.Repeat("x ", 15<<10)), paste(strings.Repeat("x ", 15<<10))},
		{"a run at the limit", digits(maxRun) + " ", digits(maxRun) + " "},
		{"a run past it", digits(100<<10) + " j", digits(maxRun) + " j"},
		{"a sequence that never ends", "\x1b[" + digits(50<<10) + "\r", "\x1b[" + digits(maxRun-2) + "\r"},
		{"a paste past it", paste(digits(200 << 10)), paste(digits(maxPaste))},
		{"a paste's end marker split by the cut", paste(digits(maxPaste-3) + "abcdef"), paste(digits(maxPaste-3) + "abc")},
		{"a paste past it, then keys", paste(digits(40<<10)) + "jq", paste(digits(maxPaste)) + "jq"},
		{"runes cut at a rune's start", strings.Repeat("ë", maxRun) + "\r", strings.Repeat("ë", maxRun/2) + "\r"},
		{"bytes that are not UTF-8", "caf\xc3\xa9 \xff\xfe \x80x\xc3(\xe2\x82 y\xc3", "café  x( y"},
		{"a paste that never ends", pasteStart + digits(100<<10), pasteStart + digits(maxPaste)},
	} {
		// A paste before it moves where the session's reads split it,
		// the markers included.
		for _, before := range []int{0, 13, 4090, 4093} {
			clock := &stillClock{time.Unix(0, 0)}
			lead := ""
			if before > 0 {
				lead = paste(strings.Repeat("-", before-len(pasteStart)-len(pasteEnd)))
			}
			out, dropped := filterAll(t, []byte(lead+c.in), clock.Now)
			if string(out) != lead+c.want {
				t.Errorf("%s (after %d bytes): %d bytes out, want %d: …%q", c.name, before, len(out)-before, len(c.want), tail(string(out), 40))
			}
			if want := int64(len(c.in) - len(c.want)); c.name != "a paste's end marker split by the cut" && dropped != want {
				t.Errorf("%s (after %d bytes): %d bytes counted dropped, want %d", c.name, before, dropped, want)
			}
			if !utf8.Valid(out) {
				t.Errorf("%s: a rune was cut in two", c.name)
			}
		}
	}
}

// bubbletea draws the screen after every message, so a message costs a
// token: past a burst of inputBurst, messages pass at inputRate a second,
// whole. A flood of short words, each a message of its own, is dropped
// until tokens come again, and a key passes as soon as one has.
func TestInputFilterHoldsToItsRate(t *testing.T) {
	racefree.Only(t)
	clock := &stillClock{time.Unix(0, 0)}
	f := newInputFilter(nil, clock.Now)
	flood := strings.Repeat("ab ", 100<<10) // 300 KB of words
	out := string(f.filter([]byte(flood), nil))
	// Each word and each space is a message.
	if words := strings.Count(out, "ab"); words != inputBurst/2 || !strings.HasPrefix(flood, out) {
		t.Errorf("a flood passed %d words, want the burst's %d", words, inputBurst/2)
	}
	if d := f.Dropped(); d != int64(len(flood)-len(out)) {
		t.Errorf("%d bytes counted dropped, want %d", d, len(flood)-len(out))
	}
	// The tokens spent, a key is dropped; a second later it passes, and
	// so do a second's worth of words, no more. (endRead: each came in a
	// read of its own.)
	f.endRead()
	if out := f.filter([]byte("j"), nil); len(out) != 0 {
		t.Errorf("with the tokens spent a key passed: %q", out)
	}
	f.endRead()
	clock.now = clock.now.Add(time.Second)
	if out := f.filter([]byte("q"), nil); string(out) != "q" {
		t.Errorf("a second after the flood a key gave %q", out)
	}
	f.endRead()
	if out := f.filter([]byte(flood), nil); strings.Count(string(out), "ab") > inputRate/2 {
		t.Errorf("a second's flood passed %d words, want at most %d", strings.Count(string(out), "ab"), inputRate/2)
	}
}

// pasteModel counts what a paste brings and quits on ctrl+].
type pasteModel struct{ msgs, runes, longest int }

func (m *pasteModel) Init() tea.Cmd { return nil }

func (m *pasteModel) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	if k, ok := msg.(tea.KeyMsg); ok {
		if k.Type == tea.KeyCtrlCloseBracket {
			return m, tea.Quit
		}
		m.msgs++
		m.runes += len(k.Runes)
		m.longest = max(m.longest, len(k.Runes))
	}
	return m, nil
}

func (m *pasteModel) View() string { return "" }

// pasteThrough feeds in, then ctrl+], to a program reading it as a session
// does (through the filter unless raw), and returns what the program saw
// and how long it took, or fails past limit.
func pasteThrough(tb testing.TB, in []byte, raw bool, limit time.Duration) (*pasteModel, time.Duration) {
	tb.Helper()
	pr, pw := io.Pipe()
	var r io.Reader = newInputFilter(pr, nil)
	if raw {
		r = pr
	}
	m := &pasteModel{}
	p := tea.NewProgram(m, tea.WithInput(r), tea.WithOutput(io.Discard), tea.WithoutRenderer(), tea.WithoutSignalHandler())
	go func() {
		_, _ = pw.Write(in)
		_, _ = pw.Write([]byte{0x1d})
	}()
	start := time.Now()
	t := time.AfterFunc(limit, p.Kill)
	_, err := p.Run()
	took := time.Since(start)
	t.Stop()
	pw.Close()
	if err != nil {
		tb.Fatalf("the program read %d bytes in %v and stopped: %v", len(in), took.Round(time.Millisecond), err)
	}
	return m, took
}

// qa4 finding 6: a paste of 256 KB, digits with no space and then the same
// bracketed, through the input path of a session. bubbletea alone parses
// such a message again for every 256 bytes it reads (some 5 s for these on
// this machine's core, 83 s for 1 MB); filtered, neither message reaches
// it longer than its cut, and the whole takes milliseconds. The limit only
// bounds a hang.
func TestAPastePassesCutAndQuickly(t *testing.T) {
	in := append(bytes.Repeat([]byte("7"), 256<<10), '\r')
	in = append(append(append(in, pasteStart...), bytes.Repeat([]byte("8"), 256<<10)...), pasteEnd...)
	m, took := pasteThrough(t, in, false, patience(30*time.Second))
	if m.longest > maxPaste || m.runes != maxRun+maxPaste {
		t.Errorf("the program got %d runes in %d messages, the longest %d; want %d and %d, the cuts", m.runes, m.msgs, m.longest, maxRun+maxPaste, maxPaste)
	}
	t.Logf("512 KB of paste read in %v", took.Round(time.Millisecond))
}

// qa4 finding 6, over SSH: a student pastes 300 KB of digits; the session
// answers the next key at once, and the log says how much input it
// dropped.
func TestAPasteOverSSHIsCut(t *testing.T) {
	var logs syncBuf
	ts := startServer(t, Config{Logger: log.New(&logs)})
	ada := ts.dial(t, "ada", PasswordAuth("x"), 100, 30)
	waitFor(t, ada, 0, "Sandbox")
	// The space ends the run of digits, should the server read the keys
	// after it in the same read.
	if err := ada.Type(strings.Repeat("7", 300<<10) + " "); err != nil {
		t.Fatal(err)
	}
	mark := ada.Mark()
	if err := ada.Type("j\r"); err != nil {
		t.Fatal(err)
	}
	waitFor(t, ada, mark, "choose a scenario")
	ada.Close()
	waitLog(t, &logs, "disconnect", "input_dropped_bytes=")
	// Each of the session's reads passes at most maxRun of the run: the
	// client sends it in packets of 32 KB.
	m := regexp.MustCompile(`input_dropped_bytes=(\d+)`).FindStringSubmatch(logs.String())
	if n, _ := strconv.Atoi(m[1]); n < 300<<10-10*maxRun {
		t.Errorf("%d bytes of the paste were dropped, want nearly all %d", n, 300<<10)
	}
}

// BenchmarkPaste feeds pastes of 100 KB, 1 MB and 5 MB (digits, with no
// space, the worst case) to a program reading them as a session does.
// BenchmarkPasteRaw is bubbletea without the filter, up to 1 MB (5 MB
// would take half an hour): go test ./tui/serve/ -run '^$' -bench Paste -benchtime 1x
func BenchmarkPaste(b *testing.B) { benchPaste(b, false, 100<<10, 1<<20, 5<<20) }

func BenchmarkPasteRaw(b *testing.B) { benchPaste(b, true, 100<<10, 256<<10, 1<<20) }

func benchPaste(b *testing.B, raw bool, sizes ...int) {
	for _, n := range sizes {
		for _, kind := range []string{"run", "bracketed"} {
			in := bytes.Repeat([]byte("7"), n)
			if kind == "bracketed" {
				in = append(append([]byte(pasteStart), in...), pasteEnd...)
			}
			b.Run(fmt.Sprintf("%s/%dKB", kind, n>>10), func(b *testing.B) {
				b.SetBytes(int64(len(in)))
				for range b.N {
					pasteThrough(b, in, raw, time.Hour)
				}
			})
		}
	}
}

// bubbletea ends a message at a read shorter than its buffer, and takes a
// read that fills it as a message going on. What the session sent at once
// ends in a short read, even when it fills bubbletea's reads exactly (a
// cut run's 1,024 bytes are four of them): otherwise bubbletea would join
// it to what comes next and parse the two again as one.
func TestInputFilterEndsWhatCameAtOnceWithAShortRead(t *testing.T) {
	f := newInputFilter(&chunks{[]string{strings.Repeat("7", 1024), strings.Repeat("8", 1024)}}, nil)
	buf := make([]byte, 256)
	var sizes []int
	for {
		n, err := f.Read(buf)
		if err != nil {
			break
		}
		sizes = append(sizes, n)
	}
	if want := []int{256, 256, 256, 255, 1, 256, 256, 256, 255, 1}; fmt.Sprint(sizes) != fmt.Sprint(want) {
		t.Errorf("reads of %v, want %v", sizes, want)
	}
}

// chunks is a reader that hands out one string a read, as a session's
// channel hands out what each packet brought.
type chunks struct{ s []string }

func (c *chunks) Read(p []byte) (int, error) {
	if len(c.s) == 0 {
		return 0, io.EOF
	}
	n := copy(p, c.s[0])
	if c.s[0] = c.s[0][n:]; c.s[0] == "" {
		c.s = c.s[1:]
	}
	return n, nil
}

// Whatever a client sends, split however, the filter never panics, hands
// on no more than it was given (and a paste's end marker), counts what it
// dropped, and passes no run longer than maxRun outside a paste.
func FuzzInputFilter(f *testing.F) {
	f.Add([]byte("jj\r q\x1b[A\x1b[<0;12;5M"), uint16(3))
	f.Add([]byte(pasteStart+"ada\n"+pasteEnd+"\xc3\xa9\xff"), uint16(1))
	f.Add(append(bytes.Repeat([]byte("7"), 3000), pasteStart...), uint16(4096))
	f.Fuzz(func(t *testing.T, in []byte, split uint16) {
		var parts []string
		for rest, k := in, int(split%5000)+1; len(rest) > 0; k = k*7%4999 + 1 {
			n := min(k, len(rest))
			parts, rest = append(parts, string(rest[:n])), rest[n:]
		}
		clock := &stillClock{time.Unix(0, 0)}
		fl := newInputFilter(&chunks{parts}, clock.Now)
		out, err := io.ReadAll(fl)
		if err != nil {
			t.Fatal(err)
		}
		if len(out) > len(in)+len(pasteEnd) {
			t.Fatalf("%d bytes out of %d in", len(out), len(in))
		}
		if d := fl.Dropped(); d < 0 || d > int64(len(in)) {
			t.Fatalf("%d bytes counted dropped of %d", d, len(in))
		}
		// Outside pastes, no run is longer than maxRun and a rune.
		for k, seg := range strings.Split(string(out), pasteStart) {
			if k > 0 {
				_, seg, _ = strings.Cut(seg, pasteEnd)
			}
			run := 0
			for _, b := range []byte(seg) {
				if b <= ' ' || b == 0x7f {
					run = 0
					continue
				}
				if run++; run > maxRun+3 {
					t.Fatalf("a run of %d bytes passed", run)
				}
			}
		}
	})
}
