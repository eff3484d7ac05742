package serve

import (
	"bytes"
	"sync/atomic"
	"testing"
	"time"
)

// The note's counts are read from the input's reading goroutine's counters
// while it adds to them. Read as all that was dropped less what the limits
// of length cut, a count taken between the two adds of one character of a
// run too long said that character "came faster than the server takes":
// the student was told to paste again slowly, and lost the same part. No
// character of this input comes too fast (one message, tokens to spare),
// so no read of the counts, at any moment, may say one did.
func TestDropCountsNeverInventAFastCharacter(t *testing.T) {
	f := newInputFilter(bytes.NewReader(nil), func() time.Time { return time.Unix(0, 0) })
	run := bytes.Repeat([]byte("7"), 4096)
	var done atomic.Bool
	finished := make(chan struct{})
	go func() {
		defer close(finished)
		out := make([]byte, 0, len(run))
		for range 100 { // one run of 400 KB: all but its first KB cut for length
			out = f.filter(run, out[:0])
		}
		done.Store(true)
	}()
	reads := 0
	for !done.Load() {
		m := f.dropCounts()
		reads++
		if fast := m.chars - m.long - m.paste - m.notText; fast != 0 {
			<-finished
			t.Fatalf("read %d: %d characters dropped, %d of them cut for the run's length: %d said to come too fast, where none did", reads, m.chars, m.long, fast)
		}
	}
	<-finished
	if m := f.dropCounts(); m.long != 100*4096-maxRun || m.chars != m.long {
		t.Fatalf("after the run: %+v, want %d cut for its length and nothing else", m, 100*4096-maxRun)
	}
}
