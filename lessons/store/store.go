// Package store owns one JSON document kept in one file, the way breakerlab
// keeps what a learner has done: the lessons' progress, the challenge stars,
// the drill schedule, saved mock interviews and an exercise workbook's
// progress.
//
// It owns three things and nothing else. The format: indented JSON with a
// final newline (Encode). Loading: a missing file is an empty document, and
// a file that cannot be decoded (or that its owner rejects, say for its
// version) is renamed aside to PATH.corrupt-TIME with a notice naming both
// paths, so the learner starts afresh without losing the old bytes (Load;
// Read for a caller that keeps a bad file in place). A File marked ReadOnly,
// for a command that only shows the document (a listing, a report), never
// moves or changes the file: Load leaves a bad one in place and its notice
// says so, and Write and Save refuse (ErrReadOnly); the next command that
// writes sets the bad file aside as above. Saving: a temporary
// file in the same folder, written, synced, closed and renamed over the old
// one, so a crash or a failed write leaves the old file whole and never half
// a new one (File.Write), and merging under a lock (Save, below). The folder
// is created (0o755) when missing.
//
// What the document holds, its version, its name (ConfigPath gives the
// default folder) and how its errors read are the caller's: Write and Read
// return the operating system's errors unwrapped, so each caller keeps its
// own messages.
//
// Two processes may keep one file (two breakerlab windows, a classroom
// server beside a lesson): Save takes an advisory lock beside the file
// (LockPath: flock(2) on unix, an exclusively created file elsewhere),
// reads the file again, merges what another process saved into the
// caller's document with the caller's merge rule, and writes the result
// before it lets go, so neither erases the other's progress; its note says
// when something was merged.
//
// It imports only the standard library and golang.org/x/sys, so that
// lessons/..., exercises/... and tui/... may all import it. It reads no
// clock for what it writes (callers pass the time); only waiting for a lock
// another process holds is timed.
package store

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"time"
)

// ErrCorrupt marks a file that exists and was read but is not a JSON
// document of the expected shape. Errors matching it say why in their text
// (the decoder's own message) and unwrap to the decoder's error.
var ErrCorrupt = errors.New("the file is not a readable JSON document")

type corruptError struct{ err error }

func (e corruptError) Error() string        { return e.err.Error() }
func (e corruptError) Unwrap() error        { return e.err }
func (e corruptError) Is(target error) bool { return target == ErrCorrupt }

// ErrReadOnly is Write's and Save's error for a File marked ReadOnly.
var ErrReadOnly = errors.New("opened to read only")

// asideTime is how the time reads in a corrupt file's new name: sortable,
// UTC, and free of characters a file system might refuse.
const asideTime = "20060102T150405Z"

// asideTries is how many names setAside tries: PATH.corrupt-TIME, then
// with -2 up to -9 after it.
const asideTries = 9

// setAside renames the file at path to PATH.corrupt-TIME (TIME being now in
// UTC, to the second), or, when that name is taken (another file set aside
// in the same second), to the first of PATH.corrupt-TIME-2 to -9 that is
// free: a rename would replace a file already set aside, and that is a
// learner's progress too. It returns the new name.
func setAside(path string, now time.Time) (string, error) {
	base := fmt.Sprintf("%s.corrupt-%s", path, now.UTC().Format(asideTime))
	for k := 1; k <= asideTries; k++ {
		aside := base
		if k > 1 {
			aside = fmt.Sprintf("%s-%d", base, k)
		}
		if _, err := os.Lstat(aside); !errors.Is(err, fs.ErrNotExist) {
			continue
		}
		if err := os.Rename(path, aside); err != nil {
			return "", err
		}
		return aside, nil
	}
	return "", fmt.Errorf("%s and the names %s-2 to -%d are all taken", base, base, asideTries)
}

// dirPerm is the mode of a folder Write creates.
const dirPerm = 0o755

// File is one JSON document's file and how to speak of it.
type File struct {
	// Path is the file.
	Path string
	// Name is what the file is to the learner, for Load's messages, as it
	// reads after "the": "lesson progress file", "drill schedule".
	Name string
	// Afresh says what starting empty means, ending Load's notice:
	// "progress starts afresh".
	Afresh string
	// Perm is the saved file's mode. Zero leaves the mode os.CreateTemp
	// gives (0o600): the learner's own file, read by nobody else.
	Perm fs.FileMode
	// Temp is the os.CreateTemp pattern of the temporary file Write
	// renames into place; "" is ".BASE.tmp-*". A leading dot keeps it out
	// of listings (and the go tool's way, in a workbook).
	Temp string
	// ReadOnly marks the file of a command that only reads it: Load leaves
	// a bad file where it is, unchanged, and Write and Save refuse with
	// ErrReadOnly.
	ReadOnly bool

	// write writes data to the temporary file; nil is (*os.File).Write.
	// Tests set it to fail part-way through.
	write func(f *os.File, data []byte) (int, error)
}

// ConfigPath is os.UserConfigDir()/breakerlab/name, the folder where
// breakerlab keeps a learner's files by default. what names the file in the
// error when there is no config directory: "progress file".
func ConfigPath(name, what string) (string, error) {
	dir, err := os.UserConfigDir()
	if err != nil {
		return "", fmt.Errorf("finding the config directory for the %s: %w", what, err)
	}
	return filepath.Join(dir, "breakerlab", name), nil
}

// Encode is the document's bytes as Write stores them: JSON indented by two
// spaces, with a final newline.
func Encode(v any) ([]byte, error) {
	b, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		return nil, err
	}
	return append(b, '\n'), nil
}

// Read reads the file at path and decodes it into v. A missing file gives an
// error matching fs.ErrNotExist; one whose bytes do not decode into v gives
// an error matching ErrCorrupt (v may then be partly filled: decode into a
// fresh value); any other error is the read's own.
func Read(path string, v any) error {
	b, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	if err := json.Unmarshal(b, v); err != nil {
		return corruptError{err}
	}
	return nil
}

// Version is the error for a document of another version than the one this
// program reads, for Load's valid function.
func Version(got, want int) error {
	if got == want {
		return nil
	}
	return fmt.Errorf("it has version %d, and this program reads version %d", got, want)
}

// Load decodes the file into v, a pointer to a fresh value. loaded reports
// whether v now holds the file's document; when it does not, the caller
// starts from its empty document.
//
// A missing file is not loaded, with no notice and no error. A file that
// does not decode, or that valid (called after a decode, when not nil)
// rejects, is renamed aside to PATH.corrupt-TIME, TIME being now in UTC;
// notice tells the learner where it went, or, when it could not be moved,
// that it is still in place. A ReadOnly file that is bad is left in place,
// unchanged: notice names it, says what is wrong with it, and that the next
// command that saves it will move it aside. err is only a failure to read
// an existing file, as "reading the NAME: ...".
func (f File) Load(v any, valid func() error, now time.Time) (loaded bool, notice string, err error) {
	err = Read(f.Path, v)
	switch {
	case errors.Is(err, ErrCorrupt):
	case errors.Is(err, fs.ErrNotExist):
		return false, "", nil
	case err != nil:
		return false, "", fmt.Errorf("reading the %s: %w", f.Name, err)
	case valid != nil:
		err = valid()
	}
	if err == nil {
		return true, "", nil
	}
	if f.ReadOnly {
		return false, fmt.Sprintf("The %s %s is unreadable (%v). It was left as it is, and nothing of it is shown here; the next command that saves the %s moves it aside (to %s.corrupt-TIME), and then %s.", f.Name, f.Path, err, f.Name, f.Path, f.Afresh), nil
	}
	aside, rerr := setAside(f.Path, now)
	if rerr != nil {
		return false, fmt.Sprintf("The %s %s is unreadable (%v) and could not be moved aside (%v); %s.", f.Name, f.Path, err, rerr, f.Afresh), nil
	}
	return false, fmt.Sprintf("The %s was unreadable (%v); it was moved to %s and %s.", f.Name, err, aside, f.Afresh), nil
}

// Write replaces the file with data atomically: it creates the folder if
// needed, writes a temporary file in the same folder, syncs and closes it,
// gives it Perm, and renames it over the file. Readers see the old bytes or
// the new ones, never a mix; on any failure the old file is untouched and
// the temporary file removed. Concurrent Writes to one path each rename a
// whole file, so the file ends up as one of them. Errors are the operating
// system's, unwrapped, for the caller to word; a ReadOnly file is not
// written (ErrReadOnly).
func (f File) Write(data []byte) error {
	if f.ReadOnly {
		return f.readOnly()
	}
	dir := filepath.Dir(f.Path)
	if err := os.MkdirAll(dir, dirPerm); err != nil {
		return err
	}
	pattern := f.Temp
	if pattern == "" {
		pattern = "." + filepath.Base(f.Path) + ".tmp-*"
	}
	tmp, err := os.CreateTemp(dir, pattern)
	if err != nil {
		return err
	}
	write := f.write
	if write == nil {
		write = (*os.File).Write
	}
	_, err = write(tmp, data)
	if err == nil {
		err = tmp.Sync()
	}
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err == nil && f.Perm != 0 {
		err = os.Chmod(tmp.Name(), f.Perm)
	}
	if err == nil {
		err = os.Rename(tmp.Name(), f.Path)
	}
	if err != nil {
		os.Remove(tmp.Name())
		return err
	}
	return nil
}

// readOnly is the error of a write to a ReadOnly file.
func (f File) readOnly() error {
	return fmt.Errorf("the %s was %w", f.Name, ErrReadOnly)
}
