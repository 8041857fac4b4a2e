package battle

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"slices"
	"time"

	"github.com/referee-bot/referee/commands/interaction"
)

// OrderVersion is the version of the order record (Order) this code writes
// on the log. Entries logged before it carry none: a replay of the log
// stops at the first of them and says so.
const OrderVersion = 1

// maxRecordedFile is the largest attached file an order record keeps; an
// order with a larger one is recorded without it (Order.Withheld).
const maxRecordedFile = 32 << 10

// An Order is the command a change ran, as it was given: who, when (to the
// nanosecond: the change's clock), the command path or the button's id, and
// every option typed. The first entry a change logs carries it
// (Entry.Order), so that a replay of the log (commands/verify) can run each
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
	// cannot recompute (Tx.Given). After is then the game as the change
	// left it, its seed and any sealed orders' text left out, from which a
	// replay goes on; Logged is the digest of its log as the change left
	// it (LoggedDigest), which the file's must match.
	Given  string          `json:"given,omitempty"`
	After  json.RawMessage `json:"after,omitempty"`
	Logged string          `json:"logged,omitempty"`
	// Sealed is the commitment of the sealed orders the change wrote,
	// whose text the order withholds (Tx.Seal); Revealed are the sealed
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
	File   *RecordedFile     `json:"file,omitempty"`
}

// A RecordedFile is an attached file as an order records it.
type RecordedFile struct {
	Name    string `json:"name"`
	Content []byte `json:"content"`
}

// orderOf records req, run at now; withheld are the options left out, why
// they are.
func orderOf(req interaction.Request, now time.Time, withheld []string, why string) *Order {
	o := &Order{V: OrderVersion, ID: req.ID, At: now, User: req.User, Permissions: req.Permissions, Kind: req.Kind,
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
			if len(v.Content) > maxRecordedFile {
				o.Withheld = fmt.Sprintf("the file %s is larger than %d KB", v.Name, maxRecordedFile>>10)
				continue
			}
			opt.File = &RecordedFile{Name: v.Name, Content: v.Content}
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

// Given marks a change that makes a new game (Service.Create, Replace) as
// taking what (a sentence: "the forces mustered from the campaign
// Peninsula") from outside the battle's log: its order records what, the
// game as the change leaves it (Order.After) and the digest of its log
// then, so that a replay of the log goes on from there and says what it
// took as given rather than recomputed.
func (tx *Tx) Given(what string) { tx.given = what }

// OrdersText is the option that gives sealed orders their text
// (/orders text:), which their order withholds (Seal).
const OrdersText = "text"

// Seal leaves the text of the sealed orders the change writes (option
// OrdersText) out of the order it records, and records their commitment
// (Order.Sealed): a replay writes them again with the text revealed for it.
func (tx *Tx) Seal(commitment string) {
	tx.sealed = commitment
	tx.Withhold("the text of sealed orders is secret until revealed", OrdersText)
}

// Reveal records sealed orders the change revealed (Order.Revealed): a
// replay writes them again with r's text and salt.
func (tx *Tx) Reveal(r Revealed) { tx.revealed = append(tx.revealed, r) }

// completeOrder puts on the change's order what it sealed and revealed,
// and, when the change took something from outside the log (Given), the
// game as the change leaves it.
func (tx *Tx) completeOrder() error {
	if len(tx.logged) == 0 {
		return nil
	}
	o := tx.logged[0].Order
	o.Sealed, o.Revealed = tx.sealed, tx.revealed
	if tx.given == "" {
		return nil
	}
	after, err := json.Marshal(tx.Game.Secretless())
	if err != nil {
		return fmt.Errorf("record the game given: %w", err)
	}
	o.Given, o.After, o.Logged = tx.given, after, LoggedDigest(slices.Concat(tx.imported, tx.logged))
	return nil
}

// LoggedDigest is the hex SHA-256 of a log, the entries' orders, workings
// and voided marks left out (a mark is the undo's that voids it: Fold), so
// that the order of a change a replay cannot recompute (Order.Given) holds
// the log the change left to what it was.
func LoggedDigest(entries []Entry) string {
	h := sha256.New()
	enc := json.NewEncoder(h)
	for _, e := range entries {
		e.Order, e.Working, e.Voided = nil, nil, ""
		e.At = e.At.UTC()
		_ = enc.Encode(e) // an Entry always encodes
	}
	return hex.EncodeToString(h.Sum(nil))
}

// Withhold leaves the options named out of the order the change records on
// the log, for why ("the text of sealed orders is secret"): the change
// cannot then be replayed, and a replay of the log says so.
func (tx *Tx) Withhold(why string, options ...string) {
	tx.withheld, tx.withheldWhy = append(tx.withheld, options...), why
}
