package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/scenarios"
	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/breakerlab/breakerlab/lessons"
	"github.com/breakerlab/breakerlab/tui/lessonui"
	"github.com/breakerlab/breakerlab/tui/pane"
	"github.com/breakerlab/breakerlab/tui/present"
	"github.com/breakerlab/breakerlab/tui/shardview"
)

// `record` writes a file asciinema replays: a version 2 header of the size
// asked for, then [time, "o", text] events, the same bytes for the same
// inputs, and the sandbox's own frames in it.
func TestRecordWritesAsciicastV2(t *testing.T) {
	racefree.Only(t) // no goroutine: tui/record draws the frames on this one
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
	if h.Command != "breakerlab sandbox cascade --speed 20 --play" {
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
	// Refusals in the test's process: no goroutine but the command's watch
	// for SIGTERM, which the other recordings run under -race.
	racefree.Only(t)
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"record", "cascade"}, "-o FILE.cast"},
		{[]string{"record", "cascade", "--size", "60x20", "-o", "-"}, "--size 60x20: allowed are 80x24 to"},
		{[]string{"record", "cascade", "--size", "big", "-o", "-"}, "COLUMNSxROWS"},
		{[]string{"record", "-o", "-"}, "record takes one scenario"},
		{[]string{"record", "shuffle", "--variant", "2", "-o", "-"}, "shuffle has no variants"},
		{[]string{"record", "shuffle", "--fault", "10s api hang", "-o", "-"}, "--fault: shuffle has its own engine"},
		{[]string{"record", "cascade", "--step", "2", "-o", "-"}, "--step goes with --lesson"},
		{[]string{"record", "cascade", "--lesson", "1", "-o", "-"}, "drop cascade"},
		{[]string{"record", "--lesson", "1", "--seed", "3", "-o", "-"}, "--seed: a lesson's step plays its own run"},
		{[]string{"record", "--lesson", "1", "--speed", "10", "-o", "-"}, "--speed: a lesson's step plays its own run at its own speed"},
		{[]string{"record", "--lesson", "1", "--step", "99", "-o", "-"}, "--step must be between 1 and"},
		{[]string{"record", "--lesson", "no-such-lesson", "-o", "-"}, "no-such-lesson"},
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
	racefree.Only(t) // no goroutine: tui/record draws the frames on this one
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
	// Six recordings in the test's process, whose only goroutine is the
	// command's watch for SIGTERM, which TestRecordWritesAsciicastV2 and
	// TestEverySpeedPlaysAsItSays run under -race.
	racefree.Only(t)
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
	racefree.Only(t) // no goroutine: tui/record draws the frames on this one
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

// castHeader reads a recording's header.
func castHeader(t *testing.T, cast string) (h struct {
	Width, Height  int
	Title, Command string
}) {
	t.Helper()
	first, _, _ := strings.Cut(cast, "\n")
	if err := json.Unmarshal([]byte(first), &h); err != nil {
		t.Fatalf("header %q: %v", first, err)
	}
	return h
}

var (
	cursorTo = regexp.MustCompile(`\x1b\[(\d+);1H`)
	styles   = regexp.MustCompile(`\x1b\[[0-9;?]*[A-Za-z]`)
)

// screens replays a recording's events on a screen of h rows, knowing only
// what record writes (clear, move to a row's start, erase to its end), and
// returns the screen after each event, without styles.
func screens(texts []string, h int) []string {
	screen := make([]string, h)
	var out []string
	for _, d := range texts {
		if strings.Contains(d, "\x1b[2J") {
			screen = make([]string, h)
		}
		locs := cursorTo.FindAllStringSubmatchIndex(d, -1)
		for i, loc := range locs {
			y, _ := strconv.Atoi(d[loc[2]:loc[3]])
			end := len(d)
			if i+1 < len(locs) {
				end = locs[i+1][0]
			}
			screen[y-1] = strings.TrimSuffix(d[loc[1]:end], "\x1b[K")
		}
		out = append(out, styles.ReplaceAllString(strings.Join(screen, "\n"), ""))
	}
	return out
}

// record shuffle records the shard view, as `sandbox shuffle` opens it:
// both strategies side by side, at the speed asked for. It was refused.
func TestRecordShuffleIsTheShardView(t *testing.T) {
	racefree.Only(t) // no goroutine: tui/record draws the frames on this one
	out, errOut, code := run(t, "record", "shuffle", "--size", "100x30", "--speed", "10", "--fps", "5", "--max", "1s", "--seed", "7", "-o", "-")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	if h := castHeader(t, out); h.Command != "breakerlab sandbox shuffle --seed 7 --speed 10 --play" || !strings.Contains(h.Title, "shard view (seed 7)") {
		t.Errorf("header: title %q, command %q", h.Title, h.Command)
	}
	at, texts := castEvents(t, out)
	if last := at[len(at)-1]; last != 1 {
		t.Errorf("--max 1s: the last event at %v s", last)
	}
	shown := screens(texts, 30)
	final := shown[len(shown)-2]
	d := shardview.DefaultSetup()
	for _, want := range []string{shardview.Title(d.Left), shardview.Title(d.Right), "×10", "seed 7", pane.Seconds(10 * time.Second)} {
		if !strings.Contains(final, want) {
			t.Errorf("the frame at 1 s lacks %q:\n%s", want, final)
		}
	}
}

// --present records a screen as presentation mode draws it for a
// projector: the sandbox's key number big, no key help.
func TestRecordPresentDrawsPresentationMode(t *testing.T) {
	racefree.Only(t) // no goroutine: tui/record draws the frames on this one
	t.Setenv("NO_COLOR", "1")
	out, errOut, code := run(t, "record", "cascade", "--present", "--size", "100x30", "--speed", "100", "--fps", "2", "-o", "-")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	if h := castHeader(t, out); h.Command != "breakerlab sandbox cascade --speed 100 --play --present" || !strings.Contains(h.Title, "presentation mode") {
		t.Errorf("header: title %q, command %q", h.Title, h.Command)
	}
	_, texts := castEvents(t, out)
	shown := screens(texts, 30)
	final := shown[len(shown)-2]
	b, _ := scenarios.Lookup("cascade")
	sc := b.Build()
	r, err := engine.New(sc, 0, defaultSeed)
	if err != nil {
		t.Fatal(err)
	}
	r.AdvanceTo(sc.Duration)
	snap := r.Snapshot()
	for _, row := range present.Big(fmt.Sprintf("%d/%d", snap.Busy, snap.Workers)) {
		if !strings.Contains(final, row) {
			t.Errorf("the last frame lacks the workers held (%d/%d) in big digits:\n%s", snap.Busy, snap.Workers, final)
			break
		}
	}
	if !strings.Contains(final, present.Clock(sc.Duration, sc.Duration, false)) || strings.Contains(final, "space") {
		t.Errorf("the last frame should say the run finished and show no key help:\n%s", final)
	}
}

// --lesson records a lesson's step in presentation mode as a room sees it
// while nobody answers: from where the player opens the step to its
// pause, at the step's own speed, the prediction asked throughout; no
// guess, no answer, no reveal. Step 3's number (the workers held by
// recommendations) is the one its prediction asks for, held back.
func TestRecordLessonStepKeepsItsQuestionOpen(t *testing.T) {
	racefree.Only(t) // no goroutine: tui/record plays the lesson on this one and drops its commands
	tempConfig(t)
	l, err := lessons.Open("1")
	if err != nil {
		t.Fatal(err)
	}
	p, err := lessons.Prepare(l, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, n := range []int{1, 3} {
		st := p.Steps[n-1]
		if st.Predict == nil || st.PauseAt <= st.From {
			t.Fatalf("lesson 1's step %d was a prediction with a pause after its start", n)
		}
		out, errOut, code := run(t, "record", "--lesson", "1", "--step", strconv.Itoa(n), "--size", "100x30", "--fps", "5", "-o", "-")
		if code != 0 {
			t.Fatalf("step %d: exit %d: %s", n, code, errOut)
		}
		if h := castHeader(t, out); h.Command != fmt.Sprintf("breakerlab lesson 1 --step %d --present", n) || !strings.Contains(h.Title, st.Title) {
			t.Errorf("step %d: header: title %q, command %q", n, h.Title, h.Command)
		}
		at, texts := castEvents(t, out)
		// The play from the step's start to its pause, at its speed, on
		// the grid of 5 frames a second.
		span := (st.PauseAt - st.From).Seconds() / st.Speed
		if want := math.Ceil(span*5-1e-9) / 5; math.Abs(at[len(at)-1]-want) > 1e-6 {
			t.Errorf("step %d: the recording ends at %v s, want %v s (%v to %v at ×%v)", n, at[len(at)-1], want, st.From, st.PauseAt, st.Speed)
		}
		shown := screens(texts, 30)
		for i, sc := range shown[:len(shown)-1] {
			flat := strings.Join(strings.Fields(sc), " ")
			if !strings.Contains(flat, strings.Join(strings.Fields("Predict: "+st.Predict.Prompt), " ")) || n == 3 && !strings.Contains(flat, "shown after the guess") {
				t.Fatalf("step %d: the frame at %v s does not ask the prediction (with its number held at step 3):\n%s", n, at[i], sc)
			}
			for _, answer := range []string{"✓", "← the guess", "What happened", "No guess", "Your guess: none"} {
				if strings.Contains(sc, answer) {
					t.Fatalf("step %d: the frame at %v s shows %q, an answer nobody gave:\n%s", n, at[i], answer, sc)
				}
			}
			virtual := st.From + time.Duration(at[i]*st.Speed*float64(time.Second)+0.5)
			want := present.Clock(min(virtual, st.PauseAt), st.End, virtual < st.PauseAt)
			if !strings.Contains(sc, want) {
				t.Fatalf("step %d: the frame at %v s should say %q:\n%s", n, at[i], want, sc)
			}
		}
	}
	// A step without a simulation is one frame: its question, unanswered.
	self := -1
	for i, st := range p.Steps {
		if !st.HasSim() && st.Question != nil {
			self = i
			break
		}
	}
	path := filepath.Join(t.TempDir(), "self.cast")
	out, errOut, code := run(t, "record", "--lesson", "1", "--step", strconv.Itoa(self+1), "-o", path)
	if code != 0 || !strings.Contains(out, ": 1 frame, 0s of replay") {
		t.Fatalf("exit %d: %s %s", code, out, errOut)
	}
	b, _ := os.ReadFile(path)
	_, texts := castEvents(t, string(b))
	sc := screens(texts, 30)[0]
	if flat := strings.Join(strings.Fields(sc), " "); !strings.Contains(flat, strings.Join(strings.Fields(p.Steps[self].Question.Prompt), " ")) || strings.Contains(sc, "✓") {
		t.Errorf("step %d: want its question, unanswered:\n%s", self+1, sc)
	}
}

// The first frame is the screen at its start, and the second is one
// period of the frame rate later at any rate: at 60 frames a second the
// sandbox's clock's first tick (1/30 s) had passed the frame at 1/60 s,
// and the recording left it out.
func TestRecordKeepsEveryFrameOfItsRate(t *testing.T) {
	racefree.Only(t) // no goroutine: tui/record draws the frames on this one
	out, errOut, code := run(t, "record", "cascade", "--size", "80x24", "--speed", "10", "--fps", "60", "--max", "0.1s", "-o", "-")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	at, texts := castEvents(t, out)
	if len(at) < 3 || at[0] != 0 || math.Abs(at[1]-1.0/60) > 1e-6 {
		t.Fatalf("events at %v s; want 0, then 1/60 s", at)
	}
	shown := screens(texts, 24)
	for i, want := range []string{"0.0 s", "0.1 s"} {
		if !strings.Contains(shown[i], want+" / 30.0 s") {
			t.Errorf("the frame at %v s should show %s of the run:\n%s", at[i], want, shown[i])
		}
	}
}

// --lesson numbers a step's choices as `breakerlab lesson ID --step N
// --present`, named in the header, does for the same learner: drawn for
// the progress file's learner, which the first recording writes where
// there is no file yet, as the player would, so that the player opened
// afterwards reads the same one. Lesson 1's first step was recorded
// "1) Fewer than 40 ... 3) About half", the order for no learner, while
// the player read "1) Nearly all 200 ... 3) Fewer than 40".
func TestRecordLessonNumbersTheChoicesAsTheLearnersPlayer(t *testing.T) {
	racefree.Only(t) // no goroutine: tui/record plays the lesson on this one and drops its commands
	dir := tempConfig(t)
	l, err := lessons.Open("1")
	if err != nil {
		t.Fatal(err)
	}
	p, err := lessons.Prepare(l, nil)
	if err != nil {
		t.Fatal(err)
	}
	q := p.Steps[0].Predict
	if q == nil || q.Kind != lessons.Choice {
		t.Fatal("lesson 1's first step no longer predicts a choice")
	}
	learner := ""
	for i := range 2 {
		out, errOut, code := run(t, "record", "--lesson", "1", "--step", "1", "--fps", "1", "--max", "1s", "-o", "-")
		if code != 0 {
			t.Fatalf("exit %d: %s", code, errOut)
		}
		_, texts := castEvents(t, out)
		first := screens(texts, 30)[0]
		s, err := lessons.ViewStore(filepath.Join(dir, "breakerlab", "lessons.json"))
		switch {
		case err != nil || s.Learner() == "":
			t.Fatalf("recording %d: no learner in the progress file: %v", i+1, err)
		case learner != "" && s.Learner() != learner:
			t.Fatalf("recording %d: the learner changed from %q to %q", i+1, learner, s.Learner())
		}
		learner = s.Learner()
		for n, c := range lessons.ShownOrder(learner, p.Lesson.ID, s.GetLesson(p.Lesson), 0, true, len(q.Choices)) {
			if want := fmt.Sprintf("%d) %s", n+1, q.Choices[c].Text); !strings.Contains(first, want) {
				t.Fatalf("recording %d: want %q, as the learner's player numbers it, in\n%s", i+1, want, first)
			}
		}
	}
}

// --reveal records a step with its answer shown, for a teacher's slide:
// lesson 1's "Who pays for it" was 181 frames in which only the clock
// moved, every figure "shown after the guess". With it the figures are
// drawn and change as the run plays, the right choice is marked and the
// reveal is under it; the header says so. The help says plainly that
// without it the figures stay hidden.
func TestRecordLessonStepWithItsAnswerShown(t *testing.T) {
	racefree.Only(t) // no goroutine: tui/record plays the lesson on this one and drops its commands
	tempConfig(t)
	l, err := lessons.Open("1")
	if err != nil {
		t.Fatal(err)
	}
	p, err := lessons.Prepare(l, nil)
	if err != nil {
		t.Fatal(err)
	}
	st := p.Steps[3]
	if st.Predict == nil || st.Predict.Kind != lessons.Choice {
		t.Fatal("lesson 1's fourth step no longer predicts a choice")
	}
	right := st.Predict.Choices[st.Predict.RightChoice()].Text
	out, errOut, code := run(t, "record", "--lesson", "1", "--step", "4", "--reveal", "--fps", "2", "-o", "-")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	if h := castHeader(t, out); !strings.Contains(h.Title, "its answer shown") {
		t.Errorf("the header's title %q does not say the answer is shown", h.Title)
	}
	_, texts := castEvents(t, out)
	shown := screens(texts, 30)
	figures := map[string]bool{}
	for _, sc := range shown {
		flat := strings.Join(strings.Fields(sc), " ")
		if strings.Contains(sc, "shown after the guess") || !strings.Contains(flat, "✓") || !strings.Contains(flat, right) {
			t.Fatalf("a frame holds the figures back or marks no right choice (%q):\n%s", right, sc)
		}
		// The frame without its clock's line: what else the run moves.
		var rest []string
		for _, line := range strings.Split(sc, "\n") {
			if !strings.Contains(line, " / 30.0 s") {
				rest = append(rest, line)
			}
		}
		figures[strings.Join(rest, "\n")] = true
	}
	if len(figures) < 3 {
		t.Errorf("only the clock moves: %d different frames besides it in %d", len(figures), len(shown))
	}
	if reveal := lessonui.FirstSentence(st.Predict.Reveal); !strings.Contains(strings.Join(strings.Fields(shown[len(shown)-1]), " "), reveal[:20]) {
		t.Errorf("the last frame lacks the reveal %q:\n%s", reveal, shown[len(shown)-1])
	}

	help, _, _ := run(t, "record", "--help")
	_, helpErr, _ := run(t, "record", "--help")
	words := strings.Join(strings.Fields(help+helpErr), " ")
	for _, want := range []string{"as a learner who has not guessed sees it", `hidden ("shown after the guess")`, "add --reveal to record it with its answer shown"} {
		if !strings.Contains(words, want) {
			t.Errorf("record's help does not say %q", want)
		}
	}
	if _, errOut, code := run(t, "record", "cascade", "--reveal", "-o", "-"); code != exitUsage || !strings.Contains(errOut, "--reveal goes with --lesson") {
		t.Errorf("--reveal without --lesson: exit %d, %q", code, errOut)
	}
}

// record writes an asciicast and nothing else: it wrote one into
// slide.gif, slide.png and slide.mp4 and exited 0. Any -o but a .cast
// name or - is refused, nothing written, a picture's name pointing to run.
// Conversely run and sweep refuse a .cast name, pointing to record: run
// wrote its table into x.cast.
func TestRecordWritesOnlyACast(t *testing.T) {
	racefree.Only(t) // no goroutine: tui/record draws the frames on this one
	dir := t.TempDir()
	for _, c := range []struct {
		args []string
		file string
		want string
	}{
		{[]string{"record", "cascade"}, "slide.gif", "a .gif file is a picture; record writes an asciicast, which asciinema plays: give a name that ends in .cast, such as slide.cast, or - for standard output. For a picture of the run: `breakerlab run cascade -o slide.png`"},
		{[]string{"record", "cascade"}, "slide.png", "`breakerlab run cascade -o slide.png`"},
		{[]string{"record", "--lesson", "1"}, "slide.SVG", "`breakerlab run SCENARIO -o slide.png`"},
		{[]string{"record", "cascade"}, "slide.mp4", "record writes an asciicast, which asciinema plays: give a name that ends in .cast, such as slide.cast"},
		{[]string{"record", "cascade"}, "notes.pdf", "a .pdf file is a document; record writes an asciicast"},
		{[]string{"record", "cascade"}, "cascade", "such as cascade.cast"},
		{[]string{"run", "cascade"}, "x.cast", "a .cast file is a terminal recording (`breakerlab record` writes one), which run cannot write"},
		{[]string{"sweep", "cascade", "--vary", "workers=100..200:2", "--measure", "search.ok", "--seeds", "1"}, "s.cast", "(`breakerlab record` writes one), which sweep cannot write"},
	} {
		path := filepath.Join(dir, c.file)
		_, stderr, code := run(t, append(c.args, "-o", path)...)
		if code != exitUsage || !strings.Contains(strings.Join(strings.Fields(stderr), " "), c.want) {
			t.Errorf("%q -o %s: exit %d, %q; want exit %d and %q", c.args, c.file, code, stderr, exitUsage, c.want)
		}
		if _, err := os.Stat(path); err == nil {
			t.Errorf("%q -o %s wrote the file", c.args, c.file)
		}
	}
	path := filepath.Join(dir, "ok.CAST")
	if _, stderr, code := run(t, "record", "cascade", "--fps", "1", "--max", "1s", "-o", path); code != 0 {
		t.Fatalf("-o ok.CAST: exit %d: %s", code, stderr)
	}
}

// --present beside --lesson asks for what --lesson records anyway: the
// step as the lesson player's presentation mode draws it on a projector
// (`breakerlab lesson 1 --step 1 --present`, named in the header). The
// cast is the same with it and without, and --present's help said only
// "record in presentation mode", as if --lesson recorded something else
// and the flag were ignored: it says a lesson's step is recorded so
// with or without it.
func TestRecordLessonIsPresentationModeWithOrWithoutPresent(t *testing.T) {
	racefree.Only(t) // no goroutine: tui/record plays the lesson on this one and drops its commands
	tempConfig(t)
	t.Setenv("NO_COLOR", "1")
	args := []string{"record", "--lesson", "1", "--step", "1", "--fps", "2", "--max", "1s", "-o", "-"}
	without, errOut, code := run(t, args...)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	with, errOut, code := run(t, append(args, "--present")...)
	if code != 0 {
		t.Fatalf("--present: exit %d: %s", code, errOut)
	}
	if with != without {
		t.Errorf("the cast with --present differs from the one without")
	}
	if h := castHeader(t, with); !strings.HasSuffix(h.Command, " --present") {
		t.Errorf("the header's command %q does not say presentation mode", h.Command)
	}
	_, texts := castEvents(t, with)
	first := screens(texts, 30)[0]
	if top, _, _ := strings.Cut(first, "\n"); !strings.HasPrefix(top, " Lesson 1 · step 1 of ") {
		t.Errorf("the top line %q is not presentation mode's title", top)
	}
	if strings.Contains(first, "? keys") || strings.Contains(first, "n/p step") {
		t.Errorf("the recording shows the player's key help, which presentation mode leaves out:\n%s", first)
	}
	help, _, _ := run(t, "record", "--help")
	if line := flagEntry(help, "--present"); !strings.Contains(line, "--lesson") {
		t.Errorf("--present's help %q does not say a lesson's step is recorded in presentation mode without it", line)
	}
}

// A recording's header says the command that plays what it shows live:
// the speed it was recorded at, playing from the start, and a --budget it
// needed, which the sandbox would refuse the run without; the header read
// "breakerlab sandbox cascade", which opens paused at ×1.
func TestRecordHeaderCommandReproducesTheRecording(t *testing.T) {
	racefree.Only(t) // no goroutine: tui/record draws the frames on this one
	out, errOut, code := run(t, "record", "cascade", "--variant", "2", "--speed", "50", "--budget", "300M",
		"--fault", "12s recommendations slow 2s", "--size", "80x24", "--fps", "1", "--max", "1s", "-o", "-")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	want := "breakerlab sandbox cascade --variant 2 --speed 50 --play --budget 300M --fault '12s recommendations slow 2s'"
	if h := castHeader(t, out); h.Command != want {
		t.Errorf("header's command %q, want %q", h.Command, want)
	}
}
