package store

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"time"
)

// Save writes mine to the file without losing what another process saved
// there since this one read it (two breakerlab windows, or a classroom
// server beside a lesson, keep one file). Under the file's advisory lock
// (LockPath) it reads the file again, merges the document found there into
// mine, and writes the result atomically (Write); the lock is released
// only after the rename, so no save is lost between another's read and
// write.
//
// merge(mine, disk) returns the document that keeps the work of both; it
// must not change its arguments, and it is called only when the file holds
// a document valid accepts (valid may be nil). saved is what was written:
// the caller merges it back into what it holds in memory.
//
// note is "" when the file held nothing mine lacked; otherwise it tells the
// learner that progress from another window was merged, or that the file
// on disk was unreadable and was moved aside (to PATH.corrupt-TIME, now in
// UTC, as Load does) before mine was written in its place. err is a failure
// to lock, read, encode or write, and the file is then unchanged; reading
// and writing errors keep the operating system's error in the chain. A
// ReadOnly file is not touched: err matches ErrReadOnly.
func Save[T any](f File, mine T, merge func(mine, disk T) T, valid func(disk *T) error, now time.Time) (saved T, note string, err error) {
	if f.ReadOnly {
		return mine, "", f.readOnly()
	}
	if err := os.MkdirAll(filepath.Dir(f.Path), dirPerm); err != nil {
		return saved, "", err
	}
	unlock, err := f.lock()
	if err != nil {
		return saved, "", err
	}
	defer unlock()

	saved = mine
	var disk T
	err = Read(f.Path, &disk)
	if err == nil && valid != nil {
		if verr := valid(&disk); verr != nil {
			err = corruptError{verr}
		}
	}
	switch {
	case err == nil:
		saved = merge(mine, disk)
	case errors.Is(err, fs.ErrNotExist):
	case errors.Is(err, ErrCorrupt):
		aside, rerr := setAside(f.Path, now)
		if rerr != nil {
			return mine, "", fmt.Errorf("the %s %s is unreadable (%v) and could not be moved aside: %w", f.Name, f.Path, err, rerr)
		}
		note = fmt.Sprintf("The %s on disk was unreadable (%v); it was moved to %s and this window's progress was saved in its place.", f.Name, err, aside)
	default:
		return mine, "", fmt.Errorf("reading the %s before saving: %w", f.Name, err)
	}

	b, err := Encode(saved)
	if err != nil {
		return mine, "", err
	}
	if note == "" {
		if before, err := Encode(mine); err == nil && !bytes.Equal(before, b) {
			note = MergedNote(f.Name)
		}
	}
	if err := f.Write(b); err != nil {
		return mine, "", err
	}
	return saved, note, nil
}

// MergedNote is Save's note when the file held progress this process did
// not: another breakerlab window saved it.
func MergedNote(name string) string {
	return fmt.Sprintf("Progress from another breakerlab window was merged into the %s.", name)
}
