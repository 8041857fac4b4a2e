package tabletop

import (
	"fmt"
	"math"
	"strconv"
	"strings"
)

// ParsePoint reads a point as players type it: "x,y" in inches ("12,30.5").
func ParsePoint(s string) (Point, error) {
	x, y, ok := strings.Cut(strings.TrimSpace(s), ",")
	if !ok {
		return Point{}, fmt.Errorf("%q is not a point: give x,y in inches, like 12,30", s)
	}
	px, errX := parseInches(x)
	py, errY := parseInches(y)
	if errX != nil || errY != nil {
		return Point{}, fmt.Errorf("%q is not a point: give x,y in inches, like 12,30", s)
	}
	return Point{px, py}, nil
}

func parseInches(s string) (float64, error) {
	v, err := strconv.ParseFloat(strings.TrimSuffix(strings.TrimSpace(s), `"`), 64)
	if err != nil || math.IsNaN(v) || math.IsInf(v, 0) || math.Abs(v) > MaxSide {
		return 0, fmt.Errorf("not a length in inches")
	}
	return v, nil
}

// ParsePoints reads points separated by spaces: "x,y x,y x,y". It takes at most
// MaxCorners points.
func ParsePoints(s string) ([]Point, error) {
	fields := strings.Fields(s)
	if len(fields) == 0 {
		return nil, fmt.Errorf("no points given: write them as x,y x,y …")
	}
	if len(fields) > MaxCorners {
		return nil, fmt.Errorf("at most %d points, not %d", MaxCorners, len(fields))
	}
	ps := make([]Point, len(fields))
	for i, f := range fields {
		p, err := ParsePoint(f)
		if err != nil {
			return nil, err
		}
		ps[i] = p
	}
	return ps, nil
}

// compass is each point of the compass as a facing, north being the far edge.
var compass = map[string]float64{
	"n": 0, "ne": 45, "e": 90, "se": 135, "s": 180, "sw": 225, "w": 270, "nw": 315,
	"north": 0, "north-east": 45, "east": 90, "south-east": 135, "south": 180, "south-west": 225, "west": 270, "north-west": 315,
}

// ParseFacing reads a facing: a point of the compass (N, NE, E … NW; north is the
// table's far edge) or degrees clockwise from north.
func ParseFacing(s string) (float64, error) {
	key := strings.ToLower(strings.TrimSpace(s))
	if deg, ok := compass[key]; ok {
		return deg, nil
	}
	deg, err := strconv.ParseFloat(strings.TrimSuffix(key, "°"), 64)
	if err != nil || math.IsNaN(deg) || math.IsInf(deg, 0) {
		return 0, fmt.Errorf("%q is not a facing: give N, NE, E … NW, or degrees clockwise from north", s)
	}
	return math.Mod(math.Mod(deg, 360)+360, 360), nil
}
