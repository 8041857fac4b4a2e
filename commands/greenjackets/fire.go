package greenjackets

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/referee-bot/referee/commands/battle"
	"github.com/referee-bot/referee/commands/interaction"
	"github.com/referee-bot/referee/commands/render"
	"github.com/referee-bot/referee/rules"
	gj "github.com/referee-bot/referee/rules/greenjackets"
)

// fireTarget reads the target options that do not come from the roster.
func fireTarget(tx *battle.Tx) (gj.FireTarget, error) {
	cv, err := cover(tx)
	if err != nil {
		return gj.FireTarget{}, err
	}
	t := gj.FireTarget{Name: tx.Req.String(optTarget), Cover: cv, Prone: tx.Req.Bool(optTargetProne)}
	switch tx.Req.String(optTargetMoving) {
	case "", "still":
	case "running":
		t.Running = true
	case "charging":
		t.Charging = true
	default:
		return t, interaction.Refuse("target-moving is still, running or charging.")
	}
	return t, nil
}

// ranges reads each figure's range: the ranges list in order, else range for all.
func ranges(tx *battle.Tx, n int) ([]float64, error) {
	rng, err := required(tx, optRange, "range in inches")
	if err != nil {
		return nil, err
	}
	out := make([]float64, n)
	for i := range out {
		out[i] = rng
	}
	list := names(tx.Req.String(optRanges))
	for i, s := range list {
		if i >= n {
			break
		}
		v, err := strconv.ParseFloat(strings.TrimSuffix(s, "\""), 64)
		if err != nil || v < 0 {
			return nil, interaction.Refusef("%q is not a range in inches: give ranges like `12, 14, 9`.", s)
		}
		out[i] = v
	}
	return out, nil
}

// Fire is /greenjackets fire: small arms fire figure by figure (G8–G10), and
// against the roster the effect of each hit (G12, G13), loads and casualties.
func (*Ruleset) Fire(tx *battle.Tx) (interaction.Response, error) {
	tgt, err := fireTarget(tx)
	if err != nil {
		return interaction.Response{}, err
	}
	sp, err := speed(tx, optSpeed)
	if err != nil {
		return interaction.Response{}, err
	}
	lw := tx.HouseRule(gj.HouseLightWounds)
	chances := tx.Req.IntOr(optChances, 0)
	if !rosterMode(tx, optSquad) {
		w, err := gj.ParseWeapon(tx.Req.String(optWeapon))
		if err != nil {
			return interaction.Response{}, err
		}
		q, err := quality(tx, optQuality, gj.Trained)
		if err != nil {
			return interaction.Response{}, err
		}
		n := tx.Req.IntOr(optCount, 1)
		if n < 1 || n > 50 {
			return interaction.Response{}, interaction.Refuse("Between 1 and 50 figures may fire in one ruling.")
		}
		rs, err := ranges(tx, n)
		if err != nil {
			return interaction.Response{}, err
		}
		var firers []gj.Firer
		for i := range n {
			firers = append(firers, gj.Firer{Name: fmt.Sprintf("%s %d", w, i+1), Weapon: w, Quality: q, Sharpshooter: tx.Req.Bool(optSharpshooter),
				SeriouslyWounded: tx.Req.Bool(optWounded), Speed: sp, Aimed: tx.Req.Bool(optAimed), TapLoaded: tx.Req.Bool(optTap),
				European: tx.Req.Bool(optEuropean), Range: rs[i], Chances: chances})
		}
		if n == 1 {
			firers[0].Name = "the " + string(w)
		}
		r, _, err := gj.Fire(tx.Dice(), gj.Volley{Squad: fmt.Sprintf("%s × %d", w, n), Firers: firers, Target: tgt, LightWounds: lw})
		if err != nil {
			return interaction.Response{}, err
		}
		if tgt.Name == "" {
			r.Title = fmt.Sprintf("Fire: %s %s", plural(n, string(w), string(w)+"s"), rangeText(rs))
		}
		if strings.HasPrefix(r.Result, "0 hits") || strings.HasPrefix(r.Result, "Out of range") {
			return reply(tx, r), nil
		}
		r.Result += " Roll each hit's effect with /greenjackets hit."
		return reply(tx, r), nil
	}
	b, s, err := rosterSquad(tx, interaction.Refuse("Fire one squad at a time (each figure fires separately)."))
	if err != nil {
		return interaction.Response{}, err
	}
	switch s.Morale {
	case gj.Pinned:
		return interaction.Response{}, rules.Breachf("%s is pinned and may not fire: rally it first.", s.Name)
	case gj.Running, gj.Routing:
		return interaction.Response{}, rules.Breachf("%s is %s and will not fire: rally it first.", s.Name, s.Morale)
	}
	if s.Arm.Mounted() && sp == gj.Run {
		return interaction.Response{}, rules.Breachf("Cavalry fire their carbines only at a slow walk or trot (section 6), not at the charge.")
	}
	only := names(tx.Req.String(optFigures))
	var firing []*Figure
	var notes []string
	unloaded := 0
	for _, f := range s.Living() {
		if len(only) > 0 && !containsName(only, f.Name) {
			continue
		}
		switch {
		case f.Weapon == gj.None || f.Weapon == gj.Cannon:
			continue
		case b.Stunned(f.StunnedUntil):
			notes = append(notes, render.Inert(f.Name)+" is stunned and cannot fire.")
		case !f.Loaded:
			unloaded++
			notes = append(notes, render.Inert(f.Name)+" is not loaded.")
		default:
			firing = append(firing, f)
		}
	}
	if len(firing) == 0 {
		if unloaded > 0 {
			return interaction.Response{}, rules.Breachf("%s cannot fire: no one is loaded. Reload first (/greenjackets reload).", s.Name)
		}
		return interaction.Response{}, rules.Breachf("No one in %s is able to fire.", s.Name)
	}
	var victims []target
	if tgt.Name != "" {
		victims = targets(b, tgt.Name)
		if len(victims) == 0 && (b.Squad(tgt.Name) != nil) {
			return interaction.Response{}, rules.Breachf("Every man of %s is already down.", tgt.Name)
		}
	}
	o, _, err := orderSquads(tx, b, []*Squad{s}, actFire)
	if err != nil {
		return interaction.Response{}, err
	}
	rs, err := ranges(tx, len(firing))
	if err != nil {
		return interaction.Response{}, err
	}
	inRange := false
	for i, f := range firing {
		fr := gj.Firer{Weapon: f.Weapon, TapLoaded: f.Tap, Range: rs[i]}
		if _, _, _, _, _, ok, err := gj.FireNeed(fr, tgt, lw); err == nil && ok {
			inRange = true
		}
	}
	if !inRange {
		return interaction.Response{}, rules.Breachf("The target is out of range of every loaded weapon in %s: nothing is fired and no AP spent.", s.Name)
	}
	var secs []section
	for _, t := range victims {
		secs = append(secs, sectionOf(b, t))
	}
	spotted, err := mustSpot(tx, b, o.char, secs, false, actFire)
	if err != nil {
		return interaction.Response{}, err
	}
	v := gj.Volley{Squad: s.Name, Target: tgt, LightWounds: lw}
	aimAt := make([]target, len(firing))
	for i, f := range firing {
		fr := gj.Firer{Name: f.Name, Weapon: f.Weapon, Quality: f.Quality, Sharpshooter: f.Sharpshooter, SeriouslyWounded: f.Serious > 0,
			LightWounds: f.Light, Speed: sp, Aimed: f.Aimed, TapLoaded: f.Tap, European: f.European, Range: rs[i], Chances: chances}
		ft := tgt
		if len(victims) > 0 {
			aimAt[i] = victims[i%len(victims)]
			ft.Name = aimAt[i].name()
			if aimAt[i].fig != nil {
				ft.Prone = aimAt[i].fig.Prone
			}
			fr.At = ft.Name
		}
		v.Firers = append(v.Firers, fr)
		v.Targets = append(v.Targets, ft)
	}
	r, shots, err := gj.Fire(tx.Dice(), v)
	if err != nil {
		return interaction.Response{}, err
	}
	r.Readings = append(r.Readings, spotted...)
	var effects []rules.Chance
	for i, sh := range shots {
		f := firing[i]
		if !sh.Fired {
			continue
		}
		unload(f)
		if sh.Misfire != gj.NoMisfire {
			notes = append(notes, applyMisfire(b, s, f, sh.Misfire))
		}
		if len(victims) == 0 {
			continue
		}
		t := aimAt[i]
		for range sh.Hits {
			if t.dead() {
				notes = append(notes, fmt.Sprintf("A hit on %s finds him already dead.", render.Inert(t.name())))
				break
			}
			ht := t.hitTarget()
			if ht.Mounted && f.Weapon == gj.Rifle && !f.Tap && rs[i] <= 20 {
				ht.Choose = tx.Req.String(optChoose)
			}
			st, h := gj.EffectOfHit(tx.Dice(), ht)
			r.Steps = append(r.Steps, st)
			notes = append(notes, applyHit(b, t, h))
			if effects == nil {
				effects = gj.EffectOdds(ht)
			}
		}
	}
	if len(effects) > 0 {
		for _, c := range effects {
			r.Odds = append(r.Odds, rules.Chance{Outcome: "each hit: " + c.Outcome, P: c.P})
		}
		r.Readings = append(r.Readings, gj.Readings["G12"])
	}
	if len(victims) == 0 && tgt.Name != "" {
		notes = append(notes, fmt.Sprintf("%s is not on the roster: roll the hits' effect with `/greenjackets hit`.", render.Inert(tgt.Name)))
	}
	notes = append(notes, o.pay(b))
	if err := save(tx, b); err != nil {
		return interaction.Response{}, err
	}
	return reply(tx, r, notes...), nil
}

func rangeText(rs []float64) string {
	same := true
	for _, r := range rs {
		same = same && r == rs[0]
	}
	if same {
		return "at " + inches(rs[0])
	}
	parts := make([]string, len(rs))
	for i, r := range rs {
		parts[i] = inches(r)
	}
	return "at " + strings.Join(parts, ", ")
}
