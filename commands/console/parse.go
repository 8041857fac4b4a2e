package console

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/bwmarrin/discordgo"

	"github.com/referee-bot/referee/commands/interaction"
)

// A line is one parsed input line.
type line struct {
	// As is the speaker named with @name, or ""; In the channel named with
	// #name after it, or "" (the console's own).
	As, In string
	// Exactly one of Command, Label, PressID and Advance is set.
	Command string
	Label   string
	PressID string
	// Advance is how far !advance moves the clock ("25h").
	Advance string
}

// errSkip marks a blank or comment line.
var errSkip = errors.New("skip")

func splitLine(raw string) (line, error) {
	s := strings.TrimSpace(raw)
	if s == "" || strings.HasPrefix(s, "#") {
		return line{}, errSkip
	}
	var l line
	if strings.HasPrefix(s, "@") {
		name, rest, _ := strings.Cut(s[1:], " ")
		if name == "" {
			return l, errors.New("after @ give a name, then the command: @bob /card")
		}
		l.As, s = name, strings.TrimSpace(rest)
	}
	if strings.HasPrefix(s, "#") {
		name, rest, _ := strings.Cut(s[1:], " ")
		if name == "" {
			return l, errors.New("after # give a channel, then the command: @alice #british /game status")
		}
		l.In, s = name, strings.TrimSpace(rest)
	}
	switch {
	case strings.HasPrefix(s, "/"):
		l.Command = s[1:]
	case strings.HasPrefix(s, "[") && strings.HasSuffix(s, "]"):
		l.Label = strings.TrimSpace(s[1 : len(s)-1])
	case strings.HasPrefix(s, "!press"):
		l.PressID = strings.TrimSpace(strings.TrimPrefix(s, "!press"))
		if l.PressID == "" {
			return l, errors.New("!press needs a button id: !press v1/turn/next")
		}
	case strings.HasPrefix(s, "!advance"):
		l.Advance = strings.TrimSpace(strings.TrimPrefix(s, "!advance"))
		if l.Advance == "" {
			return l, errors.New("!advance needs a length of time: !advance 25h")
		}
	default:
		return l, fmt.Errorf("a line is a command (/roll dice:2d6), a button ([Label] or !press id), !advance 25h, or a # comment; got %q", s)
	}
	return l, nil
}

// tokens splits a command line into words, keeping "quoted text" together (a
// backslash escapes a quote or a backslash inside quotes).
func tokens(s string) ([]string, error) {
	var out []string
	var cur strings.Builder
	inWord, quoted := false, false
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case quoted && c == '\\' && i+1 < len(s) && (s[i+1] == '"' || s[i+1] == '\\'):
			cur.WriteByte(s[i+1])
			i++
		case c == '"':
			quoted = !quoted
			inWord = true
		case !quoted && (c == ' ' || c == '\t'):
			if inWord {
				out = append(out, cur.String())
				cur.Reset()
				inWord = false
			}
		default:
			cur.WriteByte(c)
			inWord = true
		}
	}
	if quoted {
		return nil, errors.New("a quote is not closed")
	}
	if inWord {
		out = append(out, cur.String())
	}
	return out, nil
}

// A parser turns command text into a Request against the command definitions.
type parser struct {
	defs []*discordgo.ApplicationCommand
	// userID makes a console user's id from their name.
	userID func(name string) string
}

// parse fills req.Path and req.Options from "roll dice:2d6 label:volley".
func (p parser) parse(text string, req *interaction.Request) error {
	words, err := tokens(text)
	if err != nil {
		return err
	}
	if len(words) == 0 {
		return errors.New("give a command after /, e.g. /help")
	}
	name := words[0]
	i := slices.IndexFunc(p.defs, func(d *discordgo.ApplicationCommand) bool { return d.Name == name })
	if i < 0 {
		return fmt.Errorf("there is no command /%s; /help lists them", name)
	}
	path := []string{name}
	opts := p.defs[i].Options
	words = words[1:]
	for hasSubcommands(opts) {
		if len(words) == 0 || strings.Contains(words[0], ":") {
			return fmt.Errorf("/%s needs one of: %s", strings.Join(path, " "), names(opts))
		}
		j := slices.IndexFunc(opts, func(o *discordgo.ApplicationCommandOption) bool { return o.Name == words[0] })
		if j < 0 || !isSub(opts[j].Type) {
			return fmt.Errorf("/%s has no %q; choose one of: %s", strings.Join(path, " "), words[0], names(opts))
		}
		path = append(path, words[0])
		opts = opts[j].Options
		words = words[1:]
	}
	req.Path = strings.Join(path, " ")
	req.Options = map[string]any{}
	for _, w := range words {
		key, val, ok := strings.Cut(w, ":")
		if !ok {
			return fmt.Errorf("%q is not an option: write name:value (options of /%s: %s)", w, req.Path, names(opts))
		}
		j := slices.IndexFunc(opts, func(o *discordgo.ApplicationCommandOption) bool { return o.Name == key })
		if j < 0 {
			if len(opts) == 0 {
				return fmt.Errorf("/%s takes no options", req.Path)
			}
			return fmt.Errorf("/%s has no option %q; its options: %s", req.Path, key, names(opts))
		}
		v, err := p.value(opts[j], val)
		if err != nil {
			return fmt.Errorf("option %s: %w", key, err)
		}
		req.Options[key] = v
	}
	for _, o := range opts {
		if o.Required && !req.Has(o.Name) {
			return fmt.Errorf("/%s needs %s:… (%s)", req.Path, o.Name, o.Description)
		}
	}
	return nil
}

func isSub(t discordgo.ApplicationCommandOptionType) bool {
	return t == discordgo.ApplicationCommandOptionSubCommand || t == discordgo.ApplicationCommandOptionSubCommandGroup
}

func hasSubcommands(opts []*discordgo.ApplicationCommandOption) bool {
	return slices.ContainsFunc(opts, func(o *discordgo.ApplicationCommandOption) bool { return isSub(o.Type) })
}

func names(opts []*discordgo.ApplicationCommandOption) string {
	var out []string
	for _, o := range opts {
		out = append(out, o.Name)
	}
	if len(out) == 0 {
		return "none"
	}
	return strings.Join(out, ", ")
}

// value types one option value as Discord would.
func (p parser) value(o *discordgo.ApplicationCommandOption, s string) (any, error) {
	if len(o.Choices) > 0 {
		v, err := choice(o, s)
		if err != nil {
			return nil, err
		}
		s = v
	}
	switch o.Type {
	case discordgo.ApplicationCommandOptionInteger:
		n, err := strconv.ParseInt(s, 10, 64)
		if err != nil {
			return nil, fmt.Errorf("%q is not a whole number", s)
		}
		if err := inRange(float64(n), o); err != nil {
			return nil, err
		}
		return n, nil
	case discordgo.ApplicationCommandOptionNumber:
		f, err := strconv.ParseFloat(s, 64)
		if err != nil {
			return nil, fmt.Errorf("%q is not a number", s)
		}
		if err := inRange(f, o); err != nil {
			return nil, err
		}
		return f, nil
	case discordgo.ApplicationCommandOptionBoolean:
		switch strings.ToLower(s) {
		case "true", "yes", "y", "1", "on":
			return true, nil
		case "false", "no", "n", "0", "off":
			return false, nil
		}
		return nil, fmt.Errorf("%q is not true or false", s)
	case discordgo.ApplicationCommandOptionUser:
		name := strings.TrimPrefix(s, "@")
		if name == "" {
			return nil, errors.New("give a user's name, e.g. user:bob")
		}
		return interaction.User{ID: p.userID(name), Name: name}, nil
	case discordgo.ApplicationCommandOptionAttachment:
		return readFile(s)
	case discordgo.ApplicationCommandOptionString:
		if o.MaxLength > 0 && len([]rune(s)) > o.MaxLength {
			return nil, fmt.Errorf("at most %d characters", o.MaxLength)
		}
		return s, nil
	}
	return s, nil
}

// choice finds a choice by its name or value and returns the value.
func choice(o *discordgo.ApplicationCommandOption, s string) (string, error) {
	var values []string
	for _, c := range o.Choices {
		v := fmt.Sprint(c.Value)
		if strings.EqualFold(c.Name, s) || v == s {
			return v, nil
		}
		values = append(values, v)
	}
	return "", fmt.Errorf("%q is not a choice; choose one of: %s", s, strings.Join(values, ", "))
}

func inRange(v float64, o *discordgo.ApplicationCommandOption) error {
	if o.MinValue != nil && v < *o.MinValue {
		return fmt.Errorf("at least %v", *o.MinValue)
	}
	if o.MaxValue != 0 && v > o.MaxValue {
		return fmt.Errorf("at most %v", o.MaxValue)
	}
	return nil
}

func readFile(path string) (interaction.File, error) {
	f, err := os.Open(path)
	if err != nil {
		return interaction.File{}, fmt.Errorf("cannot open %s", path)
	}
	defer f.Close()
	b, err := io.ReadAll(io.LimitReader(f, interaction.MaxFileSize+1))
	if err != nil {
		return interaction.File{}, fmt.Errorf("cannot read %s", path)
	}
	if len(b) > interaction.MaxFileSize {
		return interaction.File{}, fmt.Errorf("%s is larger than %d KiB", path, interaction.MaxFileSize>>10)
	}
	return interaction.File{Name: filepath.Base(path), Content: b}, nil
}
