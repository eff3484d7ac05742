package home

import (
	"fmt"

	"github.com/breakerlab/breakerlab/tui/builder"
	"github.com/breakerlab/breakerlab/tui/sandbox"
	tea "github.com/charmbracelet/bubbletea"
)

// New system: the builder (tui/builder) and the sandbox it plays its
// system in. The builder is kept when the learner leaves it, so New
// system (or :new) opens the draft again as it was left.

// openBuilder opens the builder: the draft when there is one, else its
// list of starts (the empty server, then the scenarios of the picker
// that the sandbox can open), or the file NewSystemFile the first time.
func (m Model) openBuilder() (tea.Model, tea.Cmd) {
	if m.bd == nil {
		var starts []builder.Start
		for _, e := range m.o.Scenarios {
			if e.Build != nil && !e.ShardView && e.Unavailable == "" {
				starts = append(starts, builder.Start{Name: e.Name, Summary: e.Summary, Build: e.Build})
			}
		}
		if starts == nil {
			starts = []builder.Start{} // the empty server only
		}
		bd := builder.New(builder.Options{Theme: m.th, Seed: m.o.Seed, Starts: starts, CanGoHome: true, WriteElsewhere: m.o.WriteElsewhere,
			Open: m.o.NewSystemFile})
		m.bd = &bd
	}
	m.bd.SetSize(m.w, m.h)
	m.setScreen(onBuilder)
	return m, nil
}

// builderUpdate routes a message to the builder, and takes its answers:
// back to the menu, or play its system in the sandbox.
func (m Model) builderUpdate(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case builder.BackMsg:
		m.setScreen(onMenu)
		return m, nil
	case builder.PlayMsg:
		sb, err := sandbox.New(sandbox.Options{Theme: m.th, Scenario: msg.Scenario, Seed: msg.Seed, CanGoHome: true,
			BackTo: "back to the builder", Crumbs: []string{"new system"}, WriteElsewhere: m.o.WriteElsewhere, Limits: m.o.Sandbox,
			KeepsFaults: true}) // the builder takes the injected faults back: leaving asks about knob edits only
		if err != nil {
			m.setNote(fmt.Sprintf("cannot play the system: %v", err), true)
			return m, nil
		}
		next, _ := sb.Update(m.size())
		m.sb = next.(sandbox.Model)
		m.screen, m.sbFromBuilder = onSandbox, true
		return m, m.sb.Init()
	}
	next, cmd := m.bd.Update(msg)
	bd := next.(builder.Model)
	m.bd = &bd
	return m, cmd
}
