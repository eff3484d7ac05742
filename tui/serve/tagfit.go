package serve

import (
	"strings"

	"github.com/breakerlab/breakerlab/tui/sandbox"
	"github.com/charmbracelet/x/ansi"
)

// The room's tag shares the top line with the screen's title, and on a
// sandbox that line holds the variant tabs: the variant playing is what a
// follower most needs to see. So on a sandbox the tag is the fullest of
// its forms that leaves the whole tab bar room (sandbox.TitleNeeds), else
// its shortest, and the sandbox lays its tabs out in the cells the tag
// leaves (sandbox.ReserveTitle): nothing of the bar is drawn under it.
// The room's lesson player does the same with its title
// (lessonui.Picker.ReserveTitle).

// tag is what the top line says about the room: the form of tagForms that
// fits beside the screen's title, "" when there is nothing to say. Beside
// another screen's title it is the fullest form that fits the window at
// all (the title gives way to it): the fullest cut to fit lost its end
// mid-word, "F explor" at 60 columns.
//
// In presentation mode every form says so first: on a screen without a
// key number (the menu, the drill) presentation mode draws the screen as
// it is, and the teacher's ctrl+p there changed nothing the tag said.
func (s *Session) tag() string { return s.tagBeside(true) }

// tagBeside is tag, leaving the home menu's top line room for its marker
// of the lines scrolled above when marker is true; View asks for the tag
// without it over a menu whose top line it sees blank, not scrolled,
// where the teacher's fullest tag fits 80 columns.
func (s *Session) tagBeside(marker bool) string {
	forms := s.shownTagForms()
	if len(forms) == 0 {
		return ""
	}
	room := s.w
	// A question's page or the quit question drawn instead of the room's
	// screen has no title of its own beside the tag: fitted to the moment
	// or the sandbox behind it, the teacher's tag over a poll in
	// presentation mode lost its counts of who explores and who is on home.
	screenDrawn := !s.confirmQuit && s.questionPage() == nil
	mo, drawnAsMoment := s.moment()
	drawnAsMoment = drawnAsMoment && s.present && screenDrawn
	switch sb, ok := s.sandboxShown(); {
	case drawnAsMoment:
		// The moment's title (present.View's top line, " Lesson 1 ·
		// step 2 of 9 · Little's law") is what the room reads first:
		// the tag takes the fullest form that leaves it whole, where
		// the longer tags of presentation mode had cut it to "Lesson 1
		// · step 2 of 9 ·".
		room -= 1 + ansi.StringWidth(mo.Title)
		// A lesson's moment title says the step ("step 2 of 9"): the
		// tag's " · step 2/9" said it again, in the cells that had held
		// the teacher's counts of who explores and who is on home, and
		// the follower's "following".
		if step := s.lessonStep(); step != "" && strings.Contains(mo.Title, " · step ") {
			for i, f := range forms {
				forms[i] = strings.Replace(f, step, "", 1)
			}
		}
	case marker && s.mode == onHome && screenDrawn && s.home.OnMenu():
		// The menu's top line is the marker of the lines above once it
		// scrolls: the tag leaves it its shortest form, where the fullest
		// tag that fit 40 columns covered it whole (ReserveMenuTop).
		room -= s.home.MenuTopNeeds()
	case ok && screenDrawn:
		// A sandbox drawn as it is, presentation mode or not (its
		// prompt, its leave question, its knob form have no moment):
		// the tag leaves the tab bar its room. Presentation mode's tag
		// taking the whole line left the sandbox's title "[1 one shared
		// pool of 200 threads] ›", without its scenario or the other
		// variants.
		room -= sb.TitleNeeds()
	}
	for _, f := range forms {
		if tagWidth(f) <= room {
			return f
		}
	}
	return forms[len(forms)-1]
}

// shownTagForms are the forms tag chooses from: tagForms, in presentation
// mode led by its words.
func (s *Session) shownTagForms() []string {
	if s.present {
		return presentingForms(s.tagForms())
	}
	return s.tagForms()
}

// tagWidth is the cells a tag covers, with the space either side that
// withTag adds.
func tagWidth(tag string) int {
	if tag == "" {
		return 0
	}
	return ansi.StringWidth(tag) + 2
}

// sandboxShown is the sandbox on screen, the room's or the home screen's,
// if a sandbox is what the session shows.
func (s *Session) sandboxShown() (sandbox.Model, bool) {
	switch {
	case s.mode == following && s.shown == NoScreen:
		return sandbox.Model{}, false
	case s.mode != onHome && s.shown == SandboxScreen && s.haveRS:
		return s.rs, true
	case s.mode == onHome:
		return s.home.Sandbox()
	}
	return sandbox.Model{}, false
}

// fitTitle has the sandbox on screen keep the top line's right end for
// the tag, and the sandboxes not on screen the whole line: called after
// every message, as any of them may change the tag, the variant or the
// size.
func (s *Session) fitTitle() {
	room, home := 0, 0
	if _, ok := s.sandboxShown(); ok && s.mode == onHome {
		home = tagWidth(s.tag())
	} else if ok {
		room = tagWidth(s.tag())
	}
	if s.haveRS {
		s.rs = s.rs.ReserveTitle(room)
	}
	s.home = s.home.ReserveSandboxTitle(home)
	homeLesson := 0
	if _, ok := s.home.Lessons(); ok && s.mode == onHome {
		homeLesson = tagWidth(s.tag())
	}
	s.home = s.home.ReserveLessonTitle(homeLesson)
	menuTop := 0
	if s.mode == onHome && s.home.OnMenu() {
		menuTop = tagWidth(s.tag())
	}
	s.home = s.home.ReserveMenuTop(menuTop)
	if s.haveRL {
		// The room's lesson player shortens its title at a word, with
		// its "…", in the cells the tag leaves: the tag drawn over a
		// title of the whole width cut it at a word with no "…", as if
		// "One slow dependency takes" were the whole of it.
		lesson := 0
		if s.mode != onHome && s.shown == LessonScreen {
			lesson = tagWidth(s.tag())
		}
		s.rl = s.rl.ReserveTitle(lesson)
	}
}

// presentationWords say on the tag that presentation mode is on.
const presentationWords = "presentation mode"

// presentingForms are a tag's forms in presentation mode: each led by
// presentationWords, then those words alone, the shortest.
func presentingForms(forms []string) []string {
	out := make([]string, 0, len(forms)+1)
	for _, f := range forms {
		out = append(out, presentationWords+" · "+f)
	}
	return append(out, presentationWords)
}

// looseSeparators part a title's fields: "Lesson 1 · step 2 of 9",
// "breakerlab › sandbox". Left at the end of a cut title they point at
// what was cut away.
var looseSeparators = []string{"·", "›", "•", "|", "/", "—", "–", "-"}

// looseEnd is a cut title without what its end may hold that says nothing
// without the words cut after it: trailing spaces, a separator standing
// alone ("Lesson 1 ·"), or a comma, colon or semicolon.
func looseEnd(s string) string {
	for {
		t := strings.TrimRight(s, " ,;:")
		for _, sep := range looseSeparators {
			if u, ok := strings.CutSuffix(t, " "+sep); ok {
				t = u
				break
			}
		}
		if t == s {
			return s
		}
		s = t
	}
}
