package rules

// A HouseRule is a reading of a rule set that the umpire may switch
// (/game settings house:): its name, its values, the first of which is the
// default, and the reading it switches (docs/readings.md).
type HouseRule struct {
	Name    string
	Values  []string
	Reading Reading
}
