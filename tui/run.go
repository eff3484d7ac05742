package tui

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"time"

	"github.com/breakerlab/breakerlab/engine"
	"github.com/breakerlab/breakerlab/engine/chaos"
	"github.com/breakerlab/breakerlab/exercises"
	"github.com/breakerlab/breakerlab/internal/fullscreen"
	"github.com/breakerlab/breakerlab/tui/asciiterm"
	"github.com/breakerlab/breakerlab/tui/exercisesui"
	"github.com/breakerlab/breakerlab/tui/home"
	"github.com/breakerlab/breakerlab/tui/present"
	"github.com/breakerlab/breakerlab/tui/sandbox"
	"github.com/breakerlab/breakerlab/tui/shardview"
	"github.com/breakerlab/breakerlab/tui/theme"
	tea "github.com/charmbracelet/bubbletea"
)

// Terminal is where a program runs: its input and output, and whether the
// environment asked for no colour. Zero values mean the process's own
// stdin and stdout, in colour.
type Terminal struct {
	In      io.Reader
	Out     io.Writer
	NoColor bool
	// Present starts in presentation mode (tui/present), for a
	// projector; ctrl+p toggles it on any screen either way.
	Present bool
}

func (t Terminal) options() []tea.ProgramOption {
	// The renderer flushes at most 30 times a second, the animation's own rate,
	// which also halves its idle wake-ups.
	// Cell motion reports clicks and the wheel (tabs, time axes, scrolling).
	opts := []tea.ProgramOption{tea.WithAltScreen(), tea.WithFPS(30), tea.WithMouseCellMotion()}
	if t.In != nil {
		opts = append(opts, tea.WithInput(t.In))
	}
	// A terminal that cannot show Unicode gets the screens in ASCII.
	opts = append(opts, asciiterm.WithOutput(t.Out, os.Getenv))
	return opts
}

func (t Terminal) theme() *theme.Theme {
	out := t.Out
	if out == nil {
		out = os.Stdout
	}
	return theme.New(theme.NewRenderer(out, t.NoColor))
}

// SandboxOptions say what the sandbox opens on.
type SandboxOptions struct {
	Scenario *engine.Scenario
	Variant  int
	Seed     uint64
	Speed    float64
	Play     bool
	// Budget holds the designs the knob form applies and the sweeps it
	// starts (sandbox.Limits.Budget); nil is the engine's default budget.
	Budget func(sc *engine.Scenario, runs int) error
	// SweepBudget holds a sweep by the engine's estimate of the sweep
	// itself (sandbox.Limits.SweepBudget); nil leaves it to Budget.
	SweepBudget func(engine.Cost) error
	// RaiseBudget says how to run a sweep made smaller to fit whole
	// (sandbox.Limits.RaiseBudget).
	RaiseBudget func(requests float64) string
	// Faults are injected from the start (--fault), as if by the chaos menu.
	Faults []chaos.Spec
	// File is the scenario file Scenario was read from, "" for a
	// built-in: the sandbox reads it again when it changes, or on R, by
	// Reload (sandbox.Options.File).
	File   string
	Reload func() (*engine.Scenario, error)
}

// RunSandbox runs the sandbox until the learner quits; the terminal is
// restored whatever happens.
func RunSandbox(t Terminal, o SandboxOptions) error {
	th := t.theme()
	m, err := sandbox.New(sandbox.Options{Theme: th, Scenario: o.Scenario, Variant: o.Variant, Seed: o.Seed, Speed: o.Speed, Play: o.Play,
		Limits: sandbox.Limits{Budget: o.Budget, SweepBudget: o.SweepBudget, RaiseBudget: o.RaiseBudget}, Faults: o.Faults,
		File: o.File, Reload: o.Reload})
	if err != nil {
		return err
	}
	defer m.Close() // the file's watcher, shared by every copy of the model
	if _, err := fullscreen.Run(present.Wrap(m, th, t.Present), t.options()...); err != nil {
		return fmt.Errorf("running the sandbox: %w", err)
	}
	return nil
}

// ShardOptions say what the shard view opens on.
type ShardOptions struct {
	Seed  uint64
	Speed float64
	Play  bool
}

// RunShardView runs the shard view of the shuffle scenario until the
// learner quits; the terminal is restored whatever happens.
func RunShardView(t Terminal, o ShardOptions) error {
	th := t.theme()
	m, err := shardview.New(shardview.Options{Theme: th, Seed: o.Seed, Speed: o.Speed, Play: o.Play})
	if err != nil {
		return err
	}
	if _, err := fullscreen.Run(present.Wrap(m, th, t.Present), t.options()...); err != nil {
		return fmt.Errorf("running the shard view: %w", err)
	}
	return nil
}

// RunHome runs the home screen, and whatever the learner opens from it,
// until they quit; the terminal is restored whatever happens. Checks the
// exercise runner started are given a moment to stop their go test
// processes before it returns.
func RunHome(t Terminal, o home.Options) error {
	o.Theme = t.theme()
	// The wait for the runner's checks below is the program's too: a
	// SIGTERM in it is given the grace a running screen gets.
	end := fullscreen.Begin()
	defer end()
	final, err := fullscreen.Run(present.Wrap(home.New(o), o.Theme, t.Present), t.options()...)
	if w, ok := final.(present.Model); ok {
		final = w.Inner()
	}
	if m, ok := final.(home.Model); ok {
		if r, ok := m.Runner(); ok {
			r.Wait(3 * time.Second)
		}
	}
	if err != nil {
		return fmt.Errorf("running the home screen: %w", err)
	}
	return nil
}

// Workbooks are the home screen's ways to the exercises' workbook, seen
// from the folder dir: the workbook in or above it, else the one `breakerlab
// exercises init` would have written there (./breakerlab-workbook), which
// Create writes when there is none. manual turns the runner's file watcher
// off.
func Workbooks(dir string, manual bool) *home.Workbooks {
	def := filepath.Join(dir, exercises.DefaultDir)
	open := func(w *exercises.Workbook) exercisesui.Backend { return exercisesui.NewBackend(w, 0) }
	// Where the workbook written last is remembered, as `breakerlab
	// exercises init` remembers it; "" (no config folder) remembers none.
	remembered, _ := exercises.RememberedPath()
	return &home.Workbooks{
		Here:   dir,
		Dir:    "." + string(filepath.Separator) + exercises.DefaultDir,
		Manual: manual,
		Editor: exercisesui.EditorFromEnv(os.Getenv),
		Find: func() (exercisesui.Backend, error) {
			w, err := exercises.FindRemembered(dir, remembered)
			if errors.Is(err, exercises.ErrNotWorkbook) {
				// One this screen (or init) wrote here before.
				if w2, err2 := exercises.Open(def); err2 == nil {
					return open(w2), nil
				}
			}
			if err != nil {
				return nil, err
			}
			return open(w), nil
		},
		Create: func() (exercisesui.Backend, error) {
			w, err := exercises.Init(def)
			if err != nil {
				return nil, err
			}
			if remembered != "" {
				// Not remembered, it is still here to open from here.
				_ = exercises.Remember(remembered, w.Dir)
			}
			return open(w), nil
		},
		Open: func(dir string) (exercisesui.Backend, error) {
			w, err := exercises.Open(dir)
			if err != nil {
				return nil, err
			}
			return open(w), nil
		},
	}
}
