package shardview

import (
	"fmt"
	"strings"

	"github.com/breakerlab/breakerlab/tui/internal/helpview"
	"github.com/breakerlab/breakerlab/tui/internal/playback"
	"github.com/breakerlab/breakerlab/tui/pane"
	"github.com/charmbracelet/bubbles/key"
	"github.com/charmbracelet/x/ansi"
)

func (m *Model) tooSmall() bool { return playback.TooSmall(m.w, m.h) }

// oddsHeight is the odds pane's share of the body: its table and total
// when there is room for them beside sides tall enough to show customers,
// else the table alone, else one line.
func (m *Model) oddsHeight(body int) int {
	for _, need := range []int{m.odds.Needs(), m.odds.Needs() - 1} {
		if body-need >= 20 {
			return need
		}
	}
	return 3
}

// layout sizes the panes for the window.
func (m *Model) layout() {
	if m.w <= 0 || m.h <= 0 || m.tooSmall() {
		return
	}
	body := m.h - 3
	oh := m.oddsHeight(body)
	lw := m.w / 2
	m.left.SetSize(lw, body-oh)
	m.right.SetSize(m.w-lw, body-oh)
	m.odds.SetSize(m.w, oh)
	m.status.SetSize(m.w, 1)
	m.help.Width = max(m.w-1, 1) // the key line starts with a space
}

// View joins the cached panes into the screen: exactly the window's size.
func (m Model) View() string {
	if m.w <= 0 || m.h <= 0 {
		return ""
	}
	if m.tooSmall() {
		// The scenario and its fleet stay above the request, as the
		// sandbox's too-small screen keeps its scenario and variant:
		// below 80 columns the screen said only how big a window it
		// needs, not what it hides.
		return m.keys.SmallViewIn(m.w, m.h, "breakerlab "+m.crumbs+" › shuffle", fleetWords(m.run.setup, m.w))
	}
	lines := make([]string, 0, m.h)
	s := m.run.setup
	lines = append(lines, m.chrome.Title(fmt.Sprint(m.w, s), m.titleLine))
	body := m.h - 3
	switch {
	case m.form != nil:
		title := "Knobs · the shuffle-sharding fleet"
		note := fmt.Sprintf("seed %d · at %s", m.run.seed, pane.Clock(m.run.Now()))
		lines = append(lines, pane.Frame(m.th, m.w, body, title, note, m.form.lines(s, m.w-2, body-2))...)
	case m.showHelp:
		lines = append(lines, m.helpv.View(m.th, "Keys")...)
	default:
		oh := m.oddsHeight(body)
		lines = playback.SideBySide(lines, m.left.View(), m.right.View(), body-oh)
		lines = append(lines, strings.Split(m.odds.View(), "\n")...)
	}
	lines = append(lines, m.status.View())
	if m.prompt != nil {
		return strings.Join(append(lines, m.prompt.View(m.th, m.w)), "\n")
	}
	mode := 0
	switch {
	case m.form != nil:
		mode = 1
	case m.showHelp:
		mode = 2
	}
	lines = append(lines, m.chrome.Keys(fmt.Sprint(m.w, mode, m.showHelp && m.helpv.Scrollable(), m.keys.atEnd, m.clock.Playing()), func() string {
		var keys []key.Binding
		switch mode {
		case 1:
			keys = m.keys.form().ShortHelp()
		case 2:
			keys = m.helpv.ShortHelp(m.keys.HelpClose)
		default:
			k := m.keys
			k.playing = m.clock.Playing()
			keys = k.main().ShortHelp()
		}
		return playback.KeyLine(m.help, keys, m.w)
	}))
	return strings.Join(lines, "\n")
}

// titleLine names the screen and the fleet.
func (m *Model) titleLine() string {
	s := m.run.setup
	head := " " + m.th.Title.Render("breakerlab") + m.th.Dim.Render(" › "+m.crumbs+" › ") + m.th.Accent.Render("shuffle") + "  "
	return pane.Fit(head+fleetWords(s, m.w-ansi.StringWidth(head)), m.w)
}

// fleetWords describes the fleet in the longest of its wordings that fits
// room cells, else the shortest: the title's and the too-small screen's
// one description.
func fleetWords(s Setup, room int) string {
	var fleet string
	for _, form := range []string{"%s workers · %d per customer · %s customers · customer %s poisoned", "%s workers, %d each · %s customers · %s poisoned", "%s workers, %d each, %s customers, %s poisoned"} {
		fleet = fmt.Sprintf(form, count(s.Workers), s.PerCustomer, count(s.Customers), customer(s.Poisoned))
		if ansi.StringWidth(fleet) <= room {
			break
		}
	}
	return fleet
}

// fillHelp lays the help screen out for the window, when it is open.
func (m *Model) fillHelp() {
	if m.showHelp {
		m.helpv.SetContent(m.helpLines(), m.w, m.h-3)
	}
}

// helpLines are the help screen's lines at the window's width: the keys,
// then what the screen shows.
func (m Model) helpLines() []string {
	body := helpview.KeyTable(m.help, m.keys.main().FullHelp(), m.w-2)
	cfg := m.run.sides[0].cfg
	about := []string{
		fmt.Sprintf("One customer sends a request every %s that crashes whichever worker takes it, and it retries on its next worker, so its whole shard goes down; a crashed worker lies dead for %s, then restarts for %s, until the next poisoned request finds it. Every other customer retries on its other workers, so it loses service only when all of them are down.",
			secondsShort(cfg.PoisonEvery), secondsShort(cfg.CrashedFor), secondsShort(cfg.RestartFor)),
		"Each side runs the same customers and the same poison under one strategy: the fleet as a grid (● up, ✗ crashed, ↻ restarting; the poisoned customer's workers in [brackets], or ◆ when packed), then a sample of customers with the workers they still have up (all, some, none).",
		"The counts are the other customers now; beside them, what the exact odds expect of the strategy once all of the poisoned customer's workers are down (\"odds, #0 down\"): exact for plain sharding, an average over draws for random and hashed shards, and no loss at all under an overlap limit. With room, a chart shows the share lost (█) and degraded (▒) over time.",
		"The odds pane counts the fleet's possible shards exactly and gives the chance that another customer's shard shares all, some or none of the poisoned one's.",
		fmt.Sprintf("Rewinding replays the same seed, so a step back shows exactly what was there. The shards come from the seed the way `breakerlab run shuffle --seed %d` draws them, so with the reference's knobs the counts at the end of the run are that command's.", m.run.seed),
	}
	out := append(body, "", m.th.Bold.Render("What the screen shows"))
	return append(out, helpview.Paragraphs(about, m.w-4)...)
}
