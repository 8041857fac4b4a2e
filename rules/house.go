package rules

// A HouseRule is a reading of a rule set that the umpire may switch
// (/game settings house:): its name, its values, the first of which is the
// default, and the reading it switches (docs/readings.md).
type HouseRule struct {
	Name string
	// Values are the accepted values; the first (Default) is the
	// docs/readings.md reading.
	Values []string
	// Reading explains the default and what each value does.
	Reading Reading
}

// Default is the default reading's value: the first of Values.
func (h HouseRule) Default() string { return h.Values[0] }
