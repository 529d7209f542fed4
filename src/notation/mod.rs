//! Game records as people write them: the notation's syntax tree, its
//! parser and its canonical printer.
//!
//! This layer knows holes, marks, capture annotations, comments, variation
//! labels and layout; it does not know whether a move is legal. A [`WrittenPly`]
//! is what someone wrote (like shakmaty's `San`); checking it against a
//! position is the rules engine's job.
//!
//! - [`parse_records`] parses an in-memory text into [`ParsedRecord`]s,
//!   each with its [`Record`], errors and warnings; [`RecordReader`] does
//!   the same one game at a time over any [`std::io::BufRead`].
//! - [`RecordReader::visit_game`] hands a game's parts to a [`Visitor`]
//!   (tags, one [`PlyToken`] per ply, move ends, prose, errors) without
//!   building a tree; the tree itself is built on the same parser, by a
//!   builder that takes each ply over instead of copying it.
//! - [`Record`] implements [`FromStr`] (one game, no
//!   errors) and [`Display`](std::fmt::Display) (the canonical form).
//! - Trees are compared without their spans through
//!   [`Record::without_spans`].
//!
//! ```
//! use bohnenspiel::notation::Record;
//!
//! let record: Record = "[Date \"1972\"]\n\n3,9; 5,7 (2 from hole 3); 4?,7 (6 from 9 plus 2 from 8).\n".parse()?;
//! let ply = &record.movetext.moves[1].north.as_ref().unwrap().ply;
//! assert_eq!(ply.hole.map(|hole| hole.number()), Some(7));
//! assert_eq!(record.to_string(), "[Date \"1972\"]\n\n3, 9; 5, 7 (2 from hole 3); 4?, 7 (6 from 9 plus 2 from 8).\n");
//! # Ok::<(), bohnenspiel::notation::ParseError>(())
//! ```
//!
//! # The record file format
//!
//! A record file is UTF-8 text holding one or more games. A game is
//! optional **tag lines**, then **movetext**, then optional **prose**.
//!
//! ## Tag lines
//!
//! One tag per line, in the PGN manner: `[Name "value"]`. The name is
//! ASCII letters, digits and `_`; inside the value, `\"` stands for `"` and
//! `\\` for `\`, and any other character (UTF-8, such as `Rüger`) stands
//! for itself. The value ends on its line. The known tags are listed by
//! [`KnownTag`]; [`Record::start`], [`Record::rules`] and
//! [`Record::result`] read the three the replay depends on:
//!
//! | tag | meaning |
//! |---|---|
//! | `Event`, `Site`, `Date`, `Round`, `Source` | where, when (`1962`) and where published |
//! | `South`, `North` | the players; `?` when unknown |
//! | `Result` | the final score, South's first: `50:22`, two counts that add up to 72 |
//! | `Setup` | a start other than the opening, as a position string `<h1>,…,<h6>/<h7>,…,<h12> <south store>:<north store> <S\|N>`, e.g. `0,1,0,0,2,1/0,0,3,0,0,1 34:30 S`, or `?` for a start that is unknown (such a record is checked for syntax only); without the tag a game starts at the opening |
//! | `SetupNote` | a remark on the start position, e.g. how it was found |
//! | `Rules` | the rules the game was played by: `standard` or `hemprich`, optionally with the endless-play scoring, `; endless=own-side`, `last-mover` or `split` (e.g. `hemprich; endless=split`; see [`Rules`](crate::Rules)'s `FromStr`); without the tag, the validator's options say |
//! | `Stipulation`, `Title`, `Composer` | a problem's stipulation (`South to move and draw`), title and composer |
//! | `Partie` | the match to 100 points (a Partie, see [`Partie`](crate::Partie)) the game belongs to: the games of one input with the same value are its games, in written order |
//!
//! Only the first tag of a known name counts. Any other name is kept as a
//! custom tag; validation warns about a name a letter or two away from a
//! known one ([`KnownTag::near`]) and about a known tag given twice.
//!
//! ## Movetext
//!
//! The first line after the tags that is neither blank nor a tag line
//! starts the movetext. If that line is a numbered row (digits, `.` or
//! the `...` of a left-out South turn, white space, more text; or digits,
//! `.` and a ply glued to it, `1.4 8`), the layout is **numbered**; otherwise it is
//! **inline**.
//!
//! A **ply** is a hole number 1–12, an optional mark right after it (`!`,
//! `?`, `!!`, `??`, `!?`, `?!`), and zero or more parenthesised groups,
//! with or without a space before each. A group is, trying in this order:
//! a **capture annotation** (`2 from 12`, `2 from hole 8`, `6 from 9 plus
//! 2 from 8`, `4 from 10, 2 from 9, 8, 7 each`, `4 each from 2, 1 and 12`,
//! `2 from 1 and 2 from 2`, `2 from 5 and 6 each`), optionally followed by
//! `; comment`; **variation labels** (`A`, `B/C`: capital letters joined by
//! `/`); **another move** (`4?`: a hole and an optional mark); or else a
//! **comment**, kept exactly as written. A group that starts with `;` is
//! a comment too, the text after `; `: the printer writes a comment so
//! when its text alone would read as something else (`(; A)` is the
//! comment `A`, not a label; `(; 2 from 12)` is no capture annotation). Parentheses nest inside a group.
//! A comment that starts with `%` holds a value, as `bohnenspiel analyse
//! --write` writes them: `(%value 38:34)`, the exact value after the ply
//! (South's beans first); `(%eval d12 +4)`, the engine's estimate at
//! depth 12 (South's final beans minus North's); `(%verdict mark
//! confirmed)`, a judgement's verdict. The grammar reads it as any other
//! comment; the validation layer reads the value (`validate::WrittenValue::of_ply`).
//! A `)` that closes nothing is ignored with a warning.
//!
//! A **turn** is a ply or alternatives: `8 or 9`; in numbered rows also
//! `1, 2, 4 or 5`.
//!
//! A **pass** (the Hemprich variant, where a player without beans passes)
//! is written `-` where a ply stands, with a mark and groups like any ply:
//! `6, -; 7` inline, `1. 6  -` in a row, `- (no beans)`. It stands for the
//! pass that the rules force right after the ply written before it (or at
//! the start), and it is counted in the ply numbers. A record may also
//! leave a forced pass out, as older records do: the next ply written is
//! then the other player's, whichever column it stands in, and the replay
//! supplies the pass and counts it all the same. A written pass where the
//! player to move has beans, or under the standard rules (where a player
//! who cannot move ends the game), is an error of kind `illegal-pass`, and
//! the replay stops there; a pass written as an alternative (`- or 5`) is
//! an error too, and `(-)` after a ply is a comment. A paragraph that starts with `-` followed by
//! `,`, `;`, `.`, `(`, a mark, the word `or` or `and`, or the end of the
//! line starts movetext, as
//! one that starts with a digit does; `- a remark` is prose.
//!
//! South's turn may be **left out**, written `...` or `…` (printed
//! `...`), when a move starts with North's: `1. ... 8` in a row (or
//! `1... 8`, the `...` right after the number, as chess readers write
//! North's turn), `..., 8; 3, 9` inline, as the first move of a game that starts with
//! North to move ([`SouthTurn::Elided`]). North's turn must
//! follow; the move's plies are North's alone ([`WrittenMove::turns`]).
//!
//! **Inline** movetext: moves separated by `;`, South's and North's turn
//! within a move by `,`; white space and single line breaks may fall
//! anywhere; a move may hold only South's turn. The movetext ends at a
//! `.` after a move, at an **ending** (`and` after a move, then text up to
//! the end of the line: `7 and North draws!`), at a blank line, or at the
//! end of the game.
//!
//! **Numbered** movetext: one move per line, `N.` then South's turn (or
//! `N.` glued to South's ply, `1.4 8`), then
//! North's turn, separated by white space; a row may end with `.` or with
//! an ending (`6 and South loses. Greed ruins gentlemen.`). A line holding
//! only a label (one to seven capital letters) in parentheses, such as
//! `(A)`, starts a **variation**: the
//! rows that follow, up to the next such line, replace the line that
//! refers to the label (`2 (A)`) from the first row's number on. Labels
//! may be referred to from inside variations. The movetext ends at a blank
//! line or at a line that is neither a row nor a variation header.
//!
//! ## Prose and several games
//!
//! Everything after the movetext up to the next game is prose, kept as
//! text (trimmed). A line starts a new game when the current game already
//! has movetext or prose and the line is a tag line (not a bracketed note
//! without a `"`, see below), or, right after a
//! blank line, a line whose first visible character is a digit. So in a
//! file without tags, games are separated by a blank line, and prose must
//! not begin a paragraph with a digit, unless it is the first and starts
//! on the line right after the movetext (`4,8; 6,7.` then
//! `4 beans are left.`).
//!
//! # The canonical form
//!
//! [`Record`]'s `Display`: each tag on its own line as `[Name "value"]`
//! (escaping `"` and `\`), a blank line if there were tags, the movetext,
//! then a blank line and the prose if any (no blank line when the prose's
//! first line starts as movetext does, with a digit or a pass, which after
//! a blank line would start a new game); every line ends with a line
//! break. Inline movetext is one line: `4, 8; 6, 12 (2 from hole 8); …`,
//! with `, ` between turns, `; ` between moves, one space before each
//! group, alternatives as `8 or 9`, and ending text and full stop as
//! written. Numbered movetext prints one row per move as
//! `N.  south  north`, the numbers right-aligned and North's turns in one
//! column (two spaces after the widest South turn, plus one before a
//! one-digit hole so that hole numbers align right; a South turn wider
//! than 40 characters, such as one with a long comment,
//! does not move the column and is followed by two spaces only, so the
//! printed text stays within a constant of the record's size), then each variation as
//! its `(A)` line and rows; alternatives print as `1, 2, 4 or 5` (with
//! `or` also before a hole of North's row that follows one of South's,
//! where a `,` would read as the comma between South's turn and North's). Capture
//! annotations print with their phrasing: joiners, forms and the word
//! `hole` are kept (`holes` before several holes). Comments print exactly
//! as written, a comment after an annotation's `;` as `; comment`.
//! A file of several records separates them by blank lines, as
//! `bohnenspiel fmt` prints them. Parsing the
//! canonical form gives back the same tree (up to spans), for every tree
//! the format can hold (see [`Record::prose_is_printable`]).
//!
//! # Errors, warnings and recovery
//!
//! Every [`ParseError`] has an [`ErrorKind`], a [`Span`] of absolute byte
//! offsets, a [`Location`] (line, and column counted in characters), what
//! was expected and what was found; it displays as
//! `line:column: message: expected …, found …`. The parser recovers: an
//! error in inline movetext skips to the next `;`, an error in a row skips
//! the row, a bad tag line is skipped, and each game is parsed on its own,
//! so every error of a file is reported. Text that is accepted but
//! probably not meant (a stray `)`) gives a [`Warning`].
//!
//! # Lenient where the meaning is certain, reported where it is not, silent never
//!
//! Everything a transcriber wrote is read as what it looks like, or
//! reported; nothing turns into prose or a comment without a word.
//!
//! - **Certain**, read without a finding (the canonical printer writes
//!   the usual form): white space and line breaks; a row number glued to
//!   its ply (`1.4 8`, `2.6 12 (2 from 8)`: digits, `.`, a ply, then the
//!   end of the line, a group, or white space before a ply); the words of
//!   a capture annotation in any letter case (`2 From 8`, `2 FROM 8`);
//!   a full stop after an annotation's last word (`(2 from 8.)`); white
//!   space left out after an annotation's number or `,`, or before its
//!   `,` (`2from 8`, `2 from 9,8 each`).
//! - **Uncertain**, read as the most likely meaning and reported at its
//!   place with a kind of its own, so that the plies are still read:
//!   a `.` between plies, or a second `,` in an inline move, followed on
//!   its line by `,`, `;` or moves (`6,7. 3 (2 from 12),7`, `4,8, 6,12`):
//!   an error of kind [`ErrorKind::StraySeparator`] at the character,
//!   which is read as the separator that belongs there and loses no ply;
//!   a `,` between a South ply and a North ply (holes 1–6, then 7–12) in
//!   a numbered row (`1. 4, 8`): [`WarningKind::CommaBetweenTurns`], read
//!   as South's and North's turn; a group that reads like a capture
//!   annotation but is not in its grammar (`(2 from 8!)`,
//!   `(2 beans from 8)`, `(takes 2 from 8)`, up to two words or marks
//!   beyond the annotation's): [`WarningKind::LooseCaptureAnnotation`],
//!   read as that annotation, so that its claim is checked; one that
//!   cannot be read even so (the word `from` and a number, `(2 from)`)
//!   stays a comment, with the same warning saying its claim is not
//!   checked.
//! - **Kept as text, and reported**: prose, or an ending, that reads as
//!   moves (a ply followed by `,`, `;`, `(`, another ply or the end of
//!   the line, also as a row with a mistyped number, `2..  6  11`):
//!   [`WarningKind::ProseReadsAsMoves`]; a line in brackets after the
//!   moves that holds no `"` (`[The rest of the score is illegible.]`),
//!   which is a note in the prose, not a tag starting a new game:
//!   [`WarningKind::BracketedNote`].
//!
//! A game keeps at most 100 errors and 100 warnings; past them, one last
//! error ([`ErrorKind::TooManyErrors`]) or warning
//! ([`WarningKind::TooManyWarnings`]) says how many more there were. A
//! ply keeps at most 100 parenthesised groups (a
//! record's plies carry one to three): the groups after them are read,
//! so that their own errors are reported and the text after them is
//! found, but not kept, and one error of kind
//! [`ErrorKind::TooManyGroups`], spanning them, says how many they are.
//! A message quotes at most 20 characters of the text it is about, a
//! longer token cut and ending in `…`.
//!
//! # Spans and equality
//!
//! Spans are ordinary fields and take part in `==`. To compare what was
//! written regardless of where, compare [`Record::without_spans`].
//!
//! # Cost
//!
//! Parsing runs in time linear in the input and never panics. The
//! [`RecordReader`] holds one game (and one line of look-ahead) at a time,
//! in a buffer it reuses from game to game. Line and column are computed
//! only for errors and warnings. Building the tree allocates for the
//! tree's vectors and strings; the groups of all plies of a game share
//! one vector ([`WrittenPly::groups`]), and a phrase keeps up to seven
//! further holes inline, so a move whose plies carry
//! capture annotations of one phrase allocates nothing of its own. Visiting
//! allocates a few times per game (the look-ahead line, a tag value that
//! holds an escape) and otherwise only for comment and label groups,
//! annotations of more than one phrase, and errors.
//!
//! The grammars of capture annotations (one reader over the bytes, which
//! reads a group's annotation straight from the text after its `(`),
//! group kinds, marks and tag lines are written with [`nom`] combinators;
//! byte-level code reads a ply's head, the layout of moves and the end of
//! a group. One reader reads every movetext: a [`Visitor`] is handed a
//! ply's head, then each of its groups as a [`GroupToken`] that is read
//! only as far as the visitor asks.

mod annotation;
mod error;
mod groups;
mod list;
mod mark;
mod parse;
mod print;
mod reader;
mod span;
mod tags;
mod tree;
mod unparsed;
mod visit;

use std::str::FromStr;

pub use annotation::CaptureAnnotation;
pub(crate) use annotation::HoleList;
pub(crate) use annotation::{Joiner, Phrase, PhraseForm};
pub use error::{ErrorKind, ParseError, Warning, WarningKind};
pub(crate) use error::{MAX_ERRORS_PER_GAME, MAX_GROUPS_PER_PLY};
pub(crate) use groups::Groups;
pub(crate) use list::Alternatives;
pub use mark::Mark;
pub(crate) use print::{Ascii, GATHERED, decimal_entry, write_group_text};
pub use reader::{ParsedRecord, RecordReader, parse_records};
pub(crate) use span::LineIndex;
pub use span::{Location, Span};
pub use tags::KnownTag;
pub(crate) use tags::StartTag;
pub(crate) use tags::{TagName, TagNames, result_value, rules_value, setup_value};
pub use tree::{
    Group, GroupKind, Label, Layout, Movetext, Prose, Record, SouthTurn, Tag, Turn, Variation,
    WrittenMove, WrittenPly,
};
pub use unparsed::LosslessRecord;
pub(crate) use unparsed::{Joint, Skipped, Within};
pub use visit::{GroupToken, MoveEnd, PlyToken, Skip, Visitor};

impl FromStr for Record {
    type Err = ParseError;

    /// Parses a text holding exactly one game; warnings are dropped. The
    /// error is the game's first ([`parse_records`] gives every error and
    /// warning of every game, each with its place).
    fn from_str(text: &str) -> Result<Record, ParseError> {
        let mut games = parse_records(text).into_iter();
        let first = games.next();
        match (first, games.next()) {
            (Some(game), _) if !game.errors.is_empty() => game.into_result(),
            (Some(_), Some(second)) => Err(ParseError {
                kind: ErrorKind::UnexpectedText,
                message: "a second game".to_owned(),
                expected: "one game".to_owned(),
                found: "another game".to_owned(),
                span: Span::new(second.offset, second.offset),
                location: second.locate(second.offset),
                loses_plies: false,
            }),
            (Some(game), None) => game.into_result(),
            (None, _) => Err(empty_input()),
        }
    }
}

impl FromStr for WrittenPly {
    type Err = ParseError;

    /// Parses one ply such as `12!(2 from 1)` or `6!! (B/C)`; the error
    /// is the first in the text.
    fn from_str(text: &str) -> Result<WrittenPly, ParseError> {
        parse::parse_ply(text)
            .map_err(|errors| errors.into_iter().next().unwrap_or_else(empty_input))
    }
}

/// The error of a text that holds nothing to parse, for the cases where
/// the parser gives no error of its own.
fn empty_input() -> ParseError {
    ParseError {
        kind: ErrorKind::EmptyInput,
        message: "nothing to parse".to_owned(),
        expected: "a game".to_owned(),
        found: "end of input".to_owned(),
        span: Span::new(0, 0),
        location: Location {
            offset: 0,
            line: 1,
            column: 1,
        },
        loses_plies: false,
    }
}
