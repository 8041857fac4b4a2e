package dice_test

import (
	"fmt"

	"github.com/referee-bot/referee/rules/dice"
)

func Example() {
	e, err := dice.Parse("4d6kh3")
	if err != nil {
		fmt.Println(err)
		return
	}
	seed := make([]byte, dice.SeedSize)  // a game's secret seed
	r := e.Roll(dice.NewStream(seed, 1)) // roll number 1 of the game
	fmt.Println(r.String())

	d, _ := e.Dist()
	fmt.Printf("P(=%d) %.4f, P(≥%d) %.4f, percentile %.0f\n",
		r.Total, d.P(int(r.Total)), r.Total, d.AtLeast(int(r.Total)), d.Percentile(int(r.Total)))
	// Output:
	// 4d6kh3 [2, 1, 4, 1 dropped] = 7
	// P(=7) 0.0293, P(≥7) 0.9722, percentile 4
}

func ExampleParse_error() {
	_, err := dice.Parse("2d")
	fmt.Println(err)
	_, err = dice.Parse("d6!>0")
	fmt.Println(err)
	_, err = dice.Parse("999999999d999999999")
	fmt.Println(err)
	// Output:
	// column 3: expected a number of sides or % after "d", found the end
	// column 1: d6!>0 explodes on every face of a d6, so it would never stop
	// column 1: 999999999 dice in one term; at most 200 are allowed
}

func ExampleDist_Table() {
	d, _ := dice.Parse("2d20kh1")
	dist, _ := d.Dist()
	for _, row := range dist.Table()[17:] {
		fmt.Printf("%2d  =%.4f  ≥%.4f  ≤%.4f\n", row.Value, row.Eq, row.AtLeast, row.AtMost)
	}
	// Output:
	// 18  =0.0875  ≥0.2775  ≤0.8100
	// 19  =0.0925  ≥0.1900  ≤0.9025
	// 20  =0.0975  ≥0.0975  ≤1.0000
}

func ExampleExpr_RollInto() {
	// A command that rolls often keeps one Expr and one Result: no allocation.
	var e dice.Expr
	var r dice.Result
	src := dice.NewStream(make([]byte, dice.SeedSize), 7)
	for _, s := range []string{"d20", "10d6>=5", "3#d%"} {
		if err := dice.ParseInto(&e, s); err != nil {
			fmt.Println(err)
			continue
		}
		e.RollInto(src, &r)
		fmt.Println(r.String(), r.Totals)
	}
	// Output:
	// d20 [17] = 17 [17]
	// 10d6>=5 [1, 6✓, 4, 1, 6✓, 4, 4, 6✓, 5✓, 2] = 4 [4]
	// d% [red 1, white 0 → 10] = 10; d% [red 0, white 0 → 100] = 100; d% [red 0, white 7 → 7] = 7 [10 100 7]
}
