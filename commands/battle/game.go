package battle

import (
	"encoding/json"
	"fmt"
	"time"

	segjson "github.com/segmentio/encoding/json"

	"github.com/referee-bot/referee/commands/battle/gamelog"
	"github.com/referee-bot/referee/commands/battle/pace"
	"github.com/referee-bot/referee/commands/battle/sealed"
	"github.com/referee-bot/referee/commands/battle/undo"
	"github.com/referee-bot/referee/commands/render"
	"github.com/referee-bot/referee/rules/tabletop"
)

// SchemaVersion is the version of the game document this code writes. Older
// documents are migrated on read; newer ones are refused.
//
// Schema 1 held the whole log inline ("log"); schema 2 keeps only its length
// (LogLen), the entries being stored beside the document, append-only.
const SchemaVersion = 2

// A Game is one channel's battle.
type Game struct {
	Schema  int    `json:"schema"`
	Channel string `json:"channel"`
	Guild   string `json:"guild,omitempty"`
	Ruleset string `json:"ruleset"`
	Name    string `json:"name,omitempty"`
	// Campaign is the name of the server's campaign the battle was mustered
	// from ("": none); its result is carried back there when it ends.
	Campaign string `json:"campaign,omitempty"`
	// Muster is the id the campaign issued the battle when it mustered it
	// (Campaign.Mustered): what carries it back, once. An import clears both.
	Muster string `json:"muster,omitempty"`
	// Umpire is the user id of the umpire; UmpireName is how to address them.
	Umpire     string `json:"umpire"`
	UmpireName string `json:"umpire_name,omitempty"`
	// Offer is the umpire's role offered to another (/game umpire user:),
	// which he takes by pressing its Accept button; nil when none stands.
	Offer *Offer `json:"umpire_offer,omitempty"`
	// Players maps user ids to display names: everyone given a command, and
	// everyone who has made a log entry.
	Players map[string]string `json:"players,omitempty"`
	Started time.Time         `json:"started"`
	Ended   *time.Time        `json:"ended,omitempty"`
	// Seed is secret until the game ends; Commitment (hex SHA-256 of Seed) is
	// published at start. Nothing renders Seed while the game is running.
	Seed       []byte `json:"seed,omitempty"`
	Commitment string `json:"commitment"`
	// Earlier are the seeds a game was played under before it was moved to
	// another server while running (an export carries no secret seed, so the
	// import draws a new one): each covers the roll numbers below its Below.
	Earlier []Epoch `json:"earlier_seeds,omitempty"`
	// NextRoll is the number the next command that rolls takes.
	NextRoll uint64 `json:"next_roll"`
	// LogLen is how many entries the game's log holds. The log itself, every
	// ruling and change numbered from 1, is stored beside the document and
	// only ever appended to (Tx.Log, Service.ViewLog).
	LogLen int `json:"log_len"`
	// Parts are, under fog of war, how many entries each reader's part of
	// the log holds (gamelog.Entry.For): by side in lower case, "" the main
	// channel's. Every part starts with the entries logged before fog came
	// on; a side that has no part of its own reads the main channel's.
	Parts map[string]int `json:"parts,omitempty"`
	// HouseRules are the umpire's overrides of the docs/readings.md readings, by name.
	HouseRules map[string]string `json:"house_rules,omitempty"`
	// DMRefused are the players whose direct messages Discord refused, by
	// user id (commands/battle/view.DMRefusals).
	DMRefused map[string]DMRefusal `json:"dm_refused,omitempty"`
	// Pace holds the battle's move deadlines and the moves pending (nil: none).
	Pace *pace.Pace `json:"pace,omitempty"`
	// Orders are the players' sealed written orders (nil: none written, and
	// no setting of when they are revealed): commands/battle/sealed, written
	// and revealed by commands/orderscmd.
	Orders *sealed.Orders `json:"orders,omitempty"`
	// Desk is the channel of the umpire's desk, where what is for his eyes
	// alone is posted and kept ("": it comes to him by DM).
	Desk string `json:"desk,omitempty"`
	// Fog is the fog of war (/game settings fog:on): while the battle runs,
	// every view of it is its reader's (Fog), and what a change says goes
	// to those who may read it (commands/battle/view).
	Fog bool `json:"fog,omitempty"`
	// Rulings is how rulings are shown: "" short, each with a Details
	// button, or details.Full (/game settings rulings:full).
	Rulings string `json:"rulings,omitempty"`
	// Calls is who makes the umpire's calls that move the turn on: ""
	// the umpire, or "auto" the referee itself, as soon as nothing else is
	// waited on (/game settings calls:auto|umpire, commands/battle/calls).
	Calls string `json:"calls,omitempty"`
	// Sides are the umpire's arrangements of the battle's sides: the players
	// he put on each (/game side, which wins over the roster) and each
	// side's channel (/game side-channel). None: the roster alone says.
	Sides []Side `json:"sides,omitempty"`
	// TurnMessage is the battle's turn message (nil: none shown yet).
	TurnMessage *TurnShown `json:"turn_message,omitempty"`
	// Map is the battle's table, when it is played on one (/map table): its
	// ground and where its units stand (nil: distances are typed, as round a
	// real table). A change replaces it whole, never changing it in place,
	// so that the turn message's picture is redrawn when it changed.
	Map *tabletop.Table `json:"map,omitempty"`
	// decoded is Board decoded, for the change (BoardOf).
	decoded *decodedBoard
	// Board is the rule set's own state: roster, turn, cards. It is replaced
	// whole (Tx.SetBoard), never changed in place.
	Board json.RawMessage `json:"board,omitempty"`
	// Undo holds what the last change replaced, for /game undo
	// (commands/battle/undo).
	//
	// Board and Undo, the bulk of the document, are its last fields: encode
	// writes them after the rest.
	Undo *undo.Point `json:"undo,omitempty"`
}

// A DMRefusal is a player of the battle whose direct messages Discord
// refused: in which turn the referee last said so to whoever it was
// answering, and whether the player has been told since.
type DMRefusal struct {
	Turn int  `json:"turn"`
	Told bool `json:"told,omitempty"`
}

// An Epoch is a seed a game's earlier rolls were drawn from, known here only by
// its commitment: the rolls numbered below Below and at or above the previous
// epoch's Below. Its seed is revealed where that game was ended.
type Epoch struct {
	Below      uint64 `json:"below"`
	Commitment string `json:"commitment"`
}

// Running reports whether the game has not ended.
func (g *Game) Running() bool { return g.Ended == nil }

// Player returns the display name of a user, falling back to a mention-free id.
func (g *Game) Player(userID string) string {
	if n, ok := g.Players[userID]; ok && n != "" {
		return n
	}
	if userID == Clock || userID == Referee {
		return userID
	}
	if userID == g.Umpire && g.UmpireName != "" {
		return g.UmpireName
	}
	return "user " + userID
}

// HouseRule returns the value of a house rule, or "" when it is not set.
func (g *Game) HouseRule(name string) string { return g.HouseRules[name] }

// withLog is a game document with its whole log inline: a schema 1 document,
// and the export file.
type withLog struct {
	*Game
	Log []gamelog.Entry `json:"log,omitempty"`
}

// DecodeGame reads a stored game document, migrating older schemas.
func DecodeGame(b []byte) (*Game, error) {
	g, _, err := decodeGame(b)
	return g, err
}

// decodeGame is DecodeGame that also returns, for a schema 1 document, the
// log it held inline: non-nil (if empty) for such a document and only for it.
// Service stores that log beside the game with the game's next write, and
// reads it from the document until then.
func decodeGame(b []byte) (g *Game, inline []gamelog.Entry, err error) {
	d, err := unmarshalGame(b)
	if err != nil {
		return nil, nil, fmt.Errorf("decode game: %w", err)
	}
	g = d.Game
	switch {
	case g.Schema > SchemaVersion:
		return nil, nil, fmt.Errorf("decode game: schema %d is newer than this referee's %d", g.Schema, SchemaVersion)
	case g.Schema < 1:
		return nil, nil, fmt.Errorf("decode game: missing schema version")
	}
	if g.Schema == 1 {
		// 1 → 2: the log moves out of the document; the undo point keeps
		// the summaries of its entries.
		g.Schema, g.LogLen = SchemaVersion, len(d.Log)
		g.Undo.Summarise(d.Log)
		return g, append([]gamelog.Entry{}, d.Log...), nil
	}
	return g, nil, nil
}

// unmarshalGame decodes a document as json.Unmarshal does, but for its maps:
// an empty one reads as nil (documents never hold one: they are omitted).
//
// Every command reads the document, so it is decoded with segmentio's
// decoder, which reads JSON as encoding/json does (FuzzDecodeGame holds it to
// that) several times faster (BenchmarkCodecs/document/decode). Documents are written with encoding/json. The
// decoder makes each map it reads with room for 64 entries: the game's maps
// are made here, small, for it to fill.
func unmarshalGame(b []byte) (withLog, error) {
	g := &Game{Players: map[string]string{}, HouseRules: map[string]string{}}
	d := withLog{Game: g}
	if err := segjson.Unmarshal(b, &d); err != nil {
		return withLog{}, err
	}
	if len(g.Players) == 0 {
		g.Players = nil
	}
	if len(g.HouseRules) == 0 {
		g.HouseRules = nil
	}
	return d, nil
}

// Encode writes the game document (without its log).
func (g *Game) Encode() ([]byte, error) { return g.encode(false) }

// encode is Encode, byte for byte json.Marshal(g). boardChecked says the
// board is JSON as json.Marshal writes it (read from a stored document, which
// it wrote, or written by Tx.SetBoard): it is then copied as it is, where
// json.Marshal would check and compact it again, which for a board of some
// kilobytes costs more than all the rest of the document
// (BenchmarkCodecs/document/encode).
func (g *Game) encode(boardChecked bool) ([]byte, error) {
	g.Schema = SchemaVersion
	rest := *g
	rest.Board, rest.Undo = nil, nil
	head, err := json.Marshal(&rest)
	if err != nil {
		return nil, fmt.Errorf("encode game: %w", err)
	}
	board := g.Board
	if len(board) > 0 && !boardChecked {
		if board, err = json.Marshal(board); err != nil {
			return nil, fmt.Errorf("encode game: %w", err)
		}
	}
	var undo []byte
	if g.Undo != nil {
		if undo, err = json.Marshal(g.Undo); err != nil {
			return nil, fmt.Errorf("encode game: %w", err)
		}
	}
	doc := make([]byte, 0, len(head)+len(board)+len(undo)+len(`,"board":,"undo":`))
	doc = append(doc, head[:len(head)-1]...) // without its closing brace
	if len(board) > 0 {
		doc = append(append(doc, `,"board":`...), board...)
	}
	if undo != nil {
		doc = append(append(doc, `,"undo":`...), undo...)
	}
	return append(doc, '}'), nil
}

// Secretless is a copy of g without what is secret while it runs: its seed
// and the text of sealed orders not yet revealed (the export of a running
// battle, the battle a change's order records).
func (g *Game) Secretless() *Game {
	c := *g
	c.Seed, c.Orders = nil, c.Orders.Exported()
	return &c
}

// Named names the battle in a notice (its move fallen due, a reminder, a
// deadline passed): "**Talavera**", or "this channel's battle".
func (g *Game) Named() string {
	if g.Name != "" {
		return "**" + render.Inert(g.Name) + "**"
	}
	return "this channel's battle"
}
