package challengeui

import (
	"fmt"
	"path/filepath"
	"reflect"
	"regexp"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/breakerlab/breakerlab/lessons/challenge"
	"github.com/breakerlab/breakerlab/tui/internal/golden"
	"github.com/breakerlab/breakerlab/tui/internal/tuitest"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
)

func open(t *testing.T, id string, o Options) Model {
	t.Helper()
	c, err := challenge.Lookup(id)
	if err != nil {
		t.Fatal(err)
	}
	o.Challenge = c
	if o.Theme == nil {
		o.Theme = tuitest.Plain()
	}
	m, err := New(o)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// settle runs the commands a message returned, as the program would, until
// none is left: the grading and the saving of stars. The sandbox is never
// playing in these tests, so no tick is among them. A grading (gradeNow's
// command) is served from gradings when its challenge and setting were
// graded before (shared).
func settle(t *testing.T, m Model, cmd tea.Cmd) Model {
	t.Helper()
	type queued struct {
		cmd tea.Cmd
		by  Model // the model as the Update that returned cmd left it
	}
	queue := []queued{{cmd, m}}
	for len(queue) > 0 {
		q := queue[0]
		queue = queue[1:]
		if q.cmd == nil {
			continue
		}
		msg := shared(q.cmd, q.by)
		if batch, ok := msg.(tea.BatchMsg); ok {
			for _, c := range batch {
				queue = append(queue, queued{c, q.by})
			}
			continue
		}
		next, more := m.Update(msg)
		m = next.(Model)
		queue = append(queue, queued{more, m})
	}
	return m
}

// gradingCmd matches the name of gradeNow's command, inlined into its
// callers or not: "(*Model).gradeNow.func2",
// "(*Model).changed.(*Model).gradeNow.func2".
var gradingCmd = regexp.MustCompile(`\(\*Model\)\.gradeNow\.func\d+$`)

// shared runs cmd, which by returned, but for a grading: by's setting and
// generation are the ones gradeNow took (the Updates that call it change
// neither after), and gradeOnce grades each challenge and setting once.
// Grading is the engine's runs of every seed; the same knobs moved at
// three sizes, or back and forth, are graded alike.
func shared(cmd tea.Cmd, by Model) tea.Msg {
	if !gradingCmd.MatchString(runtime.FuncForPC(reflect.ValueOf(cmd).Pointer()).Name()) {
		return cmd()
	}
	sharedGradings.Add(1)
	return gradeOnce(by)()
}

// sharedGradings counts the gradings shared: TestKnobGradingsAreShared
// checks that shared still finds gradeNow's commands.
var sharedGradings atomic.Int64

// press sends keys and runs what they start.
func press(t *testing.T, m Model, keys ...string) Model {
	t.Helper()
	for _, k := range keys {
		next, cmd := m.Update(tuitest.Key(k))
		m = settle(t, next.(Model), cmd)
	}
	return m
}

func sized(t *testing.T, m Model, w, h int) Model {
	t.Helper()
	next, _ := m.Update(tea.WindowSizeMsg{Width: w, Height: h})
	return settle(t, next.(Model), gradeOnce(m))
}

// gradeKey is a grading's input: the challenge and the knobs' values.
type gradeKey struct {
	c       *challenge.Challenge
	setting string
}

type grading struct {
	r   *challenge.Result
	err error
}

// gradings are the gradings sized has run: the tests open the same
// challenges at their start at many sizes, and a grading (the engine's
// runs of every seed) is the same at every size. The built-in challenges
// are loaded once (challenge.All), so their pointers key it.
var (
	gradingsMu sync.Mutex
	gradings   = map[gradeKey]grading{}
)

// gradeOnce is m's Init, the grading of its setting (gradeNow), run once
// for each challenge and setting in the package's tests.
func gradeOnce(m Model) tea.Cmd {
	k := gradeKey{m.c, fmt.Sprint(m.setting)}
	gradingsMu.Lock()
	g, ok := gradings[k]
	gradingsMu.Unlock()
	if !ok {
		msg := m.Init()().(gradedMsg)
		g = grading{msg.r, msg.err}
		gradingsMu.Lock()
		gradings[k] = g
		gradingsMu.Unlock()
	}
	gen := m.gen
	return func() tea.Msg { return gradedMsg{gen: gen, r: g.r, err: g.err} }
}

// A knob moved is graded through gradings (shared): the name settle
// knows gradeNow's command by is still the one the compiler gives it, or
// every test's knobs would be graded afresh again.
func TestKnobGradingsAreShared(t *testing.T) {
	m := sized(t, open(t, "bulkhead-20", Options{}), 80, 24)
	before := sharedGradings.Load()
	m = press(t, m, "right")
	if sharedGradings.Load() == before {
		t.Fatal("the grading of a knob moved was not found among the commands")
	}
	if m.Result() == nil {
		t.Fatal("the knob moved was not graded")
	}
}

// A challenge in progress: the bulkhead moved to 20, one goal still short.
func TestGolden(t *testing.T) {
	for _, size := range [][2]int{{80, 24}, {160, 48}} {
		m := sized(t, open(t, "bulkhead-20", Options{}), size[0], size[1])
		for range 20 {
			m = press(t, m, "right")
		}
		r := m.Result()
		if r == nil || r.Pass || !r.Goals[0].Pass || r.Goals[1].Pass {
			t.Fatalf("bulkhead 20 should keep search up and refuse a few good calls: %+v", r)
		}
		view := m.View()
		tuitest.CheckBlock(t, view, size[0], size[1])
		golden.Check(t, fmt.Sprintf("bulkhead-20-in-progress-%dx%d", size[0], size[1]), view)
	}
}

// The view shows the engine's own numbers: each goal's worst seed, as
// the grader computed it.
func TestGoalsShowTheWorstSeed(t *testing.T) {
	m := sized(t, open(t, "bulkhead-20", Options{}), 80, 24)
	m = press(t, m, "enter", "backspace", "2", "0", "enter")
	r := m.Result()
	if r == nil {
		t.Fatal("no result after typing a value")
	}
	if got := challenge.FormatValue(m.Setting()["recommendations.bulkhead"]); got != "20" {
		t.Fatalf("typed 20, the knob is %s", got)
	}
	g := r.Goals[1]
	line := ""
	for _, l := range strings.Split(m.View(), "\n") {
		if strings.Contains(l, "good calls refused") {
			line = l
		}
	}
	if !strings.Contains(line, "✗") || !strings.Contains(line, g.Shown()) || g.Shown() == "0.0 %" {
		t.Errorf("goal line %q should show ✗ and the worst seed's %s", line, g.Shown())
	}
}

// A grading whose knobs have moved on is dropped.
func TestStaleGradingIsDropped(t *testing.T) {
	m := sized(t, open(t, "bulkhead-20", Options{}), 80, 24)
	old := m.gradeNow()
	m = press(t, m, "right") // a newer setting, graded
	want := m.Result()
	next, _ := m.Update(old()) // the old grading arrives late
	m = next.(Model)
	if m.Result() != want {
		t.Error("a late grading of an earlier setting replaced the current one")
	}
}

func TestPassingEarnsStarsOnce(t *testing.T) {
	path := filepath.Join(t.TempDir(), "challenges.json")
	p, err := challenge.OpenProgress(path)
	if err != nil {
		t.Fatal(err)
	}
	m := sized(t, open(t, "bulkhead-20", Options{Progress: p}), 80, 24)
	m = press(t, m, "enter", "2", "4", "enter") // 24: one star
	if m.best != 1 || !strings.Contains(m.View(), "new best, saved") {
		t.Fatalf("best %d; view:\n%s", m.best, m.View())
	}
	m = press(t, m, "left", "left") // 22: three stars
	again, err := challenge.OpenProgress(path)
	if err != nil {
		t.Fatal(err)
	}
	if r := again.Get("bulkhead-20"); r.Stars != 3 || r.Best["recommendations.bulkhead"] != "22" {
		t.Errorf("progress file: %+v", r)
	}
	m = press(t, m, "right", "right") // 24: one star, less than the best
	if again, _ := challenge.OpenProgress(path); again.Get("bulkhead-20").Stars != 3 {
		t.Error("a worse result replaced the best")
	}
	if !strings.Contains(m.View(), "★★★") {
		t.Error("the title no longer shows the best stars")
	}
}

// In a challenge the sandbox's own knob form stays closed, and esc gives
// the keys back to the panel.
func TestSandboxKnobsStayClosed(t *testing.T) {
	m := sized(t, open(t, "timeout-pool", Options{}), 80, 24)
	m = press(t, m, "v")
	if m.page != onSandbox || !strings.Contains(m.View(), "Worker pool") {
		t.Fatalf("v did not show the sandbox:\n%s", m.View())
	}
	m = press(t, m, "e")
	if m.page != onPanel || !strings.Contains(m.View(), "the knobs are here, in the panel") || strings.Contains(m.View(), "esc goes back") {
		t.Errorf("e in the sandbox should come back to the panel with a note:\n%s", m.View())
	}
	m = press(t, m, "v", "esc")
	if m.page != onPanel {
		t.Error("esc did not give the keys back to the panel")
	}
}

func TestWideWindowShowsBoth(t *testing.T) {
	m := sized(t, open(t, "timeout-pool", Options{}), 160, 48)
	view := m.View()
	if !strings.Contains(view, "Goals") || !strings.Contains(view, "Worker pool") {
		t.Errorf("160×48 should show the goals and the sandbox side by side:\n%s", view)
	}
	// A setting the engine refuses keeps the last sandbox on screen. The
	// knobs keep to the ranges the others leave them, so such a setting
	// comes only from elsewhere (a design left in an older progress
	// file): set here as one would be reopened.
	m = sized(t, open(t, "bulkhead-40", Options{}), 160, 48)
	m.setting = challenge.Setting{"recommendations.bulkhead": int64(60), "workers": int64(34)}
	cmd := m.changed()
	m = settle(t, m, cmd)
	if !strings.Contains(m.View(), "bulkhead must be between 0") || !strings.Contains(m.View(), "Worker pool") {
		t.Errorf("an invalid setting should say why and keep the sandbox:\n%s", m.View())
	}
}

// v on the shuffle lab opens the shard view on the level's own fleet, 32
// workers and 1,000 customers, the design's strategy beside the start's
// (report rep-c3, defect 7: v printed "`breakerlab sandbox shuffle` plays
// its default fleet", backticks and all, a fleet of 8 workers); esc comes
// back to the panel, and so does q.
func TestShuffleChallengeWatchesItsOwnFleet(t *testing.T) {
	m := sized(t, open(t, "shuffle-shards", Options{}), 100, 30)
	for _, design := range [][]string{nil, {"right", "right", "down", "right"}} {
		m = press(t, m, design...)
		for _, back := range []string{"esc", "q"} {
			m = press(t, m, "v")
			view := m.View()
			if m.page != onFleet || m.noteErr {
				t.Fatalf("after %v, v left the page at %d, note %q:\n%s", design, m.page, m.note, view)
			}
			if head := strings.SplitN(view, "\n", 2)[0]; !strings.Contains(head, "32 workers") || !strings.Contains(head, "1,000 customers") {
				t.Errorf("after %v, v shows another fleet than the level's 32 workers and 1,000 customers: %q", design, head)
			}
			// Plain shards cannot split 32 workers by 3: beside the
			// design, random shards of its size.
			want := map[bool]string{false: "plain vs plain", true: "shuffle vs overlap-limited"}[design != nil]
			if !strings.Contains(view, want) || strings.Contains(view, "`") {
				t.Errorf("after %v, v shows no %q, or a backtick:\n%s", design, want, view)
			}
			tuitest.CheckBlock(t, view, 100, 30)
			if m = press(t, m, back); m.page != onPanel || !strings.Contains(m.View(), "Goals") {
				t.Errorf("%s in the fleet did not come back to the panel:\n%s", back, m.View())
			}
		}
	}
}

func TestShuffleChallengeGrades(t *testing.T) {
	m := sized(t, open(t, "shuffle-shards", Options{}), 80, 24)
	// Plain shuffle sharding with 3 workers each loses a customer on
	// one of the 20 seeds; limiting the overlap loses nobody.
	m = press(t, m, "right", "down", "right")
	if r := m.Result(); r == nil || r.Goals[0].Pass {
		t.Errorf("shuffle with 3 workers each should lose someone on some seed")
	}
	m = press(t, m, "up", "right")
	if r := m.Result(); r == nil || !r.Goals[0].Pass {
		t.Errorf("overlap-limited with 3 workers each should lose nobody")
	}
	tuitest.CheckBlock(t, m.View(), 80, 24)
}

func TestEveryChallengeFitsEverySize(t *testing.T) {
	all, err := challenge.All()
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range all {
		for _, size := range [][2]int{{80, 24}, {100, 30}, {160, 48}, {200, 60}} {
			m := sized(t, open(t, c.ID, Options{Embedded: true}), size[0], size[1])
			view := m.View()
			tuitest.CheckBlock(t, view, size[0], size[1])
			// Inside the home screen q goes back, as esc does.
			for _, want := range []string{"Goals", "? keys", "esc/q back"} {
				if !strings.Contains(view, want) {
					t.Errorf("%s at %dx%d: %q is not on screen", c.ID, size[0], size[1], want)
				}
			}
			for _, p := range []string{"i", "?"} {
				pm := press(t, m, p)
				tuitest.CheckBlock(t, pm.View(), size[0], size[1])
			}
		}
	}
}

// A burst of keys is taken key by key: "i?" opens the brief, leaves it,
// and the help stays closed only if ? was lost.
func TestABurstOfKeysIsTakenKeyByKey(t *testing.T) {
	m := sized(t, open(t, "half-open", Options{}), 80, 24)
	next, _ := m.Update(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("i?")})
	m = next.(Model)
	if m.page != onPanel {
		t.Errorf("i then ? should open the brief and close it again, page %v", m.page)
	}
	next, _ = m.Update(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("j?")})
	m = next.(Model)
	if m.focus != 1 || m.page != onHelp {
		t.Errorf("j then ? should select the second knob and open the help: focus %d, page %v", m.focus, m.page)
	}
}

// The list keeps the whole of the chosen item on screen, and says when it
// goes on below.
func TestPickerScrollsToTheWholeItem(t *testing.T) {
	p := NewPicker(Options{Theme: tuitest.Plain(), Embedded: true})
	next, _ := p.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	p = next.(Picker)
	if !strings.Contains(p.View(), "↓ more below") {
		t.Errorf("the challenges at 80×24 should say the list goes on:\n%s", p.View())
	}
	for range 11 {
		next, _ = p.Update(tuitest.Key("down"))
		p = next.(Picker)
	}
	view := p.View()
	tuitest.CheckBlock(t, view, 80, 24)
	if !strings.Contains(view, "▸ 12 Retries within patience") || !strings.Contains(view, "will never see") {
		t.Errorf("the last challenge and the end of its summary should be on screen:\n%s", view)
	}
}

// Typing into a knob's field replaces the value it shows, and a value a
// scenario file would not take is refused with the reason.
func TestTypingReplacesTheValue(t *testing.T) {
	m := sized(t, open(t, "timeout-pool", Options{}), 80, 24)
	// The start is 10s: "1s" typed over it is 1 s, not "10s1s".
	m = press(t, m, "enter", "1", "s", "enter")
	if got := challenge.FormatValue(m.Setting()["recommendations.timeout"]); got != "1s" {
		t.Fatalf("typed 1s over 10s, the knob is %s", got)
	}
	// Backspace on the shown value clears it whole.
	m = press(t, m, "enter", "backspace", "8", "0", "0", "m", "s", "enter")
	if got := challenge.FormatValue(m.Setting()["recommendations.timeout"]); got != "800ms" {
		t.Fatalf("typed 800ms after backspace, the knob is %s", got)
	}
	for _, bad := range []struct{ text, why string }{
		{"2", "with its unit"},
		{"soon", "a duration with its unit"},
		{"1m30s", "from 100 ms to 10 s, got 90 s"}, // a duration, but past the knob's range
	} {
		keys := []string{"enter"}
		for _, r := range bad.text {
			keys = append(keys, string(r))
		}
		m = press(t, m, append(keys, "enter")...)
		if got := challenge.FormatValue(m.Setting()["recommendations.timeout"]); got != "800ms" {
			t.Errorf("%q was taken: the knob is %s", bad.text, got)
		}
		if !m.typing || !m.noteErr || !strings.Contains(m.note, bad.why) {
			t.Errorf("%q: the field should stay open with the reason (%q), got typing %v, note %q", bad.text, bad.why, m.typing, m.note)
		}
		m = press(t, m, "esc")
	}
}

// A duration is typed as in the sandbox's knob form and a scenario file
// (lessons.ParseDuration): Go's syntax, "1m30s" and "1s500ms" too.
func TestTypingGoDurations(t *testing.T) {
	m := sized(t, open(t, "timeout-pool", Options{}), 80, 24)
	for text, want := range map[string]string{"1s500ms": "1.5s", "0m2s": "2s", "0.5s": "500ms"} {
		keys := []string{"enter"}
		for _, r := range text {
			keys = append(keys, string(r))
		}
		m = press(t, m, append(keys, "enter")...)
		if got := challenge.FormatValue(m.Setting()["recommendations.timeout"]); m.typing || got != want {
			t.Errorf("typed %q: the knob is %s (field open %v, note %q), want %s", text, got, m.typing, m.note, want)
			m = press(t, m, "esc")
		}
	}
}

// u undoes knob edits one at a time; the level reopens with the design
// left; s shows the reference solution only after three designs the
// learner tried fell short.
func TestUndoReopenAndSolution(t *testing.T) {
	path := filepath.Join(t.TempDir(), "challenges.json")
	p, err := challenge.OpenProgress(path)
	if err != nil {
		t.Fatal(err)
	}
	m := sized(t, open(t, "bulkhead-20", Options{Progress: p}), 80, 24)
	m = press(t, m, "s")
	if got := challenge.FormatValue(m.Setting()["recommendations.bulkhead"]); got != "0" || !strings.Contains(m.note, "once 3 designs you tried") {
		t.Fatalf("s before trying: bulkhead %s, note %q", got, m.note)
	}
	m = press(t, m, "right", "right", "right", "u")
	if got := challenge.FormatValue(m.Setting()["recommendations.bulkhead"]); got != "2" {
		t.Fatalf("three presses and an undo: bulkhead %s, want 2", got)
	}
	// Three designs typed in, each falling short: three tries.
	m = press(t, m, "enter", "5", "enter", "enter", "1", "0", "enter", "enter", "1", "5", "enter")
	if m.fails != 3 {
		t.Fatalf("three typed designs that fall short: %d tries", m.fails)
	}
	m = press(t, m, "s")
	if got := challenge.FormatValue(m.Setting()["recommendations.bulkhead"]); got != "22" {
		t.Fatalf("s after three tries fell short: bulkhead %s, want the reference 22", got)
	}
	m = press(t, m, "u", "q")
	again, err := challenge.OpenProgress(path)
	if err != nil {
		t.Fatal(err)
	}
	m = sized(t, open(t, "bulkhead-20", Options{Progress: again}), 80, 24)
	if got := challenge.FormatValue(m.Setting()["recommendations.bulkhead"]); got != "15" || !strings.Contains(m.View(), "design you left") {
		t.Errorf("reopened at bulkhead %s, want the 15 left behind", got)
	}
}

// Finding 1 of the QA report: arrow steps are not tries. Three ← presses,
// each graded, leave the solution locked; and the solution, once shown,
// passes on screen but earns no stars and saves none, in the view or in
// the progress file (the level's record says it was shown).
func TestArrowStepsAreNotTriesAndTheSolutionEarnsNothing(t *testing.T) {
	path := filepath.Join(t.TempDir(), "challenges.json")
	p, err := challenge.OpenProgress(path)
	if err != nil {
		t.Fatal(err)
	}
	m := sized(t, open(t, "quiet-breaker", Options{Progress: p, Dir: t.TempDir()}), 80, 24)
	m = press(t, m, "left", "left", "left") // min calls 20 → 17, each graded
	if r := m.Result(); r == nil || r.Pass {
		t.Fatalf("min calls 17 should fall short: %+v", r)
	}
	m = press(t, m, "s")
	if m.fails != 0 || challenge.FormatValue(m.Setting()["ledger.breaker.min_calls"]) != "17" || !strings.Contains(m.note, "0 so far") {
		t.Fatalf("three arrow steps: %d tries, min calls %v, note %q; want no try and no solution", m.fails, m.Setting()["ledger.breaker.min_calls"], m.note)
	}
	// A design watched counts once, however often it is watched.
	m = press(t, m, "v", "esc", "v", "esc")
	if m.fails != 1 {
		t.Fatalf("one design watched twice: %d tries, want 1", m.fails)
	}
	m = press(t, m, "left", "w", "left", "enter", "enter")
	if m.fails != 3 {
		t.Fatalf("a design written and one typed in: %d tries, want 3", m.fails)
	}
	m = press(t, m, "s")
	r := m.Result()
	if r == nil || !r.Pass || challenge.FormatValue(m.Setting()["ledger.breaker.min_calls"]) != "5" {
		t.Fatalf("s after three tries should set the reference, which passes: %+v", r)
	}
	v := strings.Join(strings.Fields(ansi.Strip(m.View())), " ")
	if !strings.Contains(v, "☆☆☆ passes, but the reference solution earns no stars") || !strings.Contains(v, "u takes it back") {
		t.Errorf("the screen should say plainly that the solution earns no stars:\n%s", m.View())
	}
	if m.best != 0 || strings.Contains(v, "new best") || strings.Contains(m.View(), "★★★ Challenge") {
		t.Errorf("the solution earned stars: best %d\n%s", m.best, m.View())
	}
	m = press(t, m, "q")
	again, err := challenge.OpenProgress(path)
	if err != nil {
		t.Fatal(err)
	}
	if rec := again.Get("quiet-breaker"); rec.Stars != 0 || rec.Best != nil || !rec.Revealed {
		t.Errorf("the progress file after the solution: %+v, want no stars and the solution marked shown", rec)
	}
	// Reopened, the same design typed in by hand earns nothing either; a
	// design of the learner's own does.
	m = sized(t, open(t, "quiet-breaker", Options{Progress: again}), 80, 24)
	m = press(t, m, "ctrl+r", "enter", "5", "enter")
	if r := m.Result(); r == nil || !r.Pass || m.best != 0 {
		t.Fatalf("the reference typed in: %+v, best %d", r, m.best)
	}
	m = press(t, m, "enter", "6", "enter")
	if r := m.Result(); r == nil || r.Stars != 3 || m.best != 3 {
		t.Fatalf("min calls 6, a design of the learner's own: %+v, best %d", r, m.best)
	}
}

// In watch mode at 80 columns the key line shows the way out: esc and q
// (back to the panel), which the sandbox's line dropped first; q does go
// back there (it quitted the program).
func TestWatchModeShowsTheWayOut(t *testing.T) {
	m := sized(t, open(t, "timeout-pool", Options{}), 80, 24)
	m = press(t, m, "v")
	lines := strings.Split(ansi.Strip(m.View()), "\n")
	bar := lines[len(lines)-1]
	if !strings.Contains(bar, "esc/q back") {
		t.Errorf("the key line should show esc and q, in one entry: %q", bar)
	}
	if m = press(t, m, "q"); m.page != onPanel {
		t.Errorf("q while watching should go back to the panel, not leave: page %v", m.page)
	}
}

// The typed field edits as the sandbox's knob form does: ctrl+u clears
// it, and after a refused value the next key typed replaces that value
// rather than append to it (200, refused, then 500ms read "200500ms").
func TestTypedFieldClearsAndReplacesARefusedValue(t *testing.T) {
	m := sized(t, open(t, "timeout-pool", Options{}), 100, 30)
	kn := m.c.Knobs[m.focus]
	if kn.Kind != challenge.KnobDuration {
		t.Fatalf("timeout-pool's first knob should be a duration, is %q", kn.Label)
	}
	m = press(t, m, "enter", "2", "0", "0", "enter")
	if !m.typing || !strings.Contains(m.note, "not 200 alone") {
		t.Fatalf("200 without a unit should be refused and the field stay open: %q", m.note)
	}
	m = press(t, m, "5", "0", "0", "m", "s")
	if got := string(m.input); got != "500ms" {
		t.Errorf("typing after a refusal should replace the value: field %q", got)
	}
	m = press(t, m, "ctrl+u")
	if len(m.input) != 0 {
		t.Errorf("ctrl+u should clear the field, it holds %q", string(m.input))
	}
	m = press(t, m, "5", "0", "0", "m", "s", "enter")
	if m.typing || m.setting[kn.Path] != "500ms" {
		t.Errorf("500ms should be taken: typing %v, setting %v, note %q", m.typing, m.setting[kn.Path], m.note)
	}
}

// When the panel has no room for every why of a design that falls short,
// it shows whole ones, then a line naming (or counting) the rest: the
// brief's page (i) gives each in full, right after the brief.
func TestWhysFitWholeOrPointToTheBriefPage(t *testing.T) {
	// 140×24: the panel is 44 columns beside the sandbox. The goals'
	// windows, (5–25 s), took a line each there and left the whys none,
	// till the bounds' column kept to the widest bound and a window that
	// would take a line of its own was written close, (5–25s).
	m := sized(t, open(t, "layer-order", Options{}), 140, 24)
	// The whys' own pointer, or, where the brief's first line and its
	// pointer took that line, the brief's pointer naming them too; or,
	// where the seeds of the goals missed took the lines of both, the
	// stars line's.
	v := strings.Join(strings.Fields(ansi.Strip(m.View())), " ")
	if !strings.Contains(v, "i shows 2 whys") && !strings.Contains(v, "i shows the brief, hint and whys in full") && !strings.Contains(v, "falls short · i shows why") {
		t.Fatalf("a 44-column panel has no room for both whys; it should say where they are:\n%s", m.View())
	}
	if strings.Contains(v, "why: what answers") && !strings.Contains(v, "while inventory is sick") {
		t.Errorf("a why is cut in the middle:\n%s", m.View())
	}
	about := readPage(t, press(t, m, "i"))
	if !strings.Contains(about, "Why this design falls short: what answers a refused order") || !strings.Contains(about, "Every order the breaker refuses is turned away") {
		t.Errorf("the brief's page should give the why in full:\n%s", about)
	}
	// At 80×24 the brief's first line and its pointer take lines the
	// start's two whys had; at 100×30 they fit whole.
	m = sized(t, open(t, "layer-order", Options{}), 100, 30)
	if v := ansi.Strip(m.View()); strings.Contains(v, "i shows why") || !strings.Contains(v, "inventory is sick.") {
		t.Errorf("100×30 should show both whys whole:\n%s", v)
	}
}

// A timeout of 0 is no timeout: the knob says so, and none can be typed.
func TestZeroTimeoutIsShownAsNone(t *testing.T) {
	m := sized(t, open(t, "contain-checkout", Options{}), 80, 24)
	if v := ansi.Strip(m.View()); !strings.Contains(v, "‹ 0 s (not set) ›") || !strings.Contains(v, "0 s (not set) to 10 s") {
		t.Errorf("the timeout's 0 should read not set:\n%s", v)
	}
	m = press(t, m, "enter", "1", "s", "enter", "enter", "n", "o", "n", "e", "enter")
	if got := challenge.FormatValue(m.Setting()["payment.timeout"]); got != "0s" || m.typing {
		t.Errorf("typing none: the timeout is %s (field open %v, note %q)", got, m.typing, m.note)
	}
}
