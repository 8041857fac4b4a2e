package roster

import (
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/referee-bot/referee/commands/battle"
	"github.com/referee-bot/referee/commands/decode"
	"github.com/referee-bot/referee/commands/interaction"
	"github.com/referee-bot/referee/commands/render"
)

// A Kind is one kind of roster entry (units, officers, command bases): how to
// name it in a refusal, how to read an entry's name, and what to say when no
// entry has the name asked for.
type Kind[T any] struct {
	// What names the kind in a refusal: "unit", "general".
	What string
	// Name is an entry's name.
	Name func(*T) string
	// Missing is the refusal for a name no entry has.
	Missing func(name string) error
	// Trim: spaces around the name asked for are ignored.
	Trim bool
}

// Find is the entry called name, ignoring case, or nil.
func (k Kind[T]) Find(entries []T, name string) *T {
	if k.Trim {
		name = strings.TrimSpace(name)
	}
	for i := range entries {
		if strings.EqualFold(k.Name(&entries[i]), name) {
			return &entries[i]
		}
	}
	return nil
}

// Get is the entry called name, ignoring case, or the refusal k.Missing(name).
func (k Kind[T]) Get(entries []T, name string) (*T, error) {
	if e := k.Find(entries, name); e != nil {
		return e, nil
	}
	return nil, k.Missing(name)
}

// Must is Get that first refuses an empty name: "Name the <what>.".
func (k Kind[T]) Must(entries []T, name string) (*T, error) {
	if name == "" {
		return nil, interaction.Refusef("Name the %s.", k.What)
	}
	return k.Get(entries, name)
}

// CheckName refuses an empty name ("Give the <what> a name.") and one of more
// than max characters ("A <what>'s name can be at most <max> characters.").
func CheckName(what, name string, max int) error {
	switch {
	case name == "":
		return interaction.Refusef("Give the %s a name.", what)
	case utf8.RuneCountInString(name) > max:
		return interaction.Refusef("A %s's name can be at most %d characters.", what, max)
	}
	return nil
}

// AddPlayer records p's display name among g's players, so that the game can
// address them; a nil game or a user without a name changes nothing.
func AddPlayer(g *battle.Game, p interaction.User) {
	if g == nil || p.Name == "" {
		return
	}
	if g.Players == nil {
		g.Players = map[string]string{}
	}
	g.Players[p.ID] = p.Name
}

// Umpires is the answer to a roster change by the umpire: under fog of war
// the roster is his, and its changes are told to him alone.
func Umpires(tx *battle.Tx, resp interaction.Response) interaction.Response {
	if tx.Game.Fogged() {
		resp.Ephemeral, resp.Public = append(resp.Public, resp.Ephemeral...), nil
	}
	return resp
}

// Holder is who moves what player plays in g: the player, or the umpire
// for what no player plays ("").
func Holder(g *battle.Game, player string) string {
	if player == "" {
		return g.Umpire
	}
	return player
}

// WaitsOn is a battle.Wait on each of users for what, the first of each user
// alone, in order.
func WaitsOn(users []string, what string) []battle.Wait {
	var out []battle.Wait
	for _, u := range users {
		if !slices.ContainsFunc(out, func(w battle.Wait) bool { return w.User == u }) {
			out = append(out, battle.Wait{User: u, What: what})
		}
	}
	return out
}

// Umpire is the board load reads, for a change only the umpire makes
// (what names it in the refusal to anyone else).
func Umpire[B any](tx *battle.Tx, what string, load func(*battle.Tx) (B, error)) (B, error) {
	if err := tx.RequireUmpire(what); err != nil {
		var none B
		return none, err
	}
	return load(tx)
}

// Change is an umpire's change to the roster (what names it in the
// refusal to anyone else): edit changes the board load reads and says
// what to log and what to answer, or with nothing to log that nothing
// changed (its words are not read when it fails). The board is saved, and
// the answer told as Umpires tells it.
func Change[B any](tx *battle.Tx, what string, load func(*battle.Tx) (B, error), edit func(B) (log, say string, err error)) (interaction.Response, error) {
	b, err := Umpire(tx, what, load)
	if err != nil {
		return interaction.Response{}, err
	}
	log, say, err := edit(b)
	switch {
	case err != nil:
		return interaction.Response{}, err
	case log == "":
		return interaction.Whisper(say), nil
	}
	if err := Save(tx, b, log); err != nil {
		return interaction.Response{}, err
	}
	return Umpires(tx, interaction.Say(render.Clip(say, render.MaxContent))), nil
}

// Named is out with each item's name, of kind, added: the names a rule
// set's roster (decode.Roster) lists.
func Named[T any](out []decode.Name, kind string, items []T, name func(T) string) []decode.Name {
	for _, it := range items {
		out = append(out, decode.Name{Name: name(it), Kind: kind})
	}
	return out
}
