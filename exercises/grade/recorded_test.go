package grade

import (
	"encoding/json"
	"flag"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// record has the tests that replay a recorded go test -json stream run go
// test on the package instead and write the stream again: go test -run
// '<the tests>' ./exercises/grade/ -args -record. The streams are
// go's own: every path they take (a failure, a panic, a race, a timeout, a
// pass, a build failure) is also graded by a real run elsewhere in the
// package (TestPassAndFail, TestPanic, TestRaceBeforeACrashIsSummarizedFirst,
// TestEndlessLoopInTest, TestBinaryIsKeptAndReused, TestCompileError),
// which fails if go writes it otherwise than the grader reads it.
var record = flag.Bool("record", false, "run go test on the packages whose streams testdata/recorded-*.json hold, and write them again")

// recorded is a package whose go test -json run a test replays: how the
// grader reads a stream, not how it runs go, is what that test checks, and
// a replay costs none of the go command's second of CPU.
type recorded struct {
	name    string            // the stream is testdata/recorded-<name>.json
	files   map[string]string // the package's files; module adds go.mod
	race    bool              // run with -race
	timeout time.Duration     // go test -timeout; 30 s if zero
}

// replay reports on rec's recorded stream as Run reports on a run of go
// test that ended by itself, with the package's files in a folder of
// their own (the grader reads them: the tests they declare, a TestMain,
// the line a stuck goroutine is at) and opt's limits on output.
func (rec recorded) replay(t *testing.T, opt Options) Report {
	t.Helper()
	if *record {
		rec.write(t)
	}
	b, err := os.ReadFile(rec.path())
	if err != nil {
		t.Fatalf("%v (write it with -args -record)", err)
	}
	dir := t.TempDir()
	for name, body := range rec.files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	quoted, err := json.Marshal(dir + string(filepath.Separator))
	if err != nil {
		t.Fatal(err)
	}
	inDir := string(quoted[1 : len(quoted)-1]) // as the path is written inside a JSON string
	opt = opt.withDefaults()
	c := newCollector(dir, opt.MaxLines, opt.MaxLineLen)
	c.cwd, c.declared, c.testMain, c.moreTime = dir, declaredTests(dir), declaresTestMain(dir), opt.moreTime()
	for _, l := range strings.Split(strings.TrimSuffix(string(b), "\n"), "\n") {
		c.line([]byte(strings.ReplaceAll(l, recordedDir, inDir)))
	}
	return c.finish(-1, nil, opt, false, &cappedBuffer{max: 64 << 10})
}

// recordedDir is the package's folder as a recorded stream writes it.
const recordedDir = "/w/p/"

func (rec recorded) path() string {
	return filepath.Join("testdata", "recorded-"+rec.name+".json")
}

// write runs go test -json on rec's package as the grader does and keeps
// its standard output, the package's folder written as recordedDir.
func (rec recorded) write(t *testing.T) {
	t.Helper()
	files := map[string]string{}
	for name, body := range rec.files {
		files[name] = body
	}
	dir := module(t, files)
	timeout := rec.timeout
	if timeout == 0 {
		timeout = DefaultTimeout
	}
	args := []string{"test", "-json", "-count=1", "-timeout=" + timeout.String()}
	if rec.race {
		args = append(args, "-race")
	}
	overlay, cleanup, err := stackOverlay([]string{dir}, DefaultMaxStack)
	if err != nil {
		t.Fatal(err)
	}
	defer cleanup()
	cmd := exec.Command("go", append(append(args, overlay...), ".")...)
	cmd.Dir = dir
	env := learnerEnv(os.Environ())
	if rec.race {
		env = quickRaceExit(env)
	}
	cmd.Env = append(env, "GOWORK=off")
	out, err := cmd.Output()
	if len(out) == 0 {
		t.Fatalf("go test wrote nothing: %v", err)
	}
	stream := strings.ReplaceAll(string(out), dir+string(filepath.Separator), recordedDir)
	if err := os.WriteFile(rec.path(), []byte(stream), 0o644); err != nil {
		t.Fatal(err)
	}
}
