package mappane

import (
	"slices"
	"strings"

	"github.com/breakerlab/breakerlab/tui/pane"
	"github.com/breakerlab/breakerlab/tui/theme"
	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
)

// Keys is the map's key map.
type Keys struct {
	// Next and Prev move the selection a node down or up the tree;
	// NextInstance and PrevInstance through a fleet's instances.
	Next, Prev, NextInstance, PrevInstance key.Binding
}

// DefaultKeys binds n/N for nodes and >/< for instances: the arrows
// belong to time and to the fleet pane in the sandbox.
func DefaultKeys() Keys {
	return Keys{
		Next:         key.NewBinding(key.WithKeys("n"), key.WithHelp("n", "map: next node")),
		Prev:         key.NewBinding(key.WithKeys("N"), key.WithHelp("N", "map: previous node")),
		NextInstance: key.NewBinding(key.WithKeys(">"), key.WithHelp(">", "map: next instance")),
		PrevInstance: key.NewBinding(key.WithKeys("<"), key.WithHelp("<", "map: previous instance")),
	}
}

// Model is the map pane.
type Model struct {
	th   *theme.Theme
	keys Keys
	w, h int

	g graph
	// moment writes a long run's times (pane.Data.Moment).
	moment pane.MomentFunc
	// The selection: a node and an instance of it (-1: the whole node),
	// and what it was, to find it again in the next snapshot.
	selNode, selInst int
	sel              Target

	// static: a parent that gives the map no keys (the lesson player)
	// shows no cursor and no selection line.
	static bool

	rowsShown []row // the rows drawn last, for the mouse
	top       int   // the body line the first row is on

	view  string
	dirty bool

	// laid is the layout last worked out, for the rows (with or without
	// the fleets' strips) and width in laidFor; laidOK until anything
	// changes. A lesson asks how many columns fit (Columns) at every
	// snapshot and then draws the map (View): one layout serves both.
	laid    layout
	laidFor layoutKey
	laidOK  bool
}

// layoutKey is what a layout is worked out for, besides the snapshot.
type layoutKey struct {
	strips bool
	inner  int
}

// changed marks the view and the layout to be worked out again.
func (m *Model) changed() { m.dirty, m.laidOK = true, false }

// New makes an empty map.
func New(th *theme.Theme) *Model {
	return &Model{th: th, keys: DefaultKeys(), selNode: -1, selInst: -1, dirty: true}
}

// SetStatic turns the selection's cursor and line off, for a parent
// that does not pass the map its keys.
func (m *Model) SetStatic(on bool) {
	if on != m.static {
		m.static = on
		m.changed()
	}
}

// Keys is the key map, for a parent's help.
func (m *Model) Keys() Keys { return m.keys }

// Init does nothing.
func (m *Model) Init() tea.Cmd { return nil }

// Update takes pane.DataMsg, the selection keys and mouse clicks (in the
// pane's own coordinates: 0,0 is its top-left corner).
func (m *Model) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case pane.DataMsg:
		m.SetData(pane.Data(msg))
	case tea.KeyMsg:
		m.Key(msg)
	case tea.MouseMsg:
		if msg.Action == tea.MouseActionPress && msg.Button == tea.MouseButtonLeft {
			m.Click(msg.X, msg.Y)
		}
	}
	return m, nil
}

// SetSize sets the pane's outer size, border included.
func (m *Model) SetSize(w, h int) {
	if w != m.w || h != m.h {
		// The layout is keyed on its width (layoutKey), and its height
		// only chooses the rows (strips or not), also in the key: a lesson
		// that sizes the map to ask its extent, then places it at that
		// width, lays it out once.
		m.w, m.h = w, h
		m.dirty = true
	}
}

// SetData takes a new snapshot, keeping the selection on the node (and
// instance) it was on when the new run still has it.
func (m *Model) SetData(d pane.Data) {
	if d.Snap == nil {
		return
	}
	m.g = build(d.Snap)
	m.moment = d.Moment
	m.g.markBursts(d.Faults, d.Snap.Now)
	m.selNode, m.selInst = m.find(m.sel)
	m.sel = m.target(m.selNode, m.selInst)
	m.changed()
}

// find is the node and instance of t in the graph: the front when t is
// gone.
func (m *Model) find(t Target) (int, int) {
	for i := range m.g.nodes {
		n := &m.g.nodes[i]
		if n.kind == t.Kind && n.name == t.Name {
			if t.Instance >= 0 && t.Instance < len(n.instances) {
				return i, t.Instance
			}
			return i, -1
		}
	}
	return m.g.front, -1
}

func (m *Model) target(i, k int) Target {
	if i < 0 || i >= len(m.g.nodes) {
		return Target{}
	}
	return Target{Kind: m.g.nodes[i].kind, Name: m.g.nodes[i].name, Instance: k}
}

// Selected is the selected node, or one instance of a fleet.
func (m *Model) Selected() Target { return m.sel }

// SelectedInstances is how many instances the selected node has: 0 for
// a node that is not a fleet, whose > and < have nothing to step through.
func (m *Model) SelectedInstances() int {
	order := m.g.order()
	if len(order) == 0 {
		return 0
	}
	// The node Key steps from: the first before any is selected.
	at := max(slices.Index(order, m.selNode), 0)
	return len(m.g.nodes[order[at]].instances)
}

// SelectedName is the selection as the engine and the scenario name it:
// "inventory", "api#3", "acme", or FrontName.
func (m *Model) SelectedName() string { return m.sel.String() }

// Select selects the node named name ("api#3" for an instance); it
// reports whether there is one.
func (m *Model) Select(name string) bool {
	base, inst := name, -1
	if i := strings.LastIndexByte(name, '#'); i > 0 {
		var n int
		for _, r := range name[i+1:] {
			if r < '0' || r > '9' {
				return false
			}
			n = n*10 + int(r-'0')
		}
		base, inst = name[:i], n
	}
	for i := range m.g.nodes {
		n := &m.g.nodes[i]
		if n.name == base && (inst < 0 || inst < len(n.instances)) {
			m.selNode, m.selInst = i, inst
			m.sel = m.target(i, inst)
			m.changed()
			return true
		}
	}
	return false
}

// Names lists every node's name in the order drawn, for tests and for a
// parent that offers them.
func (m *Model) Names() []string {
	var out []string
	for _, i := range m.g.order() {
		out = append(out, m.g.nodes[i].name)
	}
	return out
}

func (m *Model) isSelected(i, k int) bool { return i == m.selNode && k == m.selInst }

// Key moves the selection; it reports whether k was one of the map's keys.
func (m *Model) Key(k tea.KeyMsg) bool {
	order := m.g.order()
	if len(order) == 0 {
		return false
	}
	at := max(slices.Index(order, m.selNode), 0)
	switch {
	case key.Matches(k, m.keys.Next):
		m.selNode, m.selInst = order[(at+1)%len(order)], -1
	case key.Matches(k, m.keys.Prev):
		m.selNode, m.selInst = order[(at+len(order)-1)%len(order)], -1
	case key.Matches(k, m.keys.NextInstance), key.Matches(k, m.keys.PrevInstance):
		n := len(m.g.nodes[order[at]].instances)
		if n == 0 {
			return true // nothing to move through; the line says so
		}
		step := 1
		if key.Matches(k, m.keys.PrevInstance) {
			step = n
		}
		// -1 (the whole fleet) is one stop of the cycle.
		m.selInst = (m.selInst+1+step)%(n+1) - 1
	default:
		return false
	}
	m.sel = m.target(m.selNode, m.selInst)
	m.changed()
	return true
}

// Click selects what is at x, y (the pane's own coordinates): a node's
// row, or an instance's cell in a fleet's strip. It reports whether it hit
// one.
func (m *Model) Click(x, y int) bool {
	line := y - 1 - m.top // the top edge, then the header
	if line < 0 || line >= len(m.rowsShown) || x < 1 || x >= m.w-1 {
		return false
	}
	r := m.rowsShown[line]
	inst := -1
	if r.strip {
		// The cells start after the cursor, the indent and two spaces;
		// each is one cell wide but the selected one, drawn "[g]".
		pos := x - 1 - 1 - ansi.StringWidth(r.prefix) - 2
		for k := range m.g.nodes[r.node].instances {
			w := 1
			if m.isSelected(r.node, k) {
				w = 3
			}
			if pos >= 0 && pos < w {
				inst = k
				break
			}
			pos -= w
		}
	}
	m.selNode, m.selInst = r.node, inst
	m.sel = m.target(m.selNode, m.selInst)
	m.changed()
	return true
}

// View draws the pane.
func (m *Model) View() string {
	if m.dirty {
		m.view = strings.Join(m.render(), "\n")
		m.dirty = false
	}
	return m.view
}

// MinHeight is the least height that shows every node: a row each, the
// frame and the selection line.
func (m *Model) MinHeight() int {
	if m.static {
		return 2 + len(m.g.rows(false))
	}
	return 2 + len(m.g.rows(false)) + 1
}

// Needs is the height that shows the header, the selection line and the
// legend too.
func (m *Model) Needs() int { return 2 + m.needRows(false) }

// Max is the height with every fleet's instance strip.
func (m *Model) Max() int { return 2 + m.needRows(true) }
