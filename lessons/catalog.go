package lessons

import (
	"bytes"
	"embed"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync"

	"github.com/breakerlab/breakerlab/internal/userfile"
)

//go:embed content/*.md
var content embed.FS

// ErrUnknownLesson is wrapped by Lookup's error for an ID that names no
// built-in lesson.
var ErrUnknownLesson = errors.New("unknown lesson")

// builtinFile is one embedded lesson file, parsed the first time it is
// asked for: `breakerlab lesson 4` parses lesson 4 only, and the home
// screen parses none before its first frame (parsing all nine, with the
// [sweep] tables' plans, takes some 30 to 60 ms).
type builtinFile struct {
	name   string // the file's name in content/, such as 04-breaker-states.md
	id     string
	number int

	once   sync.Once
	lesson *Lesson
	err    error
}

func (f *builtinFile) parse() (*Lesson, error) {
	f.once.Do(func() {
		data, err := content.ReadFile(path.Join("content", f.name))
		if err != nil {
			f.err = fmt.Errorf("reading the built-in lesson %s: %w", f.name, err)
			return
		}
		f.lesson, f.err = Parse(path.Join("lessons/content", f.name), data)
	})
	return f.lesson, f.err
}

var builtin struct {
	filesOnce sync.Once
	files     []*builtinFile
	filesErr  error

	once    sync.Once
	lessons []*Lesson
	err     error
}

// builtinFiles lists the embedded lesson files in teaching order without
// parsing them; ID and number come from the name, as Parse derives them.
func builtinFiles() ([]*builtinFile, error) {
	builtin.filesOnce.Do(func() {
		entries, err := fs.ReadDir(content, "content")
		if err != nil {
			builtin.filesErr = fmt.Errorf("reading the built-in lessons: %w", err)
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
			f := &builtinFile{name: n, id: strings.TrimSuffix(n, ".md")}
			if num, _, ok := strings.Cut(f.id, "-"); ok {
				f.number, _ = strconv.Atoi(num)
			}
			builtin.files = append(builtin.files, f)
		}
	})
	return builtin.files, builtin.filesErr
}

// All returns the built-in lessons in teaching order. They are parsed once;
// callers must not change them.
func All() ([]*Lesson, error) {
	builtin.once.Do(func() {
		files, err := builtinFiles()
		if err != nil {
			builtin.err = err
			return
		}
		for _, f := range files {
			l, err := f.parse()
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
// ("01-one-slow-dependency") or by ID without its number. It parses only
// the lesson it finds.
func Lookup(id string) (*Lesson, error) {
	files, err := builtinFiles()
	if err != nil {
		return nil, err
	}
	return lookupIn(files, id)
}

func lookupIn(files []*builtinFile, id string) (*Lesson, error) {
	if len(files) == 0 {
		return nil, fmt.Errorf("%w %q: this build has no built-in lessons; give the path of a lesson file", ErrUnknownLesson, id)
	}
	id = strings.TrimSpace(id)
	if n, err := strconv.Atoi(id); err == nil {
		for _, f := range files {
			if f.number == n {
				return f.parse()
			}
		}
	}
	for _, f := range files {
		_, rest, _ := strings.Cut(f.id, "-")
		if id == f.id || id == rest {
			return f.parse()
		}
	}
	var ids []string
	for _, f := range files {
		_, rest, _ := strings.Cut(f.id, "-")
		ids = append(ids, f.id, rest)
	}
	if near := didYouMean(id, ids); near != "" {
		return nil, fmt.Errorf("%w %q: did you mean %s? (give a number from 1 to %d, an ID such as %s (`breakerlab lessons` lists them), or the path of a lesson file)",
			ErrUnknownLesson, id, near, files[len(files)-1].number, files[0].id)
	}
	return nil, fmt.Errorf("%w %q: give a number from 1 to %d, an ID such as %s (`breakerlab lessons` lists them), or the path of a lesson file",
		ErrUnknownLesson, id, files[len(files)-1].number, files[0].id)
}

// LoadFile reads and parses a teacher's lesson file. It is read once: an
// edit made while the lesson is open shows when it is opened again.
func LoadFile(name string) (*Lesson, error) {
	const want = "Markdown that starts with its front matter between two lines of \"+++\""
	if err := userfile.Folder(name, "lesson file"); err != nil {
		return nil, err
	}
	data, err := os.ReadFile(name)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, fmt.Errorf("the lesson file %s does not exist", name)
	}
	if err != nil {
		return nil, fmt.Errorf("reading the lesson file: %w", err)
	}
	// An empty file Parse refuses in a lesson's own words.
	if len(bytes.TrimSpace(data)) > 0 {
		if err := userfile.Text(name, data, "lesson file", want); err != nil {
			return nil, err
		}
	}
	l, err := Parse(name, data)
	if err != nil {
		return nil, err
	}
	l.key = fileKey(name)
	return l, nil
}

// fileKey is a teacher's file's progress key: "file:" and its absolute
// path, through any symbolic link, so that the file keeps its progress
// whichever folder it is opened from.
func fileKey(name string) string {
	abs, err := filepath.Abs(name)
	if err != nil {
		abs = filepath.Clean(name)
	}
	if real, err := filepath.EvalSymlinks(abs); err == nil {
		abs = real
	}
	return "file:" + abs
}

// isBuiltinID says whether id is a built-in lesson's.
func isBuiltinID(id string) bool {
	files, err := builtinFiles()
	if err != nil {
		return false
	}
	for _, f := range files {
		if f.id == id {
			return true
		}
	}
	return false
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
