package builder

import (
	"regexp"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/internal/racefree"
	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	"github.com/breakerlab/breakerlab/tui/sandbox"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
)

// sandboxEnd matches the sandbox's status clock, "0.0 s / 60.0 s", and
// keeps the run's length after the slash.
var sandboxEnd = regexp.MustCompile(`[0-9.]+ s / ([0-9.]+ s)`)

// The builder writes the run's length as the sandbox the same system
// opens in does: the title's "at 60.0 s, its end" and a fault prompt's
// "from 0 to 60.0 s" read as the sandbox's status clock "0.0 s / 60.0 s",
// where the builder said "1m".
func TestTheBuilderWritesTheRunsLengthAsTheSandbox(t *testing.T) {
	racefree.Only(t) // no goroutine: both models driven by hand
	m := built(t, 120, 40)
	sb, err := sandbox.New(sandbox.Options{Theme: tuitest.Plain(), Scenario: m.sc, Seed: tuitest.Seed})
	if err != nil {
		t.Fatal(err)
	}
	sb = tuitest.Send(sb, tea.WindowSizeMsg{Width: 120, Height: 40})
	found := sandboxEnd.FindStringSubmatch(ansi.Strip(sb.View()))
	if found == nil {
		t.Fatalf("the sandbox shows no clock:\n%s", ansi.Strip(sb.View()))
	}
	end := found[1]
	if got := ansi.Strip(m.titleLine()); !strings.Contains(got, "the map shows the run at "+end+", its end") {
		t.Errorf("the builder's title should write the run's end as the sandbox's clock does, %q: %q", end, got)
	}
	m = tuitest.Press(selectPart(t, m, "db"), "i")
	if !strings.Contains(m.msg, "at a time from 0 to "+end+",") {
		t.Errorf("the fault prompt's note should write the run's end as the sandbox's clock does, %q: %q", end, m.msg)
	}
}
