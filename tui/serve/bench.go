package serve

import (
	"context"
	"crypto/ed25519"
	"crypto/rand"
	"fmt"
	"net"
	"os"
	"path/filepath"
	"runtime"
	"time"

	"github.com/breakerlab/breakerlab/tui/home"
	gossh "golang.org/x/crypto/ssh"
)

// BenchResult is what a load run measured.
type BenchResult struct {
	Clients int
	Follow  bool // the students followed the teacher, else played their own
	For     time.Duration
	// CPU is the process's CPU time over the run: the server and the
	// clients' SSH decoding both, so the server's share is lower.
	CPU time.Duration
	// HeapPerSession is the live heap and stacks once the clients joined
	// or at the end, whichever is more, less before, per session (the
	// clients' buffers included).
	HeapPerSession uint64
	// BytesPerSecond is what one student received, on average.
	BytesPerSecond float64
}

// Cores is the CPU time per second of wall time.
func (r BenchResult) Cores() float64 { return r.CPU.Seconds() / r.For.Seconds() }

func (r BenchResult) String() string {
	who := "followers of a teacher playing the sandbox"
	if !r.Follow {
		who = "students each playing a sandbox of their own"
	}
	return fmt.Sprintf("%d %s at 30 fps, for %v:\n"+
		"  CPU        %.2f cores in all (server and clients), %.1f ms a second per session\n"+
		"  memory     %.1f MB per session (live heap and stacks, clients' buffers included)\n"+
		"  traffic    %.1f KB a second to each student",
		r.Clients, who, r.For.Round(time.Millisecond), r.Cores(), 1000*r.Cores()/float64(r.Clients+1),
		float64(r.HeapPerSession)/(1<<20), r.BytesPerSecond/1024)
}

// Bench runs a server on loopback, a teacher playing the sandbox's first
// scenario at 1×, and n students, all in this process, and measures them
// for d once every student is set: following the teacher, or (follow
// false) each playing a sandbox of their own.
func Bench(n int, d time.Duration, follow bool, opts func() home.Options) (BenchResult, error) {
	res := BenchResult{Clients: n, For: d, Follow: follow}
	dir, err := os.MkdirTemp("", "breakerlab-bench-")
	if err != nil {
		return res, err
	}
	defer os.RemoveAll(dir)
	_, priv, err := ed25519.GenerateKey(rand.Reader)
	if err != nil {
		return res, err
	}
	signer, err := gossh.NewSignerFromKey(priv)
	if err != nil {
		return res, err
	}
	srv, err := New(Config{
		HostKeyPath: filepath.Join(dir, "host"), DataDir: filepath.Join(dir, "students"),
		// Every client is on loopback, one address.
		MaxSessions: n + 1, RatePerIP: -1, MaxSessionsPerIP: -1, TeacherKeys: []gossh.PublicKey{signer.PublicKey()},
		Home: opts,
	})
	if err != nil {
		return res, err
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return res, err
	}
	go func() { _ = srv.Serve(ln) }()
	defer func() {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		_ = srv.Shutdown(ctx)
	}()
	addr := ln.Addr().String()

	before := liveBytes()
	teacher, err := Dial(addr, "teacher", KeyAuth(signer), 100, 30, false)
	if err != nil {
		return res, fmt.Errorf("the teacher's client: %w", err)
	}
	defer teacher.Close()
	if err := openSandbox(teacher, true); err != nil {
		return res, fmt.Errorf("the teacher's sandbox: %w", err)
	}
	var students []*Client
	defer func() {
		for _, c := range students {
			c.Close()
		}
	}()
	for i := range n {
		c, err := Dial(addr, fmt.Sprintf("student%d", i), PasswordAuth("any"), 80, 24, false)
		if err != nil {
			return res, fmt.Errorf("student %d: %w", i, err)
		}
		students = append(students, c)
		if follow {
			mark := c.Mark()
			if err := c.Type("\x07"); err != nil { // ctrl+g: followKey
				return res, err
			}
			err = c.WaitFor(mark, 10*time.Second, "following")
		} else {
			err = openSandbox(c, true)
		}
		if err != nil {
			return res, fmt.Errorf("student %d: %w", i, err)
		}
		c.mu.Lock()
		c.discard, c.out = true, nil
		c.mu.Unlock()
	}
	after := liveBytes()
	if after > before {
		res.HeapPerSession = (after - before) / uint64(n+1)
	}
	got0 := make([]int64, n)
	for i, c := range students {
		got0[i] = c.Received()
	}
	cpu0 := cpuTime()
	start := time.Now()
	time.Sleep(d)
	res.CPU = cpuTime() - cpu0
	res.For = time.Since(start)
	var got int64
	for i, c := range students {
		got += c.Received() - got0[i]
	}
	res.BytesPerSecond = float64(got) / float64(n) / res.For.Seconds()
	// The sessions' memory after playing, if it grew.
	if end := liveBytes(); end > before && (end-before)/uint64(n+1) > res.HeapPerSession {
		res.HeapPerSession = (end - before) / uint64(n+1)
	}
	return res, nil
}

// openSandbox goes from the home screen to the sandbox's first scenario,
// and starts it playing when play is set.
func openSandbox(c *Client, play bool) error {
	mark := c.Mark()
	if err := c.WaitFor(0, 10*time.Second, "Sandbox"); err != nil {
		return err
	}
	// Down to Sandbox, open it, open the first scenario.
	if err := c.Type("j\r"); err != nil {
		return err
	}
	if err := c.WaitFor(mark, 10*time.Second, "choose a scenario"); err != nil {
		return err
	}
	mark = c.Mark()
	if err := c.Type("\r"); err != nil {
		return err
	}
	if err := c.WaitFor(mark, 10*time.Second, "0.0 s /"); err != nil {
		return err
	}
	if play {
		mark = c.Mark()
		if err := c.Type(" "); err != nil {
			return err
		}
		return c.WaitFor(mark, 10*time.Second, "▶")
	}
	return nil
}

// liveBytes is the heap in use and the goroutines' stacks, after a
// collection.
func liveBytes() uint64 {
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return m.HeapInuse + m.StackInuse
}
