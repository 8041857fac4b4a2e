package firing2007

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"

	"github.com/referee-bot/referee/commands/battle"
	"github.com/referee-bot/referee/commands/interaction"
	"github.com/referee-bot/referee/commands/render"
	"github.com/referee-bot/referee/rules"
	fr "github.com/referee-bot/referee/rules/firing2007"
)

// ID is the rule set's id and its command's name.
const ID = "firing2007"

// Ruleset is "Rules – Firing" (2007) as the game lifecycle, the turn engine and
// /rules see it.
type Ruleset struct{}

// New returns the rule set.
func New() Ruleset { return Ruleset{} }

var _ battle.Ruleset = Ruleset{}

// ID is "firing2007".
func (Ruleset) ID() string { return ID }

// Name is the post's title.
func (Ruleset) Name() string { return "Rules – Firing (2007)" }

// NewBoard is an empty roster before the first turn.
func (Ruleset) NewBoard() any { return Board{} }

// ValidateBoard checks an imported board.
func (Ruleset) ValidateBoard(raw json.RawMessage) error {
	_, err := validate(raw)
	return err
}

// House-rule names.
const (
	HouseCavalry     = "cavalry-fire"
	HouseHowitzerGap = "howitzer-gap"
)

// HouseRules are the readings the umpire may switch: cavalry firing (F6) and the
// howitzer row's gap (F2).
func (Ruleset) HouseRules() []battle.HouseRule {
	return []battle.HouseRule{
		{
			Name:    HouseCavalry,
			Values:  []string{string(fr.CavalryNoRule), string(fr.CavalryMinus1), string(fr.CavalryForbidden)},
			Default: string(fr.CavalryNoRule),
			Reading: rules.Reading{ID: "F6", Text: "the post leaves cavalry firing open: none (the default) lets cavalry fire on the muskets row with no special factor; -1 gives them −1; forbidden lets them not fire at all"},
		},
		{
			Name:    HouseHowitzerGap,
			Values:  []string{string(fr.GapMedium), string(fr.GapLiteral)},
			Default: string(fr.GapMedium),
			Reading: rules.Reading{ID: "F2", Text: "the howitzer row skips 9–15\": medium (the default) reads medium range as 9–24\"; literal gives no band, so howitzers cannot fire at 9–15\""},
		},
	}
}

// house is the game's house rules as the rules package takes them.
func house(tx *battle.Tx) fr.House {
	h := fr.House{Cavalry: fr.CavalryFire(tx.HouseRule(HouseCavalry)), HowitzerGap: fr.HowitzerGap(tx.HouseRule(HouseHowitzerGap))}
	if h.Cavalry == "" {
		h.Cavalry = fr.CavalryNoRule
	}
	if h.HowitzerGap == "" {
		h.HowitzerGap = fr.GapMedium
	}
	return h
}

// Topics are what /rules ruleset:firing2007 shows.
func (Ruleset) Topics() []battle.Topic {
	var factors strings.Builder
	factors.WriteString("Roll 2d6 and add every factor that applies; **7 or more: the target loses 1 strength point**.\n```\n")
	factors.WriteString(fr.FactorTable())
	factors.WriteString("```\nOnly the firer's own type counts: line infantry, rifles, guns and cavalry have no type factor. " +
		"Strength 5 or more has no factor. `/firing2007 fire` works it out from the roster or from options.")
	return []battle.Topic{
		{Name: "ranges", Title: "Ranges by weapon (inches)",
			Body: "A unit fires at anything directly ahead of a base and up to 45° to either side, the whole target base visible, in range and within the angle of fire.\n```\n" +
				fr.RangeTable() + "```\nCavalry fire on the muskets row. Beyond the last band the fire is refused.",
			Readings: []rules.Reading{fr.ReadingGap, fr.ReadingBoundary, fr.ReadingCavalry}},
		{Name: "factors", Title: "Firing factors", Body: factors.String(),
			Readings: []rules.Reading{fr.ReadingHowitzerGuns, fr.ReadingCavalry}},
		{Name: "morale", Title: "Morale effect of fire",
			Body: "The same modified score tests the target's morale: **if it exceeds the target's basic morale, the target is shaken** — even when it lost no strength point.\n" +
				"Each unit's strength points and basic morale are set by the umpire (`/firing2007 unit-add`); the text gives no defaults.\n" +
				"A shaken unit fires at −1. The text has no rally rule: the umpire clears shaken with `/firing2007 unit-set shaken:false`."},
		{Name: "generals", Title: "Risk to generals",
			Body: "If a general is with a unit that suffers losses from fire, throw 2d6 (the referee does it in the same ruling):\n```\n" +
				riskTable() + "```\nA second light wound incapacitates him: he is removed from play. " +
				"If a general is killed, every unit in his chain of command within 18\" is shaken: the referee lists his chain and the umpire confirms which are within 18\" (buttons, or `/firing2007 chain`).",
			Readings: []rules.Reading{fr.ReadingChain}},
		{Name: "notes", Title: "Notes: canister and overhead fire",
			Body: "(a) Canister can only be used when no friendly units are in the arc of fire: a gun at short range fires canister, so with `friendly-in-arc:true` it is refused.\n" +
				"(b) Overhead fire is only available to guns firing to or from higher ground, and to howitzers. Any intervening friendly unit must be at least 12\" clear of both the firer and the target: " +
				"give `over-friendly:<inches from the nearer of firer and target>` (and `higher-ground:true` for a gun) and the referee checks it.",
			Readings: []rules.Reading{fr.ReadingHowitzerGuns}},
		{Name: "readings", Title: "Readings the referee takes (F1–F6)",
			Body: "• **F2** The howitzer row skips 9–15\": read as medium 9–24\" (house rule `howitzer-gap`).\n" +
				"• **F2** A distance on a band boundary takes the shorter band.\n" +
				"• **F3** Howitzers take the guns' range factors and canister rule.\n" +
				"• **F4** Strength points and basic morale are the umpire's to set.\n" +
				"• **F5** The umpire confirms which units of a dead general's chain are within 18\".\n" +
				"• **F6** Cavalry firing: no special rule by default; house rule `cavalry-fire` = `none` | `-1` | `forbidden`.\n" +
				"• **Turns** The text has no turn sequence: `/turn new` and `/turn next` count turns and clear the fired-this-turn marks; there are no cards.",
			Readings: []rules.Reading{fr.ReadingGap, fr.ReadingBoundary, fr.ReadingHowitzerGuns, fr.ReadingChain, fr.ReadingCavalry}},
	}
}

// riskTable renders the risk chart.
func riskTable() string {
	var b strings.Builder
	for _, r := range fr.RiskChart {
		fmt.Fprintf(&b, "%2d-%-2d  %s\n", r.From, r.To, r.Text)
	}
	return b.String()
}

// board decodes the game's board.
func board(g *battle.Game) (*Board, error) {
	var b Board
	if len(g.Board) == 0 {
		return &b, nil
	}
	if err := json.Unmarshal(g.Board, &b); err != nil {
		return nil, fmt.Errorf("decode firing2007 board: %w", err)
	}
	return &b, nil
}

// Status is the turn, each side's units and generals, and any chain test waiting.
func (Ruleset) Status(g *battle.Game) ([]interaction.Field, error) {
	b, err := board(g)
	if err != nil {
		return nil, err
	}
	turn := "not started: the umpire begins with `/turn new`"
	if b.Turn > 0 {
		turn = fmt.Sprint(b.Turn)
	}
	fields := []interaction.Field{{Name: "Turn", Value: turn, Inline: true}}
	if len(b.Units) == 0 && len(b.Generals) == 0 {
		fields = append(fields, interaction.Field{Name: "Roster", Value: "Empty: the umpire adds units with `/firing2007 unit-add` and generals with `/firing2007 general-add`."})
		return fields, nil
	}
	for _, side := range b.sides() {
		var lines []string
		for _, u := range b.Units {
			if strings.EqualFold(u.Side, side) {
				lines = append(lines, unitLine(g, b, u))
			}
		}
		for _, gen := range b.Generals {
			if strings.EqualFold(gen.Side, side) {
				lines = append(lines, generalLine(g, b, gen))
			}
		}
		fields = append(fields, packFields(render.Inert(side), lines)...)
	}
	if w := b.waiting(); w != "" {
		fields = append(fields, interaction.Field{Name: "Waiting on the umpire", Value: render.Clip(w, render.MaxFieldValue)})
	}
	if len(fields) > render.MaxFields {
		fields = append(fields[:render.MaxFields-1], interaction.Field{Name: "…", Value: "The roster is longer than one message: `/firing2007 roster` shows it all."})
	}
	return fields, nil
}

// sides lists the sides in the order they first appear.
func (b *Board) sides() []string {
	var out []string
	seen := map[string]bool{}
	add := func(s string) {
		if k := strings.ToLower(s); !seen[k] {
			seen[k] = true
			out = append(out, s)
		}
	}
	for _, u := range b.Units {
		add(u.Side)
	}
	for _, g := range b.Generals {
		add(g.Side)
	}
	return out
}

// waiting says which dead generals' chains the umpire has yet to settle.
func (b *Board) waiting() string {
	var parts []string
	for _, p := range b.Pending {
		if g := b.generalByID(p.General); g != nil {
			parts = append(parts, fmt.Sprintf("General %s was killed: which of his chain (%s) are within 18\"? `/firing2007 chain general:%s units:…`",
				render.Inert(g.Name), render.Inert(strings.Join(b.names(g.Chain), ", ")), render.Inert(g.Name)))
		}
	}
	return strings.Join(parts, "\n")
}

// unitLine is one unit as the roster shows it.
func unitLine(g *battle.Game, b *Board, u Unit) string {
	var s strings.Builder
	fmt.Fprintf(&s, "**%s** — %s, %d/%d SP, morale %d", render.Inert(u.Name), u.Type.Label(), u.Strength, u.Start, u.Morale)
	if u.Formation != fr.Line {
		fmt.Fprintf(&s, ", %s", u.Formation)
	}
	if u.Cover != fr.Open {
		fmt.Fprintf(&s, ", in %s", u.Cover.Label())
	}
	if u.Strength == 0 {
		s.WriteString(", **no strength left**")
	}
	if u.Shaken {
		s.WriteString(", **shaken**")
	}
	if u.Fired {
		s.WriteString(", fired this turn")
	}
	if u.Player != "" {
		fmt.Fprintf(&s, " · %s", render.Inert(g.Player(u.Player)))
	}
	return s.String()
}

// generalLine is one general as the roster shows him.
func generalLine(g *battle.Game, b *Board, gen General) string {
	var s strings.Builder
	fmt.Fprintf(&s, "General **%s**", render.Inert(gen.Name))
	switch {
	case gen.Dead:
		s.WriteString(" — **dead**")
	case gen.LightWounds >= 2:
		s.WriteString(" — **incapacitated** (two light wounds), out of play")
	default:
		if u := b.unitByID(gen.With); u != nil {
			fmt.Fprintf(&s, " with %s", render.Inert(u.Name))
		}
		if gen.LightWounds == 1 {
			s.WriteString(", light wound (½ speed)")
		}
	}
	if len(gen.Chain) > 0 {
		fmt.Fprintf(&s, "; commands %s", render.Inert(strings.Join(b.names(gen.Chain), ", ")))
	}
	if gen.Player != "" {
		fmt.Fprintf(&s, " · %s", render.Inert(g.Player(gen.Player)))
	}
	return s.String()
}

// packFields spreads lines over as many fields as their length needs.
func packFields(name string, lines []string) []interaction.Field {
	var out []interaction.Field
	var cur strings.Builder
	flush := func() {
		if cur.Len() > 0 {
			n := name
			if len(out) > 0 {
				n = name + " (cont.)"
			}
			out = append(out, interaction.Field{Name: render.Clip(n, render.MaxFieldName), Value: cur.String()})
			cur.Reset()
		}
	}
	for _, l := range lines {
		l = render.Clip(l, render.MaxFieldValue-1)
		if cur.Len()+len(l)+1 > render.MaxFieldValue {
			flush()
		}
		cur.WriteString(l)
		cur.WriteByte('\n')
	}
	flush()
	return out
}

// Losses is each side's strength lost, units shaken and generals hurt.
func (Ruleset) Losses(g *battle.Game) (string, error) {
	b, err := board(g)
	if err != nil {
		return "", err
	}
	var s strings.Builder
	for _, side := range b.sides() {
		lost, start := 0, 0
		var lines []string
		for _, u := range b.Units {
			if !strings.EqualFold(u.Side, side) {
				continue
			}
			lost += u.Start - u.Strength
			start += u.Start
			if u.Start != u.Strength || u.Shaken {
				line := fmt.Sprintf("- %s: %d → %d strength points", render.Inert(u.Name), u.Start, u.Strength)
				if u.Shaken {
					line += ", shaken"
				}
				lines = append(lines, line)
			}
		}
		for _, gen := range b.Generals {
			if !strings.EqualFold(gen.Side, side) {
				continue
			}
			switch {
			case gen.Dead:
				lines = append(lines, fmt.Sprintf("- General %s: killed", render.Inert(gen.Name)))
			case gen.LightWounds >= 2:
				lines = append(lines, fmt.Sprintf("- General %s: incapacitated by a second light wound", render.Inert(gen.Name)))
			case gen.LightWounds == 1:
				lines = append(lines, fmt.Sprintf("- General %s: light wound", render.Inert(gen.Name)))
			}
		}
		fmt.Fprintf(&s, "**%s**: lost %d of %d strength points\n", render.Inert(side), lost, start)
		if len(lines) == 0 {
			s.WriteString("- no losses\n")
		}
		for _, l := range lines {
			s.WriteString(l + "\n")
		}
	}
	if s.Len() == 0 {
		return "No units were on the roster.", nil
	}
	return s.String(), nil
}

// NewTurn starts the next turn: the text has no turn sequence, so the referee
// counts turns and clears the fired-this-turn marks.
func (Ruleset) NewTurn(tx *battle.Tx) (interaction.Response, error) { return advance(tx) }

// NextTurn is NewTurn: with no phases or activations, "next" is the next turn.
func (Ruleset) NextTurn(tx *battle.Tx) (interaction.Response, error) { return advance(tx) }

func advance(tx *battle.Tx) (interaction.Response, error) {
	if err := tx.RequireUmpire("start a new turn"); err != nil {
		return interaction.Response{}, err
	}
	var b Board
	if err := load(tx, &b); err != nil {
		return interaction.Response{}, err
	}
	b.Turn++
	for i := range b.Units {
		b.Units[i].Fired = false
	}
	if err := save(tx, &b, fmt.Sprintf("turn %d begins", b.Turn)); err != nil {
		return interaction.Response{}, err
	}
	d := "Rules – Firing has no turn sequence: the referee counts the turns and clears the fired-this-turn marks. " +
		"Fire with `/firing2007 fire`; there are no cards to deal."
	if w := b.waiting(); w != "" {
		d += "\n\n**Still waiting on the umpire:** " + w
	}
	return interaction.Response{Public: []interaction.Message{{
		Embeds:  []interaction.Embed{{Title: fmt.Sprintf("Turn %d", b.Turn), Description: render.Clip(d, render.MaxDescription), Color: render.ColourRuling}},
		Buttons: []interaction.Button{{Label: "Next turn", ID: battle.ButtonTurnNext, Style: interaction.Secondary}},
	}}}, nil
}

// TurnStatus is the turn count and who has fired.
func (Ruleset) TurnStatus(tx *battle.Tx) (interaction.Response, error) {
	var b Board
	if err := load(tx, &b); err != nil {
		return interaction.Response{}, err
	}
	if b.Turn == 0 {
		return interaction.Whisper("No turn has begun yet; the umpire starts turn 1 with `/turn new`. Rules – Firing has no turn sequence: the referee only counts turns."), nil
	}
	var fired, ready, spent []string
	for _, u := range b.Units {
		switch {
		case u.Strength == 0:
			spent = append(spent, render.Inert(u.Name))
		case u.Fired:
			fired = append(fired, render.Inert(u.Name))
		default:
			ready = append(ready, render.Inert(u.Name))
		}
	}
	list := func(xs []string) string {
		if len(xs) == 0 {
			return "none"
		}
		return render.Clip(strings.Join(xs, ", "), render.MaxFieldValue)
	}
	e := interaction.Embed{Title: fmt.Sprintf("Turn %d", b.Turn), Color: render.ColourRuling,
		Description: "The text has no turn sequence; any unit may fire when its commander says so.",
		Fields: []interaction.Field{
			{Name: "Fired this turn", Value: list(fired)},
			{Name: "Not yet fired", Value: list(ready)},
		}}
	if len(spent) > 0 {
		e.Fields = append(e.Fields, interaction.Field{Name: "No strength left", Value: list(spent)})
	}
	if w := b.waiting(); w != "" {
		e.Fields = append(e.Fields, interaction.Field{Name: "Waiting on the umpire", Value: render.Clip(w, render.MaxFieldValue)})
	}
	return interaction.Response{Ephemeral: []interaction.Message{{Embeds: []interaction.Embed{e}}}}, nil
}

// Moment is the turn.
func (Ruleset) Moment(g *battle.Game) (battle.Moment, error) {
	b, err := validate(g.Board)
	if err != nil {
		return battle.Moment{}, err
	}
	return battle.Moment{Key: strconv.Itoa(b.Turn), Text: fmt.Sprintf("turn %d", b.Turn)}, nil
}

// Sequence is how a turn runs.
func (Ruleset) Sequence() string {
	return "Rules – Firing deals no cards and has no turn sequence or activations: any unit may fire when its commander says so, with `/firing2007 fire`; the referee counts the turns."
}

// quote shows a name the user typed, bold and inert.
func quote(s string) string { return "**" + render.Inert(s) + "**" }
