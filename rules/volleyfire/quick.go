package volleyfire

// QuickBoard is the board of a quick ruling (no battle in the channel, or no
// roster unit named), built from the options, on which the ruling is the same
// move as on a battle's board: turn 1 under way, with active (when not "")
// activated in command; with melees, the turn is in its combat phase.
func QuickBoard(units []RosterUnit, commanders []Commander, active string, melees ...Melee) *Board {
	b := &Board{Units: units, Commanders: commanders, Combats: melees}
	t := &b.Turn
	t.Start(b.Sides())
	if u := b.UnitNamed(active); u != nil {
		t.Order = rotate(t.Order, u.Side)
		t.Active, t.InCommand = u.Name, true
	}
	if len(melees) > 0 {
		t.Phase = Combats
	}
	return b
}
