package greenjackets

import "github.com/referee-bot/referee/rules/tabletop"

// Ground is the ground of a Green Jackets table and what each kind means (G3's
// terrain effects: woods and marsh are hard going, impassable to artillery unless
// declared passable, and no one charges through them; rivers are the umpire's to
// rule; G11's hits and G17's melee read woods and built-up ground).
var Ground = []tabletop.Kind{
	{Name: "wood", Means: "hard going; impassable to artillery; no charging through; blocks sight; mounted in woods −2 in melee",
		BlocksSight: true, Cover: "wood", NoGuns: true},
	{Name: "marsh", Means: "hard going; impassable to artillery; no charging through", NoGuns: true},
	{Name: "building", Means: "built-up: blocks sight; mounted −2 in melee", BlocksSight: true, Cover: "building"},
	{Name: "town", Means: "built-up: blocks sight; mounted −2 in melee", BlocksSight: true, Cover: "building"},
	{Name: "rough", Means: "rough going: hard speed"},
	{Name: "hill", Means: "high ground: sees over what is lower", Hill: true},
	{Name: "field", Means: "open ground"},
	{Name: "river", Line: true, Means: "passable as the umpire rules (G3)"},
	{Name: "stream", Line: true, Means: "passable as the umpire rules (G3)"},
	{Name: "road", Line: true, Means: "open ground"},
	{Name: "wall", Line: true, Means: "an obstacle: cover to those behind it", Cover: "wall"},
	{Name: "hedge", Line: true, Means: "an obstacle: cover to those behind it", Cover: "hedge"},
}
