package drill

import (
	"encoding/json"
	"os"
	"strings"
	"testing"
	"time"
)

func TestPromptsCoverTheReferencesPlaces(t *testing.T) {
	ps := Prompts()
	if len(ps) < 6 {
		t.Fatalf("%d prompts", len(ps))
	}
	for _, id := range []string{"api-gateway", "notifications", "e-commerce", "slow-apis", "payment-checkout", "search-ranking"} {
		p, err := PromptNamed(id)
		if err != nil {
			t.Fatal(err)
		}
		if len(p.Points) <= len(common) || p.Text == "" || p.Scenario == "" {
			t.Errorf("%s: %d points", id, len(p.Points))
		}
	}
	if _, err := PromptNamed("gateway"); err == nil || !strings.Contains(err.Error(), "api-gateway, notifications") {
		t.Fatalf("an unknown prompt: %v", err)
	}
}

func TestHintsFindKeywordsAtWordStarts(t *testing.T) {
	p, _ := PromptNamed("payment-checkout")
	answer := "Set a Timeout of 500 ms from the p99. Retrying is budgeted. No accost here. Orders stay PENDING."
	said, spans := Hints(p, answer)
	byID := map[string]bool{}
	for i, pt := range p.Points {
		byID[pt.ID] = said[i]
	}
	for id, want := range map[string]bool{"timeout": true, "retry": true, "trade-off": false, "pending": true, "bulkhead": false} {
		if byID[id] != want {
			t.Errorf("%s: said %v, want %v", id, byID[id], want)
		}
	}
	var words []string
	for _, s := range spans {
		words = append(words, strings.ToLower(answer[s.Start:s.End]))
	}
	got := strings.Join(words, "|")
	if got != "timeout|p99|retry|budget|pending" {
		t.Errorf("highlighted %q, want the keywords alone", got)
	}
	if !strings.Contains(got, "timeout") || !strings.Contains(got, "p99") || strings.Contains(got, "cost") {
		t.Fatalf("highlighted %q", got)
	}
	for i := 1; i < len(spans); i++ {
		if spans[i].Start < spans[i-1].End {
			t.Fatalf("spans overlap: %v", spans)
		}
	}
}

func TestSaveInterview(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(dir+"/drill.json", []byte("keep"), 0o644)
	iv := Interview{Prompt: "api-gateway", Title: "An API gateway", Started: t0, Allowed: 10 * time.Minute, Used: 7 * time.Minute,
		Answer: "a timeout", Points: []GradedPoint{{ID: "timeout", Said: true, Hinted: true}, {ID: "bulkhead"}}}
	path, err := SaveInterview(dir, iv)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasSuffix(path, "interviews/20261130T140000Z-api-gateway.json") {
		t.Fatalf("saved to %s", path)
	}
	var back Interview
	b, _ := os.ReadFile(path)
	if err := json.Unmarshal(b, &back); err != nil || back.Said != 1 || back.Possible != 2 || back.Answer != "a timeout" {
		t.Fatalf("read back %+v (%v)", back, err)
	}
	if b, _ := os.ReadFile(dir + "/drill.json"); string(b) != "keep" {
		t.Fatal("saving an interview touched the schedule")
	}
}
