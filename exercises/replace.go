package exercises

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"sort"
)

// replaceFiles writes files into dir over what is there, once backUp has
// copied into b what they replace, without losing a save that lands on
// one of them in between: an editor saving by rename while the runner's x
// (or `exercises reset` in another shell) runs. Each file there is moved
// aside first, an atomic rename that takes whatever was saved last, and
// the new one linked in its place, which fails rather than replace a save
// that landed after the move (that save is left where it is: the learner
// saved it last). What was moved aside is copied into the backup unless
// it is what the backup holds already or what was to be written; root is
// where the backup folder is made if b has none yet. beforeMove, if set,
// is called with each file's path before it is moved (tests land a save
// there).
func replaceFiles(root, dir string, files map[string][]byte, b *Backup, beforeMove func(path string)) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return fmt.Errorf("cannot create %s: %w", dir, err)
	}
	names := make([]string, 0, len(files))
	for name := range files {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		if beforeMove != nil {
			beforeMove(filepath.Join(dir, name))
		}
		latest, moved, err := swapIn(dir, name, files[name])
		if err != nil {
			return err
		}
		if moved && !bytes.Equal(latest, files[name]) && !b.holds(name, latest) {
			if err := b.keep(root, name, latest); err != nil {
				return err
			}
		}
	}
	return nil
}

// swapIn puts content at dir/name: what was there is moved aside and
// returned (moved is false if there was nothing), and the new file is
// linked in; if a save took the name in between, the save stays.
func swapIn(dir, name string, content []byte) (latest []byte, moved bool, err error) {
	path := filepath.Join(dir, name)
	tmp, err := os.CreateTemp(dir, "."+name+".reset-*")
	if err != nil {
		return nil, false, fmt.Errorf("cannot write %s: %w", path, err)
	}
	defer os.Remove(tmp.Name())
	_, err = tmp.Write(content)
	if err == nil {
		err = tmp.Sync() // as writeAtomic's store.File does
	}
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Chmod(tmp.Name(), 0o644)
	}
	if err != nil {
		return nil, false, fmt.Errorf("cannot write %s: %w", path, err)
	}
	aside := tmp.Name() + ".old"
	switch err := os.Rename(path, aside); {
	case err == nil:
		moved = true
	case !errors.Is(err, fs.ErrNotExist):
		return nil, false, fmt.Errorf("cannot replace %s: %w", path, err)
	}
	if err := os.Link(tmp.Name(), path); err != nil && !errors.Is(err, fs.ErrExist) {
		// A file system without hard links: replace, as writeAtomic does.
		if err := os.Rename(tmp.Name(), path); err != nil {
			return nil, moved, fmt.Errorf("cannot write %s: %w (what it held is in %s)", path, err, aside)
		}
	}
	if !moved {
		return nil, false, nil
	}
	if latest, err = os.ReadFile(aside); err != nil {
		return nil, true, fmt.Errorf("cannot read %s, which %s held: %w", aside, path, err)
	}
	os.Remove(aside)
	return latest, true, nil
}

// holds reports whether b's copy of name holds content.
func (b *Backup) holds(name string, content []byte) bool {
	if b.Dir == "" || !slices.Contains(b.Files, name) {
		return false
	}
	got, err := os.ReadFile(filepath.Join(b.Dir, name))
	return err == nil && bytes.Equal(got, content)
}

// keep copies content, a save that came in after backUp, into b as name:
// the learner's latest, over the copy of what they had before it.
func (b *Backup) keep(root, name string, content []byte) error {
	if b.Dir == "" {
		dir, err := newBackupDir(root)
		if err != nil {
			return err
		}
		b.Dir = dir
	}
	if err := os.WriteFile(filepath.Join(b.Dir, name), content, 0o644); err != nil {
		return fmt.Errorf("cannot back up %s: %w", name, err)
	}
	if !slices.Contains(b.Files, name) {
		b.Files = append(b.Files, name)
		sort.Strings(b.Files)
	}
	// What is kept now is the learner's save, not the outdated copy the
	// workbook wrote.
	b.Updated = slices.DeleteFunc(b.Updated, func(n string) bool { return n == name })
	return nil
}
