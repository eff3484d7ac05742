package drill

import (
	"strings"
	"testing"

	"github.com/breakerlab/breakerlab/lessons"
)

// A figure the library has since changed is only true with its version:
// the mock interview's retry point once said "AWS: 100 retries an outage",
// aws-sdk-go-v2's price before v1.48.0, and an interviewee memorised it.
func TestCheckEra(t *testing.T) {
	for _, tc := range []struct {
		text string
		bad  bool
	}{
		{"a retry budget against storms (AWS: {{fact aws.retry.outage_retries}} retries an outage)", true},
		{"AWS charges {{fact aws.retry.timeout_cost}} after a timeout", true},
		{"aws-sdk-js-v3 charges {{fact aws.retry.js.transient_cost}} after any transient error", true},
		{"AWS before v1.48.0: {{fact aws.retry.outage_retries}} retries an outage", false},
		{"AWS SDKs since 2026: {{fact aws.retry.v2026.outage_retries}} retries an outage", false},
		{"AWS's quota starts full at {{fact aws.retry.capacity}} tokens", false},
	} {
		err := checkEra(tc.text)
		if (err != nil) != tc.bad {
			t.Errorf("checkEra(%q) = %v, want an error: %v", tc.text, err, tc.bad)
		}
		if err != nil && !strings.Contains(err.Error(), "v1.48.0") {
			t.Errorf("checkEra(%q) = %v: the message should name the version to write", tc.text, err)
		}
	}
	// Every rubric point, card and sheet row passes through it.
	if err := checkLibraryQuotes("AWS: {{fact aws.retry.outage_retries}} retries an outage"); err == nil {
		t.Error("checkLibraryQuotes let a superseded AWS figure through without its version")
	}
	sh := &Sheet{Sections: []Section{{Title: "Retries", Rows: []Row{{
		Label: "retry budget",
		Text:  "AWS: {{fact aws.retry.outage_retries}} retries an outage",
	}}}}}
	if _, err := sh.Check(lessons.NewLab()); err == nil || !strings.Contains(err.Error(), "v1.48.0") {
		t.Errorf("a sheet row quoting a superseded figure bare: %v, want the era named", err)
	}
}
