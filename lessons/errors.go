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

// refusal is what a number box says when it refuses a guess: a sentence
// the learner reads as it stands, from a capital, naming what was typed
// and what may be typed. It is not an error string to be wrapped in
// another, which Go's style starts in lower case, hence a type of its own.
type refusal string

func (r refusal) Error() string { return string(r) }

// Refusef is a number box's refusal of a guess, formatted as fmt.Sprintf
// does: the lesson player's, the drill's and the classroom poll's boxes
// all say their refusals in these words.
func Refusef(format string, args ...any) error {
	return refusal(fmt.Sprintf(format, args...))
}
