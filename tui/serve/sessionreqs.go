package serve

import (
	gossh "golang.org/x/crypto/ssh"
)

// A session channel's requests pass through boundRequests before the
// SSH library (charmbracelet/ssh session.go, handleRequests) sees them,
// for its ways that a client could turn against the server, and one yes
// it should not say:
//
//   - It keeps every "env" request sent before the shell, without limit:
//     one client signing in sent 286 MB of them in under three seconds.
//     Past maxEnvVars variables or maxEnvBytes bytes they are refused.
//   - It hands each "window-change" to a channel of one place that nothing
//     reads before the session's handler runs (and, for a session the
//     handler refuses, nothing reads at all), and waits there: a window
//     resized between the PTY request and the shell held the session's
//     requests forever, its shell unanswered, the session never ending
//     with its connection. Before the shell (or command) is asked for,
//     the latest size is kept here and passed on just after it; the
//     handler reads the sizes from then on (session.go, drainSizes).
//   - It says yes to agent forwarding (auth-agent-req@openssh.com), which
//     nothing here uses: a student checking what the server accepts read
//     that their agent was forwarded to it. It is refused, and logged with
//     the other forwarding.

// maxEnvVars is as many environment variables as a session may set, as
// OpenSSH's sshd allows (session.c, session_env_req).
const maxEnvVars = 128

// maxEnvBytes bounds the names and values of a session's environment
// together. The program reads a few short ones (TERM, LANG and LC_*,
// NO_COLOR, COLORFGBG, BREAKERLAB_THEME, ...).
const maxEnvBytes = 64 << 10

// agentRequest asks for the client's SSH agent to be forwarded.
const agentRequest = "auth-agent-req@openssh.com"

// boundedChannel is a session channel whose requests boundRequests
// filters; refused hears each request refused as forwarding.
type boundedChannel struct {
	gossh.NewChannel
	refused func(reqType string)
}

func (c boundedChannel) Accept() (gossh.Channel, <-chan *gossh.Request, error) {
	ch, reqs, err := c.NewChannel.Accept()
	if err != nil {
		return ch, reqs, err
	}
	out := make(chan *gossh.Request)
	go boundRequests(reqs, out, c.refused)
	return ch, out, nil
}

// boundRequests passes reqs on to out, refusing the environment past its
// bounds and agent forwarding, and holding window sizes back until the
// shell, and closes out when reqs ends.
func boundRequests(reqs <-chan *gossh.Request, out chan<- *gossh.Request, refused func(reqType string)) {
	defer close(out)
	envVars, envBytes := 0, 0
	pty, started := false, false
	var heldSize *gossh.Request // the latest window-change before the shell
	for req := range reqs {
		switch req.Type {
		case "env":
			// Its payload is the name and the value, each behind a
			// 4-byte length: its size is what the library keeps, near
			// enough.
			if envVars >= maxEnvVars || envBytes+len(req.Payload) > maxEnvBytes {
				_ = req.Reply(false, nil)
				continue
			}
			envVars++
			envBytes += len(req.Payload)
		case agentRequest:
			refused(req.Type)
			_ = req.Reply(false, nil)
			continue
		case "pty-req":
			pty = true
		case "window-change":
			if pty && !started {
				// window-change asks for no reply (RFC 4254, 6.7).
				heldSize = req
				continue
			}
		case "shell", "exec":
			// The handler runs for either (sessionRequest refuses only
			// subsystems), and reads the sizes from then on.
			if !started {
				started = true
				out <- req
				if heldSize != nil {
					out <- heldSize
					heldSize = nil
				}
				continue
			}
		}
		out <- req
	}
}
