//! `bohnenspiel position [FILE] [--game N] [--line LABEL] [--ply N]
//! [--before]`: the position string before or after a ply of a line of a
//! record, read from the validate layer's replay of the record; and the
//! one function that finds the position of a [`PositionSource`], for
//! every command that takes one.

use std::io::Write;
use std::path::{Path, PathBuf};

use bohnenspiel::notation::{Label, ParsedRecord};
use bohnenspiel::validate::{Line, Options, ReplayedPly, Report, validate};
use bohnenspiel::{GameEnd, Position, Rules, Setup};

use crate::cli::PositionSource;
use crate::commands::print_errors;
use crate::commands::validate::status_of;
use crate::diagnostics::Diagnostics;
use crate::error::{CliError, InputProblem, usage};
use crate::input::{Input, check_files};
use crate::status::Status;

/// Prints the position string of `source`, one line; without `--ply`,
/// the position after the line's last replayed ply. The errors of the
/// game (up to where its replay stops) go to standard error, as in
/// `show`.
///
/// # Errors
///
/// As [`resolve`]; a failure to write.
pub fn run(
    out: &mut impl Write,
    source: &PositionSource,
    options: &Options,
) -> Result<Status, CliError> {
    let resolved = resolve(out, source, options, DefaultPly::End)?;
    writeln!(out, "{}", resolved.position)?;
    Ok(resolved.status)
}

/// The ply a command takes when `--ply` is not given.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DefaultPly {
    /// The start of the game (ply 0).
    Start,
    /// The line's last replayed ply.
    End,
}

/// A position found from a [`PositionSource`].
#[derive(Debug)]
pub struct Resolved {
    /// The position.
    pub position: Position,
    /// The replayed ply it is the position after (`None`: the start, a
    /// pass the record leaves out, or a `--position`).
    pub ply: Option<ReplayedPly>,
    /// How the game ended, when that ply ends its line.
    pub end: Option<GameEnd>,
    /// The rules of the position: the record's (its `Rules` tag, else the
    /// options'), or the options' for a `--position`.
    pub rules: Rules,
    /// The status of the game's replay: [`Status::Findings`] when it has
    /// errors.
    pub status: Status,
    /// The game read, and its input's name (`None` for a `--position`).
    pub parsed: Option<(String, Box<ParsedRecord>)>,
    /// The replayed plies of the line from the start of the game (for a
    /// variation, those of the lines it branches from up to its branch
    /// point, then its own), each as its number and where it is written
    /// ([`ReplayedPly::index`], the start of [`ReplayedPly::span`]).
    pub line: Vec<(usize, usize)>,
}

/// The position `source` names: its `--position`, or the position before
/// or after the ply of the line of the game of its record file (standard
/// input when none is named), as `validate` replays it under `options`.
/// The game's errors are printed to standard error (after `out` is
/// flushed).
///
/// # Errors
///
/// [`CliError::Usage`] for an invalid `--position`; [`CliError::Input`]
/// for a file that cannot be read, a game it does not have, a game
/// without a known start, a line it does not have or that was not
/// replayed, a ply past the end of the line's replay, or a ply before the
/// start.
pub fn resolve(
    out: &mut impl Write,
    source: &PositionSource,
    options: &Options,
    default: DefaultPly,
) -> Result<Resolved, CliError> {
    if let Some(text) = &source.position {
        let position = text
            .parse::<Position>()
            .map_err(|error| usage(format_args!("invalid --position `{text}`: {error}")))?;
        return Ok(Resolved {
            position,
            ply: None,
            end: None,
            rules: options.rules,
            status: Status::Success,
            parsed: None,
            line: Vec::new(),
        });
    }
    let path = source.file.as_deref().unwrap_or(Path::new("-"));
    check_files(&[PathBuf::from(path)])?;
    let input = Input::open(path)?;
    let name = input.name.clone();
    let problem = |message: String| CliError::Input {
        name: name.clone(),
        problem: InputProblem::Other(message),
    };
    let game = source.game;
    let Some(parsed) = input.games().nth(game.saturating_sub(1)) else {
        return Err(problem(format!("there is no game {game}")));
    };
    let parsed = parsed?;
    let report = validate(&parsed, options);
    print_errors(out, &Diagnostics::for_stderr(), &name, &parsed, &report)?;
    let status = status_of(&report);
    let Some(start) = report.start.position() else {
        return Err(problem(format!(
            "game {game} has no start position (its Setup tag is invalid or unknown)"
        )));
    };
    let label = source
        .line
        .as_deref()
        .map(label)
        .transpose()
        .map_err(problem)?;
    let lines = Lines {
        report: &report,
        start,
    };
    let line = lines
        .find(label)
        .map_err(|error| problem(error.message(game)))?;
    let last = line.last_index();
    let asked = source.ply.unwrap_or(match default {
        DefaultPly::Start => 0,
        DefaultPly::End => last,
    });
    let ply = if source.before {
        asked.checked_sub(1).ok_or_else(|| {
            problem(format!(
                "--before --ply 0: there is no ply before the start of game {game}"
            ))
        })?
    } else {
        asked
    };
    if ply > last {
        return Err(problem(format!(
            "--ply {asked} is past the end: {} of game {game} has {last} replayed {}",
            line.name(),
            if last == 1 { "ply" } else { "plies" }
        )));
    }
    let (position, replayed) = lines
        .after(line, ply)
        .map_err(|error| problem(error.message(game)))?;
    let plies = lines
        .plies(line)
        .map_err(|error| problem(error.message(game)))?
        .iter()
        .map(|replayed| (replayed.index, replayed.span.start))
        .collect();
    Ok(Resolved {
        position,
        ply: replayed.cloned(),
        end: line.line().end.as_deref().copied().filter(|_| ply == last),
        rules: report.rules,
        status,
        parsed: Some((name, Box::new(parsed))),
        line: plies,
    })
}

/// The variation label `--line` names (in either letter case).
///
/// # Errors
///
/// The message for text that is not a label.
fn label(text: &str) -> Result<Label, String> {
    Label::new(&text.to_ascii_uppercase()).ok_or_else(|| {
        format!(
            "--line `{text}` is not a variation label (one to {} letters, such as `B`)",
            Label::MAX_LEN
        )
    })
}

/// Every replayed ply of the line `line` (a variation's label; `None`
/// for the main line) of game `game` as `report` has it, from the start
/// of the game (for a variation, the plies of the lines it branches from
/// up to its branch point, then its own), and the line's replay.
///
/// # Errors
///
/// The message when the label is not one, the game has no such line, or
/// the line was not replayed.
pub fn line_plies<'r>(
    report: &'r Report,
    line: Option<&str>,
    game: usize,
) -> Result<(Vec<&'r ReplayedPly>, &'r Line), String> {
    let lines = Lines {
        report,
        start: report.start.position().unwrap_or_default(),
    };
    let line = lines
        .find(line.map(label).transpose()?)
        .map_err(|error| error.message(game))?;
    let plies = lines.plies(line).map_err(|error| error.message(game))?;
    Ok((plies, line.line()))
}

/// The replayed lines of a record: the main line and its variations.
struct Lines<'a> {
    report: &'a Report,
    start: Position,
}

/// One replayed line: the main line, or a variation with its label and
/// the label of the line it branches from.
#[derive(Clone, Copy)]
enum LineRef<'a> {
    Main(&'a Line),
    Variation(Label, &'a Line, Option<Label>),
}

impl<'a> LineRef<'a> {
    /// The replay's line.
    fn line(&self) -> &'a Line {
        match self {
            LineRef::Main(line) | LineRef::Variation(_, line, _) => line,
        }
    }

    /// The number of the last ply replayed on the line.
    fn last_index(&self) -> usize {
        self.line().last_index
    }

    /// How messages name the line.
    fn name(&self) -> String {
        match self {
            LineRef::Main(_) => "the main line".to_owned(),
            LineRef::Variation(label, ..) => format!("line {label}"),
        }
    }
}

/// Why a line or a ply cannot be found.
enum LineError {
    /// No variation has this label.
    Unknown(Label, Vec<Label>),
    /// The variation was not replayed (its branch point is not reached,
    /// or the record is checked for syntax only).
    NotReplayed(Label),
    /// The line does not reach the ply: its parents form a loop or name
    /// no line (`None`: the main line).
    Broken(Option<Label>),
}

impl LineError {
    /// The message for game `game`.
    fn message(&self, game: usize) -> String {
        match self {
            LineError::Unknown(label, labels) if labels.is_empty() => {
                format!("game {game} has no line {label}: it has no variations")
            }
            LineError::Unknown(label, labels) => {
                let labels: Vec<String> = labels.iter().map(ToString::to_string).collect();
                format!(
                    "game {game} has no line {label} (its variations: {})",
                    labels.join(", ")
                )
            }
            LineError::NotReplayed(label) => {
                format!("line {label} of game {game} was not replayed (see its errors)")
            }
            LineError::Broken(Some(label)) => {
                format!("line {label} of game {game} branches from no replayed line")
            }
            LineError::Broken(None) => {
                format!("the main line of game {game} does not reach the ply")
            }
        }
    }
}

impl<'a> Lines<'a> {
    /// The line labelled `label`; the main line for `None`.
    fn find(&self, label: Option<Label>) -> Result<LineRef<'a>, LineError> {
        let Some(label) = label else {
            return Ok(LineRef::Main(&self.report.main_line));
        };
        let variation = self
            .report
            .variations
            .iter()
            .find(|variation| variation.label == label)
            .ok_or_else(|| {
                LineError::Unknown(
                    label,
                    self.report.variations.iter().map(|v| v.label).collect(),
                )
            })?;
        if !variation.replayed || !variation.line.is_replayed() {
            return Err(LineError::NotReplayed(label));
        }
        Ok(LineRef::Variation(label, &variation.line, variation.parent))
    }

    /// Every replayed ply of `line` from the start of the game, in
    /// order: the plies of the lines it branches from up to its branch
    /// point, then its own.
    fn plies(&self, line: LineRef<'a>) -> Result<Vec<&'a ReplayedPly>, LineError> {
        // The line, the line it branches from, and so on to the main line;
        // more steps than lines is a loop.
        let mut chain = vec![line];
        while let Some(&LineRef::Variation(label, _, parent)) = chain.last() {
            if chain.len() > self.report.variations.len() {
                return Err(LineError::Broken(Some(label)));
            }
            let parent = self
                .find(parent)
                .map_err(|_| LineError::Broken(Some(label)))?;
            chain.push(parent);
        }
        let mut plies = Vec::new();
        // From the main line down: each line's plies before the ply its
        // branch starts at.
        let mut rest = chain.iter().rev().peekable();
        while let Some(line) = rest.next() {
            let branch = rest.peek().map_or(usize::MAX, |child| {
                let child = child.line();
                child
                    .plies
                    .first()
                    .map_or(child.last_index.saturating_add(1), |first| first.index)
            });
            plies.extend(
                line.line()
                    .plies
                    .iter()
                    .take_while(|replayed| replayed.index < branch),
            );
        }
        Ok(plies)
    }

    /// The position after ply `ply` (at most the line's last) of `line`,
    /// with the replayed ply it follows. A ply that the line does not hold
    /// is a forced pass the record leaves out (Hemprich variant): the
    /// position after the ply before, the turn handed over.
    fn after(
        &self,
        line: LineRef<'a>,
        ply: usize,
    ) -> Result<(Position, Option<&'a ReplayedPly>), LineError> {
        let plies = self.plies(line)?;
        let at = plies.partition_point(|replayed| replayed.index <= ply);
        match at.checked_sub(1).and_then(|at| plies.get(at)) {
            Some(replayed) if replayed.index == ply => Ok((replayed.after, Some(replayed))),
            Some(replayed) => Ok((passed(replayed.after), None)),
            None if ply == 0 => Ok((self.start, None)),
            None if ply == 1 && self.start.is_game_over() => Ok((passed(self.start), None)),
            None => Err(match line {
                LineRef::Variation(label, ..) => LineError::Broken(Some(label)),
                LineRef::Main(_) => LineError::Broken(None),
            }),
        }
    }
}

/// `position` with the turn handed over: the position after a forced
/// pass.
fn passed(position: Position) -> Position {
    let mut setup = Setup::from(position);
    setup.turn = !setup.turn;
    Position::from_setup(setup).unwrap_or(position)
}
