//! Checking game records against the rules: replay, findings and reports.
//!
//! [`validate`] replays one [`ParsedRecord`] from its start position (the
//! opening, or the `Setup` tag) and returns a [`Report`]: every ply with
//! the captures the rules make and the position after it, the result, and
//! [`Finding`]s with their line, column, ply and move number. [`Report::annotate`]
//! writes the rules' capture annotations into the record. Validation works
//! on one record at a time, so streaming a large file through
//! [`RecordReader`](crate::notation::RecordReader) keeps memory bounded by
//! one game.
//!
//! [`Validator`] does that streaming: it validates the games of a reader
//! one at a time. With [`Options::keep_plies`] off (a report then holds
//! the findings and the result, not every ply), it checks a game while the
//! parser reads it, without building its tree, and hands only a game with
//! findings (or with variations, alternatives or other parts only the full
//! check covers) to [`validate`]. This is what `bohnenspiel validate` does.
//!
//! # What is checked
//!
//! - Parse errors and warnings of the record become findings
//!   ([`FindingKind::HoleOutOfRange`] for a hole outside 1–12,
//!   [`FindingKind::StraySeparator`] for a separator read as the one that
//!   belongs there, [`FindingKind::Syntax`] for the others; warnings of
//!   the kinds of mistakes the reader reads as meant, such as
//!   [`FindingKind::CommaBetweenTurns`], have a kind each, and the rest are
//!   [`FindingKind::SyntaxWarning`]). An error in a tag, a mark, a group (capture
//!   annotation, comment, labels) or prose leaves every ply readable, and
//!   the replay goes on. An error that lost plies
//!   ([`ParseError::loses_plies`](crate::notation::ParseError::loses_plies))
//!   stops the replay of its line there, with one
//!   [`FindingKind::ReplayStopped`] note that says which plies were
//!   checked; such a line is not also called unfinished.
//! - Each line is replayed with [`crate::Game`]: a ply from the
//!   other player's hole, from an empty hole or after the game has ended
//!   is an error, and the rest of the line is not replayed (one
//!   [`FindingKind::ReplayStopped`] note says so).
//! - A capture annotation must name the same set of (hole, beans) as the
//!   rules capture, whatever its phrasing or order. A capture the record
//!   does not annotate is a warning, an error under [`Options::strict`].
//! - Every capture annotation of a ply is compared, not only the first:
//!   `4 (2 from 12) (2 from 3)` has a [`FindingKind::CaptureMismatch`]
//!   error at each annotation that differs from the rules' captures. A ply
//!   whose annotations are all right but more than one has a
//!   [`FindingKind::DuplicateAnnotation`] warning at the second (one
//!   annotation says it all; [`Report::annotate`] keeps only the first).
//! - Alternatives (`8 or 9`): the first ply is replayed; the others, and
//!   other moves named in remarks such as `(4?)`, must be legal in the
//!   same position, and must capture what they annotate if annotated (an
//!   unannotated capture of an alternative is not reported).
//! - Tags: the known ones ([`crate::notation::KnownTag`]) are
//!   read through [`Record::start`](crate::notation::Record::start),
//!   [`Record::rules`](crate::notation::Record::rules) and
//!   [`Record::result`](crate::notation::Record::result), the first of
//!   each name counting. A name one or two letters away from a known one
//!   (`Evnet`, `Resutl`) and a known tag given again are
//!   [`FindingKind::TagName`] warnings; other names are custom tags, kept
//!   without a finding.
//! - A `Result` tag (`South:North`, such as `50:22`) is always checked: it
//!   must be a final score, two counts adding up to 72 (an error
//!   otherwise, such as `50:21`). A finished main line must end with it;
//!   on an unfinished one, a store that already holds more than the tag
//!   gives it is an error (stores never lose beans), and otherwise the
//!   summary says the result is not confirmed. `*`, `?` or an empty value
//!   say the result is not known.
//! - Numbered rows: each row is the previous one plus 1; a variation's
//!   first row lies within its parent line (from its first row to one
//!   past its last): one outside is an error, and the variation is not
//!   replayed (a note says so). A variation that no line refers to, a
//!   label that names no variation, and a label inside the variation it
//!   names are warnings.
//! - A line that stops before the game is over is a warning, but only a
//!   note in a problem solution: a record whose tags say it is one, with
//!   a `Setup` tag (a problem starts from its diagram) or a stipulation
//!   (`South to move and draw`, in a `Stipulation` tag or in the `Event`
//!   or `Title`). Variations or prose in the movetext do not make a
//!   record a problem solution.
//! - The rules: a `Rules` tag (such as `hemprich; endless=split`, see
//!   [`crate::Rules`]'s text form) wins over [`Options::rules`]; a tag
//!   that names no rules is a [`FindingKind::InvalidRules`] error (the
//!   options' rules are used), and one that contradicts a part of the
//!   rules the options chose on purpose ([`Options::variant_chosen`], [`Options::endless_play_chosen`]) is a
//!   [`FindingKind::RulesConflict`] warning. [`Report::rules`] says which
//!   rules were used.
//! - A position that occurs again since the last capture ends nothing by
//!   itself: the plies after it are replayed and checked like any other.
//!   A line that stops at a repeated position, with the game not over,
//!   was ended by a player's claim ([`crate::Game::claim_repetition`]):
//!   it is scored by the endless-play rule of [`Options::rules`], the
//!   `Result` tag is checked against that score, and a
//!   [`FindingKind::Repetition`] note and the summary say so. (Records are
//!   always replayed this way, whatever [`crate::Rules::repetition_ends_at`]
//!   says.)
//! - Values written as comments (`(%value 38:34)`, `(%eval d12 +4)`,
//!   `(%verdict mark confirmed)`: see [`WrittenValue::of_ply`]) are read on every
//!   replayed ply: one that starts with `%` but cannot be read is a
//!   [`FindingKind::MalformedValue`] warning, and an exact value whose
//!   counts do not add up to the beans in the game a
//!   [`FindingKind::ValueTotal`] warning. Whether a value is right is for
//!   the analysis to say.
//! - Variations are replayed from their branch point: the parent line up
//!   to (not including) the variation's first row number, then its rows.
//! - A record without a `Setup` tag starts at the opening, and every
//!   written ply is replayed, variations included. Only a record whose
//!   start is unknown, written `[Setup "?"]` (as a problem published only
//!   as a diagram), is checked for syntax only; a
//!   [`FindingKind::SyntaxOnly`] note says so.
//!
//! ```
//! use bohnenspiel::notation::parse_records;
//! use bohnenspiel::validate::{FindingKind, Options, validate};
//!
//! let text = "4,8; 6,12 (2 from hole 8); 6,7 (2 from 12)\n";
//! let games = parse_records(text);
//! let report = validate(&games[0], &Options::default());
//! let kinds: Vec<FindingKind> = report.findings.iter().map(|f| f.kind).collect();
//! assert_eq!(kinds, [FindingKind::UnfinishedGame, FindingKind::CaptureMismatch]);
//! let finding = &report.findings[1];
//! assert_eq!(finding.message, "annotated 2 from 12, but the rules capture nothing");
//! assert_eq!((finding.location.line, finding.location.column), (1, 33));
//! assert_eq!((finding.ply, finding.move_number), (Some(6), Some(3)));
//! assert_eq!(report.summary(), "unfinished after 6 plies: 0:2 in the stores");
//! ```
//!
//! # One call for each job
//!
//! - [`Record::start`](crate::notation::Record::start): the start
//!   [`Position`] of a record, from its `Setup` tag or the opening.
//! - [`Game::try_from`](crate::Game#impl-TryFrom%3C%26Record%3E-for-Game)`(&record)`:
//!   the [`Game`] its main line records, replayed under its rules (its
//!   `Rules` tag's, else the standard rules), or a [`GameError`].
//! - [`Record::from`](crate::notation::Record#impl-From%3C%26Game%3E-for-Record)`(&game)`:
//!   the record of a played game, with the rules' capture
//!   annotations, each ply in its player's column (a game that starts
//!   with North to move starts `..., 8`).
//! - `JsonWriter` (feature `serde`): the JSON documents of games, full
//!   or lean, and `read_json` the way back, one game at a time.
//! - [`Finding`]'s `Display`, `LINE:COL: SEVERITY: MESSAGE`, and
//!   [`Finding::in_file`], `FILE:LINE:COL: SEVERITY: MESSAGE`: the lines
//!   `bohnenspiel validate` prints.
//!
//! # The JSON document (feature `serde`)
//!
//! `bohnenspiel json` prints `{"version": 4, "games": [...]}` (with
//! `--lines`, one game document per line, memory bounded by one game);
//! the JSON Schema `fixtures/schema/games.schema.json` describes it (and
//! the lean form below, its `lean-game`), and the tests check every
//! fixture's documents, full and lean, against it. In both forms a field
//! that holds its default is left out, and read back as its default. A
//! game document holds:
//!
//! - `version` (4), `file` (as named on the command line, `<stdin>` for
//!   standard input) and `index` (the game's place in its file, from 1);
//! - `tags`: every tag in written order, duplicates included, each
//!   `{name, value, start, end}`;
//! - `layout`: `inline` or `numbered`;
//! - `start`: the start position as a position string
//!   (`6,6,6,6,6,6/6,6,6,6,6,6 0:0 S`), `null` when not replayed;
//! - `moves`: one object per written ply, with `number` (the move number
//!   as written; inline, moves that did not parse are counted, so
//!   `4,8; zz; 6,12` numbers `6,12` as move 3; left out when it is the
//!   previous move's plus one, and on the ply without the row), `ply`
//!   (left out when it is the previous ply's plus one), `side` (the turn
//!   it is written in; left out when it is South on the ply that carries
//!   the row and North on the other), `player` (left out when it is
//!   `side`) and `hole` (`null` for a pass); `mark` and `groups`, every
//!   parenthesised group as written with its `kind` (`captures`,
//!   `labels`, `other-move` or `comment`), its `text` in canonical form
//!   (which says all the group holds: read back with the notation's
//!   reader, as a program reading the document reads it) and its `start`
//!   and `end`; `alternatives` (`8 or
//!   9`), each with its hole, mark, groups and `at`; `comment` and
//!   `annotated`, taken from `groups`; `captures`, what the rules
//!   capture, `[hole, beans]` in chain order; `after`, the position after
//!   the ply as a position string (`null` when the ply was not replayed);
//!   `at`, where the ply starts; and, on the first ply of a move, `row`:
//!   the move's `start` (its row number, if written; left out when it is
//!   the ply's `at`) and `end`, its `ending` (`South loses.`) and
//!   `full_stop` (`true`). `mark`, `groups`, `alternatives`, `comment`,
//!   `annotated`, `values`, `captures`, `ending` and `full_stop` are left
//!   out when they hold nothing;
//! - `variations`: each with its `label`, `parent`, `branch`, `replayed`,
//!   the place of its header line and its `moves`;
//! - `prose`: the text after the moves, with its place;
//! - `skipped`: the text the parser skipped after a syntax error,
//!   verbatim, each piece with its place and where it stands: `within` the
//!   `tags`, the `moves` or a variation's moves (`variations[0].moves`),
//!   `after` that many of its entries, `joined` to what comes before it
//!   and `next` to the move after it (`semicolon`, `comma`, `space`,
//!   `row` or `line`), so that `4,13; 6,12` keeps `13` after the first
//!   ply, joined by a comma;
//! - `verbatim`: the game's text as read when an error lies inside a part
//!   that parsed (an unclosed group), which `fmt` then prints unchanged;
//! - `result`: `{south, north, winner, reason, repetition}`; `summary`
//!   and `findings`.
//!
//! A place is `[line, column]`, both from 1 (columns count characters).
//! A ply is then `{"hole": 4, "after": "6,6,6,0,7,7/7,7,7,7,6,6 0:0 N",
//! "at": [3, 1], "row": {"end": [3, 4]}}`: about 16 bytes of JSON per
//! byte of record.
//!
//! The lean form (`bohnenspiel json --lean`, [`DocumentForm::Lean`]) is
//! the record alone, for conversion at scale: the same fields with the
//! same names and order, less the places, what the replay adds (`start`,
//! a ply's `ply`, `player`, `comment`, `annotated`, `values`, `captures`
//! and `after`, a variation's `parent`, `branch` and `replayed`,
//! `result`, `summary`, `findings`) and, as in the full form, every
//! field that holds its default (`file` and `index` when no file is
//! named, and a ply's `number` inline). A ply is then `{"hole": 4, "row": {}}` (`row` on
//! the ply that starts a move), about 4 bytes per byte of record. It
//! reads back exactly as the full document does (the full document is
//! the lean one with more fields), and is written without replaying the
//! game.
//!
//! The document is lossless: notation → JSON → notation gives exactly
//! what `bohnenspiel fmt` prints, for records with syntax errors too, and
//! JSON → notation → JSON gives the same document. Read back
//! (`read_json`, `bohnenspiel fmt --from json`), a document is
//! held to the standard of the notation: what the replay derives
//! (`comment`, `annotated`, `player`, `number`, `ply`, `captures`,
//! `after`, `start`, a variation's `parent`, `branch`, `replayed`,
//! `result`, `summary`) and what only describes the text it was made from
//! (`file`, `index`, `findings`, `skipped`, the places) may be left out;
//! a derived field that is given must say what the replay of the
//! document's plies gives, or it is an error naming its path
//! (`games[0].moves[3].captures: expected [[8,2]], as the replay of the
//! document's plies gives, found []`). A ply that gives `after` is a ply
//! of the full form: its derived fields left out are read as their
//! defaults and compared too. A ply may hold more groups than the
//! notation's reader keeps (100,
//! as a record built by a program may): it reads back with its print
//! kept verbatim, every group in it. A `start` other than the opening
//! without a `Setup` tag is the record's start (printed as a `Setup`
//! tag); unknown fields are refused, with their path; a byte order mark
//! is skipped; an input with no document is an error. A document that
//! holds what the notation cannot express gets an error naming its path,
//! such as `games[0].moves[12].hole: hole 13 does not exist: holes are
//! numbered 1 to 12`.
//!
//! # Cost
//!
//! Files are read one game at a time: validating 100,000 games peaks at
//! about 3 MB of resident memory. [`Validator`] checks a game while it is
//! parsed and validates it in full only when it has a finding to report
//! or a part only the full check covers; a game of a match (a `Partie`
//! tag) is always checked in full (`bohnenspiel validate` keeps each
//! match until the end of its input, about 500 bytes). A game keeps at most
//! 100 findings; one more finding says how many
//! more there were.

mod annotate;
mod compare;
mod finding;
#[cfg(feature = "serde")]
mod from_json;
mod jobs;
#[cfg(feature = "serde")]
mod json;
#[cfg(feature = "serde")]
mod json_check;
#[cfg(feature = "serde")]
mod json_writer;
mod options;
mod replay;
mod report;
mod stream;
mod values;
mod variations;

pub use finding::{Finding, FindingKind, Severity};
#[cfg(feature = "serde")]
pub use from_json::{DocumentError, DocumentErrorKind, read_json};
pub use jobs::GameError;
#[cfg(feature = "serde")]
pub use json_writer::{DocumentForm, JsonWriter};
pub use options::Options;
pub use report::{Line, ReplayedPly, Report, Start, Stop, StopReason, VariationReport};
pub use stream::{Validated, Validator};
pub use values::WrittenValue;
pub(crate) use values::is_value_comment;

use crate::notation::{
    ErrorKind, KnownTag, Movetext, ParsedRecord, TagName, TagNames, WarningKind, WrittenMove,
    result_value, rules_value,
};
use crate::{Game, Position, Rules, Score};

pub(crate) use compare::annotated_beans;
pub(crate) use replay::turns;
use replay::{Context, ReplayPlace};
pub(crate) use variations::replayed_lines;

/// Validates one parsed record: replays it against the rules and reports
/// every finding. See the [module documentation](self) for what is
/// checked.
///
/// ```
/// use bohnenspiel::notation::parse_records;
/// use bohnenspiel::validate::{Options, validate};
///
/// let text = std::fs::read_to_string("fixtures/rueger-1962.txt")?;
/// let games = parse_records(&text);
/// let report = validate(&games[0], &Options::default());
/// assert!(report.findings.is_empty());
/// assert_eq!(report.main_line.plies.len(), 37);
/// assert_eq!(report.summary(), "South wins 50:22 (North cannot move)");
/// # Ok::<(), std::io::Error>(())
/// ```
///
/// With [`Options::start`], the record is replayed from that position
/// instead of the start its `Setup` tag gives: this is how a record
/// whose start was lost is tried on a candidate start position.
///
/// ```
/// use bohnenspiel::Position;
/// use bohnenspiel::notation::parse_records;
/// use bohnenspiel::validate::{Options, Start, validate};
///
/// let games = parse_records("[Setup \"?\"]\n\n5, 9\n");
/// assert_eq!(validate(&games[0], &Options::default()).start, Start::Unknown);
/// let start: Position = "0,1,0,0,2,1/0,0,3,0,0,1 34:30 S".parse()?;
/// let report = validate(&games[0], &Options { start: Some(start), ..Options::default() });
/// assert_eq!(report.start, Start::Position(start));
/// assert_eq!(report.main_line.plies.len(), 2);
/// assert!(!report.has_errors());
/// # Ok::<(), bohnenspiel::RulesError>(())
/// ```
#[must_use]
pub fn validate(parsed: &ParsedRecord, options: &Options) -> Report {
    validate_with(parsed, options, options.start)
}

/// [`validate`], from `start` when given (the `Setup` tag is then
/// ignored).
fn validate_with(parsed: &ParsedRecord, options: &Options, start: Option<Position>) -> Report {
    let mut ctx = Context::new(parsed, options);
    parse_findings(&mut ctx);
    check_tags(&mut ctx);
    ctx.rules = replay::claims_only(rules_of(&mut ctx));
    let record = &parsed.record;
    let movetext = &record.movetext;
    let mut index = variations::Index::new(movetext);
    variations::check_rows(&mut ctx, &index);

    let mut report = Report {
        start: start
            .or_else(|| start_with_findings(&mut ctx))
            .map_or(Start::NotReplayed, Start::Position),
        rules: ctx.rules,
        variations: movetext
            .variations
            .iter()
            .enumerate()
            .map(|(i, variation)| VariationReport {
                label: variation.label,
                parent: index
                    .parent(i)
                    .and_then(|parent| match parent {
                        variations::LineId::Main => None,
                        variations::LineId::Variation(p) => movetext.variations.get(p),
                    })
                    .map(|parent| parent.label),
                branch: variation.branch_number(),
                replayed: false,
                line: Line::default(),
            })
            .collect(),
        ..Report::default()
    };
    if let Start::Position(start) = report.start {
        let mut game = Game::new(start, ctx.rules);
        replay_lines(&mut ctx, &mut game, (movetext, &mut index), &mut report);
        ctx.group = 0;
        report.end = report.main_line.end.as_deref().copied();
        report.result = check_result(&mut ctx, &report);
    } else if start_unknown(parsed) {
        report.start = Start::Unknown;
    }
    for (i, variation) in movetext.variations.iter().enumerate() {
        if report.start.position().is_none() {
            break;
        }
        ctx.group = i + 1;
        let label = variation.label;
        let at = ReplayPlace {
            variation: Some(label),
            ..ReplayPlace::RECORD
        };
        if index.branch(i).is_some() {
            if !report.variations.get(i).is_some_and(|v| v.replayed) {
                ctx.push(
                    Severity::Note,
                    FindingKind::ReplayStopped,
                    format!(
                        "variation ({label}) is not replayed: its parent line cannot be replayed up to its branch point"
                    ),
                    variation.span,
                    at,
                );
            }
        } else if index.parent(i).is_some() {
            // (A variation no line refers to has its warning already.)
            let why = if variation.branch_number().is_none() {
                "it has no rows"
            } else if movetext.layout == crate::notation::Layout::Numbered
                && index.outside_parent(i).is_some()
            {
                "its first row lies outside its parent line's rows"
            } else {
                "its parent lines refer to each other in a cycle"
            };
            ctx.push(
                Severity::Note,
                FindingKind::ReplayStopped,
                format!("variation ({label}) is not replayed: {why}"),
                variation.span,
                at,
            );
        }
    }
    report.findings = ctx.into_findings();
    report
}

/// A line being replayed by [`replay_lines`], with the lines that branch
/// from it still to come. A chain of variations each branching from its
/// parent's last rows keeps one frame for each, so a frame is kept small
/// (its line's number is its replay's, and its moves are found from it).
struct LineFrame {
    /// The next of its moves to replay.
    next: u32,
    /// The lines that branch from it still to come: `branches[from..to]`.
    from: u32,
    to: u32,
    replay: replay::LineReplay,
    /// The game as it was where the line branched, to go back to.
    back: Option<crate::rules::Checkpoint>,
}

/// Replays the main line and every variation that can be replayed on
/// `game`, depth first: each variation from where it branches, the game
/// taken there by replaying its parent line, and taken back after it
/// ([`Game::rewind`]), so that every ply written is played once, however
/// the variations branch. Findings are recorded in each line's group
/// ([`Context::group`]), so that they are kept as if the lines were
/// replayed one after the other in written order.
fn replay_lines<'r>(
    ctx: &mut Context<'_>,
    game: &mut Game,
    (movetext, index): (&'r Movetext, &mut variations::Index<'r>),
    report: &mut Report,
) {
    // Each variation that can be replayed, by the line and move it
    // branches at: (line, move, variation), in 32 bits each (as the
    // index keeps them) so that many variations cost little here.
    let small = |n: usize| u32::try_from(n).unwrap_or(u32::MAX);
    let mut branches: Vec<(u32, u32, u32)> = (0..movetext.variations.len())
        .filter_map(|i| {
            let branch = index.branch(i)?;
            let (line, k) = match branch.at {
                None => (0, 0),
                Some((variations::LineId::Main, k)) => (0, k),
                Some((variations::LineId::Variation(v), k)) => (v + 1, k),
            };
            Some((small(line), small(k), small(i)))
        })
        .collect();
    branches.sort_unstable();
    let branching = |line: usize| {
        let line = small(line);
        let from = branches.partition_point(|&(l, _, _)| l < line);
        let to = branches.partition_point(|&(l, _, _)| l <= line);
        (small(from), small(to))
    };
    // The moves of line `line` (0 for the main line, `i + 1` for
    // variation `i`).
    let moves_of = |line: usize| -> &'r [WrittenMove] {
        match line.checked_sub(1) {
            None => &movetext.moves,
            Some(i) => movetext
                .variations
                .get(i)
                .map_or(&[], |variation| &variation.moves),
        }
    };
    let (from, to) = branching(0);
    let open = replay::ends_with_pass(game);
    let replay = ctx.begin_line(
        game,
        &movetext.moves,
        (0, open),
        (0, None),
        &mut report.main_line,
    );
    let mut stack = vec![LineFrame {
        next: 0,
        from,
        to,
        replay,
        back: None,
    }];
    while let Some(frame) = stack.last_mut() {
        let line_number = frame.replay.line_number();
        ctx.group = line_number;
        if !frame.replay.stopped
            && let Some(&(_, k, i)) = branches
                .get(frame.from as usize)
                .filter(|_| frame.from < frame.to)
            && k == frame.next
            && let Some(variation) = movetext.variations.get(i as usize)
        {
            let i = i as usize;
            frame.from += 1;
            let back = game.checkpoint();
            let first = (game.plies().len(), frame.replay.open);
            let (from, to) = branching(i + 1);
            let Some(line) = line_of(report, i + 1) else {
                break;
            };
            let replay = ctx.begin_line(
                game,
                &variation.moves,
                first,
                (i + 1, Some(variation.label)),
                line,
            );
            if let Some(entry) = report.variations.get_mut(i) {
                entry.replayed = true;
            }
            stack.push(LineFrame {
                next: 0,
                from,
                to,
                replay,
                back: Some(back),
            });
            continue;
        }
        if !frame.replay.stopped
            && let Some(m) = moves_of(line_number).get(frame.next as usize)
            && let Some(line) = line_of(report, line_number)
        {
            let number = m.row_number().unwrap_or(frame.next.saturating_add(1));
            ctx.replay_move(game, &mut frame.replay, line, (number, m));
            frame.next += 1;
            continue;
        }
        let Some(frame) = stack.pop() else {
            break;
        };
        let moves = moves_of(line_number);
        let last_number = moves.last().map_or(0, |m| {
            m.row_number()
                .unwrap_or_else(|| u32::try_from(moves.len()).unwrap_or(u32::MAX))
        });
        if let Some(line) = line_of(report, line_number) {
            ctx.end_line(game, frame.replay, line, last_number);
        }
        if let Some(back) = frame.back {
            game.rewind(back);
        }
    }
}

/// The line of the report that line `line` (0 for the main line, `i + 1`
/// for variation `i`) is replayed into.
fn line_of(report: &mut Report, line: usize) -> Option<&mut Line> {
    match line.checked_sub(1) {
        None => Some(&mut report.main_line),
        Some(i) => report.variations.get_mut(i).map(|v| &mut v.line),
    }
}

/// The rules `validate` replays `parsed` under with `options`: its
/// `Rules` tag's, else the options', with a repetition ended only by a
/// claim.
pub(crate) fn record_rules(parsed: &ParsedRecord, options: &Options) -> Rules {
    let mut ctx = Context::new(parsed, options);
    replay::claims_only(rules_of(&mut ctx))
}

/// Parse errors and warnings as findings.
fn parse_findings(ctx: &mut Context<'_>) {
    let parsed = ctx.parsed;
    for error in &parsed.errors {
        if let ErrorKind::TooManyErrors { .. } = error.kind {
            // The errors the parser did not keep are counted with the
            // findings not kept, so that the count is of them all.
            ctx.omit(Severity::Error, error.count(), error.span, error.location);
            continue;
        }
        let kind = match error.kind {
            ErrorKind::HoleOutOfRange => FindingKind::HoleOutOfRange,
            ErrorKind::StraySeparator => FindingKind::StraySeparator,
            _ => FindingKind::Syntax,
        };
        ctx.keep(Finding {
            severity: Severity::Error,
            kind,
            message: error.description(),
            span: error.span,
            location: error.location,
            ply: None,
            move_number: None,
            variation: None,
        });
    }
    for warning in &parsed.warnings {
        if let WarningKind::TooManyWarnings { .. } = warning.kind {
            let count = warning.count();
            ctx.omit(Severity::Warning, count, warning.span, warning.location);
            continue;
        }
        let kind = match warning.kind {
            WarningKind::CommaBetweenTurns => FindingKind::CommaBetweenTurns,
            WarningKind::LooseCaptureAnnotation => FindingKind::LooseCaptureAnnotation,
            WarningKind::ProseReadsAsMoves => FindingKind::ProseReadsAsMoves,
            WarningKind::BracketedNote => FindingKind::BracketedNote,
            _ => FindingKind::SyntaxWarning,
        };
        ctx.keep(Finding {
            severity: Severity::Warning,
            kind,
            message: warning.message.clone(),
            span: warning.span,
            location: warning.location,
            ply: None,
            move_number: None,
            variation: None,
        });
    }
}

/// Whether the record says its start is unknown: `[Setup "?"]`.
fn start_unknown(parsed: &ParsedRecord) -> bool {
    matches!(parsed.record.start(), Ok(None))
}

/// The start position: the `Setup` tag's, or the opening; `None` (with a
/// finding) for an invalid `Setup` tag or an unknown start
/// (`[Setup "?"]`).
fn start_with_findings(ctx: &mut Context<'_>) -> Option<Position> {
    let error = match jobs::start_of(&ctx.parsed.record) {
        Ok(position) => return Some(position),
        Err(error) => error,
    };
    let (severity, kind, message, span) = match error {
        (GameError::UnknownStart, tag) => (
            Severity::Note,
            FindingKind::SyntaxOnly,
            "the Setup tag says the start position is unknown (\"?\"): the record is checked for syntax only"
                .to_owned(),
            tag.span,
        ),
        (error, tag) => (
            Severity::Error,
            FindingKind::InvalidSetup,
            error.to_string(),
            tag.span,
        ),
    };
    ctx.push(severity, kind, message, span, ReplayPlace::RECORD);
    None
}

/// The rules of the record: its `Rules` tag's (the first one), else the
/// options'. A tag that names no rules is an error (the options' rules
/// are used); one that contradicts a part of the rules the options chose
/// on purpose is a warning (the tag's rules are used).
fn rules_of(ctx: &mut Context<'_>) -> Rules {
    let options = ctx.options;
    let Some(tag) = ctx.parsed.record.known_tag(KnownTag::Rules) else {
        return options.rules;
    };
    match rules_value(&tag.value) {
        Ok(rules) => {
            if let Some(message) = rules_conflict(rules, options) {
                ctx.push(
                    Severity::Warning,
                    FindingKind::RulesConflict,
                    format!("the Rules tag says \"{rules}\", but {message}: the record is replayed under the tag's rules"),
                    tag.span,
                    ReplayPlace::RECORD,
                );
            }
            rules
        }
        Err(error) => {
            ctx.push(
                Severity::Error,
                FindingKind::InvalidRules,
                format!(
                    "{error}; the record is replayed under the rules \"{}\"",
                    options.rules
                ),
                tag.span,
                ReplayPlace::RECORD,
            );
            options.rules
        }
    }
}

/// Tag names: one a letter or two away from a known name is probably
/// misspelled, and a known tag given again does not count (only the
/// first does). Other names are custom tags, kept without a finding.
fn check_tags(ctx: &mut Context<'_>) {
    let mut names = TagNames::default();
    for tag in &ctx.parsed.record.tags {
        let message = match names.read(&tag.name) {
            TagName::Known(_) | TagName::Custom => continue,
            TagName::Misspelled(known) => format!(
                "unknown tag `{}`: did you mean `{known}`? (the tag is kept as written, and not read as {known})",
                tag.name
            ),
            TagName::Again(known) => {
                format!("a second `{known}` tag: only the first one counts")
            }
        };
        ctx.push(
            Severity::Warning,
            FindingKind::TagName,
            message,
            tag.span,
            ReplayPlace::RECORD,
        );
    }
}

/// What in `options` a `Rules` tag naming `rules` contradicts, if
/// anything: `the options choose the variant standard` and the like.
pub(crate) fn rules_conflict(rules: Rules, options: &Options) -> Option<String> {
    let variant = (options.variant_chosen && options.rules.variant != rules.variant)
        .then(|| format!("the variant {}", options.rules.variant));
    let endless = (options.endless_play_chosen && options.rules.endless_play != rules.endless_play)
        .then(|| format!("endless play {}", options.rules.endless_play));
    match (variant, endless) {
        (None, None) => None,
        (Some(one), None) | (None, Some(one)) => Some(format!("the options choose {one}")),
        (Some(variant), Some(endless)) => {
            Some(format!("the options choose {variant} and {endless}"))
        }
    }
}

/// Checks the `Result` tag: it must be a final score (two counts adding
/// up to 72); a finished main line must end with it, and an unfinished
/// one must not hold more beans in a store than it gives (stores never
/// lose beans). An unfinished line that does not contradict it leaves it
/// unconfirmed, which the summary says. Returns the score the tag gives,
/// if it gives one.
fn check_result(ctx: &mut Context<'_>, report: &Report) -> Option<Score> {
    let tag = ctx.parsed.record.known_tag(KnownTag::Result)?;
    let written = match result_value(&tag.value) {
        Ok(Some(written)) => written,
        Ok(None) => return None,
        Err(error) => {
            ctx.push(
                Severity::Error,
                FindingKind::ResultMismatch,
                error.to_string(),
                tag.span,
                ReplayPlace::RECORD,
            );
            return None;
        }
    };
    let message = if let Some(score) = report.final_score() {
        (score != written)
            .then(|| format!("the Result tag says {written}, but the replayed game ends {score}"))
    } else if let Some(stores) = report.main_line.position.map(|p| p.stores()) {
        let over = crate::Player::ALL
            .into_iter()
            .find(|&player| stores.of(player) > written.of(player));
        over.map(|player| {
            format!(
                "the Result tag says {written}, but after ply {} {player} already has {} in the store ({stores} in the stores)",
                report.main_line.last_index,
                stores.of(player),
            )
        })
    } else {
        None
    };
    if let Some(message) = message {
        ctx.push(
            Severity::Error,
            FindingKind::ResultMismatch,
            message,
            tag.span,
            ReplayPlace::RECORD,
        );
    }
    Some(written)
}

#[cfg(test)]
mod tests {
    /// A chain of variations each branching from its parent's last rows
    /// keeps a frame of the replay for each (about 20 bytes of text), so
    /// a frame stays small: its replay state, the checkpoint to go back
    /// to and three 32-bit numbers.
    #[test]
    fn a_replay_frame_is_small() {
        let frame = size_of::<super::LineFrame>();
        let parts = size_of::<super::replay::LineReplay>()
            + size_of::<Option<crate::rules::Checkpoint>>()
            + 3 * size_of::<u32>();
        assert!(frame <= parts.next_multiple_of(8), "{frame} > {parts}");
        assert!(size_of::<super::replay::LineReplay>() <= 80);
    }
}
