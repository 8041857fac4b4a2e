package battle

import (
	"encoding/json"

	"github.com/bwmarrin/discordgo"

	"github.com/referee-bot/referee/commands/interaction"
	"github.com/referee-bot/referee/rules"
)

// A Ruleset is one rule set as the game lifecycle, /rules and the routes see
// it: the core every rule set has. What only some rule sets have is an
// optional capability (TurnEngine, SecretCards; the fog of war, view.Fog,
// is declared where it is read), checked with a type assertion, so that no
// rule set answers a method with a refusal.
type Ruleset interface {
	// ID is the rule set's id ("greenjackets"), defined once, in its rules
	// package; Name its title ("Green Jackets").
	ID() string
	Name() string
	// FirstSteps is what to do after /game start, in order, as a Markdown
	// numbered list: the roster first (which commands), then the first turn.
	FirstSteps() string
	// NewBoard is the board of a new game.
	NewBoard() any
	// ValidateBoard checks an imported board: it decodes, every value is in
	// range and every reference resolves. Its error is shown to the umpire as
	// why the file was refused, so it says in one sentence what is wrong
	// ("unit 3 names officer 9, who is not on the roster").
	ValidateBoard(board json.RawMessage) error
	// Status is the rule set's part of /game status: turn, sides, roster, whose move.
	Status(g *Game) ([]interaction.Field, error)
	// Losses is the rule set's part of the after-action report, in Markdown.
	Losses(g *Game) (string, error)
	// HouseRules are the readings an umpire may switch, with their values.
	HouseRules() []rules.HouseRule
	// Topics are what /rules can show.
	Topics() []rules.Topic

	// Definitions are the rule set's own slash commands (/greenjackets,
	// /volleyfire and /volleyfire-roster, ...), and Routes their
	// subcommands and buttons.
	Definitions() []*discordgo.ApplicationCommand
	Routes() []Route
	// Choices answers autocomplete on the rule set's command: g is the
	// channel's game when it is played with this rule set, nil otherwise.
	// It is asked for every command path whose definition has an
	// autocomplete option.
	Choices(g *Game, req interaction.Request) []interaction.Choice
}

// A Route is one subcommand of a rule set's command (Path "crimea fire") or,
// with Button, one button route (Path a custom-id prefix, battle.Button...).
type Route struct {
	Path string
	Run  ChangeFunc
	// Ruling routes run against the channel's battle when there is one and
	// as a quick ruling otherwise (Service.Rule); the others change the
	// channel's battle (Service.Change).
	Ruling bool
	Button bool
	// Slow routes are deferred first (Discord's 3-second rule).
	Slow bool
}

// A TurnEngine runs a rule set's turn sequence: /turn new, /turn next, /turn
// status and the turn buttons.
type TurnEngine interface {
	NewTurn(tx *Tx) (interaction.Response, error)
	NextTurn(tx *Tx) (interaction.Response, error)
	TurnStatus(tx *Tx) (interaction.Response, error)
	// Moment is where the game's turn stands. Turn buttons (turnmsg.ButtonNext,
	// turnmsg.ButtonAct) shown by a change are bound to the moment after it, and
	// a press made at another moment is refused to the presser alone.
	Moment(g *Game) (rules.Moment, error)
	// Sequence says how a turn runs and how a player acts in it, in a
	// sentence or two that stand alone ("Volleyfire! has no cards: sides take
	// turns activating a unit each…"); /card and /act answer with it in a
	// rule set without SecretCards.
	Sequence() string
	// Waiting lists whom the battle waits on now, and for what: the players
	// who must act, or the umpire (a count to call, a combat to resolve, a
	// test he called). It is the one answer deadlines, reminders, the
	// digest, /turn status and automatic calls (calls:auto) hang on. It is
	// empty before the first turn.
	Waiting(g *Game) ([]Wait, error)
	// TurnView is the battle's turn message, from the game alone: where the
	// turn stands (the turn, the count, card or activation, who acts now
	// and who has acted), with its turn buttons while the turn runs. The
	// battle shows it after every change that alters it, with the news of
	// the turn step that made it (Response.Turn's content) above it and
	// the deadlines pending below.
	TurnView(g *Game) (interaction.Message, error)
	// Pass passes user's move, as a Wait of Waiting named it: exactly what
	// his own pass would do, no more; the umpire's call (Wait.Call) is
	// made, as his /turn next makes it. tx.Req.User is the umpire, in whose
	// name a deadline acts; a rule set whose holders pass for themselves
	// acts as user. A move that cannot be passed is refused, as to a player.
	Pass(tx *Tx, user string) (interaction.Response, error)
}

// A Wait is one move the battle waits on.
type Wait struct {
	// User is who must move: a player, or the umpire for what he plays.
	User string
	// What says the move to its holder, in Markdown, names made inert:
	// "act with Harris at count 5 (`/act`), or hold back". It falls to
	// him at the battle's moment (TurnEngine.Moment), its deadline set then.
	What string
	// Call marks the umpire's call that moves the turn on (the next count,
	// card, activation or phase, a new turn): what the referee makes itself
	// under calls:auto once nothing else is waited on.
	Call bool
}

// SecretCards is a turn engine that deals each officer a secret card: /card
// shows the invoker his own, /act plays it.
type SecretCards interface {
	Card(tx *Tx) (interaction.Response, error)
	Act(tx *Tx) (interaction.Response, error)
}
