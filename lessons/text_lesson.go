package lessons

import "fmt"

// A text outside a lesson sometimes quotes a lesson's own run: the cheat
// sheet's bulkhead row quotes the refusals lesson 3 shows with its
// overrides, which no named run (SCENARIO/VARIANT) can reproduce.
// FillLessonText and CheckLessonClaim evaluate such a text as the lesson's
// recap is evaluated: stepN names step N's simulation, with its overrides
// and the lesson's seed, and SCENARIO/VARIANT runs use the lesson's seed.

// FillLessonText fills the placeholders of a text named name that quotes
// lesson l's runs (stepN, or named runs at the lesson's seed).
func (l *Lab) FillLessonText(lesson *Lesson, name, text string) (string, error) {
	ctx := &evalCtx{lab: l, lesson: lesson, seed: lesson.Seed}
	return fill(ctx, text, 0, false, "text", func(_ int, _ string, err error) error {
		return fmt.Errorf("%s: %w", name, err)
	})
}

// CheckLessonClaim evaluates a claim of a text that quotes lesson l's runs,
// as CheckClaim does for a text that names its runs.
func (l *Lab) CheckLessonClaim(lesson *Lesson, name, claim string) (ClaimResult, error) {
	return checkClaimIn(&evalCtx{lab: l, lesson: lesson, seed: lesson.Seed}, name, claim)
}

// checkClaimIn is CheckClaim against any context.
func checkClaimIn(ctx *evalCtx, name, claim string) (ClaimResult, error) {
	c, err := ParseClaim(claim)
	if err != nil {
		return ClaimResult{}, fmt.Errorf("%s: claim %q: %w", name, claim, err)
	}
	r, err := evalClaim(ctx, c)
	if err != nil {
		return ClaimResult{}, fmt.Errorf("%s: %w", name, err)
	}
	return r, nil
}
