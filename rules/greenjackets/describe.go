package greenjackets

import (
	"fmt"
	"strings"
)

// FigureState says what is unusual about a figure: "dead", "unloaded, prone";
// "" when nothing is.
func (b *Board) FigureState(s *Squad, f *Figure) string {
	if f.Dead {
		return "dead"
	}
	var st []string
	add := func(ok bool, what string) {
		if ok {
			st = append(st, what)
		}
	}
	add(f.Destroyed, "destroyed")
	add(f.Wheel, "wheel off")
	add(f.Serious > 0, "seriously wounded")
	add(f.Light > 0, "lightly wounded")
	add(b.Stunned(f.StunnedUntil), "stunned")
	add(f.Horse == HorseDown, "horse down")
	add(f.Horse == HorseStunned && b.Stunned(f.HorseUntil), "horse stunned")
	if f.Weapon != None && !f.Loaded {
		if f.Reloading > 0 {
			need, _ := ReloadNeeded(f.Weapon, f.Tap, s.CrewLost())
			st = append(st, fmt.Sprintf("reloading, %d of %d done", f.Reloading, need))
		} else {
			st = append(st, "unloaded")
		}
	}
	add(f.Aimed, "aimed")
	add(f.Prone, "prone")
	return strings.Join(st, ", ")
}
