package sandbox

import (
	"slices"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/lessons"
	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	tea "github.com/charmbracelet/bubbletea"
)

// The picker's filter typed as a scenario file's section path, part way
// (dependencies.p, on its way to [dependencies.payments]), lists the
// knobs of that section's parts it could become: payments' and no other
// part's, not an endpoint's or a pool's whose name starts with p too. It
// matched nothing and named the vague knob "p". A section with no part so
// named says which parts it has.
func TestSweepPickerFiltersBySectionPath(t *testing.T) {
	open := func(t *testing.T, scenario, typed string) Model {
		m := newModel(t, 80, 24, Options{Scenario: tuitest.Scenario(t, scenario)})
		m = press(m, "e")
		m = send(m, ctrlS)
		if m.sw == nil {
			t.Fatalf("ctrl+s opened no picker: %s", m.form.err)
		}
		return send(m, tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune(typed)})
	}
	shown := func(m Model) []string {
		var out []string
		for _, i := range m.sw.visible() {
			out = append(out, m.sw.choices[i])
		}
		return out
	}
	for _, c := range []struct {
		scenario, typed string
		want            func(part, key string) bool // the choices it must list, and only those
	}{
		{"go-server", "dependencies.p", func(part, _ string) bool { return part == "payments" }},
		{"go-server", "variants.dependencies.payments.policy.t", func(part, key string) bool { return part == "payments" && strings.HasPrefix(key, "t") }},
		{"go-server", "system.dependencies.", func(part, _ string) bool { return part == "payments" || part == "orders-db" }},
		{"go-server", "endpoints.c", func(part, _ string) bool { return part == "checkout" }},
		{"go-server", "pools.t", func(part, _ string) bool { return part == "transport" }},
		// A service's knobs, and its dependency's as the knob writes it;
		// the call to the service, of the same name, under dependencies
		// alone: each knob under the one section its file writes it in.
		{"go-inventory", "services.i", func(part, key string) bool {
			return part == "inventory" && slices.Contains([]string{"workers", "queue", "instances", "work.value"}, key) || strings.HasPrefix(part, "inventory/")
		}},
		{"go-inventory", "dependencies.i", func(part, key string) bool {
			return part == "inventory" && slices.Contains([]string{"timeout", "deadline", "bulkhead", "retry.attempts"}, key)
		}},
		{"go-inventory", "services.inventory.dependencies.d", func(part, _ string) bool { return part == "inventory/database" }},
	} {
		t.Run(c.scenario+" "+c.typed, func(t *testing.T) {
			m := open(t, c.scenario, c.typed)
			var want []string
			for _, ch := range m.sw.choices {
				if part, key, ok := lessons.SplitKnobName(ch); ok && c.want(part, key) {
					want = append(want, ch)
				}
			}
			if len(want) == 0 {
				t.Fatalf("go-server offers no knob this filter should list; choices: %v", m.sw.choices)
			}
			if got := shown(m); strings.Join(got, " ") != strings.Join(want, " ") {
				t.Errorf("filter %q lists %v, want %v", c.typed, got, want)
			}
			if view := m.View(); !strings.Contains(view, want[0]) || strings.Contains(view, "no knob's path") {
				t.Errorf("filter %q: the picker does not show %s:\n%s", c.typed, want[0], view)
			}
		})
	}
	m := open(t, "go-server", "dependencies.zz")
	if got := shown(m); len(got) != 0 {
		t.Fatalf("dependencies.zz lists %v", got)
	}
	var said []string
	for _, l := range strings.Split(m.View(), "\n") {
		said = append(said, strings.Trim(l, " │"))
	}
	want := `no dependency's knob path begins "zz"; the dependencies with knobs to sweep: payments, orders-db. Empty the filter (backspace) to list every knob.`
	if got := strings.Join(strings.Fields(strings.Join(said, " ")), " "); !strings.Contains(got, want) {
		t.Errorf("dependencies.zz: the picker lacks %q:\n%s", want, m.View())
	}
}
