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
