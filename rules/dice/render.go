package dice

import (
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/referee-bot/referee/rules"
)

// A TermDetail is what one dice term of one repetition came to, for rendering.
type TermDetail struct {
	// Rep is the repetition (from 0) of a repeat form.
	Rep int
	// Term is the index of the term in the notation, from 0, left to right.
	Term int
	// Notation is the term as written: "4d6kh3".
	Notation string
	// Dice are the term's dice in the order rolled, marked (a sub-slice of Result.Dice).
	Dice []RolledDie
	// Value is what the term adds: the sum of its counted dice, or its count of successes.
	Value int64
	// Pool reports whether Value counts successes.
	Pool bool
}

// Detail lists each dice term of each repetition with its dice, in the order rolled.
func (r *Result) Detail() []TermDetail {
	out := make([]TermDetail, 0, len(r.terms))
	for _, tr := range r.terms {
		t := &r.expr.terms[tr.term]
		out = append(out, TermDetail{
			Rep:      int(tr.rep),
			Term:     int(tr.term),
			Notation: r.expr.src[t.start:t.end],
			Dice:     r.Dice[tr.start:tr.end:tr.end],
			Value:    tr.value,
			Pool:     t.succ,
		})
	}
	return out
}

// String renders the roll on one line in plain text, each dice term followed by
// its dice in brackets, then the total:
//
//	1d20+1d6+4 → 1d20 [17] + 1d6 [3] + 4 = 24
//
// Marks: a rerolled face is followed by "→" and the face that replaced it; an
// exploding face is followed by "!" and "+" the die it set off; a success is
// followed by "✓"; dice set aside by keep or drop end in " dropped"; a d100 reads
// "red 7, white 3 → 73". A repeat form lists its repetitions separated by "; ".
func (r *Result) String() string { return r.render(showDice, false) }

// Markdown is String in Discord markdown, marked as dice bots mark dice: a die
// set aside by keep or drop is struck through (~~2~~) instead of followed by
// " dropped", a kept die's natural maximum or minimum (a d6's 6 or 1; not a
// d100's reading) is bold, and the notation's "*" is escaped.
func (r *Result) Markdown() string { return r.render(showDice, true) }

// How much of each term render shows.
const (
	showDice  = iota // every die with its marks
	showTally        // the counted faces tallied, and how many dice were set aside
	showValue        // the count of dice and the term's value
)

// Summary is String when that fits in limit bytes (Discord's 2000-character
// message, less a caller's own text); otherwise the dice of each term are tallied
// by face ("200d6 [1×34, 2×30, …; 12 rerolled]"), or, if that is still too long,
// each term shows only its count of dice and its value. The result never exceeds
// limit bytes: a roll too long even so is cut at a character boundary with "…".
func (r *Result) Summary(limit int) string {
	for mode := showDice; mode <= showValue; mode++ {
		if s := r.render(mode, false); len(s) <= limit {
			return s
		}
	}
	s := r.render(showValue, false)
	tail := " … = " + strconv.FormatInt(r.Total, 10)
	if limit < len(tail) {
		return clip(tail, limit)
	}
	return clip(s, limit-len(tail)) + tail
}

// clip cuts s to at most n bytes, at a character boundary.
func clip(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:max(n, 0)]
}

func (r *Result) render(mode int, md bool) string {
	if r.expr == nil {
		return ""
	}
	var b, line strings.Builder
	e := r.expr
	k := 0
	for rep := range len(r.Totals) {
		if rep > 0 {
			b.WriteString("; ")
		}
		line.Reset()
		last := int(e.body)
		for ; k < len(r.terms) && int(r.terms[k].rep) == rep; k++ {
			tr := r.terms[k]
			t := &e.terms[tr.term]
			spaced(&line, e.src[last:t.start], md)
			line.WriteString(e.src[t.start:t.end])
			line.WriteString(" [")
			dice := r.Dice[tr.start:tr.end]
			switch mode {
			case showDice:
				writeDice(&line, dice, t.pct, t.d66, md)
			case showTally:
				writeTally(&line, dice)
			default:
				line.WriteString(strconv.Itoa(len(dice)))
				line.WriteString(" dice → ")
				line.WriteString(strconv.FormatInt(tr.value, 10))
			}
			line.WriteString("]")
			last = int(t.end)
		}
		spaced(&line, e.src[last:], md)
		b.WriteString(strings.TrimSpace(line.String()))
		b.WriteString(" = ")
		b.WriteString(strconv.FormatInt(r.Totals[rep], 10))
	}
	return b.String()
}

// writeTally writes the counted faces as face×count in increasing order, then
// how many dice were rerolled or dropped and how many successes there were.
func writeTally(b *strings.Builder, dice []RolledDie) {
	var counts map[int32]int
	var faces []int32
	rerolled, dropped, successes := 0, 0, 0
	for _, d := range dice {
		switch {
		case d.Mark&Rerolled != 0:
			rerolled++
			continue
		case d.Mark&Dropped != 0:
			dropped++
			continue
		}
		if d.Mark&Success != 0 {
			successes++
		}
		if counts == nil {
			counts = map[int32]int{}
		}
		if counts[d.Face] == 0 {
			faces = append(faces, d.Face)
		}
		counts[d.Face]++
	}
	slices.Sort(faces)
	for i, f := range faces {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(strconv.Itoa(int(f)))
		b.WriteString("×")
		b.WriteString(strconv.Itoa(counts[f]))
	}
	for _, n := range []struct {
		n    int
		what string
	}{{rerolled, "rerolled"}, {dropped, "dropped"}, {successes, "successes"}} {
		if n.n > 0 {
			b.WriteString("; ")
			b.WriteString(strconv.Itoa(n.n))
			b.WriteString(" ")
			b.WriteString(n.what)
		}
	}
}

// spaced writes a stretch of notation between dice terms with one space on each
// side of its operators and none elsewhere; md escapes "*" for markdown.
func spaced(b *strings.Builder, s string, md bool) {
	for i := 0; i < len(s); i++ {
		switch c := s[i]; c {
		case ' ', '\t':
		case '+', '-', '*':
			if b.Len() > 0 && !strings.HasSuffix(b.String(), " ") {
				b.WriteByte(' ')
			}
			if c == '*' && md {
				b.WriteByte('\\')
			}
			b.WriteByte(c)
			b.WriteByte(' ')
		default:
			b.WriteByte(c)
		}
	}
}

func writeDice(b *strings.Builder, dice []RolledDie, pct, d66, md bool) {
	sep := ", "
	if pct {
		sep = "; "
	}
	for i, d := range dice {
		if i > 0 {
			prev := dice[i-1]
			switch {
			case prev.Mark&Rerolled != 0:
				b.WriteString(" → ")
			case prev.Mark&Exploded != 0:
				b.WriteString(" + ")
			default:
				b.WriteString(sep)
			}
		}
		if pct {
			b.WriteString("red ")
			b.WriteString(strconv.Itoa(d.Red()))
			b.WriteString(", white ")
			b.WriteString(strconv.Itoa(d.White()))
			b.WriteString(" → ")
		}
		if d66 { // the tens and the units die; the total reads them
			b.WriteString(strconv.Itoa(d.Tens()))
			b.WriteString(",")
			b.WriteString(strconv.Itoa(d.Units()))
			continue
		}
		face := strconv.Itoa(int(d.Face))
		last := d.Mark&(Rerolled|Exploded) == 0 // the last die of a chain
		switch {
		case !md:
			b.WriteString(face)
		case d.Mark&Dropped != 0:
			b.WriteString("~~" + face + "~~")
		case !pct && (d.Face == 1 || d.Face == d.Sides):
			b.WriteString("**" + face + "**")
		default:
			b.WriteString(face)
		}
		if d.Mark&Exploded != 0 {
			b.WriteString("!")
		}
		if d.Mark&Success != 0 {
			b.WriteString("✓")
		}
		if d.Mark&Dropped != 0 && last && !md { // the last die of a dropped one
			b.WriteString(" dropped")
		}
	}
}

// AsRoll is the roll in the shape a ruling shows: the notation, every face in the
// order rolled (a d100 as its red-white reading), the total, and String as Shown
// when plain faces would mislead (d100, d66, marks, repetitions).
func (r *Result) AsRoll() rules.Roll {
	out := rules.Roll{Faces: make([]int, len(r.Dice)), Total: int(r.Total)}
	if r.expr != nil {
		out.Notation = r.expr.src
	}
	plain := len(r.Totals) <= 1
	for i, d := range r.Dice {
		out.Faces[i] = int(d.Face)
		if d.Mark != 0 || d.Percent() || d.D66() {
			plain = false
		}
	}
	if !plain {
		out.Shown = r.String()
	}
	return out
}
