package battle

import (
	"cmp"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/referee-bot/referee/commands/interaction"
	"github.com/referee-bot/referee/commands/render"
)

// A sieve cuts messages of a fogged battle to their readers: it knows every
// name on the board with its side, and asks the rule set once per reader
// what that reader may not see. Each name it must not see is replaced by
// "an unseen <side> unit", in the text of the message, its embeds, its
// files' text and its buttons (a button naming one is left out).
type sieve struct {
	unseenOf func(side string) ([]string, error) // the names side may not see
	names    map[string]string                   // every name of the board → its side
	unseen   map[string][]string                 // by side ("" the main channel): names, longest first
}

// sieveOf is the sieve of g, or false when g is not fogged.
func (s *Service) sieveOf(g *Game) (*sieve, bool, error) {
	f, ok := s.fogOf(g)
	if !ok {
		return nil, false, nil
	}
	names, err := f.Names(g)
	if err != nil {
		return nil, false, err
	}
	unseen := func(side string) ([]string, error) { return f.Unseen(g, side) }
	return &sieve{unseenOf: unseen, names: names, unseen: map[string][]string{}}, true, nil
}

// hidden are the names r may not see, longest first (none for the umpire).
func (v *sieve) hidden(r Reader) ([]string, error) {
	if r.All {
		return nil, nil
	}
	if ns, ok := v.unseen[r.Side]; ok {
		return ns, nil
	}
	ns, err := v.unseenOf(r.Side)
	if err != nil {
		return nil, err
	}
	ns = slices.Clone(ns)
	slices.SortFunc(ns, func(a, b string) int { return cmp.Compare(len(b), len(a)) })
	v.unseen[r.Side] = ns
	return ns, nil
}

// stand is what replaces a name its reader may not see.
func (v *sieve) stand(name string) string {
	if side, ok := v.names[name]; ok && side != "" {
		return "an unseen " + side + " unit"
	}
	return "an unseen unit"
}

// text is s with every name r may not see replaced.
func (v *sieve) text(s string, hidden []string) string {
	for _, n := range hidden {
		s = replaceName(s, n, v.stand(n))
		if in := render.Inert(n); in != n {
			s = replaceName(s, in, v.stand(n))
		}
	}
	return s
}

// carries reports whether s carries any of names, as whole words.
func carries(s string, names []string) bool {
	for _, n := range names {
		if findName(s, n, 0) >= 0 {
			return true
		}
		if in := render.Inert(n); in != n && findName(s, in, 0) >= 0 {
			return true
		}
	}
	return false
}

// cut is m as r may see it.
func (v *sieve) cut(m interaction.Message, r Reader) (interaction.Message, error) {
	hidden, err := v.hidden(r)
	if err != nil || len(hidden) == 0 {
		return m, err
	}
	out := interaction.Message{Content: v.text(m.Content, hidden), Ping: m.Ping}
	for _, e := range m.Embeds {
		c := interaction.Embed{Title: v.text(e.Title, hidden), Description: v.text(e.Description, hidden),
			Footer: v.text(e.Footer, hidden), Color: e.Color}
		for _, f := range e.Fields {
			c.Fields = append(c.Fields, interaction.Field{Name: v.text(f.Name, hidden), Value: v.text(f.Value, hidden), Inline: f.Inline})
		}
		out.Embeds = append(out.Embeds, c)
	}
	for _, b := range m.Buttons {
		if !carries(b.Label, hidden) && !carries(b.ID, hidden) {
			out.Buttons = append(out.Buttons, b)
		}
	}
	for _, f := range m.Files {
		if !utf8.Valid(f.Content) {
			continue // what it holds cannot be read to cut it
		}
		out.Files = append(out.Files, interaction.File{Name: v.text(f.Name, hidden), Content: []byte(v.text(string(f.Content), hidden))})
	}
	return out, nil
}

// mentions are the names of the board that m carries.
func (v *sieve) mentions(m interaction.Message) []string {
	text := messageText(m)
	var out []string
	for n := range v.names {
		if carries(text, []string{n}) {
			out = append(out, n)
		}
	}
	slices.Sort(out)
	return out
}

// hides reports whether m names anything r may not see: it is then not
// shown to r at all, so that r is not told that something unseen is there.
func (v *sieve) hides(m interaction.Message, r Reader) (bool, error) {
	hidden, err := v.hidden(r)
	if err != nil || len(hidden) == 0 {
		return false, err
	}
	return carries(messageText(m), hidden), nil
}

// drop is m as r may see it, each line that names what r may not see left
// out (the turn message, which is shown whatever it says).
func (v *sieve) drop(m interaction.Message, r Reader) (interaction.Message, error) {
	hidden, err := v.hidden(r)
	if err != nil || len(hidden) == 0 {
		return m, err
	}
	lines := func(s string) string {
		var kept []string
		for _, l := range strings.Split(s, "\n") {
			if !carries(l, hidden) {
				kept = append(kept, l)
			}
		}
		return strings.Trim(strings.Join(kept, "\n"), "\n")
	}
	out := interaction.Message{Content: lines(m.Content), Ping: m.Ping}
	for _, e := range m.Embeds {
		c := interaction.Embed{Title: v.text(e.Title, hidden), Description: lines(e.Description), Footer: lines(e.Footer), Color: e.Color}
		for _, f := range e.Fields {
			if val := lines(f.Value); val != "" && !carries(f.Name, hidden) {
				c.Fields = append(c.Fields, interaction.Field{Name: f.Name, Value: val, Inline: f.Inline})
			}
		}
		out.Embeds = append(out.Embeds, c)
	}
	for _, b := range m.Buttons {
		if !carries(b.Label, hidden) && !carries(b.ID, hidden) {
			out.Buttons = append(out.Buttons, b)
		}
	}
	return out, nil
}

// concerns reports whether m names a unit of side; in the open, a unit the
// main channel sees.
func (v *sieve) concerns(m interaction.Message, side string, open bool) (bool, error) {
	hidden, err := v.hidden(Main)
	if err != nil {
		return false, err
	}
	for _, n := range v.mentions(m) {
		if strings.EqualFold(v.names[n], side) && (!open || !slices.Contains(hidden, n)) {
			return true, nil
		}
	}
	return false, nil
}

// tells reports whether m names an enemy unit of side that side sees and
// the main channel does not: news for that side alone (what it spotted,
// what the umpire revealed to it).
func (v *sieve) tells(m interaction.Message, side string) (bool, error) {
	mine, err := v.hidden(Reader{Side: side})
	if err != nil {
		return false, err
	}
	all, err := v.hidden(Main)
	if err != nil {
		return false, err
	}
	for _, n := range v.mentions(m) {
		if !strings.EqualFold(v.names[n], side) && !slices.Contains(mine, n) && slices.Contains(all, n) {
			return true, nil
		}
	}
	return false, nil
}

// first is the side of the unit m names first: whose move a ruling the
// umpire makes is ("Fire: Chosen Men at the Voltigeurs").
func (v *sieve) first(m interaction.Message) string {
	text := messageText(m)
	at, side := len(text), ""
	for n, s := range v.names {
		for _, form := range []string{n, render.Inert(n)} {
			if i := findName(text, form, 0); i >= 0 && i < at {
				at, side = i, s
			}
		}
	}
	return side
}

// messageText is every text of m, for finding the names it carries.
func messageText(m interaction.Message) string {
	var b strings.Builder
	b.WriteString(m.Content)
	for _, e := range m.Embeds {
		for _, s := range []string{e.Title, e.Description, e.Footer} {
			b.WriteString("\n" + s)
		}
		for _, f := range e.Fields {
			b.WriteString("\n" + f.Name + "\n" + f.Value)
		}
	}
	for _, btn := range m.Buttons {
		b.WriteString("\n" + btn.Label + "\n" + btn.ID)
	}
	for _, f := range m.Files {
		if utf8.Valid(f.Content) {
			b.WriteString("\n" + f.Name + "\n" + string(f.Content))
		}
	}
	return b.String()
}

// same reports whether two messages read alike.
func sameMessage(a, b interaction.Message) bool {
	return messageText(a) == messageText(b) && len(a.Buttons) == len(b.Buttons) && len(a.Files) == len(b.Files)
}

// findName is the byte index in s, from from on, of name as a whole word
// (letters and digits do not run on either side), its case ignored; -1 when
// it is not there.
func findName(s, name string, from int) int {
	if name == "" {
		return -1
	}
	for i := from; i+len(name) <= len(s); i++ {
		if !strings.EqualFold(s[i:i+len(name)], name) {
			continue
		}
		if before, _ := utf8.DecodeLastRuneInString(s[:i]); i > 0 && word(before) {
			continue
		}
		if after, _ := utf8.DecodeRuneInString(s[i+len(name):]); i+len(name) < len(s) && word(after) {
			continue
		}
		return i
	}
	return -1
}

func word(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }

// replaceName replaces every whole-word occurrence of name in s by with,
// with a capital where it starts a sentence.
func replaceName(s, name, with string) string {
	i := findName(s, name, 0)
	if i < 0 {
		return s
	}
	var b strings.Builder
	last := 0
	for ; i >= 0; i = findName(s, name, last) {
		b.WriteString(s[last:i])
		if before := strings.TrimRight(s[:i], " *_"); before == "" || strings.HasSuffix(before, ".") || strings.HasSuffix(before, "\n") {
			b.WriteString(render.Capital(with))
		} else {
			b.WriteString(with)
		}
		last = i + len(name)
	}
	b.WriteString(s[last:])
	return b.String()
}
