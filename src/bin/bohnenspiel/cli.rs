//! The command line: subcommands, options and help texts (clap derive).

use std::num::NonZeroUsize;
use std::path::PathBuf;

use bohnenspiel::validate::Options;
use bohnenspiel::{EndlessPlay, Rules, Variant};
use clap::{Args, Parser, Subcommand, ValueEnum};

/// Check, convert and show Bohnenspiel game records.
///
/// Each FILE holds one or more games in the record notation; `-` or no
/// FILE at all reads standard input.
#[derive(Debug, Parser)]
#[command(
    name = "bohnenspiel",
    version,
    propagate_version = true,
    disable_help_subcommand = true
)]
#[command(after_help = "\
Exit status: 0 when no finding is an error, 1 when one is (or a record does
not parse), 2 for a usage or I/O error (a missing file, a directory, a file
that is not UTF-8 text); each command's help says what its status means.
Findings read `FILE:LINE:COL: SEVERITY: MESSAGE`; an input that cannot be
read is reported on standard error as `FILE: error: MESSAGE` and the other
inputs are still read; other errors read `bohnenspiel: error: MESSAGE`; a file with bytes that are not UTF-8 stops at the game holding the
first one. Standard input is named `<stdin>` in messages, may be named
(as `-`) only once, and when it is a terminal a hint on standard error
says that records are awaited (end them with Ctrl-D).

Below a finding, its source line is shown with a caret, cut to 60 bytes
either side of the place (`…` marks a cut). Standard output is flushed
before anything is written to standard error, so with both going to one
place (`2>&1`) the lines come in the order things happened.

While a command reads, a progress line (`12,345 games read (3s)`) is
drawn on standard error when standard error is a terminal and standard
output is not; it is erased at the end.

Example:
  bohnenspiel validate fixtures/rueger-1962.txt")]
pub struct Cli {
    /// When to colour the diagnostics and the help: `auto` colours what is
    /// written to a terminal, unless `NO_COLOR` is set (and not empty);
    /// `CLICOLOR_FORCE` set (and not `0`) colours it anywhere.
    #[arg(long, value_enum, global = true, default_value_t = ColorChoice::Auto)]
    pub color: ColorChoice,
    /// What to do.
    #[command(subcommand)]
    pub command: Command,
}

/// The choices of `--color`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum ColorChoice {
    /// Colour on a terminal; `NO_COLOR` (set and not empty) turns it off,
    /// `CLICOLOR_FORCE` (set and not `0`) on.
    Auto,
    /// Always colour.
    Always,
    /// Never colour.
    Never,
}

/// The subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Replay records against the rules and report what is wrong.
    ///
    /// Prints each finding as `FILE:LINE:COL: SEVERITY: MESSAGE` with the
    /// source line and a caret, then one summary line per game with its
    /// final score. Every run ends with a totals line on standard error:
    /// games read, valid, with warnings, invalid, errors and warnings by
    /// kind, inputs that could not be read.
    #[command(after_help = "\
JSON format: one object per line, each with a `type`:
  `finding`: `file`, `game` (from 1), `line`, `column` (from 1, counting
    characters), `ply`, `move`, `variation` (`null` for the main line),
    `severity` (`note`, `warning`, `error`), `kind` (such as
    `capture-mismatch`) and `message`;
  `game` (after its findings): `file`, `game`, `verdict` (`valid`,
    `valid-with-warnings`, `invalid`), `south`, `north`, `winner`,
    `reason` (as in `bohnenspiel json`), `summary`, and the counts
    `errors`, `warnings`, `notes`;
  `input-error`: `file` and `message`, for an input that cannot be read;
  `partie` (after a game of a match): `file`, `game` (`null` at the end of
    the input, for a match not decided), `partie`, `games`, `south`,
    `north`, `target`, `winner`, `summary`;
  `totals` (last): `games`, `valid`, `with_warnings`, `invalid`, `errors`,
    `warnings`, `errors_by_kind`, `warnings_by_kind`, `unreadable_inputs`.
With --quiet, only the `finding` objects of errors and warnings, the
`input-error` objects and the `totals`: a clean game prints nothing.

Matches: the games of one input with the same `Partie` tag form a match to
100 points (a game whose `South` and `North` are the first game's the other
way round counts with the sides swapped). After each such game a line gives
the totals or the winner, and at the end of the input each match not
decided gets one; a game after the match was won, or one without a final
score, is a `partie` warning and does not count.

Exit status: 0 when no finding is an error, 1 when any is, 2 for a usage or
I/O error.

Examples:
  bohnenspiel validate fixtures/rueger-1962.txt
  bohnenspiel validate --quiet games/*.txt
  bohnenspiel validate --strict --format json games/*.txt
  cat games.txt | bohnenspiel validate -")]
    Validate {
        /// Treat a capture the record does not annotate as an error.
        #[arg(long)]
        strict: bool,
        /// Print only errors and warnings, in either format: no notes, no
        /// summary line (or `game` object) per game, so nothing at all for
        /// a clean game. The totals are still printed (on standard error,
        /// and in the JSON format as the last object).
        #[arg(long, short)]
        quiet: bool,
        /// How to print the findings.
        #[arg(long, value_enum, default_value_t = Format::Human)]
        format: Format,
        /// The rules the records were played by, unless a record's
        /// `Rules` tag says otherwise.
        #[command(flatten)]
        rules: RulesArgs,
        /// Record files; `-` or none reads standard input.
        #[arg(value_name = "FILE")]
        files: Vec<PathBuf>,
    },
    /// Check the judgements of records against exact values.
    ///
    /// Replays every line of each record with a known start (main line
    /// and variations) and gives each ply its value before and after it:
    /// the final score under best play (`S:N`, South's beans first). Every
    /// judgement the record makes (marks `?` `??` `!` `!!`, remarks naming
    /// another move such as `(4?)` or `(but not 10?, loses)`, alternatives,
    /// `wins the remaining beans`, endings such as `and South loses.`,
    /// prose, the stipulation `South to move and draw`) is printed as
    /// `FILE:LINE:COL: VERDICT: MESSAGE`, the verdict `confirmed`,
    /// `contradicted` (with the reason and a line that shows it) or
    /// `unanalysed` (a value the solver did not find within --nodes; never
    /// guessed). Then the values of each line's plies and a summary line
    /// per game; the run ends with a totals line on standard error.
    #[command(
        alias = "analyze",
        after_help = "\
The phrases understood are listed in the documentation of the library's
`analysis` module (https://docs.rs/bohnenspiel/latest/bohnenspiel/analysis/).

JSON format: one object per line, each with a `type`:
  `judgement`: `file`, `game`, `line`, `column`, `ply`, `move`,
    `variation`, `judgement` (`mark`, `other-move`, `other-move-outcome`,
    `refutation`, `alternative`, `remaining-beans`, `ending`, `prose`,
    `stipulation`, `value`), `verdict`, `claim`, `message`, `moves` (the line that
    shows a contradiction, as hole numbers);
  `ply`: `file`, `game`, `variation`, `ply`, `move`, `player`, `hole`,
    `line`, `column`, `position` (before the ply), `before` and `after`
    (`{\"south\": S, \"north\": N}` or `null`), `unanalysed` (why a value
    is missing, or `null`); with --engine also `review`: `before` and
    `after` (`{\"kind\": \"exact\", \"south\": S, \"north\": N}` or
    `{\"kind\": \"engine\", \"difference\": D, \"depth\": D}`), `loss`,
    `changes_result`, `loses_value`;
  `game` (after its judgements and plies): `file`, `game`, `start`,
    `value`, the counts `judgements`, `confirmed`, `contradicted`,
    `unanalysed`, `plies`, `unanalysed_plies`, and `summary`;
  `finding` (as for validate) and `not-analysed` (`file`, `game`,
    `message`), for a record that cannot be analysed;
  `input-error`: `file` and `message`;
  `totals` (last): `games`, `analysed`, `not_analysed`, `judgements`,
    `confirmed`, `contradicted`, `unanalysed`, `plies`, `unanalysed_plies`,
    `unreadable_inputs`.

Exit status: 0 when no judgement is contradicted, 1 when one is, 2 when a
record cannot be analysed (its start is unknown, `[Setup \"?\"]`, or
validation finds errors in it, which are printed) or for a usage or I/O
error.

With --ply N (and --line, --game): one line of one game of one FILE, from
the position after ply N on (resolved as `bohnenspiel position` resolves
it): its plies and the judgements made at them.

With --write: each record instead, in canonical form, with the value
after each ply as a comment, `(%value S:N)` exact (South's beans first) or
`(%eval dD +X)` the engine's at depth D (with --engine; South's final beans
minus North's), and each judgement's verdict after its ply, `(%verdict mark
confirmed)`; value comments written before are replaced. `validate` reads
them back, and `analyse` checks them as judgements of kind `value`.

Examples:
  bohnenspiel analyse fixtures/shotayev-gentlemen.txt
  bohnenspiel analyse --format json --nodes 100000000 problems.txt
  bohnenspiel analyse --write --engine 8 game.txt > game-values.txt
  bohnenspiel analyse fixtures/rueger-1962.txt --ply 20
  bohnenspiel analyse problem.txt --line B --ply 3"
    )]
    Analyse {
        /// How to print the analysis.
        #[arg(long, value_enum, default_value_t = AnalyseFormat::Human)]
        format: AnalyseFormat,
        /// The most positions to search for each value (default:
        /// 1000000).
        #[arg(long, value_name = "N")]
        nodes: Option<u64>,
        /// Review every ply: where the solver gives no exact value, the
        /// engine's estimate at this depth (values and marks say which);
        /// the plies that lose value are marked.
        #[arg(long, value_name = "DEPTH")]
        engine: Option<u32>,
        /// With --engine: a ply loses value when it changes the result for
        /// its player, or the final difference from its player's view (their
        /// beans minus the other's; a bean that changes sides counts 2)
        /// falls by more than N.
        #[arg(long, value_name = "N", default_value_t = 4)]
        loss: u8,
        /// Print each record with its values and verdicts written in as
        /// comments, instead of the analysis.
        #[arg(long, conflicts_with = "format")]
        write: bool,
        /// Analyse one line of one game (of one FILE) from this ply on,
        /// counted from the start of the game along the line (0: the
        /// start), as `bohnenspiel position` counts it.
        #[arg(long, value_name = "N", conflicts_with = "write")]
        ply: Option<usize>,
        /// With --ply: the variation, by its label (such as `B`); the
        /// main line if not given.
        #[arg(long, value_name = "LABEL", conflicts_with = "write")]
        line: Option<String>,
        /// With --ply: the game of the file, from 1 (default: 1).
        #[arg(long, value_name = "N", value_parser = game_number, conflicts_with = "write")]
        game: Option<usize>,
        /// The rules the records were played by, unless a record's
        /// `Rules` tag says otherwise.
        #[command(flatten)]
        rules: RulesArgs,
        /// Record files; `-` or none reads standard input.
        #[arg(value_name = "FILE")]
        files: Vec<PathBuf>,
    },
    /// Print every game as a JSON document: `{"version": 4, "games": [...]}`.
    ///
    /// Each game's document names its file and its index in the file, and
    /// holds the record as written (every tag, ply, mark, group,
    /// alternative, ending, variation and the prose, each with its line and
    /// column) and what the replay adds: the rules' captures, the position
    /// after each ply, the result and the findings. A field that holds its
    /// default is left out. Invalid records are printed too. With `--lean`, the record alone: the same fields less
    /// the places, what the replay adds and what holds its default,
    /// written without replaying the games. `bohnenspiel fmt --from json`
    /// reads either back.
    #[command(after_help = "\
The JSON Schema of both forms is fixtures/schema/games.schema.json in the
crate's sources (the lean form: its lean-game); the library's documentation
(bohnenspiel::validate) describes them.

Exit status: 0, also when records have findings (they are inside the
documents); 2 for a usage or I/O error.

Examples:
  bohnenspiel json fixtures/rueger-1962.txt > rueger.json
  bohnenspiel json --lines games/*.txt > games.jsonl
  bohnenspiel json --lean --lines games/*.txt > records.jsonl")]
    Json {
        /// Treat a capture the record does not annotate as an error.
        #[arg(long, conflicts_with = "lean")]
        strict: bool,
        /// Print JSON Lines: one game document per line, no enclosing
        /// document (for streaming large collections).
        #[arg(long)]
        lines: bool,
        /// Print the lean document of each game: the record as written,
        /// without places and without what the replay adds (about a quarter
        /// of the full document, and no replay to write it).
        #[arg(long)]
        lean: bool,
        /// The rules the records were played by, unless a record's
        /// `Rules` tag says otherwise.
        #[command(flatten)]
        rules: RulesArgs,
        /// Record files; `-` or none reads standard input.
        #[arg(value_name = "FILE")]
        files: Vec<PathBuf>,
    },
    /// Select games by their tags, moves, positions, length, end or
    /// verdict, and print them; drop or report duplicates.
    ///
    /// Every condition given must hold (`--invert`: at least one must
    /// fail). Games are read one at a time and replayed as `validate`
    /// replays them; the result, the plies, the positions and the end are
    /// the replay's. The selected games are printed as they were written,
    /// byte for byte (a blank line between them), in the canonical
    /// notation, or as JSON Lines (one game document, naming its file and
    /// its index in the file, per line); `--count` prints only their
    /// number.
    ///
    /// Duplicates are games with the same moves from the same start
    /// (whatever their tags, layout and annotations), or with the same
    /// final position (`final`). They are told apart by a 128-bit hash of
    /// each game (xxh3-128): memory grows by the hash and the place of each
    /// distinct game (about 100 bytes), not by the games; two different
    /// games have the same hash with odds below 1 in 10^20 for a billion
    /// games.
    #[command(after_help = "\
RANGE is `A..B`, `A..` or `..B` (both ends included), or one value. A date
is `YEAR`, `YEAR.MM` or `YEAR.MM.DD` (`-` or `/` between the parts too); a
game whose Date tag gives only some parts (`1962`, `1962.??.??`) is in a
range when those parts are. --result is `south`, `north` or `draw` (who
won), `S:N` (that score), or a RANGE of South's beans; a game's result is
its final score, else (a game not played to its end) its Result tag's. A
tag --tag or --date names must be in some game: a name no game has is an
error, reported at the end (exit status 2).

Output: the games on standard output; on standard error a line saying how
many were read and selected (not with --count). --duplicates prints a line
per duplicate: `FILE:LINE: game N: the same moves as FILE:LINE (game M)`.

Exit status: 0, 2 for a usage or I/O error (a pattern that does not
compile, a position no game can reach, a tag no game has, an input that
cannot be read).

Examples:
  bohnenspiel select --tag 'Event~Championship' --date 1960..1969 games/*.txt
  bohnenspiel select --reaches '4,3,4,3,2,0/3,3,19,0,5,0 12:14 S' games.txt
  bohnenspiel select --opening '4 8' --result south --count games.txt
  bohnenspiel select --unique --output canonical a.txt b.txt > merged.txt
  bohnenspiel select --duplicates=final games/*.txt")]
    Select {
        #[command(flatten)]
        select: SelectArgs,
        /// The rules the records were played by, unless a record's
        /// `Rules` tag says otherwise.
        #[command(flatten)]
        rules: RulesArgs,
        /// Record files; `-` or none reads standard input.
        #[arg(value_name = "FILE")]
        files: Vec<PathBuf>,
    },
    /// Split records into files of N games each, named by a pattern of
    /// their tags.
    ///
    /// The name of each file is --name with `{TAG}` replaced by the value
    /// of that tag in the first game of each N (`unknown` where it has
    /// none), `{n}` by the number of those N games (from 1: games 1 to N
    /// are 1) and `{file}` by the name of the input (without its folder
    /// and extension). A tag's value is made
    /// safe for a file name: characters other than letters, digits, `-`,
    /// `_` and `.` become `_`, and it never starts with `.`. Games whose
    /// names come out the same are written one after the other into the
    /// same file (so `{Event}.txt` groups games by event). The games are
    /// written as they were read, byte for byte, a blank line between
    /// them. `bohnenspiel select` over the files merges them back.
    #[command(after_help = "\
Exit status: 0, 2 for a usage or I/O error: a file that exists already
(unless --force) or that is one of the inputs (always), an input that
cannot be read, a file that cannot be written. Nothing is written over
before the error; the files written before it are kept.

Examples:
  bohnenspiel split --every 1 --name 'game-{n}.txt' games.txt
  bohnenspiel split --name '{Event}-{Date}.txt' a.txt b.txt")]
    Split {
        /// Games per file (the games of different names are counted
        /// apart).
        #[arg(long, value_name = "N", default_value_t = 1,
              value_parser = clap::value_parser!(u64).range(1..))]
        every: u64,
        /// The pattern of the files' names, such as `{Event}-{Date}-{n}.txt`.
        #[arg(long, value_name = "PATTERN")]
        name: String,
        /// Write over files that exist already (never over an input).
        #[arg(long)]
        force: bool,
        /// Record files; `-` or none reads standard input.
        #[arg(value_name = "FILE")]
        files: Vec<PathBuf>,
    },
    /// Print records in the canonical notation (syntax only, no rules).
    ///
    /// With `--from json`, each FILE is a JSON document as `bohnenspiel
    /// json` prints it (or JSON Lines, as `json --lines` prints them), and
    /// its games are printed in the canonical notation. A document is held
    /// to the standard of notation: the fields the replay derives
    /// (`comment`, `annotated`, `player`, `number`, `ply`, `captures`,
    /// `after`, `start.setup`, `result`, `summary`, ...) and those that
    /// only describe the text it was made from (`file`, `index`,
    /// `findings`, places) may be left out; a derived field that is given
    /// must agree with the replay of the document's plies. A `start`
    /// other than the opening is the record's start (printed as a `Setup`
    /// tag).
    #[command(after_help = "\
Exit status: 0, 1 when a record does not parse (its errors are printed to
standard error, and the record is printed with the text that does not
parse kept as written, so no text is lost; with --from json, placed in
the printed record, named `FILE:games[N]`) or a JSON document cannot be
read back (the error names its JSON path, such as games[0].moves[12].hole,
or games[0].moves[3].captures for a derived field that disagrees with the
replay), 2 for a usage or I/O error. An input with no game is an error.

Examples:
  bohnenspiel fmt fixtures/machatscheck-1972.txt
  bohnenspiel json games.txt | bohnenspiel fmt --from json")]
    Fmt {
        /// What the inputs hold.
        #[arg(long, value_enum, default_value_t = From::Notation)]
        from: From,
        /// With `--from json`: the rules the documents' games were replayed
        /// by (as given to `bohnenspiel json`), unless a record's `Rules`
        /// tag says otherwise; the derived fields are compared with a
        /// replay under them.
        #[command(flatten)]
        rules: RulesArgs,
        /// Record files; `-` or none reads standard input.
        #[arg(value_name = "FILE")]
        files: Vec<PathBuf>,
    },
    /// Print records with the rules' capture annotations filled in.
    ///
    /// Every capture is annotated with what the rules capture; a wrong
    /// annotation is replaced. Errors of the record as read are printed to
    /// standard error.
    #[command(after_help = "\
Exit status: 0, 1 when a record has errors (it is printed all the same; one
that does not parse as `fmt` prints it), 2 for a usage or I/O error.

Example:
  bohnenspiel annotate fixtures/rueger-1962.txt")]
    Annotate {
        /// The rules the records were played by, unless a record's
        /// `Rules` tag says otherwise.
        #[command(flatten)]
        rules: RulesArgs,
        /// Record files; `-` or none reads standard input.
        #[arg(value_name = "FILE")]
        files: Vec<PathBuf>,
    },
    /// Draw the board after each ply of the main line, or of a variation.
    ///
    /// With `--line LABEL`, the plies of that variation from the start of
    /// the game: those of the lines it branches from up to its branch,
    /// then its own; a game without the line is an error (exit status 2).
    ///
    /// North's row is on top (holes 12 to 7 from left to right), South's
    /// below (1 to 6); North's store is on the left, South's on the right.
    #[command(after_help = "\
Exit status: as for validate; 2 also when a game has no line --line names.

Examples:
  bohnenspiel show fixtures/rueger-1962.txt | less
  bohnenspiel show --line D fixtures/shotayev-gentlemen.txt")]
    Show {
        /// The variation to draw, by its label (such as `B`); the main line
        /// if not given.
        #[arg(long, value_name = "LABEL")]
        line: Option<String>,
        /// The rules the records were played by, unless a record's
        /// `Rules` tag says otherwise.
        #[command(flatten)]
        rules: RulesArgs,
        /// Record files; `-` or none reads standard input.
        #[arg(value_name = "FILE")]
        files: Vec<PathBuf>,
    },
    /// Print the position string before or after a ply of a record.
    ///
    /// The position (such as `4,3,4,3,2,0/3,3,19,0,5,0 12:14 S`: South's
    /// holes 1 to 6, North's 7 to 12, the stores South's first, the player
    /// to move) after ply N of the game's main line or of a variation, as
    /// `validate` replays it. Plies are counted from the start of the game
    /// along the line (a variation's continue its parent's count); in the
    /// Hemprich variant a forced pass is a ply too.
    #[command(after_help = "\
Exit status: 0, 1 when the game has errors (they are printed to standard
error, and the position is taken from the replay as far as it goes), 2 for
a usage or I/O error: a game, a line or a ply the file does not have.

Examples:
  bohnenspiel position fixtures/rueger-1962.txt --ply 10
  bohnenspiel position fixtures/shotayev-gentlemen.txt --line D --ply 10 --before")]
    Position {
        // The ply (default: the line's last replayed ply).
        #[command(flatten)]
        at: PositionSource,
        #[command(flatten)]
        rules: RulesArgs,
    },
    /// Count the leaf nodes of the move tree, for each depth up to DEPTH.
    ///
    /// Prints one line per depth from 1 to DEPTH: `depth D: N nodes`;
    /// `perft 0` prints `depth 0: 1 node` (the start position itself).
    #[command(after_help = "\
Exit status: 0, 2 for a usage error (such as an invalid position).

Examples:
  bohnenspiel perft 5
  bohnenspiel perft 3 --position '0,1,0,0,2,1/0,0,3,0,0,1 34:30 S'")]
    Perft {
        /// The deepest depth to count.
        #[arg(value_name = "DEPTH")]
        depth: u32,
        /// The start position as a setup string (default: the opening).
        #[arg(long, value_name = "P", allow_hyphen_values = false)]
        position: Option<String>,
    },
    /// Solve a position exactly: its value under best play, every legal
    /// move's value and a best line.
    ///
    /// The position is `--position P`, or the one after ply N of a line of
    /// a record (`FILE [--game N] [--line LABEL] [--ply N] [--before]`,
    /// as `bohnenspiel position` takes it; the record's `Rules` tag wins),
    /// without its history.
    ///
    /// The value is the final score when both sides play their best; in
    /// search, the first position that occurs again since the last capture
    /// ends the game, the beans on the board shared as `--endless` says.
    #[command(after_help = "\
JSON format: {\"value\": {\"south\": S, \"north\": N}, \"moves\": [{\"hole\": H,
\"value\": {\"south\": S, \"north\": N}}, ...], \"line\": [H, ...]}.
A forced Hemprich pass is written `-` in the human line and `null` in the
JSON line.

Exit status: 0, 1 when the budget runs out before the position is solved
or the record's game has errors (printed to standard error), 2 for a usage
error (such as an invalid position, or a table for other rules), a game,
line or ply the record does not have, or a table file that cannot be read
or is not sound.

Examples:
  bohnenspiel solve --position '0,1,0,0,2,1/0,0,3,0,0,1 34:30 S'
  bohnenspiel solve fixtures/shotayev-gentlemen.txt --line B --ply 6
  bohnenspiel solve --format json --nodes 1000000 --position '0,0,0,0,1,0/0,0,0,0,1,0 36:34 S'
  bohnenspiel solve --table standard-12 --position '0,1,0,0,2,1/0,0,3,0,0,1 34:30 S'")]
    #[command(group(clap::ArgGroup::new("source").required(true).args(["file", "position"])))]
    Solve {
        // The position (default ply: the line's last replayed ply).
        #[command(flatten)]
        at: PositionSource,
        #[command(flatten)]
        rules: PositionRulesArgs,
        /// The most positions to search (default: 100000000).
        #[arg(long, value_name = "N")]
        nodes: Option<u64>,
        /// The longest time to search, in seconds (such as `30` or `2.5`).
        #[arg(long, value_name = "SECONDS", value_parser = parse_seconds)]
        time: Option<std::time::Duration>,
        /// An endgame table (written by `bohnenspiel table`) for the same
        /// rules: its values are taken wherever the search reaches a
        /// position it covers right after a capture.
        #[arg(long, value_name = "FILE")]
        table: Option<PathBuf>,
        /// How to print the answer.
        #[arg(long, value_enum, default_value_t = SolveFormat::Human)]
        format: SolveFormat,
    },
    /// Build the endgame table of every position with up to `--beans`
    /// beans on the board, one file per level, for `solve --table` and
    /// `engine --table`.
    ///
    /// The table holds each position's value without history (the final
    /// score under best play from the board, the stores added), one byte
    /// per position, in the format the library's `analysis::table` module
    /// documents: a file for each even count of beans on the board (a
    /// level), named like `standard-own-side-L16.table`, with a header
    /// naming the format version, the rules, the level, the number of
    /// entries and a checksum. Levels already in the output directory (for
    /// the same rules) are read and checked, not built again: the levels
    /// can be built apart, on other machines, and put together.
    #[command(after_help = "\
Output: before the build, a line on standard error saying how many
positions the levels to build hold, how large their files will be and how
much memory the build takes; during it, a line for each level built
(its positions, those searched, the seconds it took), each level's file
written as soon as it is built; after it, one line naming the directory,
the positions and the rules (on standard error when the table goes to
standard output, where its level files follow one another).
The files of a table up to 16 beans take 39 MB, 20 beans 277 MB, 24 beans
1.5 GB (a quarter of that with --wdl, besides); building them takes
44 MB, 239 MB and 1.19 GB of memory at the peak.

Exit status: 0, 2 for a usage error (more than 24 beans, 0 threads, a
build that needs more memory than the system has available or --memory allows, files
larger than the disk's free space, an output directory holding levels for
other rules), level files there that cannot be read, or a file that cannot
be written (nothing is left half-written under a level's name).

Examples:
  bohnenspiel table --beans 12 --output standard-12
  bohnenspiel table --beans 8 -o - | gzip > standard-8.table.gz
  bohnenspiel solve --table standard-12 --position '0,1,0,0,2,1/0,0,3,0,0,1 34:30 S'")]
    Table {
        /// The most beans on a board (even counts up to it; at most 24).
        #[arg(long, value_name = "N")]
        beans: u8,
        #[command(flatten)]
        rules: PositionRulesArgs,
        /// The directory of the level files (made if missing); `-` writes
        /// the level files one after another to standard output.
        #[arg(long, short, value_name = "DIR")]
        output: PathBuf,
        /// The most memory the build may take, in megabytes (default: what
        /// the system has available).
        #[arg(long, value_name = "MB")]
        memory: Option<u64>,
        /// The threads the build runs on (default: every core the system
        /// offers); the table is the same on any number.
        #[arg(long, value_name = "N", value_parser = thread_count)]
        threads: Option<NonZeroUsize>,
        /// Also write each level in the 2-bit form (`.wdl`: who gets more
        /// of the board, not the score), a quarter of the size; for the
        /// levels already in the directory too, where it is missing.
        #[arg(long)]
        wdl: bool,
    },
    /// Play: the engine behind a line protocol on standard input and
    /// output, for GUIs, match runners and other programs.
    ///
    /// One command per line on standard input, one answer per line on
    /// standard output, flushed at once. Words are separated by spaces or
    /// tabs; a line may end in `\r\n`. The search runs on a thread of its
    /// own, so commands are read while it runs.
    #[command(after_help = "\
Commands and answers:
  bsi
      `id name bohnenspiel VERSION`, `id author …`, `info string` lines (the
      rules; the endgame table loaded, or why none was), then `bsiok`.
  isready
      `readyok`, at once, also during a search.
  newgame
      No answer; forgets what earlier searches learnt (the transposition
      table), ends a running search and sets the opening position.
  position startpos [moves H H …]
  position setup <position string> [moves H H …]
      No answer; the opening (or the position string, such as
      `4,3,4,3,2,0/3,3,19,0,5,0 12:14 S`), then the moves: hole numbers
      1-12, `-` for a Hemprich pass (a forced pass may also be left out).
  go depth D | go nodes N | go movetime MS | go infinite
      After each finished depth `info depth D score S nodes N nps R time MS
      pv H H …`; then `bestmove H`, `bestmove -` when the player to move
      must pass (Hemprich), `bestmove none` when the game is over or the
      last `position` was refused. Limits combine (`go depth 12 movetime
      1000`: the first reached ends the search); a bare `go` is `go
      infinite`. `go depth 0`, `go nodes 0` and `go movetime 0` get a note
      and search depth 1; a depth above 120 searches 120.
  stop
      Ends the search, which sends its `bestmove` (the deepest finished
      depth's; depth 1 always finishes).
  quit
      Ends the program (a running search is stopped first).

A score is the final difference of beans, the player to move's minus the
other's, as the engine estimates it (`+4`, `-2`, `0`), or `exact S:N`, the
final score (South's beans first), when the endgame table or the solver
gives it. A `pv` leaves Hemprich passes out.

Refusals: an illegal position or move gets `info string error: illegal
position: WHY`, and a later `go` answers `info string error: go: no
position …` and `bestmove none` until a `position` is accepted. An unknown
command gets `info string unknown command `WORD``; a command with arguments
it cannot read, a line that is not UTF-8 or longer than 65,536 bytes, or a
`go` during a search gets `info string error: …`. None ends the program.

The end of the input is `quit` for `go infinite`; a search with a limit
first finishes and sends its best move. With `go depth` or `go nodes` (no
time), the same commands after `newgame` give the same answers.

Of several --table files, the largest that is for the engine's rules and
fits in the memory left after the transposition table is loaded; the
`bsi` answer says which.

Exit status: 0 after `quit` or the end of standard input, 2 for a usage
error (a transposition table larger than --memory).

Example:
  printf 'bsi\nposition startpos moves 4 8\ngo depth 8\n' | bohnenspiel engine")]
    Engine {
        #[command(flatten)]
        rules: RulesArgs,
        /// The transposition table's size in megabytes (default: 16).
        #[arg(long, value_name = "MB")]
        hash: Option<u64>,
        /// An endgame table file (written by `bohnenspiel table`); may be
        /// given more than once.
        #[arg(long, value_name = "FILE")]
        table: Vec<PathBuf>,
        /// The most memory for the transposition table and the endgame
        /// table, in megabytes (default: what the system has available).
        #[arg(long, value_name = "MB")]
        memory: Option<u64>,
    },
    /// Play a game against the engine in the terminal.
    ///
    /// The board is drawn after every ply as `show` draws it, the last
    /// ply marked (`*` the hole sown, `x` the holes captured). Type a hole
    /// number to move, `undo` to take back your last move and the
    /// engine's reply, `hint` for the engine's advice, `resign` to give
    /// up, `help` for help; anything else gets a message and the game goes
    /// on. At the end the result is printed and the game is written as a
    /// record (to --output, or after the result).
    #[command(after_help = "\
Exit status: 0 (also after resigning, or when the input ends the game
early), 2 for a usage error or a record file that cannot be written.

Examples:
  bohnenspiel play
  bohnenspiel play --side north --movetime 2000 --output my-game.txt
  bohnenspiel play --variant hemprich")]
    Play {
        /// The side you play (South moves first).
        #[arg(long, value_enum, default_value_t = SideArg::South)]
        side: SideArg,
        /// The engine's time for each move, in milliseconds.
        #[arg(long, value_name = "MS", default_value_t = 1000)]
        movetime: u64,
        /// Write the game's record to PATH instead of standard output.
        #[arg(long, short, value_name = "PATH")]
        output: Option<PathBuf>,
        #[command(flatten)]
        rules: RulesArgs,
    },
    /// Play a match between two engines that speak the protocol.
    ///
    /// Each opening (the 36 of two plies, or `--random N` of four plies)
    /// is played twice, the colours swapped. Every move is checked by the
    /// rules; an illegal move, a crash or a hang (no answer within
    /// --timeout) loses that game, is logged, and the match goes on (a
    /// program that crashed or hung is started again). A game ends by the
    /// rules, at the third occurrence of a position since the last capture
    /// or at --ply-cap (each side then takes the beans on its own side).
    #[command(after_help = "\
An engine is `self` (this crate's engine, in this process), `self:` with
settings such as `self:depth=7` or `self:movetime=50,hash=64` (depth,
nodes, movetime in milliseconds, hash in megabytes; they replace the
match's --movetime, --depth and --nodes for it), or a command, its words
split at spaces, such as `./other-engine --level 3` or `bohnenspiel
engine --table std-16.table`.

Output: a line per game, then ENGINE_A's result: wins, draws, losses,
points, the score and the Elo difference with its 95% interval. The games
are written as records to --output (with the log on standard error when
that is `-`); `bohnenspiel validate` accepts them (a game cut short by a
forfeit or the ply cap is unfinished: a warning).

Exit status: 0, 2 for a usage error or a file that cannot be written.

Examples:
  bohnenspiel match self:depth=7 self:depth=5 -o games.txt
  bohnenspiel match 'bohnenspiel engine' self:nodes=20000 --random 20 --seed 7 -o games.txt")]
    Match {
        /// The first engine (the result is its).
        #[arg(value_name = "ENGINE_A")]
        engine_a: String,
        /// The second engine.
        #[arg(value_name = "ENGINE_B")]
        engine_b: String,
        /// Where to write the games as records; `-` is standard output.
        #[arg(long, short, value_name = "PATH")]
        output: PathBuf,
        /// Play N random openings of four plies instead of the 36 of two.
        #[arg(long, value_name = "N")]
        random: Option<usize>,
        /// The seed of the random openings.
        #[arg(long, value_name = "N", default_value_t = 1)]
        seed: u64,
        /// The time for each move, in milliseconds (default: 100, unless
        /// --depth or --nodes is given).
        #[arg(long, value_name = "MS")]
        movetime: Option<u64>,
        /// The depth of each move's search.
        #[arg(long, value_name = "D")]
        depth: Option<u32>,
        /// The nodes of each move's search.
        #[arg(long, value_name = "N")]
        nodes: Option<u64>,
        /// How long a program may take to answer, in milliseconds
        /// (default: three times --movetime and 2 s more, or 30 s).
        #[arg(long, value_name = "MS")]
        timeout: Option<u64>,
        /// The most plies of a game.
        #[arg(long, value_name = "N", default_value_t = 400)]
        ply_cap: usize,
        #[command(flatten)]
        rules: RulesArgs,
    },
    /// Find the start positions a problem solution whose diagram was lost
    /// can have started from.
    ///
    /// Every start position, South to move, with at most `--beans` beans
    /// on the board, on which every line of the record (the main line and
    /// the variations, as `validate` replays them) is legal and captures
    /// what it annotates; whose stores make the solver's value agree with
    /// the end the record states (a `Result` tag such as `38:34`, or a
    /// stipulation such as `South to move and draw` in its `Event` or
    /// `Title` tag); on which the moves that keep the value are the
    /// first moves of the record's lines (those not marked `?` or `??`);
    /// and that contradict the fewest of the record's judgements, as
    /// `analyse` checks them (none, unless no start keeps them all: then
    /// those contradicted are listed). A `Setup` tag is ignored (a note says so), so
    /// that a known start can be checked. A ply without a capture
    /// annotation may capture, as in `validate`; with `--strict` it
    /// captures nothing.
    #[command(after_help = "\
Output: one position (a setup string) per line on standard output; on
standard error, what each filter was given, removed and kept, and the count.

Exit status: 0 when a position is found and every board was solved, 1 when
none is found or some board is not solved within the budget (they are
listed), 2 for a usage or I/O error or a record that cannot be searched (a
syntax error, no moves, no stated end, more boards than --max-boards).

Examples:
  bohnenspiel reconstruct fixtures/shotayev-gentlemen.txt
  bohnenspiel reconstruct --beans 30 --nodes 1000000 problem.txt")]
    Reconstruct {
        /// A record file; `-` reads standard input.
        #[arg(value_name = "FILE")]
        file: PathBuf,
        /// The game of the file, from 1.
        #[arg(long, value_name = "N", default_value_t = 1, value_parser = game_number)]
        game: usize,
        /// The most beans on the board of a start position (at most 72).
        #[arg(long, value_name = "N", default_value_t = 24)]
        beans: u16,
        /// The most positions the solver searches for each position it
        /// solves (default: 100000000).
        #[arg(long, value_name = "N")]
        nodes: Option<u64>,
        /// The most candidate boards to validate (at most 10000000); a
        /// record that allows more is an error.
        #[arg(long, value_name = "N", default_value_t = 1_000_000)]
        max_boards: u64,
        /// Read a ply without a capture annotation as capturing nothing.
        #[arg(long)]
        strict: bool,
        #[command(flatten)]
        rules: RulesArgs,
    },
    /// Draw a position as an SVG picture.
    ///
    /// The board after ply N (the start for 0, the default) of a game's
    /// main line or of the variation `--line LABEL`, or the position of
    /// `--position`. North's row is on top (holes 12 to 7
    /// from left to right), South's below (1 to 6); North's store is on
    /// the left, South's on the right; the caption says who is to move,
    /// or, after the ply that ends the game, who won and with what score
    /// (the board as the game ends, the beans left on it in the stores).
    /// After a ply, the hole it was sown from has a blue ring and the
    /// holes it captured from are red.
    #[command(after_help = "\
Exit status: 0, 1 when the game has errors (they are printed to standard
error, and the board is drawn as far as the game replays), 2 for a usage
or I/O error: an invalid position, a game or a ply the file does not have,
an output file that cannot be written.

Examples:
  bohnenspiel diagram fixtures/shotayev-gentlemen.txt > gentlemen.svg
  bohnenspiel diagram fixtures/rueger-1962.txt --ply 4 -o rueger-4.svg
  bohnenspiel diagram fixtures/shotayev-gentlemen.txt --line D --ply 10 > gentlemen-d.svg
  bohnenspiel diagram --variant hemprich --ply 10 game.txt > hemprich-10.svg
  bohnenspiel diagram --position '0,1,0,0,2,1/0,0,3,0,0,1 34:30 S' > board.svg")]
    Diagram {
        // The position (default ply: 0, the start).
        #[command(flatten)]
        at: PositionSource,
        #[command(flatten)]
        rules: RulesArgs,
        /// Write the picture to PATH instead of standard output.
        #[arg(long, short, value_name = "PATH")]
        output: Option<PathBuf>,
    },
    /// Print a shell's completion script for this command.
    #[command(after_help = "\
Exit status: 0, 2 for a usage error.

Examples:
  bohnenspiel completions bash > ~/.local/share/bash-completion/completions/bohnenspiel
  bohnenspiel completions zsh > ~/.zfunc/_bohnenspiel
  bohnenspiel completions fish > ~/.config/fish/completions/bohnenspiel.fish")]
    Completions {
        /// The shell.
        #[arg(value_name = "SHELL")]
        shell: clap_complete::Shell,
    },
    /// Print the help of the command or of one subcommand.
    #[command(after_help = "\
Exit status: 0, 2 for a usage error (an unknown subcommand).

Example:
  bohnenspiel help validate")]
    Help {
        /// The subcommand (none: the command's help).
        #[arg(value_name = "COMMAND")]
        command: Option<String>,
    },
}

/// A number of seconds greater than 0, such as `30` or `2.5`.
fn parse_seconds(text: &str) -> Result<std::time::Duration, String> {
    let seconds: f64 = text
        .parse()
        .map_err(|_| format!("`{text}` is not a number of seconds"))?;
    if !(seconds > 0.0 && seconds <= 1e9) {
        return Err(format!(
            "`{text}`: the time must be more than 0 and at most 1000000000 seconds"
        ));
    }
    Ok(std::time::Duration::from_secs_f64(seconds))
}

/// The values of `play --side`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum SideArg {
    /// Holes 1 to 6; moves first.
    South,
    /// Holes 7 to 12.
    North,
}

/// What `fmt` reads.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum From {
    /// Game records in the notation.
    Notation,
    /// JSON documents of games, or JSON Lines of game documents.
    Json,
}

/// The output formats of `validate`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Format {
    /// `FILE:LINE:COL: SEVERITY: MESSAGE`, the source line with a caret,
    /// and a summary line per game.
    Human,
    /// One JSON object per line: per finding, per game, per input that
    /// cannot be read, and the totals.
    Json,
}

/// The output formats of `analyse`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum AnalyseFormat {
    /// `FILE:LINE:COL: VERDICT: MESSAGE` per judgement with the source line
    /// and a caret, the values of each line's plies, and a summary line per
    /// game.
    Human,
    /// One JSON object per line: per judgement, per ply, per game, per
    /// input that cannot be read, and the totals.
    Json,
}

impl std::convert::From<AnalyseFormat> for Format {
    fn from(format: AnalyseFormat) -> Format {
        match format {
            AnalyseFormat::Human => Format::Human,
            AnalyseFormat::Json => Format::Json,
        }
    }
}

/// The output formats of `solve`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum SolveFormat {
    /// `value: S:N (…)`, one `move H: S:N` line per move, `line: H H …`.
    Human,
    /// One JSON document.
    Json,
}

/// `--variant` and `--endless`: the rules of the commands that replay
/// records.
#[derive(Debug, Clone, Copy, Default, Args)]
pub struct RulesArgs {
    /// The rules variant (default: standard). A record's `Rules` tag wins;
    /// one that names another variant gets a warning.
    #[arg(long, value_enum, value_name = "VARIANT", ignore_case = true)]
    pub variant: Option<VariantArg>,
    /// How the beans on the board are shared when a game ends by a claim
    /// of repetition (default: own-side). A record's `Rules` tag wins; one
    /// that names another rule gets a warning.
    #[arg(long, value_enum, value_name = "RULE", ignore_case = true)]
    pub endless: Option<EndlessArg>,
}

impl RulesArgs {
    /// The rules chosen here, the defaults for what is not given.
    pub fn chosen(self) -> Rules {
        let options = self.apply(Options::default());
        options.rules
    }

    /// `options` with the rules chosen here.
    pub fn apply(self, options: Options) -> Options {
        options.choose_rules(
            self.variant.map(|variant| match variant {
                VariantArg::Standard => Variant::Standard,
                VariantArg::Hemprich => Variant::Hemprich,
            }),
            self.endless.map(|endless| match endless {
                EndlessArg::OwnSide => EndlessPlay::OwnSide,
                EndlessArg::LastMover => EndlessPlay::LastMover,
                EndlessArg::Split => EndlessPlay::Split,
            }),
        )
    }
}

/// `--variant` and `--endless` of the commands that read no record
/// (`solve`, `table`): the rules of a position.
#[derive(Debug, Clone, Copy, Default, Args)]
pub struct PositionRulesArgs {
    /// The rules variant (default: standard).
    #[arg(long, value_enum, value_name = "VARIANT", ignore_case = true)]
    pub variant: Option<VariantArg>,
    /// How the beans on the board are shared when a game ends by a claim
    /// of repetition (default: own-side).
    #[arg(long, value_enum, value_name = "RULE", ignore_case = true)]
    pub endless: Option<EndlessArg>,
}

impl PositionRulesArgs {
    /// The rules chosen here, the defaults for what is not given.
    pub fn chosen(self) -> Rules {
        RulesArgs {
            variant: self.variant,
            endless: self.endless,
        }
        .chosen()
    }
}

/// `--game N`: a game of a file, counted from 1.
fn game_number(text: &str) -> Result<usize, String> {
    match text.parse::<usize>() {
        Ok(0) => Err("the games of a file are counted from 1".to_owned()),
        Ok(game) => Ok(game),
        Err(_) => Err("expected the number of a game of the file, from 1".to_owned()),
    }
}

/// `--threads N`: a number of threads, at least 1.
fn thread_count(text: &str) -> Result<NonZeroUsize, String> {
    match text.parse::<usize>() {
        Ok(threads) => {
            NonZeroUsize::new(threads).ok_or_else(|| "a build needs at least 1 thread".to_owned())
        }
        Err(_) => Err("expected a number of threads, at least 1".to_owned()),
    }
}

/// The values of `--variant`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum VariantArg {
    /// The game ends when the player to move has no beans.
    Standard,
    /// Hemprich 1926: a player who cannot move passes; the game ends when
    /// every bean is captured.
    Hemprich,
}

/// The values of `--endless`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum EndlessArg {
    /// Each player takes the beans on their own side.
    OwnSide,
    /// The player who moved last takes them all.
    LastMover,
    /// Each player takes half.
    Split,
}

/// Where a position comes from, for the commands that take one: a ply of
/// a line of a game of a record file (`FILE [--game N] [--line LABEL]
/// [--ply N] [--before]`), or `--position P`.
#[derive(Debug, Clone, Args)]
pub struct PositionSource {
    /// A record file; `-` reads standard input.
    #[arg(value_name = "FILE", conflicts_with = "position")]
    pub file: Option<PathBuf>,
    /// The game of the file, from 1.
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = game_number,
          conflicts_with = "position")]
    pub game: usize,
    /// The variation, by its label (such as `B`); the main line if not
    /// given.
    #[arg(long, value_name = "LABEL", conflicts_with = "position")]
    pub line: Option<String>,
    /// The ply after which to take the position, counted from the start of
    /// the game along the line (0: the start).
    #[arg(long, value_name = "N", conflicts_with = "position")]
    pub ply: Option<usize>,
    /// The position before the ply instead of after it.
    #[arg(long, conflicts_with = "position")]
    pub before: bool,
    /// A position string, instead of a record.
    #[arg(long, value_name = "P")]
    pub position: Option<String>,
}

/// The conditions and the output of `select`.
#[derive(Debug, Clone, Args)]
pub struct SelectArgs {
    /// A tag's value: `NAME=VALUE` (equal) or `NAME~PATTERN` (a regular
    /// expression found in the value, as the `regex` crate reads it; in
    /// time linear in the value). May be given more than once.
    #[arg(long, value_name = "NAME=VALUE|NAME~PATTERN")]
    pub tag: Vec<String>,
    /// The Date tag in a RANGE of dates, such as `1962..1970.06`.
    #[arg(long, value_name = "RANGE")]
    pub date: Option<String>,
    /// The result: `south`, `north`, `draw`, `S:N` or a RANGE of South's
    /// beans.
    #[arg(long, value_name = "RESULT")]
    pub result: Option<String>,
    /// A position string that the main line reaches (the start or after
    /// any ply).
    #[arg(long, value_name = "POSITION")]
    pub reaches: Option<String>,
    /// The first moves of the main line, as hole numbers, such as `4 8 3`
    /// (passes left out).
    #[arg(long, value_name = "HOLES")]
    pub opening: Option<String>,
    /// The number of plies the main line replays, a RANGE such as `10..40`.
    #[arg(long, value_name = "RANGE")]
    pub plies: Option<String>,
    /// How the main line ended.
    #[arg(long, value_enum, value_name = "END")]
    pub ended: Option<Ended>,
    /// The game's verdict, as `validate` gives it.
    #[arg(long, value_enum, value_name = "VERDICT")]
    pub verdict: Option<VerdictArg>,
    /// Judge the verdict as `validate --strict` does: a capture the
    /// record does not annotate is an error.
    #[arg(long)]
    pub strict: bool,
    /// Select the games for which the conditions do not all hold.
    #[arg(long, short = 'v')]
    pub invert: bool,
    /// Keep only the first of every set of duplicates (by their moves, or
    /// by their final position).
    #[arg(long, value_enum, value_name = "KEY", num_args = 0..=1, require_equals = true,
          default_missing_value = "moves", conflicts_with = "duplicates")]
    pub unique: Option<Key>,
    /// Print, instead of the games, a line for each selected game that
    /// duplicates an earlier one, with both places.
    #[arg(long, value_enum, value_name = "KEY", num_args = 0..=1, require_equals = true,
          default_missing_value = "moves", conflicts_with_all = ["output", "count"])]
    pub duplicates: Option<Key>,
    /// How to print the selected games.
    #[arg(long, value_enum, default_value_t = SelectOutput::Verbatim)]
    pub output: SelectOutput,
    /// Print only the number of games selected.
    #[arg(long, conflicts_with = "output")]
    pub count: bool,
}

/// The values of `select --ended`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Ended {
    /// By the rules: a player could not move, or every bean was captured.
    Rule,
    /// By a claim of repetition: the record stops at a repeated position.
    Repetition,
    /// Not at all: the record stops before the game is over (or its
    /// replay stops at an error).
    Unfinished,
}

/// The values of `select --verdict`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum VerdictArg {
    /// No error and no warning.
    Valid,
    /// Warnings but no error.
    Warnings,
    /// At least one error.
    Invalid,
}

/// What makes games duplicates, for `select --unique` and `--duplicates`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Key {
    /// The same moves of the main line from the same start.
    Moves,
    /// The same final position of the main line.
    Final,
}

/// The values of `select --output`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum SelectOutput {
    /// Each game's text as written, byte for byte.
    Verbatim,
    /// The canonical notation, as `fmt` prints it.
    Canonical,
    /// One JSON game document per line, as `json --lines` prints it.
    Jsonl,
}
