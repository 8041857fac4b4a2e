package crimea

import (
	"fmt"
	"strings"

	"github.com/referee-bot/referee/rules"
	"github.com/referee-bot/referee/rules/dice"
)

// A MoveRow is a row of the movement allowance table, whose inches the text lost;
// the umpire sets them per game (C6).
type MoveRow string

// Rows of the movement table ("Movement"), in the text's order.
const (
	RowOfficers            MoveRow = "officers"
	RowLightInfantry       MoveRow = "light infantry line or column"
	RowHeavyInfantryLine   MoveRow = "heavy infantry lines"
	RowHeavyInfantryCol    MoveRow = "heavy infantry columns"
	RowLightCavalry        MoveRow = "light cavalry"
	RowHeavyCavalry        MoveRow = "heavy cavalry"
	RowAlliedHorseGuns     MoveRow = "British/French horse guns"
	RowAlliedFootArtillery MoveRow = "British/French foot artillery"
	RowRussianArtillery    MoveRow = "Russian artillery"
)

// MoveRows lists the rows as printed.
var MoveRows = []MoveRow{RowOfficers, RowLightInfantry, RowHeavyInfantryLine, RowHeavyInfantryCol,
	RowLightCavalry, RowHeavyCavalry, RowAlliedHorseGuns, RowAlliedFootArtillery, RowRussianArtillery}

// ParseMoveRow reads a row of the movement table.
func ParseMoveRow(s string) (MoveRow, error) {
	return parse(s, "A row of the movement table", MoveRows)
}

// ReadingC6Allowance says that the allowances are the umpire's.
var ReadingC6Allowance = rules.Reading{ID: "C6", Text: "the movement table lost its inches: the umpire sets each allowance for the game (`/crimea allowance`); none is invented"}

// ReadingAllowanceRow is shown when a unit's formation has no row of its own.
var ReadingAllowanceRow = rules.Reading{ID: "C6", Text: "the allowance table has rows for heavy infantry lines and columns only: a heavy infantry square or unit in works reads the lines row"}

// RowFor is the allowance row a unit moves by.
func RowFor(t UnitType, n Nationality, f Formation) (MoveRow, []rules.Reading) {
	switch t {
	case LightInfantry:
		return RowLightInfantry, nil
	case HeavyInfantry:
		switch f {
		case Column:
			return RowHeavyInfantryCol, nil
		case Line:
			return RowHeavyInfantryLine, nil
		}
		return RowHeavyInfantryLine, []rules.Reading{ReadingAllowanceRow}
	case LightCavalry:
		return RowLightCavalry, nil
	case HeavyCavalry:
		return RowHeavyCavalry, nil
	}
	if n == RussianTroop {
		return RowRussianArtillery, nil
	}
	if t == HorseArtillery {
		return RowAlliedHorseGuns, nil
	}
	return RowAlliedFootArtillery, nil
}

// A ModColumn is a column of the movement modifier table.
type ModColumn string

// The two columns.
const (
	ColInfantry ModColumn = "infantry"
	ColCavalry  ModColumn = "cavalry"
)

// ReadingArtilleryColumn is shown when artillery rolls on the modifier table.
var ReadingArtilleryColumn = rules.Reading{ID: "C6", Text: "the modifier table has infantry and cavalry columns only: foot artillery reads the infantry column, horse artillery the cavalry column"}

// ColumnFor is the modifier column a unit type reads.
func ColumnFor(t UnitType) (ModColumn, []rules.Reading) {
	switch t {
	case LightCavalry, HeavyCavalry:
		return ColCavalry, nil
	case HorseArtillery:
		return ColCavalry, []rules.Reading{ReadingArtilleryColumn}
	case FootArtillery:
		return ColInfantry, []rules.Reading{ReadingArtilleryColumn}
	}
	return ColInfantry, nil
}

// A MoveModRow is one band of the movement modifier table.
type MoveModRow struct {
	Lo, Hi             int
	Infantry, Cavalry  int
	MissingFromTheText bool
}

// MovementModifiers is "Modifiers to movement distances, roll per brigade or lone
// units out of command" (Movement), with the 31–40 band the text left out.
var MovementModifiers = []MoveModRow{
	{Lo: 1, Hi: 10, Infantry: -4, Cavalry: -6},
	{Lo: 11, Hi: 20, Infantry: -3, Cavalry: -5},
	{Lo: 21, Hi: 30, Infantry: -2, Cavalry: -3},
	{Lo: 31, Hi: 40, MissingFromTheText: true},
	{Lo: 41, Hi: 70, Infantry: 0, Cavalry: 0},
	{Lo: 71, Hi: 80, Infantry: 2, Cavalry: 3},
	{Lo: 81, Hi: 90, Infantry: 3, Cavalry: 5},
	{Lo: 91, Hi: 100, Infantry: 4, Cavalry: 6},
}

// GapRule is how the missing 31–40 band reads (house rule movement-gap).
type GapRule string

// Gap rules.
const (
	// GapNone is the reading: no modifier.
	GapNone GapRule = "none"
	// GapAs2130 reads 31–40 as the 21–30 row (lose 2" / 3").
	GapAs2130 GapRule = "as-21-30"
)

// ReadingGap is the reading of the missing band.
func ReadingGap(g GapRule) rules.Reading {
	if g == GapAs2130 {
		return rules.Reading{ID: "house rule", Text: "movement-gap=as-21-30: 31–40 is missing from the text and reads as 21–30 (lose 2\" infantry, 3\" cavalry)"}
	}
	return rules.Reading{ID: "C6", Text: "31–40 is a gap in the table; no modifier applied"}
}

// ModifierRow looks up a roll; the missing band reads by the gap rule.
func ModifierRow(roll int, g GapRule) MoveModRow {
	for _, r := range MovementModifiers {
		if roll < r.Lo || roll > r.Hi {
			continue
		}
		if r.MissingFromTheText && g == GapAs2130 {
			r.Infantry, r.Cavalry = MovementModifiers[2].Infantry, MovementModifiers[2].Cavalry
		}
		return r
	}
	panic(fmt.Sprintf("crimea: d100 roll %d outside the movement modifier table", roll))
}

// Value is the row's modifier for a column.
func (r MoveModRow) Value(c ModColumn) int {
	if c == ColCavalry {
		return r.Cavalry
	}
	return r.Infantry
}

// A Mover is one unit moving with the roll: its name, type and the umpire's
// allowance for its row (Allowance 0 with Set false when he has not set it).
type Mover struct {
	Name      string
	Type      UnitType
	Row       MoveRow
	Allowance int
	Set       bool
}

// A MoveOutcome is the roll read for each mover.
type MoveOutcome struct {
	Roll     int
	Infantry int
	Cavalry  int
	// Moves are the movers' distances this move, in the order given (-1 where the
	// allowance is not set).
	Moves []int
}

// MovementModifier rolls the movement modifier once for a brigade or a lone unit
// out of command (C6) and reads it for every unit moving with it.
func MovementModifier(src dice.Source, who string, movers []Mover, g GapRule) (rules.Ruling, MoveOutcome) {
	return ReadMovement(D100(src), who, movers, g)
}

// ReadMovement reads a movement modifier roll already made for the brigade or
// lone unit (it is rolled once and holds for every unit moving with it).
func ReadMovement(roll rules.Roll, who string, movers []Mover, g GapRule) (rules.Ruling, MoveOutcome) {
	row := ModifierRow(roll.Total, g)
	out := MoveOutcome{Roll: roll.Total, Infantry: row.Infantry, Cavalry: row.Cavalry}
	cols := map[ModColumn]bool{}
	var readings []rules.Reading
	for _, m := range movers {
		c, rd := ColumnFor(m.Type)
		cols[c] = true
		readings = addReadings(readings, rd...)
	}
	if len(movers) == 0 {
		cols[ColInfantry], cols[ColCavalry] = true, true
	}
	var read []string
	for _, c := range []ModColumn{ColInfantry, ColCavalry} {
		if cols[c] {
			read = append(read, fmt.Sprintf("%s %s", c, inches(row.Value(c))))
		}
	}
	step := rules.Step{What: "movement modifier for " + who, Roll: roll, Table: "movement modifiers",
		Row: Band(row.Lo, row.Hi), Result: strings.Join(read, ", ")}
	if row.MissingFromTheText {
		readings = addReadings(readings, ReadingGap(g))
	}
	var lines []string
	needAllowance := false
	for _, m := range movers {
		c, _ := ColumnFor(m.Type)
		mod := row.Value(c)
		if !m.Set {
			out.Moves = append(out.Moves, -1)
			needAllowance = true
			lines = append(lines, fmt.Sprintf("%s: %s (no allowance set for %s)", m.Name, inches(mod), m.Row))
			continue
		}
		d := max(m.Allowance+mod, 0)
		out.Moves = append(out.Moves, d)
		lines = append(lines, fmt.Sprintf("%s moves up to %d\" (%s %d\", %s)", m.Name, d, m.Row, m.Allowance, inches(mod)))
	}
	if needAllowance {
		readings = addReadings(readings, ReadingC6Allowance)
	}
	r := rules.Ruling{
		Ruleset:  ID,
		Title:    "Movement modifier: " + who,
		Steps:    []rules.Step{step},
		Result:   rules.Capital(strings.Join(read, ", ")) + ".",
		Readings: append(readings, ReadingC1),
	}
	if len(lines) > 0 {
		r.Result = rules.Capital(strings.Join(lines, "; ")) + "."
	}
	r.Odds = movementOdds(cols, g)
	return r, out
}

// movementOdds are the chances of each modifier in the columns rolled for.
func movementOdds(cols map[ModColumn]bool, g GapRule) []rules.Chance {
	var odds []rules.Chance
	for _, c := range []ModColumn{ColInfantry, ColCavalry} {
		if !cols[c] {
			continue
		}
		n := map[int]int{}
		var order []int
		for roll := 1; roll <= 100; roll++ {
			v := ModifierRow(roll, g).Value(c)
			if _, seen := n[v]; !seen {
				order = append(order, v)
			}
			n[v]++
		}
		for _, v := range order {
			odds = append(odds, rules.Chance{Outcome: fmt.Sprintf("%s %s", c, inches(v)), P: float64(n[v]) / 100})
		}
	}
	return odds
}

func addReadings(have []rules.Reading, more ...rules.Reading) []rules.Reading {
	for _, m := range more {
		dup := false
		for _, h := range have {
			if h == m {
				dup = true
			}
		}
		if !dup {
			have = append(have, m)
		}
	}
	return have
}
