package decode

import (
	"fmt"
	"reflect"
	"slices"
	"strings"

	"github.com/bwmarrin/discordgo"

	"github.com/referee-bot/referee/commands/interaction"
)

// kind is the value type a field holds, each read by one parser.
type kind int

const (
	kText   kind = iota // string: text, or one name
	kNames              // []string: a list of names, "A, B"
	kInt                // int: a whole number
	kNumber             // float64: a number
	kInches             // []float64: a list of distances in inches, "12, 14, 9"
	kBool               // bool
	kUser               // interaction.User
	kFile               // interaction.File
	kValue              // a rule set's value type, by its parser
	kValues             // a list of a rule set's value type
	kWord               // a rule set's string type, one of its option's choices
)

// optionType is the type of option each kind is read from.
var optionType = map[kind]discordgo.ApplicationCommandOptionType{
	kText: discordgo.ApplicationCommandOptionString, kNames: discordgo.ApplicationCommandOptionString,
	kInches: discordgo.ApplicationCommandOptionString, kValue: discordgo.ApplicationCommandOptionString,
	kValues: discordgo.ApplicationCommandOptionString, kWord: discordgo.ApplicationCommandOptionString, kInt: discordgo.ApplicationCommandOptionInteger,
	kNumber: discordgo.ApplicationCommandOptionNumber, kBool: discordgo.ApplicationCommandOptionBoolean,
	kUser: discordgo.ApplicationCommandOptionUser, kFile: discordgo.ApplicationCommandOptionAttachment,
}

// A field is how one field of an order is decoded.
type field struct {
	index []int
	opt   *discordgo.ApplicationCommandOption
	kind  kind
	// ptr: the field is a pointer, nil when the option is not given.
	ptr   bool
	value Value
	// roster are the kinds of roster name the option takes (none: free
	// text); also the words it takes besides them ("all", "none").
	roster, also []string
	// confirm names the true/false option that confirms a new name of the
	// roster's (tag new; "": none is taken).
	confirm string
	// def is the text read when the option is not given (tag default).
	def    string
	hasDef bool
}

// A plan is how an order type is decoded from its subcommand's options.
type plan struct {
	mode   []int // the index of the embedded Mode (nil: none)
	given  []int // the index of the embedded Given (nil: none)
	fields []field
}

var (
	modeType  = reflect.TypeFor[Mode]()
	givenType = reflect.TypeFor[Given]()
	userType  = reflect.TypeFor[interaction.User]()
	fileType  = reflect.TypeFor[interaction.File]()
)

// plan matches the fields of t to the options of the subcommand at path:
// every option has a field and every field an option of its type.
func (d *Decoder) plan(path string, t reflect.Type) plan {
	sub := d.subcommand(path)
	fail := func(format string, args ...any) {
		panic(fmt.Sprintf("decode: %s, /%s: %s", t, path, fmt.Sprintf(format, args...)))
	}
	if t.Kind() != reflect.Struct {
		fail("an order is a struct")
	}
	var p plan
	covered := map[string]bool{}
	for _, sf := range reflect.VisibleFields(t) {
		if sf.Type == modeType && sf.Anonymous {
			p.mode = sf.Index
			continue
		}
		if sf.Type == givenType && sf.Anonymous {
			p.given = sf.Index
			continue
		}
		name, ok := sf.Tag.Lookup("opt")
		if !ok {
			if len(sf.Index) == 1 && !sf.Anonymous {
				fail("field %s has no opt tag", sf.Name)
			}
			continue
		}
		i := slices.IndexFunc(sub.Options, func(o *discordgo.ApplicationCommandOption) bool { return o.Name == name })
		if i < 0 {
			fail("field %s names option %q, which the subcommand does not have", sf.Name, name)
		}
		f := field{index: sf.Index, opt: sub.Options[i]}
		f.kind, f.ptr, f.value = d.kindOf(sf.Type)
		if f.kind < 0 {
			fail("field %s is a %s, which the decoder cannot read", sf.Name, sf.Type)
		}
		if optionType[f.kind] != f.opt.Type {
			fail("field %s cannot hold option %q (type %d)", sf.Name, name, f.opt.Type)
		}
		if f.kind == kWord && len(f.opt.Choices) == 0 {
			fail("field %s is a %s, which needs a parser or choices", sf.Name, sf.Type)
		}
		if r, ok := sf.Tag.Lookup("roster"); ok {
			if f.kind != kText && f.kind != kNames && !(f.kind == kValues && f.value.name != nil) {
				fail("field %s is tagged roster but holds no name", sf.Name)
			}
			f.roster = strings.Split(r, ",")
		}
		if a, ok := sf.Tag.Lookup("also"); ok {
			f.also = strings.Split(a, ",")
		}
		if c, ok := sf.Tag.Lookup("new"); ok {
			j := slices.IndexFunc(sub.Options, func(o *discordgo.ApplicationCommandOption) bool { return o.Name == c })
			if f.roster == nil || j < 0 || sub.Options[j].Type != discordgo.ApplicationCommandOptionBoolean {
				fail("field %s: new names a true/false option of a roster field", sf.Name)
			}
			f.confirm = c
		}
		f.def, f.hasDef = sf.Tag.Lookup("default")
		covered[name] = true
		p.fields = append(p.fields, f)
	}
	for _, o := range sub.Options {
		if !covered[o.Name] {
			fail("option %q has no field", o.Name)
		}
	}
	return p
}

// kindOf is the kind of value a field of type t holds, whether it is a
// pointer to it, and the rule set's parser of it (kind -1: none can read it).
func (d *Decoder) kindOf(t reflect.Type) (kind, bool, Value) {
	ptr := t.Kind() == reflect.Pointer
	if ptr {
		t = t.Elem()
	}
	if v, ok := d.values[t]; ok {
		return kValue, ptr, v
	}
	if t.Kind() == reflect.Slice {
		if v, ok := d.values[t.Elem()]; ok && !ptr {
			return kValues, false, v
		}
		switch t.Elem() {
		case reflect.TypeFor[string]():
			return kNames, ptr, Value{}
		case reflect.TypeFor[float64]():
			if !ptr {
				return kInches, false, Value{}
			}
		}
		return -1, false, Value{}
	}
	switch {
	case t == reflect.TypeFor[string]():
		return kText, ptr, Value{}
	case t == reflect.TypeFor[int]():
		return kInt, ptr, Value{}
	case t == reflect.TypeFor[float64]():
		return kNumber, ptr, Value{}
	case t == reflect.TypeFor[bool]():
		return kBool, ptr, Value{}
	case t == userType:
		return kUser, ptr, Value{}
	case t == fileType:
		return kFile, ptr, Value{}
	case t.Kind() == reflect.String:
		return kWord, ptr, Value{}
	}
	return -1, false, Value{}
}
