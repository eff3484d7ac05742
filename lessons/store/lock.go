package store

import (
	"errors"
	"fmt"
	"path/filepath"
	"time"
)

// lockWait is how long Save waits for another process's lock before giving
// up; a save holds the lock for a few milliseconds, so only a process
// stopped in the middle of one (ctrl+z) makes another wait this long.
// Tests shorten it.
var lockWait = 10 * time.Second

// lockPoll is how often a waiting Save tries the lock again.
const lockPoll = 5 * time.Millisecond

// errLockBusy is a lock that stayed taken for lockWait.
var errLockBusy = errors.New("the lock is held by another process")

// LockPath is the lock file Save takes beside the file: .BASE.lock in the
// same folder. It exists only while a save holds it.
func (f File) LockPath() string {
	return filepath.Join(filepath.Dir(f.Path), "."+filepath.Base(f.Path)+".lock")
}

// lock takes the file's advisory lock (lockFile, per platform), waiting at
// most lockWait, and returns how to release it.
func (f File) lock() (unlock func(), err error) {
	unlock, err = lockFile(f.LockPath(), time.Now().Add(lockWait))
	if errors.Is(err, errLockBusy) {
		return nil, fmt.Errorf("another breakerlab has been saving the %s for %v (its lock is %s); try again, or end that program: %w", f.Name, lockWait, f.LockPath(), err)
	}
	if err != nil {
		return nil, fmt.Errorf("locking the %s (%s): %w", f.Name, f.LockPath(), err)
	}
	return unlock, nil
}
