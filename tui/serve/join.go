package serve

import (
	"net"
	"strings"

	"github.com/breakerlab/breakerlab/tui/internal/playback"
	"github.com/breakerlab/breakerlab/tui/present"
	"github.com/charmbracelet/x/ansi"
)

// How students join: the teacher's screen keeps one line at its foot that
// says the command to type (the port the server really listens on, a
// student's own name, and this machine's address when it listens beyond
// loopback), the sign-in rule and what keeps each student's progress apart,
// in words, while the class runs. The server works it out once, when it
// starts serving (Serve), and the room hands it to every presenter.

// NamePlaceholder stands in the join command for the name each student
// types: without a name of their own, students who share a login (or
// paste the command) would share one progress record (studentID).
const NamePlaceholder = "YOUR-NAME"

// Join is how students reach the class.
type Join struct {
	Host string // the address to type: the listening one, or this machine's
	Port string
	// Local says the server listens on loopback: only this machine can
	// connect.
	Local bool
	// Access is the sign-in rule in words; it never holds the password.
	Access string
	// Progress says, in words, what keeps a student's progress apart:
	// the name, or the key they sign in with (studentID).
	Progress string
}

// Command is what a student types: ssh -p PORT YOUR-NAME@ADDRESS.
func (j Join) Command() string {
	return "ssh -p " + j.Port + " " + NamePlaceholder + "@" + j.Host
}

// JoinFor is how students reach the server listening at addr: the
// listening address itself when it is one, else (every interface) this
// machine's first address that other machines can reach.
func (s *Server) JoinFor(addr net.Addr) Join {
	host, port, err := net.SplitHostPort(addr.String())
	access, progress := s.accessRule()
	if err != nil {
		return Join{Host: "HOST", Port: "2222", Access: access, Progress: progress}
	}
	var ifaces []net.Addr
	if ip := net.ParseIP(host); ip != nil && ip.IsUnspecified() {
		ifaces, _ = net.InterfaceAddrs() // none found: the host says so
	}
	h, local := joinHost(host, ifaces)
	return Join{Host: h, Port: port, Local: local, Access: access, Progress: progress}
}

// joinHost is the address students type for a server listening on host:
// host itself when it names one address; for every interface (0.0.0.0,
// ::), the first of ifaces that another machine can reach, an IPv4 one
// first. local is true for loopback.
func joinHost(host string, ifaces []net.Addr) (addr string, local bool) {
	if host == "localhost" {
		return host, true
	}
	ip := net.ParseIP(host)
	switch {
	case ip == nil && host != "":
		return host, false // a name: students type the same
	case ip != nil && ip.IsLoopback():
		return host, true
	case ip != nil && !ip.IsUnspecified():
		return host, false
	}
	var v6 string
	for _, a := range ifaces {
		n, ok := a.(*net.IPNet)
		if !ok || !n.IP.IsGlobalUnicast() {
			continue // loopback, link-local, multicast
		}
		if v4 := n.IP.To4(); v4 != nil {
			return v4.String(), false
		}
		if v6 == "" {
			v6 = n.IP.String()
		}
	}
	if v6 != "" {
		return v6, false
	}
	return "THIS-MACHINE'S-ADDRESS", false
}

// accessRule is the sign-in rule as a student needs it, and what keeps
// their progress apart. A student signed in with a key is known by the
// key, else by the name (studentID); keyAllowed says which keys get in by
// themselves: the listed ones, or any on an open server, none but the
// teacher's on a password-only one. With the password, a name is bound to
// the key that first signed in with it beside the password (names.go).
func (s *Server) accessRule() (access, progress string) {
	keys, pw := len(s.cfg.AuthorizedKeys) > 0, len(s.cfg.Password) > 0
	switch {
	case keys && pw:
		return "a listed SSH key or the class password", "progress per key, or per name with the password (a name first used with a key is that key's)"
	case keys:
		return "your SSH key (listed keys only)", "progress per key"
	case pw:
		return "class password", "progress per name (a name first used with an SSH key is that key's)"
	}
	return "no password", "progress per key, or per name without one"
}

// SetJoin records how students join; presenters are signalled.
func (r *Room) SetJoin(j Join) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.join = &j
	r.notifyLocked(true)
}

// Joining is how students join, and whether the server has said yet.
func (r *Room) Joining() (Join, bool) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.join == nil {
		return Join{}, false
	}
	return *r.join, true
}

// joinRows is the lines the join line takes on a screen h rows high: one
// on a presenter's screen once the server has said how to join, when the
// screen is tall and wide enough to spare it. The sandbox and the shard
// view need playback's least height (24 rows): in a terminal of exactly
// that, the line took their last row, and a teacher in the usual 80×24
// window read "needs a window of at least 80×24; this one is 80×23" where
// the class's sandbox was to be; there the line gives its row back.
func (s *Session) joinRows(w, h int) int {
	if !s.teacher || h < 8 || w < 30 {
		return 0
	}
	if _, ok := s.room.Joining(); !ok {
		return 0
	}
	if playback.TooSmall(w, h-1) && !playback.TooSmall(w, h) && (s.home.InSandbox() || s.home.InShardView()) {
		return 0
	}
	return 1
}

// askKeyShort is ctrl+a's hint where "ctrl+a asks the room" does not fit.
const askKeyShort = askKey + " poll"

// joinView is the join line at width w: the command first, then the
// sign-in rule, what keeps progress apart and the room's keys (ctrl+a,
// ctrl+p), the progress left out first when it does not fit, then the
// rule.
func (s *Session) joinView(w int) string {
	j, ok := s.room.Joining()
	if !ok {
		return ""
	}
	th := s.th
	if s.present {
		th = s.pth
	}
	where := ""
	if j.Local {
		where = " (this machine only)"
	}
	cmd := j.Command()
	// The longest that fits: the command always; then the room's keys,
	// the teacher's only reminder of ctrl+a, and the sign-in rule, before
	// what keeps progress apart; a shorter lead and shorter words for
	// the keys before dropping the rule, and no lead before cutting the
	// command.
	type form struct{ lead, rest string }
	long, short := " Students join: ", " join: "
	part := func(words string) string {
		if words == "" {
			return ""
		}
		return " · " + words
	}
	access, progress := part(j.Access), part(j.Progress)
	keysFull := part(askKey + " asks the room · " + present.Key + " projector")
	// The short form is a whole hint, as "ctrl+p projector" is, no wider
	// than the "ctrl+a asks" it replaces: that one, at 80 columns on
	// loopback, read as cut off mid-sentence.
	keysMid, keysShort := part(askKey+" asks the room"), part(askKeyShort)
	if !s.canAsk() {
		// ctrl+a is named where it asks: on the home screen it opened a
		// page saying nothing could be asked, and during a poll it did
		// nothing new.
		keysFull, keysMid, keysShort = part(present.Key+" projector"), "", ""
	}
	forms := []form{
		{long, access + progress + keysFull + part(rollKey+" who is here")},
		{long, access + progress + keysFull},
		{long, access + progress + keysMid},
		{long, access + keysFull},
		{long, access + keysMid},
		{short, access + keysMid},
		{short, access + keysShort},
		{long, keysMid},
		{short, keysMid},
		{short, keysShort},
		{long, access},
		{short, access},
		{long, ""},
		{short, ""},
		{" ", ""},
	}
	f := forms[len(forms)-1]
	for _, c := range forms {
		if ansi.StringWidth(c.lead+cmd+where+c.rest) <= w {
			f = c
			break
		}
	}
	line := th.Dim.Render(f.lead) + th.Key.Render(cmd) + th.Dim.Render(where+f.rest)
	if ansi.StringWidth(line) > w {
		line = ansi.Truncate(line, w, "…")
	}
	return line + strings.Repeat(" ", max(w-ansi.StringWidth(line), 0))
}
