package roster

import (
	"slices"
	"testing"
)

// TestChanged: what a change changed is told by name, from the boards'
// JSON alone: the thing that carries a name with all it holds, a value that
// is a name, a thing added or taken away; what belongs to no name (the
// turn) is no one's.
func TestChanged(t *testing.T) {
	names := map[string]string{"Chosen Men": "British", "Harris": "British", "Voltigeurs": "French", "Leclerc": "French", "Sgt Roche": "French"}
	board := `{"turn":1,"holder":"Chosen Men","squads":[` +
		`{"name":"Chosen Men","ap":5,"figures":[{"name":"Harris","wounds":0}]},` +
		`{"name":"Voltigeurs","ap":5,"figures":[{"name":"Leclerc","wounds":0}]}]}`
	for _, tc := range []struct {
		name, after string
		want        []string
	}{
		{"nothing changed", board, nil},
		{"the turn is no one's",
			`{"turn":2,"holder":"Chosen Men","squads":[{"name":"Chosen Men","ap":5,"figures":[{"name":"Harris","wounds":0}]},{"name":"Voltigeurs","ap":5,"figures":[{"name":"Leclerc","wounds":0}]}]}`,
			nil},
		{"a squad's own value",
			`{"turn":1,"holder":"Chosen Men","squads":[{"name":"Chosen Men","ap":5,"figures":[{"name":"Harris","wounds":0}]},{"name":"Voltigeurs","ap":4,"figures":[{"name":"Leclerc","wounds":0}]}]}`,
			[]string{"Voltigeurs"}},
		{"a figure's, the nearest name",
			`{"turn":1,"holder":"Chosen Men","squads":[{"name":"Chosen Men","ap":5,"figures":[{"name":"Harris","wounds":0}]},{"name":"Voltigeurs","ap":5,"figures":[{"name":"Leclerc","wounds":1}]}]}`,
			[]string{"Leclerc"}},
		{"whom the turn holds, before and after",
			`{"turn":1,"holder":"Voltigeurs","squads":[{"name":"Chosen Men","ap":5,"figures":[{"name":"Harris","wounds":0}]},{"name":"Voltigeurs","ap":5,"figures":[{"name":"Leclerc","wounds":0}]}]}`,
			[]string{"Chosen Men", "Voltigeurs"}},
		{"a squad taken away, with its figures, and no other",
			`{"turn":1,"holder":"Chosen Men","squads":[{"name":"Voltigeurs","ap":5,"figures":[{"name":"Leclerc","wounds":0}]}]}`,
			[]string{"Chosen Men", "Harris"}},
		{"a character added",
			`{"turn":1,"holder":"Chosen Men","squads":[{"name":"Chosen Men","ap":5,"figures":[{"name":"Harris","wounds":0}]},{"name":"Voltigeurs","ap":5,"figures":[{"name":"Leclerc","wounds":0}]}],"characters":[{"name":"Sgt Roche"}]}`,
			[]string{"Sgt Roche"}},
	} {
		got, err := Changed([]byte(board), []byte(tc.after), names)
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(got, tc.want) && len(got)+len(tc.want) > 0 {
			t.Errorf("%s: Changed = %q, want %q", tc.name, got, tc.want)
		}
	}
}
