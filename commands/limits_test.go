package commands_test

import (
	"cmp"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/referee-bot/referee/commands/commandstest"
	"github.com/referee-bot/referee/commands/discordtest"
	"github.com/referee-bot/referee/commands/interaction"
	gj "github.com/referee-bot/referee/rules/greenjackets"
)

// The longest roster name, and the most entries of one kind, any rule set's
// roster takes (issue 14: names of 40 characters, firing2007's MaxName;
// crimea's, firing2007's and volleyfire's MaxRoster).
const (
	nameLen     = 40
	mostEntries = 200
)

// A fill is how a rule set's roster is filled: the command that adds one
// entry, made most times, each with a new name of nameLen characters, one of
// two sides, the next player, the first value of each other required option,
// the next of what autocomplete offers for each option of refs (whom or what
// it belongs to), and each option of largest at its largest.
type fill struct {
	path    string
	most    int
	refs    []string
	largest []string
}

// fills build each rule set's roster to the most it holds: mostEntries of
// each kind (Green Jackets: as many characters as four suits deal to, a squad
// led by each, and mostEntries figures in them).
var fills = map[string][]fill{
	"greenjackets": {
		{path: "greenjackets roster character", most: gj.MaxCharacters},
		{path: "greenjackets roster squad", most: gj.MaxCharacters, refs: []string{"officer"}},
		{path: "greenjackets roster figure", most: mostEntries, refs: []string{"squad"}},
	},
	// Crimea refuses any entry once either list is full: one officer fewer.
	"crimea":     {{path: "crimea officer-add", most: mostEntries - 1}, {path: "crimea unit-add", most: mostEntries}},
	"volleyfire": {{path: "volleyfire-roster commander-add", most: mostEntries}, {path: "volleyfire-roster unit-add", most: mostEntries, largest: []string{"bases"}}},
	"firing2007": {{path: "firing2007 general-add", most: mostEntries}, {path: "firing2007 unit-add", most: mostEntries}},
}

// forms are the values of options whose form the definitions do not say,
// each as long as its form allows.
var forms = map[string]string{"dice": "200d6"}

// TestEveryMessageWithinDiscordsLimits drives every command path of the
// definitions, with no battle and in a battle of each rule set whose roster
// is full of the longest names: as the umpire with every option at its
// longest or largest, and with only its required options, as a player with
// those, and once with each rule topic or house rule that autocomplete offers;
// then it presses every button the answers carried, and sends every command
// to the Discord double. Every message (public, ephemeral, direct, and so
// every followup: the messages after the first), every autocomplete answer,
// and everything Discord was sent must keep Discord's limits.
func TestEveryMessageWithinDiscordsLimits(t *testing.T) {
	commands := leaves(commandstest.New(t).Commands)
	t.Run("no battle", func(t *testing.T) {
		t.Parallel()
		newSweep(t).all(commands)
	})
	for _, rs := range choices(find(commands, "game start"), "ruleset") {
		t.Run(rs, func(t *testing.T) {
			t.Parallel()
			s := newSweep(t)
			s.ruleset = rs
			s.do(s.umpire, find(commands, "game start"), map[string]any{"ruleset": rs, "name": words("Battle of", 100)})
			for _, f := range fills[rs] {
				s.fill(commands, f)
			}
			s.do(s.umpire, find(commands, "turn new"), nil)
			s.all(commands)
		})
	}
}

// A sweep is one channel's run of every command, checking every answer.
type sweep struct {
	t       *testing.T
	tb      *commandstest.Table
	h       *commandstest.Harness
	umpire  interaction.User
	players []interaction.User
	buttons []string // the distinct button ids the answers carried, in order
	file    interaction.File
	names   map[string]bool  // the roster's, made by fill
	offers  map[string][]any // what autocomplete offered, by path and option
	// ruleset is the battle's, first of an option's choices (so that /rules
	// and its topics agree), or "".
	ruleset string
}

func newSweep(t *testing.T) *sweep {
	s := &sweep{t: t, names: map[string]bool{}, offers: map[string][]any{}, umpire: interaction.User{ID: "100000000000000001", Name: words("Umpire Wellesley", 32)}}
	for i := range 6 {
		s.players = append(s.players, interaction.User{ID: fmt.Sprintf("20000000000000000%d", i), Name: words(fmt.Sprintf("Player %d", i), 32)})
	}
	s.tb = commandstest.Discord(t, commandstest.Watch(func(_ *commandstest.Harness, req interaction.Request, r interaction.Response) {
		s.check(req, r)
	}))
	s.tb.D.Timeout = time.Minute // a deadline for a lost answer, however loaded the machine
	s.h = s.tb.Harness
	return s
}

// check holds r within Discord's limits and keeps its buttons and files.
func (s *sweep) check(req interaction.Request, r interaction.Response) {
	s.t.Helper()
	if err := interaction.Check(r); err != nil {
		s.t.Errorf("%s answered outside Discord's limits:\n%v", describe(req), err)
	}
	for _, m := range slices.Concat(r.Public, r.Ephemeral) {
		for _, b := range m.Buttons {
			if !slices.Contains(s.buttons, b.ID) {
				s.buttons = append(s.buttons, b.ID)
			}
		}
		for _, f := range m.Files {
			s.file = f
		}
	}
}

// all runs every command and presses every button seen before the commands
// that change who may do what or what there is to act on.
func (s *sweep) all(commands []command) {
	pressed := false
	for _, c := range commands {
		if c.late && !pressed {
			s.press()
			s.deliver(commands)
			pressed = true
		}
		required, every := s.required(c), s.every(c)
		s.do(s.umpire, c, every)
		if len(required) < len(every) {
			s.do(s.umpire, c, required)
		}
		s.do(s.players[0], c, required)
		for _, o := range c.opts {
			for _, v := range s.each(c, o) {
				opts := s.required(c)
				opts[o.Name] = v
				s.do(s.umpire, c, opts)
			}
		}
	}
}

// deliver sends every command but the late ones to the Discord double, with
// every option at its longest, as the umpire, a player refusing direct
// messages, and holds what Discord was sent within its limits: the answers
// and their followups, the notes the transport adds, the direct messages.
func (s *sweep) deliver(commands []command) {
	s.tb.D.RefuseDMs(s.players[1].ID)
	sent := map[string]*discordtest.Sent{}
	for _, c := range commands {
		if !c.late {
			sent[c.path] = s.tb.D.Slash(commandstest.DiscordUser(s.umpire), s.tb.Channel, c.path, discordOptions(s.every(c))...)
			sent[c.path].Wait(s.t, "/"+c.path+" answered", commandstest.Answered)
		}
	}
	for path, x := range sent {
		r := x.Reply()
		got := interaction.Response{Public: commandstest.Messages(r.Public()), Ephemeral: commandstest.Messages(r.Ephemeral())}
		if err := interaction.Check(got); err != nil {
			s.t.Errorf("/%s as Discord received it is outside its limits:\n%v", path, err)
		}
	}
	for _, u := range append([]interaction.User{s.umpire}, s.players...) {
		got := interaction.Response{}
		for _, m := range commandstest.Messages(s.tb.D.DMs(u.ID)) {
			got.DMs = append(got.DMs, interaction.DM{UserID: u.ID, Message: m})
		}
		if err := interaction.Check(got); err != nil {
			s.t.Errorf("direct messages to %s as Discord received them are outside its limits:\n%v", u.Name, err)
		}
	}
}

// press presses every button seen so far, as the umpire and as a player.
func (s *sweep) press() {
	for _, id := range s.buttons {
		for _, u := range []interaction.User{s.umpire, s.players[0]} {
			s.h.Press(u, id)
		}
	}
}

func (s *sweep) do(u interaction.User, c command, opts map[string]any) interaction.Response {
	var pairs []any
	for name, v := range opts {
		pairs = append(pairs, name, v)
	}
	return s.h.Do(u, c.path, pairs...)
}

// required is c's required options, each at its first value.
func (s *sweep) required(c command) map[string]any {
	opts := map[string]any{}
	for _, o := range c.opts {
		if !o.Required {
			continue
		}
		if vs := s.values(c, o); len(vs) > 0 {
			opts[o.Name] = vs[0]
		}
	}
	return opts
}

// fill makes f.most entries, failing the test if the roster refuses one.
// Its answers are alike but for the entry each adds (a Crimean officer's
// rolled calibre with its Details): only the buttons of the last are kept to
// be pressed.
func (s *sweep) fill(commands []command, f fill) {
	c := find(commands, f.path)
	seen := len(s.buttons)
	for i := range f.most {
		s.buttons = s.buttons[:seen] // drop the answer before's
		opts := s.required(c)
		for _, o := range c.opts {
			switch {
			case o.Type == discordgo.ApplicationCommandOptionUser:
				opts[o.Name] = s.players[i%len(s.players)]
			case slices.Contains(f.refs, o.Name):
				if vs := s.offered(c, o); len(vs) > 0 {
					opts[o.Name] = vs[i%len(vs)]
				}
			case slices.Contains(f.largest, o.Name):
				opts[o.Name] = int64(o.MaxValue)
			case o.Name == "side" && o.Choices == nil:
				opts[o.Name] = words([]string{"The Allied Army", "L'Armée du Nord"}[i%2], nameLen)
			}
		}
		name := words(fmt.Sprintf("%03d Königlich Preußische Garde", len(s.names)), nameLen)
		opts["name"], s.names[name] = name, true
		if r := s.do(s.umpire, c, opts); commandstest.IsRefusal(r) {
			s.t.Fatalf("/%s refused entry %d of %d: %s", c.path, i+1, f.most, r.Ephemeral[0].Content)
		}
	}
}

// every is every option of c at its longest or largest value.
func (s *sweep) every(c command) map[string]any {
	opts := map[string]any{}
	for _, o := range c.opts {
		if vs := s.values(c, o); len(vs) > 0 {
			opts[o.Name] = vs[len(vs)-1]
		}
	}
	return opts
}

// values are the values worth giving option o of c, the longest or largest
// last: its choices, what autocomplete offers for it, or the longest text,
// the largest number, true, a player, the last file an answer carried.
func (s *sweep) values(c command, o *discordgo.ApplicationCommandOption) []any {
	switch o.Type {
	case discordgo.ApplicationCommandOptionString:
		var vs []any
		for _, ch := range o.Choices {
			if ch.Value == s.ruleset {
				vs = slices.Insert(vs, 0, ch.Value)
			} else {
				vs = append(vs, ch.Value)
			}
		}
		vs = append(vs, s.offered(c, o)...)
		if len(vs) > 0 {
			return vs
		}
		if v, ok := forms[o.Name]; ok {
			return []any{v}
		}
		return []any{words("The Queen's Own Rifles", cmp.Or(o.MaxLength, interaction.MaxContent))}
	case discordgo.ApplicationCommandOptionInteger:
		return []any{int64(o.MaxValue)}
	case discordgo.ApplicationCommandOptionNumber:
		return []any{o.MaxValue}
	case discordgo.ApplicationCommandOptionBoolean:
		return []any{true}
	case discordgo.ApplicationCommandOptionUser:
		var vs []any
		for _, p := range s.players {
			vs = append(vs, p)
		}
		return vs
	case discordgo.ApplicationCommandOptionAttachment:
		if s.file.Name != "" {
			return []any{s.file}
		}
	}
	return nil
}

// each is the values of option o of c worth a run of their own: what
// autocomplete offers but the roster's names, which are alike but for which
// one they are (so rule topics, house rules, and the "none" or "all" offered
// before the names); any other value changes little of what is shown, and
// its first and last are run already (required, every).
func (s *sweep) each(c command, o *discordgo.ApplicationCommandOption) []any {
	var vs []any
	for _, v := range s.offered(c, o) {
		if !s.names[fmt.Sprint(v)] {
			vs = append(vs, v)
		}
	}
	return vs
}

// offered is what autocomplete offers for option o of c, asked once.
func (s *sweep) offered(c command, o *discordgo.ApplicationCommandOption) []any {
	if !o.Autocomplete {
		return nil
	}
	key := c.path + " " + o.Name
	if vs, ok := s.offers[key]; ok {
		return vs
	}
	var vs []any
	for _, ch := range s.h.Serve(s.h.Autocomplete(s.umpire, c.path, o.Name, "")).Choices {
		vs = append(vs, ch.Value)
	}
	s.offers[key] = vs
	return vs
}

// discordOptions are opts as the Discord double takes them.
func discordOptions(opts map[string]any) []discordtest.Option {
	var out []discordtest.Option
	for name, v := range opts {
		switch v := v.(type) {
		case int64:
			out = append(out, discordtest.Opt(name, int(v)))
		case interaction.User:
			out = append(out, discordtest.Opt(name, commandstest.DiscordUser(v)))
		case interaction.File:
			out = append(out, discordtest.Opt(name, discordtest.Attachment{Name: v.Name, Content: v.Content}))
		default:
			out = append(out, discordtest.Opt(name, v))
		}
	}
	return out
}

// A command is a leaf of the definitions: its path and options, and whether
// it changes who may do what or what there is to act on.
type command struct {
	path string
	opts []*discordgo.ApplicationCommandOption
	late bool
}

// leaves are the definitions' command paths, those that change who may do
// what or what there is to act on (handing over the umpire, undoing,
// importing, removing, ending) last.
func leaves(defs []*discordgo.ApplicationCommand) []command {
	var out []command
	var walk func(path string, opts []*discordgo.ApplicationCommandOption)
	walk = func(path string, opts []*discordgo.ApplicationCommandOption) {
		for _, o := range opts {
			if o.Type == discordgo.ApplicationCommandOptionSubCommand || o.Type == discordgo.ApplicationCommandOptionSubCommandGroup {
				walk(path+" "+o.Name, o.Options)
			}
		}
		if !slices.ContainsFunc(opts, func(o *discordgo.ApplicationCommandOption) bool {
			return o.Type == discordgo.ApplicationCommandOptionSubCommand || o.Type == discordgo.ApplicationCommandOptionSubCommandGroup
		}) {
			out = append(out, command{path: path, opts: opts})
		}
	}
	for _, d := range defs {
		walk(d.Name, d.Options)
	}
	late := []string{"undo", "import", "remove", "umpire", "end"}
	rank := func(c command) int {
		last := c.path[strings.LastIndex(c.path, " ")+1:]
		for i, w := range late {
			if last == w || strings.HasSuffix(last, "-"+w) {
				return i + 1
			}
		}
		return 0
	}
	slices.SortStableFunc(out, func(a, b command) int { return rank(a) - rank(b) })
	for i := range out {
		out[i].late = rank(out[i]) > 0
	}
	return out
}

func find(commands []command, path string) command {
	for _, c := range commands {
		if c.path == path {
			return c
		}
	}
	return command{path: path}
}

// choices are the values option name of c offers.
func choices(c command, name string) []string {
	var out []string
	for _, o := range c.opts {
		if o.Name == name {
			for _, ch := range o.Choices {
				out = append(out, fmt.Sprint(ch.Value))
			}
		}
	}
	return out
}

// words is text of exactly n characters: head, then its words again.
func words(head string, n int) string {
	text := []rune(head)
	for len(text) < n {
		text = append(append(text, ' '), []rune(head)...)
	}
	text = text[:n]
	if text[n-1] == ' ' {
		text[n-1] = '.'
	}
	return string(text)
}

func describe(req interaction.Request) string {
	var names []string
	for name := range req.Options {
		names = append(names, name)
	}
	slices.Sort(names)
	what := "/" + req.Path
	if req.Kind == interaction.KindComponent {
		what = "button " + req.CustomID
	}
	if req.Kind == interaction.KindAutocomplete {
		what = "autocomplete of " + req.Focused + " in /" + req.Path
	}
	return fmt.Sprintf("%s %v by %s", what, names, req.User.Name)
}
