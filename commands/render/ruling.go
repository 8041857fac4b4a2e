package render

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

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

// A Form is how much of a ruling's working a message shows. Short and Full
// are two renderings of the same rules.Ruling, so that a reader can be given
// either.
type Form int

const (
	// Short shows the dice, each roll's result, the ruling's result, the
	// odds that mattered and the readings cited by id with their gist, in
	// about ShortBudget characters.
	Short Form = iota
	// Full shows the whole working: every table and row, every modifier
	// with its reason, the readings' text.
	Full
)

// Budgets of the short form, in characters: the whole embed (title, description
// and fields) of a ruling aims at ShortBudget. The title, the result and the
// rolls come first (the rolls at least shortRolls), then the odds (at most
// shortOdds), then the readings: with their gists while they fit, by id alone
// past that.
const (
	ShortBudget = 600
	shortRolls  = 280
	shortOdds   = 100
	gistLen     = 48
)

// Ruling renders a ruling as one embed in form f. footer is added as given
// (for example the roll number). Rolls beyond what the form holds are
// summarised; the rest is left whole for Router.Serve to fit to Discord's
// limits (interaction.Fit).
func Ruling(r rules.Ruling, footer string, f Form) interaction.Embed {
	if f == Full {
		return full(r, footer)
	}
	e := interaction.Embed{Title: Inert(r.Title), Color: ColourRuling, Footer: footer}
	result := ""
	if r.Result != "" {
		result = "\n**Result:** " + Inert(r.Result)
	}
	odds := list(oddsParts(r.Odds), rolled(r), shortOdds)
	bare := Cited(r.Readings, 0)
	room := ShortBudget - runes(e.Title, result, odds, bare)
	e.Description = steps(r.Steps, ShortStep, max(room, shortRolls), "… and %d more rolls: **Details**\n") + result
	if len(r.Odds) > 0 {
		e.Fields = append(e.Fields, interaction.Field{Name: "Odds", Value: odds})
	}
	if len(r.Readings) > 0 {
		room := ShortBudget - runes(e.Title, e.Description, odds)
		e.Fields = append(e.Fields, interaction.Field{Name: "Readings", Value: Cited(r.Readings, room)})
	}
	return measured(e, r)
}

// measured adds to a ruling's embed how the table measured what it took from it.
func measured(e interaction.Embed, r rules.Ruling) interaction.Embed {
	if len(r.Measured) > 0 {
		e.Fields = append(e.Fields, interaction.Field{Name: "Measured on the map", Value: Inert(strings.Join(r.Measured, "; ")) + "."})
	}
	return e
}

// full is the whole working of a ruling.
func full(r rules.Ruling, footer string) interaction.Embed {
	e := interaction.Embed{Title: Inert(r.Title), Color: ColourRuling, Footer: footer}
	e.Description = steps(r.Steps, Step, MaxDescription-512, "… and %d more rolls (see `/game log` or the JSON result)\n")
	if r.Result != "" {
		e.Description += "\n**Result:** " + Inert(r.Result)
	}
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
	return measured(e, r)
}

// Shortened reports whether the short form shortens one of r's rolls: its
// line there (ShortStep) is not its line in the full form (Step), so that
// the short form leaves part of the working out.
func Shortened(r rules.Ruling) bool {
	return slices.ContainsFunc(r.Steps, func(s rules.Step) bool { return ShortStep(s) != Step(s) })
}

// steps renders rolls one a line, each with line, as many as room
// characters hold; when they do not all fit, the rest (at least two) are
// counted with more.
func steps(ss []rules.Step, line func(rules.Step) string, room int, more string) string {
	lines := make([]string, len(ss))
	n, size := 0, 0
	for i, s := range ss {
		lines[i] = line(s)
		n += runes(lines[i]) + 1 // and its newline
		size += len(lines[i]) + 1
	}
	var b strings.Builder
	if n <= room {
		b.Grow(size)
		for _, l := range lines {
			b.WriteString(l)
			b.WriteByte('\n')
		}
		return b.String()
	}
	room -= runes(more) // the count's line
	n = 0
	for i, l := range lines {
		if n += runes(l) + 1; n > room && i < len(lines)-1 { // the last would take its count's place
			fmt.Fprintf(&b, more, len(ss)-i)
			break
		}
		b.WriteString(l)
		b.WriteByte('\n')
	}
	return b.String()
}

// runes is how many characters ss hold together, as Discord counts an
// embed's length.
func runes(ss ...string) int {
	n := 0
	for _, s := range ss {
		n += utf8.RuneCountInString(s)
	}
	return n
}

// Cited names readings by id with their gist ("**G9** a natural 20 misfires
// whatever the chance"), one a line, in about n bytes: past n, the rest by id
// alone on one line. Their text is in /rules and in a ruling's full form.
func Cited(rs []rules.Reading, n int) string {
	var b strings.Builder
	var bare []string
	for _, rd := range rs {
		id := "**" + Inert(rd.ID) + "**"
		l := id + " " + Inert(Gist(rd)) + "\n"
		if len(bare) > 0 || runes(b.String(), l)+runes(id)*(len(rs)-1) > n {
			if !slices.Contains(bare, id) { // two readings of one paragraph
				bare = append(bare, id)
			}
			continue
		}
		b.WriteString(l)
	}
	if len(bare) > 0 {
		b.WriteString(strings.Join(bare, " · "))
	}
	return strings.TrimRight(b.String(), "\n")
}

// Gist is a reading in one short line: its Short, or its text up to the
// first ": " (when that says something) or "; ", cut between words.
func Gist(r rules.Reading) string {
	if r.Short != "" {
		return r.Short
	}
	g, _, _ := strings.Cut(r.Text, "; ")
	if head, _, ok := strings.Cut(g, ": "); ok && len(head) >= 16 {
		g = head
	}
	return Clip(g, gistLen)
}

// ShortStep renders one roll with its arithmetic and without its chart:
// the base, each modifier with its sign and its reason in a few words
// (rules.Modifier.Brief), and what they come to, or the step's own
// working (rules.Step.Worked) beside what it is for. A base and modifiers make
// the need ("Harris fires — d20 **14**, need ≤ 10 (10 −2 soft cover +2
// aimed) → **miss**") or, without a need, a total ("Allowance — 6 +3 column
// = 9"); modifiers to a roll add to it ("2d6 [3, 5] **8** −1 shaken −1
// 3–4 strength = 6, need 7+ → …"), or, to each die of a pool, stand beside
// its need ("need 5+ (+1 elite)").
func ShortStep(s rules.Step) string {
	var b strings.Builder
	b.Grow(stepLine)
	b.WriteString(what(s))
	dice := Dice(s.Roll)
	if dice != "" {
		if s.What != "" {
			b.WriteString(" — ")
		}
		b.WriteString(dice)
	}
	mods := len(s.Modifiers) > 0
	terms := func() {
		for i, m := range s.Modifiers {
			if i > 0 {
				b.WriteByte(' ')
			}
			b.WriteString(Signed(m.Value))
			b.WriteByte(' ')
			b.WriteString(Inert(m.Brief()))
		}
	}
	need := ""
	if s.Need != "" {
		need = ", need " + Inert(s.Need)
	}
	switch {
	case s.Base != nil && mods && s.Need != "":
		b.WriteString(need)
		b.WriteString(" (")
		b.WriteString(strconv.Itoa(*s.Base))
		b.WriteByte(' ')
		terms()
		b.WriteByte(')')
	case s.Base != nil && mods:
		if dice != "" || s.What != "" {
			b.WriteString(" — ")
		}
		b.WriteString(strconv.Itoa(*s.Base))
		b.WriteByte(' ')
		terms()
		b.WriteString(" = ")
		b.WriteString(strconv.Itoa(*s.Base + rules.Sum(s.Modifiers)))
	case mods && dice != "" && summed(s.Roll):
		b.WriteByte(' ')
		terms()
		b.WriteString(" = ")
		b.WriteString(strconv.Itoa(s.Roll.Total + rules.Sum(s.Modifiers)))
		b.WriteString(need)
	case mods:
		b.WriteString(need)
		b.WriteString(" (")
		terms()
		b.WriteByte(')')
	default:
		b.WriteString(need)
	}
	if s.Result != "" {
		b.WriteString(" → **")
		b.WriteString(Inert(s.Result))
		b.WriteString("**")
	}
	return b.String()
}

// stepLine is room for most rolls' lines, so that one grows its buffer once.
const stepLine = 128

// what is what a roll is for, with its arithmetic when it is worked
// otherwise than by a base and modifiers: "the charger: 5 dice (4 bases +1
// charging)".
func what(s rules.Step) string {
	if s.Worked == "" {
		return Inert(s.What)
	}
	return Inert(s.What) + " (" + Inert(s.Worked) + ")"
}

// summed reports whether a roll's total is its faces added up (a d20, 2d6),
// so that modifiers add to it; a pool's total is a count of dice, a d100's
// the red and white dice read as tens and units.
func summed(r rules.Roll) bool {
	if r.Shown != "" && len(r.Faces) > 1 {
		return false
	}
	sum := 0
	for _, f := range r.Faces {
		sum += f
	}
	return len(r.Faces) > 0 && sum == r.Total
}

// Step renders one roll with its working: "Harris fires — d20 **14**, need ≤ 13
// (chart 12, +2 aimed, −1 raw) → **miss**".
func Step(s rules.Step) string {
	var b strings.Builder
	b.Grow(stepLine)
	b.WriteString(what(s))
	if dice := Dice(s.Roll); dice != "" {
		if s.What != "" {
			b.WriteString(" — ")
		}
		b.WriteString(dice)
	}
	if s.Need != "" {
		b.WriteString(", need ")
		b.WriteString(Inert(s.Need))
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
		b.WriteString(" (")
		b.WriteString(strings.Join(why, ", "))
		b.WriteByte(')')
	}
	if s.Result != "" {
		b.WriteString(" → **")
		b.WriteString(Inert(s.Result))
		b.WriteString("**")
	}
	return b.String()
}

// Dice renders a roll as "d20 **14**", "2d6 [3, **6**] **9**", or its Shown
// reading, marked as dice bots mark dice: a natural maximum or minimum bold
// in a list and said of a single die ("d20 **20** (natural 20)"), dropped
// dice struck through (rules.Roll.Marked).
func Dice(r rules.Roll) string {
	if len(r.Faces) == 0 && r.Notation == "" {
		return ""
	}
	switch {
	case r.Marked != "":
		return r.Notation + ": " + r.Marked
	case r.Shown != "":
		return r.Notation + ": " + Inert(r.Shown)
	}
	sides := plainSides(r.Notation)
	natural := func(f int) bool { return sides > 1 && (f == 1 || f == sides) }
	if len(r.Faces) <= 1 {
		total := strconv.Itoa(r.Total)
		if len(r.Faces) == 1 && natural(r.Faces[0]) && r.Faces[0] == r.Total {
			return r.Notation + " **" + total + "** (natural " + total + ")"
		}
		return r.Notation + " **" + total + "**"
	}
	faces := make([]string, len(r.Faces))
	for i, f := range r.Faces {
		faces[i] = strconv.Itoa(f)
		if natural(f) {
			faces[i] = "**" + faces[i] + "**"
		}
	}
	return r.Notation + " [" + strings.Join(faces, ", ") + "] **" + strconv.Itoa(r.Total) + "**"
}

// plainSides is the sides of a notation of like dice and nothing else ("d20",
// "2d6"), or 0.
func plainSides(n string) int {
	_, s, ok := strings.Cut(n, "d")
	if !ok {
		return 0
	}
	for _, c := range n[:len(n)-len(s)-1] + s {
		if c < '0' || c > '9' {
			return 0
		}
	}
	v, err := strconv.Atoi(s)
	if err != nil {
		return 0
	}
	return v
}

// Odds renders chances as "hit 65% · miss 30% · misfire 5%".
func Odds(cs []rules.Chance) string { return strings.Join(oddsParts(cs), " · ") }

func oddsParts(cs []rules.Chance) []string {
	parts := make([]string, len(cs))
	for i, c := range cs {
		parts[i] = Inert(c.Outcome) + " " + Percent(c.P)
	}
	return parts
}

// list joins parts with " · " in at most about n characters, "…" standing
// for those left out; the first, and those at keep, are always shown.
func list(parts []string, keep []int, n int) string {
	for _, k := range keep {
		n -= runes(parts[k]) + 3
	}
	var b strings.Builder
	cut := false
	for i, p := range parts {
		kept := slices.Contains(keep, i)
		if kept {
			if cut {
				b.WriteString(" · " + p)
				continue
			}
			n += runes(p) + 3
		}
		if cut {
			continue
		}
		if i > 0 && runes(b.String(), p)+3 > n {
			b.WriteString(" · …")
			cut = true
			if kept {
				b.WriteString(" · " + p)
			}
			continue
		}
		if i > 0 {
			b.WriteString(" · ")
		}
		b.WriteString(p)
	}
	return b.String()
}

// rolled are the indexes of the outcomes the dice made among a ruling's
// odds: those it says it Rolled, and the chance named, as whole words, by
// its result or a roll's result (the longest such name).
func rolled(r rules.Ruling) []int {
	var made []int
	for i, c := range r.Odds {
		if slices.Contains(r.Rolled, c.Outcome) {
			made = append(made, i)
		}
	}
	said := []string{strings.ToLower(r.Result)}
	for _, s := range r.Steps {
		said = append(said, strings.ToLower(s.Result))
	}
	best := -1
	for i, c := range r.Odds {
		o := strings.ToLower(c.Outcome)
		if o == "" || (best >= 0 && len(o) <= len(r.Odds[best].Outcome)) {
			continue
		}
		for _, t := range said {
			if wordsIn(t, o) {
				best = i
				break
			}
		}
	}
	if best >= 0 && !slices.Contains(made, best) {
		made = append(made, best)
		slices.Sort(made)
	}
	return made
}

// wordsIn reports whether phrase occurs in text between word boundaries.
func wordsIn(text, phrase string) bool {
	word := func(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }
	for i := 0; ; {
		j := strings.Index(text[i:], phrase)
		if j < 0 {
			return false
		}
		at, end := i+j, i+j+len(phrase)
		before, _ := utf8.DecodeLastRuneInString(text[:at])
		after, _ := utf8.DecodeRuneInString(text[end:])
		if (at == 0 || !word(before)) && (end == len(text) || !word(after)) {
			return true
		}
		i = at + 1
	}
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
