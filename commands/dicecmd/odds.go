package dicecmd

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"math"
	"strings"
	"unicode/utf8"

	"github.com/referee-bot/referee/commands/interaction"
	"github.com/referee-bot/referee/commands/render"
	"github.com/referee-bot/referee/rules/dice"
)

// maxRows is the most values of odds table shown in the embed; a longer
// table is folded into odds.csv.
const maxRows = 20

// An OddsResult is the machine-readable result of /odds.
type OddsResult struct {
	Notation string     `json:"notation"`
	Mean     float64    `json:"mean"`
	SD       float64    `json:"sd"`
	Rows     []dice.Row `json:"rows"`
}

// Odds is /odds dice:<notation>: the exact distribution of the total (or of the
// count of successes for a pool), as a table of P(=x), P(≥x), P(≤x) and a bar
// chart. Nothing is rolled.
func Odds(ctx context.Context, req interaction.Request) (interaction.Response, error) {
	e, err := parse(req)
	if err != nil {
		return interaction.Response{}, err
	}
	d, err := e.Dist()
	var de *dice.Error
	if errors.As(err, &de) {
		return interaction.Response{}, interaction.Refusef("The referee won't work out those odds: %s.", render.Inert(de.Error()))
	}
	if err != nil {
		return interaction.Response{}, err
	}
	rows := d.Table()
	what := "total"
	if e.Pool() {
		what = "successes"
	}
	var head strings.Builder
	fmt.Fprintf(&head, "Mean **%.2f** · standard deviation %.2f · %s from %d to %d.", d.Mean(), math.Sqrt(d.Variance()), what, d.Min(), d.Max())
	if e.Repeat() > 1 {
		fmt.Fprintf(&head, "\nThe odds of one of the %d rolls (each is rolled alike).", e.Repeat())
	}
	fmt.Fprintf(&head, "\n%s", atLeast(rows))
	msg := interaction.Message{}
	table := ""
	if len(rows) > maxRows {
		fmt.Fprintf(&head, "\nThe whole table, %d values, is in `odds.csv`.", len(rows))
		msg.Files = append(msg.Files, interaction.File{Name: "odds.csv", Content: oddsCSV(rows)})
	} else {
		table = "\n```\n" + oddsTable(rows, what) + "```"
	}
	label := req.String("label")
	if utf8.RuneCountInString(label) > MaxLabel {
		return interaction.Response{}, interaction.Refusef("A label can be at most %d characters.", MaxLabel)
	}
	title := "Odds of " + e.String()
	if label != "" {
		title += ": " + render.Plain(label)
	}
	th := cmp.Or(req.String("theme"), themeNames[0])
	if _, ok := themes[th]; !ok {
		return interaction.Response{}, interaction.Refusef("The chart's theme is %s.", strings.Join(themeNames, " or "))
	}
	png, err := chart(rows, title, what, th)
	if err != nil {
		return interaction.Response{}, err
	}
	msg.Files = append([]interaction.File{{Name: "odds.png", Content: png}}, msg.Files...)
	msg.Embeds = []interaction.Embed{{
		Title:       render.Clip(render.InertTitle(title), render.MaxTitle),
		Description: head.String() + table,
		Color:       render.ColourRuling,
		Footer:      "exact odds, computed not sampled",
		Image:       "attachment://odds.png",
	}}
	out := OddsResult{Notation: e.String(), Mean: d.Mean(), SD: math.Sqrt(d.Variance()), Rows: rows}
	return interaction.Response{Public: []interaction.Message{msg}, Result: out}, nil
}

// pct writes a probability in a fixed width: "16.67%", "<0.01%".
func pct(p float64) string {
	switch {
	case p <= 0:
		return "0%"
	case p < 0.00005:
		return "<0.01%"
	}
	return fmt.Sprintf("%.2f%%", 100*p)
}

// oddsTable writes the rows as a fixed-width table.
func oddsTable(rows []dice.Row, what string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%9s %8s %8s %8s\n", what, "P(=x)", "P(>=x)", "P(<=x)")
	for _, r := range rows {
		fmt.Fprintf(&b, "%9d %8s %8s %8s\n", r.Value, pct(r.Eq), pct(r.AtLeast), pct(r.AtMost))
	}
	return b.String()
}

// atLeast is what a player asks first: the chance of at least x, at the
// values where it passes 90%, 75%, 50%, 25% and 10% ("**≥ 8** 72%"), each
// value once.
func atLeast(rows []dice.Row) string {
	var parts []string
	last := math.MinInt
	for _, q := range []float64{0.9, 0.75, 0.5, 0.25, 0.1} {
		// the highest value still reached with at least q
		i := len(rows) - 1
		for i > 0 && rows[i].AtLeast < q-1e-9 {
			i--
		}
		if r := rows[i]; r.Value != last {
			parts = append(parts, fmt.Sprintf("**≥ %d** %s", r.Value, render.Percent(r.AtLeast)))
			last = r.Value
		}
	}
	return "Chance of at least: " + strings.Join(parts, " · ")
}

// oddsCSV is the whole table as CSV.
func oddsCSV(rows []dice.Row) []byte {
	var b strings.Builder
	b.WriteString("value,p_eq,p_at_least,p_at_most\n")
	for _, r := range rows {
		fmt.Fprintf(&b, "%d,%.12g,%.12g,%.12g\n", r.Value, r.Eq, r.AtLeast, r.AtMost)
	}
	return []byte(b.String())
}
