package record

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
)

// counter is a Player that shows how many frames it has played, on a
// screen whose rows change at different rates, and stops after n frames.
type counter struct {
	w, h, frame, n int
}

type tick struct{ at time.Time }

func (c counter) Init() tea.Cmd { return nil }
func (c counter) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		c.w, c.h = msg.Width, msg.Height
	case tick:
		c.frame++
	}
	return c, nil
}
func (c counter) View() string {
	rows := make([]string, c.h)
	for y := range rows {
		// Row y changes every y+1 frames; the last row shrinks, to show
		// that a shorter row clears what a longer one left.
		rows[y] = fmt.Sprintf("row %d: <%d> & more", y, c.frame/(y+1))
	}
	rows[c.h-1] = strings.Repeat("x", max(c.n-c.frame, 0))
	return strings.Join(rows, "\n")
}
func (c counter) FrameAt(at time.Time) tea.Msg { return tick{at} }
func (c counter) Playing() bool                { return c.frame < c.n }

// cast is a parsed recording.
type cast struct {
	header map[string]any
	times  []float64
	data   []string
}

// parse reads an asciicast v2 file strictly: a header object with version 2
// and a size, then events [time, "o", text] in non-decreasing time.
func parse(t *testing.T, b []byte) cast {
	t.Helper()
	var c cast
	sc := bufio.NewScanner(bytes.NewReader(b))
	sc.Buffer(nil, 1<<24)
	if !sc.Scan() {
		t.Fatal("empty recording")
	}
	if err := json.Unmarshal(sc.Bytes(), &c.header); err != nil {
		t.Fatalf("header: %v", err)
	}
	if c.header["version"] != float64(2) || c.header["width"] == nil || c.header["height"] == nil {
		t.Fatalf("header %v: want version 2, width and height", c.header)
	}
	for line := 2; sc.Scan(); line++ {
		var ev []json.RawMessage
		if err := json.Unmarshal(sc.Bytes(), &ev); err != nil || len(ev) != 3 {
			t.Fatalf("line %d: not an event [time, code, data]: %s", line, sc.Text())
		}
		var at float64
		var code, data string
		if json.Unmarshal(ev[0], &at) != nil || json.Unmarshal(ev[1], &code) != nil || json.Unmarshal(ev[2], &data) != nil {
			t.Fatalf("line %d: wrong types: %s", line, sc.Text())
		}
		if code != "o" {
			t.Fatalf("line %d: code %q, want output", line, code)
		}
		if n := len(c.times); n > 0 && at < c.times[n-1] {
			t.Fatalf("line %d: time %v before %v", line, at, c.times[n-1])
		}
		c.times = append(c.times, at)
		c.data = append(c.data, data)
	}
	return c
}

var move = regexp.MustCompile(`\x1b\[(\d+);1H`)

// replay applies the recording's output to a screen of h rows, knowing
// only what Record writes: clear, move to a row's start, erase to its end.
func replay(c cast, h int) []string {
	screen := make([]string, h)
	for _, d := range c.data {
		if strings.Contains(d, "\x1b[2J") {
			screen = make([]string, h)
		}
		locs := move.FindAllStringSubmatchIndex(d, -1)
		for i, loc := range locs {
			y, _ := strconv.Atoi(d[loc[2]:loc[3]])
			end := len(d)
			if i+1 < len(locs) {
				end = locs[i+1][0]
			}
			screen[y-1] = strings.TrimSuffix(d[loc[1]:end], "\x1b[K")
		}
	}
	return screen
}

func TestARecordingIsAsciicastV2AndReplaysToTheLastFrame(t *testing.T) {
	var buf bytes.Buffer
	o := Options{Width: 40, Height: 5, FPS: 10, Title: "t", Command: "breakerlab sandbox x"}
	st, err := Record(&buf, counter{n: 12}, o)
	if err != nil {
		t.Fatal(err)
	}
	c := parse(t, buf.Bytes())
	if c.header["width"] != float64(40) || c.header["height"] != float64(5) || c.header["command"] != "breakerlab sandbox x" {
		t.Errorf("header %v", c.header)
	}
	if strings.Contains(buf.String(), `\u003c`) || strings.Contains(buf.String(), `\u0026`) {
		t.Errorf("< and & are escaped for HTML in a file for a terminal")
	}
	// 13 frames (the first and 12 ticks), each changing row 0, then the
	// cursor shown again.
	if st.Frames != 13 || len(c.data) != 14 {
		t.Fatalf("%d frames and %d events, want 13 and 14", st.Frames, len(c.data))
	}
	if c.times[12] != 1.2 || st.Duration != 1200*time.Millisecond {
		t.Errorf("last frame at %v (%v), want 1.2 s at 10 frames a second", c.times[12], st.Duration)
	}
	got := strings.Join(replay(c, 5), "\n")
	if got != st.Final {
		t.Errorf("replayed screen:\n%s\nwant the last frame:\n%s", got, st.Final)
	}
	// Only changed rows are written: row 3 changes every fourth frame.
	if n := strings.Count(buf.String(), "\x1b[4;1H") + strings.Count(buf.String(), `\u001b[4;1H`); n != 4 {
		t.Errorf("row 4 written %d times, want 4 (at frames 0, 4, 8, 12)", n)
	}
}

func TestTheSameInputsGiveTheSameFile(t *testing.T) {
	var a, b bytes.Buffer
	o := Options{Width: 30, Height: 4, FPS: 30}
	if _, err := Record(&a, counter{n: 40}, o); err != nil {
		t.Fatal(err)
	}
	if _, err := Record(&b, counter{n: 40}, o); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(a.Bytes(), b.Bytes()) {
		t.Error("two recordings of the same run differ")
	}
}

func TestTheLongestRecordingStopsIt(t *testing.T) {
	var buf bytes.Buffer
	st, err := Record(&buf, counter{n: 1000}, Options{Width: 30, Height: 4, FPS: 10, MaxDuration: 2 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	if st.Duration != 2*time.Second {
		t.Errorf("stopped at %v, want 2s", st.Duration)
	}
}

func TestBadOptionsAreNamed(t *testing.T) {
	for _, c := range []struct {
		o    Options
		want string
	}{
		{Options{Width: 79, Height: 24, FPS: 15}, "80×24 to 500×200, got 79×24"},
		{Options{Width: 80, Height: 24, FPS: 61}, "from 1 to 60 frames a second, got 61"},
		{Options{Width: 80, Height: 24, FPS: 15, MaxDuration: -time.Second}, "cannot be negative"},
	} {
		err := c.o.Validate(80, 24)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%+v: %v, want %q", c.o, err, c.want)
		}
	}
	if _, err := Record(&bytes.Buffer{}, counter{n: 1}, Options{Width: 10, Height: 2}); err == nil {
		t.Error("Record took a frame rate of 0")
	}
}

// clock is a player that moves as the sandbox's clock does
// (tui/internal/playback): a Start moves nothing, and each tick after it
// shows the wall time since the Start times the speed; a first tick
// without one covers a step of its own, 1/30 s, whatever its time, and
// each later one the wall time since the one before, times the speed. It
// stops at the end.
type clock struct {
	speed    float64
	end, now time.Duration
	last     time.Time
	started  bool
}

type start struct{ at time.Time }

func (t tick) Start() tea.Msg { return start(t) }

func (c clock) Init() tea.Cmd { return nil }
func (c clock) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case start:
		c.last, c.started = msg.at, true
	case tick:
		switch {
		case !c.Playing():
		case c.started:
			c.now = min(time.Duration(float64(msg.at.Sub(c.last))*c.speed), c.end)
		default:
			dt := time.Second / 30
			if !c.last.IsZero() {
				dt = msg.at.Sub(c.last)
			}
			c.last = msg.at
			c.now = min(c.now+time.Duration(float64(dt)*c.speed), c.end)
		}
	}
	return c, nil
}
func (c clock) View() string                 { return fmt.Sprintf("at %d ms", c.now.Milliseconds()) }
func (c clock) FrameAt(at time.Time) tea.Msg { return tick{at} }
func (c clock) Playing() bool                { return c.now < c.end }

// Every frame shows the virtual time its replay time asks for, at any
// frame rate: replay time × speed, and no frame of the rate's grid is left
// out. The first tick covered 1/30 s however long a frame was, so at 1
// frame a second and ×10 the frame at 1 s showed 333 ms, and a 30 s run
// replayed in 4 s, not 3; then the recorder timed its frames around that
// first tick, and above 30 frames a second left out the frames it had
// passed (at 60, the one at 1/60 s).
func TestEveryFrameShowsItsTimeTimesTheSpeed(t *testing.T) {
	for _, fps := range []int{1, 2, 4, 10, 29, 30, 45, 60} {
		for _, speed := range []float64{0.5, 10} {
			var buf bytes.Buffer
			end := 30 * time.Second
			st, err := Record(&buf, clock{speed: speed, end: end}, Options{Width: 20, Height: 1, FPS: fps})
			if err != nil {
				t.Fatal(err)
			}
			c := parse(t, buf.Bytes())
			// The frame at 0, one a period up to the end, and the cursor
			// shown again.
			if want := int(math.Round(end.Seconds()/speed*float64(fps))) + 2; len(c.times) != want {
				t.Errorf("fps %d ×%v: %d events, want %d: a frame of the grid is missing", fps, speed, len(c.times), want)
			}
			last := c.times[len(c.times)-1]
			if want := end.Seconds() / speed; last != want || st.Duration != time.Duration(want*float64(time.Second)) {
				t.Errorf("fps %d ×%v: the 30 s run replays in %v s (%v), want %v s", fps, speed, last, st.Duration, want)
			}
			for i, d := range c.data[:len(c.data)-1] {
				var ms int64
				if _, err := fmt.Sscanf(strings.TrimSuffix(d[strings.Index(d, "at "):], eraseToEndOfLine), "at %d ms", &ms); err != nil {
					t.Fatalf("fps %d: frame %q: %v", fps, d, err)
				}
				want := int64(math.Round(c.times[i] * speed * 1000))
				if ms < want-1 || ms > want+1 {
					t.Errorf("fps %d ×%v: the frame at %v s shows %d ms, want %d (its replay time × the speed)", fps, speed, c.times[i], ms, want)
					break
				}
				// A frame lies on the frame rate's grid.
				if k := c.times[i] * float64(fps); math.Abs(k-math.Round(k)) > 1e-3 {
					t.Errorf("fps %d: a frame at %v s, between two frames", fps, c.times[i])
				}
			}
		}
	}
}

// A player that can be started is started once, at the recording's origin,
// before its first frame, which therefore shows its start: the clock at 0.
func TestAPlayerIsStartedBeforeItsFirstFrame(t *testing.T) {
	var buf bytes.Buffer
	p := clock{speed: 2, end: time.Second}
	if _, err := Record(&buf, p, Options{Width: 20, Height: 1, FPS: 4}); err != nil {
		t.Fatal(err)
	}
	c := parse(t, buf.Bytes())
	if !strings.Contains(c.data[0], "at 0 ms") || !strings.Contains(c.data[1], "at 500 ms") || c.times[1] != 0.25 {
		t.Errorf("the first frames: %q at %v, %q at %v; want 0 ms at 0 s and 500 ms at 0.25 s", c.data[0], c.times[0], c.data[1], c.times[1])
	}
}
