package lessons

import (
	"testing"

	"github.com/breakerlab/breakerlab/engine/scenarios"
)

// A memory limit of 0 is none: SetKnob clears the restart time with it,
// which only a limit has, so the scenario is valid and runs, where the
// engine refused it ("restart ... it needs a limit") from the knob form
// and from sweep --vary tasks.memory.limit_mib=0..512, which set it here.
func TestAMemoryLimitOfZeroIsNone(t *testing.T) {
	b, _ := scenarios.Lookup("go-server")
	sc := b.Build()
	for v := range sc.Variants {
		if err := SetKnob(sc, v, "tasks.memory.limit_mib", int64(0)); err != nil {
			t.Fatal(err)
		}
	}
	if err := sc.Validate(); err != nil {
		t.Fatalf("a limit of 0 is refused: %v", err)
	}
	if mem := sc.Variants[0].System.Tasks.Memory; mem.Limit != 0 || mem.Restart != 0 {
		t.Errorf("memory %+v, want no limit and no restart", mem)
	}
}

// The tasks and pool knobs are said by the sandbox form's labels, not by
// their paths' words: a lesson's header read "the server's tasks memory
// limit mib 512".
func TestTasksKnobsAreSaidByTheirLabels(t *testing.T) {
	b, _ := scenarios.Lookup("go-server")
	sys := &b.Build().Variants[0].System
	for path, want := range map[string]string{
		"tasks.memory.limit_mib":    "the server's memory limit 512 MiB",
		"tasks.memory.per_task_kib": "the server's memory per task 64 KiB",
		"tasks.threads":             "the server's loop threads 512",
		"transport.per_host":        "transport's per host 512",
	} {
		val := any(int64(512))
		if path == "tasks.memory.per_task_kib" {
			val = int64(64)
		}
		if got := OverrideText(sys, path, val); got != want {
			t.Errorf("%s is said %q, want %q", path, got, want)
		}
	}
}
