package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The project's own configuration: what `make test` checks on every change.
func TestTheProjectsConfigurationIsValid(t *testing.T) {
	if err := check(filepath.Join("..", "..", "..", ".goreleaser.yaml")); err != nil {
		t.Fatal(err)
	}
}

// Each mistake the check exists for is caught, and named.
func TestMistakesAreCaught(t *testing.T) {
	good, err := os.ReadFile(filepath.Join("..", "..", "..", ".goreleaser.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name, from, to, want string
	}{
		{"an unknown key", "project_name: breakerlab", "project_name: breakerlab\nprojekt: x", "projekt"},
		{"a value of the wrong type", "algorithm: sha256", "algorithm: [sha256]", "cannot unmarshal"},
		{"the wrong version", "version: 2", "version: 1", "version"},
		{"a package naming a missing build", "ids: [breakerlab]\n    vendor", "ids: [breakerlabs]\n    vendor", `build id "breakerlabs"`},
		{"a platform dropped", "goarch: [amd64, arm64]", "goarch: [amd64]", "linux/arm64"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if !strings.Contains(string(good), c.from) {
				t.Fatalf("the configuration no longer contains %q: update this case", c.from)
			}
			path := filepath.Join(t.TempDir(), "goreleaser.yaml")
			bad := strings.Replace(string(good), c.from, c.to, 1)
			if err := os.WriteFile(path, []byte(bad), 0o644); err != nil {
				t.Fatal(err)
			}
			err := check(path)
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("check = %v, want an error naming %q", err, c.want)
			}
		})
	}
}
