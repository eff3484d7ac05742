package grade

import (
	"context"
	"slices"
	"sync"
	"testing"
	"time"
)

// phases records what a run reports to Options.OnProgress.
type phases struct {
	mu  sync.Mutex
	got []Progress
}

func (p *phases) add(pr Progress) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.got = append(p.got, pr)
}

func (p *phases) list() []Progress {
	p.mu.Lock()
	defer p.mu.Unlock()
	return slices.Clone(p.got)
}

// A run says it is compiling, then that the tests run and for how long
// they may; a package that does not compile never gets to running,
// though go test sends a start event for it too (to print its FAIL line).
func TestReportsPhasesInOrder(t *testing.T) {
	needGo(t)
	t.Parallel()
	const test = "package p\n\nimport \"testing\"\n\nfunc TestAdd(t *testing.T) {\n\tif Add(1, 1) != 2 {\n\t\tt.Fatal(\"no\")\n\t}\n}\n"
	for _, tc := range []struct {
		name   string
		code   string
		status Status
		want   []Progress
	}{
		{"passing", code, Passed, []Progress{{Compiling, 45 * time.Second}, {Testing, 45 * time.Second}}},
		{"compile error", "package p\n\nfunc Add(a, b int) int { return a + c }\n", BuildFailed, []Progress{{Compiling, 45 * time.Second}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			dir := module(t, map[string]string{"p.go": tc.code, "p_test.go": test})
			var p phases
			r := Run(context.Background(), Options{Dir: dir, Timeout: 45 * time.Second, OnProgress: p.add})
			if r.Status != tc.status {
				t.Fatalf("status %v, want %v; report:\n%s", r.Status, tc.status, r.Text())
			}
			if got := p.list(); !slices.Equal(got, tc.want) {
				t.Fatalf("phases reported: %v, want %v", got, tc.want)
			}
		})
	}
}

// Testing is reported while the tests run, not once they are over: a
// caller told of it can stop a hanging test long before its time limit.
func TestReportsTestingWhileATestHangs(t *testing.T) {
	needGo(t)
	t.Parallel()
	dir := module(t, map[string]string{
		"p.go":      code,
		"p_test.go": "package p\n\nimport (\n\t\"testing\"\n\t\"time\"\n)\n\nfunc TestHangs(t *testing.T) { time.Sleep(time.Hour) }\n",
	})
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var p phases
	r := Run(ctx, Options{Dir: dir, Timeout: 5 * time.Second, Grace: time.Second, OnProgress: func(pr Progress) {
		p.add(pr)
		if pr.Phase == Testing {
			cancel()
		}
	}})
	if r.Status != Canceled {
		t.Fatalf("status %v, want canceled when told the tests run; phases %v; report:\n%s", r.Status, p.list(), r.Text())
	}
	if got, want := p.list(), []Progress{{Compiling, 5 * time.Second}, {Testing, 5 * time.Second}}; !slices.Equal(got, want) {
		t.Fatalf("phases reported: %v, want %v", got, want)
	}
}
