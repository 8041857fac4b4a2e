package decode

import (
	"fmt"
	"reflect"
	"strings"

	"github.com/bwmarrin/discordgo"

	"github.com/referee-bot/referee/commands/battle"
	"github.com/referee-bot/referee/commands/interaction"
)

// Mode, embedded in an order, says how it is played: against the channel's
// battle, when the battle is played with the decoder's rule set, or as a
// quick ruling, on a board built from the options, otherwise. The decoder
// decides it once, and resolves roster names only in a battle.
type Mode bool

// Battle reports whether the order is played against the channel's battle.
func (m Mode) Battle() bool { return bool(m) }

// Given, embedded in an order, is which of its options the invoker typed:
// the decoder fills it, so that a handler tells an option left out from one
// typed as its zero value without reading the request.
type Given struct{ typed map[string]bool }

// Has reports whether the invoker typed the option called name (a default
// filled in is not typed).
func (g Given) Has(name string) bool { return g.typed[name] }

// A Name is one name on a battle's roster and the kind of thing it names, in
// the rule set's words ("squad", "figure", "side").
type Name struct{ Name, Kind string }

// A Roster lists every name on a game's board: the decoder passes it the
// game as the invoker may see it, so that the names are his.
type Roster func(g *battle.Game) ([]Name, error)

// A Decoder decodes the options of one rule set's command into typed orders.
type Decoder struct {
	id     string
	def    *discordgo.ApplicationCommand
	roster Roster
	values map[reflect.Type]Value
}

// New is the decoder of def, the command of rule set id, whose roster
// lists the names of its board and values are the parsers of the rule
// set's own value types (its enums, its lists).
func New(id string, def *discordgo.ApplicationCommand, roster Roster, values ...Value) *Decoder {
	d := &Decoder{id: id, def: def, roster: roster, values: map[reflect.Type]Value{}}
	for _, v := range values {
		if _, dup := d.values[v.typ]; dup {
			panic("decode: two parsers of " + v.typ.String())
		}
		d.values[v.typ] = v
	}
	return d
}

// anyRuleset is the id of a decoder of a command of every rule set.
const anyRuleset = ""

// ForEvery is the decoder of def, a command played in a battle of any rule
// set (/map): its roster lists the names of the battle's board, whatever
// its rule set, and they are resolved in every battle.
func ForEvery(def *discordgo.ApplicationCommand, roster Roster, values ...Value) *Decoder {
	return New(anyRuleset, def, roster, values...)
}

// A Value is the parser of one of a rule set's value types.
type Value struct {
	typ   reflect.Type
	parse func(string) (reflect.Value, error)
	// name is where a value holds its roster name (nil: it holds none).
	name func(reflect.Value) *string
}

// Parse is the parser of T, a rule set's enum or other value, read from a
// text option: its own list's parser (gj.ParseCover). An option not given
// is parse(""), the rule set's word for nothing typed, or T's zero value
// when parse refuses "".
func Parse[T any](parse func(string) (T, error)) Value {
	return Value{typ: reflect.TypeFor[T](), parse: func(s string) (reflect.Value, error) {
		v, err := parse(s)
		return reflect.ValueOf(&v).Elem(), err
	}}
}

// ParseNamed is Parse for an entry of a list that names something on the
// roster ("Harper (sword charging)"): name is where its name is, which the
// decoder resolves as any roster name.
func ParseNamed[T any](parse func(string) (T, error), name func(*T) *string) Value {
	v := Parse(parse)
	v.name = func(r reflect.Value) *string { return name(r.Addr().Interface().(*T)) }
	return v
}

// A HandlerFunc is a handler of a typed order T.
type HandlerFunc[T any] func(tx *battle.Tx, o T) (interaction.Response, error)

// Route is the route of the subcommand at path ("greenjackets fire"): its
// options decoded into T, then h. It panics when T does not match the
// subcommand's definition, so that a mismatch stops the bot at start.
func Route[T any](d *Decoder, path string, h HandlerFunc[T]) battle.Route {
	p := d.plan(path, reflect.TypeFor[T]())
	return battle.Route{Path: path, Run: func(tx *battle.Tx) (interaction.Response, error) {
		var o T
		if err := d.decode(tx, p, reflect.ValueOf(&o).Elem()); err != nil {
			return interaction.Response{}, err
		}
		return h(tx, o)
	}}
}

// Reader is Route for a subcommand that only reads the channel's battle, a
// view of it shown to the invoker, run outside any change: it decodes the
// request's options into T, and resolves its roster names against seen,
// the battle as the invoker may see it (nil: no battle, names free).
func Reader[T any](d *Decoder, path string) func(req interaction.Request, seen *battle.Game) (T, error) {
	p := d.plan(path, reflect.TypeFor[T]())
	return func(req interaction.Request, seen *battle.Game) (T, error) {
		var o T
		r := resolver{d: d, req: req, seen: func() (*battle.Game, error) { return seen, nil }, about: func(string) {}}
		err := d.fill(seen, r, p, reflect.ValueOf(&o).Elem())
		return o, err
	}
}

// Ruling is Route for a subcommand that is a quick ruling outside a battle
// (battle.Route.Ruling).
func Ruling[T any](d *Decoder, path string, h HandlerFunc[T]) battle.Route {
	r := Route(d, path, h)
	r.Ruling = true
	return r
}

// subcommand is the definition's subcommand at path.
func (d *Decoder) subcommand(path string) *discordgo.ApplicationCommandOption {
	words := strings.Fields(path)
	if len(words) < 2 || words[0] != d.def.Name {
		panic(fmt.Sprintf("decode: %q is not a subcommand of /%s", path, d.def.Name))
	}
	opts := d.def.Options
	var sub *discordgo.ApplicationCommandOption
	for _, w := range words[1:] {
		sub = nil
		for _, o := range opts {
			if o.Name == w && (o.Type == discordgo.ApplicationCommandOptionSubCommand || o.Type == discordgo.ApplicationCommandOptionSubCommandGroup) {
				sub = o
			}
		}
		if sub == nil {
			panic(fmt.Sprintf("decode: /%s has no subcommand %q", d.def.Name, path))
		}
		opts = sub.Options
	}
	if sub.Type != discordgo.ApplicationCommandOptionSubCommand {
		panic(fmt.Sprintf("decode: %q is a group, not a subcommand", path))
	}
	return sub
}
