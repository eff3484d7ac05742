package home

import (
	"errors"
	"fmt"

	"github.com/breakerlab/breakerlab/exercises"
	"github.com/breakerlab/breakerlab/lessons"
	"github.com/breakerlab/breakerlab/lessons/challenge"
	"github.com/breakerlab/breakerlab/tui/palette"
	tea "github.com/charmbracelet/bubbletea"
)

// The menu invites the learner back: each item says how far they got
// (lessons done, stars earned, exercises done; the drill's cards due
// are drillCounts), and c continues the lesson they left off in. The
// figures come from the progress files, read in commands (progressMsg),
// never in View.

// lessonProgress is how far the learner got in the lessons.
type lessonProgress struct {
	done, total int
	// next is the lesson to continue (Number 0: none), and step its step
	// (from 1) and steps its length, when it was started.
	next        *lessons.Lesson
	step, steps int
	// rows are every lesson's own progress, for the progress panes a tall
	// window shows (progress.go).
	rows []progressRow
}

// String is the Lessons item's figure: "3 of 13 done · c continues lesson
// 4 at step 6 of 12".
func (p lessonProgress) String() string {
	if f := p.forms(); len(f) > 0 {
		return f[0]
	}
	return ""
}

// forms are the Lessons item's figure said shorter and shorter, for the
// row of its own it takes in a narrow window (lessonsText): the last,
// "N of M done", is never wider than 13 cells below 100 lessons. A
// learner who has begun none is told how many there are rather than
// "0 of 13 done".
func (p lessonProgress) forms() []string {
	if p.total == 0 {
		return nil
	}
	count := fmt.Sprintf("%d of %d done", p.done, p.total)
	switch {
	case p.next == nil:
		return []string{count}
	case p.step > 0:
		return []string{
			fmt.Sprintf("%s · c continues lesson %d at step %d of %d", count, p.next.Number, p.step, p.steps),
			fmt.Sprintf("%s · on lesson %d, step %d of %d", count, p.next.Number, p.step, p.steps),
			count,
		}
	case p.done == 0:
		none := fmt.Sprintf("%d lessons, none begun yet", p.total)
		return []string{fmt.Sprintf("%s · c starts lesson %d", none, p.next.Number), none, count}
	}
	return []string{fmt.Sprintf("%s · c starts lesson %d", count, p.next.Number), count}
}

// continueHelp is what c does, in the key line's words, as the figure
// says it: a learner who has begun no lesson read "c continue the lesson"
// under "c starts lesson 1", on the first screen they see.
func (p lessonProgress) continueHelp() string {
	if p.next == nil {
		return "continue the lesson"
	}
	if p.step > 0 {
		return fmt.Sprintf("continue lesson %d", p.next.Number)
	}
	return fmt.Sprintf("start lesson %d", p.next.Number)
}

// lessonsProgressMsg carries the lessons' progress.
type lessonsProgressMsg lessonProgress

// countLessons reads the lessons' progress in a command: the lessons are
// parsed there the first time (lessons.All keeps them), not before the
// first frame, and only with Options.ProgressAtStart when not loaded yet.
func (m Model) countLessons() tea.Cmd {
	store, all, load := m.o.LessonStore, m.o.Lessons, m.o.LoadLessons
	if !m.o.ProgressAtStart {
		load = nil
	}
	if store == nil || all == nil && load == nil {
		return nil
	}
	return func() tea.Msg {
		if all == nil {
			var err error
			if all, err = load(); err != nil {
				return nil
			}
		}
		return lessonsProgressMsg(lessonsProgress(store, all))
	}
}

// lessonsProgress counts the lessons done and finds where to continue: the
// first lesson started and not done, else the first not done.
func lessonsProgress(store *lessons.Store, all []*lessons.Lesson) lessonProgress {
	p := lessonProgress{total: len(all)}
	var started, fresh *lessons.Lesson
	var startedAt int
	for _, l := range all {
		// Against the lesson's steps as they are now (Remap): the step to
		// continue from and Done follow a step added since the last save.
		pr := store.GetLesson(l)
		p.rows = append(p.rows, lessonRow(l, pr))
		switch {
		case pr.Done:
			p.done++
		case len(pr.Seen) > 0 && started == nil:
			started, startedAt = l, pr.Step
		case fresh == nil:
			fresh = l
		}
	}
	switch {
	case started != nil:
		p.next, p.step, p.steps = started, startedAt+1, len(started.Steps)
	case fresh != nil:
		p.next = fresh
	}
	return p
}

// challengesMsg carries the challenges' numbers and titles, for the
// palette, and the stars earned of those available.
type challengesMsg struct {
	args         []palette.Arg
	stars, total int
	rows         []progressRow // each challenge's stars (progress.go)
}

// countChallenges reads the challenges and their stars in a command: the
// first reading takes a second (each level's grading is planned), too long
// for a key.
func (m Model) countChallenges() tea.Cmd {
	if m.o.Challenges == nil {
		return nil
	}
	prog := m.o.Challenges.Progress
	return func() tea.Msg {
		all, err := challenge.All()
		if err != nil {
			return challengesMsg{args: []palette.Arg{}}
		}
		out := challengesMsg{args: []palette.Arg{}}
		for _, c := range all {
			if c.Number > 0 {
				out.args = append(out.args, palette.Arg{Value: fmt.Sprint(c.Number), Desc: c.Title})
			}
			out.total += 3
			stars := 0
			if prog != nil {
				stars = prog.Get(c.ID).Stars
				out.stars += stars
			}
			out.rows = append(out.rows, challengeRow(c, stars))
		}
		return out
	}
}

// stars is the Challenges item's figure: "5 of 48 stars".
func (c challengesMsg) String() string {
	if c.total == 0 {
		return ""
	}
	return fmt.Sprintf("%d of %d stars", c.stars, c.total)
}

// exercisesMsg carries where the workbook's exercises stand; ok is false
// when there is no workbook.
type exercisesMsg struct {
	// done counts the exercises the runner and `breakerlab exercises list`
	// call done: a pass sticks, so failing counts those of them whose code
	// fails now. Both come from Workbook.Status, as theirs do, so that the
	// three never disagree.
	done, failing, total int
	ok                   bool
	// looked: the search for a workbook came back (ok or not).
	looked bool
	// gone: there is none, and the one the learner wrote (remembered
	// from `breakerlab exercises init`) is no longer where it was.
	gone bool
	rows []progressRow // each exercise and its status (progress.go)
}

// countExercises finds the workbook in a command and reads each
// exercise's status; with none, the item stays as it is.
func (m Model) countExercises() tea.Cmd {
	if !m.exercisesFigureComes() {
		return nil
	}
	find, open := m.o.Workbooks.Find, m.o.Workbooks.Open
	return func() tea.Msg {
		b, err := find()
		var nf *exercises.NotFoundError
		gone := false
		if errors.As(err, &nf) && nf.Remembered != "" {
			gone = nf.Gone
			if !gone && open != nil {
				// The learner's workbook is elsewhere: its progress is
				// theirs.
				b, err = open(nf.Remembered)
			}
		}
		if err != nil || b == nil {
			return exercisesMsg{looked: true, gone: gone}
		}
		out := exercisesMsg{ok: true, looked: true}
		for _, e := range b.Exercises() {
			out.total++
			st := b.Status(e)
			if st.Solved() {
				out.done++
			}
			if st == exercises.DoneFailing {
				out.failing++
			}
			out.rows = append(out.rows, exerciseRow(e, st))
		}
		return out
	}
}

// count is the exercises done of all, as the runner's "6/16 done" counts
// them: "6 of 16 done".
func (e exercisesMsg) count() string {
	return fmt.Sprintf("%d of %d done", e.done, e.total)
}

// String is the Exercises item's figure: "6 of 16 done", and how many of
// those fail now, since done alone would read as all of them passing.
func (e exercisesMsg) String() string {
	if !e.ok {
		return ""
	}
	if e.failing > 0 {
		return fmt.Sprintf("%s · %d failing now", e.count(), e.failing)
	}
	return e.count()
}

// progressMsg takes the counts as they come; ok is false for other
// messages.
func (m *Model) progressMsg(msg tea.Msg) bool {
	switch msg := msg.(type) {
	case lessonsProgressMsg:
		m.lessonsDone = lessonProgress(msg)
		m.keys.Continue.SetEnabled(m.lessonsDone.next != nil)
		m.keys.Continue.SetHelp("c", m.lessonsDone.continueHelp())
	case challengesMsg:
		m.chArgs, m.chStars = msg.args, msg
		if m.pal.IsOpen() {
			m.pal.SetCommands(m.commands())
		}
	case exercisesMsg:
		m.exDone = msg
	default:
		return false
	}
	return true
}

// recount reads the progress again, on the way back to the menu from the
// screen that changed it.
func (m Model) recount(from screen) tea.Cmd {
	switch from {
	case onLessons:
		return m.countLessons()
	case onChallenges:
		return m.countChallenges()
	case onExercises:
		return m.countExercises()
	case onDrill:
		return m.countDrill()
	}
	return nil
}

// exercisesFigureComes reports whether the exercises are counted
// (countExercises): there is a way to find the workbook, and the runner
// grades files here (not over SSH, where ExercisesElsewhere says so).
func (m Model) exercisesFigureComes() bool {
	wb := m.o.Workbooks
	return wb != nil && wb.Find != nil && m.o.ExercisesElsewhere == ""
}

// figure is what item i says of the learner's progress, or "".
func (m Model) figure(i int) string {
	switch i {
	case lessonsItem:
		return m.lessonsDone.String()
	case challengesItem:
		return m.chStars.String()
	case exercisesItem:
		return m.exDone.String()
	case drillItem:
		return m.drillCounts
	}
	return ""
}

// continueLesson opens the lesson to continue, where the learner left it.
func (m Model) continueLesson() (tea.Model, tea.Cmd) {
	if m.lessonsDone.next == nil {
		return m, nil
	}
	return m.jumpLesson(fmt.Sprint(m.lessonsDone.next.Number))
}
