package serve

import (
	"fmt"
	"runtime"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/lessons"
	"github.com/breakerlab/breakerlab/tui/home"
	gossh "golang.org/x/crypto/ssh"
)

// BenchmarkFollowALesson is a small class through a lesson's first steps:
// a teacher opens the first lesson, five students follow, and the teacher
// steps to step 5, all over SSH on loopback in this process. cpu-ms/op is
// the process's CPU time (server and clients) per class. Run it a few
// times: go test ./tui/serve/ -run '^$' -bench ALesson -benchtime 5x
func BenchmarkFollowALesson(b *testing.B) { benchLessonClass(b, true) }

// BenchmarkOpenALessonEach is the same class with each student opening the
// first lesson on their own, not following: each one's lesson list
// prepares it.
func BenchmarkOpenALessonEach(b *testing.B) { benchLessonClass(b, false) }

func benchLessonClass(b *testing.B, follow bool) {
	const students, lastStep = 5, 5
	const patience = 20 * time.Second
	tk := newSigner(b)
	must := func(err error) {
		b.Helper()
		if err != nil {
			b.Fatal(err)
		}
	}
	// openFirstLesson opens the lesson list, then its first lesson.
	openFirstLesson := func(c *Client, opened string) {
		b.Helper()
		mark := c.Mark()
		must(c.Type("\r"))
		must(c.WaitFor(mark, patience, "open the lesson"))
		mark = c.Mark()
		must(c.Type("\r"))
		must(c.WaitFor(mark, patience, opened))
	}
	var cpu time.Duration
	for range b.N {
		ts := startServer(b, Config{TeacherKeys: []gossh.PublicKey{tk.PublicKey()}, Home: func() home.Options { return lessonHome(b) }})
		start := cpuTime()
		teacher, err := Dial(ts.addr, "teacher", KeyAuth(tk), 100, 30, false)
		must(err)
		must(teacher.WaitFor(0, patience, "teaching"))
		openFirstLesson(teacher, "teaching · step 1/")
		var class []*Client
		for i := range students {
			c, err := Dial(ts.addr, fmt.Sprintf("s%d", i), PasswordAuth("x"), 80, 24, false)
			must(err)
			class = append(class, c)
			must(c.WaitFor(0, patience, "ctrl+g follows the teacher"))
			if !follow {
				openFirstLesson(c, "step 1/")
				continue
			}
			mark := c.Mark()
			must(c.Type("\x07"))
			must(c.WaitFor(mark, patience, "following the teacher · step 1/"))
		}
		for step := 2; follow && step <= lastStep; step++ {
			marks := make([]int64, len(class))
			for i, c := range class {
				marks[i] = c.Mark()
			}
			must(teacher.Type("n"))
			for i, c := range class {
				must(c.WaitFor(marks[i], patience, fmt.Sprintf("following the teacher · step %d/", step)))
			}
		}
		cpu += cpuTime() - start
		for _, c := range append(class, teacher) {
			c.Close()
		}
	}
	b.ReportMetric(float64(cpu.Milliseconds())/float64(b.N), "cpu-ms/op")
}

// BenchmarkLabHoldingEveryLesson measures what the server's Lab holds once
// the room has opened every lesson: the live heap it keeps (lab-MB, the
// prepared lessons themselves dropped) and the runs it made.
func BenchmarkLabHoldingEveryLesson(b *testing.B) {
	all, err := lessons.All()
	if err != nil {
		b.Fatal(err)
	}
	for range b.N {
		before := liveBytes()
		lab := lessons.NewLab()
		for _, l := range all {
			if _, err := lessons.Prepare(l, lab); err != nil {
				b.Fatal(err)
			}
		}
		held := liveBytes()
		b.ReportMetric(float64(held-min(before, held))/(1<<20), "lab-MB")
		b.ReportMetric(float64(lab.Runs()), "runs")
		b.ReportMetric(float64(len(all)), "lessons")
		runtime.KeepAlive(lab)
	}
}
