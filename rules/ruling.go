package rules

import "fmt"

// A Ruling is the full working of one resolution, as shown to players.
type Ruling struct {
	// Ruleset is the rule set's id ("greenjackets", "crimea", ...); empty for a plain roll.
	Ruleset string `json:"ruleset,omitempty"`
	// Title names what was resolved: "Fire: Harper's squad at 12\"".
	Title string `json:"title"`
	// Steps are the rolls in the order they were made.
	Steps []Step `json:"steps,omitempty"`
	// Result is the outcome in one short sentence.
	Result string `json:"result"`
	// Odds are the chances of each possible outcome before the dice were rolled.
	Odds []Chance `json:"odds,omitempty"`
	// Rolled are the Outcomes among Odds that the dice made, when Result
	// does not name them in Odds' words; a short ruling's odds always show
	// what was rolled.
	Rolled []string `json:"rolled,omitempty"`
	// Readings are the readings (docs/readings.md) or house rules that applied.
	Readings []Reading `json:"readings,omitempty"`
	// Measured is how the battle's table measured what the ruling took from
	// it (a range, a cover, a friend in the arc), one line each; none off a map.
	Measured []string `json:"measured,omitempty"`
}

// A Step is one roll and what it meant.
type Step struct {
	// What is rolled for: "Rifleman Harris fires".
	What string `json:"what"`
	// Roll is the dice as rolled.
	Roll Roll `json:"roll"`
	// Table and Row name the chart and the band used: "fire chart", "rifle, 11-20\"".
	Table string `json:"table,omitempty"`
	Row   string `json:"row,omitempty"`
	// Base is the chart value before modifiers, when the chart gives one.
	Base *int `json:"base,omitempty"`
	// Modifiers are every modifier applied, each with its reason.
	Modifiers []Modifier `json:"modifiers,omitempty"`
	// Worked is the arithmetic of what is rolled for when it is not a base
	// and modifiers added to a need: "4 stands × 25% British infantry = 100%
	// × 1.5 column target = 150%", "4 bases +1 charging". Both forms of a
	// ruling show it.
	Worked string `json:"worked,omitempty"`
	// Need says what the roll had to make: "≤ 13", "5+".
	Need string `json:"need,omitempty"`
	// Result is what this step came to: "hit", "seriously wounded".
	Result string `json:"result"`
}

// A Roll is dice as they fell.
type Roll struct {
	// Notation is what was rolled: "d20", "2d6", "d100".
	Notation string `json:"notation"`
	// Faces are the faces shown, in the order rolled.
	Faces []int `json:"faces"`
	// Total is the number the roll is read as (for d100, the red-white reading).
	Total int `json:"total"`
	// Shown is how the dice read to a player when plain faces would mislead,
	// for example "red 7, white 3 → 73".
	Shown string `json:"shown,omitempty"`
	// Marked is Shown in Discord markdown with the dice marked as dice bots
	// mark them (dice.Result.Markdown: dropped dice struck through, natural
	// maxima and minima bold), when the roll came from a notation.
	Marked string `json:"marked,omitempty"`
}

// A Modifier is one adjustment and why it applies.
type Modifier struct {
	Value  int    `json:"value"`
	Reason string `json:"reason"`
	// Short is the reason in two or three words ("2 dead figures"), for a
	// short ruling's arithmetic, when Reason is longer.
	Short string `json:"short,omitempty"`
}

// String renders the modifier as "+2 aimed shot".
func (m Modifier) String() string { return fmt.Sprintf("%+d %s", m.Value, m.Reason) }

// Brief is the reason in two or three words: Short, or else Reason.
func (m Modifier) Brief() string {
	if m.Short != "" {
		return m.Short
	}
	return m.Reason
}

// A Chance is the probability of one outcome.
type Chance struct {
	Outcome string  `json:"outcome"`
	P       float64 `json:"p"`
}

// A Reading is a reading of a damaged or silent text (docs/readings.md), or a house rule in force.
type Reading struct {
	// ID is the reading's id in docs/readings.md, "G21", or "house rule".
	ID   string `json:"id"`
	Text string `json:"text"`
	// Short is the reading's one-line gist, for a ruling that cites it by
	// id, when the opening of Text (up to its first "; ") does not say it.
	Short string `json:"short,omitempty"`
}

// A Topic is a chart or rule of a rule set as /rules shows it: its Body is
// Markdown, and Readings are the readings that apply to it.
type Topic struct {
	Name, Title, Body string
	Readings          []Reading
}

// Sum adds the values of modifiers.
func Sum(mods []Modifier) int {
	total := 0
	for _, m := range mods {
		total += m.Value
	}
	return total
}

// A Breach is an action the rules do not allow, with the reason said plainly
// ("the squad is not loaded"). Commands show it to the player as one sentence.
type Breach struct{ Reason string }

func (b *Breach) Error() string { return b.Reason }

// Breachf returns a *Breach with a formatted reason.
func Breachf(format string, args ...any) error {
	return &Breach{Reason: fmt.Sprintf(format, args...)}
}

// An Actor is who gives an order on a board: a player, by user id, or the
// umpire, who may order anything. Boards check that an actor commands what
// he orders, and refuse with a *Breach when he does not.
type Actor struct {
	User   string
	Umpire bool
	// Side is, under fog of war, the side whose sight a player's orders are
	// given with, as the battle's views take it (the umpire's assignment
	// first); "" is the side of what he commands on the board.
	Side string
}

// A Moment is where a battle's turn stands, as a rule set's board says it.
type Moment struct {
	// Turn is the turn's number, 0 before the first.
	Turn int
	// Key is short and stable, of [a-z0-9.] only, and changes exactly when
	// the turn moves on ("3.5": turn 3, count 5). Buttons carry it.
	Key string
	// Text says it to a player: "turn 3, count 5".
	Text string
}
