package interaction

import (
	"fmt"
	"strings"
)

// Kind says what sort of interaction a Request is.
type Kind int

const (
	// KindCommand is a slash command (or a console line).
	KindCommand Kind = iota
	// KindComponent is a button press; Request.CustomID holds the button's id.
	KindComponent
	// KindAutocomplete asks for choices for the focused option.
	KindAutocomplete
)

// A User is a Discord user as the referee knows them.
type User struct {
	ID   string `json:"id"`
	Name string `json:"name"`
}

// A File is an attachment given as an option, its content already fetched by the
// transport (within MaxFileSize).
type File struct {
	Name    string `json:"name"`
	Content []byte `json:"-"`
}

// MaxFileSize is the largest attachment a transport fetches for a handler.
const MaxFileSize = 1 << 20

// A Request is one interaction, free of any transport.
type Request struct {
	Kind Kind
	// ID is the interaction id: the idempotency key of any change it makes.
	ID        string
	GuildID   string
	ChannelID string
	User      User
	// Permissions is the invoker's permission bit set in the channel.
	Permissions int64
	Roles       []string
	// Path is the command and its subcommands joined by spaces: "greenjackets fire".
	// For a component it is the route the custom id matched ("v1/act").
	Path string
	// Options are the typed option values by name: string, int64, float64, bool,
	// User or File.
	Options map[string]any
	// CustomID is the pressed button's id; Args are its segments after the route.
	CustomID string
	Args     []string
	// Source, for a button press, is the buttons of the message pressed, as
	// Discord shows them (what Response.DisableSource disables).
	Source []Button
	// Focused names the option being typed, for autocomplete.
	Focused string
}

// String returns a string option, or "".
func (r Request) String(name string) string {
	s, _ := r.Options[name].(string)
	return strings.TrimSpace(s)
}

// Int returns an integer option and whether it was given.
func (r Request) Int(name string) (int, bool) {
	switch v := r.Options[name].(type) {
	case int64:
		return int(v), true
	case int:
		return v, true
	case float64:
		return int(v), true
	}
	return 0, false
}

// IntOr returns an integer option, or def when it was not given.
func (r Request) IntOr(name string, def int) int {
	if v, ok := r.Int(name); ok {
		return v
	}
	return def
}

// Float returns a number option and whether it was given.
func (r Request) Float(name string) (float64, bool) {
	switch v := r.Options[name].(type) {
	case float64:
		return v, true
	case int64:
		return float64(v), true
	case int:
		return float64(v), true
	}
	return 0, false
}

// Bool returns a boolean option (false when not given).
func (r Request) Bool(name string) bool {
	b, _ := r.Options[name].(bool)
	return b
}

// Has reports whether an option was given.
func (r Request) Has(name string) bool {
	_, ok := r.Options[name]
	return ok
}

// UserOption returns a user option and whether it was given.
func (r Request) UserOption(name string) (User, bool) {
	u, ok := r.Options[name].(User)
	return u, ok
}

// FileOption returns an attachment option and whether it was given.
func (r Request) FileOption(name string) (File, bool) {
	f, ok := r.Options[name].(File)
	return f, ok
}

// Pressed is the button pressed, as its message showed it (from Source), and
// whether it was found there.
func (r Request) Pressed() (Button, bool) {
	if r.Kind != KindComponent {
		return Button{}, false
	}
	for _, b := range r.Source {
		if b.ID == r.CustomID {
			return b, true
		}
	}
	return Button{}, false
}

// LogValue keeps logs to the facts that identify a request; option values (which
// may carry secrets) are not logged.
func (r Request) LogValue() string {
	return fmt.Sprintf("%s %q by %s in %s/%s", r.ID, r.Path, r.User.ID, r.GuildID, r.ChannelID)
}
