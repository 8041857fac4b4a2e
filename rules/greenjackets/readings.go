package greenjackets

import "github.com/referee-bot/referee/rules"

// Readings are the docs/readings.md readings of the text that the referee takes, by id.
var Readings = map[string]rules.Reading{
	"G1":   {ID: "G1", Text: "one suit for up to 6 characters, two for 7–12; beyond 12 the referee adds suits (up to 4, 24 characters) ranked spades > hearts > diamonds > clubs. Cards are secret, even from the same side."},
	"G2":   {ID: "G2", Text: "the count runs down from 6 (with two suits: 6 of the higher, 6 of the lower, then 5 …). A holder who delays acts at a lower count with AP equal to the count, ahead of that count's holder; one who has not acted when the count passes Ace acts last with 1 AP."},
	"G3":   {ID: "G3", Text: "each action costs 1 AP; the same action may be repeated; the total may not exceed the AP."},
	"G4":   {ID: "G4", Text: "a squad more than 6\" from its officer costs 1 + ceil((d − 6) / 6) AP per action (8\" costs 2)."},
	"G5":   {ID: "G5", Text: "morale tests owed (a friend died, or the umpire calls one) are resolved first in a player's turn."},
	"G6":   {ID: "G6", Text: "d20 at or under the spotting chart value spots; Automatic needs no roll; one roll per officer per move; contact spots automatically."},
	"G6a":  {ID: "G6a", Text: "contact persists: figures that are in contact (melee, or moved into contact) stay in contact, and spotted, across turns until one side moves away; melee between them needs no new observation."},
	"G7":   {ID: "G7", Text: "cavalry and artillery may run/charge only one move in three (read as one turn in three: a move is the 20 seconds of a turn); road +2\" to each speed; wounded figures halve all movement."},
	"G7a":  {ID: "G7a", Text: "wounds and movement (the movement section's \"wounded figs all movements halved\" and the effect-of-hits chart's \"seriously wounded, 1\" movement\" conflict): a seriously wounded figure moves at most 1\" a move order; a light-wounded character (G13) moves at half speed. A squad moves at the pace of the slowest figure it takes along; a move order may name the figures that go, leaving the others where they are (at the same AP cost)."},
	"G8":   {ID: "G8", Text: "each figure fires separately: d20 at or under the chart value hits; a figure must be loaded, and firing unloads it."},
	"G8a":  {ID: "G8a", Text: "the firer's and the target's movement are taken from the battle's record: the firer's most recent move order in the current move (jog/trot: firer jogging −2; run/charge: firer charging −6), the target's most recent move order in the current turn (run: target running −2; charge: target charging −4). An option given with the fire order overrides the record, and the ruling says so. A quick ruling has no record: only the options count."},
	"G9":   {ID: "G9", Text: "a natural 20 misfires whatever the chance: roll again, 1–5 phut, 6–15 firer stunned, 16–20 firer seriously wounded."},
	"G10":  {ID: "G10", Text: "volley gun 6 chances (a miss may be rolled against the next figure behind or within ½\"), blunderbuss 3; a tap-loaded rifle fires at the carbine column."},
	"G11":  {ID: "G11", Text: "reloading actions: musket, pistol, carbine 1; rifle 2 (1 tap-loaded); blunderbuss 3; volley gun 4; artillery 10 + 1 per crewman dead or seriously wounded; none in a move the figure charges."},
	"G12":  {ID: "G12", Text: "each hit: d20 1–6 stunned, 7–13 seriously wounded, 14–20 dead; a second serious wound kills; on cavalry even hits the rider, odd the horse (a rifle within 20\" chooses); any wound to a horse incapacitates it."},
	"G13":  {ID: "G13", Text: "a light wound has no rule of its own in the text: it is recorded and nothing applies unless the house rule light-wounds says so."},
	"G14":  {ID: "G14", Text: "roundshot: +2 to the first figure, −1 cumulative for each figure after the first figure hit; on cavalry an even roll hits the horse and throws the rider, stunned 1 turn."},
	"G15":  {ID: "G15", Text: "the text says \"roll under the figure\"; the referee reads it as at or under, as for small arms."},
	"G16":  {ID: "G16", Text: "common shell: the lost ammunition names are read as roundshot, canister, common shell and shrapnel; the burst scatters 1d10\" as rolled."},
	"G17":  {ID: "G17", Text: "shrapnel is British only and only beyond 50\"; hard cover halves the chance of every template hit, soft cover −2."},
	"G18":  {ID: "G18", Text: "melee ties: both roll again (the text is silent)."},
	"G19":  {ID: "G19", Text: "two or more on one: the outnumbered figure rolls against each opponent, may wound only the one it names; beating any other is a parry."},
	"G19a": {ID: "G19a", Text: "when the outnumbered figure does not name whom he wounds, he wounds an opponent whose roll he beat (the one he beat by most; a horse only if he beat nobody else). A figure already dead takes no further result."},
	"G20":  {ID: "G20", Text: "cavalry that charged foot attack twice in the first round: the rider, and the horse (charging +2, impact +2)."},
	"G21":  {ID: "G21", Text: "the text says \"per figure dead in squad −1\"; since high rolls are worse, the referee applies +1 per dead figure (house rule morale-dead-figures=literal applies −1 as printed).", Short: "+1 to the morale roll per dead figure (printed −1)"},
	"G22":  {ID: "G22", Text: "pinned and running squads rally with one rally action; a routing squad needs its officer or a hero within 3\", a rally action and d20 16–20, and that officer may only move and rally that turn."},
	"G23":  {ID: "G23", Text: "sections of 2–4 squads of 2–4 men under one character; troops of 6–12 cavalry; a gun and 4 crew; qualities raw, trained, veteran; sharpshooter, strongman."},
	// Readings of this referee where the text gives the figure but not the method.
	"half": {ID: "G14/G17", Text: "\"half chance\" for hard cover: a template's chance is halved (all are even); a roundshot hit on a figure stands on 1–3 on a d6; a roundshot hit on a gun needs 1 (destroyed) or 2 (wheel off)."},
}

func reading(id string) rules.Reading { return Readings[id] }

// ReadingIDs lists the readings in order.
var ReadingIDs = []string{"G1", "G2", "G3", "G4", "G5", "G6", "G6a", "G7", "G7a", "G8", "G8a", "G9", "G10", "G11", "G12", "G13",
	"G14", "G15", "G16", "G17", "G18", "G19", "G19a", "G20", "G21", "G22", "G23", "half"}
