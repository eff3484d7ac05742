package main

import (
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"github.com/breakerlab/breakerlab/lessons/drill"
)

// historyFlag is `interview --history`: alone it lists the saved
// interviews; with one's number or id (--history 3, the argument after
// it, or --history=3) it prints that one. A switch to the flag package,
// so that --history needs no value.
type historyFlag struct {
	on  bool
	key string // the interview asked for, "" for the list
}

func (h *historyFlag) String() string   { return "" }
func (h *historyFlag) IsBoolFlag() bool { return true }
func (h *historyFlag) OptionalValue()   {} // --history -1 is its value (negativeValuesJoined)

func (h *historyFlag) Set(s string) error {
	switch s {
	case "true":
		h.on, h.key = true, ""
	case "false":
		h.on, h.key = false, ""
	default:
		h.on, h.key = true, s
	}
	return nil
}

// savedInterviews reads the interviews saved in the progress directory.
func savedInterviews() (drill.InterviewHistory, error) {
	dir, err := drill.DefaultDir()
	if err != nil {
		return drill.InterviewHistory{}, fmt.Errorf("%w; no interview can have been saved", err)
	}
	return drill.LoadInterviews(dir)
}

// savedInterviewIDs are the ids of the saved interviews, oldest first, for
// completing --history; none when nothing reads.
func savedInterviewIDs() []string {
	h, err := savedInterviews()
	if err != nil {
		return nil
	}
	var ids []string
	for _, iv := range h.Interviews {
		ids = append(ids, iv.ID)
	}
	return ids
}

// runHistory is `interview --history [N|ID]`: the list, or one interview.
// The list names on stderr the files that do not read as interviews, and
// shows the rest; one that is asked for says why it does not read.
// Nothing saved to show is an error that says so.
func runHistory(stdout, stderr io.Writer, key string) error {
	h, err := savedInterviews()
	if err != nil {
		return err
	}
	if key == "" {
		for _, b := range h.Bad {
			fmt.Fprintf(stderr, "breakerlab interview: skipped %v\n", b)
		}
		if len(h.Interviews) == 0 {
			if len(h.Bad) > 0 {
				return fmt.Errorf("no saved interview in %s reads back", h.Dir)
			}
			fmt.Fprintf(stdout, "No interview is saved in %s yet: the rubric's enter saves one (breakerlab interview).\n", h.Dir)
			return nil
		}
		printHistory(stdout, h)
		return nil
	}
	if n, err := strconv.Atoi(strings.TrimSpace(key)); err == nil && n < 1 {
		// Worded as every flag that takes a number words one out of its
		// range, with the numbers there are.
		if len(h.Interviews) == 0 {
			_, _, none := h.Find(key) // nothing saved, or nothing that reads
			return flagUsagef("--history must be 1 or more, got %d; %v", n, none)
		}
		return flagUsagef("--history must be 1 or more, got %d: the saved interviews are numbered 1 to %d, oldest first", n, len(h.Interviews))
	}
	n, iv, err := h.Find(key)
	if err != nil {
		return usagef("--history: %v", err)
	}
	printSavedInterview(stdout, iv, n, len(h.Interviews))
	return nil
}

// printHistory lists the saved interviews, oldest first, one a line: the
// number that shows one, when it started, the prompt, the time used of
// the time allowed, and the points the candidate marked said.
func printHistory(w io.Writer, h drill.InterviewHistory) {
	fmt.Fprintf(w, "Saved interviews, oldest first, in\n  %s\n\n", h.Dir)
	fmt.Fprintf(w, "%4s  %-16s  %-17s  %-13s  %s\n", "#", "started", "prompt", "time used", "points said")
	for i, iv := range h.Interviews {
		fmt.Fprintf(w, "%4d  %-16s  %-17s  %-13s  %d of %d\n", i+1, iv.Started.Local().Format("2006-01-02 15:04"), iv.Prompt,
			clockText(iv.Used)+" of "+clockText(iv.Allowed), iv.Said, iv.Possible)
	}
	var b strings.Builder
	last := h.Interviews[len(h.Interviews)-1]
	wrap(&b, "", "", fmt.Sprintf("`breakerlab interview --history N` shows interview N: the prompt, the answer as typed and the rubric as marked. "+
		"Its id, the name of its file, names it too (%s).", last.ID), 80)
	fmt.Fprintf(w, "\n%s", b.String())
}

// printSavedInterview prints one saved interview, in 80 columns: the
// prompt, the answer as it was typed, and the rubric with the points the
// candidate marked said.
func printSavedInterview(w io.Writer, iv drill.SavedInterview, n, of int) {
	var b strings.Builder
	title := iv.Title
	if title == "" {
		title = iv.Prompt
	}
	fmt.Fprintf(&b, "Interview %d of %d: %s (%s)\n", n, of, title, iv.Prompt)
	fmt.Fprintf(&b, "Started %s; %s used of %s; %d of %d points said.\n", iv.Started.Local().Format("2006-01-02 15:04"),
		clockText(iv.Used), clockText(iv.Allowed), iv.Said, iv.Possible)
	fmt.Fprintf(&b, "Saved in\n  %s\n", iv.Path)

	b.WriteString("\nThe prompt\n")
	text, note := iv.Text, ""
	if text == "" {
		// Saved before the file kept the prompt's text: today's text of
		// the same prompt, said to be so.
		if p, err := drill.PromptNamed(iv.Prompt); err == nil {
			text, note = p.Text, "(as the prompt reads today: this interview was saved without its text)"
		} else {
			note = fmt.Sprintf("(the file keeps no text of the prompt, and %q is not a prompt any more)", iv.Prompt)
		}
	}
	if text != "" {
		wrap(&b, "  ", "  ", text, 80)
	}
	if note != "" {
		wrap(&b, "  ", "  ", note, 80)
	}

	b.WriteString("\nThe answer, as typed\n")
	if strings.TrimSpace(iv.Answer) == "" {
		b.WriteString("  (nothing was written)\n")
	} else {
		writeAnswer(&b, iv.Answer, 80)
	}

	fmt.Fprintf(&b, "\nThe rubric: %d of %d said\n", iv.Said, iv.Possible)
	for i, p := range iv.Points {
		box, hint := "[ ]", " "
		if p.Said {
			box = "[x]"
		}
		if p.Hinted {
			hint = "✱"
		}
		lead := fmt.Sprintf("  %s %s %2d. ", box, hint, i+1)
		pad := strings.Repeat(" ", len([]rune(lead)))
		wrap(&b, lead, pad, p.Text, 80)
		// Harmful advice the answer gives against the point, and why:
		// saved with the interview (drill.GradeRubric).
		for _, w := range p.Warnings {
			wrap(&b, pad+"⚠ ", pad+"  ", w, 80)
		}
	}
	b.WriteString("\n")
	legend := "[x] marked said, [ ] not said; ✱ the answer used the point's words: a hint, not a grade."
	for _, p := range iv.Points {
		if len(p.Warnings) > 0 {
			legend += " ⚠ harmful advice the answer gives against the point, and why."
			break
		}
	}
	wrap(&b, "", "", legend, 80)
	io.WriteString(w, b.String())
}

// writeAnswer writes the answer as the candidate typed it, its lines and
// blank lines where they were, each indented as the prompt is and wrapped
// to width like the rest of the page; a line typed indented (a list)
// keeps its indent on the lines it wraps onto.
func writeAnswer(b *strings.Builder, answer string, width int) {
	for _, line := range strings.Split(strings.TrimRight(answer, "\n"), "\n") {
		line = strings.TrimRight(line, " \t\r")
		if line == "" {
			b.WriteString("\n")
			continue
		}
		rest := strings.TrimLeft(line, " \t")
		lead := "  " + strings.ReplaceAll(line[:len(line)-len(rest)], "\t", "    ")
		wrap(b, lead, lead, rest, width)
	}
}

// clockText is a duration as the interview's clock shows it: 6:12.
func clockText(d time.Duration) string {
	s := int(d.Round(time.Second).Seconds())
	return fmt.Sprintf("%d:%02d", s/60, s%60)
}
