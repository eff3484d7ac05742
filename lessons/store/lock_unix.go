//go:build unix

package store

import (
	"errors"
	"os"
	"time"

	"golang.org/x/sys/unix"
)

// lockFile takes an exclusive flock(2) on the lock file at path, creating
// it, and retries until deadline while another process holds it. The lock
// file is removed when the lock is released, while it is still held, so a
// waiter that locked the removed file sees that the file at path is not the
// one it locked and starts again on the new one: two processes never both
// believe they hold the lock. The kernel drops a flock when its process
// dies, so a crash leaves no stale lock.
func lockFile(path string, deadline time.Time) (unlock func(), err error) {
	for {
		f, err := os.OpenFile(path, os.O_CREATE|os.O_RDWR, 0o600)
		if err != nil {
			return nil, err
		}
		fd := int(f.Fd())
		for {
			err = unix.Flock(fd, unix.LOCK_EX|unix.LOCK_NB)
			if err == nil || (!errors.Is(err, unix.EWOULDBLOCK) && !errors.Is(err, unix.EINTR)) {
				break
			}
			if time.Now().After(deadline) {
				err = errLockBusy
				break
			}
			time.Sleep(lockPoll)
		}
		if err != nil {
			f.Close()
			return nil, err
		}
		var held, now unix.Stat_t
		if unix.Fstat(fd, &held) == nil && unix.Stat(path, &now) == nil && held.Dev == now.Dev && held.Ino == now.Ino {
			return func() {
				os.Remove(path)
				f.Close() // releases the flock
			}, nil
		}
		f.Close() // the file was removed or replaced while we waited
	}
}
