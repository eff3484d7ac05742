package challenge

import (
	"bytes"
	"errors"

	"fmt"
	toml "github.com/pelletier/go-toml/v2"
	"strings"

	"github.com/breakerlab/breakerlab/engine/shuffle"
)

// Fleet is the shuffle lab's part of a challenge: the workers, the
// customers and how each is given its shard. One customer's requests crash
// every worker they reach; the goals count the other customers who lose
// their whole shard (lost) or part of it (degraded), as `breakerlab run
// shuffle` counts them (shuffle.Assign, then shuffle.Poison).
type Fleet struct {
	Workers     int
	Customers   int
	PerCustomer int
	Strategy    shuffle.Strategy
	MaxShared   int
	Zones       int
}

func (f *Fleet) fleet() shuffle.Fleet {
	return shuffle.Fleet{Workers: f.Workers, Customers: f.Customers, PerCustomer: f.PerCustomer,
		Strategy: f.Strategy, MaxShared: f.MaxShared, Zones: f.Zones}
}

// fleetKeys are the keys of a [shuffle] table, in the order Dump writes them.
var fleetKeys = []string{"workers", "customers", "per_customer", "strategy", "max_shared", "zones"}

// read reads a knob of the fleet.
func (f *Fleet) read(key string) (any, error) {
	switch key {
	case "workers":
		return int64(f.Workers), nil
	case "customers":
		return int64(f.Customers), nil
	case "per_customer":
		return int64(f.PerCustomer), nil
	case "max_shared":
		return int64(f.MaxShared), nil
	case "zones":
		return int64(f.Zones), nil
	case "strategy":
		return string(f.Strategy), nil
	}
	return nil, fmt.Errorf("the shuffle lab has no knob %q (its knobs: %s)", key, strings.Join(fleetKeys, ", "))
}

// set sets a knob of the fleet.
func (f *Fleet) set(key string, v any) error {
	if key == "strategy" {
		s, ok := v.(string)
		if !ok {
			return fmt.Errorf("strategy takes a word in quotes (%v), got %v", shuffle.Strategies(), v)
		}
		for _, st := range shuffle.Strategies() {
			if string(st) == s {
				f.Strategy = st
				return nil
			}
		}
		return fmt.Errorf("strategy %q is not one of %v", s, shuffle.Strategies())
	}
	n, ok := v.(int64)
	if !ok {
		return fmt.Errorf("%s takes a whole number, got %v", key, FormatValue(v))
	}
	switch key {
	case "workers":
		f.Workers = int(n)
	case "customers":
		f.Customers = int(n)
	case "per_customer":
		f.PerCustomer = int(n)
	case "max_shared":
		f.MaxShared = int(n)
	case "zones":
		f.Zones = int(n)
	default:
		return fmt.Errorf("the shuffle lab has no knob %q (its knobs: %s)", key, strings.Join(fleetKeys, ", "))
	}
	return nil
}

// poison runs the fleet for seed: the first customer is the poisoned one.
func (f *Fleet) poison(seed uint64) (shuffle.Outcome, error) {
	a, err := shuffle.Assign(f.fleet(), seed)
	if err != nil {
		return shuffle.Outcome{}, withoutKind(err)
	}
	out, err := shuffle.Poison(a, 0)
	return out, withoutKind(err)
}

// kindless is an error of the shuffle package told without the "invalid
// input: " its errors begin with, a word for the program that says nothing
// to the learner the message is for; errors.Is still finds the kind.
type kindless struct{ err error }

func (k kindless) Error() string {
	return strings.TrimPrefix(k.err.Error(), shuffle.ErrInvalidInput.Error()+": ")
}

func (k kindless) Unwrap() error { return k.err }

func withoutKind(err error) error {
	if err == nil || !errors.Is(err, shuffle.ErrInvalidInput) {
		return err
	}
	return kindless{err}
}

// dump writes the fleet as a file of its own: the form a learner hands in
// for a shuffle challenge, with the command that grades it (grade).
func (f *Fleet) dump(grade, title string) []byte {
	var b strings.Builder
	fmt.Fprintf(&b, "# A design for the challenge %q: the shuffle lab's fleet.\n", title)
	fmt.Fprintf(&b, "# Change the knobs the challenge lets you turn, then check it with\n# %s\n[shuffle]\n", grade)
	for _, k := range fleetKeys {
		v, _ := f.read(k)
		if s, ok := v.(string); ok {
			fmt.Fprintf(&b, "%s = %q\n", k, s)
		} else {
			fmt.Fprintf(&b, "%s = %v\n", k, v)
		}
	}
	return []byte(b.String())
}

func tomlDecoder(data []byte) *toml.Decoder {
	dec := toml.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	return dec
}
