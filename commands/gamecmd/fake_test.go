package gamecmd_test

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"github.com/bwmarrin/discordgo"

	"github.com/referee-bot/referee/commands/battle"
	"github.com/referee-bot/referee/commands/interaction"
	"github.com/referee-bot/referee/rules"
)

// fakeWar is a small rule set for these tests, so that turn dispatch, house
// rules, boards and imports are exercised without the real rule sets. Each
// player owns one unit; /turn new deals everyone a secret card (a d6) by DM;
// /act fires the invoker's unit at the next live enemy (d6: 4+ kills, 3+
// with the house rule "aim" = steady); /turn next ends the turn.
type fakeWar struct{}

type fakeUnit struct {
	Name  string `json:"name"`
	Owner string `json:"owner"`
	Dead  bool   `json:"dead,omitempty"`
}

type fakeBoard struct {
	Turn  int            `json:"turn"`
	Units []fakeUnit     `json:"units"`
	Cards map[string]int `json:"cards,omitempty"`
}

func (fakeWar) ID() string   { return "fakewar" }
func (fakeWar) Name() string { return "Fake War" }

func (fakeWar) FirstSteps() string { return "1. Umpire: muster the units.\n2. `/turn new`." }
func (fakeWar) NewBoard() any {
	return fakeBoard{Units: []fakeUnit{{Name: "95th Rifles", Owner: "p1"}, {Name: "Voltigeurs", Owner: "p2"}}}
}

func (fakeWar) ValidateBoard(b json.RawMessage) error {
	var fb fakeBoard
	if err := json.Unmarshal(b, &fb); err != nil {
		return errors.New("the board does not decode")
	}
	for i, u := range fb.Units {
		if u.Owner == "" {
			return fmt.Errorf("unit %d (%s) has no owner", i+1, u.Name)
		}
	}
	for holder := range fb.Cards {
		if !strings.HasPrefix(holder, "p") {
			return fmt.Errorf("a card is held by %s, who commands no unit", holder)
		}
	}
	return nil
}

func (fakeWar) Status(g *battle.Game) ([]interaction.Field, error) {
	var fb fakeBoard
	if err := json.Unmarshal(g.Board, &fb); err != nil {
		return nil, err
	}
	var units []string
	for _, u := range fb.Units {
		state := "in line"
		if u.Dead {
			state = "lost"
		}
		units = append(units, fmt.Sprintf("%s (%s): %s", u.Name, g.Player(u.Owner), state))
	}
	return []interaction.Field{{Name: "Turn", Value: fmt.Sprint(fb.Turn)}, {Name: "Units", Value: strings.Join(units, "\n")}}, nil
}

func (fakeWar) Losses(g *battle.Game) (string, error) {
	var fb fakeBoard
	if err := json.Unmarshal(g.Board, &fb); err != nil {
		return "", err
	}
	var b strings.Builder
	for _, u := range fb.Units {
		if u.Dead {
			fmt.Fprintf(&b, "- %s\n", u.Name)
		}
	}
	return b.String(), nil
}

func (fakeWar) HouseRules() []rules.HouseRule {
	return []rules.HouseRule{{Name: "aim", Values: []string{"hasty", "steady"},
		Reading: rules.Reading{ID: "F1", Text: "fire kills on 4+; steady aim kills on 3+"}}}
}

func (fakeWar) Topics() []rules.Topic {
	return []rules.Topic{
		{Name: "fire", Title: "Fire chart", Body: "```\nd6  result\n1-3 miss\n4-6 kill\n```",
			Readings: []rules.Reading{{ID: "F1", Text: "fire kills on 4+; steady aim kills on 3+"}}},
		{Name: "long", Title: "A long text", Body: strings.Repeat("line of text\n", 800)},
	}
}

func board(tx *battle.Tx) (fakeBoard, error) {
	fb, err := battle.TakeBoard[fakeBoard](tx)
	if err != nil {
		return fakeBoard{}, err
	}
	return *fb, nil
}

func (fakeWar) Definitions() []*discordgo.ApplicationCommand {
	return []*discordgo.ApplicationCommand{{Name: "fakewar", Description: "Fake War"}}
}
func (fakeWar) Routes() []battle.Route                                         { return nil }
func (fakeWar) Choices(*battle.Game, interaction.Request) []interaction.Choice { return nil }

// Moment is the turn.
func (fakeWar) Moment(g *battle.Game) (rules.Moment, error) {
	var fb fakeBoard
	if err := json.Unmarshal(g.Board, &fb); err != nil {
		return rules.Moment{}, err
	}
	return rules.Moment{Turn: fb.Turn, Key: fmt.Sprint(fb.Turn), Text: fmt.Sprintf("turn %d", fb.Turn)}, nil
}

func (fakeWar) Sequence() string { return "Fake War acts on cards." }

// TurnView is the turn; Fake War's turn steps post their own messages.
func (w fakeWar) TurnView(g *battle.Game) (interaction.Message, error) {
	m, err := w.Moment(g)
	return interaction.Message{Embeds: []interaction.Embed{{Title: "Turn " + m.Key}}}, err
}

// Waiting is every holder of a card of a unit in line: each must act;
// once none is, the umpire, to start the next turn.
func (w fakeWar) Waiting(g *battle.Game) ([]battle.Wait, error) {
	var fb fakeBoard
	if err := json.Unmarshal(g.Board, &fb); err != nil {
		return nil, err
	}
	var out []battle.Wait
	for _, u := range fb.Units {
		if _, ok := fb.Cards[u.Owner]; ok && !u.Dead {
			out = append(out, battle.Wait{User: u.Owner, What: "fire " + u.Name})
		}
	}
	if len(out) == 0 && fb.Turn > 0 {
		out = append(out, battle.Wait{User: g.Umpire, What: "start the next turn", Call: true})
	}
	return out, nil
}

// Pass gives up the holder's card; the umpire's call starts the next turn.
func (w fakeWar) Pass(tx *battle.Tx, user string) (interaction.Response, error) {
	fb, err := board(tx)
	if err != nil {
		return interaction.Response{}, err
	}
	if waits, err := w.Waiting(tx.Game); err == nil && len(waits) == 1 && waits[0].Call {
		return w.NewTurn(tx)
	}
	if _, ok := fb.Cards[user]; !ok {
		return interaction.Response{}, interaction.Refuse("He holds no card.")
	}
	delete(fb.Cards, user)
	tx.Log(user + " passes")
	if err := tx.SetBoard(fb); err != nil {
		return interaction.Response{}, err
	}
	return interaction.Say(user + " passes."), nil
}

func (fakeWar) NewTurn(tx *battle.Tx) (interaction.Response, error) {
	if err := tx.RequireUmpire("start a turn"); err != nil {
		return interaction.Response{}, err
	}
	fb, err := board(tx)
	if err != nil {
		return interaction.Response{}, err
	}
	fb.Turn++
	fb.Cards = map[string]int{}
	var resp interaction.Response
	for _, u := range fb.Units {
		card := tx.Dice().Roll(6)
		fb.Cards[u.Owner] = card
		resp.DMs = append(resp.DMs, interaction.DM{UserID: u.Owner, Message: interaction.Message{Content: fmt.Sprintf("Your card: %d", card)},
			Fallback: "they can see it with /card"})
	}
	tx.LogSecret(fmt.Sprintf("turn %d: cards dealt", fb.Turn))
	if err := tx.SetBoard(fb); err != nil {
		return interaction.Response{}, err
	}
	resp.Public = []interaction.Message{{Content: fmt.Sprintf("Turn %d: cards dealt.", fb.Turn),
		Buttons: []interaction.Button{{Label: "Next", ID: "v1/turn/next"}, {Label: "Act", ID: "v1/turn/act"}}}}
	return resp, nil
}

func (fakeWar) NextTurn(tx *battle.Tx) (interaction.Response, error) {
	fb, err := board(tx)
	if err != nil {
		return interaction.Response{}, err
	}
	fb.Cards = nil
	tx.Log(fmt.Sprintf("turn %d over", fb.Turn))
	if err := tx.SetBoard(fb); err != nil {
		return interaction.Response{}, err
	}
	return interaction.Say(fmt.Sprintf("Turn %d is over.", fb.Turn)), nil
}

func (fakeWar) TurnStatus(tx *battle.Tx) (interaction.Response, error) {
	fb, err := board(tx)
	if err != nil {
		return interaction.Response{}, err
	}
	return interaction.Whisper(fmt.Sprintf("Turn %d, %d cards out.", fb.Turn, len(fb.Cards))), nil
}

func (fakeWar) Card(tx *battle.Tx) (interaction.Response, error) {
	fb, err := board(tx)
	if err != nil {
		return interaction.Response{}, err
	}
	c, ok := fb.Cards[tx.Req.User.ID]
	if !ok {
		return interaction.Response{}, interaction.Refuse("You hold no card this turn.")
	}
	return interaction.Whisper(fmt.Sprintf("Your card: %d", c)), nil
}

func (fakeWar) Act(tx *battle.Tx) (interaction.Response, error) {
	fb, err := board(tx)
	if err != nil {
		return interaction.Response{}, err
	}
	me := -1
	for i, u := range fb.Units {
		if u.Owner == tx.Req.User.ID && !u.Dead {
			me = i
		}
	}
	if me < 0 {
		return interaction.Response{}, rules.Breachf("You command no unit still in the fight.")
	}
	target := -1
	for i, u := range fb.Units {
		if i != me && !u.Dead {
			target = i
		}
	}
	if target < 0 {
		return interaction.Response{}, rules.Breachf("There is no enemy left to fire at.")
	}
	need, reading := 4, ""
	if tx.HouseRule("aim") == "steady" {
		need, reading = 3, "house rule aim=steady: kills on 3+"
	}
	roll := tx.Dice().Roll(6)
	result := "miss"
	if roll >= need {
		result = "kill"
		fb.Units[target].Dead = true
	}
	tx.Log(fmt.Sprintf("%s fires at %s: %s", fb.Units[me].Name, fb.Units[target].Name, result))
	if err := tx.SetBoard(fb); err != nil {
		return interaction.Response{}, err
	}
	return interaction.Say(fmt.Sprintf("%s fires: d6 %d, need %d+ → %s. %s", fb.Units[me].Name, roll, need, result, reading)), nil
}
