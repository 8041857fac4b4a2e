// Package dicetest provides scripted dice for tests of rule functions.
package dicetest

import "testing"

// A Scripted source hands out the faces it was given, in order, and fails the test
// when a face is out of range for the die asked for or when the script runs out.
type Scripted struct {
	t     testing.TB
	faces []int
	next  int
}

// Script returns a Source that rolls exactly the given faces.
func Script(t testing.TB, faces ...int) *Scripted {
	t.Helper()
	return &Scripted{t: t, faces: faces}
}

// Roll returns the next scripted face.
func (s *Scripted) Roll(sides int) int {
	s.t.Helper()
	if s.next >= len(s.faces) {
		s.t.Fatalf("dicetest: script exhausted after %d faces (asked for a d%d)", len(s.faces), sides)
		return 1
	}
	f := s.faces[s.next]
	s.next++
	if f < 1 || f > sides {
		s.t.Fatalf("dicetest: scripted face %d (#%d) does not fit a d%d", f, s.next, sides)
	}
	return f
}

// Left is how many scripted faces have not been rolled.
func (s *Scripted) Left() int { return len(s.faces) - s.next }

// Done fails the test if any scripted face was not rolled.
func (s *Scripted) Done() {
	s.t.Helper()
	if s.Left() != 0 {
		s.t.Errorf("dicetest: %d scripted faces not rolled: %v", s.Left(), s.faces[s.next:])
	}
}
