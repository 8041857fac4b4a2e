package gamecmd

import (
	"strings"
	"unicode/utf8"

	"github.com/referee-bot/referee/commands/interaction"
	"github.com/referee-bot/referee/commands/render"
)

// MaxCodeWidth is the widest line a code block of /rules may have: about what
// a phone shows without wrapping it.
const MaxCodeWidth = 36

// A bodyPart is a stretch of a topic's body as /rules shows it: Markdown
// text, or a table shown as embed fields (one a row).
type bodyPart struct {
	text   string
	fields []interaction.Field
}

// phoneParts reads a topic's body for a phone: a code block no wider than
// MaxCodeWidth stays as it is; a wider one is read as columns (where every
// line has a space) and becomes, with three columns or more, a table of
// fields, one a row, named by its first cell, each other cell after its
// column's heading ("Rifle 16 · Musket 12"); with two, a list of lines, the
// first cell bold ("**rifle** 2"); with one, plain lines.
func phoneParts(body string) []bodyPart {
	var parts []bodyPart
	var text strings.Builder
	var block []string
	in := false
	for _, line := range strings.Split(body, "\n") {
		if !strings.HasPrefix(strings.TrimSpace(line), "```") {
			if in {
				block = append(block, line)
			} else {
				text.WriteString(line + "\n")
			}
			continue
		}
		if !in {
			in, block = true, nil
			continue
		}
		in = false
		if width(block) <= MaxCodeWidth {
			text.WriteString("```\n" + strings.Join(block, "\n") + "\n```\n")
			continue
		}
		cols := columns(block)
		switch {
		case len(cols[0]) >= 3:
			if t := strings.TrimSpace(text.String()); t != "" {
				parts = append(parts, bodyPart{text: t})
			}
			text.Reset()
			parts = append(parts, bodyPart{fields: tableFields(cols)})
		case len(cols[0]) == 2:
			for _, r := range cols {
				text.WriteString("**" + render.Inert(r[0]) + "** " + render.Inert(r[1]) + "\n")
			}
		default:
			for _, r := range cols {
				text.WriteString(render.Inert(r[0]) + "\n")
			}
		}
	}
	if in { // an unclosed block: shown as it is
		text.WriteString("```\n" + strings.Join(block, "\n"))
	}
	if t := strings.TrimSpace(text.String()); t != "" {
		parts = append(parts, bodyPart{text: t})
	}
	return parts
}

// tableFields is a table, its first row the headings, as one field a row.
func tableFields(rows [][]string) []interaction.Field {
	head := rows[0]
	var fields []interaction.Field
	for _, r := range rows[1:] {
		var cells []string
		for i, c := range r[1:] {
			if c != "" {
				cells = append(cells, render.Inert(head[i+1])+" **"+render.Inert(c)+"**")
			}
		}
		fields = append(fields, interaction.Field{Name: render.Clip(render.Plain(r[0]), render.MaxFieldName),
			Value: render.Clip(strings.Join(cells, " · "), render.MaxFieldValue), Inline: true})
	}
	return fields
}

// columns cuts fixed-width lines into cells: a column ends where every line
// has a space (or has ended), and a column with no heading in the first line
// belongs to the one before it. A line whose first cell is empty continues
// the line before. Every row has as many cells as the first.
func columns(lines []string) [][]string {
	rs := make([][]rune, len(lines))
	w := 0
	for i, l := range lines {
		rs[i] = []rune(strings.TrimRight(l, " "))
		w = max(w, len(rs[i]))
	}
	blank := func(p int) bool {
		for _, r := range rs {
			if p < len(r) && r[p] != ' ' {
				return false
			}
		}
		return true
	}
	var starts []int
	for p := 0; p < w; p++ {
		if !blank(p) && (p == 0 || blank(p-1)) {
			head := rs[0]
			if len(starts) > 0 && (p >= len(head) || head[p] == ' ') {
				continue // no heading here: part of the column before
			}
			starts = append(starts, p)
		}
	}
	cell := func(r []rune, i int) string {
		lo, hi := starts[i], len(r)
		if i+1 < len(starts) {
			hi = min(hi, starts[i+1])
		}
		if lo >= hi {
			return ""
		}
		return strings.TrimSpace(string(r[lo:hi]))
	}
	var rows [][]string
	for _, r := range rs {
		if len(r) == 0 {
			continue
		}
		row := make([]string, len(starts))
		for i := range starts {
			row[i] = cell(r, i)
		}
		if row[0] == "" && len(rows) > 0 {
			prev := rows[len(rows)-1]
			for i, c := range row {
				if c != "" {
					prev[i] = strings.TrimSpace(prev[i] + " " + c)
				}
			}
			continue
		}
		rows = append(rows, row)
	}
	return rows
}

// width is the widest line's length in characters.
func width(lines []string) int {
	w := 0
	for _, l := range lines {
		w = max(w, utf8.RuneCountInString(strings.TrimRight(l, " ")))
	}
	return w
}
