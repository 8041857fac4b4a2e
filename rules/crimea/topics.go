package crimea

import (
	"fmt"
	"strings"

	"github.com/referee-bot/referee/rules"
)

// Topics are the tables and rules /rules shows.
func Topics() []rules.Topic {
	return []rules.Topic{
		{Name: "dice", Title: "Dice: the red and the white d10", Body: "Every roll is a d100 from two d10s: the **red** die gives the tens, the **white** the units, a 10 reads 0, and 0-0 reads 100. " +
			"Red 7, white 3 → 73. Every ruling shows both dice.", Readings: []rules.Reading{ReadingC1}},
		{Name: "turn", Title: "The turn and the movement deck", Body: deckBody(), Readings: []rules.Reading{ReadingC2}},
		{Name: "orders", Title: "Officers' orders", Body: ordersBody(), Readings: []rules.Reading{
			{ID: "C3", Text: "orders per turn by calibre; wounded officers issue none until they recover, dead ones none; more than 18\" away a unit needs two orders; orders are not shared or lent"},
			ReadingC4}},
		{Name: "calibre", Title: "Officer calibre", Body: calibreBody(), Readings: []rules.Reading{ReadingC3Table}},
		{Name: "morale", Title: "Morale and officer morale", Body: "Every unit and officer has a morale rating in percent (50% unless the umpire sets another). " +
			"A test passes with that chance, on a **high** roll: d100 ≥ 101 − rating (a 60% unit passes on 41 or more). " +
			"Officer morale decides whether an officer can do a task: a rash officer's fifth order, an indolent officer's move, riding with a charge.\n" +
			"`/crimea morale unit:…` or `officer:…`, or `rating:… name:…` for a quick test.",
			Readings: []rules.Reading{ReadingC5(MoraleHigh)}},
		{Name: "movement", Title: "Movement allowances and the movement modifier", Body: movementBody(), Readings: []rules.Reading{
			ReadingC6Allowance, ReadingGap(GapNone), ReadingArtilleryColumn, ReadingAllowanceRow, ReadingMoveTo, ReadingMoveShort}},
		{Name: "fire", Title: "Firing by stands", Body: fireBody(), Readings: []rules.Reading{ReadingC7}},
		{Name: "combat", Title: "Close combat", Body: combatBody(), Readings: []rules.Reading{
			ReadingC8Rolls, ReadingTie(TieHold), ReadingCasualties(CasualtiesBoth), ReadingBack}},
		{Name: "readings", Title: "Readings the referee takes (C1–C8)", Readings: []rules.Reading{
			ReadingC1, ReadingC2, ReadingC3Table, ReadingC3Orders, ReadingC4, ReadingC5(MoraleHigh), ReadingC6Allowance, ReadingGap(GapNone),
			ReadingArtilleryColumn, ReadingAllowanceRow, ReadingC7, ReadingC8Rolls, ReadingTie(TieHold), ReadingCasualties(CasualtiesBoth), ReadingBack},
			Body: "Where the text is damaged or silent the referee reads it so, and says so where it applies; the umpire switches some with `/game house-rule`. docs/readings.md states each with the rule it rests on."},
	}
}

func deckBody() string {
	var cards []string
	for _, c := range Deck {
		cards = append(cards, c.String())
	}
	return "The movement deck holds eight cards: " + strings.Join(cards, ", ") + ".\n" +
		"`/turn new` (umpire) shuffles it and sets every officer's orders for the turn (a rash officer tests officer morale for 5; an indolent one tests whether he moves at all). " +
		"`/turn next` turns up one card: that command moves. On a free move the side moves any one command of its choice. `/turn status` shows the cards drawn and the orders left. " +
		"There are no secret cards, so `/card` and `/act` are not used."
}

func ordersBody() string {
	return "A unit may not move without an order (`/crimea move unit:… officer:…`). Orders a turn: indolent 2, cautious 3, normal 5, rash 3 (5 if he passes officer morale).\n" +
		"A brigade officer orders his own units only; a wing or division commander any unit under him; the commander-in-chief any unit in the army. " +
		"A unit more than 18\" from the officer needs two orders (`far:true`). Wounded officers issue no orders until they recover; dead ones none. Orders are not shared or lent.\n" +
		"Units without orders may still fire and pivot up to 45°; they may not move, limber or unlimber. Cavalry without orders are stationary. " +
		"A charge is a move, so a player's unit charges (`/crimea combat`) only after its order this turn; the umpire may resolve any combat. " +
		"A charge ordered with the move (`/crimea move … charge:…`) owes its close combat, resolved after movement: once every card has moved, the umpire resolves it. " +
		"On a map the charge is measured against the unit's move this turn: beyond it, the charge falls short, goes its whole move at the enemy and owes no combat.\n" +
		"Riding with a charge (`/crimea ride`): indolent never; cautious and normal if they pass officer morale; rash always, and a die picks the unit when several charge."
}

func calibreBody() string {
	var b strings.Builder
	b.WriteString("Rolled for each officer at the start of the game (`/crimea calibre`, or when the umpire adds him).\n```\nd100     calibre   orders  rides with a charge\n")
	for _, r := range CalibreTable {
		orders := fmt.Sprint(BaseOrders[r.Calibre])
		ride := "if he passes officer morale"
		switch r.Calibre {
		case Rash:
			orders, ride = "3 or 5*", "always"
		case Indolent:
			ride = "never (and moves only on passing officer morale)"
		}
		fmt.Fprintf(&b, "%-8s %-9s %-7s %s\n", Band(r.Lo, r.Hi), r.Calibre, orders, ride)
	}
	b.WriteString("```\n* 5 if he passes officer morale at the start of the turn.")
	return b.String()
}

func movementBody() string {
	var b strings.Builder
	b.WriteString("**Allowances** (the text lost the inches; the umpire sets them with `/crimea allowance`): ")
	rows := make([]string, len(MoveRows))
	for i, r := range MoveRows {
		rows[i] = string(r)
	}
	b.WriteString(strings.Join(rows, ", ") + ".\n")
	b.WriteString("**Modifier**, rolled once per brigade or lone unit out of command (`/crimea movement`):\n```\nd100     infantry    cavalry\n")
	for _, r := range MovementModifiers {
		if r.MissingFromTheText {
			fmt.Fprintf(&b, "%-8s %-11s %s\n", Band(r.Lo, r.Hi), "missing", "missing")
			continue
		}
		fmt.Fprintf(&b, "%-8s %-11s %s\n", Band(r.Lo, r.Hi), signedInches(r.Infantry), signedInches(r.Cavalry))
	}
	b.WriteString("```\n*Missing*: the row is missing from the text; no modifier applies.\n")
	b.WriteString("**On a map**, `/crimea move … to:\"x,y\"` (with `via:` and `facing:`) goes along the path of the unit's centre, measured before the modifier is rolled: " +
		"a path longer than the allowance with the best modifier (or the move rolled earlier this turn) is refused and nothing is rolled; " +
		"one longer than the rolled move goes that far along it and stops.")
	return b.String()
}

func signedInches(v int) string {
	switch {
	case v < 0:
		return fmt.Sprintf("lose %d\"", -v)
	case v > 0:
		return fmt.Sprintf("add %d\"", v)
	}
	return "none"
}

func fireBody() string {
	var b strings.Builder
	b.WriteString("Each firing stand has a chance of a hit:\n```\n")
	for _, r := range FireChances {
		fmt.Fprintf(&b, "%-38s %d%%\n", r.Label, r.Percent)
	}
	b.WriteString("```\nAdd the stands' chances and multiply by the target's modifier: a column ×1.5 (the umpire names any other multiplier). " +
		"Each full 100% removes a stand; roll d100 for the rest: at or under it removes one more.\n" +
		"Example: four British stands fire on a Russian column: 4 × 25% × 1.5 = 150%: one stand removed, and a roll of 50 or less removes a second.")
	return b.String()
}

func combatBody() string {
	return "The attacker tests morale: failing, it returns to its start or moves back one normal move. Passing, the defender tests after movement, before any close combat: failing, it moves back one normal move. " +
		"If both pass, both rolls are saved as the combat rolls.\n" +
		"**The attacker:**\n```\n+10 officer attached (one per unit)\n+10 cavalry v infantry not in square\n    or works\n" +
		"+10 attacking from the rear\n−10 attacking uphill\n−10 per stand lost to fire this turn\n−10 attacking artillery frontally\n```\n" +
		"**The defender:**\n```\n+10 officer attached\n+10 defending works\n−10 per stand lost to fire this turn\n−10 disordered\n```\n" +
		"Highest total wins. Casualties, for each side: enemy total 60 or more → lose 1 stand; enemy total beats yours by 20 or more → lose 1 stand. " +
		"A side that loses a stand rolls for its attached officer: 95–100 he is killed.\n" +
		"On a map the two must be in contact, and the referee moves a unit that fails its morale back one normal move, straight away from the enemy."
}

// ReadingC4 is what units without orders may do (C4).
var ReadingC4 = rules.Reading{ID: "C4", Text: "units without orders may still fire and pivot up to 45°, but not move or limber/unlimber; cavalry without orders are stationary"}
