package challenge

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sync"
	"time"
)

// Record is what the progress file keeps of one challenge: the best stars
// earned, and the setting that earned them (so the view can offer it).
type Record struct {
	Stars int               `json:"stars"`
	Best  map[string]string `json:"best,omitempty"`
}

const progressVersion = 1

type progressFile struct {
	Version    int               `json:"version"`
	Challenges map[string]Record `json:"challenges"`
}

// Progress keeps the stars a learner has earned in a small JSON file,
// challenges.json beside the lessons' progress file. Writes go to a
// temporary file renamed over the old one (as lessons.Store does), so a
// crash never leaves half a file. It is safe for concurrent use.
type Progress struct {
	path   string
	mu     sync.Mutex
	data   progressFile
	notice string
}

// DefaultProgressPath is os.UserConfigDir()/breakerlab/challenges.json.
func DefaultProgressPath() (string, error) {
	dir, err := os.UserConfigDir()
	if err != nil {
		return "", fmt.Errorf("finding the config directory for the challenge progress file: %w", err)
	}
	return filepath.Join(dir, "breakerlab", "challenges.json"), nil
}

// OpenProgress reads the progress file at path. A missing file is empty
// progress; a file that cannot be read as progress is moved aside (to
// challenges.json.corrupt-TIME) and progress starts afresh, which Notice
// says. The returned Progress is usable even with an error.
func OpenProgress(path string) (*Progress, error) {
	p := &Progress{path: path, data: progressFile{Version: progressVersion, Challenges: map[string]Record{}}}
	b, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return p, nil
	}
	if err != nil {
		return p, fmt.Errorf("reading the challenge progress file: %w", err)
	}
	var f progressFile
	bad := json.Unmarshal(b, &f)
	if bad == nil && f.Version != progressVersion {
		bad = fmt.Errorf("it has version %d, and this program reads version %d", f.Version, progressVersion)
	}
	if bad != nil {
		aside := fmt.Sprintf("%s.corrupt-%s", path, time.Now().UTC().Format("20060102T150405Z"))
		if err := os.Rename(path, aside); err != nil {
			p.notice = fmt.Sprintf("The challenge progress file %s is unreadable (%v) and could not be moved aside (%v); stars start afresh.", path, bad, err)
		} else {
			p.notice = fmt.Sprintf("The challenge progress file was unreadable (%v); it was moved to %s and stars start afresh.", bad, aside)
		}
		return p, nil
	}
	if f.Challenges == nil {
		f.Challenges = map[string]Record{}
	}
	p.data = f
	return p, nil
}

// Notice is a message about the file (moved aside as corrupt), or "".
func (p *Progress) Notice() string {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.notice
}

// Get returns a challenge's record.
func (p *Progress) Get(id string) Record {
	p.mu.Lock()
	defer p.mu.Unlock()
	r := p.data.Challenges[id]
	if r.Best != nil {
		best := make(map[string]string, len(r.Best))
		for k, v := range r.Best {
			best[k] = v
		}
		r.Best = best
	}
	return r
}

// Earn records stars for a challenge if they beat its best, with the
// setting that earned them, and saves the file. It reports whether the
// record improved.
func (p *Progress) Earn(c *Challenge, stars int, s Setting) (bool, error) {
	p.mu.Lock()
	old := p.data.Challenges[c.ID]
	if stars <= old.Stars {
		p.mu.Unlock()
		return false, nil
	}
	best := map[string]string{}
	for _, k := range c.Knobs {
		if v, ok := s[k.Path]; ok {
			best[k.Path] = FormatValue(v)
		}
	}
	p.data.Challenges[c.ID] = Record{Stars: stars, Best: best}
	p.mu.Unlock()
	return true, p.save()
}

// save writes the file atomically: a temporary file in the same folder,
// synced, then renamed over the old one.
func (p *Progress) save() error {
	p.mu.Lock()
	b, err := json.MarshalIndent(p.data, "", "  ")
	p.mu.Unlock()
	if err != nil {
		return fmt.Errorf("encoding challenge progress: %w", err)
	}
	dir := filepath.Dir(p.path)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return fmt.Errorf("saving challenge progress: %w", err)
	}
	tmp, err := os.CreateTemp(dir, ".challenges-*.json")
	if err != nil {
		return fmt.Errorf("saving challenge progress: %w", err)
	}
	defer os.Remove(tmp.Name()) // harmless after the rename
	_, err = tmp.Write(append(b, '\n'))
	if err == nil {
		err = tmp.Sync()
	}
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp.Name(), p.path)
	}
	if err != nil {
		return fmt.Errorf("saving challenge progress: %w", err)
	}
	return nil
}

// StarsText draws stars: ★★☆ for two of three.
func StarsText(n int) string {
	s := ""
	for i := 1; i <= 3; i++ {
		if i <= n {
			s += "★"
		} else {
			s += "☆"
		}
	}
	return s
}
