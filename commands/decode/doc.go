// Package decode turns a subcommand's options into its typed order: one
// struct per subcommand whose fields name their options in tags, decoded
// once, before the handler runs, by one decoder that every rule set shares.
//
//	type fireOrder struct {
//		decode.Mode
//		Range  float64   `opt:"range"`
//		Squads []string  `opt:"squad" roster:"squad"`
//		Cover  gj.Cover  `opt:"cover"`
//		Ranges []float64 `opt:"ranges"`
//	}
//
// The definition drives it (as arikawa's Options.Unmarshal): every option of
// the subcommand has a field and every field an option of the matching type,
// checked when the route is built, so that a mismatch panics at start. Each
// value type has one parser (text, names, lists of names, whole numbers,
// numbers, lists of inches, true/false, users, files, and each rule set's
// enums and lists by the parser it registers), and a value it cannot read is
// refused with the same sentence in every rule set.
//
// A field tagged roster names something on the battle's roster. In a battle
// played with the decoder's rule set (Mode.Battle) every such name is
// resolved against the roster as the invoker sees it, in one place
// (Decoder.resolve): a name that is not there, or that fog of war hides from
// him, is refused alike, with the closest names he may see ("No Chasseur on
// the roster; did you mean Chasseurs?"). Outside such a battle, a quick
// ruling, names are free.
//
// Invariant: a handler is called only with an order decoded whole; a refusal
// changes nothing.
package decode
