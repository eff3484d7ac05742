package exercisesui

import (
	"fmt"
	"regexp"
	"slices"
	"strings"

	"github.com/breakerlab/breakerlab/exercises"
	"github.com/breakerlab/breakerlab/exercises/grade"
	"github.com/breakerlab/breakerlab/exercises/textwrap"
	"github.com/breakerlab/breakerlab/tui/internal/measure"
	"github.com/charmbracelet/bubbles/key"
	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/x/ansi"
)

// The smallest terminal the full layout uses; below it the runner shows a
// short notice instead.
const (
	minWidth  = 30
	minHeight = 8
)

// View renders the model. It does no I/O.
func (m Model) View() string {
	if m.quitting || m.width <= 0 || m.height <= 0 {
		return ""
	}
	if m.width < minWidth || m.height < minHeight {
		return m.tinyView()
	}
	switch m.screen {
	case screenList:
		return m.listView()
	case screenCongrats:
		return m.congratsView()
	}
	return m.mainView()
}

// fit cuts lines to the terminal: at most height lines, each at most width
// cells wide.
func fit(lines []string, width, height int) string {
	if len(lines) > height {
		lines = lines[:max(height, 0)]
	}
	out := make([]string, len(lines))
	for i, l := range lines {
		out[i] = ansi.Truncate(l, width, "…")
	}
	return strings.Join(out, "\n")
}

func (m Model) tinyView() string {
	e := m.current()
	lines := []string{
		"breakerlab",
		fmt.Sprintf("%s %s", e.ID(), m.stateWord(e)),
		fmt.Sprintf("%d/%d done", m.doneCount(), len(m.exs)),
		fmt.Sprintf("needs %d×%d", minWidth, minHeight),
	}
	return fit(lines, m.width, m.height)
}

func (m Model) stateOf(e exercises.Exercise) (symbol, word string, style lipgloss.Style) {
	t := m.theme
	switch {
	case m.running[e.Name] != nil:
		return m.spinner(), m.phaseState(e.Name), t.accent
	case m.states[e.Name] == stateDone && m.results[e.Name].RaceUnchecked:
		return symPass, "done, not checked for data races", t.accent
	}
	// The words are the workbook's (exercises.StatusOf), as `breakerlab
	// exercises list` prints them.
	st := m.status(e.Name)
	switch st {
	case exercises.Done:
		return symPass, st.String(), t.pass
	case exercises.DoneFailing, exercises.Failing, exercises.TestsMissing:
		return symFail, st.String(), t.fail
	case exercises.DoneChanged:
		return symPass, st.String(), t.accent
	}
	return symPending, st.String(), t.dim
}

func (m Model) stateWord(e exercises.Exercise) string {
	sym, word, _ := m.stateOf(e)
	return sym + " " + word
}

// progressBar draws done/total in width cells, with the numbers.
func (m Model) progressBar(width int) string {
	done, total := m.doneCount(), len(m.exs)
	label := fmt.Sprintf(" %d/%d", done, total)
	cells := width - len(label)
	if cells < 4 || total == 0 {
		return label[1:]
	}
	filled := cells * done / total
	return m.theme.pass.Render(strings.Repeat("━", filled)) + m.theme.dim.Render(strings.Repeat("─", cells-filled)) + label
}

// header is the two lines on top of the main and list screens.
func (m Model) header() []string {
	e := m.current()
	title := m.theme.title.Render("breakerlab exercises") + m.theme.dim.Render(" · ") +
		fmt.Sprintf("%s/%02d %s", e.ID(), len(m.exs), e.Title)
	bar := m.progressBar(min(30, m.width/3))
	line1 := title
	// Too narrow for the whole title beside the bar: the program's name
	// goes first, then the exercise's title loses whole words, never half
	// of one ("counts f…" before).
	short := fmt.Sprintf("%s/%02d %s", e.ID(), len(m.exs), e.Title)
	if gap := m.width - lipgloss.Width(title) - lipgloss.Width(bar); gap >= 1 {
		line1 = title + strings.Repeat(" ", gap) + bar
	} else if gap := m.width - lipgloss.Width(short) - lipgloss.Width(bar); gap >= 1 {
		line1 = short + strings.Repeat(" ", gap) + bar
	} else if room := m.width - lipgloss.Width(bar) - 1; room >= 20 {
		shown := wordsFit(short, room)
		line1 = shown + strings.Repeat(" ", room-lipgloss.Width(shown)+1) + bar
	}
	sym, word, style := m.stateOf(e)
	mode := "watching for saves"
	switch {
	case m.opt.Manual:
		mode = "manual: r re-runs"
	case m.watchErr != nil:
		mode = "not watching: r re-runs"
	}
	if m.all != nil {
		mode = fmt.Sprintf("%s checking all: %d/%d, %d s", m.spinner(), m.all.got, m.all.total, m.elapsed(allKey))
	}
	// The state's word is the list's (stateOf), for every state: the
	// header once said "not begun" of the stub the list called pending.
	left := style.Render(sym+" "+word) + "  " + m.info[e.Name].mainFile
	line2 := left
	if gap := m.width - lipgloss.Width(left) - lipgloss.Width(mode); gap >= 2 {
		line2 = left + strings.Repeat(" ", gap) + m.theme.dim.Render(mode)
	}
	return []string{line1, line2}
}

func (m Model) rule() string { return m.theme.rule.Render(strings.Repeat("─", max(m.width, 0))) }

// footer is what x last did (Model.did) and the message, if any, each at
// most messageLines lines, and the key help, or a question.
func (m Model) footer() []string {
	if m.screen == screenConfirm {
		// The question alone, under the exercise it is about: a status
		// line from before it ("Passed! n opens…" over "Reset it?") would
		// contradict it, and its answer replaces that line anyway.
		var lines []string
		for _, l := range wrap(m.question()+"  (y/n)", m.width, 0) {
			lines = append(lines, m.theme.warn.Render(l))
		}
		return lines
	}
	var lines []string
	most := m.messageLines()
	if m.did != "" {
		for _, l := range wrap(m.did, m.width, 0) {
			lines = append(lines, m.theme.dim.Render(l))
		}
		lines = lines[:min(len(lines), most)]
	}
	if m.message != "" {
		var msg []string
		style := m.theme.dim
		if m.isError {
			style = m.theme.fail
		}
		for _, l := range wrap(m.message, m.width, 0) {
			msg = append(msg, style.Render(l))
		}
		lines = append(lines, msg[:min(len(msg), most)]...)
	}
	keys := m.helpKeys()
	if !m.help.ShowAll {
		return append(lines, m.shortHelp(keys))
	}
	h := m.help
	h.Width = m.width
	return append(lines, strings.Split(h.View(keys), "\n")...)
}

// messageLines is how many lines a message may take: three, enough for a
// reset's note of where the learner's files went at 80 columns, or a
// quarter of the screen's height where that is more. At 50 columns the
// note runs to four lines, the backup's folder (62 characters) broken
// over the last two: cut at three, it would lose the folder's name.
func (m Model) messageLines() int { return max(3, m.height/4) }

// shortHelp is the one-line key help. The help bubble cuts a line too
// wide for the terminal at its end, where the way out and ? keys are;
// here the keys that matter least give way first (helpKeys.drop), so that
// those two always show.
// Once a key gives way, ? says "more" where it said "keys": the line no
// longer holds every key, and ? is where the others are.
func (m Model) shortHelp(keys helpKeys) string {
	h := m.help
	h.Width = 0 // measured here, not cut
	short := keys.short
	for _, gone := range keys.drop {
		if line := h.ShortHelpView(short); lipgloss.Width(line) <= m.width {
			return line
		}
		// Too wide: a key gives way, so ? is where it is now.
		short = slices.DeleteFunc(moreKeys(short), func(b key.Binding) bool {
			return slices.Contains(gone, b.Help().Key)
		})
	}
	h.Width = m.width // narrower than the keys that never go: cut, as a last resort
	return h.ShortHelpView(short)
}

// moreKeys is short with its ? key saying "more", short itself unchanged.
func moreKeys(short []key.Binding) []key.Binding {
	short = slices.Clone(short)
	for i, b := range short {
		if b.Help().Key == "?" {
			short[i].SetHelp("?", moreWords)
		}
	}
	return short
}

// moreWords is what ? says in a key line that some keys gave way from.
const moreWords = "more"

func (m Model) question() string {
	e := m.current()
	switch m.confirm {
	case confirmReset:
		q := fmt.Sprintf("Reset %s to its stub? Your code is copied to %s first.", e.Name, exercises.BackupFolder(e))
		if r, ok := m.results[e.Name]; ok && r.MainMissing {
			// The file is gone, so there is nothing to copy: the reset
			// only writes the stub back.
			q = fmt.Sprintf("Write the stub of %s back? %s is missing, so there is no code of yours to copy.", e.Name, e.MainFile())
		}
		if m.isSolved(e.Name) {
			q += " It then counts as pending again."
		}
		return q
	case confirmRestoreTests:
		// Restoring the tests writes back too any file the workbook gave
		// to build on (03's window.go) that is missing: the learner did
		// not write it, so "your code is kept" alone does not cover it.
		q := fmt.Sprintf("Put back the bundled tests of %s?", e.Name)
		switch given := givenFiles(e); {
		case len(given) == 1:
			q += fmt.Sprintf(" %s, which the workbook gave you, comes back too if it is missing.", given[0])
		case len(given) > 1 && len(given) <= 3:
			q += fmt.Sprintf(" %s, which the workbook gave you, come back too if missing.", strings.Join(given, " and "))
		case len(given) > 3:
			q += fmt.Sprintf(" The %d files the workbook gave you come back too if missing.", len(given))
		}
		if r, ok := m.results[e.Name]; ok && r.TestsChanged && !r.TestsOutdated {
			// A test file the learner changed is replaced: say where their
			// copy goes, as `reset --tests` does before it asks for --yes.
			return q + fmt.Sprintf(" %s %s first; your code is kept.", editedTestsCopy(e), exercises.BackupFolder(e))
		}
		return q + " Your code is kept."
	}
	return fmt.Sprintf("%s does not pass yet. Write its solution to solutions/%s anyway?", e.Name, e.Name)
}

// editedTestsCopy says what of the learner's a restore of e's tests
// copies to the backup: "A copy of your breaker_test.go goes to", or, for
// an exercise of several test files (the check does not say which
// changed), "A copy of each test file you changed goes to".
func editedTestsCopy(e exercises.Exercise) string {
	if tests := e.TestFiles(); len(tests) == 1 {
		for name := range tests {
			return "A copy of your " + name + " goes to"
		}
	}
	return "A copy of each test file you changed goes to"
}

// givenFiles are e's stub files other than the one the learner edits,
// sorted: files the workbook gives to build on, not to write.
func givenFiles(e exercises.Exercise) []string {
	var given []string
	for name := range e.StubFiles() {
		if name != e.MainFile() {
			given = append(given, name)
		}
	}
	slices.Sort(given)
	return given
}

func (m Model) helpKeys() helpKeys {
	k := m.keys
	if m.helpOpen() {
		k.More = k.HelpClose // the keys in full say how they close
	}
	switch m.screen {
	case screenList:
		next := k.Next
		next.SetEnabled(m.isSolved(m.current().Name))
		short := []key.Binding{k.Up, k.Down, k.Select, k.Filter, k.Search, k.ListBack, k.ListQuit, k.More}
		full := [][]key.Binding{
			{k.Up, k.Down, k.Top, k.Bottom},
			{k.Select, next, k.Filter, k.Search},
			{k.ListBack, k.ListQuit, k.More, k.Palette},
		}
		return helpKeys{short: short, full: full, drop: listDrop}
	case screenCongrats:
		// esc (and enter) go back to the exercise, not out of the runner:
		// inside the home screen q says "back" too, for leaving, and the
		// line read "esc back • q back" for two ways to different places.
		back := k.Back
		back.SetHelp("esc", "to the exercise")
		short := []key.Binding{k.List, back, k.Quit}
		return helpKeys{short: short, full: [][]key.Binding{short}}
	}
	var keep namedKeys
	if r, ok := m.results[m.current().Name]; ok && !r.Passed() {
		_, keep = wayLine(r, m.watching())
		if m.failsSolved(r) {
			keep |= namesS
		}
	}
	next := k.Next
	next.SetEnabled(m.isSolved(m.current().Name))
	// With its folder gone there is no file for e to open (e says why).
	edit := k.Edit
	edit.SetEnabled(!m.folderMissing())
	// Nor is x offered where it refuses: the learner's code is in the
	// folder renamed (x says why).
	// Nor while a check of the exercise runs: x then only says to press
	// it again once the result is in (which reset fits depends on that
	// result: TestXWaitsForALaterCheck), so a line offering "x reset to
	// stub" promised what the key would not do. It comes back with the
	// result.
	reset := k.Reset
	reset.SetEnabled(m.renamedTo() == "" && !m.checking(m.current().Name))
	reset.SetHelp(reset.Help().Key, m.resetWords())
	short := []key.Binding{edit, k.Hint, next, k.List, reset, k.Solution, k.CheckAll, k.Quit, k.More}
	// r is shown where it is the one way to test, and where the verdict
	// names it.
	if m.opt.Manual || m.watchErr != nil || keep&namesR != 0 {
		short = append([]key.Binding{k.Rerun}, short...)
	}
	// x goes under t, the widest of the first column, which its words
	// (resetWords) do not outgrow: in the second, they widened it past 80
	// columns, and the help cut its last column.
	full := [][]key.Binding{
		{edit, k.Hint, next, k.List, k.Rerun, k.Task, reset},
		{k.Solution, k.CheckAll, k.Quit},
		{k.Up, k.Down, k.PageUp, k.PageDown},
		{k.Top, k.Bottom, k.More, k.Palette},
	}
	return helpKeys{short: short, full: full, drop: mainDrops[keep]}
}

// bodyHeight is how many lines the scrolling part of the main screen has.
func (m Model) bodyHeight() int {
	return bodyRows(m.height, m.header(), m.footer())
}

// bodyRows is the rows left to the body under header and over footer.
func bodyRows(height int, header, footer []string) int {
	return max(height-len(header)-2-len(footer), 0)
}

func (m *Model) clampScroll() {
	m.scroll = min(m.scroll, max(len(m.body())-m.bodyHeight(), 0))
	m.scroll = max(m.scroll, 0)
}

func (m Model) mainView() string {
	header, footer := m.header(), m.footer() // once each a frame
	lines := append(header, m.rule())
	body := m.body()
	bh := bodyRows(m.height, header, footer)
	scroll := min(max(m.scroll, 0), max(len(body)-bh, 0))
	if m.screen == screenConfirm {
		scroll = 0 // the verdict the question is about, at the body's top; the answer scrolls back
	}
	window := body[min(scroll, len(body)):min(scroll+bh, len(body))]
	lines = append(lines, window...)
	for range bh - len(window) {
		lines = append(lines, "")
	}
	more := ""
	if scroll+bh < len(body) {
		more = " ↓ " + moreLines(len(body)-scroll-bh) + " "
	}
	lines = append(lines, m.theme.rule.Render(strings.Repeat("─", max(m.width-len([]rune(more)), 0)))+m.theme.dim.Render(more))
	lines = append(lines, footer...)
	return fit(lines, m.width, m.height)
}

// body is the scrolling part of the main screen: the verdict, the hints
// revealed so far, then the test details and the task, in the order the
// learner chose (the task first while the exercise is an untouched stub).
func (m Model) body() []string {
	e := m.current()
	t := m.theme
	w := m.width
	var out []string
	add := func(style lipgloss.Style, indent int, text string) {
		for _, l := range wrap(text, w, indent) {
			out = append(out, style.Render(l))
		}
	}
	r, have := m.results[e.Name]
	switch {
	case m.running[e.Name] != nil:
		lines := m.phaseLines(e.Name, have)
		add(t.accent, 0, lines[0])
		for _, l := range lines[1:] {
			add(t.warn, 0, l)
		}
	case !have && m.saved[e.Name]:
		add(t.dim, 0, savedSoonLine)
	case !have:
		add(t.dim, 0, symPending+" not tested yet: press r to run the tests")
	}
	var details []string
	if have {
		verdict, rest := m.resultLines(r)
		out = append(out, verdict...)
		details = rest
	}
	hints := m.info[e.Name].hints
	for k, i := range m.shown {
		if i >= len(hints) {
			continue
		}
		out = append(out, "", t.warn.Render(section(fmt.Sprintf("Hint %d of %d", i+1, len(hints)), w)))
		for _, l := range wrap(m.strong(flow(hints[i].Text)), measure.ProseWidth(w), 0) {
			out = append(out, t.plain.Render(l))
		}
		if k == len(m.shown)-1 && len(m.shown) < len(hints) {
			add(t.dim, 0, "(h again for the next hint)")
		}
	}
	task := append([]string{"", t.title.Render(section("Task", w))}, m.readmeLines(m.info[e.Name].readme)...)
	if len(details) > 0 {
		details = append([]string{"", t.title.Render(section("Tests", w))}, details...)
	}
	if m.taskFirst(e) {
		out = append(append(out, task...), details...)
	} else {
		out = append(append(out, details...), task...)
	}
	return out
}

// taskFirst reports whether the task comes before the test details. t
// chooses, until the next save. Otherwise the details come first, unless
// the last check found the stub as the workbook wrote it: a learner back
// at a half-done exercise needs why it fails, not the task they have
// read, while one who has not started needs the task (the stub's
// failures only say nothing is written yet).
func (m Model) taskFirst(e exercises.Exercise) bool {
	if first, ok := m.order[e.Name]; ok {
		return first
	}
	r, have := m.results[e.Name]
	return !have || r.Untouched
}

// resultLines renders a result: the verdict, and the details (compile
// errors, failing tests with their output, the passing ones).
func (m Model) resultLines(r exercises.Result) (verdict, details []string) {
	t := m.theme
	w := m.width
	add := func(to *[]string, style lipgloss.Style, indent int, text string) {
		for _, l := range wrap(text, w, indent) {
			*to = append(*to, style.Render(l))
		}
	}
	rep := r.Report
	if r.Passed() && r.RaceUnchecked {
		// Not a full pass: the tests ran without the race detector.
		add(&verdict, t.accent, 0, fmt.Sprintf("%s PASS, NOT CHECKED FOR DATA RACES  %s.", symPass, rep.Summary))
		if names := testNames(rep.Tests, true); names != "" {
			add(&details, t.pass, 2, symPass+" passing: "+names)
		}
		return verdict, details
	}
	if r.Passed() {
		add(&verdict, t.pass, 0, fmt.Sprintf("%s PASS  %s.", symPass, rep.Summary))
		if names := testNames(rep.Tests, true); names != "" {
			add(&details, t.pass, 2, symPass+" passing: "+names)
		}
		return verdict, details
	}

	word := map[grade.Status]string{grade.BuildFailed: "BUILD", grade.TimedOut: "TIMEOUT", grade.NoTests: "NO TESTS", grade.NoGo: "NO GO", grade.Errored: "ERROR"}[rep.Status]
	if rep.Status == grade.BuildFailed && rep.Vet {
		word = "VET"
	}
	if word == "" {
		word = "FAIL"
	}
	summary := rep.Summary
	way, _ := wayLine(r, m.watching())
	if r.Fault != "" && way != "" {
		// The summary names the command line's way out (`breakerlab
		// exercises reset --tests 01`); the runner's, said under it, is
		// its own keys'.
		summary = r.Fault
	}
	if rep.Status == grade.BuildFailed && len(rep.BuildErrors) > 0 {
		summary = "the code does not compile:" // the errors follow, each with its place
		if rep.Vet {
			summary = "the code compiles, but go vet, which go test runs first, found a mistake:"
		}
		if r.BuiltWithoutMain {
			// The errors name what the tests miss, not why: the file
			// that defines it is gone.
			summary = exercises.MainMissingFault(r.Exercise) + ", and the code does not compile:"
		}
		// A test file that differs may be what does not compile, and
		// whatever does, this check cannot pass until it is put back, as
		// the x under it offers.
		summary = r.ChangedTestsFault + summary
	}
	add(&verdict, t.fail, 0, fmt.Sprintf("%s %s  %s", symFail, word, summary))
	if rep.Status == grade.BuildFailed {
		for _, be := range rep.BuildErrors {
			add(&verdict, t.fail, 2, fmt.Sprintf("%s/%s", r.Exercise.Name, be))
		}
		if len(rep.BuildErrors) == 0 {
			// The summary quotes the compiler's first line, with a hint
			// where there is one; the rest comes once, under it.
			for _, l := range exercises.UnquotedBuildOutput(rep) {
				add(&verdict, t.plain, 2, l)
			}
		}
	}
	// The way out comes after the compiler's errors, not between them
	// and the summary whose colon introduces them.
	if way != "" {
		add(&verdict, t.dim, 2, way)
	}
	if m.failsSolved(r) {
		add(&verdict, t.dim, 2, "It passed before, so it stays done; this is your code as it is now (s writes the solution to compare).")
	}
	for _, ft := range rep.Failures() {
		label := ft.Name
		// A panic in a goroutine other than the test's own (a synctest
		// bubble's) leaves the test Running too, but it crashed: its
		// panic lines say what happened, as they do for a panic in the
		// test's goroutine, and "never finished" would send the learner
		// looking for a loop.
		if ft.Running && ft.Panic == "" {
			label += " (never finished)"
		}
		add(&details, t.fail, 2, symFail+" "+label)
		for _, l := range ft.Shown() {
			style := t.plain
			if l.Note {
				style = t.dim // where lines were left out, not a line of output
			}
			// A line indented under another (a panic's "  at" frames, a
			// want under its got) keeps its indent where it wraps, so a
			// frame's "(file.go:81)" stays under its frame.
			text := strings.TrimLeft(l.Text, " ")
			add(&details, style, 6+len(l.Text)-len(text), text)
		}
	}
	if names := testNames(rep.Tests, true); names != "" {
		add(&details, t.pass, 2, symPass+" passing: "+names)
	}
	for _, l := range rep.Output {
		add(&details, t.dim, 2, l)
	}
	return verdict, details
}

// wayLine says the runner's way out of r's fault, in the runner's keys,
// where the check gave the fault without check's way (Result.Fault), and
// which keys it names: the files x puts back (restoreLine), the stub x
// writes back when the file the learner edits is gone, or a folder to
// rename back before r checks again (or, watching, the watcher does).
// "" when the verdict names no way out. It is chosen by the result's
// fields, as x chooses.
func wayLine(r exercises.Result, watching bool) (string, namedKeys) {
	if line := restoreLine(r); line != "" {
		return line, namesX
	}
	switch {
	case r.Fault == "":
		return "", 0
	case r.FolderMissing && r.RenamedTo != "":
		// x would start a new folder while the learner's code stayed in
		// the renamed one, so only the rename is offered. The watcher
		// sees the folder come back and checks it: r is named only where
		// nothing watches.
		if watching {
			return renameBack(r, true), 0
		}
		return renameBack(r, false), namesR
	case r.FolderMissing:
		// As a renamed folder: watching, its return is checked by itself.
		if watching {
			return "Rename it back, and it is checked again as it comes back; or x writes a fresh stub.", namesX
		}
		return "Rename it back and press r, or x writes a fresh stub.", namesX | namesR
	case r.MainMissing:
		return "x writes the stub back.", namesX
	case r.BuiltWithoutMain:
		return "x writes the stub back; your code is copied to " + exercises.BackupFolder(r.Exercise) + " first.", namesX
	}
	return "", 0
}

// renameBack is the way out of r, whose folder was renamed to
// r.RenamedTo: the verdict says it, and x, which refuses, says it again.
// Watching, the folder's return is itself checked (watcher.folderChanged),
// and a learner told to press r would check twice, or wait for a key
// that is not needed.
func renameBack(r exercises.Result, watching bool) string {
	if watching {
		return fmt.Sprintf("Rename %s back to %s: it is checked again as it comes back.", r.RenamedTo, r.Exercise.Name)
	}
	return fmt.Sprintf("Rename %s back to %s, then r checks it again.", r.RenamedTo, r.Exercise.Name)
}

// failsSolved says the verdict of r is that of an exercise that passed
// before and fails now, whose line names s (the solution to compare).
func (m Model) failsSolved(r exercises.Result) bool {
	return !r.Passed() && m.isSolved(r.Exercise.Name)
}

// Words for what x does, in the key line and the keys in full, as
// `breakerlab exercises help` says them (cli.Help): "x reset" alone read as
// a reset of everything where x keeps the learner's code and puts only the
// tests back, and a learner who had changed a test, or lost a file the
// workbook gave, held back from the key that was their way out.
const (
	resetToStubWords  = "reset to stub"
	putTestsBackWords = "put tests back"
	putGivenBackWords = "put files back"
)

// resetWords names what x does now, chosen as x chooses (restoresTests)
// from the current exercise's last result: with none yet, or one with no
// test or given file to put back, x resets the exercise to its stub.
func (m Model) resetWords() string {
	r, ok := m.results[m.current().Name]
	switch {
	case !ok || !restoresTests(r):
		return resetToStubWords
	case r.GivenMissing && !r.TestsChanged && !r.TestsMissing:
		return putGivenBackWords // restoreLine's "what the workbook gave you"
	}
	return putTestsBackWords
}

// restoreLine says what x does for r when it puts files back rather than
// resetting the exercise, "" when it resets. It is chosen by what the
// check found (restoresTests), as x chooses, so that the line and the key
// cannot disagree when a message is worded otherwise.
func restoreLine(r exercises.Result) string {
	switch {
	case !restoresTests(r):
		return ""
	case r.GivenMissing && !r.TestsChanged && !r.TestsMissing:
		// Only a file the workbook gave is gone; the tests are as bundled.
		return "x writes back what the workbook gave you; your code is kept."
	case r.TestsChanged && !r.TestsOutdated:
		// The learner changed a test file, perhaps to add a test of their
		// own, which the restore replaces: check says where theirs can go,
		// and, as check's hint does, in the same words, that their version
		// is copied first and where (exercises.BackupFolder, where the
		// restore copies it): the line said only that their code was kept.
		return "x puts the bundled tests back, yours copied to the workbook's " + exercises.BackupFolder(r.Exercise) +
			" first; your code is kept (" + exercises.OwnTestsNote + ")."
	}
	return "x puts the bundled tests back; your code is kept."
}

// testNames lists the top-level tests that passed (or failed), by name.
func testNames(tests []grade.TestResult, passed bool) string {
	var names []string
	for _, t := range tests {
		if strings.Contains(t.Name, "/") || t.Skipped || t.Passed != passed {
			continue
		}
		names = append(names, t.Name)
	}
	return strings.Join(names, ", ")
}

// readmeLines renders Markdown text for the terminal: the title (already
// in the header) is dropped, prose and list items are re-flowed to the
// width, code is kept as written where it fits and split as Go is split
// by hand where it does not (codeLines).
func (m Model) readmeLines(md string) []string {
	if d := m.readme; d != nil && d.lines != nil && d.width == m.width && d.md == md {
		return d.lines[:len(d.lines):len(d.lines)] // an append copies
	}
	out := m.drawReadme(md)
	if m.readme != nil {
		*m.readme = drawnReadme{md: md, width: m.width, lines: out}
	}
	return out[:len(out):len(out)]
}

func (m Model) drawReadme(md string) []string {
	// The task is prose: at 200 columns it ran 196 a line.
	w := measure.ProseWidth(m.width)
	var out []string
	for _, b := range blocks(md, true) {
		switch b.kind {
		case blockCode:
			for _, l := range codeLines(b.text, w-2) {
				out = append(out, m.theme.accent.Render("  "+l))
			}
		case blockHeading:
			out = append(out, "", m.theme.title.Render(b.text))
		case blockItem:
			// A nested item keeps its depth: 08's "What Call returns:"
			// and its cases read as one list of siblings without it.
			lead := strings.Repeat("  ", b.depth)
			for j, l := range wrap(m.strong(b.text), w, len(lead)+2) {
				if j == 0 {
					l = lead + "- " + strings.TrimPrefix(l, lead+"  ")
				}
				out = append(out, l)
			}
		case blockBlank:
			if len(out) > 0 && out[len(out)-1] != "" {
				out = append(out, "")
			}
		default:
			out = append(out, wrap(m.strong(b.text), w, 0)...)
		}
	}
	for len(out) > 0 && out[len(out)-1] == "" {
		out = out[:len(out)-1]
	}
	for len(out) > 0 && out[0] == "" {
		out = out[1:]
	}
	return out
}

type blockKind int

const (
	blockPara blockKind = iota
	blockItem
	blockCode
	blockHeading
	blockBlank
)

type block struct {
	kind blockKind
	text string
	// depth is a list item's nesting: 0 at the margin, 1 for an item
	// indented under another, and so on.
	depth int
}

// blocks splits Markdown into paragraphs, list items, headings, blank
// lines and code lines, joining the soft-wrapped lines of prose.
func blocks(md string, dropTitle bool) []block {
	var out []block
	inCode := false
	for i, l := range strings.Split(strings.ReplaceAll(md, "\r\n", "\n"), "\n") {
		trimmed := strings.TrimSpace(l)
		last := len(out) - 1
		switch {
		case i == 0 && dropTitle && strings.HasPrefix(l, "# "):
		case strings.HasPrefix(trimmed, "```"):
			inCode = !inCode
		case inCode:
			out = append(out, block{kind: blockCode, text: l})
		case trimmed == "":
			out = append(out, block{kind: blockBlank})
		case strings.HasPrefix(l, "#"):
			out = append(out, block{kind: blockHeading, text: strings.TrimLeft(l, "# ")})
		case strings.HasPrefix(l, "    ") && (last < 0 || out[last].kind == blockBlank || out[last].kind == blockCode):
			out = append(out, block{kind: blockCode, text: l})
		case strings.HasPrefix(trimmed, "- "):
			indent := len(l) - len(strings.TrimLeft(l, " "))
			out = append(out, block{kind: blockItem, text: strings.TrimPrefix(trimmed, "- "), depth: indent / 2})
		case last >= 0 && (out[last].kind == blockPara || out[last].kind == blockItem):
			out[last].text += " " + trimmed
		default:
			out = append(out, block{kind: blockPara, text: trimmed})
		}
	}
	return out
}

// strongText is Markdown's strong emphasis, **like this**.
var strongText = regexp.MustCompile(`\*\*([^*\n]+)\*\*`)

// strong sets Markdown's **strong** words in bold, without the asterisks.
func (m Model) strong(s string) string {
	return strongText.ReplaceAllStringFunc(s, func(w string) string {
		return m.theme.strong.Render(strings.Trim(w, "*"))
	})
}

// flow re-flows plain text whose lines were wrapped by hand (a hint, say)
// into paragraphs separated by blank lines.
func flow(text string) string {
	var paras []string
	for _, b := range blocks(text, false) {
		switch b.kind {
		case blockBlank:
			if len(paras) > 0 && paras[len(paras)-1] != "" {
				paras = append(paras, "")
			}
		case blockItem:
			paras = append(paras, strings.Repeat("  ", b.depth)+"- "+b.text)
		default:
			paras = append(paras, b.text)
		}
	}
	return strings.Join(paras, "\n")
}

// section is a titled rule: "── Task ─────".
func section(title string, width int) string {
	s := "── " + title + " "
	return s + strings.Repeat("─", max(width-lipgloss.Width(s), 0))
}

// wrap breaks text into lines of at most width cells, each indented, as
// `breakerlab exercises check` breaks the same messages (textwrap.Lines).
func wrap(text string, width, indent int) []string {
	return textwrap.Lines(text, width, indent)
}

func (m Model) listView() string {
	t := m.theme
	filter := fmt.Sprintf("show: %s (tab)", m.filter)
	search := "/ to filter"
	if m.searching || m.search != "" {
		search = "filter: " + m.search
		if m.searching {
			search += "▏"
		}
	}
	title := t.title.Render("Exercises") + "  " + fmt.Sprintf("%d/%d done", m.doneCount(), len(m.exs)) +
		t.dim.Render("   "+filter+"   "+search)
	lines := []string{title, m.rule()}
	footer := m.footer()
	room := max(m.height-len(lines)-1-len(footer), 0)
	vis := m.visible()
	cursor := min(m.listCursor, max(len(vis)-1, 0))
	// The state column is as wide as its widest word ("done, failing
	// now"), at least 8 cells, so that the names stay in one column. A
	// check in progress is worded to fit it (phaseCell): its seconds would
	// move the names every second.
	wordWidth := 8
	for _, i := range vis {
		if m.running[m.exs[i].Name] != nil {
			continue
		}
		_, word, _ := m.stateOf(m.exs[i])
		wordWidth = max(wordWidth, lipgloss.Width(word))
	}
	// A title too long for its row keeps its first whole words; the
	// chosen one's is then shown whole under the list.
	whole := ""
	all := make([]string, 0, len(vis))
	for i := range vis {
		e := m.exs[vis[i]]
		sym, word, style := m.stateOf(e)
		if m.running[e.Name] != nil {
			word = m.phaseCell(e.Name, wordWidth)
		}
		mark := "  "
		if i == cursor {
			mark = symCursor + " "
		}
		head := fmt.Sprintf("%s%s %-*s %-24s ", mark, style.Render(sym), wordWidth, word, e.Name)
		tail := ""
		if vis[i] == m.cur {
			tail = "  (current)"
		}
		title := e.Title
		if left := m.width - lipgloss.Width(head) - len(tail); lipgloss.Width(title) > left {
			title = wordsFit(title, left)
			if i == cursor {
				whole = e.Title
			}
		}
		row := head + t.dim.Render(title) + t.dim.Render(tail)
		if i == cursor {
			row = t.selected.Render(ansi.Strip(ansi.Truncate(row, m.width, "…")))
		}
		all = append(all, row)
	}
	var under []string
	if whole != "" {
		for _, l := range wrap(whole, m.width, 4) {
			under = append(under, t.dim.Render(l))
		}
		// The whole title gives way to the rows first: the chosen row
		// stays, with a marker for the rows above or below it.
		under = under[:min(len(under), max(room-3, 0))]
	}
	// The chosen row always shows: the list scrolls with the cursor, and
	// a marker line says how many rows are above or below the window.
	start, end := listWindow(len(all), cursor, room-len(under))
	var rows []string
	if start > 0 {
		rows = append(rows, t.dim.Render(fmt.Sprintf("  ↑ %d more above", start)))
	}
	rows = append(rows, all[start:end]...)
	if end < len(all) {
		rows = append(rows, t.dim.Render(fmt.Sprintf("  ↓ %d more below", len(all)-end)))
	}
	rows = append(rows, under...)
	if len(vis) == 0 {
		rows = append(rows, t.dim.Render("No exercise matches. Esc clears the search; tab changes the filter."))
	}
	lines = append(lines, rows...)
	for len(lines) < m.height-len(footer)-1 {
		lines = append(lines, "")
	}
	lines = append(lines, m.rule())
	lines = append(lines, footer...)
	return fit(lines, m.width, m.height)
}

func (m Model) congratsView() string {
	t := m.theme
	msg := []string{
		t.pass.Render(fmt.Sprintf("%s All %d exercises pass.", symPass, len(m.exs))),
		"",
		"Every one was checked again just before this message.",
		"You have written breakers that count, judge rates and slow calls,",
		"trial their way back, bulkheads, timeouts, retries with a budget,",
		"shuffle shards, and the order that makes them work together.",
	}
	var lines []string
	for range max((m.height-len(msg)-2)/2, 0) {
		lines = append(lines, "")
	}
	for _, l := range msg {
		lines = append(lines, lipgloss.PlaceHorizontal(m.width, lipgloss.Center, ansi.Truncate(l, m.width, "…")))
	}
	footer := m.footer()
	for len(lines) < m.height-len(footer) {
		lines = append(lines, "")
	}
	lines = append(lines, footer...)
	return fit(lines, m.width, m.height)
}

// listWindow is the part [start, end) of a list of n rows that room lines
// show with the row at always in it, leaving a line for "↑ more above"
// when start > 0 and one for "↓ more below" when end < n. Below three
// lines there is no room for markers: the rows around the cursor fill it.
func listWindow(n, at, room int) (start, end int) {
	if n <= room {
		return 0, n
	}
	if room < 3 {
		start = min(max(at-room+1, 0), max(n-room, 0))
		return start, min(start+max(room, 1), n)
	}
	for {
		end = start + room
		if start > 0 {
			end-- // the line saying what is above
		}
		if end < n {
			end-- // the line saying what is below
		}
		end = min(end, n)
		if at < end {
			return start, end
		}
		start++
	}
}

// moreLines says how many more lines there are: "1 more line", "3 more lines".
func moreLines(n int) string {
	if n == 1 {
		return "1 more line"
	}
	return fmt.Sprintf("%d more lines", n)
}

// wordsFit keeps the words of s that fit whole in w cells, then " …" when
// some did not.
func wordsFit(s string, w int) string {
	if lipgloss.Width(s) <= w {
		return s
	}
	out := ""
	for _, word := range strings.Fields(s) {
		next := word
		if out != "" {
			next = out + " " + word
		}
		if lipgloss.Width(next)+2 > w {
			break
		}
		out = next
	}
	if out == "" {
		return ansi.Truncate(s, w, "")
	}
	return out + " …"
}

// savedSoonLine is the body's first line for an exercise just saved that
// has no result yet, in the moment (Options.Debounce) before its check
// starts by itself: "press r" would send the learner to a key they need
// not press. It says "files changed", as saveCheckingMessage does: another
// program may have written them.
const savedSoonLine = symPending + " its files just changed: the tests start in a moment"
