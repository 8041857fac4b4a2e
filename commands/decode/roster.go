package decode

import (
	"reflect"
	"slices"
	"strings"

	"github.com/referee-bot/referee/commands/battle"
	"github.com/referee-bot/referee/commands/battle/view"
	"github.com/referee-bot/referee/commands/interaction"
	"github.com/referee-bot/referee/rules"
)

// A resolver resolves the roster names of one order, reading the roster as
// the invoker sees it once, when the first name needs it.
type resolver struct {
	d   *Decoder
	req interaction.Request
	// seen is the game as the invoker may see it; about is told each name
	// resolved (Tx.About in a change).
	seen  func() (*battle.Game, error)
	about func(name string)
	names []Name
	read  bool
}

// Seen is the game of tx as its invoker may see it, whose roster his names
// are resolved against: under fog of war his side's view, so that what his
// side has not seen is not there for him. It is the one place the decoder
// asks what the invoker sees.
func Seen(tx *battle.Tx) (*battle.Game, error) { return view.Viewed(tx) }

// roster is the names the invoker may see.
func (r *resolver) roster() ([]Name, error) {
	if r.read {
		return r.names, nil
	}
	g, err := r.seen()
	if err != nil {
		return nil, err
	}
	if r.names, err = r.d.roster(g); err != nil {
		return nil, err
	}
	r.read = true
	return r.names, nil
}

// resolve puts the roster's spelling in place of each name in v, the field
// f, or refuses a name that is not on the roster as the invoker sees it.
func (r *resolver) resolve(f field, v reflect.Value) error {
	if v.Kind() == reflect.Pointer {
		v = v.Elem()
	}
	switch f.kind {
	case kText:
		return r.one(f, v.Addr().Interface().(*string))
	case kNames:
		for i := range v.Len() {
			if err := r.one(f, v.Index(i).Addr().Interface().(*string)); err != nil {
				return err
			}
		}
	case kValues:
		for i := range v.Len() {
			if err := r.one(f, f.value.name(v.Index(i))); err != nil {
				return err
			}
		}
	}
	return nil
}

// one resolves the name at n.
func (r *resolver) one(f field, n *string) error {
	if *n == "" || slices.ContainsFunc(f.also, func(w string) bool { return strings.EqualFold(w, *n) }) {
		return nil
	}
	names, err := r.roster()
	if err != nil {
		return err
	}
	var kin []string
	for _, c := range names {
		if !slices.Contains(f.roster, c.Kind) {
			continue
		}
		if strings.EqualFold(strings.TrimSpace(c.Name), *n) {
			*n = c.Name
			r.about(c.Name)
			return nil
		}
		if !slices.ContainsFunc(kin, func(k string) bool { return strings.EqualFold(k, c.Name) }) {
			kin = append(kin, c.Name)
		}
	}
	if f.confirm != "" {
		return r.fresh(f, *n, kin)
	}
	return NotOnRoster(*n, kin)
}

// newKinds is how many names of a kind a battle takes without asking: its
// first two sides need no confirmation.
const newKinds = 2

// fresh takes name, not among the roster's names of its kind, as a new one
// when it is confirmed (its option new) or is one of the battle's first
// newKinds and like none before it; otherwise it asks for confirmation.
func (r *resolver) fresh(f field, name string, names []string) error {
	if r.req.Bool(f.confirm) || len(names) < newKinds && len(Closest(name, names)) == 0 {
		return nil
	}
	err := NotOnRoster(name, names).(*interaction.InputError)
	return interaction.Inputf("%s To add %s, give `%s:true`.", err.Reason, rules.Inert(name), f.confirm)
}

// NotOnRoster refuses name, which is not among names, with the closest of
// them: "No Chasseur on the roster; did you mean Chasseurs?".
func NotOnRoster(name string, names []string) error {
	msg := "No " + rules.Inert(name) + " on the roster"
	if close := Closest(name, names); len(close) > 0 {
		for i, c := range close {
			close[i] = rules.Inert(c)
		}
		msg += "; did you mean " + rules.Or(close) + "?"
	} else {
		msg += "."
	}
	return interaction.Input(msg)
}

// maxSuggested is the most names a refusal suggests.
const maxSuggested = 3

// Closest are the names most like typed, closest first, at most
// maxSuggested of them: those that differ from it by a few letters (in any
// case), or that hold it or are held in it whole.
func Closest(typed string, names []string) []string {
	t := strings.ToLower(strings.TrimSpace(typed))
	type scored struct {
		name string
		d    int
	}
	var out []scored
	seen := map[string]bool{}
	for _, n := range names {
		l := strings.ToLower(n)
		if seen[l] || t == "" {
			continue
		}
		seen[l] = true
		d := distance(t, l)
		switch {
		case d <= max(1, len([]rune(t))/3):
		case strings.Contains(l, t) || strings.Contains(t, l):
			d = len([]rune(l)) // held whole: after every near spelling
		default:
			continue
		}
		out = append(out, scored{n, d})
	}
	slices.SortStableFunc(out, func(a, b scored) int { return a.d - b.d })
	var names2 []string
	for _, s := range out[:min(len(out), maxSuggested)] {
		names2 = append(names2, s.name)
	}
	return names2
}

// distance is the Levenshtein distance of a and b, in runes: the fewest
// letters added, removed or changed that make one the other.
func distance(a, b string) int {
	ra, rb := []rune(a), []rune(b)
	prev := make([]int, len(rb)+1)
	cur := make([]int, len(rb)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(ra); i++ {
		cur[0] = i
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(rb)]
}
