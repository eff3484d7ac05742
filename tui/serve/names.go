package serve

import (
	"encoding/base64"
	"encoding/hex"
	"errors"
	"sync"

	"github.com/charmbracelet/ssh"
	gossh "golang.org/x/crypto/ssh"
)

// With a class password, a student's progress is kept under the name they
// type (studentID), and everyone in the class knows the password: any of
// them could type another's name and open, and overwrite, their lessons,
// drill and interviews (qa4 finding 8). So a name is bound, for the
// server's lifetime, to the SSH key that first signed in with it. A
// client offering a key that is neither the teacher's nor a listed one
// proves it holds the key, then types the class password (x/crypto/ssh's
// partial success, which OpenSSH's client follows as it does a server's
// AuthenticationMethods publickey,password); the first session of a name
// binds it to that key, and later sessions of the name need the same key.
// What does not hold: a name first used by a client that offered no key
// is bound to nothing, and anyone with the password may use it; a server
// started again binds each name anew, to the first to use it, the
// progress saved under it included. --authorized-keys keeps progress per
// key instead, whatever name is typed.

// nameKeyExt is the permissions' extension that carries, from the sign-in
// to the session, the fingerprint of the key a name signed in with beside
// the class password.
const nameKeyExt = "breakerlab/name-key"

// charmKeyExt is the extension charmbracelet/ssh reads, once the sign-in
// is over, as the session's public key (ssh.Session.PublicKey; its
// server.go, permissionsPublicKeyExt): a key that signs in by itself sets
// it, as the library's own handler would.
const charmKeyExt = "gliderlabs/ssh.PublicKey"

// maxNames bounds the names a server binds: past it a new name is bound
// to nothing. Each session of a new name is a connection the per-address
// limits count.
const maxNames = 10000

// names holds which key each name is bound to.
type names struct {
	mu    sync.Mutex
	owner map[string]string // studentID → key fingerprint, "" for none
}

// check reports whether a sign-in as id with the key fp ("" for none) may
// have the name, and its key when it is bound to another; bind binds the
// name to fp when it has none yet.
func (n *names) check(id, fp string, bind bool) (owner string, ok bool) {
	n.mu.Lock()
	defer n.mu.Unlock()
	owner, known := n.owner[id]
	switch {
	case known:
		return owner, owner == "" || owner == fp
	case bind && len(n.owner) < maxNames:
		if n.owner == nil {
			n.owner = map[string]string{}
		}
		n.owner[id] = fp
	}
	return "", true
}

// errNameTaken refuses a key, or a session, for a name bound to another.
var errNameTaken = errors.New("the name is bound to another key")

// keyThenPassword is the SSH configuration of a server with a class
// password (charmbracelet/ssh's ServerConfigCallback: its own public key
// handler would take the key's yes or no only). The teacher's keys and
// the listed ones sign in by themselves; any other key is half of a
// sign-in, the class password the other half, and a key that a name is not
// bound to is refused (the client then offers its next, or the password
// alone, which the session then refuses: see Server.run). A client that
// offers no key signs in with the password, by the library's handlers.
func (s *Server) keyThenPassword(ctx ssh.Context) *gossh.ServerConfig {
	return &gossh.ServerConfig{
		PublicKeyCallback: func(conn gossh.ConnMetadata, key gossh.PublicKey) (*gossh.Permissions, error) {
			connMetadata(ctx, conn)
			if s.keyAllowed(key) {
				s.tried(ctx, true)
				return &gossh.Permissions{Extensions: map[string]string{charmKeyExt: base64.StdEncoding.EncodeToString(key.Marshal())}}, nil
			}
			s.tried(ctx, false)
			fp := gossh.FingerprintSHA256(key)
			if owner, ok := s.names.check(studentID(nil, conn.User()), fp, false); !ok {
				s.logs.warn("name", "key refused", "user", logText(conn.User()), "from", conn.RemoteAddr().String(),
					"key", fp, "why", "the name is bound to another key", "bound_to", owner)
				return nil, errNameTaken
			}
			signedIn := func(ok bool) (*gossh.Permissions, error) {
				if !ok {
					return nil, errors.New("permission denied")
				}
				return &gossh.Permissions{Extensions: map[string]string{nameKeyExt: fp}}, nil
			}
			return nil, &gossh.PartialSuccessError{Next: gossh.ServerAuthCallbacks{
				PasswordCallback: func(_ gossh.ConnMetadata, pw []byte) (*gossh.Permissions, error) {
					return signedIn(s.password(ctx, string(pw)))
				},
				KeyboardInteractiveCallback: func(_ gossh.ConnMetadata, ch gossh.KeyboardInteractiveChallenge) (*gossh.Permissions, error) {
					return signedIn(s.keyboard(ctx, ch))
				},
			}}
		},
	}
}

// connMetadata records the connection's user, addresses and versions in
// ctx, as charmbracelet/ssh's own handlers do before they call the
// server's (its context.go, applyConnMetadata), once: the password check
// and the log read them there.
func connMetadata(ctx ssh.Context, conn gossh.ConnMetadata) {
	if ctx.Value(ssh.ContextKeySessionID) != nil {
		return
	}
	ctx.SetValue(ssh.ContextKeySessionID, hex.EncodeToString(conn.SessionID()))
	ctx.SetValue(ssh.ContextKeyClientVersion, string(conn.ClientVersion()))
	ctx.SetValue(ssh.ContextKeyServerVersion, string(conn.ServerVersion()))
	ctx.SetValue(ssh.ContextKeyUser, conn.User())
	ctx.SetValue(ssh.ContextKeyLocalAddr, conn.LocalAddr())
	ctx.SetValue(ssh.ContextKeyRemoteAddr, conn.RemoteAddr())
}

// nameKey is the fingerprint of the key a session's name signed in with
// beside the class password, "" when it signed in with the password alone.
func nameKey(sess ssh.Session) string {
	p := sess.Permissions()
	if p.Permissions == nil {
		return ""
	}
	return p.Extensions[nameKeyExt]
}

// nameTaken is what a student is told whose name is bound to another key.
func (s *Server) nameTaken(user, owner string) string {
	ex := "ssh -p PORT another-name@ADDRESS"
	if j, ok := s.room.Joining(); ok {
		ex = "ssh -p " + j.Port + " another-name@" + j.Host
	}
	return "The name " + logText(user) + " is taken in this class: it was first used with the SSH key " + owner +
		", and until the server stops only that key, with the class password, opens its progress; this session signed in without it." +
		" Connect from the computer that holds that key, or choose another name: " + ex + "."
}
