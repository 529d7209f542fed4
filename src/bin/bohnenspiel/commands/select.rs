//! `bohnenspiel select [CONDITIONS] [--invert] [--unique[=KEY] |
//! --duplicates[=KEY]] [--output FORM | --count] [FILE…]`: the games that
//! meet conditions, printed as written, in canonical form or as JSON
//! Lines, or counted; duplicates dropped or reported.
//!
//! Games stream through the one reader and replay (`validate`'s
//! [`Validator`]): a game checked without a tree is looked at through the
//! validator (its text, its plies), and parsed or replayed again only when
//! a condition or the output needs what that path does not keep (its
//! tags, its tree, the plies of a game validated in full). Memory is one
//! game, plus a hash per distinct game for the duplicates.

use std::collections::HashMap;
use std::collections::hash_map::Entry;
use std::io::{self, BufRead, Write};
use std::path::PathBuf;

use bohnenspiel::notation::{KnownTag, ParsedRecord};
use bohnenspiel::validate::{
    DocumentForm, JsonWriter, Options, ReplayedPly, Validated, Validator, validate,
};
use bohnenspiel::{Action, Hole, Ply, Position};

use crate::cli::{Key, SelectArgs, SelectOutput};
use crate::error::{CliError, usage};
use crate::input::{EachGame, for_each_validated_with};
use crate::status::Status;
use crate::stream::plural;

mod conditions;

use conditions::{Candidate, Conditions, Tags};

/// Selects the games of `files` that `args` asks for and prints them (or
/// their number, or their duplicates). A tag that `--tag` or `--date`
/// names but no game has is an error once every game is read.
///
/// # Errors
///
/// [`CliError::Usage`] for a condition that cannot be read (a pattern
/// that does not compile, a position that is not one) and for a tag no
/// game has; a failure to write.
pub fn run(
    out: &mut impl Write,
    files: &[PathBuf],
    args: &SelectArgs,
    options: Options,
) -> Result<Status, CliError> {
    let conditions = Conditions::new(args)?;
    let output = if args.count || args.duplicates.is_some() {
        None
    } else {
        Some(args.output)
    };
    let key = args.unique.or(args.duplicates);
    let keep_tags = conditions.needs_tags();
    let mut select = Select {
        out,
        needs_tree: matches!(output, Some(SelectOutput::Canonical | SelectOutput::Jsonl)),
        needs_plies: conditions.needs_plies() || key == Some(Key::Moves),
        full_options: Options {
            keep_plies: true,
            ..options
        },
        conditions,
        invert: args.invert,
        output,
        key,
        report_duplicates: args.duplicates.is_some(),
        seen: HashMap::new(),
        names: Vec::new(),
        scratch: Vec::new(),
        needs_break: false,
        read: 0,
        selected: 0,
        dropped: 0,
    };
    let status = for_each_validated_with(
        files,
        Options {
            keep_plies: false,
            ..options
        },
        keep_tags,
        &mut select,
        Select::game,
    )?;
    select.out.flush()?;
    if let Some(name) = select.conditions.unseen_tag() {
        let hint = KnownTag::near(name)
            .map(|known| format!("; did you mean `{}`?", known.name()))
            .unwrap_or_default();
        return Err(usage(format_args!(
            "no game has a `{name}` tag (read {}){hint}",
            plural(select.read, "game")
        )));
    }
    if args.count {
        writeln!(select.out, "{}", select.selected)?;
    } else {
        let mut line = format!(
            "selected {} of {}",
            select.selected,
            plural(select.read, "game")
        );
        if args.unique.is_some() {
            line.push_str(&format!(
                "; {} dropped",
                plural(select.dropped, "duplicate")
            ));
        }
        if args.duplicates.is_some() {
            line.push_str(&format!("; {} found", plural(select.dropped, "duplicate")));
        }
        writeln!(std::io::stderr().lock(), "{line}")?;
    }
    Ok(status)
}

/// The select command as it goes.
struct Select<'w, W> {
    out: &'w mut W,
    conditions: Conditions,
    invert: bool,
    /// How to print the selected games; `None` prints none (`--count`,
    /// `--duplicates`).
    output: Option<SelectOutput>,
    /// Whether a game's tree is needed (for the output).
    needs_tree: bool,
    /// Whether a game's plies are needed.
    needs_plies: bool,
    /// The options of a game replayed again to keep its plies.
    full_options: Options,
    /// What makes games duplicates, if they are looked for.
    key: Option<Key>,
    /// Whether duplicates are reported (else dropped).
    report_duplicates: bool,
    /// The hash of every distinct selected game, with its place.
    seen: HashMap<u128, GamePlace>,
    /// The inputs' names, which places refer to.
    names: Vec<String>,
    /// Room for the bytes a game's key is hashed from, reused.
    scratch: Vec<u8>,
    /// Whether the verbatim text written last lacks a blank line at its
    /// end, which the next game needs before it.
    needs_break: bool,
    read: usize,
    selected: usize,
    /// Duplicates dropped or reported.
    dropped: usize,
}

/// Where a game is: its input (an index into [`Select::names`]), the line
/// its text starts on, and its index in the input.
#[derive(Debug, Clone, Copy)]
struct GamePlace {
    input: usize,
    line: usize,
    game: usize,
}

impl<W: Write> EachGame<Validated> for Select<'_, W> {
    fn game(&mut self, _: &str, _: usize, _: &mut Validated) -> Result<Status, CliError> {
        // Games come through `Select::game` with their validator.
        Ok(Status::Success)
    }

    fn flush(&mut self) -> Result<(), CliError> {
        self.out.flush()?;
        Ok(())
    }
}

impl<W: Write> Select<'_, W> {
    /// Handles game `index` of input `name`, which `validator` read.
    fn game(
        &mut self,
        name: &str,
        index: usize,
        validated: &mut Validated,
        validator: &Validator<Box<dyn BufRead>>,
    ) -> Result<Status, CliError> {
        self.read += 1;
        let report = &validated.report;
        let reparsed;
        let parsed: Option<&ParsedRecord> = match &validated.parsed {
            Some(parsed) => Some(parsed),
            None if self.needs_tree => {
                reparsed = validator.reader().parse_last_game();
                reparsed.as_ref()
            }
            None => None,
        };
        let quick = validator.last_plies();
        // A game validated in full kept no plies: it is replayed again
        // when they are needed (or for its JSON document).
        let replayed = match parsed {
            Some(parsed)
                if (self.needs_plies && quick.is_none())
                    || self.output == Some(SelectOutput::Jsonl) =>
            {
                Some(validate(parsed, &self.full_options))
            }
            _ => None,
        };
        let line = match (quick, &replayed) {
            (Some(plies), _) => MainLine::Quick(plies),
            (None, Some(full)) => MainLine::Full(&full.main_line.plies),
            (None, None) => MainLine::Full(&[]),
        };
        let tags = match (parsed, validator.last_tags()) {
            (Some(parsed), _) => Tags::Tree(&parsed.record),
            (None, Some(kept)) => Tags::Kept(kept),
            (None, None) => Tags::None,
        };
        let game = Candidate { report, tags, line };
        if self.conditions.hold(&game) == self.invert {
            return Ok(Status::Success);
        }
        let Some((text, start)) = validator.reader().last_game_text() else {
            return Ok(Status::Success);
        };
        if let Some(key) = self.key
            && let Some(hash) = self.hash(key, &game)
        {
            let place = GamePlace {
                input: self.input(name),
                line: start.line,
                game: index,
            };
            match self.seen.entry(hash) {
                Entry::Vacant(vacant) => {
                    vacant.insert(place);
                }
                Entry::Occupied(first) => {
                    let first = *first.get();
                    self.dropped += 1;
                    if self.report_duplicates {
                        self.selected += 1;
                        let what = match key {
                            Key::Moves => "moves",
                            Key::Final => "final position",
                        };
                        writeln!(
                            self.out,
                            "{name}:{}: game {index}: the same {what} as {}:{} (game {})",
                            start.line, self.names[first.input], first.line, first.game
                        )?;
                    }
                    return Ok(Status::Success);
                }
            }
        }
        self.selected += 1;
        match self.output {
            None => {}
            Some(SelectOutput::Verbatim) => {
                write_verbatim(&mut *self.out, text, &mut self.needs_break)?;
            }
            Some(SelectOutput::Canonical) => {
                if self.selected > 1 {
                    self.out.write_all(b"\n")?;
                }
                if let Some(parsed) = parsed {
                    self.out
                        .write_all(parsed.print_keeping_unparsed().as_bytes())?;
                }
            }
            Some(SelectOutput::Jsonl) => {
                if let (Some(parsed), Some(full)) = (parsed, &replayed) {
                    let mut json = JsonWriter::lines(&mut *self.out);
                    json.write(parsed, DocumentForm::Full(full), Some(name), index)?;
                    json.finish()?;
                }
            }
        }
        Ok(Status::Success)
    }

    /// The index of input `name` in [`Select::names`], added if new (the
    /// inputs come one after the other).
    fn input(&mut self, name: &str) -> usize {
        if self.names.last().is_none_or(|last| last != name) {
            self.names.push(name.to_owned());
        }
        self.names.len() - 1
    }

    /// The 128-bit hash of the game's moves (with its start) or of its
    /// final position; `None` for a game that has none to compare: its
    /// start is unknown, or the replay of its main line stopped at an
    /// error (its moves after that are not known as moves).
    fn hash(&mut self, key: Key, game: &Candidate<'_>) -> Option<u128> {
        let report = game.report;
        let start = report.start.position()?;
        if report.main_line.stop.is_some() {
            return None;
        }
        self.scratch.clear();
        match key {
            Key::Moves => {
                push_position(&mut self.scratch, start);
                game.line
                    .for_each_move(|hole| self.scratch.push(hole.number()));
            }
            Key::Final => push_position(&mut self.scratch, report.main_line.position?),
        }
        Some(xxhash_rust::xxh3::xxh3_128(&self.scratch))
    }
}

/// Appends what tells positions apart: the holes, the stores and the
/// player to move.
fn push_position(bytes: &mut Vec<u8>, position: Position) {
    bytes.extend_from_slice(&position.board());
    let stores = position.stores();
    bytes.extend_from_slice(&[stores.south, stores.north, position.turn() as u8]);
}

/// Writes a game's text as it is, after a blank line if the text before
/// it lacks one at its end (`needs_break`; updated for this text), and
/// with a line break at its end if it has none: games that follow one
/// another so still read as the games they were.
///
/// # Errors
///
/// A failure to write.
pub fn write_verbatim(out: &mut impl Write, text: &str, needs_break: &mut bool) -> io::Result<()> {
    if *needs_break {
        out.write_all(b"\n")?;
    }
    out.write_all(text.as_bytes())?;
    if !text.ends_with('\n') {
        out.write_all(b"\n")?;
    }
    *needs_break = !ends_with_blank_line(text);
    Ok(())
}

/// Whether `text` ends with a blank line (only white space between its
/// last two line breaks).
fn ends_with_blank_line(text: &str) -> bool {
    let Some(body) = text.strip_suffix('\n') else {
        return false;
    };
    body.rsplit_once('\n')
        .is_some_and(|(_, last)| last.trim().is_empty())
}

/// The main line's plies, as the validator kept them.
#[derive(Debug, Clone, Copy)]
pub enum MainLine<'a> {
    /// A game checked without a tree: the replay's plies, forced passes
    /// included.
    Quick(&'a [Ply]),
    /// A game validated in full and replayed again: its written plies.
    Full(&'a [ReplayedPly]),
}

impl MainLine<'_> {
    /// Hands the hole of every move to `each`, in order (passes left
    /// out).
    pub fn for_each_move(&self, mut each: impl FnMut(Hole)) {
        match self {
            MainLine::Quick(plies) => {
                for ply in *plies {
                    if let Action::Sow { mv, .. } = ply.action {
                        each(mv.hole());
                    }
                }
            }
            MainLine::Full(plies) => {
                for ply in *plies {
                    if let Some(mv) = ply.mv {
                        each(mv.hole());
                    }
                }
            }
        }
    }

    /// Whether the position after some ply is `position`.
    pub fn reaches(&self, position: &Position) -> bool {
        match self {
            MainLine::Quick(plies) => plies.iter().any(|ply| ply.position == *position),
            MainLine::Full(plies) => plies.iter().any(|ply| ply.after == *position),
        }
    }
}
