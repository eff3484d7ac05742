//go:build darwin || dragonfly || freebsd || linux || netbsd || openbsd

package termbg

import (
	"os"
	"strings"
	"time"

	"github.com/charmbracelet/x/term"
	"golang.org/x/sys/unix"
)

// question asks for the background colour (OSC 11), then for the cursor's
// position (DSR 6), whose answer comes after the colour's, or alone from
// a terminal that does not know OSC 11: either way it ends the wait.
const question = "\x1b]11;?\x1b\\" + "\x1b[6n"

// ask puts the question to the terminal f is, when it may be asked and
// the process is in its foreground (a background process that touched it
// would be stopped), and returns what came back within timeout: nothing
// when it was not asked.
func ask(f *os.File, getenv func(string) string, timeout time.Duration) string {
	fd := f.Fd()
	if !mayAsk(getenv) || !term.IsTerminal(fd) || !foreground(int(fd)) {
		return ""
	}
	answer, interrupted := query(f, timeout)
	if interrupted {
		interruptForeground()
	}
	return answer
}

// interruptKey is the byte Ctrl-C sends. Raw mode stops the terminal
// from turning it into SIGINT, so query sees it as a byte: the wait
// would have swallowed a Ctrl-C typed in it.
const interruptKey = 0x03

// interruptForeground sends SIGINT to the process's group, as the
// terminal does for Ctrl-C outside raw mode (the group is the terminal's
// foreground: ask asks only then). Nothing in the process handles SIGINT
// yet (this runs in init), so it ends as Ctrl-C typed a moment earlier
// would have ended it: by the signal, which a shell shows as exit status
// 130; it carries on only where SIGINT is ignored (nohup), as it would
// have then.
func interruptForeground() {
	// On the main thread, where init runs, the signal arrives before
	// Kill returns.
	_ = unix.Kill(0, unix.SIGINT)
}

// mayAsk reports whether the terminal may be asked at all, by termenv's
// rules: not when CI is set (termenv takes that for no terminal), nor
// under screen or tmux, which serve several terminals and answer for
// none, nor on a dumb terminal.
func mayAsk(getenv func(string) string) bool {
	if getenv("CI") != "" {
		return false
	}
	t := getenv("TERM")
	return !strings.HasPrefix(t, "screen") && !strings.HasPrefix(t, "tmux") && !strings.HasPrefix(t, "dumb")
}

func foreground(fd int) bool {
	pgrp, err := unix.IoctlGetInt(fd, unix.TIOCGPGRP)
	return err == nil && pgrp == unix.Getpgrp()
}

// query writes the question to the terminal f and reads its answers, one
// byte at a time so that no key typed after them is taken, until the
// cursor's position has come or timeout has passed since the question.
// The terminal is in raw mode meanwhile, so that the answers are neither
// echoed nor held for a line's end; it is restored before query returns.
//
// A Ctrl-C typed during the wait ends it, with interrupted true. Other
// keys typed then are read and dropped: they cannot be put back (TIOCSTI
// is refused by many kernels), and they must not end up in the answer,
// nor keep it out. Only the last answerKeep bytes read are kept, so that
// keys typed in their hundreds (a paste) push out the oldest of them
// rather than stop the reading before the answers, which would then come
// in as the program's input.
func query(f *os.File, timeout time.Duration) (answer string, interrupted bool) {
	fd := int(f.Fd())
	saved, err := term.MakeRaw(uintptr(fd))
	if err != nil {
		return "", false
	}
	// Restore's error is dropped: nothing more can be done for a
	// terminal that cannot be put back.
	defer term.Restore(uintptr(fd), saved)
	if _, err := f.WriteString(question); err != nil {
		return "", false
	}
	deadline := time.Now().Add(timeout)
	var got []byte
	var b [1]byte
	for !endsWithPosition(got) && readable(fd, deadline) {
		n, err := unix.Read(fd, b[:])
		if err != nil || n == 0 {
			break
		}
		// No answer holds a control character besides ESC and BEL, so
		// this byte is a key.
		if b[0] == interruptKey {
			return "", true
		}
		got = append(got, b[0])
		if len(got) > 2*answerKeep {
			got = append(got[:0], got[len(got)-answerKeep:]...)
		}
	}
	if len(got) > answerKeep {
		got = got[len(got)-answerKeep:]
	}
	return string(got), false
}

// answerKeep is how many of the last bytes read query keeps: both answers
// (an OSC 11 answer of four digits a component is 25 bytes, a cursor
// position at most 12) with room to spare.
const answerKeep = 64

// readable waits until fd has a byte to read or deadline passes.
func readable(fd int, deadline time.Time) bool {
	for {
		left := time.Until(deadline)
		if left <= 0 {
			return false
		}
		var set unix.FdSet
		set.Set(fd)
		tv := unix.NsecToTimeval(left.Nanoseconds())
		n, err := unix.Select(fd+1, &set, nil, nil, &tv)
		if err == unix.EINTR {
			continue
		}
		return err == nil && n > 0
	}
}

// endsWithPosition reports whether got ends with a cursor position
// report, "ESC [ row ; column R".
func endsWithPosition(got []byte) bool {
	if len(got) < 6 || got[len(got)-1] != 'R' {
		return false
	}
	for i := len(got) - 2; i > 0; i-- {
		switch c := got[i]; {
		case c == '[':
			return got[i-1] == 0x1b && i < len(got)-2
		case c != ';' && (c < '0' || c > '9'):
			return false
		}
	}
	return false
}
