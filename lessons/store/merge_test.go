package store

import (
	"errors"
	"fmt"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"pgregory.net/rapid"
)

// mergeDocs keeps every item of both, at its larger value: the rule of a
// progress file where an item only ever grows (stars, steps seen).
func mergeDocs(mine, disk doc) doc {
	out := doc{Version: 1, Items: maps.Clone(disk.Items)}
	if out.Items == nil {
		out.Items = map[string]int{}
	}
	for k, v := range mine.Items {
		out.Items[k] = max(out.Items[k], v)
	}
	return out
}

func validDoc(d *doc) error { return Version(d.Version, 1) }

// fataler is what the helpers need of a *testing.T or a *rapid.T.
type fataler interface {
	Helper()
	Fatalf(format string, args ...any)
}

func saveMerged(t fataler, f File, d doc) (doc, string) {
	t.Helper()
	saved, note, err := Save(f, d, mergeDocs, validDoc, when)
	if err != nil {
		t.Fatalf("Save: %v", err)
	}
	return saved, note
}

func readDoc(t fataler, f File) doc {
	t.Helper()
	var d doc
	if err := Read(f.Path, &d); err != nil {
		t.Fatalf("Read: %v", err)
	}
	return d
}

// Two windows opened the same empty file; each saves its own progress.
// The second save keeps the first's, says so, and leaves no lock file.
func TestSaveKeepsAnotherWindowsProgress(t *testing.T) {
	f := progressFile(t.TempDir())
	a := doc{Version: 1, Items: map[string]int{"lesson-1": 3}}
	b := doc{Version: 1, Items: map[string]int{"lesson-2": 1}}
	if _, note := saveMerged(t, f, a); note != "" {
		t.Fatalf("the first save into a missing file has a note: %q", note)
	}
	saved, note := saveMerged(t, f, b)
	if note != "Progress from another breakerlab window was merged into the test progress file." {
		t.Fatalf("note %q", note)
	}
	want := map[string]int{"lesson-1": 3, "lesson-2": 1}
	if got := readDoc(t, f).Items; !maps.Equal(got, want) || !maps.Equal(saved.Items, want) {
		t.Fatalf("the file holds %v, Save returned %v, want %v", got, saved.Items, want)
	}
	if b.Items["lesson-1"] != 0 {
		t.Fatal("Save changed the caller's document")
	}
	// Saving what is already there is quiet.
	if _, note := saveMerged(t, f, saved); note != "" {
		t.Fatalf("a save with nothing new on disk has a note: %q", note)
	}
	if got := names(t, filepath.Dir(f.Path)); len(got) != 1 || got[0] != "doc.json" {
		t.Fatalf("the folder holds %v: a lock or temporary file was left behind", got)
	}
}

// A file that went bad between load and save (or has another version) is
// moved aside, never merged and never lost, and the note says where.
func TestSaveSetsACorruptFileAside(t *testing.T) {
	for name, content := range map[string]string{"not json": "{not json", "wrong version": `{"version": 9, "items": {}}`} {
		t.Run(name, func(t *testing.T) {
			f := progressFile(t.TempDir())
			os.MkdirAll(filepath.Dir(f.Path), 0o755)
			os.WriteFile(f.Path, []byte(content), 0o644)
			_, note := saveMerged(t, f, doc{Version: 1, Items: map[string]int{"a": 1}})
			aside := f.Path + ".corrupt-20261130T130000Z"
			if !strings.HasPrefix(note, "The test progress file on disk was unreadable (") || !strings.Contains(note, "moved to "+aside) {
				t.Fatalf("note %q", note)
			}
			if b, _ := os.ReadFile(aside); string(b) != content {
				t.Fatalf("set aside %q, want %q", b, content)
			}
			if got := readDoc(t, f).Items; got["a"] != 1 {
				t.Fatalf("saved %v", got)
			}
		})
	}
}

// A file that cannot be read (a folder in its place) is an error, and
// nothing is written.
func TestSaveOfAnUnreadableFileFails(t *testing.T) {
	f := progressFile(t.TempDir())
	os.MkdirAll(f.Path, 0o755)
	_, _, err := Save(f, doc{Version: 1}, mergeDocs, validDoc, when)
	if err == nil || !strings.HasPrefix(err.Error(), "reading the test progress file before saving: ") {
		t.Fatalf("Save = %v", err)
	}
}

// A lock held elsewhere makes Save wait, and give up after lockWait with
// a message naming the file; released, Save goes through.
func TestSaveWaitsForTheLock(t *testing.T) {
	f := progressFile(t.TempDir())
	os.MkdirAll(filepath.Dir(f.Path), 0o755)
	old := lockWait
	lockWait = 50 * time.Millisecond
	defer func() { lockWait = old }()
	unlock, err := lockFile(f.LockPath(), time.Now().Add(time.Second))
	if err != nil {
		t.Fatal(err)
	}
	_, _, err = Save(f, doc{Version: 1}, mergeDocs, validDoc, when)
	if !errors.Is(err, errLockBusy) || !strings.Contains(err.Error(), "another breakerlab has been saving the test progress file") {
		t.Fatalf("Save under a held lock = %v", err)
	}
	if _, serr := os.Stat(f.Path); serr == nil {
		t.Fatal("Save wrote the file without the lock")
	}
	unlock()
	saveMerged(t, f, doc{Version: 1, Items: map[string]int{"a": 1}})
}

// Sixteen savers at once, each with its own item: every item survives.
func TestConcurrentSavesLoseNothing(t *testing.T) {
	f := progressFile(t.TempDir())
	const n = 16
	var wg sync.WaitGroup
	errs := make(chan error, n)
	for i := range n {
		wg.Go(func() {
			_, _, err := Save(f, doc{Version: 1, Items: map[string]int{fmt.Sprint("k", i): i + 1}}, mergeDocs, validDoc, when)
			errs <- err
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		if err != nil {
			t.Fatal(err)
		}
	}
	got := readDoc(t, f).Items
	for i := range n {
		if got[fmt.Sprint("k", i)] != i+1 {
			t.Fatalf("item k%d lost: the file holds %v", i, got)
		}
	}
	if got := names(t, filepath.Dir(f.Path)); len(got) != 1 {
		t.Fatalf("the folder holds %v", got)
	}
}

// helperEnv makes the test binary a second breakerlab process saving into
// a file (TestHelperSaver).
const helperEnv = "BREAKERLAB_STORE_HELPER"

// TestHelperSaver is not a test: run by TestTwoProcessesLoseNothing in a
// child process, it saves items p0..p(N-1) one save at a time.
func TestHelperSaver(t *testing.T) {
	path := os.Getenv(helperEnv)
	if path == "" {
		t.Skip("a helper for TestTwoProcessesLoseNothing")
	}
	n, _ := strconv.Atoi(os.Getenv(helperEnv + "_N"))
	f := File{Path: path, Name: "test progress file"}
	d := doc{Version: 1, Items: map[string]int{}}
	for i := range n {
		d.Items[fmt.Sprint("p", i)] = 1
		saved, _ := saveMerged(t, f, d)
		d = saved
	}
}

// A real second process and this one save into one file at the same time,
// each adding items one save at a time from what it last saw: all items of
// both are in the file at the end.
func TestTwoProcessesLoseNothing(t *testing.T) {
	exe, err := os.Executable()
	if err != nil {
		t.Skip(err)
	}
	f := File{Path: filepath.Join(t.TempDir(), "doc.json"), Name: "test progress file"}
	const n = 40
	cmd := exec.Command(exe, "-test.run=^TestHelperSaver$")
	cmd.Env = append(os.Environ(), helperEnv+"="+f.Path, helperEnv+"_N="+strconv.Itoa(n))
	var out strings.Builder
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	d := doc{Version: 1, Items: map[string]int{}}
	for i := range n {
		d.Items[fmt.Sprint("q", i)] = 1
		saved, _ := saveMerged(t, f, d)
		d = saved
	}
	if err := cmd.Wait(); err != nil {
		t.Fatalf("the second process: %v\n%s", err, out.String())
	}
	got := readDoc(t, f).Items
	for i := range n {
		if got[fmt.Sprint("p", i)] != 1 || got[fmt.Sprint("q", i)] != 1 {
			t.Fatalf("item %d lost: the file holds %d items: %v", i, len(got), got)
		}
	}
}

// Two stores of one file, each adding items and saving in any order
// (folding what it saved back into memory, as the callers do): after each
// save the file holds everything that store has, and at the end, once both
// have saved, everything either ever added.
func TestAnyInterleavingLosesNothing(t *testing.T) {
	dir := t.TempDir()
	round := 0
	rapid.Check(t, func(rt *rapid.T) {
		round++
		f := File{Path: filepath.Join(dir, fmt.Sprint(round), "doc.json"), Name: "test progress file"}
		mem := [2]doc{{Version: 1, Items: map[string]int{}}, {Version: 1, Items: map[string]int{}}}
		added := map[string]int{}
		steps := rapid.IntRange(1, 30).Draw(rt, "steps")
		for range steps {
			who := rapid.IntRange(0, 1).Draw(rt, "who")
			if rapid.Bool().Draw(rt, "save") {
				saved, _ := saveMerged(rt, f, mem[who])
				mem[who] = mergeDocs(mem[who], saved)
				onDisk := readDoc(rt, f).Items
				for k, v := range mem[who].Items {
					if onDisk[k] < v {
						rt.Fatalf("after store %d saved, %s is %d on disk, %d in memory", who, k, onDisk[k], v)
					}
				}
				continue
			}
			k := fmt.Sprint("k", rapid.IntRange(0, 5).Draw(rt, "key"))
			v := rapid.IntRange(1, 9).Draw(rt, "value")
			mem[who].Items[k] = max(mem[who].Items[k], v)
			added[k] = max(added[k], v)
		}
		for who := range mem {
			saved, _ := saveMerged(rt, f, mem[who])
			mem[who] = mergeDocs(mem[who], saved)
		}
		onDisk := readDoc(rt, f).Items
		for k, v := range added {
			if onDisk[k] != v {
				rt.Fatalf("%s was raised to %d, the file holds %d", k, v, onDisk[k])
			}
		}
	})
}

// BenchmarkSave is a save under the lock that reads and merges a file of
// 200 items, beside BenchmarkWrite, the plain atomic write it adds to.
func BenchmarkSave(b *testing.B) {
	f := progressFile(b.TempDir())
	d := doc{Version: 1, Items: map[string]int{}}
	for k := range 200 {
		d.Items[fmt.Sprint("k", k)] = k
	}
	for b.Loop() {
		if _, _, err := Save(f, d, mergeDocs, validDoc, when); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkWrite(b *testing.B) {
	f := progressFile(b.TempDir())
	d := doc{Version: 1, Items: map[string]int{}}
	for k := range 200 {
		d.Items[fmt.Sprint("k", k)] = k
	}
	for b.Loop() {
		enc, _ := Encode(d)
		if err := f.Write(enc); err != nil {
			b.Fatal(err)
		}
	}
}
