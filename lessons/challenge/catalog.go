package challenge

import (
	"embed"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/breakerlab/breakerlab/internal/userfile"
)

// content holds the built-in challenges (NN-id.toml), the scenario files
// they start from, and solutions/ID.toml, each one's reference solution.
//
//go:embed content/*.toml solutions/*.toml
var content embed.FS

var (
	loadOnce sync.Once
	builtins []*Challenge
	loadErr  error
)

// All returns the built-in challenges in order. They are loaded once; the
// values are shared, so callers must not change them.
func All() ([]*Challenge, error) {
	loadOnce.Do(func() { builtins, loadErr = loadBuiltins() })
	return builtins, loadErr
}

func loadBuiltins() ([]*Challenge, error) {
	entries, err := fs.ReadDir(content, "content")
	if err != nil {
		return nil, err
	}
	var out []*Challenge
	for _, e := range entries {
		name := e.Name()
		num, _, ok := strings.Cut(name, "-")
		n, err := strconv.Atoi(num)
		if !ok || err != nil {
			continue // a scenario file, not a challenge
		}
		data, err := content.ReadFile("content/" + name)
		if err != nil {
			return nil, err
		}
		c, err := Parse(name, data, func(rel string) ([]byte, error) {
			return content.ReadFile("content/" + rel)
		})
		if err != nil {
			return nil, fmt.Errorf("built-in challenge %s: %w", name, err)
		}
		c.Number = n
		out = append(out, c)
	}
	slices.SortFunc(out, func(a, b *Challenge) int { return a.Number - b.Number })
	return out, nil
}

// Solution is a built-in challenge's reference solution: a file its
// Check passes.
func Solution(c *Challenge) ([]byte, error) {
	return content.ReadFile("solutions/" + c.ID + ".toml")
}

// ReferenceSetting is a built-in challenge's reference solution as knob
// settings, read back from its file; a teacher's challenge has none.
func (c *Challenge) ReferenceSetting() (Setting, error) {
	if c.Number == 0 {
		return nil, fmt.Errorf("%s is a teacher's challenge file: it has no reference solution", c.ID)
	}
	data, err := Solution(c)
	if err != nil {
		return nil, err
	}
	s, _, _, err := c.ReadDesign("solutions/"+c.ID+".toml", data)
	if err != nil {
		return nil, fmt.Errorf("the reference solution does not check: %w", err)
	}
	return s, nil
}

// IsReference says whether a setting is the built-in's reference solution,
// knob for knob (a knob the setting leaves out is at its start).
func (c *Challenge) IsReference(s Setting) bool {
	ref, err := c.ReferenceSetting()
	if err != nil {
		return false
	}
	start := c.Start()
	for _, k := range c.Knobs {
		v, ok := s[k.Path]
		if !ok {
			v = start[k.Path]
		}
		if FormatValue(v) != FormatValue(ref[k.Path]) {
			return false
		}
	}
	return true
}

// Lookup finds a built-in challenge by its number (from 1) or its ID.
func Lookup(arg string) (*Challenge, error) {
	all, err := All()
	if err != nil {
		return nil, err
	}
	n, numErr := strconv.Atoi(arg)
	for _, c := range all {
		if (numErr == nil && c.Number == n) || c.ID == arg || idOf(arg) == c.ID && !strings.HasSuffix(arg, ".toml") {
			return c, nil
		}
	}
	var ids []string
	for _, c := range all {
		ids = append(ids, fmt.Sprintf("%d %s", c.Number, c.ID))
	}
	return nil, unknownChallenge(fmt.Sprintf("no challenge is called %q; the challenges are: %s (or give the path of a challenge file)", arg, strings.Join(ids, ", ")))
}

// ErrUnknown is wrapped by Lookup's error for a name no built-in level
// has, so that the command refuses it as it refuses any unknown name.
var ErrUnknown = errors.New("unknown challenge")

// unknownChallenge is Lookup's refusal: its words, and ErrUnknown under.
type unknownChallenge string

func (u unknownChallenge) Error() string { return string(u) }
func (u unknownChallenge) Unwrap() error { return ErrUnknown }

// maxFile bounds how much of a file is read: a challenge or a scenario
// file is a few kilobytes.
const maxFile = 1 << 20

// LoadFile reads a teacher's challenge file; its scenario file is read
// from the same folder.
func LoadFile(path string) (*Challenge, error) {
	return LoadFileBudget(path, 0)
}

// LoadFileBudget is LoadFile with a budget of simulated requests (0:
// engine.DefaultBudget): a challenge whose scenario costs more to load and
// grade (its runs by engine.EstimateCost) is refused with an
// *engine.BudgetError before anything runs. A file whose brief claims
// what the engine does not do ([[claims]], CheckClaims) is refused too,
// each false claim named on its line with the seed and the engine's value.
func LoadFileBudget(path string, budget int64) (*Challenge, error) {
	const want = "TOML with a title, a brief and a scenario"
	if err := userfile.Folder(path, "challenge file"); err != nil {
		return nil, err
	}
	data, err := readSmall(path)
	if err != nil {
		return nil, err
	}
	if err := userfile.Text(path, data, "challenge file", want); err != nil {
		return nil, err
	}
	dir := filepath.Dir(path)
	c, err := parse(path, data, func(rel string) ([]byte, error) {
		if filepath.IsAbs(rel) {
			return readSmall(rel)
		}
		return readSmall(filepath.Join(dir, filepath.FromSlash(rel)))
	}, budget, true)
	if err != nil {
		return nil, err
	}
	c.Path, c.key = path, fileKey(path)
	return c, nil
}

// isBuiltinID says whether id is a built-in challenge's, read from the
// embedded files' names without loading them.
func isBuiltinID(id string) bool {
	entries, err := fs.ReadDir(content, "content")
	if err != nil {
		return false
	}
	for _, e := range entries {
		name := e.Name()
		num, _, ok := strings.Cut(name, "-")
		if _, err := strconv.Atoi(num); ok && err == nil && idOf(name) == id {
			return true
		}
	}
	return false
}

// Open resolves a command line's argument: a number, an ID, or the path of
// a challenge file (anything with a path separator or ending in .toml).
func Open(arg string) (*Challenge, error) {
	return OpenBudget(arg, 0)
}

// OpenBudget is Open with a budget for a challenge file (LoadFileBudget);
// the built-in challenges are within the default budget.
func OpenBudget(arg string, budget int64) (*Challenge, error) {
	if strings.ContainsAny(arg, `/\`) || strings.HasSuffix(arg, ".toml") {
		return LoadFileBudget(arg, budget)
	}
	return Lookup(arg)
}

func readSmall(path string) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return nil, fmt.Errorf("%s does not exist", path)
		}
		return nil, err
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, maxFile+1))
	if err != nil {
		return nil, fmt.Errorf("reading %s: %w", path, err)
	}
	if len(data) > maxFile {
		return nil, fmt.Errorf("%s is larger than 1 MiB; a challenge or scenario file is a few kilobytes of TOML", path)
	}
	return data, nil
}

// Group is one stop of the level map: the levels that follow a lesson.
type Group struct {
	After  int // the lesson's number; 0 for levels that name none
	Levels []*Challenge
}

// Map groups levels by the lesson they follow, in the lessons' order, each
// group's levels in their own order.
func Map(cs []*Challenge) []Group {
	var out []Group
	for _, c := range cs {
		i := slices.IndexFunc(out, func(g Group) bool { return g.After == c.After })
		if i < 0 {
			out = append(out, Group{After: c.After})
			i = len(out) - 1
		}
		out[i].Levels = append(out[i].Levels, c)
	}
	slices.SortStableFunc(out, func(a, b Group) int { return a.After - b.After })
	return out
}

// Next is the level to suggest: the first, in the map's order, with no
// star yet; else the first short of three stars; nil when every level has
// all three. stars reads a level's best.
func Next(cs []*Challenge, stars func(id string) int) *Challenge {
	var order []*Challenge
	for _, g := range Map(cs) {
		order = append(order, g.Levels...)
	}
	for _, want := range []int{1, 3} {
		for _, c := range order {
			if stars(c.ID) < want {
				return c
			}
		}
	}
	return nil
}
