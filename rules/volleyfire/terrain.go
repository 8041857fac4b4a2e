package volleyfire

import "github.com/referee-bot/referee/rules/tabletop"

// Ground is the ground of a Volleyfire! table: light terrain (hills, streams)
// counts 2" of movement for every inch, heavy (thick forest, swamp) 3"; a unit in
// terrain needs a 6 to be destroyed, not 5+ (cover); a unit on a hill adds 1" of
// maximum range for each inch it stands above the ground.
var Ground = []tabletop.Kind{
	{Name: "hill", Means: "light terrain: 2\" an inch; cover (6 to destroy); +1\" of maximum range an inch up", Cost: 2, Cover: "terrain", Hill: true},
	{Name: "stream", Means: "light terrain: 2\" an inch; cover (6 to destroy)", Cost: 2, Cover: "terrain"},
	{Name: "forest", Means: "heavy terrain: 3\" an inch; cover (6 to destroy); blocks sight", Cost: 3, Cover: "terrain", BlocksSight: true},
	{Name: "swamp", Means: "heavy terrain: 3\" an inch; cover (6 to destroy)", Cost: 3, Cover: "terrain"},
	{Name: "town", Means: "cover (6 to destroy); blocks sight", Cover: "terrain", BlocksSight: true},
	{Name: "field", Means: "open ground"},
	{Name: "road", Line: true, Means: "open ground"},
	{Name: "river", Line: true, Means: "as the umpire rules"},
}
