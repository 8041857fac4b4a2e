package order

import (
	"encoding/json"
	"fmt"
	"slices"
	"time"

	"github.com/referee-bot/referee/commands/interaction"
)

// Version is the version of the order record (Order) this code writes
// on the log. Entries logged before it carry none: a replay of the log
// stops at the first of them and says so.
const Version = 1

// maxFile is the largest attached file an order record keeps; an
// order with a larger one is recorded without it (Order.Withheld).
const maxFile = 32 << 10

// An Order is the command a change ran, as it was given: who, when (to the
// nanosecond: the change's clock), the command path or the button's id, and
// every option typed. The first entry a change logs carries it
// (gamelog.Entry.Order), so that a replay of the log (commands/verify) can run each
// change again from the revealed seed through the rule set and recompute
// every entry and the board.
type Order struct {
	V           int              `json:"v"`
	ID          string           `json:"id"`
	At          time.Time        `json:"at"`
	User        interaction.User `json:"user"`
	Permissions int64            `json:"permissions,omitempty"`
	Kind        interaction.Kind `json:"kind,omitempty"`
	Path        string           `json:"path,omitempty"`
	// CustomID is the pressed button's id; Button its label.
	CustomID string `json:"custom_id,omitempty"`
	Button   string `json:"button,omitempty"`
	// Options are the options typed, by name, in order of name.
	Options []Option `json:"options,omitempty"`
	// Withheld says why the order is recorded without some of what was
	// given (a secret, as sealed orders' text; a file too large to keep),
	// so that it cannot be replayed; "" when it is whole.
	Withheld string `json:"withheld,omitempty"`
	// Given says what the change took from outside the battle's log (the
	// forces a campaign mustered, a battle's file imported), which a replay
	// cannot recompute (battle.Tx.Given). After is then the game as the change
	// left it, its seed and any sealed orders' text left out, from which a
	// replay goes on; Logged is the digest of its log as the change left
	// it (gamelog.Digest), which the file's must match.
	Given  string          `json:"given,omitempty"`
	After  json.RawMessage `json:"after,omitempty"`
	Logged string          `json:"logged,omitempty"`
	// Sealed is the commitment of the sealed orders the change wrote,
	// whose text the order withholds (battle.Tx.Seal); Revealed are the sealed
	// orders the change revealed, as revealed: a replay writes each sealed
	// orders again with the text and salt revealed for its commitment.
	Sealed   string     `json:"sealed,omitempty"`
	Revealed []Revealed `json:"revealed,omitempty"`
}

// Revealed are sealed orders as their reveal published them: the text and
// the salt whose commitment was posted when they were written.
type Revealed struct {
	Commitment string `json:"commitment"`
	Salt       string `json:"salt"`
	Text       string `json:"text"`
}

// An Option is one option of an order: exactly one of its values is set.
type Option struct {
	Name   string            `json:"name"`
	String *string           `json:"s,omitempty"`
	Int    *int64            `json:"i,omitempty"`
	Float  *float64          `json:"f,omitempty"`
	Bool   *bool             `json:"b,omitempty"`
	User   *interaction.User `json:"u,omitempty"`
	File   *File             `json:"file,omitempty"`
}

// A File is an attached file as an order records it.
type File struct {
	Name    string `json:"name"`
	Content []byte `json:"content"`
}

// Of records req, run at now; withheld are the options left out, why
// they are.
func Of(req interaction.Request, now time.Time, withheld []string, why string) *Order {
	o := &Order{V: Version, ID: req.ID, At: now, User: req.User, Permissions: req.Permissions, Kind: req.Kind,
		Path: req.Path, Withheld: why}
	if req.Kind == interaction.KindComponent {
		o.Path, o.CustomID = "", req.CustomID
		if b, ok := req.Pressed(); ok {
			o.Button = b.Label
		}
	}
	for name, v := range req.Options {
		if slices.Contains(withheld, name) {
			continue
		}
		opt := Option{Name: name}
		switch v := v.(type) {
		case string:
			opt.String = &v
		case int64:
			opt.Int = &v
		case int:
			i := int64(v)
			opt.Int = &i
		case float64:
			opt.Float = &v
		case bool:
			opt.Bool = &v
		case interaction.User:
			opt.User = &v
		case interaction.File:
			if len(v.Content) > maxFile {
				o.Withheld = fmt.Sprintf("the file %s is larger than %d KB", v.Name, maxFile>>10)
				continue
			}
			opt.File = &File{Name: v.Name, Content: v.Content}
		default:
			o.Withheld = fmt.Sprintf("option %s is of a kind the log does not record", name)
			continue
		}
		o.Options = append(o.Options, opt)
	}
	slices.SortFunc(o.Options, func(a, b Option) int {
		switch {
		case a.Name < b.Name:
			return -1
		case a.Name > b.Name:
			return 1
		}
		return 0
	})
	return o
}

// Request is the order as a request again, in channel: what a replay serves.
func (o *Order) Request(guild, channel string) interaction.Request {
	req := interaction.Request{Kind: o.Kind, ID: o.ID, GuildID: guild, ChannelID: channel, User: o.User,
		Permissions: o.Permissions, Path: o.Path, CustomID: o.CustomID}
	if o.CustomID != "" {
		req.Source = []interaction.Button{{ID: o.CustomID, Label: o.Button}}
	}
	if len(o.Options) > 0 {
		req.Options = map[string]any{}
	}
	for _, opt := range o.Options {
		switch {
		case opt.String != nil:
			req.Options[opt.Name] = *opt.String
		case opt.Int != nil:
			req.Options[opt.Name] = *opt.Int
		case opt.Float != nil:
			req.Options[opt.Name] = *opt.Float
		case opt.Bool != nil:
			req.Options[opt.Name] = *opt.Bool
		case opt.User != nil:
			req.Options[opt.Name] = *opt.User
		case opt.File != nil:
			req.Options[opt.Name] = interaction.File{Name: opt.File.Name, Content: opt.File.Content}
		}
	}
	return req
}

// Text is the option that gives sealed orders their text (/orders text:),
// which their order withholds (battle.Tx.Seal).
const Text = "text"
