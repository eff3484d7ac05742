package chart_test

import (
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/tui/chart"
	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	"github.com/charmbracelet/x/ansi"
)

// plotRows are a chart's plot rows: the lines with the y axis's │ or ┤,
// without the frame's sides.
func plotRows(view string) []string {
	var out []string
	for _, l := range strings.Split(ansi.Strip(view), "\n")[1:] {
		r := []rune(l)
		if len(r) < 3 {
			continue
		}
		in := string(r[1 : len(r)-1])
		if strings.ContainsAny(in, "│┤") {
			out = append(out, in)
		}
	}
	return out
}

// The blocking call keeps the loop busy: its chart's line reaches the top
// row (100 %), and the note says so, from the engine's last bucket.
func TestLoopGaugeShowsAStallAtTheTop(t *testing.T) {
	d := tuitest.At(t, "event-loop-stall", 0, 12)
	g := chart.NewLoopGauge(tuitest.Plain())
	g.SetSize(60, 12)
	g.SetData(d)
	v := g.View()
	tuitest.CheckBlock(t, v, 60, 12)
	rows := plotRows(v)
	if len(rows) == 0 || !strings.HasPrefix(strings.TrimSpace(rows[0]), "100%") || !strings.Contains(rows[0], "b") {
		t.Errorf("the loop's line never reaches 100 %%:\n%s", ansi.Strip(v))
	}
	// With the call off the loop, it never does.
	d = tuitest.At(t, "event-loop-stall", 1, 12)
	g = chart.NewLoopGauge(tuitest.Plain())
	g.SetSize(60, 12)
	g.SetData(d)
	if rows := plotRows(g.View()); len(rows) == 0 || strings.Contains(rows[0], "b") {
		t.Errorf("the loop reads 100 %% with the call off it:\n%s", ansi.Strip(g.View()))
	}
}

// The process killed at its memory limit: the memory chart marks the
// downtime with ╳ on the time axis and says so in its legend; a pool's
// chart draws its size as the dotted line.
func TestMemoryGaugeMarksTheKill(t *testing.T) {
	d := tuitest.At(t, "go-server", 0, 60)
	if d.Snap.Tasks.Kills == 0 {
		t.Fatal("go-server's first variant has no kill by 60 s")
	}
	g := chart.NewMemoryGauge(tuitest.Plain())
	g.SetSize(70, 14)
	g.SetData(d)
	v := ansi.Strip(g.View())
	if !strings.Contains(v, "╳╳") || !strings.Contains(v, "killed at its memory limit") || !strings.Contains(v, "limit 256 MiB") {
		t.Errorf("no kill marked on the memory chart:\n%s", v)
	}
	p := chart.NewPoolGauge(tuitest.Plain(), 1) // the database pool
	p.SetSize(70, 14)
	p.SetData(d)
	if v := ansi.Strip(p.View()); !strings.Contains(v, "┄ size 20") || !strings.Contains(v, "Pool database") {
		t.Errorf("the database pool's chart lacks its size:\n%s", v)
	}
}
