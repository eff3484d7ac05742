package lessons

import (
	"embed"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"sort"
	"strconv"
	"strings"
	"sync"
)

//go:embed content/*.md
var content embed.FS

// ErrUnknownLesson is wrapped by Lookup's error for an ID that names no
// built-in lesson.
var ErrUnknownLesson = errors.New("unknown lesson")

var builtin struct {
	once    sync.Once
	lessons []*Lesson
	err     error
}

// All returns the built-in lessons in teaching order. They are parsed once;
// callers must not change them.
func All() ([]*Lesson, error) {
	builtin.once.Do(func() {
		entries, err := fs.ReadDir(content, "content")
		if err != nil {
			builtin.err = fmt.Errorf("reading the built-in lessons: %w", err)
			return
		}
		names := make([]string, 0, len(entries))
		for _, e := range entries {
			if strings.HasSuffix(e.Name(), ".md") {
				names = append(names, e.Name())
			}
		}
		sort.Strings(names)
		for _, n := range names {
			data, err := content.ReadFile(path.Join("content", n))
			if err != nil {
				builtin.err = fmt.Errorf("reading the built-in lesson %s: %w", n, err)
				return
			}
			l, err := Parse(path.Join("lessons/content", n), data)
			if err != nil {
				builtin.err = err
				return
			}
			builtin.lessons = append(builtin.lessons, l)
		}
	})
	return builtin.lessons, builtin.err
}

// Lookup finds a built-in lesson by number ("1", "01"), by ID
// ("01-one-slow-dependency") or by ID without its number.
func Lookup(id string) (*Lesson, error) {
	all, err := All()
	if err != nil {
		return nil, err
	}
	id = strings.TrimSpace(id)
	if n, err := strconv.Atoi(id); err == nil {
		for _, l := range all {
			if l.Number == n {
				return l, nil
			}
		}
	}
	for _, l := range all {
		_, rest, _ := strings.Cut(l.ID, "-")
		if id == l.ID || id == rest {
			return l, nil
		}
	}
	return nil, fmt.Errorf("%w %q: give a number from 1 to %d, an ID such as %s (`breakerlab lessons` lists them), or the path of a lesson file",
		ErrUnknownLesson, id, len(all), all[0].ID)
}

// LoadFile reads and parses a teacher's lesson file.
func LoadFile(name string) (*Lesson, error) {
	data, err := os.ReadFile(name)
	if err != nil {
		return nil, fmt.Errorf("reading the lesson file: %w", err)
	}
	return Parse(name, data)
}

// Open resolves what a learner typed after `breakerlab lesson`: a built-in
// lesson's number or ID, or else the path of a lesson file.
func Open(arg string) (*Lesson, error) {
	looksLikePath := strings.ContainsAny(arg, `/\`) || strings.HasSuffix(arg, ".md")
	if !looksLikePath {
		l, err := Lookup(arg)
		if err == nil || !errors.Is(err, ErrUnknownLesson) {
			return l, err
		}
		if _, statErr := os.Stat(arg); statErr != nil {
			return nil, err
		}
	}
	return LoadFile(arg)
}
