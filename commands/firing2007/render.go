package firing2007

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/referee-bot/referee/commands/battle"
	"github.com/referee-bot/referee/commands/battle/details"
	"github.com/referee-bot/referee/commands/battle/turnmsg"
	"github.com/referee-bot/referee/commands/interaction"
	"github.com/referee-bot/referee/commands/render"
	"github.com/referee-bot/referee/rules"
	fr "github.com/referee-bot/referee/rules/firing2007"
)

// logLine is the longest summary a move leaves in the game log.
const logLine = 120

// ruling is a ruling's message: its embed, footed with its roll number in a
// battle (and the turn, when one has begun), or as not logged outside one.
func ruling(tx *battle.Tx, r rules.Ruling, turn int) interaction.Message {
	footer := "quick ruling, not logged"
	if tx.Game != nil {
		footer = "roll #" + strconv.FormatUint(tx.RollNumber(), 10)
		if turn > 0 {
			footer += " · turn " + strconv.Itoa(turn)
		}
	}
	return details.Ruling(tx, r, footer)
}

// message is a move's ruling with its notes, and what each death it caused
// asks of the umpire.
func message(tx *battle.Tx, r rules.Ruling, turn int, notes []string, deaths []fr.Death) interaction.Message {
	msg := ruling(tx, r, turn)
	var asks []interaction.Button // the umpire's, before Details
	for _, d := range deaths {
		note, buttons := death(d)
		notes = append(notes, note)
		asks = append(asks, buttons...)
	}
	msg.Buttons = append(asks, msg.Buttons...)
	msg.Content = render.Clip(strings.Join(notes, "\n"), render.MaxContent)
	return msg
}

// death says what a general's death asks of the umpire, with buttons for the
// two common answers.
func death(d fr.Death) (string, []interaction.Button) {
	name := render.Inert(d.General.Name)
	if len(d.Chain) == 0 {
		return fmt.Sprintf("General **%s** had no chain of command on the roster, so his death shakes no unit.", name), nil
	}
	units := render.Inert(strings.Join(d.Chain, ", "))
	note := fmt.Sprintf("**General %s is dead.** Umpire: which units of his chain of command — %s — are within 18\"? Those are shaken. "+
		"Press a button, or name them: `/firing2007 chain general:%s units:…`", name, units, rules.Arg(d.General.Name))
	id := ButtonChain + "/" + strconv.Itoa(d.General.ID)
	return note, []interaction.Button{
		{Label: render.Clip(fmt.Sprintf("All %d within 18\": shake them", len(d.Chain)), 80), ID: id + "/all", Style: interaction.Danger},
		{Label: "None within 18\"", ID: id + "/none", Style: interaction.Secondary},
	}
}

// chainEmbed is a dead general's chain of command settled.
func chainEmbed(out fr.ChainOutcome) interaction.Embed {
	d := "Every unit of his chain of command within 18\" is shaken (F5); the umpire says which.\n**Shaken:** " + render.Inert(list(out.Shaken))
	if len(out.Spared) > 0 {
		d += "\n**Not within 18\":** " + render.Inert(strings.Join(out.Spared, ", "))
	}
	return interaction.Embed{Title: render.Clip("The death of General "+render.Inert(out.General), render.MaxTitle), Color: render.ColourRuling,
		Description: render.Clip(d, render.MaxDescription)}
}

// list is names joined by commas, or "none".
func list(names []string) string {
	if len(names) == 0 {
		return "none"
	}
	return strings.Join(names, ", ")
}

// unitChanges says what a unit-set changed, as the umpire reads it ("" when nothing).
func unitChanges(g *battle.Game, was, now fr.Unit) string {
	changes := now.Changes(was)
	if was.Player != now.Player {
		who := "the umpire"
		if now.Player != "" {
			who = g.Player(now.Player)
		}
		changes = append(changes, "commanded by "+who)
	}
	return render.Inert(strings.Join(changes, ", "))
}

// waiting says what each dead general's chain of command asks of the umpire.
func waiting(b *fr.Board) string { return strings.Join(b.Waiting(), "\n") }

// rosterFields are the roster by side, then any chain test waiting.
func rosterFields(g *battle.Game, b *fr.Board) []interaction.Field {
	if len(b.Units) == 0 && len(b.Generals) == 0 {
		return []interaction.Field{{Name: "Roster", Value: "Empty: the umpire adds units with `/firing2007 unit-add` and generals with `/firing2007 general-add`."}}
	}
	var fields []interaction.Field
	for _, side := range b.Roster(g.Player) {
		fields = append(fields, packFields(render.Inert(side.Side), side.Lines)...)
	}
	if w := waiting(b); w != "" {
		fields = append(fields, interaction.Field{Name: "Waiting on the umpire", Value: render.Clip(w, render.MaxFieldValue)})
	}
	if len(fields) > render.MaxFields-1 {
		fields = append(fields[:render.MaxFields-2], interaction.Field{Name: "…", Value: "The roster is longer than one message: `/firing2007 roster` shows it all."})
	}
	return fields
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

// losses is each side's strength lost, units shaken and generals hurt.
func losses(b *fr.Board) string {
	var s strings.Builder
	for _, l := range b.Losses() {
		fmt.Fprintf(&s, "**%s**: lost %d of %d strength points\n", render.Inert(l.Side), l.Lost, l.Start)
		if len(l.Hurt) == 0 {
			s.WriteString("- no losses\n")
		}
		for _, h := range l.Hurt {
			s.WriteString("- " + render.Inert(h) + "\n")
		}
	}
	if s.Len() == 0 {
		return "No units were on the roster."
	}
	return s.String()
}

// turnMessage is a new turn begun.
func turnMessage(b *fr.Board) interaction.Message {
	d := "Rules – Firing has no turn sequence: each side fires as it will, then ends its turn with `/turn next`; when every side has, the next begins. " +
		"Fire with `/firing2007 fire`; there are no cards to deal."
	if w := waiting(b); w != "" {
		d += "\n\n**Still waiting on the umpire:** " + w
	}
	return interaction.Message{
		Embeds:  []interaction.Embed{{Title: fmt.Sprintf("Turn %d", b.Turn), Description: render.Clip(d, render.MaxDescription), Color: render.ColourRuling}},
		Buttons: []interaction.Button{{Label: "Next turn", ID: turnmsg.ButtonNext, Style: interaction.Secondary}},
	}
}

// turnStatus is the turn and who has fired in it.
func turnStatus(b *fr.Board) interaction.Embed {
	fired, ready, spent := b.FireState()
	field := func(name string, units []string) interaction.Field {
		return interaction.Field{Name: name, Value: render.Clip(render.Inert(list(units)), render.MaxFieldValue)}
	}
	e := interaction.Embed{Title: fmt.Sprintf("Turn %d", b.Turn), Color: render.ColourRuling,
		Description: "The text has no turn sequence; any unit may fire when its commander says so.",
		Fields:      []interaction.Field{field("Fired this turn", fired), field("Not yet fired", ready)}}
	if len(spent) > 0 {
		e.Fields = append(e.Fields, field("No strength left", spent))
	}
	if w := waiting(b); w != "" {
		e.Fields = append(e.Fields, interaction.Field{Name: "Waiting on the umpire", Value: render.Clip(w, render.MaxFieldValue)})
	}
	return e
}

// bold shows a name the user typed, bold and inert.
func bold(s string) string { return "**" + render.Inert(s) + "**" }

// inches renders a distance without trailing zeros.
func inches(d float64) string { return strconv.FormatFloat(d, 'f', -1, 64) }
