package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// `record` writes a file asciinema replays: a version 2 header of the size
// asked for, then [time, "o", text] events, the same bytes for the same
// inputs, and the sandbox's own frames in it.
func TestRecordWritesAsciicastV2(t *testing.T) {
	dir := t.TempDir()
	write := func(name string) []byte {
		t.Helper()
		path := filepath.Join(dir, name)
		var out, errOut bytes.Buffer
		if code := runMain([]string{"record", "cascade", "--size", "80x24", "--speed", "20", "--fps", "5", "--max", "1s", "-o", path}, &out, &errOut); code != 0 {
			t.Fatalf("exit %d: %s", code, errOut.String())
		}
		if !strings.Contains(out.String(), "wrote "+path) {
			t.Errorf("stdout %q does not say what it wrote", out.String())
		}
		b, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	a, b := write("a.cast"), write("b.cast")
	if !bytes.Equal(a, b) {
		t.Error("the same recording twice gave different files")
	}
	sc := bufio.NewScanner(bytes.NewReader(a))
	sc.Buffer(nil, 1<<24)
	sc.Scan()
	var h struct {
		Version, Width, Height int
		Command                string
	}
	if err := json.Unmarshal(sc.Bytes(), &h); err != nil || h.Version != 2 || h.Width != 80 || h.Height != 24 {
		t.Fatalf("header %s: %v", sc.Text(), err)
	}
	if h.Command != "breakerlab sandbox cascade" {
		t.Errorf("header's command %q", h.Command)
	}
	events, last := 0, -1.0
	var all strings.Builder
	for sc.Scan() {
		var ev []any
		if err := json.Unmarshal(sc.Bytes(), &ev); err != nil || len(ev) != 3 || ev[1] != "o" {
			t.Fatalf("not an output event: %s", sc.Text())
		}
		at, ok := ev[0].(float64)
		if !ok || at < last {
			t.Fatalf("event time %v after %v", ev[0], last)
		}
		last = at
		all.WriteString(ev[2].(string))
		events++
	}
	// 1 s of replay at 5 frames a second: the first frame, five more, and
	// the cursor shown again.
	if events != 7 || last != 1 {
		t.Errorf("%d events ending at %v s, want 7 ending at 1 s", events, last)
	}
	if !strings.Contains(all.String(), "Worker pool") {
		t.Error("the recording does not show the sandbox's worker pool")
	}
}

func TestRecordRefusesWhatItCannotDo(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"record", "cascade"}, "-o FILE.cast"},
		{[]string{"record", "cascade", "--size", "60x20", "-o", "-"}, "80×24"},
		{[]string{"record", "cascade", "--size", "big", "-o", "-"}, "COLUMNSxROWS"},
		{[]string{"record", "shuffle", "-o", "-"}, "shard view"},
		{[]string{"record", "cascade", "--variant", "9", "-o", "-"}, "--variant must be between 1 and 3"},
		// A speed between the player's steps was played at the step
		// below it (7 as 5), under a file that said nothing of it.
		{[]string{"record", "cascade", "--speed", "7", "-o", "-"}, "--speed must be one of 0.1, 0.2, 0.5, 1, 2, 5, 10, 20, 50, 100"},
		{[]string{"record", "cascade", "--speed", "500", "-o", "-"}, "got 500"},
	} {
		var out, errOut bytes.Buffer
		if code := runMain(c.args, &out, &errOut); code != 2 || !strings.Contains(errOut.String(), c.want) {
			t.Errorf("%v: exit %d, %q; want 2 and %q", c.args, code, errOut.String(), c.want)
		}
	}
}

// The README's sample recording is what `record` writes today: the golden
// file is the README's link, kept true by this test.
func TestTheREADMEsRecordingIsCurrent(t *testing.T) {
	t.Setenv("NO_COLOR", "")
	out := filepath.Join(t.TempDir(), "cascade.cast")
	if _, errOut, code := run(t, "record", "cascade", "--size", "80x24", "--fps", "4", "--speed", "10", "-o", out); code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	b, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	golden(t, "cascade.cast", string(b))
}

// castEvents reads a recording's output events: their times and texts.
func castEvents(t *testing.T, cast string) (at []float64, text []string) {
	t.Helper()
	sc := bufio.NewScanner(strings.NewReader(cast))
	sc.Buffer(nil, 1<<24)
	sc.Scan() // the header
	for sc.Scan() {
		var ev []any
		if err := json.Unmarshal(sc.Bytes(), &ev); err != nil || len(ev) != 3 {
			t.Fatalf("not an output event: %s", sc.Text())
		}
		at = append(at, ev[0].(float64))
		text = append(text, ev[2].(string))
	}
	return at, text
}

// A recording plays at the speed it says at every frame rate: the 30 s
// cascade at ×10 replays in 3 s, and every frame's status line says ×10
// and shows its replay time × 10 as the time of the run. Below 4 frames a
// second the sandbox's cap on a frame (250 ms, for a terminal that
// stalled) cut each frame short: at 1 frame a second the replay took 13 s.
// Then the first frame covered 1/30 s whatever the frame rate: at 1 frame
// a second the frame at 1 s showed 0.3 s, and the replay took 4 s.
func TestRecordPlaysAtItsSpeedAtAnyFrameRate(t *testing.T) {
	status := regexp.MustCompile(`([0-9]+\.[0-9]) s(?:\x1b\[[0-9;]*m)* / 30\.0 s`)
	for _, fps := range []int{1, 2, 3, 4, 10, 60} {
		out, errOut, code := run(t, "record", "cascade", "--size", "80x24", "--speed", "10", "--fps", strconv.Itoa(fps), "-o", "-")
		if code != 0 {
			t.Fatalf("--fps %d: exit %d: %s", fps, code, errOut)
		}
		at, texts := castEvents(t, out)
		if last := at[len(at)-1]; last != 3 {
			t.Errorf("--fps %d --speed 10: the 30 s run replays in %v s, want 3 s", fps, last)
		}
		shown := 0
		for i, text := range texts {
			m := status.FindStringSubmatch(text)
			if m == nil {
				continue // the status line did not change
			}
			shown++
			v, _ := strconv.ParseFloat(m[1], 64)
			// The status line cuts the time to tenths.
			if want := at[i] * 10; v > want+1e-4 || v < want-0.1-1e-4 {
				t.Errorf("--fps %d --speed 10: the frame at %v s shows %v s of the run, want %.3f s cut to tenths", fps, at[i], v, want)
				break
			}
		}
		if shown < len(texts)/2 {
			t.Errorf("--fps %d: %d of %d frames show the run's time", fps, shown, len(texts))
		}
		if n := strings.Count(out, "×10"); n == 0 || strings.Contains(out, "×5") || strings.Contains(out, "×20") {
			t.Errorf("--fps %d: the status line should say ×10 throughout", fps)
		}
	}
}

// Every speed record and sandbox accept is one the player plays at, as its
// status line shows: playSpeeds and tui/internal/playback's Speeds are the
// same list.
func TestEverySpeedPlaysAsItSays(t *testing.T) {
	shown := regexp.MustCompile(`×[0-9.]+`)
	for _, f := range playSpeeds {
		label := "×" + strconv.FormatFloat(f, 'f', -1, 64)
		out, errOut, code := run(t, "record", "cascade", "--size", "80x24", "--speed", fmt.Sprint(f), "--fps", "1", "--max", "1s", "-o", "-")
		if code != 0 {
			t.Fatalf("--speed %v: exit %d: %s", f, code, errOut)
		}
		_, texts := castEvents(t, out)
		if got := shown.FindAllString(strings.Join(texts, ""), -1); !slices.Contains(got, label) {
			t.Errorf("--speed %v: the recording shows the speeds %v, want %s", f, got, label)
		}
	}
}
