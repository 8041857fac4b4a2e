package mapcmd

import (
	"github.com/bwmarrin/discordgo"

	"github.com/referee-bot/referee/commands/optdef"
	"github.com/referee-bot/referee/rules/tabletop"
)

// Overlays are what /map show can draw over the table for one unit: how far
// it may move, its weapon's range bands, what it sees.
const (
	OverlayMoves  = "moves"
	OverlayRanges = "ranges"
	OverlaySight  = "sight"
)

// Formats of /map export.
const (
	FormatJSON = "json"
	FormatSVG  = "svg"
)

// Definitions are the /map slash command.
var Definitions = []*discordgo.ApplicationCommand{{
	Name:        "map",
	Description: "The battle's table: its ground and where the units stand, measured and drawn by the referee",
	Contexts:    optdef.InServers,
	Options: []*discordgo.ApplicationCommandOption{
		optdef.Sub("table", "Lay out the battle's table (umpire): its size in inches",
			optdef.Number("width", "Width in inches, along your edge (default 72)", false, 6, tabletop.MaxSide),
			optdef.Number("depth", "Depth in inches, towards the far edge (default 48)", false, 6, tabletop.MaxSide)),
		optdef.Sub("terrain", "Add ground to the table (umpire): an area, or with line:true a river, road, wall or hedge",
			optdef.String("kind", "The rule set's kind of ground", true, true, 40),
			optdef.String("name", "Its name, as players will call it", true, false, 40),
			optdef.String("shape", `Corners (or a line's points) in inches from the lower-left: "x,y x,y x,y"`, true, false, 1000),
			optdef.Number("height", "A hill's height in inches", false, 0, 100)),
		optdef.Sub("place", "Put a unit on the table, or move it there (umpire)",
			optdef.String("unit", "The unit, squad, officer or base on the roster", true, true, 40),
			optdef.String("at", `Where its centre stands: "x,y" in inches`, true, false, 40),
			optdef.String("facing", "N, NE, E … NW (north is the far edge), or degrees (default N)", false, false, 12),
			optdef.Number("frontage", "Its frontage in inches (default 1)", false, 0.1, 100),
			optdef.Number("depth", "Its depth in inches (default 1)", false, 0.1, 100)),
		optdef.Sub("remove", "Take a unit or a piece of ground off the table (umpire)",
			optdef.String("name", "The unit or the ground", true, true, 40)),
		optdef.Sub("show", "The table as you may see it, as a picture",
			optdef.String("unit", "A unit to draw its moves, ranges or lines of sight", false, true, 40),
			optdef.Pick("overlay", "What to draw for that unit (default sight)", false, OverlayMoves, OverlayRanges, OverlaySight)),
		optdef.Sub("export", "The table as you may see it, as a file",
			optdef.Pick("format", "json (for /map import) or svg (to print); default json", false, FormatJSON, FormatSVG)),
		optdef.Sub("import", "Lay out the whole table from a file made by /map export (umpire)",
			&discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionAttachment,
				Name: "file", Description: "The .json file", Required: true}),
	},
}}
