//! `bohnenspiel diagram [FILE] [--game N] [--line LABEL] [--ply N]
//! [--before] [--position P] [--variant V] [--endless E] [--output PATH]`: an SVG picture of a
//! position.

use std::fs::File;
use std::io::{BufWriter, Write};
use std::path::Path;

use bohnenspiel::diagram::svg;
use bohnenspiel::validate::Options;
use bohnenspiel::{Action, GameEnd, Position, Setup};

use crate::cli::PositionSource;
use crate::commands::position::{DefaultPly, resolve};
use crate::error::CliError;
use crate::status::Status;

/// What to draw and where.
pub struct Request<'a> {
    /// The position: a ply of a record (default ply: the start), or a
    /// `--position`.
    pub source: &'a PositionSource,
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
/// As [`resolve`]; [`CliError::Output`] when the output file cannot be
/// created or written.
pub fn run(out: &mut impl Write, request: &Request<'_>) -> Result<Status, CliError> {
    let resolved = resolve(out, request.source, &request.options, DefaultPly::Start)?;
    let position = resolved.position;
    let last = resolved.ply.as_ref().and_then(|ply| {
        ply.mv.map(|mv| Action::Sow {
            mv,
            captures: ply.captures,
        })
    });
    let picture = match resolved.end {
        Some(end) => svg(
            &final_position(&position, end),
            last,
            Some(&end.to_string()),
        ),
        None => svg(&position, last, None),
    };
    match request.output {
        Some(path) if path != Path::new("-") => write_file(path, &picture)?,
        _ => out.write_all(picture.as_bytes())?,
    }
    Ok(resolved.status)
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
