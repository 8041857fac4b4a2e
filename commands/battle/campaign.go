package battle

import (
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/referee-bot/referee/commands/interaction"
	"github.com/referee-bot/referee/rules"
)

// CampaignSchema is the version of the campaign document this code writes.
const CampaignSchema = 1

// A Campaign is a server's named run of battles: its forces in the rule
// set's own terms, who of them misses the next battle, the battles fought and
// a log. It is one more document in the game store, under its own key
// (CampaignKey), with a game's guarantees: atomic, idempotent on the
// interaction, its TTL refreshed by every change.
type Campaign struct {
	Schema  int    `json:"schema"`
	Guild   string `json:"guild"`
	Name    string `json:"name"`
	Ruleset string `json:"ruleset"`
	// Umpire is the user id of the campaign's umpire; UmpireName his name.
	Umpire     string `json:"umpire"`
	UmpireName string `json:"umpire_name,omitempty"`
	// Players maps user ids to names: those who made a log entry, and
	// everyone a battle enlisted or carried back knew by name (KeepNames):
	// the battles it musters address them so.
	Players map[string]string `json:"players,omitempty"`
	Started time.Time         `json:"started"`
	// HouseRules are the umpire's switches of K1–K4 (CampaignHouseRules).
	HouseRules map[string]string `json:"house_rules,omitempty"`
	// Fog is the fog of war of the campaign (/campaign settings fog:on): a
	// player's views show his own side's forces and of the enemy only what
	// the campaign's battles revealed to his side (campaigncmd's views); its
	// battles start with fog on.
	Fog bool `json:"fog,omitempty"`
	// Out are those who miss battles (K2).
	Out []Absence `json:"out,omitempty"`
	// Battles are the battles carried back, in order.
	Battles []CampaignBattle `json:"battles,omitempty"`
	// Mustered are the battles the campaign mustered (/game start
	// campaign:) and that have not been carried back: only these can be,
	// each once, by the id the campaign issued it (Game.Muster). They are
	// never read from a file (ReadCampaign drops them): a campaign import
	// keeps those of the campaign it replaces.
	Mustered []Mustered `json:"mustered,omitempty"`
	// LogLen is how many entries the campaign's log holds, stored beside it.
	LogLen int `json:"log_len"`
	// Forces are the rule set's forces (Campaigner).
	Forces json.RawMessage `json:"forces"`
}

// An Absence is one of the forces missing battles: he is left out of every
// battle started while fewer than Until battles are recorded (K2).
type Absence struct {
	Name  string `json:"name"`
	Side  string `json:"side,omitempty"`
	Until int    `json:"until"`
}

// Mustered is a battle the campaign mustered, known by the id it issued.
type Mustered struct {
	ID      string    `json:"id"`
	Channel string    `json:"channel"`
	At      time.Time `json:"at"`
}

// MusterID is the id a campaign issues the battle mustered by the
// interaction id in channel: 16 hex digits of their SHA-256, the same when
// the interaction is redelivered, another for every /game start.
func MusterID(channel, interactionID string) string {
	return rules.Commit(channel + "/" + interactionID)[:16]
}

// Issue records that the campaign musters a battle in channel as id (a
// redelivered muster is recorded once).
func (c *Campaign) Issue(id, channel string, at time.Time) {
	if !slices.ContainsFunc(c.Mustered, func(m Mustered) bool { return m.ID == id }) {
		c.Mustered = append(c.Mustered, Mustered{ID: id, Channel: channel, At: at})
	}
}

// Pending reports whether the campaign mustered the battle id and has not
// carried it back.
func (c *Campaign) Pending(id string) bool {
	return id != "" && slices.ContainsFunc(c.Mustered, func(m Mustered) bool { return m.ID == id })
}

// A CampaignBattle is a battle's result as the campaign keeps it.
type CampaignBattle struct {
	N int `json:"n"`
	// Muster is the id the campaign issued the battle at its muster.
	Muster  string    `json:"muster,omitempty"`
	Name    string    `json:"name,omitempty"`
	Channel string    `json:"channel"`
	Started time.Time `json:"started"`
	Ended   time.Time `json:"ended"`
	Sides   []string  `json:"sides,omitempty"`
	// Changes are what it carried back; Losses the after-action report's
	// losses, in Markdown; Rolls and Commitment identify its dice.
	Changes    []rules.Carry `json:"changes,omitempty"`
	Losses     string        `json:"losses,omitempty"`
	Rolls      uint64        `json:"rolls"`
	Commitment string        `json:"commitment"`
	// Fought are the names of the battle's board (units, sections,
	// officers, figures) by side: the end of a battle reveals everything,
	// so each side met every name of the others.
	Fought map[string][]string `json:"fought,omitempty"`
}

// A Campaigner is a rule set that keeps campaigns (an optional capability
// of a Ruleset): Forces are its campaign functions.
type Campaigner interface {
	Forces() Forces
}

// Forces are what a campaign does with a rule set's forces: a board of its
// own holding only a roster (ValidateBoard holds for them), moved between
// the campaign and its battles by pure functions of the rule set's package.
// ForcesOf makes them of those functions.
type Forces interface {
	// Enlist adds the roster of a battle's board to the forces.
	Enlist(forces, board json.RawMessage) (json.RawMessage, string, error)
	// Muster is a new battle's board from the forces: those named (all
	// when none is), leaving out the absent.
	Muster(forces json.RawMessage, chosen []string, absent func(name string) bool) (json.RawMessage, error)
	// CarryBack is the forces after a battle, by K1–K4 as k switches them,
	// with every change it makes.
	CarryBack(forces, board json.RawMessage, k rules.Campaign) (json.RawMessage, []rules.Carry, error)
	// EditForces is the umpire's change between battles: a quality
	// (experience), reinforcements ("" when not given), as /campaign edit
	// reads them.
	EditForces(forces json.RawMessage, name, quality, reinforce string) (json.RawMessage, string, error)
	// Qualities are the values EditForces reads as a quality, offered as
	// /campaign edit quality:'s suggestions (none when it is a number).
	Qualities() []string
	// RemoveForces takes someone off the forces.
	RemoveForces(forces json.RawMessage, name string) (json.RawMessage, string, error)
	// ForcesStatus shows the forces by side, their players named as people
	// names them (Campaign.People); absent marks who misses the next battle.
	ForcesStatus(forces json.RawMessage, people *Game, absent func(name string) string) ([]interaction.Field, error)
}

// A ForcesImporter is Forces that also read an order of battle, in the
// formats of the rule set's roster import.
type ForcesImporter interface {
	ImportForces(forces json.RawMessage, content string) (json.RawMessage, string, error)
}

// ForcesOf are Forces over the rule set's board type B: each function works
// on decoded boards (the forces, or a battle's), changing the forces in
// place; ForcesOf decodes and encodes them. A refused change leaves the
// stored forces as they were (the decoded copy is dropped).
type ForcesOf[B any] struct {
	EnlistFn    func(forces, battle *B) (string, error)
	MusterFn    func(forces *B, chosen []string, absent func(string) bool) (*B, error)
	CarryBackFn func(forces, battle *B, k rules.Campaign) (*B, []rules.Carry)
	EditFn      func(forces *B, name, quality, reinforce string) (string, error)
	// QualityValues are the qualities EditFn reads (Forces.Qualities).
	QualityValues []string
	RemoveFn      func(forces *B, name string) (string, error)
	StatusFn      func(forces *B, people *Game, absent func(string) string) []interaction.Field
}

// ImportingForcesOf are ForcesOf that also read an order of battle.
type ImportingForcesOf[B any] struct {
	ForcesOf[B]
	ImportFn func(forces *B, content string) (string, error)
}

func decodeForces[B any](raw json.RawMessage) (*B, error) {
	b := new(B)
	if err := json.Unmarshal(raw, b); err != nil {
		return nil, fmt.Errorf("decode forces: %w", err)
	}
	return b, nil
}

func encodeForces[B any](b *B) (json.RawMessage, error) {
	raw, err := json.Marshal(b)
	if err != nil {
		return nil, fmt.Errorf("encode forces: %w", err)
	}
	return raw, nil
}

// change runs fn on the decoded forces and encodes them after it.
func change[B any](raw json.RawMessage, fn func(*B) (string, error)) (json.RawMessage, string, error) {
	f, err := decodeForces[B](raw)
	if err != nil {
		return nil, "", err
	}
	msg, err := fn(f)
	if err != nil {
		return nil, "", err
	}
	out, err := encodeForces(f)
	return out, msg, err
}

// Enlist implements Forces.
func (f ForcesOf[B]) Enlist(forces, board json.RawMessage) (json.RawMessage, string, error) {
	b, err := decodeForces[B](board)
	if err != nil {
		return nil, "", err
	}
	return change(forces, func(fs *B) (string, error) { return f.EnlistFn(fs, b) })
}

// Muster implements Forces.
func (f ForcesOf[B]) Muster(forces json.RawMessage, chosen []string, absent func(string) bool) (json.RawMessage, error) {
	fs, err := decodeForces[B](forces)
	if err != nil {
		return nil, err
	}
	b, err := f.MusterFn(fs, chosen, absent)
	if err != nil {
		return nil, err
	}
	return encodeForces(b)
}

// CarryBack implements Forces.
func (f ForcesOf[B]) CarryBack(forces, board json.RawMessage, k rules.Campaign) (json.RawMessage, []rules.Carry, error) {
	fs, err := decodeForces[B](forces)
	if err != nil {
		return nil, nil, err
	}
	b, err := decodeForces[B](board)
	if err != nil {
		return nil, nil, err
	}
	next, changes := f.CarryBackFn(fs, b, k)
	out, err := encodeForces(next)
	return out, changes, err
}

// EditForces implements Forces.
func (f ForcesOf[B]) EditForces(forces json.RawMessage, name, quality, reinforce string) (json.RawMessage, string, error) {
	return change(forces, func(fs *B) (string, error) { return f.EditFn(fs, name, quality, reinforce) })
}

// Words are values of a string type as strings (QualityValues).
func Words[T ~string](vs []T) []string {
	out := make([]string, len(vs))
	for i, v := range vs {
		out[i] = string(v)
	}
	return out
}

// Qualities implements Forces.
func (f ForcesOf[B]) Qualities() []string { return f.QualityValues }

// RemoveForces implements Forces.
func (f ForcesOf[B]) RemoveForces(forces json.RawMessage, name string) (json.RawMessage, string, error) {
	return change(forces, func(fs *B) (string, error) { return f.RemoveFn(fs, name) })
}

// ForcesStatus implements Forces.
func (f ForcesOf[B]) ForcesStatus(forces json.RawMessage, people *Game, absent func(string) string) ([]interaction.Field, error) {
	fs, err := decodeForces[B](forces)
	if err != nil {
		return nil, err
	}
	return f.StatusFn(fs, people, absent), nil
}

// ImportForces implements ForcesImporter.
func (f ImportingForcesOf[B]) ImportForces(forces json.RawMessage, content string) (json.RawMessage, string, error) {
	return change(forces, func(fs *B) (string, error) { return f.ImportFn(fs, content) })
}

// Count reads a number of /campaign edit, given as text (reinforce:2), what
// naming it in the refusal ("stands for a unit"); "" is 0.
func Count(s, what string) (int, error) {
	if s = strings.TrimSpace(s); s == "" {
		return 0, nil
	}
	n, err := strconv.Atoi(s)
	if err != nil {
		return 0, interaction.Refusef("Give %s as a number: `reinforce:2`.", what)
	}
	return n, nil
}

// Campaign house rules: the names of the switches of K1–K4.
const (
	CampaignDead    = "dead"
	CampaignSerious = "serious"
	CampaignLight   = "light"
	CampaignMorale  = "morale"
	CampaignLosses  = "losses"
)

// CampaignReadings are the readings K1–K4 of docs/readings.md.
var CampaignReadings = map[string]rules.Reading{
	"K1": {ID: "K1", Text: "The dead (figures, characters, generals, officers) are gone from the campaign's forces."},
	"K2": {ID: "K2", Text: "A seriously wounded figure or character misses the next battle of the campaign and returns after it; a light wound heals before the next battle."},
	"K3": {ID: "K3", Text: "Morale states do not carry: pinned, running, routed, shaken or disordered units return steady."},
	"K4": {ID: "K4", Text: "Lost stands, bases and strength points stay lost until the umpire reinforces; a Green Jackets squad keeps its surviving figures. Experience changes only by the umpire's edit."},
}

// CampaignHouseRules are the readings a campaign's umpire may switch
// (/campaign house-rule), the first value of each the reading.
var CampaignHouseRules = []HouseRule{
	{Name: CampaignDead, Values: []string{"gone", "wounded"}, Default: "gone",
		Reading: rules.Reading{ID: "K1", Text: CampaignReadings["K1"].Text + " wounded: the dead count as seriously wounded instead."}},
	{Name: CampaignSerious, Values: []string{"miss-next", "fit"}, Default: "miss-next",
		Reading: rules.Reading{ID: "K2", Text: CampaignReadings["K2"].Text + " fit: the seriously wounded fight the next battle."}},
	{Name: CampaignLight, Values: []string{"heal", "kept"}, Default: "heal",
		Reading: rules.Reading{ID: "K2", Text: CampaignReadings["K2"].Text + " kept: light wounds carry into the next battle."}},
	{Name: CampaignMorale, Values: []string{"steady", "kept"}, Default: "steady",
		Reading: rules.Reading{ID: "K3", Text: CampaignReadings["K3"].Text + " kept: morale states carry into the next battle."}},
	{Name: CampaignLosses, Values: []string{"stay-lost", "made-good"}, Default: "stay-lost",
		Reading: rules.Reading{ID: "K4", Text: CampaignReadings["K4"].Text + " made-good: lost stands, bases and strength points are made good before the next battle."}},
}

// Readings are the campaign's K1–K4 as its umpire switched them.
func (c *Campaign) Readings() rules.Campaign {
	on := func(name string) bool {
		v, ok := c.HouseRules[name]
		return ok && v != CampaignHouseRules[slices.IndexFunc(CampaignHouseRules, func(h HouseRule) bool { return h.Name == name })].Default
	}
	return rules.Campaign{DeadWounded: on(CampaignDead), SeriousFit: on(CampaignSerious), LightKept: on(CampaignLight),
		MoraleKept: on(CampaignMorale), LossesMadeGood: on(CampaignLosses)}
}

// Absent reports whether name misses the next battle of the campaign, and
// if so until which battle is recorded (K2).
func (c *Campaign) Absent(name string) (int, bool) {
	for _, a := range c.Out {
		if strings.EqualFold(a.Name, name) && a.Until > len(c.Battles) {
			return a.Until, true
		}
	}
	return 0, false
}

// Carried is the battle carried back that the campaign mustered as id, or nil.
func (c *Campaign) Carried(id string) *CampaignBattle {
	for i := range c.Battles {
		if b := &c.Battles[i]; id != "" && b.Muster == id {
			return b
		}
	}
	return nil
}

// Record carries a battle back, the one mustered as b.Muster (Pending): the
// forces become next, those its changes put out miss the campaign's next
// battle, those who missed this one return, and the battle is kept with
// its result and no longer pending. It returns who returns.
func (c *Campaign) Record(b CampaignBattle, next json.RawMessage) (returned []string) {
	b.N = len(c.Battles) + 1
	c.Battles = append(c.Battles, b)
	c.Mustered = slices.DeleteFunc(c.Mustered, func(m Mustered) bool { return m.ID == b.Muster })
	c.Forces = next
	c.Out = slices.DeleteFunc(c.Out, func(a Absence) bool {
		if a.Until <= b.N {
			returned = append(returned, a.Name)
			return true
		}
		return false
	})
	for _, ch := range b.Changes {
		if ch.Out {
			c.Out = append(c.Out, Absence{Name: ch.Name, Side: ch.Side, Until: b.N + 1})
		}
	}
	return returned
}

// Met reports whether the campaign's side has met name, of another side: it
// fought a battle of the campaign that name fought in.
func (c *Campaign) Met(side, name string) bool {
	for _, b := range c.Battles {
		fought, there := false, false
		for s, names := range b.Fought {
			if strings.EqualFold(s, side) {
				fought = len(names) > 0
			} else if slices.ContainsFunc(names, func(n string) bool { return strings.EqualFold(n, name) }) {
				there = true
			}
		}
		if fought && there {
			return true
		}
	}
	return false
}

// CampaignKey is the store key of the campaign called name on a server:
// "campaign:<guild>:<name folded>", which no channel id (a number) can be.
// The name folds to lower case, letters and digits kept and every run of
// anything else one "-", so that names differing only in case or
// punctuation are one campaign, and the key holds no brace (Redis hash
// tags).
func CampaignKey(guild, name string) (string, error) {
	if guild == "" {
		return "", interaction.Refuse("Campaigns belong to a server: use `/campaign` in a server's channel.")
	}
	if err := CheckCampaignName(name); err != nil {
		return "", err
	}
	var b strings.Builder
	dash := false
	for _, r := range strings.ToLower(name) {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			if dash && b.Len() > 0 {
				b.WriteByte('-')
			}
			b.WriteRune(r)
			dash = false
		} else {
			dash = true
		}
	}
	if b.Len() == 0 {
		return "", interaction.Refuse("A campaign's name needs a letter or a digit.")
	}
	return "campaign:" + guild + ":" + b.String(), nil
}

// MaxCampaignName is the longest campaign name.
const MaxCampaignName = 60

// CheckCampaignName refuses an empty or overlong campaign name.
func CheckCampaignName(name string) error {
	switch {
	case strings.TrimSpace(name) == "":
		return interaction.Refuse("Name the campaign: `name:Peninsula`.")
	case utf8.RuneCountInString(name) > MaxCampaignName:
		return interaction.Refusef("A campaign's name can be at most %d characters.", MaxCampaignName)
	}
	return nil
}

// DecodeCampaign reads a stored campaign document.
func DecodeCampaign(b []byte) (*Campaign, error) {
	var c Campaign
	if err := json.Unmarshal(b, &c); err != nil {
		return nil, fmt.Errorf("decode campaign: %w", err)
	}
	switch {
	case c.Schema > CampaignSchema:
		return nil, fmt.Errorf("decode campaign: schema %d is newer than this referee's %d", c.Schema, CampaignSchema)
	case c.Schema < 1:
		return nil, errors.New("decode campaign: missing schema version")
	}
	return &c, nil
}

// Encode writes the campaign document (without its log).
func (c *Campaign) Encode() ([]byte, error) {
	c.Schema = CampaignSchema
	b, err := json.Marshal(c)
	if err != nil {
		return nil, fmt.Errorf("encode campaign: %w", err)
	}
	return b, nil
}

// KeepNames adds names (user ids to names, as a battle knows them) to
// players, made when nil, and returns it; an empty name adds nothing.
func KeepNames(players, names map[string]string) map[string]string {
	for id, n := range names {
		if n == "" {
			continue
		}
		if players == nil {
			players = map[string]string{}
		}
		players[id] = n
	}
	return players
}

// People are the campaign's umpire and players as a game holds them, to
// name them as a battle does (Game.Player).
func (c *Campaign) People() *Game {
	return &Game{Umpire: c.Umpire, UmpireName: c.UmpireName, Players: c.Players}
}

// Player names a user of the campaign, as a battle names him (Game.Player).
func (c *Campaign) Player(id string) string { return c.People().Player(id) }
