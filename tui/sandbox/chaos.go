package sandbox

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/chaos"
	"github.com/breakerlab/breakerlab/tui/internal/playback"
	"github.com/breakerlab/breakerlab/tui/pane"
	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
)

// Chaos: faults the learner injects at the moment shown (key f). Each is
// an engine/chaos spec, applied to the scenario as an event like a
// scripted fault, so everything that re-runs the scenario keeps it:
// seeking and rewinding, another variant, compare mode, another seed, the
// knob form, and w, whose file `breakerlab run FILE` plays the same.

// withFaultsFor is the scenario to run with the injected faults, and the
// scenario without them (nil when there are none), for a learner on
// variant shown, whom a refusal names that variant, and quotes words[i]
// for spec i where the learner typed it (chaos.ApplyTyped).
func withFaultsFor(sc *engine.Scenario, specs []chaos.Spec, words []string, shown int) (plain, run *engine.Scenario, err error) {
	if len(specs) == 0 {
		return nil, sc, nil
	}
	run, err = chaos.ApplyTyped(sc, specs, words, shown)
	if err != nil {
		return nil, nil, err
	}
	return sc, run, nil
}

// knobs is the scenario as the knobs set it, before the injected faults.
func (s *sim) knobs() *engine.Scenario {
	if s.plain != nil {
		return s.plain
	}
	return s.sc
}

// setInjected re-runs the scenario with specs as its injected faults, at
// the same moment; on an error the old run stays.
func (s *sim) setInjected(specs []chaos.Spec) error {
	plain, sc, err := withFaultsFor(s.knobs(), specs, s.words(specs), s.variant)
	if err != nil {
		return err
	}
	return s.runInjected(plain, sc, specs)
}

// runInjected runs sc, the knobs' scenario with specs injected (plain
// without them), in place of the scenario; on an error the old run stays.
func (s *sim) runInjected(plain, sc *engine.Scenario, specs []chaos.Spec) error {
	// The step snapshots go with the old run: the run is the same up to
	// the fault's moment, but a snapshot also says when the fault in force
	// ends, which a fault injected later can move.
	if err := s.runInstead(sc); err != nil {
		return err
	}
	s.plain, s.injected = plain, specs
	for sp := range s.typed {
		if !slices.Contains(specs, sp) {
			delete(s.typed, sp) // taken out: its words go with it
		}
	}
	return nil
}

// typedAs records that sp was typed as words at the chaos prompt.
func (s *sim) typedAs(sp chaos.Spec, words string) {
	if s.typed == nil {
		s.typed = map[chaos.Spec]string{}
	}
	s.typed[sp] = words
}

// words is the words each of specs was typed in, "" for one that was not
// typed (moved with a key, given as --fault); nil if none was.
func (s *sim) words(specs []chaos.Spec) []string {
	if len(s.typed) == 0 {
		return nil
	}
	out := make([]string, len(specs))
	for i, sp := range specs {
		out[i] = s.typed[sp]
	}
	return out
}

// Injected lists the faults injected so far, in the order they apply.
func (m Model) Injected() []chaos.Spec { return slices.Clone(m.sim.injected) }

// Inject adds a fault, as the chaos menu's prompt does; the model returned
// shows the run with it.
func (m Model) Inject(sp chaos.Spec) (Model, error) {
	err := m.inject(append(slices.Clone(m.sim.injected), sp), "injected "+sp.Told(m.end()), false)
	return m, err
}

// ChaosFor opens the chaos menu on the faults of one part, by the name a
// fault spec gives it ("inventory", "api#3", "inventory/database",
// "acme"): what a selection elsewhere (a map of the system) hands over.
func (m Model) ChaosFor(target string) (Model, error) {
	targets := chaos.TargetsOf(m.sim.knobs())
	t, ok := chaos.Find(targets, target)
	if !ok {
		return m, fmt.Errorf("%s has no part called %q; targets: %s", m.sim.sc.Name, target, chaos.Describe(targets))
	}
	m.openChaos()
	m.chaos.target, m.chaos.kinds, m.chaos.cursor = t, true, 0
	m.refresh()
	return m, nil
}

// setInjected runs specs as the injected faults and says so in note; in
// compare mode both sides re-run. On a long run the re-run is played in
// slices first (injectWork), and the faults are injected once it is: a
// fault injected at 12 h re-ran 12 hours of the run in one Update.
func (m *Model) setInjected(specs []chaos.Spec, note string) error {
	return m.inject(specs, note, true)
}

// inject is setInjected, in slices when sliced (a key's), else at once
// (Inject's, whose caller expects the run with the fault).
func (m *Model) inject(specs []chaos.Spec, note string, sliced bool) error {
	m.mainAtSides() // compare mode: re-run at the moment on screen
	if err := m.limits.check(mustApplied(m.sim.knobs(), specs), 1); err != nil {
		return err
	}
	plain, sc, err := withFaultsFor(m.sim.knobs(), specs, m.sim.words(specs), m.sim.variant)
	if err != nil {
		return err
	}
	apply := func(m *Model) error {
		if err := m.sim.runInjected(plain, sc, specs); err != nil {
			return err
		}
		m.reopenCompare(note, note+": both sides re-run", note+"; compare closed: ", false)
		return nil
	}
	if !sliced {
		return apply(m)
	}
	if w := m.injectWork(sc, m.sim.at, apply); w != nil {
		m.begin(w)
		return nil
	}
	return apply(m)
}

// mustApplied is sc with specs, or sc when they do not apply (the run
// then refuses them with the message).
func mustApplied(sc *engine.Scenario, specs []chaos.Spec) *engine.Scenario {
	if out, err := chaos.Apply(sc, specs); err == nil {
		return out
	}
	return sc
}

// chaosMenu is the chaos menu: the faults injected so far, then the parts
// of the system; enter on a part lists the faults it takes, and enter on
// one of those opens a prompt with the spec written out, to edit or take.
type chaosMenu struct {
	targets []chaos.Target
	cursor  int
	kinds   bool // listing the faults of target
	target  chaos.Target
	top     int // the first row shown, when the rows do not fit
	// err is why the spec typed was refused, in full: the prompt's line
	// has room for a pointer to it only.
	err string
	// moved says why the spec the prompt started from is not at the
	// moment shown (chaos_prefill.go), while that prompt is open.
	moved string
	// offered is the spec the open prompt started from (filled in, or
	// the injected one being edited): what a lone argument typed over it
	// goes into (argTyped).
	offered chaos.Spec
}

// chaosKeys are the menu's keys.
type chaosKeys struct {
	Up, Down, Choose, Remove, Earlier, Later, Back key.Binding
}

var chaosKeyMap = chaosKeys{
	Up:      playback.Bind([]string{"up", "k"}, "↑/k", "up"),
	Down:    playback.Bind([]string{"down", "j"}, "↓/j", "down"),
	Choose:  playback.Bind([]string{"enter"}, "enter", "choose"),
	Remove:  playback.Bind([]string{"d", "delete", "backspace"}, "d", "remove"),
	Earlier: playback.Bind([]string{"left", "<"}, "←", "1 s earlier"),
	Later:   playback.Bind([]string{"right", ">"}, "→", "1 s later"),
	Back:    playback.Bind([]string{"esc", "f"}, "esc", "back"),
}

// promptChaos is the prompt that takes a fault spec.
const promptChaos = 100

func (m *Model) openChaos() {
	m.clock.Play(false)
	m.mainAtSides() // compare mode: what is in force is the left side's (prefillFault)
	m.chaos = &chaosMenu{targets: chaos.TargetsOf(m.sim.knobs())}
}

// rows is how many rows the menu lists now.
func (c *chaosMenu) rows(injected int) int {
	if c.kinds {
		return len(c.target.Kinds)
	}
	return injected + len(c.targets)
}

// chaosKey handles a key while the menu is open.
func (m Model) chaosKey(k tea.KeyMsg) (tea.Model, tea.Cmd) {
	c := m.chaos
	n := c.rows(len(m.sim.injected))
	onInjected := !c.kinds && c.cursor < len(m.sim.injected)
	km := chaosKeyMap
	switch {
	case k.Type == tea.KeyCtrlC:
		return m.quit()
	case key.Matches(k, km.Back):
		if c.kinds {
			c.kinds, c.cursor = false, len(m.sim.injected)+targetIndex(c.targets, c.target.Name)
		} else {
			m.chaos = nil
		}
	case key.Matches(k, km.Up):
		c.cursor = max(c.cursor-1, 0)
	case key.Matches(k, km.Down):
		c.cursor = min(c.cursor+1, n-1)
	case onInjected && key.Matches(k, km.Remove):
		specs := slices.Delete(slices.Clone(m.sim.injected), c.cursor, c.cursor+1)
		gone := m.sim.injected[c.cursor]
		if m.report(m.setInjected(specs, "removed "+gone.Told(m.end()))) {
			c.cursor = min(c.cursor, max(c.rows(len(specs))-1, 0))
		}
	case onInjected && (key.Matches(k, km.Earlier) || key.Matches(k, km.Later)):
		specs := slices.Clone(m.sim.injected)
		sp := &specs[c.cursor]
		if key.Matches(k, km.Earlier) {
			sp.At = max(sp.At-time.Second, 0)
		} else {
			sp.At += time.Second
		}
		// Told, as a fault typed at the prompt is confirmed: one that
		// outlasts the run reads "from 13s to the end" after a move too,
		// where the move said "13s ... for 25s" of a 30 s run.
		m.report(m.setInjected(specs, "moved to "+sp.Told(m.end())))
	case onInjected && key.Matches(k, km.Choose):
		sp := m.sim.injected[c.cursor]
		c.err, c.moved, c.offered = "", "", sp
		m.prompt = &playback.Prompt{Kind: promptChaos, Label: "edit fault", Input: sp.String(), Subject: fmt.Sprint(c.cursor),
			Hint: "AT TARGET KIND [ARGS] [for DURATION]"}
	case key.Matches(k, km.Choose) && !c.kinds && n > 0:
		c.target, c.kinds, c.cursor = c.targets[c.cursor-len(m.sim.injected)], true, 0
	case key.Matches(k, km.Choose) && c.kinds:
		m.openInject(c.target, c.target.Kinds[c.cursor])
	}
	m.refresh()
	return m, nil
}

func targetIndex(ts []chaos.Target, name string) int {
	for i, t := range ts {
		if t.Name == name {
			return i
		}
	}
	return 0
}

// moment is the virtual time as the status line shows it, cut to its
// tenth of a second (pane.Status): the moment the chaos menu names and a
// fault it fills in starts at, so the status line, the menu's title and
// the spec name one moment ("2.9 s", "2.9s"), where the title rounded it
// ("3.0 s") and the spec had it to the millisecond ("2.974s"). The run is
// re-run from the start with the fault, so one that starts a few
// milliseconds before the moment shown is in force there. The menu writes
// it as the clock does (clockTime): a long run's in its axes' unit.
func (m *Model) moment() time.Duration {
	return m.now().Truncate(100 * time.Millisecond)
}

// openInject opens the prompt that injects kind k of target t, filled in
// with a spec the engine takes (prefillFault). A kind no moment of the run
// takes is said in the status line instead; a spec the engine refuses
// after all is offered with the refusal above it, to edit.
func (m *Model) openInject(t chaos.Target, k chaos.Kind) {
	sp, moved, err := prefillFault(m.sim.knobs(), m.sim.injected, m.sim.variant, m.moment(), t, k)
	var none nothingToOffer
	if errors.As(err, &none) {
		m.setNote(none.Error(), true)
		return
	}
	m.prompt = &playback.Prompt{Kind: promptChaos, Label: "inject", Input: sp.String(), Subject: "new",
		Hint: "AT TARGET KIND [ARGS] [for DURATION]"}
	m.chaos.err, m.chaos.moved, m.chaos.offered = "", "", sp
	if err != nil {
		m.prompt.Err = "not injected: why is above"
		m.chaos.err = err.Error()
		return
	}
	if moved != "" {
		m.chaos.moved = "Not at " + clockTime(m.moment(), m.end()) + ": " + moved + "."
	}
}

// chaosPrompt answers the prompt: the spec typed is injected (or replaces
// the one being edited), or the prompt stays open saying what is wrong.
func (m *Model) chaosPrompt(p *playback.Prompt) {
	refuse := func(err error) {
		p.Err = "not injected: why is above"
		p.Select() // the next spec typed replaces the refused one; an arrow edits it
		if m.chaos != nil {
			m.chaos.err = err.Error()
		}
	}
	if m.chaos != nil {
		if line, over, ok := argTyped(m.chaos.offered, p.Input); ok {
			// Typing replaced the whole line the prompt offered: the
			// argument alone goes back into it, and the line shown is
			// the one refused or injected.
			p.Input = line
			if over != nil {
				refuse(over)
				return
			}
		}
	}
	sp, err := chaos.ParseIn(m.sim.knobs(), p.Input)
	if err != nil {
		refuse(err)
		return
	}
	m.sim.typedAs(sp, p.Input)
	specs := slices.Clone(m.sim.injected)
	// Told: a fault that outlasts the run reads as running to its end.
	note := "injected " + sp.Told(m.end())
	if i, err := strconv.Atoi(p.Subject); err == nil && i >= 0 && i < len(specs) {
		specs[i] = sp
		note = "changed to " + sp.Told(m.end())
	} else {
		specs = append(specs, sp)
	}
	if err := m.setInjected(specs, note); err != nil {
		refuse(err)
		return
	}
	m.prompt = nil
	if m.chaos != nil {
		m.chaos.kinds, m.chaos.cursor, m.chaos.err, m.chaos.moved = false, 0, "", ""
	}
}

// argTyped reads typed, what the learner typed over the prompt that
// offered spec, as that spec's argument alone when it is one word and
// the kind takes an argument ("150" over "0s orders errors 50% for 10s"):
// the line is the offered one with that argument, its moment, target and
// span kept. Typing replaces the selected line, so "150" typed for
// errors PERCENT was read as a whole spec and refused with the grammar,
// the learner's line gone. A bare number over 1 for errors is a percent,
// as the menu's PERCENT says (a share is at most 1, so no number the
// engine takes changes meaning); one over 100 is refused in over, saying
// what is allowed. ok is false for anything else, read as typed.
func argTyped(offered chaos.Spec, typed string) (line string, over error, ok bool) {
	word := strings.TrimSpace(typed)
	switch {
	case word == "" || strings.ContainsAny(word, " \t"):
		return "", nil, false
	case offered.Kind != chaos.Slow && offered.Kind != chaos.Errors && offered.Kind != chaos.Surge:
		return "", nil, false
	}
	whole := offered.String()
	spanless := offered
	spanless.For = 0
	head := spanless.String()
	cut := strings.LastIndexByte(head, ' ') // before the argument, which holds no space
	if cut < 0 || !strings.HasPrefix(whole, head) {
		return "", nil, false
	}
	if offered.Kind == chaos.Errors {
		if v, err := strconv.ParseFloat(word, 64); err == nil && v > 1 {
			word += "%"
		}
		if v, err := strconv.ParseFloat(strings.TrimSuffix(word, "%"), 64); err == nil && strings.HasSuffix(word, "%") && v > 100 {
			over = fmt.Errorf("%s is over 100%%: errors fails a share of the calls, above 0 and up to 100%%, e.g. 50%%", word)
		}
	}
	return head[:cut+1] + word + whole[len(head):], over, true
}

// chaosView draws the menu in the body's h lines.
func (m Model) chaosView(h int) []string {
	c := m.chaos
	w := m.w - 2
	var lines []string
	if c.err != "" && m.prompt != nil {
		for _, l := range strings.Split(ansi.Wordwrap(c.err, w, " "), "\n") {
			lines = append(lines, m.th.Error.Render(l))
		}
	} else if c.moved != "" && m.prompt != nil {
		for _, l := range pane.Wrap(c.moved, max(w, 1)) {
			lines = append(lines, m.th.Dim.Render(l))
		}
	}
	cursorAt := -1
	row := func(i int, text string) {
		mark := "  "
		if i == c.cursor {
			mark = "▸ "
			cursorAt = len(lines)
			text = m.th.Selected.Render(ansi.Truncate(text, w-2, "…"))
		} else {
			text = ansi.Truncate(text, w-2, "…")
		}
		lines = append(lines, mark+text)
	}
	if c.kinds {
		lines = append(lines, m.th.Bold.Render(fmt.Sprintf("%s: what happens at %s?", partName(c.target.Part, shownName(c.target)), clockTime(m.moment(), m.end()))))
		blocked := m.surgeBlocked(c.target)
		for i, k := range c.target.Kinds {
			words := kindWords(c.target.Part, k)
			if k == chaos.Surge && len(blocked) > 0 {
				words += "; not " + spansWords(blocked, m.end())
			}
			row(i, fmt.Sprintf("%-15s %s", k.Usage(), words))
		}
		if len(blocked) > 0 {
			// Said before the learner picks it: the prompt would move a
			// surge asked for in there, and the engine refuse one typed.
			why := fmt.Sprintf("A surge of %s may not meet %s: a burst carries one tenant's traffic.", shownName(c.target), blockedWords(blocked, m.end()))
			for _, l := range pane.Wrap(why, max(w, 1)) {
				lines = append(lines, m.th.Dim.Render(l))
			}
		}
	} else {
		if len(m.sim.injected) > 0 {
			lines = append(lines, m.th.Bold.Render("Injected")+m.th.Dim.Render(" · enter edits, d removes, ←/→ move 1 s"))
			for i, sp := range m.sim.injected {
				// Told, as the note that confirmed it: one form a fault.
				row(i, sp.Told(m.end()))
			}
		} else {
			// Wrapped to the pane, not cut: at 80 columns the first line
			// lost "rewind," to an ellipsis.
			for _, l := range pane.Wrap("Nothing injected yet. Every run of this scenario keeps what you inject: rewind, variants, compare, another seed (S), and the file w writes.", max(w, 1)) {
				lines = append(lines, m.th.Dim.Render(l))
			}
		}
		lines = append(lines, m.th.Bold.Render("Parts")+m.th.Dim.Render(" · enter lists what can go wrong"))
		nameW := nameColumn(c.targets, w)
		for i, t := range c.targets {
			var kinds []string
			for _, k := range t.Kinds {
				kind := k.String()
				if blocked := m.surgeBlocked(t); k == chaos.Surge && len(blocked) > 0 {
					kind += " outside " + spansWords(blocked, m.end())
				}
				kinds = append(kinds, kind)
			}
			// The kinds a row has room for, whole: a dependency's six
			// ran past an 80-column menu and lost "recover" to "re…".
			what := wholeWords(kinds, w-2-nameW-12)
			if t.Part == chaos.InstancePart {
				// A fleet's instances take what its service takes: the
				// rows say which fleet instead of the same list again.
				what = "the same, on this instance alone"
			}
			row(len(m.sim.injected)+i, fmt.Sprintf("%s %-10s %s", padCut(shownName(t), nameW), t.Part, what))
		}
	}
	room := h - 2
	if room < 1 {
		room = 1
	}
	if cursorAt >= 0 {
		if cursorAt < c.top {
			c.top = cursorAt
		}
		if cursorAt >= c.top+room {
			c.top = cursorAt - room + 1
		}
	}
	c.top = min(c.top, max(len(lines)-room, 0))
	shown := lines[c.top:min(len(lines), c.top+room)]
	notes := []string{"faults become events of the scenario", ""}
	if len(shown) < len(lines) {
		// Rows out of sight: the note says where, and the arrows reach them.
		more := fmt.Sprintf("rows %d–%d of %d · ↑/↓ scroll", c.top+1, c.top+len(shown), len(lines))
		notes = []string{more, fmt.Sprintf("%d–%d of %d", c.top+1, c.top+len(shown), len(lines)), ""}
	}
	title, note := pane.Titled(m.w, []string{fmt.Sprintf("Chaos · %s at %s", m.sim.sc.Name, clockTime(m.moment(), m.end())), "Chaos"}, notes)
	return pane.Frame(m.th, m.w, h, title, note, shown)
}

// nameColumn is the width of the chaos menu's column of part names in a
// pane w cells wide: 22 cells, or as wide as the longest name where the
// pane has room for it (up to a third of the pane), so that every row's
// part and faults start in one column. A name longer than that is cut
// with … (padCut) rather than pushing its row's columns out of line
// ("endpoint:recommendations" did).
func nameColumn(ts []chaos.Target, w int) int {
	longest := 0
	for _, t := range ts {
		longest = max(longest, ansi.StringWidth(shownName(t)))
	}
	return max(22, min(longest, w/3))
}

// wholeWords joins words with commas in at most w cells, leaving out
// the last ones whole where they do not fit, and saying so with "…":
// enter on the row lists them all.
func wholeWords(words []string, w int) string {
	all := strings.Join(words, ", ")
	for n := len(words); n > 0 && ansi.StringWidth(all) > w; n-- {
		all = strings.Join(words[:n-1], ", ") + ", …"
	}
	return all
}

// padCut is s in exactly w cells: cut with … when longer, padded with
// spaces when shorter.
func padCut(s string, w int) string {
	s = ansi.Truncate(s, w, "…")
	return s + strings.Repeat(" ", max(w-ansi.StringWidth(s), 0))
}

// partName names a part with its kind, "dependency inventory", or by its
// name alone when the name is the kind's word (breaker-timeline's node
// called "dependency" read "dependency dependency").
func partName(p chaos.Part, name string) string {
	if strings.EqualFold(name, fmt.Sprint(p)) {
		return name
	}
	return fmt.Sprintf("%s %s", p, name)
}

// shownName is a part's name as the menu shows it: the spec's name
// without the "endpoint:" a spec puts before a name two parts share (an
// endpoint and the dependency it calls, cascade's recommendations), since
// the menu's part column says which part it is.
func shownName(t chaos.Target) string {
	return strings.TrimPrefix(t.Name, t.Part.String()+":")
}

// kindWords says what a kind does to a part, for the menu.
func kindWords(p chaos.Part, k chaos.Kind) string {
	service := p == chaos.ServicePart || p == chaos.InstancePart
	switch {
	case k == chaos.Slow && service:
		return "each request holds a worker that much longer"
	case k == chaos.Slow:
		return "every call takes the latency you type"
	case k == chaos.Hang && service:
		return "takes calls, answers none until it ends"
	case k == chaos.Hang:
		return "calls get no answer until it ends"
	case k == chaos.Unreachable:
		// A hang's host still accepts connections; this one's dials
		// hang as well, until the fault ends or the dial timeout.
		return "dials and calls get no answer until it ends"
	case k == chaos.Errors:
		return "that share of calls fails at once"
	case k == chaos.Down && p == chaos.InstancePart:
		return "refuses connections; its share goes to the others"
	case k == chaos.Down && service:
		return "refuses connections: every call to it fails at once"
	case k == chaos.Down:
		return "refuses connections: every call fails at once"
	case k == chaos.Restart:
		return "crashes, loses its memory, back after the span"
	case k == chaos.Surge && p == chaos.TenantPart:
		return "its traffic times the factor, for the span"
	case k == chaos.Surge:
		return "traffic times the factor, for the span"
	case k == chaos.Recover:
		return "ends the fault in force now"
	}
	return ""
}

// chaosHelp is the key line while the menu is open.
func (m Model) chaosHelp() []key.Binding {
	km := chaosKeyMap
	if m.chaos != nil && !m.chaos.kinds && m.chaos.cursor < len(m.sim.injected) {
		// ← and → share an entry, so that esc, the way out, fits at 80.
		return []key.Binding{km.Up, km.Down, km.Choose, km.Remove, playback.Short("←/→", "move 1 s"), km.Back}
	}
	return []key.Binding{km.Up, km.Down, km.Choose, km.Back}
}

// injectedComment heads a written file with the faults injected, which
// the file holds as faults and bursts like any other, each as the --fault
// that gives the same run: its exact span (String), not the list's "to the
// end" (Told), since a fault that outlasts the traffic still acts in the
// drain, where one "to the end" and one "for 25s" part.
func injectedComment(specs []chaos.Spec) string {
	if len(specs) == 0 {
		return ""
	}
	var b strings.Builder
	b.WriteString("# Faults injected in the sandbox (written below as faults and bursts):\n")
	for _, sp := range specs {
		b.WriteString("#   --fault '" + sp.String() + "'\n")
	}
	return b.String()
}
