//! `bohnenspiel perft DEPTH [--position P]`: count the move tree.

use std::io::Write;

use bohnenspiel::{Position, perft};

use crate::error::{CliError, usage};
use crate::status::Status;

/// Prints `depth D: N nodes` for each depth from 1 to `depth` (only
/// `depth 0: 1 node` for depth 0), from the
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
    for d in depth.min(1)..=depth {
        let nodes = perft(&start, d);
        let noun = if nodes == 1 { "node" } else { "nodes" };
        writeln!(out, "depth {d}: {nodes} {noun}")?;
        out.flush()?;
    }
    Ok(Status::Success)
}
