package drill

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
)

// SavedInterview is a graded interview read back from its file.
type SavedInterview struct {
	Interview
	// ID is the file's name without ".json": the time it started and
	// its prompt ("20261130T140000Z-payment-checkout").
	ID   string
	Path string
}

// InterviewHistory is what LoadInterviews found in the interviews folder.
type InterviewHistory struct {
	// Dir is the folder read.
	Dir string
	// Interviews are the files that read as interviews, oldest first:
	// Interviews[0] is number 1 of `breakerlab interview --history`.
	Interviews []SavedInterview
	// Bad are the files that do not; they are left where they are.
	Bad []BadInterview
}

// BadInterview is a file of the interviews folder that does not read as
// an interview, and why.
type BadInterview struct {
	Path string
	Err  error
}

func (b BadInterview) Error() string { return b.Path + ": " + b.Err.Error() }

// LoadInterviews reads every interview saved under dir (the progress
// directory SaveInterview wrote to), oldest first. A file that is not an
// interview (cut short, edited by hand, empty) is named in Bad and the
// others are read all the same; a missing folder is no interviews. Only a
// folder that cannot be listed is an error.
func LoadInterviews(dir string) (InterviewHistory, error) {
	h := InterviewHistory{Dir: filepath.Join(dir, InterviewDir)}
	entries, err := os.ReadDir(h.Dir)
	if errors.Is(err, fs.ErrNotExist) {
		return h, nil
	}
	if err != nil {
		return h, fmt.Errorf("reading the saved interviews: %w", err)
	}
	for _, e := range entries {
		name := e.Name()
		// Skipped: folders, other files, and the temporary files of a
		// save under way (".drill-*.tmp", hidden).
		if e.IsDir() || !strings.HasSuffix(name, ".json") || strings.HasPrefix(name, ".") {
			continue
		}
		path := filepath.Join(h.Dir, name)
		iv, err := readInterview(path)
		if err != nil {
			h.Bad = append(h.Bad, BadInterview{path, err})
			continue
		}
		h.Interviews = append(h.Interviews, SavedInterview{Interview: iv, ID: strings.TrimSuffix(name, ".json"), Path: path})
	}
	sort.SliceStable(h.Interviews, func(i, j int) bool {
		a, b := h.Interviews[i], h.Interviews[j]
		if !a.Started.Equal(b.Started) {
			return a.Started.Before(b.Started)
		}
		return a.ID < b.ID
	})
	return h, nil
}

// readInterview reads one saved interview. Its counts are made again from
// its points, which are what the file says was marked.
func readInterview(path string) (Interview, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return Interview{}, err
	}
	var iv Interview
	if err := json.Unmarshal(b, &iv); err != nil {
		return Interview{}, fmt.Errorf("not a saved interview: %w", err)
	}
	switch {
	case iv.Prompt == "":
		return Interview{}, errors.New("not a saved interview: it names no prompt")
	case iv.Started.IsZero():
		return Interview{}, errors.New("not a saved interview: it has no start time")
	case len(iv.Points) == 0:
		return Interview{}, errors.New("not a saved interview: its rubric has no points")
	case iv.Used < 0 || iv.Allowed < 0:
		return Interview{}, errors.New("not a saved interview: a negative time")
	}
	iv.Said, iv.Hinted, iv.Possible = 0, 0, len(iv.Points)
	for _, p := range iv.Points {
		if p.Said {
			iv.Said++
		}
		if p.Hinted {
			iv.Hinted++
		}
	}
	return iv, nil
}

// Find is the interview key names: its number in the history (1 the
// oldest) or its ID (its file's name, with or without ".json"). An error
// says what there is to choose from; a key naming a file that did not
// read says why.
func (h InterviewHistory) Find(key string) (n int, iv SavedInterview, err error) {
	key = strings.TrimSpace(key)
	if len(h.Interviews) == 0 {
		return 0, SavedInterview{}, h.none()
	}
	if k, err := strconv.Atoi(key); err == nil {
		if k < 1 || k > len(h.Interviews) {
			return 0, SavedInterview{}, fmt.Errorf("there is no interview %d: the saved ones are numbered 1 to %d (oldest first)", k, len(h.Interviews))
		}
		return k, h.Interviews[k-1], nil
	}
	id := strings.TrimSuffix(filepath.Base(key), ".json")
	for i, iv := range h.Interviews {
		if iv.ID == id {
			return i + 1, iv, nil
		}
	}
	for _, b := range h.Bad {
		if filepath.Base(b.Path) == id+".json" {
			return 0, SavedInterview{}, b
		}
	}
	return 0, SavedInterview{}, fmt.Errorf("no saved interview is called %q: give its number (1 to %d) or its id, as the list shows them", key, len(h.Interviews))
}

// none is the error of a history without an interview to show.
func (h InterviewHistory) none() error {
	if len(h.Bad) > 0 {
		return fmt.Errorf("no saved interview in %s reads back (%d file(s) do not)", h.Dir, len(h.Bad))
	}
	return fmt.Errorf("no interview is saved in %s yet: the rubric's enter saves one", h.Dir)
}
