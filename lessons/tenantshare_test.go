package lessons

import (
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/engine/report"
)

// A tenant's share prints as the tenants pane writes it (report.
// PercentShort), the pane the lesson player shows beside the text: "63%",
// where one decimal read "62.9%" beside the pane's "63%". "| pct" still
// gives the decimal; "== 63%" holds against the share the text prints as
// 63%; and a guess at a tenant's share prints in the answer's form.
func TestTenantSharePrintsAsThePane(t *testing.T) {
	prepare := func(claim string) *Prepared {
		t.Helper()
		src := "+++\ntitle = \"T\"\nsummary = \"S\"\n+++\n+++ step\ntitle = \"a\"\nscenario = \"noisy-tenant\"\nvariant = 0\n" +
			"expect = [\"" + claim + "\"]\n[predict]\nprompt = \"How much of globex's?\"\nanswer = \"tenant-share step globex ok\"\ntolerance = \"5%\"\n" +
			"+++\n{{tenant-share step globex ok}} | {{tenant-share step globex ok | pct}}\n"
		return prepareSource(t, "t.md", src)
	}
	p := prepare("tenant-share step globex ok > 0")
	share := p.Steps[0].Claims[0].Got.F
	pane, decimal := report.PercentShort(share), report.Percent1(share)
	if strings.TrimSuffix(pane, "%")+".0%" == decimal {
		t.Fatalf("globex's share %v prints alike at both precisions (%s, %s): pick a run where they differ", share, pane, decimal)
	}
	if got, want := strings.TrimSpace(p.Steps[0].Text), pane+" | "+decimal; got != want {
		t.Errorf("text %q, want %q: the default as the pane writes it, | pct with one decimal", got, want)
	}
	if q := p.Steps[0].Predict; q.AnswerText != pane || q.FormatGuess(0.6) != "60%" {
		t.Errorf("the answer prints %q and a guess of 0.6 %q, want %q and \"60%%\"", q.AnswerText, q.FormatGuess(0.6), pane)
	}
	if err := prepare("tenant-share step globex ok == " + pane).Verify(); err != nil {
		t.Errorf("the share the text prints as %s is not == %s: %v", pane, pane, err)
	}
}
