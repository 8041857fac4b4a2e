package campaign

import (
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/referee-bot/referee/commands/battle"
	"github.com/referee-bot/referee/commands/battle/view"
	"github.com/referee-bot/referee/commands/interaction"
	"github.com/referee-bot/referee/rules"
)

// Schema is the version of the campaign document this code writes.
const Schema = 1

// A Campaign is a server's named run of battles: its forces in the rule
// set's own terms, who of them misses the next battle, the battles fought and
// a log. It is one more document in the game store, under its own key
// (Key), with a game's guarantees: atomic, idempotent on the
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
	// HouseRules are the umpire's switches of K1–K4 (HouseRules).
	HouseRules map[string]string `json:"house_rules,omitempty"`
	// Fog is the fog of war of the campaign (/campaign settings fog:on): a
	// player's views show his own side's forces and of the enemy only what
	// the campaign's battles revealed to his side (campaigncmd's views); its
	// battles start with fog on.
	Fog bool `json:"fog,omitempty"`
	// Out are those who miss battles (K2).
	Out []Absence `json:"out,omitempty"`
	// Battles are the battles carried back, in order.
	Battles []Battle `json:"battles,omitempty"`
	// Mustered are the battles the campaign mustered (/game start
	// campaign:) and that have not been carried back: only these can be,
	// each once, by the id the campaign issued it (battle.Game.Muster). They
	// are never read from a file (record.ReadCampaign drops them): a
	// campaign import keeps those of the campaign it replaces.
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

// A Battle is a battle's result as the campaign keeps it.
type Battle struct {
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

// Campaign house rules: the names of the switches of K1–K4.
const (
	Dead    = "dead"
	Serious = "serious"
	Light   = "light"
	Morale  = "morale"
	Losses  = "losses"
)

// Readings are the readings K1–K4 of docs/readings.md.
var Readings = map[string]rules.Reading{
	"K1": {ID: "K1", Text: "The dead (figures, characters, generals, officers) are gone from the campaign's forces."},
	"K2": {ID: "K2", Text: "A seriously wounded figure or character misses the next battle of the campaign and returns after it; a light wound heals before the next battle."},
	"K3": {ID: "K3", Text: "Morale states do not carry: pinned, running, routed, shaken or disordered units return steady."},
	"K4": {ID: "K4", Text: "Lost stands, bases and strength points stay lost until the umpire reinforces; a Green Jackets squad keeps its surviving figures. Experience changes only by the umpire's edit."},
}

// HouseRules are the readings a campaign's umpire may switch
// (/campaign house-rule), the first value of each the reading.
var HouseRules = []rules.HouseRule{
	{Name: Dead, Values: []string{"gone", "wounded"},
		Reading: rules.Reading{ID: "K1", Text: Readings["K1"].Text + " wounded: the dead count as seriously wounded instead."}},
	{Name: Serious, Values: []string{"miss-next", "fit"},
		Reading: rules.Reading{ID: "K2", Text: Readings["K2"].Text + " fit: the seriously wounded fight the next battle."}},
	{Name: Light, Values: []string{"heal", "kept"},
		Reading: rules.Reading{ID: "K2", Text: Readings["K2"].Text + " kept: light wounds carry into the next battle."}},
	{Name: Morale, Values: []string{"steady", "kept"},
		Reading: rules.Reading{ID: "K3", Text: Readings["K3"].Text + " kept: morale states carry into the next battle."}},
	{Name: Losses, Values: []string{"stay-lost", "made-good"},
		Reading: rules.Reading{ID: "K4", Text: Readings["K4"].Text + " made-good: lost stands, bases and strength points are made good before the next battle."}},
}

// Readings are the campaign's K1–K4 as its umpire switched them.
func (c *Campaign) Readings() rules.Campaign {
	on := func(name string) bool {
		v, ok := c.HouseRules[name]
		return ok && v != HouseRules[slices.IndexFunc(HouseRules, func(h rules.HouseRule) bool { return h.Name == name })].Default()
	}
	return rules.Campaign{DeadWounded: on(Dead), SeriousFit: on(Serious), LightKept: on(Light),
		MoraleKept: on(Morale), LossesMadeGood: on(Losses)}
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
func (c *Campaign) Carried(id string) *Battle {
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
func (c *Campaign) Record(b Battle, next json.RawMessage) (returned []string) {
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

// Fought are the names of the board of the ended battle g, played under
// rs, by side, as its campaign records them (Battle.Fought): nil when the
// rule set has no fog of war.
func Fought(rs battle.Ruleset, g *battle.Game) (map[string][]string, error) {
	f, ok := rs.(view.Fog)
	if !ok {
		return nil, nil
	}
	names, err := f.Names(g)
	if err != nil {
		return nil, err
	}
	out := map[string][]string{}
	for n, side := range names {
		if side != "" {
			out[side] = append(out[side], n)
		}
	}
	for _, ns := range out {
		slices.Sort(ns)
	}
	return out, nil
}

// Key is the store key of the campaign called name on a server:
// "campaign:<guild>:<name folded>", which no channel id (a number) can be.
// The name folds to lower case, letters and digits kept and every run of
// anything else one "-", so that names differing only in case or
// punctuation are one campaign, and the key holds no brace (Redis hash
// tags).
func Key(guild, name string) (string, error) {
	if guild == "" {
		return "", interaction.Refuse("Campaigns belong to a server: use `/campaign` in a server's channel.")
	}
	if err := CheckName(name); err != nil {
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

// MaxName is the longest campaign name.
const MaxName = 60

// CheckName refuses an empty or overlong campaign name.
func CheckName(name string) error {
	switch {
	case strings.TrimSpace(name) == "":
		return interaction.Refuse("Name the campaign: `name:Peninsula`.")
	case utf8.RuneCountInString(name) > MaxName:
		return interaction.Refusef("A campaign's name can be at most %d characters.", MaxName)
	}
	return nil
}

// Decode reads a stored campaign document.
func Decode(b []byte) (*Campaign, error) {
	var c Campaign
	if err := json.Unmarshal(b, &c); err != nil {
		return nil, fmt.Errorf("decode campaign: %w", err)
	}
	switch {
	case c.Schema > Schema:
		return nil, fmt.Errorf("decode campaign: schema %d is newer than this referee's %d", c.Schema, Schema)
	case c.Schema < 1:
		return nil, errors.New("decode campaign: missing schema version")
	}
	return &c, nil
}

// Encode writes the campaign document (without its log).
func (c *Campaign) Encode() ([]byte, error) {
	c.Schema = Schema
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
// name them as a battle does (battle.Game.Player).
func (c *Campaign) People() *battle.Game {
	return &battle.Game{Umpire: c.Umpire, UmpireName: c.UmpireName, Players: c.Players}
}

// Player names a user of the campaign, as a battle names him
// (battle.Game.Player).
func (c *Campaign) Player(id string) string { return c.People().Player(id) }
