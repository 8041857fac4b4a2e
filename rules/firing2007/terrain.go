package firing2007

import "github.com/referee-bot/referee/rules/tabletop"

// Ground is the ground of a Rules – Firing (2007) table and the cover each gives a
// target in it (F3: in woods or soft cover −1, hard cover or buildings −2, solid
// cover −3); hills give the higher ground overhead fire needs (F3b).
var Ground = []tabletop.Kind{
	{Name: "wood", Means: "woods: −1 to fire at a target in it; blocks sight", Cover: "soft", BlocksSight: true},
	{Name: "soft-cover", Means: "soft cover: −1 to fire at a target in it", Cover: "soft"},
	{Name: "building", Means: "buildings: −2 to fire at a target in it; blocks sight", Cover: "hard", BlocksSight: true},
	{Name: "hard-cover", Means: "hard cover: −2 to fire at a target in it", Cover: "hard"},
	{Name: "solid-cover", Means: "solid cover: −3 to fire at a target in it", Cover: "solid"},
	{Name: "hill", Means: "higher ground: guns on it may fire overhead (F3b); sees over what is lower", Hill: true},
	{Name: "field", Means: "open ground"},
	{Name: "river", Line: true, Means: "as the umpire rules"},
	{Name: "road", Line: true, Means: "open ground"},
	{Name: "wall", Line: true, Means: "hard cover to a target behind it", Cover: "hard"},
	{Name: "hedge", Line: true, Means: "soft cover to a target behind it", Cover: "soft"},
}
