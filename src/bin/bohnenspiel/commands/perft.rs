//! `bohnenspiel perft DEPTH [--position P]`: count the move tree.

use std::io::Write;

use bohnenspiel::{Position, perft};

use crate::error::{CliError, usage};
use crate::status::Status;

/// Prints `depth D: N nodes` for each depth from 1 to `depth`, from the
/// opening or from the setup string `position`.
///
/// # Errors
///
/// [`CliError::Usage`] for an invalid setup string; a failure to write.
pub fn run(out: &mut impl Write, depth: u32, position: Option<&str>) -> Result<Status, CliError> {
    let start = match position {
        Some(text) => text
            .parse::<Position>()
            .map_err(|error| usage(format_args!("invalid --position `{text}`: {error}")))?,
        None => Position::new(),
    };
    for d in 1..=depth {
        writeln!(out, "depth {d}: {} nodes", perft(&start, d))?;
        out.flush()?;
    }
    Ok(Status::Success)
}
