package render

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/referee-bot/referee/commands/interaction"
	"github.com/referee-bot/referee/rules"
)

// Discord's limits on a message and an embed, as interaction has them.
const (
	MaxContent     = interaction.MaxContent
	MaxTitle       = interaction.MaxTitle
	MaxDescription = interaction.MaxDescription
	MaxFields      = interaction.MaxFields
	MaxFieldName   = interaction.MaxFieldName
	MaxFieldValue  = interaction.MaxFieldValue
	MaxFooter      = interaction.MaxFooter
	MaxEmbedTotal  = interaction.MaxEmbedTotal
)

// Colours of ruling embeds.
const (
	ColourRuling = 0x2e5e3e // rifle green
	ColourSecret = 0x5b3a6e
)

// Ruling renders a ruling as one embed. footer is added as given (for example the
// roll number). Rolls beyond what a description holds are summarised; the rest
// is left whole for Router.Serve to fit to Discord's limits (interaction.Fit).
func Ruling(r rules.Ruling, footer string) interaction.Embed {
	e := interaction.Embed{Title: Inert(r.Title), Color: ColourRuling, Footer: footer}
	var b strings.Builder
	for i, s := range r.Steps {
		line := Step(s)
		if b.Len()+len(line)+64 > MaxDescription-512 {
			fmt.Fprintf(&b, "… and %d more rolls (see `/game log` or the JSON result)\n", len(r.Steps)-i)
			break
		}
		b.WriteString(line)
		b.WriteByte('\n')
	}
	if r.Result != "" {
		fmt.Fprintf(&b, "\n**Result:** %s", Inert(r.Result))
	}
	e.Description = b.String()
	if len(r.Odds) > 0 {
		e.Fields = append(e.Fields, interaction.Field{Name: "Odds", Value: Odds(r.Odds)})
	}
	if len(r.Readings) > 0 {
		var rb strings.Builder
		for _, rd := range r.Readings {
			fmt.Fprintf(&rb, "• **%s** %s\n", Inert(rd.ID), Inert(rd.Text))
		}
		e.Fields = append(e.Fields, interaction.Field{Name: "Readings", Value: rb.String()})
	}
	return e
}

// Step renders one roll: "Harris fires — d20 **14** vs 13 (chart 12, +2 aimed, −1 raw) → miss".
func Step(s rules.Step) string {
	var b strings.Builder
	b.WriteString(Inert(s.What))
	if dice := Dice(s.Roll); dice != "" {
		if s.What != "" {
			b.WriteString(" — ")
		}
		b.WriteString(dice)
	}
	if s.Need != "" {
		fmt.Fprintf(&b, ", need %s", Inert(s.Need))
	}
	var why []string
	if s.Row != "" || s.Table != "" {
		why = append(why, strings.TrimSpace(Inert(s.Table+" "+s.Row)))
	}
	if s.Base != nil {
		why = append(why, "base "+strconv.Itoa(*s.Base))
	}
	for _, m := range s.Modifiers {
		why = append(why, Signed(m.Value)+" "+Inert(m.Reason))
	}
	if len(why) > 0 {
		fmt.Fprintf(&b, " (%s)", strings.Join(why, ", "))
	}
	if s.Result != "" {
		fmt.Fprintf(&b, " → **%s**", Inert(s.Result))
	}
	return b.String()
}

// Dice renders a roll as "d20 **14**", "2d6 [3, 5] **8**", or its Shown reading.
func Dice(r rules.Roll) string {
	if len(r.Faces) == 0 && r.Notation == "" {
		return ""
	}
	if r.Shown != "" {
		return fmt.Sprintf("%s: %s", r.Notation, Inert(r.Shown))
	}
	if len(r.Faces) <= 1 {
		return fmt.Sprintf("%s **%d**", r.Notation, r.Total)
	}
	faces := make([]string, len(r.Faces))
	for i, f := range r.Faces {
		faces[i] = strconv.Itoa(f)
	}
	return fmt.Sprintf("%s [%s] **%d**", r.Notation, strings.Join(faces, ", "), r.Total)
}

// Odds renders chances as "hit 65% · miss 30% · misfire 5%".
func Odds(cs []rules.Chance) string {
	parts := make([]string, len(cs))
	for i, c := range cs {
		parts[i] = fmt.Sprintf("%s %s", Inert(c.Outcome), Percent(c.P))
	}
	return strings.Join(parts, " · ")
}

// Percent renders a probability for players: "65%", "0.5%", "<0.1%".
func Percent(p float64) string {
	switch {
	case p <= 0:
		return "0%"
	case p >= 1:
		return "100%"
	case p < 0.001:
		return "<0.1%"
	case p < 0.1:
		return strconv.FormatFloat(p*100, 'f', 1, 64) + "%"
	}
	return strconv.FormatFloat(p*100, 'f', 0, 64) + "%"
}

// Signed renders a modifier value with its sign and a true minus: "+2", "−1".
func Signed(v int) string {
	if v < 0 {
		return "−" + strconv.Itoa(-v)
	}
	return "+" + strconv.Itoa(v)
}
