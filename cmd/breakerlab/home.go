package main

import (
	"flag"
	"fmt"
	"io"
	"os"

	"github.com/breakerlab/breakerlab/engine/scenarios"
	"github.com/breakerlab/breakerlab/lessons"
	"github.com/breakerlab/breakerlab/tui"
	"github.com/breakerlab/breakerlab/tui/challengeui"
	"github.com/breakerlab/breakerlab/tui/drillui"
	"github.com/breakerlab/breakerlab/tui/home"
	"github.com/breakerlab/breakerlab/tui/interviewui"
	"github.com/breakerlab/breakerlab/tui/lessonui"
)

// The bare command opens the home screen, which holds the sandbox, the
// lessons and the exercise runner in one program: leaving any of them comes
// back to it.
func init() {
	register(command{name: "home", summary: "open the home screen: lessons, sandbox, exercises", usage: "home [--present]", run: runHome})
}

// headless names the commands that do without a terminal what the home
// screen does with one.
const headless = "`breakerlab run SCENARIO` runs a scenario and prints its numbers (`breakerlab scenarios` lists them), " +
	"`breakerlab lessons` lists the lessons (`breakerlab lesson ID --check` prints one), " +
	"and `breakerlab exercises list` and `breakerlab exercises check` grade a workbook"

func runHome(args []string, stdout, stderr io.Writer) error {
	// Named for the command whose help lists its flags: `breakerlab
	// --present` is `breakerlab home --present`.
	fs := flag.NewFlagSet("home", flag.ContinueOnError)
	presentFlag := fs.Bool("present", false, "start in presentation mode, for a projector: big numbers, a caption, no key help (ctrl+p toggles it on any screen)")
	pos, err := parseArgs(fs, args)
	if err != nil {
		return err
	}
	if len(pos) > 0 {
		return usagef("the home screen takes no arguments, got %q; see `breakerlab help`", pos)
	}
	if err := needTerminal(stdout, "the home screen", headless); err != nil {
		return err
	}
	o, err := homeOptions()
	if err != nil {
		return err
	}
	t := terminal()
	t.Present = *presentFlag
	return tui.RunHome(t, o)
}

// homeOptions is the home screen as the program opens it on this machine:
// every screen it leads to, the learner's saved progress and its notices.
func homeOptions() (home.Options, error) {
	o := home.Options{Seed: defaultSeed}
	for _, b := range scenarios.All() {
		o.Scenarios = append(o.Scenarios, home.Entry{Name: b.Name, Summary: b.Summary, Build: b.Build})
	}
	o.Scenarios = append(o.Scenarios, home.Entry{Name: shuffleScenario.Name, Summary: shuffleScenario.Summary, ShardView: true})
	// The lessons are parsed when the Lessons item is first chosen, not
	// before the first frame; if they do not load, the rest of the home
	// screen still works and the Lessons item says why.
	lo := lessonui.Terminal("")
	o.LoadLessons, o.LessonStore, o.LessonNotice = lessons.All, lo.Store, lo.Notice
	o.ProgressAtStart = true // the menu says how far the learner got
	wd, err := os.Getwd()
	if err != nil {
		return home.Options{}, fmt.Errorf("cannot tell the current folder: %w", err)
	}
	o.Workbooks = tui.Workbooks(wd, false)
	d, iv := drillui.Terminal(), interviewui.Terminal()
	o.Drill, o.Interview = &d, &iv
	ch := challengeui.Terminal(nil, os.Getenv)
	o.Challenges = &ch
	o.LiveLab = homeLiveLab
	o.Still = home.StillFromEnv(os.Getenv) // reduced motion: the menu's live picture stands still
	if _, err := os.UserConfigDir(); err != nil {
		// Each store says it cannot save, in a notice of its own: four
		// notices of one cause filled the menu at 80×24. One says it, and
		// what is lost.
		o.LessonNotice = fmt.Sprintf("no folder to save in (%v): your lesson progress, the drill's schedule, your interviews and your challenge stars last only until you quit", err)
		d.Notice, iv.Notice, ch.Notice = "", "", ""
	}
	return o, nil
}
