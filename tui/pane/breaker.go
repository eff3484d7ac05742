package pane

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/breaker"
	"github.com/breakerlab/breakerlab/engine/report"
	"github.com/breakerlab/breakerlab/tui/internal/grid"
	"github.com/breakerlab/breakerlab/tui/theme"
	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
)

// BreakerKeys is the breaker pane's key map.
type BreakerKeys struct {
	// Next shows the next dependency that has a breaker.
	Next key.Binding
}

// DefaultBreakerKeys binds Next to b.
func DefaultBreakerKeys() BreakerKeys {
	return BreakerKeys{Next: key.NewBinding(key.WithKeys("b"), key.WithHelp("b", "next breaker"))}
}

// Breaker draws one dependency's circuit breaker: the three states as a
// diagram with the current one lit and named, each edge labelled with its
// rule; the sliding window as ✓, ◐ (slow) and ✗ with its failure rate
// against the threshold; the open wait left or the trials used; and the transitions
// so far with their virtual time and reason.
type Breaker struct {
	th   *theme.Theme
	keys BreakerKeys
	w, h int

	pick int    // which of the breakers to show
	hint string // shown when the variant has no breaker
	// runTrans are the whole run's transitions when the caller has played
	// it to its end (SetRunTransitions): the log writes its times with the
	// decimals run's list of them has.
	runTrans []engine.Transition
	// minDecimals is the fewest decimals the log's times take
	// (SetMinDecimals).
	minDecimals int

	cur   breakerView
	dirty bool
	view  string
}

// breakerView is everything the pane draws, compared to skip redraws.
type breakerView struct {
	gen   uint64
	count int // breakers (a shared one counted once)
	// shared is the number of dependencies the breaker judges, when it
	// is a shared breaker's (Policy.SharedBreaker); 0 otherwise.
	shared int
	dep    string
	trName string // what its breaker's transitions are named: dep, or a shared breaker's group
	// elsewhere says where the breakers are when the front has none but
	// its services do ("api: 20 instances, each its own on provider").
	elsewhere string
	policy    string
	has       bool
	cfg       breaker.Config
	state     breaker.State
	window    []breaker.Call
	buckets   []breaker.Bucket
	calls     int
	failures  int
	slow      int
	inARow    int
	retries   string        // a line about retries, or ""
	openLeft  time.Duration // rounded to 100 ms
	sent      int
	passed    int
	refused   uint64
	fallback  engine.FallbackKind
	queued    uint64        // refusals stored for later (queue fallback)
	retryIn   time.Duration // the last Retry-After sent (fail-fast fallback), rounded
	trans     []engine.Transition
	transLen  int
	decimals  int        // the log's times' (report.TransitionDecimals)
	moment    MomentFunc // a long run's times (Data.Moment)
}

// NewBreaker makes an empty breaker pane.
func NewBreaker(th *theme.Theme) *Breaker {
	return &Breaker{th: th, keys: DefaultBreakerKeys(), dirty: true}
}

// Keys is the pane's key map, for the parent's help.
func (b *Breaker) Keys() BreakerKeys { return b.keys }

// Init does nothing: the pane waits for data.
func (b *Breaker) Init() tea.Cmd { return nil }

// Update takes DataMsg and the Next key.
func (b *Breaker) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case DataMsg:
		b.SetData(Data(msg))
	case tea.KeyMsg:
		if key.Matches(msg, b.keys.Next) && b.cur.count > 1 {
			b.pick = (b.pick + 1) % b.cur.count
			b.cur.gen = ^b.cur.gen // force the next SetData to redraw
			b.dirty = true
		}
	}
	return b, nil
}

// SetSize sets the pane's outer size, border included.
func (b *Breaker) SetSize(w, h int) {
	if w != b.w || h != b.h {
		b.w, b.h, b.dirty = w, h, true
	}
}

// SetHint sets the line shown when the variant has no breaker (for example
// which variant has one).
func (b *Breaker) SetHint(s string) {
	if s != b.hint {
		b.hint, b.dirty = s, true
	}
}

// SetRunTransitions hands the pane the transitions of the whole run it
// shows, played to its end, as `breakerlab run` lists them; nil when the
// caller has not played it (the log then takes the decimals of the
// transitions known so far, the run's own at its end).
func (b *Breaker) SetRunTransitions(ts []engine.Transition) { b.runTrans = ts }

// SetMinDecimals has the log write its times with at least n decimals,
// for a pane shown beside another whose times need them: the live lab's
// measured times are to the millisecond, and its simulated side, whose
// times fell on whole hundredths, read "1.45 s" beside "1.401 s" (and,
// in one line, "transitions: 3.00 s" beside "last: 3.002 s", the head
// chosen by the time's width). It holds from the next SetData.
func (b *Breaker) SetMinDecimals(n int) { b.minDecimals = n }

// Showing names the dependency whose breaker is shown, if any.
func (b *Breaker) Showing() (string, bool) { return b.cur.dep, b.cur.has }

// SetData takes a new snapshot; the pane redraws only if what it shows changed.
func (b *Breaker) SetData(d Data) {
	s := d.Snap
	if s == nil {
		return
	}
	var v breakerView
	v.gen = d.Gen
	// One entry per breaker: a breaker shared by a group of dependencies
	// is one breaker, shown under its group's name.
	var withBreaker []int
	members := map[string]int{}
	for i := range s.Dependencies {
		if s.Dependencies[i].Breaker != nil {
			name := s.Dependencies[i].BreakerName()
			if members[name]++; members[name] == 1 {
				withBreaker = append(withBreaker, i)
			}
		}
	}
	v.count = len(withBreaker)
	var dep *engine.DependencySnapshot
	if len(withBreaker) > 0 {
		dep = &s.Dependencies[withBreaker[b.pick%len(withBreaker)]]
	} else if i := focusDependency(s, d.Faults); i >= 0 {
		dep = &s.Dependencies[i]
	}
	if dep != nil {
		v.dep, v.trName = dep.Name, dep.BreakerName()
		if dep.SharedBreaker != "" {
			v.shared = members[dep.SharedBreaker]
		}
		v.policy = policyLine(dep)
		v.refused = dep.ShortCircuited
		v.fallback = dep.Fallback
		v.queued = dep.QueuedForLater
		v.retryIn = dep.RetryAfter.Round(100 * time.Millisecond)
		if dep.RetryAfter > 0 && v.retryIn == 0 {
			v.retryIn = 100 * time.Millisecond
		}
		v.retries = retryLine(dep)
		if bs := dep.Breaker; bs != nil {
			v.has = true
			v.cfg = bs.Config
			v.state = bs.State
			v.window = bs.WindowCalls
			if v.window == nil && len(bs.Window) > 0 {
				// A snapshot made without the calls (one built by
				// hand, as a test's): its results, none known to be slow.
				v.window = callsOf(bs.Window)
			}
			v.buckets = bs.Buckets
			v.calls, v.failures = bs.Calls, bs.Failures
			v.slow, v.inARow = bs.Slow, bs.Consecutive
			v.openLeft = bs.OpenRemaining.Round(100 * time.Millisecond)
			if bs.OpenRemaining > 0 && v.openLeft == 0 {
				v.openLeft = 100 * time.Millisecond
			}
			v.sent, v.passed = bs.TrialsSent, bs.TrialsPassed
			for _, t := range s.Transitions {
				if t.Service == "" && t.Dependency == v.trName {
					v.transLen++
				}
			}
			v.trans = s.Transitions
			// The decimals run's list writes the times with: from the
			// whole run when the caller has it, else from the run played
			// out (at the end) or so far.
			all := s.Transitions
			switch {
			case b.runTrans != nil:
				all = b.runTrans
			case d.Final != nil:
				all = d.Final.Transitions
			}
			v.decimals = max(report.TransitionDecimals(all), b.minDecimals)
			v.moment = d.Moment
		}
	}
	if !v.has {
		v.elsewhere = servicesBreakers(s)
	}
	if v.sameAs(&b.cur) && v.elsewhere == b.cur.elsewhere {
		return
	}
	b.cur = v
	b.dirty = true
}

func (v *breakerView) sameAs(o *breakerView) bool {
	return v.gen == o.gen && v.count == o.count && v.shared == o.shared && v.dep == o.dep && v.trName == o.trName && v.policy == o.policy && v.has == o.has &&
		v.cfg == o.cfg && v.state == o.state && slices.Equal(v.window, o.window) && slices.Equal(v.buckets, o.buckets) &&
		v.calls == o.calls && v.failures == o.failures && v.slow == o.slow && v.inARow == o.inARow &&
		v.openLeft == o.openLeft && v.retries == o.retries &&
		v.sent == o.sent && v.passed == o.passed && v.refused == o.refused && v.transLen == o.transLen && v.decimals == o.decimals && (v.moment == nil) == (o.moment == nil) &&
		v.fallback == o.fallback && v.queued == o.queued && v.retryIn == o.retryIn
}

// callsOf is a count window's results as calls, none slow.
func callsOf(rs []breaker.Result) []breaker.Call {
	out := make([]breaker.Call, len(rs))
	for i, r := range rs {
		if r == breaker.Failure {
			out[i] = breaker.CallFailed
		}
	}
	return out
}

// focusDependency picks the dependency a learner cares about when none has
// a breaker: the first with a fault, else the first called with a bulkhead,
// else the first called.
func focusDependency(s *engine.Snapshot, faults []FaultSpan) int {
	for _, f := range faults {
		for i := range s.Dependencies {
			if s.Dependencies[i].Name == f.Dependency {
				return i
			}
		}
	}
	for i := range s.Dependencies {
		if s.Dependencies[i].BulkheadCap > 0 && !Uncalled(s, s.Dependencies[i].Name) {
			return i
		}
	}
	for i := range s.Dependencies {
		if !Uncalled(s, s.Dependencies[i].Name) {
			return i
		}
	}
	if len(s.Dependencies) > 0 {
		return 0
	}
	return -1
}

// policyLine says the way a call to a dependency goes through its
// policy's layers, in the engine's order (Snapshot's Order, outermost
// first, the order engine/pipeline.go's enter passes them): "calls go:
// breaker → timeout 5 s → bulkhead 20 · cached fallback". The arrows say
// which way a call goes, where "timeout 1 s › bulkhead 30" left a learner
// to guess what › meant. The line starts at the verb: render puts the
// subject before it (policyWords), so that a new snapshot builds one
// string. Each setting's word is held to its
// figure (and each phrase's words together) by a no-break space, which Wrap (its only reader) writes back as
// a space: a narrow pane broke "bulkhead" / "20." and "timeout" /
// "100 ms" across lines, a figure under no word that says what it is.
func policyLine(d *engine.DependencySnapshot) string {
	var parts []string
	for _, l := range d.Order {
		switch l {
		case engine.LayerRetry:
			// A deadline bounds the retries, backoff included: an
			// attempt it leaves no time for is never sent. Said on the
			// retry, where "retry → timeout 1.2 s" read as three
			// attempts of 1.2 s whatever the deadline.
			switch {
			case d.Deadline > 0:
				parts = append(parts, "retry within deadline"+nbsp+SecondsShort(d.Deadline))
			case d.PropagateDeadline:
				parts = append(parts, "retry within the caller's deadline")
			default:
				parts = append(parts, l.String())
			}
		case engine.LayerTimeout:
			switch {
			case d.PropagateDeadline && d.Timeout > 0:
				// The attempt's timeout is cut to what is left of the
				// caller's deadline.
				parts = append(parts, "timeout"+nbsp+SecondsShort(d.Timeout)+" or the deadline left")
			case d.PropagateDeadline:
				parts = append(parts, "timeout at the deadline left")
			default:
				parts = append(parts, "timeout"+nbsp+SecondsShort(d.Timeout))
			}
		case engine.LayerBulkhead:
			if d.TenantBulkhead != nil {
				// A lane per tenant: BulkheadCap sums them, and no
				// call may use them all.
				parts = append(parts, "bulkhead"+nbsp+TenantBulkheadSize(d.TenantBulkhead))
			} else {
				parts = append(parts, "bulkhead"+nbsp+strconv.Itoa(d.BulkheadCap))
			}
		default:
			parts = append(parts, l.String())
		}
	}
	// Each phrase holds together by no-break spaces, so that a narrow
	// pane breaks between phrases: it left "· no" at a line's end and
	// "timeout." under it (tasks-go-server at 80x24).
	s := " go" + nbsp + "straight" + nbsp + "through"
	if len(parts) > 0 {
		s = " go: " + strings.Join(parts, " → ")
	}
	if d.Deadline > 0 && !slices.Contains(d.Order, engine.LayerRetry) {
		s += " · deadline" + nbsp + SecondsShort(d.Deadline)
	}
	if d.Timeout == 0 && !d.PropagateDeadline {
		s += " · no" + nbsp + "timeout"
	}
	if d.Fallback != engine.NoFallback {
		s += " · " + strings.ReplaceAll(d.Fallback.String(), " ", nbsp) + nbsp + "fallback"
	}
	return s
}

// policyWords is policyLine's words with their subject: "calls go: …"
// under a title naming the dependency, "Calls to recommendations go: …"
// as a sentence of its own where none does.
func policyWords(dep, line string) string {
	if dep == "" {
		return "calls" + line
	}
	return "Calls to " + dep + line
}

// retryLine reports a dependency's retries, when it has any.
func retryLine(d *engine.DependencySnapshot) string {
	if d.Retries == 0 && d.RetriesDenied == 0 {
		return ""
	}
	s := fmt.Sprintf("retries: %s sent", Count(d.Retries))
	if d.RetriesDenied > 0 {
		s += fmt.Sprintf(", %s denied", Count(d.RetriesDenied))
	}
	if d.BudgetTokens >= 0 {
		s += " · budget " + Counted(d.BudgetTokens, "token", "tokens")
	}
	return s
}

// Needs is the height the pane would like at width w.
func (b *Breaker) Needs(w int) int {
	if !b.cur.has {
		n := 0
		for _, p := range b.noBreaker(w - 2) {
			n += len(p)
		}
		return 2 + n
	}
	d := 6
	if _, ok := diagramFor(b.cur.cfg, w-2); !ok {
		d = 1
	}
	// Diagram, window and rate, the state's detail, the log's head and its
	// latest three entries: a fixed allowance, so that the layout does not
	// shift as transitions happen.
	return 2 + d + 2 + 1 + 1 + 3
}

// MinHeight is the least height at which the pane says what matters at
// width w: the state and the window, or that there is no breaker and where
// to find one.
func (b *Breaker) MinHeight(w int) int {
	if !b.cur.has {
		p := b.noBreaker(w - 2)
		return 2 + len(p[0]) + len(p[len(p)-1])
	}
	return 2 + 1 + 2 + 1
}

// noBreaker is what the pane says when the variant has no breaker, a
// paragraph at a time, wrapped to inner: that there is none, what guards
// the calls instead, what that means, and which variant has one. When the
// pane is short the middle paragraphs give way, whole.
func (b *Breaker) noBreaker(inner int) [][]string {
	v := &b.cur
	if v.elsewhere != "" {
		// The front calls without one, but its services guard their own
		// calls: say where, rather than that there is none.
		out := [][]string{b.firstWords(inner, "No circuit breaker at the front.", "No breaker at the front.")}
		if v.dep != "" {
			out = append(out, Wrap(policyWords(v.dep, v.policy)+".", inner))
		}
		return append(out, Wrap(v.elsewhere, inner))
	}
	out := [][]string{b.firstWords(inner, "No circuit breaker in this variant.", "No circuit breaker.", "No breaker.")}
	if v.dep != "" {
		out = append(out, Wrap(policyWords(v.dep, v.policy)+".", inner))
	}
	out = append(out, Wrap("Every call is sent, however often the last ones failed.", inner))
	if b.hint != "" {
		out = append(out, Wrap(b.th.Dim.Render(b.hint), inner))
	}
	return out
}

// cutBetweenWords marks line as cut short, " …" after its last word
// that leaves room for the mark within inner cells; the mark stands
// apart, as "…" against a letter reads as a word cut in two.
func cutBetweenWords(line string, inner int) string {
	words := strings.Fields(line)
	for k := len(words); k > 0; k-- {
		if s := strings.Join(words[:k], " ") + " " + ellipsis; Width(s) <= inner {
			return s
		}
	}
	s, _ := clip(ellipsis, inner)
	return s
}

// firstWords is the pane's first paragraph, in bold: the first of texts
// (the longest first) that fits on a line of inner cells, where the
// longest was cut mid-word ("No circuit breaker in this …"); wrapped when
// none fits.
func (b *Breaker) firstWords(inner int, texts ...string) []string {
	for _, t := range texts {
		if Width(t) <= inner {
			return []string{b.th.Bold.Render(t)}
		}
	}
	return Wrap(b.th.Bold.Render(texts[len(texts)-1]), inner)
}

// View draws the pane, from the cache when nothing changed.
func (b *Breaker) View() string {
	if b.dirty {
		b.view = strings.Join(b.render(), "\n")
		b.dirty = false
	}
	return b.view
}

func (b *Breaker) render() []string {
	v := &b.cur
	inner := max(b.w-2, 0)
	title, note := "Breaker", ""
	if v.dep != "" {
		title += " · " + v.dep
	}
	if v.shared > 1 {
		// One breaker judges several dependencies' calls: named after its
		// group, never after one of them.
		title = fmt.Sprintf("Breaker · %s, shared by %d dependencies", v.trName, v.shared)
	}
	if !v.has {
		// The first and last paragraphs (none here; where one is) stay;
		// the others go whole when the pane is short, the later first.
		parts := b.noBreaker(inner)
		room := b.h - 2
		keep := make([]bool, len(parts))
		keep[0], keep[len(parts)-1] = true, true
		used := len(parts[0])
		if len(parts) > 1 {
			used += len(parts[len(parts)-1])
		}
		for i := 1; i < len(parts)-1; i++ {
			if used+len(parts[i]) <= room {
				keep[i], used = true, used+len(parts[i])
			}
		}
		var body []string
		for i, p := range parts {
			if keep[i] {
				body = append(body, p...)
			}
		}
		if room > 0 && len(body) > room {
			// The first and last paragraphs alone overflow: the last line
			// kept ends in " …" between words, as a cut does everywhere,
			// rather than stop mid-sentence as if the text ended there.
			body = body[:room]
			body[room-1] = cutBetweenWords(body[room-1], inner)
		}
		return Frame(b.th, b.w, b.h, title, "", body)
	}
	// The note, longest first: the state with its wait or trials, the
	// state alone (the detail line below says the rest). Titled keeps the
	// first that fits beside the title, so nothing is cut mid-word.
	// The note says what its number means ("trials in 13.6 s", never a
	// bare "13.6 s"); to keep it whole the title gives up words first.
	state := b.th.State(v.state).Bold(true).Render(strings.ToUpper(v.state.String()))
	notes := []string{state}
	switch v.state {
	case breaker.Open:
		notes = []string{state + " · trials in " + Seconds(v.openLeft), state}
	case breaker.HalfOpen:
		// "1 of 1 trial", as one says "1 of 1 customer".
		trials := "trials"
		if v.cfg.HalfOpenTrials == 1 {
			trials = "trial"
		}
		notes = []string{state + fmt.Sprintf(" · %d of %d %s sent", v.sent, v.cfg.HalfOpenTrials, trials),
			state + fmt.Sprintf(" · %d/%d %s", v.sent, v.cfg.HalfOpenTrials, trials), state}
	}
	// The title is chosen beside the widest state word, not beside the
	// note of the state the breaker is in: chosen so, it switched between
	// "payment ── HALF-OPEN" and "Breaker · payment ── CLOSED" from frame
	// to frame as the word changed length. The note then keeps what fits
	// beside it: the open state's countdown where there is room, else its
	// word (the detail line says when the trials come).
	widest := strings.ToUpper(breaker.HalfOpen.String())
	if word := strings.ToUpper(v.state.String()); Width(word) > Width(widest) {
		widest = word // an operator's state, held until the operator lets go
	}
	briefest := widest
	if v.count > 1 {
		// Which breaker of how many, in words, then in figures.
		var counted []string
		for _, n := range notes {
			counted = append(counted, fmt.Sprintf("%d of %d · %s", b.pick%v.count+1, v.count, n),
				fmt.Sprintf("%d/%d · %s", b.pick%v.count+1, v.count, n))
		}
		notes = counted
		briefest = fmt.Sprintf("%d/%d · %s", b.pick%v.count+1, v.count, widest)
	}
	titles := []string{title}
	switch {
	case v.shared > 1:
		titles = append(titles, fmt.Sprintf("Shared breaker · %s", v.trName), "Shared breaker")
	case v.dep != "":
		titles = append(titles, v.dep)
	}
	titles = append(titles, "Breaker")
	title, _ = Titled(b.w, titles, []string{briefest})
	// Beside that title the current state's note fits in its briefest
	// form but in the narrowest panes, where it goes rather than be cut
	// ("HALF-OP…"): the state's strip in the body says it.
	_, note = Titled(b.w, []string{title}, append(notes, ""))

	room := b.h - 2
	var body []string
	rule := ruleLabels(v.cfg)[0]
	full := false // whether the diagram shows the opening rule in full
	if lay, ok := diagramFor(v.cfg, inner); ok && room >= 6+3 {
		body = append(body, b.drawDiagram(lay, inner)...)
		full = lay.labels.rule == rule
	} else {
		body = append(body, b.stateStrip(inner))
	}
	body = append(body, b.windowLines(inner)...)
	// What is left goes to the log (at least its head and latest entry),
	// then to the state's detail, the retries and the policy, then to more
	// of the log.
	left := room - len(body)
	logWant := 1
	if v.transLen > 0 {
		logWant = 2
	}
	wants := [][]string{Wrap(b.detail(), inner)}
	if !full {
		wants = append(wants, Wrap(b.th.Dim.Render("opens when "+rule), inner))
	}
	if v.retries != "" {
		wants = append(wants, Wrap(b.th.Dim.Render(v.retries), inner))
	}
	wants = append(wants, Wrap(b.th.Dim.Render(policyWords("", v.policy)), inner))
	var extras []string
	for _, e := range wants {
		if left-len(extras)-len(e) >= logWant {
			extras = append(extras, e...)
		}
	}
	body = append(body, extras...)
	if n := left - len(extras); n > 0 {
		body = append(body, b.log(n)...)
	}
	return Frame(b.th, b.w, b.h, title, note, body)
}

// Label sets for the diagram's edges, longest first.
type edgeLabels struct{ rule, wait, pass, fail string }

func labelSets(c breaker.Config) []edgeLabels {
	// To the microsecond: the live lab's simulation waits a nanosecond
	// longer than the wait set (lab.afterDeadline, a tie broken as the
	// real servers break it), and its diagram read "after 1.000000001 s"
	// beside the measured side's "after 1 s".
	wait := SecondsShort(c.OpenFor.Round(time.Microsecond))
	waitLong := "after " + wait
	if c.OpenJitter > 0 {
		waitLong = "after ~" + wait
	}
	if c.OpenBackoff > 1 {
		waitLong += fmt.Sprintf(", ×%s each retry", strconv.FormatFloat(c.OpenBackoff, 'f', -1, 64))
	}
	k := c.HalfOpenTrials
	// The smallest labels are still words: a narrow pane shortens them,
	// and the line under the diagram states the rule in full. One trial
	// passes, as a trial fails ("1 trial pass" said otherwise).
	verb := "pass"
	if k == 1 {
		verb = "passes"
	}
	pass := [3]string{Counted(k, "trial", "trials") + " " + verb, fmt.Sprintf("%d %s", k, verb), fmt.Sprintf("%d %s", k, verb)}
	fail := [3]string{"a trial fails", "1 fails", "1 fails"}
	if c.HalfOpenRule != breaker.FirstFailureReopens { // TrialsAsWindow or TrialsAsWindowAtMinimum
		r := PercentExact(c.FailureRate)
		pass = [3]string{fmt.Sprintf("< %s of %s fail", r, Counted(k, "trial", "trials")), fmt.Sprintf("<%s fail", r), fmt.Sprintf("<%s fail", r)}
		fail = [3]string{fmt.Sprintf("≥ %s of trials fail", r), fmt.Sprintf("≥%s fail", r), fmt.Sprintf("≥%s fail", r)}
	}
	rule := ruleLabels(c)
	return []edgeLabels{
		{rule[0], waitLong, pass[0], fail[0]},
		{rule[1], wait, pass[1], fail[1]},
		{rule[2], wait, pass[2], fail[2]},
	}
}

// ruleLabels says, long, short and tiny, when a closed breaker opens.
func ruleLabels(c breaker.Config) [3]string {
	var long, short, tiny []string
	over := "last " + Counted(c.WindowSize, "call", "calls")
	overShort := fmt.Sprint(c.WindowSize)
	if c.Window == breaker.TimeWindow {
		over = "calls in " + SecondsShort(c.WindowSpan)
		overShort = SecondsShort(c.WindowSpan)
	}
	if c.FailureRate > 0 {
		// The threshold is a setting: written whole, as it decides, and
		// never "≥ <0.1%" for a rate of 1e-9 (PercentExact).
		r := PercentExact(c.FailureRate)
		long = append(long, fmt.Sprintf("≥ %s of %s fail", r, over))
		short = append(short, fmt.Sprintf("≥%s of %s fail", r, overShort))
		tiny = append(tiny, fmt.Sprintf("≥%s fail", r))
	}
	if c.SlowCallRate > 0 {
		r := PercentExact(c.SlowCallRate)
		long = append(long, fmt.Sprintf("≥ %s slower than %s", r, SecondsShort(c.SlowCallDuration)))
		short = append(short, fmt.Sprintf("≥%s slow", r))
		if c.FailureRate == c.SlowCallRate {
			// "≥50% fail or slow": one figure says both.
			tiny[len(tiny)-1] = fmt.Sprintf("≥%s fail or slow", r)
		} else {
			tiny = append(tiny, fmt.Sprintf("≥%s slow", r))
		}
	}
	if n := c.MaxConsecutiveFailures; n > 0 {
		long = append(long, fmt.Sprintf("%d failures in a row", n+1))
		short = append(short, fmt.Sprintf("%d ✗ in a row", n+1))
		tiny = append(tiny, fmt.Sprintf("%d fails", n+1))
	}
	return [3]string{strings.Join(long, " or "), strings.Join(short, " or "), strings.Join(tiny, " or ")}
}

// diagramLayout places the three boxes and the labels.
type diagramLayout struct {
	labels     edgeLabels
	ox, hx     int // x of the open and half-open boxes
	width      int
	cw, ow, hw int
}

const boxExtra = 6 // "│ ○ " and " │" around a state's name

// diagramFor finds the widest labels whose diagram fits in width w.
func diagramFor(c breaker.Config, w int) (diagramLayout, bool) {
	for _, l := range labelSets(c) {
		d := diagramLayout{labels: l, cw: len("closed") + boxExtra, ow: len("open") + boxExtra, hw: len("half-open") + boxExtra}
		rw := runeLen(l.rule)
		// closed → open along row 1, its rule above the arrow.
		d.ox = d.cw + 2 + max(rw, 4) + 1
		// half-open → closed leaves closed's bottom at column 3, runs left of
		// the half-open box, its label underneath.
		d.hx = max(3+4, 3+runeLen(l.pass)+1)
		right := d.hx + d.hw // first column after the half-open box
		// open → half-open comes down at ox+2 with its wait label to the left;
		// half-open → open goes up at ox+ow-3 with its label in the line.
		d.ox = max(d.ox, right+runeLen(l.wait)+1, right+runeLen(l.fail)+4-(d.ow-3))
		d.width = d.ox + d.ow
		if d.width <= w {
			return d, true
		}
	}
	return diagramLayout{}, false
}

func runeLen(s string) int { return len([]rune(s)) }

// Ink classes of the diagram.
const (
	clPlain grid.Class = iota
	clLine
	clDim
	clLit
)

func (b *Breaker) drawDiagram(d diagramLayout, inner int) []string {
	g := grid.New(d.width, 6)
	st := b.cur.state
	box := func(x, y int, name string, s breaker.State) {
		lit := st == s || (s == breaker.Open && st == breaker.ForcedOpen)
		w := runeLen(name) + boxExtra
		cl := clLine
		text := string(theme.GlyphUnlit) + " " + name
		tcl := clDim
		if lit {
			cl, tcl = clLit, clLit
			text = string(theme.GlyphLit) + " " + strings.ToUpper(name)
		}
		g.Set(x, y, '╭', cl)
		g.HLine(x+1, x+w-2, y, '─', cl)
		g.Set(x+w-1, y, '╮', cl)
		g.Set(x, y+1, '│', cl)
		g.Text(x+1, y+1, " "+text+" ", tcl)
		g.Set(x+w-1, y+1, '│', cl)
		g.Set(x, y+2, '╰', cl)
		g.HLine(x+1, x+w-2, y+2, '─', cl)
		g.Set(x+w-1, y+2, '╯', cl)
	}
	l := d.labels
	// closed → open
	g.HLine(d.cw+1, d.ox-2, 1, '─', clLine)
	g.Set(d.ox-2, 1, '▶', clLine)
	span := d.ox - 2 - (d.cw + 1) + 1
	g.Text(d.cw+1+(span-runeLen(l.rule))/2, 0, l.rule, clPlain)
	// half-open → closed
	c := 3
	g.Set(c, 3, '▲', clLine)
	g.Set(c, 4, '╰', clLine)
	g.HLine(c+1, d.hx-1, 4, '─', clLine)
	g.Text(c, 5, l.pass, clPlain)
	// open → half-open
	a := d.ox + 2
	right := d.hx + d.hw
	g.Set(a, 3, '│', clLine)
	g.Set(a, 4, '╯', clLine)
	g.HLine(right+1, a-1, 4, '─', clLine)
	g.Set(right, 4, '◀', clLine)
	g.Text(a-1-runeLen(l.wait), 3, l.wait, clPlain)
	// half-open → open
	bx := d.ox + d.ow - 3
	g.Set(bx, 3, '▲', clLine)
	g.Set(bx, 4, '│', clLine)
	g.Set(bx, 5, '╯', clLine)
	g.HLine(right, bx-1, 5, '─', clLine)
	g.Text(right+1, 5, " "+l.fail+" ", clPlain)

	box(0, 0, "closed", breaker.Closed)
	box(d.ox, 0, "open", breaker.Open)
	box(d.hx, 3, "half-open", breaker.HalfOpen)
	g.Set(a, 2, '┬', clLine)

	inks := []theme.Ink{clPlain: {}, clLine: theme.InkOf(b.th.Border), clDim: theme.InkOf(b.th.Dim),
		clLit: theme.InkOf(b.th.State(st).Bold(true).Reverse(true))}
	lines := g.Lines(inks)
	pad := strings.Repeat(" ", max((inner-d.width)/2, 0))
	for i := range lines {
		lines[i] = pad + lines[i]
	}
	return lines
}

// stateStrip is the one-line diagram for narrow panes. Narrower than its
// arrows, the states stand side by side, then the lit one alone, rather
// than "○ half-…" cut off at the edge.
func (b *Breaker) stateStrip(inner int) string {
	var parts []string
	lit := ""
	for _, s := range []breaker.State{breaker.Closed, breaker.Open, breaker.HalfOpen} {
		if s == b.cur.state {
			lit = b.th.State(s).Bold(true).Reverse(true).Render(string(theme.GlyphLit) + " " + strings.ToUpper(s.String()))
			parts = append(parts, lit)
		} else {
			parts = append(parts, b.th.Dim.Render(string(theme.GlyphUnlit)+" "+s.String()))
		}
	}
	if lit == "" {
		// An operator's state is none of the three: the strip as it was.
		return strings.Join(parts, " → ")
	}
	return fitting([]string{strings.Join(parts, " → "), strings.Join(parts, "  "), lit}, inner)
}

// glyphSlow marks a slow call in a count window, and a time window's
// bucket with slow calls or failures short of the rate that opens: calls
// that were answered but count against the dependency.
const glyphSlow = "◐"

// windowLines draws the window as marks, then its failure rate against the
// threshold. A count window shows a mark per call (✓ answered in time, ◐
// slow, ✗ failed, slow or not: a slow failure counts as a failure) and
// one per empty slot (·); a time window a mark per bucket (✓ no failure
// or slow call, ✗ at or over the failure threshold, ◐ some, · no call).
// When the breaker times its calls and a ◐ shows, the row ends with what
// it stands for.
func (b *Breaker) windowLines(inner int) []string {
	v := &b.cur
	c := v.cfg
	pass, fail, dim := theme.InkOf(b.th.Good), theme.InkOf(b.th.Bad), theme.InkOf(b.th.Dim)
	slow := b.th.Warn.Render(glyphSlow)
	label := "window "
	key := ""
	var marks []string // one painted mark per slot, oldest first
	empty := 0         // of those, the empty slots after the calls
	switch {
	case c.Window == breaker.TimeWindow:
		label = fmt.Sprintf("last %s ", SecondsShort(c.WindowSpan))
		if c.SlowCallDuration > 0 {
			key = "slow or some failed"
		}
		for _, bk := range v.buckets {
			switch {
			case bk.Calls == 0:
				marks = append(marks, dim.Paint(string(theme.GlyphEmpty)))
			case bk.Failures == 0 && bk.Slow == 0:
				marks = append(marks, pass.Paint(string(theme.GlyphPass)))
			case float64(bk.Failures)/float64(bk.Calls) >= c.FailureRate && c.FailureRate > 0:
				marks = append(marks, fail.Paint(string(theme.GlyphFail)))
			default:
				marks = append(marks, slow)
			}
		}
	case c.WindowSize > 0:
		if c.SlowCallDuration > 0 {
			key = "slow"
		}
		for _, call := range v.window {
			switch {
			case call.Failed():
				marks = append(marks, fail.Paint(string(theme.GlyphFail)))
			case call.Slow():
				marks = append(marks, slow)
			default:
				marks = append(marks, pass.Paint(string(theme.GlyphPass)))
			}
		}
		empty = max(c.WindowSize-len(v.window), 0)
		for range empty {
			marks = append(marks, dim.Paint(string(theme.GlyphEmpty)))
		}
	}
	var row string
	if marks != nil {
		room := inner - len([]rune(label))
		shown := fitMarks(marks, empty, room)
		if key != "" {
			// The key, where a ◐ shows, takes room from the marks, but
			// not so much that only a few are left: then it goes.
			key = "  " + slow + " " + key
			kw := ansi.StringWidth(key)
			keyed := fitMarks(marks, empty, room-kw)
			if slices.Contains(keyed, slow) && (len(marks)+kw <= room || room-kw >= 10) {
				shown = keyed
			} else {
				key = ""
			}
		}
		row = label + strings.Join(shown, "") + key
	}

	// The counts now, against the rule, in words and (when the words do
	// not fit on a line) in figures.
	var stat, brief []string
	minCalls := c.MinimumCalls
	if minCalls == 0 {
		minCalls = c.WindowSize
	}
	unjudged := false
	if c.FailureRate > 0 || c.SlowCallRate > 0 {
		rate := 0.0
		if v.calls > 0 {
			rate = float64(v.failures) / float64(v.calls)
		}
		cmp, st := "<", b.th.Good
		if v.calls > 0 && c.FailureRate > 0 && rate >= c.FailureRate {
			cmp, st = "≥", b.th.Bad
		}
		s := fmt.Sprintf("%d of %d failed", v.failures, v.calls)
		short := fmt.Sprintf("%d/%d failed", v.failures, v.calls)
		// Below its minimum a closed breaker does not judge the rate:
		// lesson 5's "30/60 failed: 50% ≥ 50% (min 100)" read as a
		// threshold met by a breaker that stayed closed.
		unjudged = cmp == "≥" && v.state == breaker.Closed && v.calls < minCalls
		switch {
		case unjudged:
			s += fmt.Sprintf(": %s, not judged before %s", Percent(rate), Counted(minCalls, "call", "calls"))
			short += fmt.Sprintf(": %s, judged at %d", Percent(rate), minCalls)
		case c.FailureRate > 0 && v.state == breaker.Closed:
			s += fmt.Sprintf(": %s %s %s to open", st.Render(Percent(rate)), cmp, PercentExact(c.FailureRate))
			short += fmt.Sprintf(": %s %s %s", st.Render(Percent(rate)), cmp, PercentExact(c.FailureRate))
		case c.FailureRate > 0:
			s += fmt.Sprintf(" (%s %s %s)", st.Render(Percent(rate)), cmp, PercentExact(c.FailureRate))
			short += fmt.Sprintf(" (%s %s %s)", st.Render(Percent(rate)), cmp, PercentExact(c.FailureRate))
		}
		stat, brief = append(stat, s), append(brief, short)
		if c.SlowCallDuration > 0 {
			stat, brief = append(stat, fmt.Sprintf("%d slow", v.slow)), append(brief, fmt.Sprintf("%d slow", v.slow))
		}
	}
	if n := c.MaxConsecutiveFailures; n > 0 {
		stat = append(stat, fmt.Sprintf("%d in a row (opens at %d)", v.inARow, n+1))
		brief = append(brief, fmt.Sprintf("%d/%d in a row", v.inARow, n+1))
	}
	line, short := strings.Join(stat, " · "), strings.Join(brief, " · ")
	// The shortest leaves out the slow count when the rate rule is about
	// failures: the diagram's edge names the slow rule.
	shortest := short
	if len(brief) > 1 && c.SlowCallDuration > 0 && c.FailureRate > 0 {
		shortest = strings.Join(append(brief[:1:1], brief[2:]...), " · ")
	}
	switch {
	case v.state != breaker.Closed:
		// The window now is not what opened the breaker: a time window's
		// buckets age out while it stays open, and some libraries clear
		// the window on opening. Quote the counts the breaker judged, as
		// the transition recorded them (the log's reason says the same).
		if t, ok := lastOpening(v.trans, v.trName); ok {
			line = fitting(b.openedLines(t), inner)
		}
	case v.calls < minCalls && line != "" && !unjudged: // unjudged says it already
		line += " (judged from " + Counted(minCalls, "call", "calls") + ")"
		short += fmt.Sprintf(" (min %d)", minCalls)
		shortest += fmt.Sprintf(" (min %d)", minCalls)
		fallthrough
	default:
		line = fitting([]string{line, short, shortest}, inner)
	}
	out := []string{}
	if row != "" {
		out = append(out, row)
	}
	return append(out, Wrap(line, inner)...)
}

// fitMarks cuts a window's marks (the calls, oldest first, then empty
// empty slots) to room cells. The newest calls always show: the older
// ones go first, behind an ellipsis that stands for calls only; the empty
// slots that do not fit after the calls give way to an ellipsis of their
// own.
func fitMarks(marks []string, empty, room int) []string {
	if len(marks) <= room {
		return marks
	}
	if room < 1 {
		return nil
	}
	calls := marks[:len(marks)-empty]
	if len(calls) < room {
		// Every call, and the empty slots that fit before the ellipsis.
		return append(marks[:room-1:room-1], "…")
	}
	return append([]string{"…"}, calls[len(calls)-(room-1):]...)
}

// lastOpening finds the latest transition of dep's breaker into an open
// state: the one whose counts explain why it is not closed now.
func lastOpening(trans []engine.Transition, dep string) (engine.Transition, bool) {
	for i := len(trans) - 1; i >= 0; i-- {
		t := trans[i]
		if t.Service == "" && t.Dependency == dep && (t.To == breaker.Open || t.To == breaker.ForcedOpen) {
			return t, true
		}
	}
	return engine.Transition{}, false
}

// openedLines say what opened the breaker, from the counts the transition
// recorded and the threshold they met, for every kind of rule: a count or
// time window's failure or slow-call rate, failures in a row, the trials.
// They come longest first, for the caller to take the first that fits.
func (b *Breaker) openedLines(t engine.Transition) []string {
	c := b.cur.cfg
	rate := func(what string, threshold float64) []string {
		r := fmt.Sprintf("%s ≥ %s", b.th.Bad.Render(Percent(float64(t.Failures)/float64(max(t.Calls, 1)))), PercentExact(threshold))
		of := fmt.Sprintf("last %d", t.Calls)
		switch {
		case t.Cause == breaker.CauseTrialsFailureRate || t.Cause == breaker.CauseTrialsSlowRate:
			of = Counted(t.Calls, "trial", "trials")
		case c.Window == breaker.TimeWindow:
			of = fmt.Sprintf("%d in %s", t.Calls, SecondsShort(c.WindowSpan))
		}
		return []string{
			fmt.Sprintf("opened: %d of %s %s (%s)", t.Failures, of, what, r),
			fmt.Sprintf("opened: %d of %d %s (%s)", t.Failures, t.Calls, what, r),
			fmt.Sprintf("opened: %d/%d %s, %s", t.Failures, t.Calls, what, r),
			fmt.Sprintf("opened: %d/%d %s", t.Failures, t.Calls, what),
		}
	}
	switch t.Cause {
	case breaker.CauseFailureRate, breaker.CauseTrialsFailureRate:
		return rate("failed", c.FailureRate)
	case breaker.CauseSlowCallRate, breaker.CauseTrialsSlowRate:
		return rate("slow", c.SlowCallRate)
	case breaker.CauseConsecutiveFailures:
		n := b.th.Bad.Render(strconv.Itoa(t.Failures))
		return []string{
			fmt.Sprintf("opened: %s failed in a row (opens at %d)", n, c.MaxConsecutiveFailures+1),
			fmt.Sprintf("opened: %s failed in a row", n),
		}
	}
	return []string{"opened: " + t.Reason()}
}

// fitting is the first of the texts that fits in w cells, or the last.
func fitting(texts []string, w int) string {
	for _, t := range texts {
		if ansi.StringWidth(t) <= w {
			return t
		}
	}
	return texts[len(texts)-1]
}

// detail says what the current state is doing, and what became of the
// calls the breaker refused: each fallback answers them its own way.
func (b *Breaker) detail() string {
	v := &b.cur
	switch v.state {
	case breaker.Open, breaker.ForcedOpen:
		s := b.th.Bad.Render("OPEN") + ": failing fast"
		if v.state == breaker.Open {
			s += ", trials in " + b.th.Bold.Render(Seconds(v.openLeft))
		}
		return s + " · " + b.refusals()
	case breaker.HalfOpen:
		return b.th.Warn.Render("HALF-OPEN") + fmt.Sprintf(": trials %d of %d sent, %d passed · the others %s",
			v.sent, v.cfg.HalfOpenTrials, v.passed, b.othersGet())
	}
	s := b.th.Good.Render("CLOSED") + ": every call goes through"
	if v.refused > 0 {
		// The count held to its word (nbsp), as in refusals: a line
		// ended "· 56" with "refused so far" under it
		// (breaker-timeline at 80x24).
		s += " · " + Count(v.refused) + nbsp + "refused so far"
	}
	return s
}

// refusals counts the calls the breaker refused and says how the clients
// were answered, in the outcome charts' words: a fallback that answers makes
// a "fallback", and none, or a fail-fast 503, a "rejected".
func (b *Breaker) refusals() string {
	v := &b.cur
	// The count held to the word after it by a no-break space (Wrap
	// writes it back as a space): "· 986" ended a line with "refused,
	// answered from the cache" under it.
	n := Count(v.refused) + nbsp
	switch v.fallback {
	case engine.CachedFallback:
		return n + "refused, answered from the cache"
	case engine.DefaultFallback:
		return n + "refused, answered with a default"
	case engine.FailFastFallback:
		s := n + "rejected with a 503 and Retry-After"
		if v.retryIn > 0 {
			s += " (last: " + Seconds(v.retryIn) + ")"
		}
		return s
	case engine.QueueFallback:
		return fmt.Sprintf("%srefused, %s stored to be done later", n, Count(v.queued))
	}
	return n + "rejected, no fallback"
}

// othersGet says what the calls a half-open breaker does not let through
// get back.
func (b *Breaker) othersGet() string {
	switch b.cur.fallback {
	case engine.CachedFallback:
		return "are answered from the cache"
	case engine.DefaultFallback:
		return "are answered with a default"
	case engine.FailFastFallback:
		return "are rejected with a 503 and Retry-After"
	case engine.QueueFallback:
		return "are stored to be done later"
	}
	return "are rejected"
}

// log lists the latest transitions that fit in n lines.
func (b *Breaker) log(n int) []string {
	v := &b.cur
	var mine []engine.Transition
	for _, t := range v.trans {
		if t.Service == "" && t.Dependency == v.trName {
			mine = append(mine, t)
		}
	}
	head := b.th.Dim.Render("transitions")
	if len(mine) == 0 {
		return []string{head + b.th.Dim.Render(": none yet")}
	}
	inner := max(b.w-2, 0)
	if n < 2 {
		// One line: the latest change whole, under a shorter head when
		// "transitions" leaves it too little room (a narrow column).
		t := mine[len(mine)-1]
		bare := ansi.StringWidth(fmt.Sprintf("%s  %s → %s", v.at(t), t.From, t.To))
		for _, h := range []string{"transitions", "last change", "last"} {
			if ansi.StringWidth(h)+2+bare <= inner || h == "last" {
				head = b.th.Dim.Render(h)
				break
			}
		}
		return []string{head + ": " + strings.TrimLeft(b.transition(t, inner-ansi.StringWidth(head)-2, v.pad(mine[len(mine)-1:])), " ")}
	}
	out := []string{head}
	if len(mine) > n-1 {
		skipped := len(mine) - (n - 1)
		// Narrow, the head says less rather than be cut ("transitions
		// (2 earlie…"); in every form it says that some are left out.
		out[0] = b.th.Dim.Render(fitting([]string{
			fmt.Sprintf("transitions (%d earlier not shown)", skipped),
			fmt.Sprintf("transitions (+%d earlier)", skipped),
			fmt.Sprintf("last %d of %d changes", n-1, len(mine)),
			fmt.Sprintf("last %d of %d", n-1, len(mine)),
		}, inner))
		mine = mine[skipped:]
	}
	pad := v.pad(mine)
	for _, t := range mine {
		out = append(out, b.transition(t, inner, pad))
	}
	return out
}

// pad is the width the log pads the times of ts to, so that the states
// line up down the log: the width "12.345 s" takes, or on a long run the
// widest of the times, whose figures vary ("12h 00m", "12h 00m 06.159s").
func (v *breakerView) pad(ts []engine.Transition) int {
	if v.moment == nil {
		return len("12.345 s")
	}
	w := 0
	for _, t := range ts {
		w = max(w, len(v.at(t)))
	}
	return w
}

// at writes a transition's time as the log lists it: as `breakerlab run`
// does ("12.500 s"), or on a long run as its notes do ("12h 00m 06.5s").
func (v *breakerView) at(t engine.Transition) string {
	return v.moment.Or(t.At, v.decimals, report.TransitionTime(t.At, v.decimals))
}

// transition writes one log entry in w cells: with the breaker's own
// reason when it fits, else with the counts in figures, else the change
// alone, so an entry is never cut off in the middle of its reason. Its
// time (at) is padded to pad cells, or, when not even the change fits
// beside that, unpadded and then in its fewest digits ("12.5 s"); then
// the state it went to without the one it left.
func (b *Breaker) transition(t engine.Transition, w, pad int) string {
	at := fmt.Sprintf("%*s", pad, b.cur.at(t))
	from := b.th.State(t.From).Render(t.From.String())
	to := b.th.State(t.To).Bold(true).Render(t.To.String())
	bare := fmt.Sprintf("%s  %s → %s", at, from, to)
	var lines []string
	if r := t.Reason(); r != "" {
		lines = append(lines, bare+": "+r)
	}
	if r := briefReason(t); r != "" {
		lines = append(lines, bare+": "+r)
	}
	// Then, in a pane too narrow for the change beside its padded time,
	// the time unpadded, then in its fewest digits.
	// Narrower still, the time and the state it went to, then that state
	// alone: the state left is the one the entry before went to, and a
	// line cut mid-word ("half-…") says neither.
	brief := b.cur.moment.Or(t.At, 0, TransitionTime(t.At))
	lines = append(lines, bare, strings.TrimLeft(bare, " "), fmt.Sprintf("%s  %s → %s", brief, from, to),
		fmt.Sprintf("%s → %s", brief, to), "→ "+to)
	return fitting(lines, w)
}

// briefReason is a transition's reason in figures: "10/20 failed".
func briefReason(t engine.Transition) string {
	switch t.Cause {
	case breaker.CauseFailureRate, breaker.CauseTrialsFailureRate:
		return fmt.Sprintf("%d/%d failed", t.Failures, t.Calls)
	case breaker.CauseSlowCallRate, breaker.CauseTrialsSlowRate:
		return fmt.Sprintf("%d/%d slow", t.Failures, t.Calls)
	case breaker.CauseConsecutiveFailures:
		return fmt.Sprintf("%d in a row", t.Failures)
	case breaker.CauseTrialsPassed:
		if t.Calls == 1 {
			return fmt.Sprintf("%d/1 trial ok", t.Calls-t.Failures)
		}
		return fmt.Sprintf("%d/%d trials ok", t.Calls-t.Failures, t.Calls)
	case breaker.CauseWaitElapsed:
		return "wait over"
	case breaker.CauseTrialFailed:
		return "trial failed"
	case breaker.CauseTrialSlow:
		return "trial slow"
	}
	return ""
}

// servicesBreakers names the services' calls that a breaker guards, for a
// front without one: "Breakers guard api → provider (one in each of 20
// instances)." Empty when no service has a breaker.
func servicesBreakers(s *engine.Snapshot) string {
	var parts []string
	for i := range s.Services {
		sv := &s.Services[i]
		for j := range sv.Dependencies {
			with := 0
			for k := range sv.Instances {
				if j < len(sv.Instances[k].Breakers) && sv.Instances[k].Breakers[j] != nil {
					with++
				}
			}
			if with == 0 {
				continue
			}
			part := sv.Name + " → " + sv.Dependencies[j].Name
			if with > 1 {
				part += fmt.Sprintf(" (one in each of %d instances)", with)
			}
			parts = append(parts, part)
		}
	}
	if len(parts) == 0 {
		return ""
	}
	return "Breakers guard " + strings.Join(parts, ", ") + "."
}
