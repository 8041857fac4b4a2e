package dicecmd

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/referee-bot/referee/commands/battle"
	"github.com/referee-bot/referee/commands/battle/details"
	"github.com/referee-bot/referee/commands/battle/view"
	"github.com/referee-bot/referee/commands/interaction"
	"github.com/referee-bot/referee/commands/render"
	"github.com/referee-bot/referee/rules"
	"github.com/referee-bot/referee/rules/dice"
)

// ButtonRollAgain rolls a /roll again, for the player who rolled it only:
// v1/roll/again/<user id>/<1: secret, 0: not>/<notation>[/<label>]. A roll
// whose id would be longer than Discord takes has no such button.
const ButtonRollAgain = "v1/roll/again"

// MaxLabel is the longest label shown, in characters.
const MaxLabel = 100

// maxShown is the longest a roll's dice are written out in full; a longer roll
// is summarised term by term.
const maxShown = 1500

// parse reads the dice option, turning a notation error into the sentence it is.
func parse(req interaction.Request) (*dice.Expr, error) {
	s := req.String("dice")
	if s == "" {
		return nil, interaction.Refuse("Give the dice to roll, for example `dice:2d6+3`.")
	}
	e, err := dice.Parse(s)
	var de *dice.Error
	if errors.As(err, &de) {
		return nil, interaction.Refusef("The referee can't read %s as dice: %s.", code(s), render.Inert(de.Error()))
	}
	return e, err
}

// code shows a notation the user typed: in a code span when it can be, else inert.
func code(s string) string {
	s = render.Clip(s, 64)
	if strings.ContainsAny(s, "`\n\r") {
		return render.Inert(s)
	}
	return "`" + s + "`"
}

// A RollResult is the machine-readable result of /roll.
type RollResult struct {
	Ruling rules.Ruling `json:"ruling"`
	Label  string       `json:"label,omitempty"`
	Secret bool         `json:"secret,omitempty"`
	Totals []int64      `json:"totals"`
	Total  int64        `json:"total"`
	// Percentiles are where each repetition's total falls in its distribution
	// (absent when the exact odds are too big to compute).
	Percentiles []float64 `json:"percentiles,omitempty"`
}

// Roll is /roll dice:<notation> [label] [secret]: in a battle the roll is
// numbered and logged (a secret one with its dice hidden until the end);
// elsewhere it is rolled from the secure source and not logged.
func Roll(tx *battle.Tx) (interaction.Response, error) {
	req := tx.Req
	e, err := parse(req)
	if err != nil {
		return interaction.Response{}, err
	}
	label := req.String("label")
	if utf8.RuneCountInString(label) > MaxLabel {
		return interaction.Response{}, interaction.Refusef("A label can be at most %d characters.", MaxLabel)
	}
	secret := req.Bool("secret")
	res := e.Roll(tx.Dice())
	out := describe(e, &res, label)
	out.Secret = secret

	logged := e.String()
	if label != "" {
		logged += " (" + label + ")"
	}
	var footer string
	switch {
	case tx.Game == nil:
		footer = "not logged: no battle in this channel"
	case secret:
		footer = fmt.Sprintf("secret roll #%d", tx.RollNumber())
		tx.LogSecret(render.Clip("secret roll "+logged, 120))
	default:
		footer = fmt.Sprintf("roll #%d", tx.RollNumber())
		tx.Log(render.Clip(fmt.Sprintf("rolled %s = %d", logged, res.Total), 120))
	}
	// Under fog of war no roll number reaches a player, nor the main
	// channel: it counts every roll, the hidden units' too. A roll in the
	// open is footed from each reader's part of the log (details.Whole), a
	// secret one not numbered to its roller.
	own := footer
	if secret && tx.Game != nil && tx.Game.Fogged() && !tx.IsUmpire() {
		own = "secret roll"
	}
	embed := render.Ruling(out.Ruling, own, render.Full)
	if !secret && tx.Game != nil {
		embed = details.Whole(tx, out.Ruling, footer)
	}
	embed.Title = render.Clip(render.InertTitle(out.Ruling.Title), render.MaxTitle)
	again := againButton(req.User.ID, secret, e, label)
	if !secret {
		return interaction.Response{Public: []interaction.Message{{Embeds: []interaction.Embed{embed}, Buttons: again}}, Result: out}, nil
	}

	embed.Color = render.ColourSecret
	resp := interaction.Response{Result: out}
	mine := interaction.Message{Embeds: []interaction.Embed{embed}, Buttons: again}
	switch {
	case tx.Game == nil:
		mine.Content = "Secret roll: only you see it. There is no battle in this channel, so no umpire was told and nothing was logged."
	case tx.IsUmpire():
		mine.Content = "Secret roll: only you (the umpire) see it; the log shows that it was made, and its dice when the battle ends."
		if tx.Game.Desk != "" { // kept at his desk too
			view.ForUmpire(tx.Game, &resp, interaction.Message{Embeds: []interaction.Embed{embed}}, "")
		}
	default:
		g := tx.Game
		mine.Content = fmt.Sprintf("Secret roll: only you and the umpire (%s) see it; the log shows that it was made, and its dice when the battle ends.",
			render.Inert(g.Player(g.Umpire)))
		dm := render.Ruling(out.Ruling, footer, render.Full)
		dm.Color = render.ColourSecret
		dm.Title = render.Clip("Secret roll by "+render.InertTitle(g.Player(req.User.ID))+": "+render.InertTitle(out.Ruling.Title), render.MaxTitle)
		view.ForUmpire(g, &resp, interaction.Message{Embeds: []interaction.Embed{dm}},
			fmt.Sprintf("the secret roll is #%d in the log, its dice shown when the battle ends.", tx.RollNumber()))
	}
	resp.Ephemeral = []interaction.Message{mine}
	return resp, nil
}

// againButton is the Roll again button under a roll: the same notation and
// label, for the same player (none when its id would be too long for Discord).
func againButton(user string, secret bool, e *dice.Expr, label string) []interaction.Button {
	flag := "0"
	if secret {
		flag = "1"
	}
	id := strings.Join([]string{ButtonRollAgain, user, flag, e.String()}, "/")
	if label != "" {
		id += "/" + label
	}
	if len(id) > interaction.MaxCustomID {
		return nil
	}
	return []interaction.Button{{Label: "Roll again", ID: id, Style: interaction.Secondary}}
}

// RollAgain is the Roll again button: the roll it is under, rolled again by
// the player who rolled it (in a battle, a new numbered roll, as /roll).
func RollAgain(tx *battle.Tx) (interaction.Response, error) {
	args := tx.Req.Args
	if len(args) < 3 {
		return interaction.Response{}, interaction.Refuse("This button is not one the referee made.")
	}
	if args[0] != tx.Req.User.ID {
		return interaction.Response{}, interaction.Refuse("Only the player who rolled this can roll it again; `/roll` rolls your own.")
	}
	tx.Req.Options = map[string]any{"dice": args[2], "label": strings.Join(args[3:], "/"), "secret": args[1] == "1"}
	return Roll(tx)
}

// describe turns a roll into a ruling: each die with its marks (or a summary
// of a long roll), the total, and where it falls in its exact distribution.
func describe(e *dice.Expr, res *dice.Result, label string) RollResult {
	out := RollResult{Label: label, Totals: res.Totals, Total: res.Total}
	roll := res.AsRoll()
	roll.Shown, roll.Marked = res.String(), res.Markdown()
	if len(roll.Shown) > maxShown {
		roll.Shown, roll.Marked = summary(res), ""
	} else if rest, ok := strings.CutPrefix(roll.Shown, e.String()+" ["); ok && res.Expr().Repeat() == 1 {
		roll.Shown = "[" + rest // a single term: its notation is said once
		_, marked, _ := strings.Cut(roll.Marked, " [")
		roll.Marked = "[" + marked
	}
	if len(roll.Marked) > maxShown { // the marks made it too long: plain
		roll.Marked = ""
	}
	title := label
	if title == "" {
		title = "Roll " + e.String()
	}
	unit := ""
	if e.Pool() {
		unit = " successes"
	}
	r := rules.Ruling{Title: title, Steps: []rules.Step{{Roll: roll}}}
	d, derr := e.Dist()
	var parts []string
	if len(res.Totals) == 1 {
		parts = append(parts, fmt.Sprintf("%d%s", res.Total, unit))
	} else {
		totals := make([]string, len(res.Totals))
		for i, t := range res.Totals {
			totals[i] = strconv.FormatInt(t, 10)
		}
		parts = append(parts, fmt.Sprintf("%d rolls: %s%s (sum %d)", len(res.Totals), strings.Join(totals, ", "), unit, res.Total))
	}
	if derr == nil {
		pcs := make([]string, len(res.Totals))
		for i, t := range res.Totals {
			p := d.Percentile(int(t))
			out.Percentiles = append(out.Percentiles, p)
			pcs[i] = strconv.FormatFloat(p, 'f', 0, 64)
		}
		word := "percentile"
		if len(pcs) > 1 {
			word = "percentiles"
		}
		parts = append(parts, word+" "+strings.Join(pcs, ", "))
		if len(res.Totals) == 1 {
			x := int(res.Total)
			r.Odds = []rules.Chance{
				{Outcome: fmt.Sprintf("exactly %d", x), P: d.P(x)},
				{Outcome: fmt.Sprintf("%d or more", x), P: d.AtLeast(x)},
				{Outcome: fmt.Sprintf("%d or less", x), P: d.AtMost(x)},
			}
		}
	} else {
		parts = append(parts, "the exact odds are too big to compute")
	}
	r.Result = strings.Join(parts, " · ")
	out.Ruling = r
	return out
}

// summary writes a long roll term by term: how many dice, how many dropped,
// rerolled, exploded or successful, the lowest and highest face, and the value.
func summary(res *dice.Result) string {
	var b strings.Builder
	detail := res.Detail()
	for i, t := range detail {
		if i > 0 {
			b.WriteString("; ")
		}
		if len(res.Totals) > 1 && (i == 0 || detail[i-1].Rep != t.Rep) {
			fmt.Fprintf(&b, "roll %d: ", t.Rep+1)
		}
		var dropped, rerolled, exploded, hits int
		lo, hi := int32(-1), int32(-1)
		for _, d := range t.Dice {
			switch {
			case d.Mark&dice.Dropped != 0:
				dropped++
			case d.Mark&dice.Rerolled != 0:
				rerolled++
			}
			if d.Mark&dice.Exploded != 0 {
				exploded++
			}
			if d.Mark&dice.Success != 0 {
				hits++
			}
			if lo < 0 || d.Face < lo {
				lo = d.Face
			}
			hi = max(hi, d.Face)
		}
		fmt.Fprintf(&b, "%s: %d dice, faces %d–%d", t.Notation, len(t.Dice), lo, hi)
		for _, m := range []struct {
			n    int
			what string
		}{{dropped, "dropped"}, {rerolled, "rerolled"}, {exploded, "exploded"}, {hits, "successes"}} {
			if m.n > 0 {
				fmt.Fprintf(&b, ", %d %s", m.n, m.what)
			}
		}
		fmt.Fprintf(&b, " → %d", t.Value)
	}
	fmt.Fprintf(&b, " (too many dice to list; every face is in the JSON result and the log) = %d", res.Total)
	return render.Clip(b.String(), maxShown)
}
