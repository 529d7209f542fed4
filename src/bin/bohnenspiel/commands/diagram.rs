//! `bohnenspiel diagram [FILE] [--game N] [--ply N] [--position P]
//! [--variant V] [--endless E] [--output PATH]`: an SVG picture of a
//! position.

use std::fs::File;
use std::io::{BufWriter, Write};
use std::path::{Path, PathBuf};

use bohnenspiel::diagram::{Marks, svg, svg_with_caption};
use bohnenspiel::validate::{Options, end_summary, validate};
use bohnenspiel::{GameEnd, Position, Setup};

use crate::commands::print_errors;
use crate::commands::validate::status_of;
use crate::diagnostics::Diagnostics;
use crate::error::{CliError, InputProblem, usage};
use crate::input::{Input, check_files};
use crate::status::Status;

/// What to draw: a position given as a setup string, or a ply of a game
/// of a record file.
pub struct Request<'a> {
    /// The record file (`-` is standard input), when no position is given.
    pub file: Option<&'a Path>,
    /// The game of the file, from 1.
    pub game: usize,
    /// The ply after which to draw the board (0: the start).
    pub ply: usize,
    /// A setup string, instead of a file.
    pub position: Option<&'a str>,
    /// How to replay the game (`--variant`, `--endless`; a record's
    /// `Rules` tag wins).
    pub options: Options,
    /// Where to write the picture (`None` or `-`: standard output).
    pub output: Option<&'a Path>,
}

/// Writes the SVG diagram of the position asked for, to `out` or to the
/// output file; the board after a ply marks the hole it was sown from and
/// the holes it captured from. The errors of the game (up to where its
/// replay stops) go to standard error, as in `show`.
///
/// # Errors
///
/// [`CliError::Usage`] for an invalid setup string; [`CliError::Input`]
/// for a file that cannot be read, a game it does not have, or a ply past
/// the end of the game's replay; [`CliError::Output`] when the output file
/// cannot be created or written.
pub fn run(out: &mut impl Write, request: &Request<'_>) -> Result<Status, CliError> {
    let (position, marks, status, end) = match (request.position, request.file) {
        (Some(text), _) => {
            let position = text
                .parse::<Position>()
                .map_err(|error| usage(format_args!("invalid --position `{text}`: {error}")))?;
            (position, Marks::NONE, Status::Success, None)
        }
        (None, file) => from_record(out, file.unwrap_or(Path::new("-")), request)?,
    };
    let picture = match end {
        Some(end) => svg_with_caption(&final_position(&position, end), &marks, &end_summary(end)),
        None => svg(&position, &marks),
    };
    match request.output {
        Some(path) if path != Path::new("-") => write_file(path, &picture)?,
        _ => out.write_all(picture.as_bytes())?,
    }
    Ok(status)
}

/// The position after ply `request.ply` of game `request.game` of `path`,
/// its marks, the game's status, and how the game ended when that ply
/// ends it.
fn from_record(
    out: &mut impl Write,
    path: &Path,
    request: &Request<'_>,
) -> Result<(Position, Marks, Status, Option<GameEnd>), CliError> {
    check_files(&[PathBuf::from(path)])?;
    let input = Input::open(path)?;
    let name = input.name.clone();
    let problem = |message: String| CliError::Input {
        name: name.clone(),
        problem: InputProblem::Other(message),
    };
    let Some(parsed) = input.games().nth(request.game.saturating_sub(1)) else {
        return Err(problem(format!("there is no game {}", request.game)));
    };
    let parsed = parsed?;
    let report = validate(&parsed, &request.options);
    print_errors(out, &Diagnostics::for_stderr(), &name, &parsed, &report)?;
    let status = status_of(&report);
    let Some(start) = report.start else {
        return Err(problem(format!(
            "game {} has no start position to draw (its Setup tag is invalid or unknown)",
            request.game
        )));
    };
    let plies = &report.main_line.plies;
    if request.ply == 0 {
        return Ok((start, Marks::NONE, status, None));
    }
    // The line's end, if it comes with its last replayed ply.
    let end = report.main_line.end.as_deref().copied();
    match plies.get(request.ply - 1) {
        Some(ply) => Ok((
            ply.after,
            ply.mv
                .map_or(Marks::NONE, |mv| Marks::of_ply(mv, ply.captures)),
            status,
            end.filter(|_| request.ply == plies.len()),
        )),
        None => Err(problem(format!(
            "--ply {} is past the end: game {} has {} replayed {}",
            request.ply,
            request.game,
            plies.len(),
            if plies.len() == 1 { "ply" } else { "plies" }
        ))),
    }
}

/// The board once a game has ended: the beans left on it shared as the
/// final score says, the stores holding that score; `position` itself if
/// that score is not a position (an odd share).
fn final_position(position: &Position, end: GameEnd) -> Position {
    Position::from_setup(Setup {
        board: [0; 12],
        stores: end.score,
        turn: position.turn(),
    })
    .unwrap_or(*position)
}

/// Writes the picture to a file.
fn write_file(path: &Path, picture: &str) -> Result<(), CliError> {
    let failed = |source: std::io::Error| CliError::OutputFile {
        name: path.display().to_string(),
        source,
    };
    let file = File::create(path).map_err(failed)?;
    let mut file = BufWriter::new(file);
    file.write_all(picture.as_bytes())
        .and_then(|()| file.flush())
        .map_err(failed)
}
