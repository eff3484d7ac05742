package lessonui

import (
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/engine/shuffle"
	"github.com/breakerlab/breakerlab/lessons"
	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	"github.com/charmbracelet/x/ansi"
)

// shuffleStep is lesson 8's step n (from 1), prepared.
func shuffleStep(t *testing.T, n int) (*lessons.Prepared, int) {
	t.Helper()
	for _, p := range allLessons(t) {
		if p.Lesson.ID == "08-shuffle-sharding" {
			if p.Steps[n-1].ShuffleConfig == nil {
				t.Fatalf("lesson 8 step %d is no shuffle step", n)
			}
			return p, n - 1
		}
	}
	t.Fatal("no lesson 8")
	return nil, 0
}

// The chart's history is the timeline's own counts at every 100 ms, the
// same whether the run got there frame by frame or was replayed after a
// step back, and it matches a timeline stopped at each of those moments.
func TestShuffleHistoryIsTheTimelines(t *testing.T) {
	p, i := shuffleStep(t, 2)
	st := &p.Steps[i]
	sim, err := newStepSim(st, tuitest.Plain())
	if err != nil {
		t.Fatal(err)
	}
	s := sim.(*shuffleSim)
	for at := st.From; at < 10*time.Second; at += 37 * time.Millisecond {
		if err := s.Seek(at); err != nil {
			t.Fatal(err)
		}
	}
	if err := s.Seek(10 * time.Second); err != nil {
		t.Fatal(err)
	}
	forward := slices.Clone(s.hist)
	if len(forward) != 101 {
		t.Fatalf("%d moments recorded to 10 s, want 101 (0 to 10 s every 100 ms)", len(forward))
	}
	if err := s.Seek(4 * time.Second); err != nil { // back: replayed
		t.Fatal(err)
	}
	if len(s.hist) != 41 || !slices.Equal(s.hist, forward[:41]) {
		t.Errorf("after a step back to 4 s the history is %d moments, not the first 41 recorded on the way", len(s.hist))
	}
	if err := s.Seek(10 * time.Second); err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(s.hist, forward) {
		t.Error("played again to 10 s, the history differs")
	}
	cfg := *st.ShuffleConfig
	cfg.Strategy = shuffle.Strategies()[st.Sim.Variant]
	for _, k := range []int{0, 25, 73, 100} {
		ref, err := shuffle.New(cfg, st.Sim.Seed)
		if err != nil {
			t.Fatal(err)
		}
		if err := ref.AdvanceTo(time.Duration(k) * 100 * time.Millisecond); err != nil {
			t.Fatal(err)
		}
		if got, want := forward[k], ref.Snapshot().Now; got != want {
			t.Errorf("at %d ms the history holds %+v, the timeline %+v", k*100, got, want)
		}
	}
}

// Played to its pause at 200×60, plain sharding's step shows the chart
// over time, whose bars stand at the share of the others lost: the
// quarter in customer 0's shard, 249 of 999, two rows and a quarter of a
// nine-row plot. With nothing lost before the poison's first request, the
// floor there is dotted.
func TestShuffleHistoryDrawsTheLost(t *testing.T) {
	p, i := shuffleStep(t, 2)
	m := play(t, open(t, p, i, 200, 60, Options{}))
	view := ansi.Strip(m.View())
	if !strings.Contains(view, "Customers over time") {
		t.Fatalf("no chart over time at 200×60:\n%s", view)
	}
	// The pane's inner rows: under its title, to its bottom edge.
	var rows []string
	col, lines := -1, strings.Split(view, "\n")
	for _, l := range lines {
		r := []rune(l)
		if col < 0 {
			if j := strings.Index(l, "╭─ Customers over time"); j >= 0 {
				col = len([]rune(l[:j]))
			}
			continue
		}
		if col+1 >= len(r) || r[col] == '╰' {
			break
		}
		rows = append(rows, strings.TrimSuffix(strings.TrimRight(string(r[col+1:]), " "), "│"))
	}
	// The plot is between the legend and the time axis.
	if len(rows) < 3 {
		t.Fatalf("the chart has %d rows:\n%s", len(rows), view)
	}
	plot := rows[1 : len(rows)-1]
	if axis := strings.Fields(rows[len(rows)-1]); len(axis) < 3 || axis[0] != "0s" || axis[len(axis)-1] != "20s" {
		t.Errorf("the time axis reads %q, want 0s to the step's end, 20s", rows[len(rows)-1])
	}
	if len(plot) < 5 {
		t.Fatalf("the plot has %d rows:\n%s", len(plot), view)
	}
	bottom := plot[len(plot)-1]
	if !strings.Contains(bottom, "0%┤····") || !strings.Contains(bottom, "█") {
		t.Errorf("the floor is not dotted before the poison and full after: %q", bottom)
	}
	full := 0
	for _, l := range plot {
		if strings.Contains(l, "█") {
			full++
		}
	}
	// 249/999 of the plot's rows, rounded up to the row the partial top
	// takes: the bars stand 2 to 3 rows high on a 9-to-12-row plot.
	if rows := len(plot); full*4 < rows-1 || full*4 > rows+4 {
		t.Errorf("lost bars %d rows high on a %d-row plot, want about a quarter:\n%s", full, rows, strings.Join(plot, "\n"))
	}
}
