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
	return query(f, timeout)
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
// echoed nor held for a line's end.
func query(f *os.File, timeout time.Duration) string {
	fd := int(f.Fd())
	saved, err := term.MakeRaw(uintptr(fd))
	if err != nil {
		return ""
	}
	// Restore's error is dropped: nothing more can be done for a
	// terminal that cannot be put back.
	defer term.Restore(uintptr(fd), saved)
	if _, err := f.WriteString(question); err != nil {
		return ""
	}
	deadline := time.Now().Add(timeout)
	var got []byte
	var b [1]byte
	// 64 bytes hold both answers with room for keys typed before them.
	for len(got) < 64 && !endsWithPosition(got) && readable(fd, deadline) {
		n, err := unix.Read(fd, b[:])
		if err != nil || n == 0 {
			break
		}
		got = append(got, b[0])
	}
	return string(got)
}

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
