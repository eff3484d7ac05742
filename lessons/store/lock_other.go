//go:build !unix

package store

import (
	"errors"
	"io/fs"
	"os"
	"time"
)

// staleLock is the age past which a lock file is taken to be left by a
// process that died while saving: a save holds it for milliseconds.
const staleLock = 30 * time.Second

// lockFile is the portable lock where flock(2) is missing: the lock is the
// lock file's existence, created with O_EXCL and removed on release; a lock
// file older than staleLock is removed as left by a crash. It retries until
// deadline while the file exists.
func lockFile(path string, deadline time.Time) (unlock func(), err error) {
	for {
		f, err := os.OpenFile(path, os.O_CREATE|os.O_EXCL|os.O_WRONLY, 0o600)
		if err == nil {
			f.Close()
			return func() { os.Remove(path) }, nil
		}
		if !errors.Is(err, fs.ErrExist) {
			return nil, err
		}
		if st, serr := os.Stat(path); serr == nil && time.Since(st.ModTime()) > staleLock {
			os.Remove(path)
			continue
		}
		if time.Now().After(deadline) {
			return nil, errLockBusy
		}
		time.Sleep(lockPoll)
	}
}
