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

// maxTable is the most characters of odds table shown in the embed; a longer
// table shows its middle and attaches the whole as odds.csv.
const maxTable = 3500

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
	table, step, cut := oddsTable(rows, what)
	msg := interaction.Message{}
	if cut {
		which := "the values"
		if step > 1 {
			which = "every " + ordinal(step) + " value"
		}
		fmt.Fprintf(&head, "\nToo many values to list: below, %s between the rarest 0.1%% at each end; `odds.csv` has every one.", which)
		msg.Files = append(msg.Files, interaction.File{Name: "odds.csv", Content: oddsCSV(rows)})
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
	png, err := chart(rows, title, th)
	if err != nil {
		return interaction.Response{}, err
	}
	msg.Files = append([]interaction.File{{Name: "odds.png", Content: png}}, msg.Files...)
	msg.Embeds = []interaction.Embed{{
		Title:       render.Clip(render.InertTitle(title), render.MaxTitle),
		Description: head.String() + "\n```\n" + table + "```",
		Color:       render.ColourRuling,
		Footer:      "exact odds, computed not sampled",
		Image:       "attachment://odds.png",
	}}
	out := OddsResult{Notation: e.String(), Mean: d.Mean(), SD: math.Sqrt(d.Variance()), Rows: rows}
	return interaction.Response{Public: []interaction.Message{msg}, Result: out}, nil
}

// ordinal writes a number as "2nd", "3rd", "20th".
func ordinal(n int) string {
	suffix := "th"
	switch {
	case n%100 >= 11 && n%100 <= 13:
	case n%10 == 1:
		suffix = "st"
	case n%10 == 2:
		suffix = "nd"
	case n%10 == 3:
		suffix = "rd"
	}
	return fmt.Sprintf("%d%s", n, suffix)
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

// oddsTable writes the rows as a fixed-width table. When they would not fit it
// keeps the values between the 0.1% tails and shows every k-th of them; it
// reports the step (1 when every value is shown) and whether it cut.
func oddsTable(rows []dice.Row, what string) (string, int, bool) {
	line := func(r dice.Row) string {
		return fmt.Sprintf("%9d %8s %8s %8s\n", r.Value, pct(r.Eq), pct(r.AtLeast), pct(r.AtMost))
	}
	header := fmt.Sprintf("%9s %8s %8s %8s\n", what, "P(=x)", "P(>=x)", "P(<=x)")
	fit := (maxTable - len(header)) / len(line(dice.Row{Value: rows[len(rows)-1].Value}))
	lo, hi, step := 0, len(rows), 1
	if len(rows) > fit {
		for lo < hi-1 && rows[lo].AtMost < tail {
			lo++
		}
		for hi-1 > lo && rows[hi-1].AtLeast < tail {
			hi--
		}
		step = (hi - lo + fit - 1) / fit
	}
	var b strings.Builder
	b.WriteString(header)
	for i := lo; i < hi; i += step {
		b.WriteString(line(rows[i]))
	}
	return b.String(), step, hi-lo < len(rows)
}

// tail is the chance left out at each end of a table too long to show whole.
const tail = 0.001

// oddsCSV is the whole table as CSV.
func oddsCSV(rows []dice.Row) []byte {
	var b strings.Builder
	b.WriteString("value,p_eq,p_at_least,p_at_most\n")
	for _, r := range rows {
		fmt.Fprintf(&b, "%d,%.12g,%.12g,%.12g\n", r.Value, r.Eq, r.AtLeast, r.AtMost)
	}
	return []byte(b.String())
}
