package lessons

import (
	"errors"
	"fmt"
)

// ErrInvalid is wrapped by every error about a lesson file's content, so a
// caller can tell a malformed lesson (exit code 2) from a failure to read
// it: errors.Is(err, ErrInvalid).
var ErrInvalid = errors.New("invalid lesson file")

// Error is a problem with a lesson file: the file, the line (from 1; 0 when
// the problem belongs to no line), the field of the front matter or the
// part of the text at fault, and what is wrong, which says what is allowed.
type Error struct {
	File  string
	Line  int
	Field string
	Err   error
}

func (e *Error) Error() string {
	where := e.File
	if e.Line > 0 {
		where = fmt.Sprintf("%s:%d", e.File, e.Line)
	}
	if e.Field != "" {
		return fmt.Sprintf("%s: %s: %v", where, e.Field, e.Err)
	}
	return fmt.Sprintf("%s: %v", where, e.Err)
}

// Unwrap gives both the cause and ErrInvalid to errors.Is and errors.As.
func (e *Error) Unwrap() []error { return []error{e.Err, ErrInvalid} }
