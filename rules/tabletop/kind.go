package tabletop

// Kind is a rule set's kind of terrain and what it means in that rule set's rules:
// what a piece of ground of that kind does to sight, to movement and to a target
// standing in it. A rule set lists its kinds; the map offers those and no others.
type Kind struct {
	Name string
	// Line is true for linear features (rivers, roads, walls, hedges), false for
	// areas.
	Line bool
	// Means is what the kind does under the rule set's rules, as players read it
	// ("soft cover −1; light terrain: 2\" an inch").
	Means string
	// BlocksSight is true for ground that blocks lines of sight through it (woods,
	// buildings).
	BlocksSight bool
	// Cover is the cover a target standing in it has, in the rule set's words (""
	// none).
	Cover string
	// Cost is what an inch of movement through it counts as (0 or 1: open ground).
	Cost float64
	// NoGuns is true for ground artillery may not enter.
	NoGuns bool
	// Hill is true for ground that has a height.
	Hill bool
}

// Find is the kind of that name among kinds.
func Find(kinds []Kind, name string) (Kind, bool) {
	for _, k := range kinds {
		if k.Name == name {
			return k, true
		}
	}
	return Kind{}, false
}

// SeeInto is how far a unit sees into, and is seen in, the blocking ground it
// stands in (a wood, a town): the referee's reading where the rule sets are
// silent.
const SeeInto = 2

// SightOf is a rule set's rule of sight for its kinds: the kinds that block
// sight block it, SeeInto, and units do not screen (a line of fire is the rule
// set's to judge past them).
func SightOf(kinds []Kind) SightRule {
	return SightRule{
		Blocks: func(f Feature) bool {
			k, ok := Find(kinds, f.Kind)
			return ok && k.BlocksSight
		},
		SeeInto: SeeInto,
	}
}
