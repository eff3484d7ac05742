package sandbox

import (
	"fmt"
	"strings"

	"github.com/breakerlab/breakerlab/tui/internal/helpview"
	"github.com/breakerlab/breakerlab/tui/internal/playback"
	"github.com/breakerlab/breakerlab/tui/pane"
	"github.com/charmbracelet/bubbles/key"
	"github.com/charmbracelet/x/ansi"
)

// rects is where each pane goes: the top row (pool, breaker) and the bottom
// row (outcomes, in flight), each split at the same column.
type rects struct {
	left, right int // widths of the two columns
	top, bottom int // heights of the two rows
}

// tooSmall says whether the window is below the full layout's minimum.
func (m *Model) tooSmall() bool { return playback.TooSmall(m.w, m.h) }

// plan divides the body (everything but the title, status and help lines).
func (m *Model) plan() rects {
	body := m.h - 3
	var r rects
	r.left = min(max(m.w*45/100, 36), 72)
	r.right = m.w - r.left
	need := max(m.pool.Needs(r.left), m.brk.Needs(r.right))
	const minBottom = 9
	r.top = min(need, body-minBottom)
	// Give spare rows to the charts, but let the top row grow a little
	// when the breaker has a long log to show.
	r.bottom = body - r.top
	return r
}

// layout sizes the panes for the window.
func (m *Model) layout() {
	if m.w <= 0 || m.h <= 0 || m.tooSmall() {
		return
	}
	m.status.SetSize(m.w, 1)
	m.help.Width = m.w
	if m.cmp != nil {
		m.layoutCompare()
		return
	}
	r := m.plan()
	m.pool.SetSize(r.left, r.top)
	m.brk.SetSize(r.right, r.top)
	m.out.SetSize(r.left, r.bottom)
	m.inf.SetSize(r.right, r.bottom)
}

// View joins the cached panes into the screen: exactly the window's size.
func (m Model) View() string {
	if m.w <= 0 || m.h <= 0 {
		return ""
	}
	if m.tooSmall() {
		return playback.SmallView(m.w, m.h)
	}
	lines := make([]string, 0, m.h)
	// The key holds the run's generation: a knob, which can rename the
	// variants, starts a new one.
	lines = append(lines, m.chrome.Title(fmt.Sprint(m.w, m.sim.variant, m.sim.sc.Name, m.cmp != nil, m.sim.gen), m.titleLine))
	body := m.h - 3
	switch {
	case m.form != nil:
		lines = append(lines, m.formView(body)...)
	case m.showHelp:
		lines = append(lines, m.helpv.View(m.th, "Keys")...)
	case m.cmp != nil:
		lines = m.compareView(lines)
	default:
		r := m.plan()
		lines = playback.SideBySide(lines, m.pool.View(), m.brk.View(), r.top)
		lines = playback.SideBySide(lines, m.out.View(), m.inf.View(), r.bottom)
	}
	lines = append(lines, m.status.View())
	mode := 0
	switch {
	case m.form != nil:
		mode = 1
	case m.showHelp:
		mode = 2
	case m.cmp != nil:
		mode = 3
	}
	lines = append(lines, m.chrome.Keys(fmt.Sprint(m.w, mode, m.showHelp && m.helpv.Scrollable()), func() string {
		var keys []key.Binding
		switch mode {
		case 1:
			keys = m.keys.form().ShortHelp()
		case 2:
			keys = m.helpv.ShortHelp(m.keys.HelpClose)
		case 3:
			keys = m.keys.compare().ShortHelp()
		default:
			keys = m.keys.main().ShortHelp()
		}
		return pane.Fit(" "+m.help.ShortHelpView(keys), m.w)
	}))
	return strings.Join(lines, "\n")
}

// titleLine names the screen and the scenario, then the variants as tabs.
func (m *Model) titleLine() string {
	sc := m.sim.sc
	head := " " + m.th.Title.Render("breakerlab") + m.th.Dim.Render(" › sandbox › ") + m.th.Accent.Render(sc.Name) + "  "
	if m.cmp != nil {
		head = strings.TrimSuffix(head, "  ") + m.th.Dim.Render(" › ") + m.th.Bold.Render("compare") + m.th.Dim.Render(": two runs on the same seeded traffic")
		return pane.Fit(head, m.w)
	}
	room := m.w - ansi.StringWidth(head) - 1
	n := len(sc.Variants)
	if n == 0 || room < 4*n {
		return pane.Fit(head, m.w)
	}
	// Each tab gets an equal share; the current one shows its full name if
	// the others can shrink to their numbers.
	cur := m.sim.variant
	tabs := make([]string, n)
	share := room/n - 1
	full := func(i int) string { return fmt.Sprintf("%d %s", i+1, sc.Variants[i].Name) }
	curW := len([]rune(full(cur))) + 2
	if curW+(n-1)*4 <= room {
		share = (room - curW) / max(n-1, 1)
	}
	for i := range n {
		switch {
		case i == cur:
			tabs[i] = m.th.Selected.Render(pane.Fit("["+full(i)+"]", min(curW, room)))
		case share-1 < 10:
			// Too little room for names: the number says enough.
			tabs[i] = m.th.Dim.Render(fmt.Sprintf(" %d ", i+1))
		default:
			tabs[i] = m.th.Dim.Render(pane.Fit(" "+full(i)+" ", min(share-1, len([]rune(full(i)))+2)))
		}
	}
	return pane.Fit(head+strings.Join(tabs, " "), m.w)
}

func (m Model) formView(h int) []string {
	sc := m.sim.sc
	title := fmt.Sprintf("Knobs · %s, variant %d: %s", sc.Name, m.sim.variant+1, sc.Variants[m.sim.variant].Name)
	note := fmt.Sprintf("seed %d · at %s", m.sim.seed, pane.Seconds(m.sim.now()))
	return pane.Frame(m.th, m.w, h, title, note, m.form.lines(m.w-2, h-2))
}

// fillHelp lays the help screen out for the window, when it is open.
func (m *Model) fillHelp() {
	if m.showHelp {
		m.helpv.SetContent(m.helpLines(), m.w, m.h-3)
	}
}

// helpLines are the help screen's lines at the window's width: the keys,
// then what the panes show.
func (m Model) helpLines() []string {
	keys := m.keys.main()
	if m.cmp != nil {
		keys = m.keys.compare()
	}
	body := helpview.KeyTable(m.help, keys.FullHelp(), m.w-2)
	about := []string{
		"Worker pool: a cell per worker, lettered by the endpoint whose request holds it; · is free. A bulkhead's share is counted on its own line, with the calls it turned away.",
		"Circuit breaker: the lit state (● and capitals) is what a call arriving now finds; the edges carry their rules; ✓ and ✗ are the window's calls; the log gives each change's reason.",
		"Outcomes, as decided: a column per stretch of virtual time, filled by how the requests answered in it ended: █ ok, ▒ fallback, ░ rejected, ╳ failed; · marks a stretch in which none was answered (every request still waiting). A request counts when its answer comes, not when it arrived (the shares compare mode quotes count by arrival, as `breakerlab run` does). The heavy ━ on the time axis is the fault.",
		"Calls in flight: one line per dependency, drawn with its letter; ┄ is a bulkhead's cap. ╱ hatches the calls whose caller gave up (timed out): the dependency still works on them, so a line can rise above its cap.",
		"Compare (c): two variants side by side on the same seeded traffic and one clock, pane for pane, with each endpoint's ok share on both sides and the difference in points: a share of the requests that arrived, those still waiting included; at the end of the traffic, of the run played out, exactly as `breakerlab run` prints it. C compares one variant's breaker under Resilience4j's defaults and Polly's; p and P try the other libraries.",
		"Rewinding replays the same seeded traffic, so a step back shows exactly what was there.",
	}
	out := append(body, "", m.th.Bold.Render("What the panes show"))
	return append(out, helpview.Paragraphs(about, m.w-4)...)
}
