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
		return fmt.Errorf("cannot tell the current folder: %w", err)
	}
	o.Workbooks = tui.Workbooks(wd, false)
	d, iv := drillui.Terminal(), interviewui.Terminal()
	o.Drill, o.Interview = &d, &iv
	ch := challengeui.Terminal(nil, os.Getenv)
	o.Challenges = &ch
	o.LiveLab = homeLiveLab
	o.Still = home.StillFromEnv(os.Getenv) // reduced motion: the menu's live picture stands still
	t := terminal()
	t.Present = *presentFlag
	return tui.RunHome(t, o)
}
