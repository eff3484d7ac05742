package lessons

import (
	"math"
	"os"
	"strconv"
	"strings"
	"testing"
)

// goroutinesFile is lesson 14's source and goroutinesTitle the step that
// asks how many goroutines a Go server holds at most while its provider
// hangs.
const (
	goroutinesFile  = "content/14-no-thread-pool.md"
	goroutinesTitle = `title = "A Go server: goroutines pile up"`
)

// goroutinesLesson is the goroutines step alone, as a lesson of its own,
// with extra lines of its own front matter (a [set] of overrides) put
// before its prediction: the step as a scenario other than the built-in
// one would play it.
func goroutinesLesson(t *testing.T, extra string) *Lesson {
	t.Helper()
	src, err := os.ReadFile(goroutinesFile)
	if err != nil {
		t.Fatal(err)
	}
	_, step, ok := strings.Cut(string(src), "+++ step\n"+goroutinesTitle+"\n")
	if !ok {
		t.Fatalf("%s has no step %s", goroutinesFile, goroutinesTitle)
	}
	if next := strings.Index(step, "\n+++ step\n"); next >= 0 {
		step = step[:next+1]
	}
	if extra != "" {
		step = strings.Replace(step, "\n[predict]\n", "\n"+extra+"\n[predict]\n", 1)
	}
	text := "+++\ntitle = \"Goroutines\"\nsummary = \"lesson 14's goroutine step alone\"\n+++\n\n+++ step\n" + goroutinesTitle + "\n" + step
	l, err := Parse("14-goroutines.md", []byte(text))
	if err != nil {
		t.Fatal(err)
	}
	return l
}

// goroutineMisconceptions prepares the step and returns its prediction's
// misconceptions, as written and as computed, and a reader of the step's
// own parameters.
func goroutineMisconceptions(t *testing.T, l *Lesson) ([]Misconception, []PreparedMisconception, func(key string) float64) {
	t.Helper()
	lab := NewLab()
	p, err := Prepare(l, lab)
	if err != nil {
		t.Fatal(err)
	}
	st := &l.Steps[0]
	ctx := &evalCtx{lab: lab, step: st, lesson: l, seed: st.Seed}
	param := func(key string) float64 {
		v, err := ctx.Eval(Expr{Metric: "param", Args: []string{"step", key}})
		if err != nil {
			t.Fatalf("param step %s: %v", key, err)
		}
		return v.F
	}
	return st.Predict.Misconceptions, p.Steps[0].Predict.Misconceptions, param
}

// Lesson 14's goroutine question names two misconceptions: every
// checkout of the hang alive at once, as if memory had no end, and the
// whole memory limit spent on goroutines, forgetting what the process
// holds at rest. Both were typed as 10000 and 4096: the first now counts
// the checkouts that arrived in the hang (the scenario's measurement
// window), so a faster or slower checkout changes it; the second is the
// engine's memory limit over its memory per task (memory-limit-tasks),
// held here to the scenario's knobs as param reads them.
func TestGoroutineMisconceptionsComeFromTheScenario(t *testing.T) {
	written, prepared, param := goroutineMisconceptions(t, goroutinesLesson(t, ""))
	hang := param("checkout.rate") * (param("payments.fault.to") - param("payments.fault.from"))
	wholeLimit := param("tasks.memory.limit_mib") * 1024 / param("tasks.memory.per_task_kib")
	var everyCheckout, limitSpent bool
	for i, m := range prepared {
		switch {
		case strings.HasPrefix(m.Why, "That is every checkout of the hang"):
			everyCheckout = true
			if _, err := strconv.ParseFloat(written[i].Answer, 64); err == nil {
				t.Errorf("every checkout of the hang is typed as %s: quote the engine's count of them", written[i].Answer)
			}
			// Arrivals are random: within 5 % of rate × the hang's length.
			if math.Abs(m.Value-hang) > 0.05*hang {
				t.Errorf("every checkout of the hang is %v, where %v a second for the hang make %v", m.Value, param("checkout.rate"), hang)
			}
		case strings.HasPrefix(m.Why, "That spends the whole limit on requests"):
			limitSpent = true
			if _, err := strconv.ParseFloat(written[i].Answer, 64); err == nil {
				t.Errorf("the whole limit spent on goroutines is typed as %s: quote the engine's limit over its memory per task", written[i].Answer)
			}
			if m.Value != wholeLimit {
				t.Errorf("the whole limit spent on goroutines is typed as %v, where the scenario's %v MiB at %v KiB each make %v",
					m.Value, param("tasks.memory.limit_mib"), param("tasks.memory.per_task_kib"), wholeLimit)
			}
		}
	}
	if !everyCheckout || !limitSpent {
		t.Fatalf("the step names %d misconceptions; every checkout of the hang found: %v, the whole limit spent found: %v", len(prepared), everyCheckout, limitSpent)
	}
}

// The same step played with checkouts at half the rate: its count of every
// checkout of the hang halves with them.
func TestGoroutineMisconceptionFollowsTheRate(t *testing.T) {
	_, built, param := goroutineMisconceptions(t, goroutinesLesson(t, ""))
	half := param("checkout.rate") / 2
	_, slower, _ := goroutineMisconceptions(t, goroutinesLesson(t, "[set]\ncheckout.rate = "+strconv.FormatFloat(half, 'f', -1, 64)))
	for i := range built {
		if !strings.HasPrefix(built[i].Why, "That is every checkout of the hang") {
			continue
		}
		if ratio := slower[i].Value / built[i].Value; math.Abs(ratio-0.5) > 0.05 {
			t.Errorf("every checkout of the hang: %v at the built-in rate, %v at half of it (%.2f of it): the misconception does not follow the scenario",
				built[i].Value, slower[i].Value, ratio)
		}
		return
	}
	t.Fatal("the step names no misconception of every checkout of the hang")
}

// The same step with twice the memory a goroutine holds: the count of
// goroutines the whole limit would hold halves, as the engine's limit
// over its memory per task does.
func TestGoroutineMisconceptionFollowsTheMemoryPerTask(t *testing.T) {
	_, built, param := goroutineMisconceptions(t, goroutinesLesson(t, ""))
	twice := param("tasks.memory.per_task_kib") * 2
	_, bigger, _ := goroutineMisconceptions(t, goroutinesLesson(t, "[set]\ntasks.memory.per_task_kib = "+strconv.FormatFloat(twice, 'f', -1, 64)))
	for i := range built {
		if !strings.HasPrefix(built[i].Why, "That spends the whole limit on requests") {
			continue
		}
		if bigger[i].Value*2 != built[i].Value {
			t.Errorf("the whole limit spent on goroutines: %v at %v KiB each, %v at %v KiB: the misconception does not follow the scenario",
				built[i].Value, param("tasks.memory.per_task_kib"), bigger[i].Value, twice)
		}
		return
	}
	t.Fatal("the step names no misconception of the whole limit spent on goroutines")
}
