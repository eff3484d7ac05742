package grade

import (
	"os"
	"path/filepath"
	"strconv"
	"testing"
	"time"

	"github.com/breakerlab/breakerlab/internal/stabledir"
)

// The link of a test binary is most of what a go test of a small module
// costs once the build cache serves its compiling (some 0.3 s of CPU of
// 0.7): a test that grades with Options.Binary at a path kept from run to
// run has the go command find the binary up to date and run it as it is.
// The tests whose subject is not the link itself grade that way (of
// those that check that binaries are linked and kept,
// TestBinaryIsKeptAndReused keeps its own in a temporary folder, and
// TestRunPackagesGivesABrokenBuildItsOwnReport removes one of its kept
// binaries first); what they check of the report is the same with -o,
// which the catalog check grades with.

// keptBinSlots is how many runs of one test at once (two checkouts tested
// side by side) get a folder of their own; a further one links into a
// temporary folder (correct, only slower).
const keptBinSlots = 4

// keptBins returns a folder for t's test binaries, at the same path each
// time t runs: modulesRoot's, kept between runs as the modules are, and
// held by t (a lock folder only one run can make) until it ends, so that
// no other run links over a binary t is running. With no user cache
// folder, or every slot held, it returns a temporary folder.
func keptBins(t *testing.T) string {
	t.Helper()
	root := modulesRoot()
	if root == "" {
		return t.TempDir()
	}
	for slot := range keptBinSlots {
		dir := filepath.Join(root, "bin-"+stabledir.FolderName(t.Name())+"."+strconv.Itoa(slot))
		if !stabledir.Lock(dir + ".lock") {
			continue
		}
		t.Cleanup(func() {
			now := time.Now()
			os.Chtimes(dir, now, now) // used: kept another modulesMaxAge
			os.Remove(dir + ".lock")
		})
		if err := os.MkdirAll(dir, 0o755); err != nil {
			t.Fatalf("cannot make %s: %v", dir, err)
		}
		return dir
	}
	return t.TempDir()
}

// keptBin is where a test that grades one package keeps its binary.
func keptBin(t *testing.T) string {
	t.Helper()
	return filepath.Join(keptBins(t), "p.test")
}
