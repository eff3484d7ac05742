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
// they may; a package that does not compile never gets to running, though
// go test sends a start event for it too (to print its FAIL line). The
// runs that show it are TestBinaryIsKeptAndReused's first and
// TestCompileError's, told the phases (one go command fewer for each).

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
	r := Run(ctx, Options{Dir: dir, Timeout: 5 * time.Second, Grace: time.Second, Binary: keptBin(t), OnProgress: func(pr Progress) {
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
