package drill

import (
	"regexp"
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/engine/breaker"
)

// The breaker table's columns are named "polly", "hystrix": a reader who
// memorises "polly: open for 5 s" must also learn whose defaults those
// are, library and version (Polly v7 had none of them). Every column gets
// a line naming its library with a version number, in both formats.
func TestCheatSheetNamesEachColumnsVersion(t *testing.T) {
	for _, f := range []Format{Text, Markdown} {
		out, err := CheatSheet(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, p := range breaker.Presets() {
			v := presetVersion(p)
			if !strings.HasPrefix(v, p.Library) || !regexp.MustCompile(`[0-9]`).MatchString(v) {
				t.Errorf("%s: version %q names no version of %q", p.Name, v, p.Library)
			}
			line := regexp.MustCompile(`(?m)^(  |- \*\*)` + regexp.QuoteMeta(p.Name) + `(\*\*:)? +` + regexp.QuoteMeta(v) + `$`)
			if !line.MatchString(out) {
				t.Errorf("%s sheet: no line names column %s as %q", f, p.Name, v)
			}
		}
	}
}
