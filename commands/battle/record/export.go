package record

import (
	"bytes"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/referee-bot/referee/commands/battle"
	"github.com/referee-bot/referee/commands/battle/calls"
	"github.com/referee-bot/referee/commands/battle/details"
	"github.com/referee-bot/referee/commands/battle/gamelog"
	"github.com/referee-bot/referee/commands/battle/order"
	"github.com/referee-bot/referee/commands/battle/sealed"
	"github.com/referee-bot/referee/commands/interaction"
	"github.com/referee-bot/referee/commands/render"
	"github.com/referee-bot/referee/rules"
	"github.com/referee-bot/referee/rules/dice"
)

// MaxImportSize is the largest game file ReadExport accepts (the most a
// transport fetches). A long battle is some hundreds of kilobytes: every
// change's entry carries its order (Entry.Order).
const MaxImportSize = interaction.MaxFileSize

// Limits on the text of an imported log, so that a file cannot bloat a game
// (and gamelog.MaxSummary).
const (
	maxSummary = gamelog.MaxSummary
	maxShort   = 100
	maxSides   = 1000
)

// gameFile is a game with its whole log inline: the export file.
type gameFile struct {
	*battle.Game
	Log []gamelog.Entry `json:"log,omitempty"`
}

// Export writes the game as a portable, indented JSON file: the whole document
// and, inline after it, its whole log as Service.ViewLog reads it. A running
// game's seed is secret, so it is left out: the file carries only the commitment, and a game imported from it draws a new
// seed (commands/gamecmd.Import), so its earlier rolls can be verified only where the
// original game is ended and its seed revealed. An ended game's file carries
// its revealed seed and verifies anywhere.
func Export(g *battle.Game, log []gamelog.Entry) ([]byte, error) {
	c := *g
	if c.Running() {
		c = *g.Secretless()
	}
	c.Schema, c.LogLen = battle.SchemaVersion, len(log)
	out := make([]gamelog.Entry, len(log))
	for i, e := range log {
		e.Working, e.Ruled = nil, nil // a rendering aid and its readers, kept where the battle is played; the file keeps it small
		out[i] = e
	}
	b, err := json.MarshalIndent(gameFile{Game: &c, Log: out}, "", "  ")
	if err != nil {
		return nil, fmt.Errorf("export game: %w", err)
	}
	return append(b, '\n'), nil
}

// ReadExport reads and checks a game file made by Export (of schema 1, which
// had no log_len, or 2): its size, that it is UTF-8 JSON with no key given
// twice (findDuplicate) and no field this referee does not know, its schema
// version, its rule set (found with find), its times (none before any
// referee played, nor after now), the numbering of the log, its rolls (next_roll
// follows the last one logged) and its undos, the players' names, the house
// rules, the seed against its commitment, and the board and the undo point's
// board: decoded strictly into the rule set's board type (boardFault), then
// every value and reference checked by the rule set (Ruleset.ValidateBoard).
// It returns the game (schema 2) and its whole log, voided entries marked
// (Fold). Any fault is a *interaction.Refusal saying precisely what is wrong
// with the file. A file it accepts exports as it reads: Export of what it
// returns reads back to the same game and exports byte for byte the same.
func ReadExport(b []byte, find func(id string) (battle.Ruleset, bool), now time.Time) (*battle.Game, []gamelog.Entry, error) {
	bad := func(format string, args ...any) error {
		return interaction.Refusef("This file cannot be imported: "+format, args...)
	}
	var g battle.Game
	file := gameFile{Game: &g}
	if err := readFile(b, "game", "/game export", battle.SchemaVersion, &file, bad); err != nil {
		return nil, nil, err
	}
	g.Board = compact(g.Board)
	var undoBoards []json.RawMessage
	for _, u := range g.Undo.Steps() {
		b, err := u.Board()
		if err != nil {
			return nil, nil, bad("it does not read as a game (%s).", render.Quote(err.Error()))
		}
		undoBoards = append(undoBoards, b)
	}

	if g.Ruleset == "" {
		return nil, nil, bad("it names no rule set.")
	}
	rs, ok := find(g.Ruleset)
	if !ok {
		return nil, nil, bad("it is a game of \"%s\", a rule set this referee does not play.", render.Quote(g.Ruleset))
	}
	if g.Umpire == "" {
		return nil, nil, bad("it names no umpire.")
	}
	if g.Started.IsZero() {
		return nil, nil, bad("it has no start time.")
	}
	if g.Ended != nil && g.Ended.Before(g.Started) {
		return nil, nil, bad("it ends before it starts.")
	}
	if len(g.Name) > maxShort || len(g.Campaign) > maxShort {
		return nil, nil, bad("its name or its campaign's is longer than %d characters.", maxShort)
	}
	if why := checkPeople(&g); why != "" {
		return nil, nil, bad("%s", why)
	}
	if why := checkTimes(&g, file.Log, now); why != "" {
		return nil, nil, bad("%s", why)
	}
	if why := checkSeed(&g); why != "" {
		return nil, nil, bad("%s", why)
	}
	if g.Schema >= 2 && g.LogLen != len(file.Log) {
		return nil, nil, bad("it counts %d log entries but holds %d.", g.LogLen, len(file.Log))
	}
	g.Schema, g.LogLen = battle.SchemaVersion, len(file.Log)
	if why := checkLog(&g, file.Log); why != "" {
		return nil, nil, bad("%s", why)
	}
	if why := checkHouseRules(&g, rs); why != "" {
		return nil, nil, bad("%s", why)
	}
	if why := checkPaceAndOrders(&g); why != "" {
		return nil, nil, bad("%s", why)
	}
	if g.Rulings != "" && g.Rulings != details.Full {
		return nil, nil, bad("its rulings setting \"%s\" is not one this referee knows (left out for short, or \"full\").", render.Quote(g.Rulings))
	}
	if g.Calls != "" && g.Calls != calls.Auto {
		return nil, nil, bad("its calls setting \"%s\" is not one this referee knows (left out for the umpire's, or \"auto\").", render.Quote(g.Calls))
	}
	for i := range file.Log {
		file.Log[i].Working, file.Log[i].Ruled = nil, nil // not in an export; nothing checks one a file carries
	}
	g.Desk = ""         // a channel of where it was played: the umpire names his desk here
	g.TurnMessage = nil // a message there: the next turn news posts one here
	for i := range g.Sides {
		g.Sides[i].Channel, g.Sides[i].Thread = "", false // so are the sides' channels: linked anew here
	}
	if len(g.Board) == 0 {
		return nil, nil, bad("it has no board.")
	}
	if why := checkBoard(rs, g.Board); why != "" {
		return nil, nil, bad("its %s board %s", rs.Name(), why)
	}
	g.Undo.Trim()
	for i, u := range g.Undo.Steps() {
		for _, n := range u.Entries {
			if n < 1 || n > g.LogLen {
				return nil, nil, bad("its undo point names log entry #%d, which the log does not have.", n)
			}
		}
		if len(undoBoards[i]) > 0 {
			if why := checkBoard(rs, undoBoards[i]); why != "" {
				return nil, nil, bad("the board of its undo point %s", why)
			}
		}
	}
	g.Undo.Summarise(file.Log)
	return &g, gamelog.Fold(file.Log), nil
}

// readFile checks a file made by export (a game or a campaign, what) and
// decodes it strictly into v: its size, that it is UTF-8 JSON, an object with
// no key given twice (findDuplicate) and no field this referee does not
// know, and its schema version, at most schema. bad makes the refusal.
func readFile(b []byte, what, export string, schema int, v any, bad func(format string, args ...any) error) error {
	switch {
	case len(b) == 0:
		return bad("it is empty.")
	case len(b) > MaxImportSize:
		return bad("it is %d KB; the limit is %d KB.", (len(b)+1023)/1024, MaxImportSize/1024)
	case !utf8.Valid(b):
		return bad("it is not UTF-8 text.")
	}
	var probe any
	if err := json.Unmarshal(b, &probe); err != nil {
		var syn *json.SyntaxError
		if errors.As(err, &syn) {
			line, col := position(b, syn.Offset)
			return bad("it is not valid JSON (line %d, column %d: %s).", line, col, render.Quote(syn.Error()))
		}
		return bad("it is not valid JSON.")
	}
	head, ok := probe.(map[string]any)
	if !ok {
		return bad("it is not a %s file (a %s file is a JSON object made by `%s`).", what, what, export)
	}
	if d, ok := findDuplicate(b); ok {
		return bad("%s.", d)
	}
	switch v := head["schema"].(type) {
	case nil:
		return bad("it has no schema version; is it a file made by `%s`?", export)
	case float64:
		switch {
		case v > float64(schema):
			return bad("it was written by a newer referee (schema %v; this one reads up to %d). Update the referee first.", v, schema)
		case v < 1 || v != float64(int(v)):
			return bad("its schema version %v is not one any referee writes.", v)
		}
	default:
		return bad("its schema version should be a number.")
	}
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		var typ *json.UnmarshalTypeError
		if errors.As(err, &typ) {
			return bad("field %q should be %s, not %s.", strings.TrimPrefix(strings.TrimPrefix(typ.Field, "Game."), "Campaign."), article(typ.Type.String()), typ.Value)
		}
		if field, ok := strings.CutPrefix(err.Error(), "json: unknown field "); ok {
			return bad("it has a field this referee does not know: %s.", render.Quote(field))
		}
		return bad("it does not read as a %s (%s).", what, render.Quote(err.Error()))
	}
	return nil
}

// clockSkew is how far a file's times may lie ahead of the importing
// referee's clock, or a log entry before its battle's start: the clocks of
// the machines that wrote them.
const clockSkew = time.Hour

// checkPeople, checkTimes, checkSeed, checkLog, checkHouseRules and
// checkPaceAndOrders say what is wrong with a file's part, as the end of a
// sentence, or "".
func checkPeople(g *battle.Game) string {
	if len(g.Umpire) > maxShort || len(g.UmpireName) > maxShort {
		return fmt.Sprintf("its umpire's id or name is longer than %d characters.", maxShort)
	}
	for id, name := range g.Players {
		if id == "" || len(id) > maxShort || len(name) > maxShort {
			return fmt.Sprintf("a player's id or name is empty or longer than %d characters.", maxShort)
		}
	}
	return ""
}

func checkTimes(g *battle.Game, log []gamelog.Entry, now time.Time) string {
	// earliest is before this referee played any battle.
	earliest := time.Date(2020, time.January, 1, 0, 0, 0, 0, time.UTC)
	latest := now.Add(clockSkew)
	day := func(t time.Time) string { return t.UTC().Format("2006-01-02 15:04 UTC") }
	switch {
	case g.Started.Before(earliest):
		return fmt.Sprintf("it starts on %s, before any referee played.", day(g.Started))
	case g.Started.After(latest):
		return fmt.Sprintf("it starts on %s, in the future.", day(g.Started))
	case g.Ended != nil && g.Ended.After(latest):
		return fmt.Sprintf("it ends on %s, in the future.", day(*g.Ended))
	}
	for _, e := range log {
		switch {
		case e.At.Before(g.Started.Add(-clockSkew)):
			return fmt.Sprintf("log entry #%d is dated %s, before the battle started.", e.N, day(e.At))
		case e.At.After(latest):
			return fmt.Sprintf("log entry #%d is dated %s, in the future.", e.N, day(e.At))
		}
	}
	return ""
}

func checkSeed(g *battle.Game) string {
	if !isHash(g.Commitment) {
		return "its seed commitment is not a SHA-256 in hex (64 characters 0-9, a-f)."
	}
	switch {
	case g.Running() && len(g.Seed) > 0:
		return "it carries the secret seed of a running battle, which `/game export` never writes. Export the battle again."
	case !g.Running() && len(g.Seed) == 0:
		return "it is an ended battle without its revealed seed."
	case !g.Running() && (len(g.Seed) != dice.SeedSize || dice.Commitment(g.Seed) != g.Commitment):
		return "its revealed seed does not match its commitment: the file has been altered."
	}
	if g.NextRoll < 1 {
		return "its next roll number is missing (it counts from 1)."
	}
	var below uint64
	for i, e := range g.Earlier {
		if !isHash(e.Commitment) {
			return fmt.Sprintf("its earlier seed %d has no proper commitment.", i+1)
		}
		if e.Below <= below || e.Below > g.NextRoll {
			return fmt.Sprintf("its earlier seed %d covers rolls below %d, out of order.", i+1, e.Below)
		}
		below = e.Below
	}
	return ""
}

func checkLog(g *battle.Game, log []gamelog.Entry) string {
	var last uint64
	for i, e := range log {
		switch {
		case e.N != i+1:
			return fmt.Sprintf("log entry %d is numbered #%d; entries are numbered 1, 2, 3… in order.", i+1, e.N)
		case e.Roll >= g.NextRoll:
			return fmt.Sprintf("log entry #%d carries roll %d, but the battle's next roll is %d.", e.N, e.Roll, g.NextRoll)
		case e.Roll != 0 && e.Roll < last:
			return fmt.Sprintf("log entry #%d carries roll %d after roll %d; rolls are numbered in order.", e.N, e.Roll, last)
		case e.Roll > last+1:
			return fmt.Sprintf("log entry #%d carries roll %d, but roll %d is not in the log before it; every roll is logged.", e.N, e.Roll, last+1)
		case e.Roll == 0 && len(e.Draws) > 0:
			return fmt.Sprintf("log entry #%d has dice but no roll number.", e.N)
		case len(e.Summary) > maxSummary:
			return fmt.Sprintf("log entry #%d is longer than %d characters.", e.N, maxSummary)
		case len(e.Command) > maxShort || len(e.Button) > maxShort || len(e.User) > maxShort || len(e.Voided) > maxSummary || len(e.Reason) > maxSummary:
			return fmt.Sprintf("log entry #%d has a field that is too long.", e.N)
		}
		if why := checkOrder(e.Order); why != "" {
			return fmt.Sprintf("log entry #%d records an order that %s", e.N, why)
		}
		for _, n := range e.Voids {
			if n < 1 || n >= e.N {
				return fmt.Sprintf("log entry #%d voids entry #%d, which is not before it.", e.N, n)
			}
		}
		for j, d := range e.Draws {
			if d.Sides < 1 || d.Sides > maxSides || d.Face < 1 || d.Face > d.Sides {
				return fmt.Sprintf("log entry #%d, die %d shows %d on a d%d, which cannot be.", e.N, j+1, d.Face, d.Sides)
			}
		}
		last = max(last, e.Roll)
	}
	if g.NextRoll != last+1 {
		return fmt.Sprintf("its next roll is %d, but the last roll in its log is %d: every roll is logged, so the next is %d.", g.NextRoll, last, last+1)
	}
	return ""
}

// checkOrder says what is wrong with an entry's order record, as the end of
// a sentence whose subject is the order, or "".
func checkOrder(o *order.Order) string {
	if o == nil {
		return ""
	}
	switch {
	case o.V < 1 || o.V > order.Version:
		return fmt.Sprintf("is of version %d; this referee reads up to %d.", o.V, order.Version)
	case len(o.ID) > maxShort || len(o.User.ID) > maxShort || len(o.User.Name) > maxShort || len(o.Path) > maxShort ||
		len(o.CustomID) > maxShort || len(o.Button) > maxShort || len(o.Withheld) > maxSummary || len(o.Given) > maxSummary || len(o.Logged) > maxShort || len(o.Options) > maxShort:
		return "has a field that is too long."
	}
	if o.Sealed != "" && !isHash(o.Sealed) {
		return "seals orders under a commitment that is not a SHA-256 in hex."
	}
	if len(o.Revealed) > maxShort {
		return "reveals more orders than a battle has."
	}
	for _, r := range o.Revealed {
		if !isHash(r.Commitment) || len(r.Salt) > maxShort || len(r.Text) > 4*sealed.MaxText {
			return "reveals orders without their commitment, or with a salt or text too long."
		}
	}
	for _, opt := range o.Options {
		set := 0
		for _, v := range []bool{opt.String != nil, opt.Int != nil, opt.Float != nil, opt.Bool != nil, opt.User != nil, opt.File != nil} {
			if v {
				set++
			}
		}
		if opt.Name == "" || len(opt.Name) > maxShort || set != 1 {
			return fmt.Sprintf("has an option %s without exactly one value.", render.Quote(opt.Name))
		}
	}
	return ""
}

func checkHouseRules(g *battle.Game, rs battle.Ruleset) string {
	return checkSettings(g.HouseRules, rs.HouseRules(), rs.Name())
}

// checkPaceAndOrders: the deadlines and the sealed orders.
func checkPaceAndOrders(g *battle.Game) string {
	if why := g.Pace.Imported(); why != "" {
		return why
	}
	return g.Orders.Imported(g.Running(), g.Player)
}

// checkSettings says what is wrong with house rules set among known, those
// of owner ("Green Jackets", "a campaign"), or "".
func checkSettings(set map[string]string, known []rules.HouseRule, owner string) string {
	for name, value := range set {
		i := slices.IndexFunc(known, func(h rules.HouseRule) bool { return h.Name == name })
		if i < 0 {
			return fmt.Sprintf("it sets house rule \"%s\", which %s does not have.", render.Quote(name), owner)
		}
		if !slices.Contains(known[i].Values, value) {
			return fmt.Sprintf("it sets house rule \"%s\" to \"%s\"; the values are %s.", render.Quote(name), render.Quote(value), strings.Join(known[i].Values, ", "))
		}
	}
	return ""
}

// reason is an error as a sentence for the umpire: a refusal's or breach's
// reason, or the error's text (ValidateBoard errors are written to be shown).
func reason(err error) string {
	var refusal *interaction.Refusal
	var breach *rules.Breach
	switch {
	case errors.As(err, &refusal):
		return refusal.Reason
	case errors.As(err, &breach):
		return breach.Reason
	}
	return err.Error()
}

// compact undoes the indentation Export gave a raw JSON value, so that a
// game read back is byte for byte the game exported.
func compact(raw json.RawMessage) json.RawMessage {
	if len(raw) == 0 {
		return raw
	}
	var b bytes.Buffer
	if err := json.Compact(&b, raw); err != nil {
		return raw // it decoded, so it is valid JSON
	}
	return b.Bytes()
}

func isHash(s string) bool {
	b, err := hex.DecodeString(s)
	return err == nil && len(b) == 32 && s == strings.ToLower(s)
}

// position turns a byte offset into a 1-based line and column.
func position(b []byte, off int64) (line, col int) {
	off = min(max(off, 0), int64(len(b)))
	before := b[:off]
	line = bytes.Count(before, []byte{'\n'}) + 1
	col = int(off) - (bytes.LastIndexByte(before, '\n') + 1)
	return line, max(col, 1)
}

func article(t string) string {
	switch {
	case strings.HasPrefix(t, "[]"):
		return "a list"
	case strings.Contains(t, "int"), strings.Contains(t, "float"):
		return "a number"
	case t == "string":
		return "text"
	case t == "bool":
		return "true or false"
	}
	return "an object"
}
