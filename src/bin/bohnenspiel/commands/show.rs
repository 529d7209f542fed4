//! `bohnenspiel show [--line LABEL] [--variant V] [--endless E] [FILE…]`:
//! the board after each ply of a line.

use std::io::Write;
use std::path::PathBuf;

use bohnenspiel::validate::{Options, ReplayedPly, validate};
use bohnenspiel::{Action, GameEnd};

use crate::board::diagram;
use crate::commands::position::line_plies;
use crate::commands::print_errors;
use crate::commands::validate::status_of;
use crate::diagnostics::Diagnostics;
use crate::error::CliError;
use crate::input::for_each_game;
use crate::status::Status;

/// For each game: a `FILE: game N` heading, the start position, then each
/// replayed ply of the main line (or of the variation `line`, from the
/// start of the game) headed like `3. South 6 (captures 2 from
/// 8)` with the board after it (the sown hole marked `*`, the captured
/// ones `x`), and the game's summary. Errors (such as an
/// illegal move, where the replay stops) go to standard error, and so
/// does a game without the line (exit status 2).
///
/// # Errors
///
/// A failure to write.
pub fn run<W: Write>(
    out: &mut W,
    files: &[PathBuf],
    line: Option<&str>,
    options: Options,
) -> Result<Status, CliError> {
    let diagnostics = Diagnostics::for_stderr();
    let mut first = true;
    for_each_game(files, out, |out, name, game, parsed| {
        let report = validate(parsed, &options);
        print_errors(out, &diagnostics, name, parsed, &report)?;
        let (plies, replayed) = match line_plies(&report, line, game) {
            Ok(found) => found,
            Err(message) => {
                out.flush()?;
                crate::progress::suspend(|| {
                    writeln!(std::io::stderr().lock(), "{name}: error: {message}")
                })?;
                return Ok(Status::Failure);
            }
        };
        if !first {
            writeln!(out)?;
        }
        first = false;
        match line {
            Some(line) => writeln!(
                out,
                "{name}: game {game}, line {}",
                line.to_ascii_uppercase()
            )?,
            None => writeln!(out, "{name}: game {game}")?,
        }
        if let Some(start) = report.start.position() {
            writeln!(out, "\nStart, {} to move", start.turn())?;
            out.write_all(diagram(&start, None).as_bytes())?;
        }
        for ply in plies {
            writeln!(out, "\n{}", heading(ply))?;
            out.write_all(
                diagram(
                    &ply.after,
                    ply.mv.map(|mv| Action::Sow {
                        mv,
                        captures: ply.captures,
                    }),
                )
                .as_bytes(),
            )?;
        }
        match line {
            // A variation's own end, not the game's.
            Some(line) => writeln!(
                out,
                "\nline {}: {}",
                line.to_ascii_uppercase(),
                replayed.end.as_deref().map_or_else(
                    || format!("the game has not ended after ply {}", replayed.last_index),
                    GameEnd::to_string
                )
            )?,
            None => writeln!(out, "\n{}", report.summary())?,
        }
        Ok(status_of(&report))
    })
}

/// `3. South 6 (captures 2 from 8)`, or `1. South 4` without captures,
/// or `4. North passes` for a written pass.
fn heading(ply: &ReplayedPly) -> String {
    let mut text = match ply.mv {
        Some(mv) => format!("{}. {} {}", ply.number, ply.player, mv.hole()),
        None => format!("{}. {} passes", ply.number, ply.player),
    };
    if !ply.captures.is_empty() {
        text.push_str(&format!(" (captures {})", ply.captures));
    }
    text
}
