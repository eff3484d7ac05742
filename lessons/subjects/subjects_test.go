package subjects

import "testing"

// TestEverySubjectCatchesWhatWasSaidAndSparesWhatIsRight is what keeps the
// scanner from being a test that cannot fail: each subject must flag the
// sentences texts once said, and pass the right ones.
func TestEverySubjectCatchesWhatWasSaidAndSparesWhatIsRight(t *testing.T) {
	for i := range All {
		s := &All[i]
		if len(s.Caught) == 0 {
			t.Errorf("%s: no sentence it must catch, so nothing shows it can fail", s.Name)
		}
		for _, c := range s.Caught {
			if !flags(c, s) {
				t.Errorf("%s does not catch %q", s.Name, c)
			}
		}
		for _, f := range s.Fine {
			if flags(f, s) {
				t.Errorf("%s flags the right sentence %q", s.Name, f)
			}
		}
		if s.Lesson == "" || (s.Claim == "" && s.Phrase == "") {
			t.Errorf("%s names no lesson claim or phrase that settles it", s.Name)
		}
	}
}

func flags(text string, s *Subject) bool {
	for _, c := range Contradictions(text) {
		if c.Subject == s {
			return true
		}
	}
	return false
}

// A text wrapped to columns, as the cheat sheet prints its rows, keeps the
// words a subject requires even where a line break and padding split them.
func TestRequiresReadsAWrappedText(t *testing.T) {
	wrapped := "AWS retry quota  starts full at 500 tokens, never holds more; a retry pays 5 and gets exactly that\n                  back if it succeeds"
	for _, c := range Contradictions(wrapped) {
		if c.Subject.Name == "aws-quota" {
			t.Errorf("aws-quota flags a wrapped row that says the refund: %q", c.Sentence)
		}
	}
}
