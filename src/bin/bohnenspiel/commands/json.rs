//! `bohnenspiel json [--strict] [--variant V] [--endless E] [FILE…]`: every game as a JSON document.

use std::io::Write;
use std::path::PathBuf;

use bohnenspiel::validate::{GameDocument, Options, validate};

use crate::error::CliError;
use crate::input::for_each_game;
use crate::status::Status;

/// Prints `{"games": [...]}`, writing each game's
/// [`GameDocument`] as soon as it is validated, so memory stays bounded by
/// one game. Invalid records are printed too (their findings are in the
/// documents): the status is [`Status::Success`] unless an input fails.
///
/// # Errors
///
/// A failure to write.
pub fn run<W: Write>(out: &mut W, files: &[PathBuf], options: Options) -> Result<Status, CliError> {
    out.write_all(b"{\"games\": [")?;
    let mut first = true;
    let status = for_each_game(files, out, |out, _, _, parsed| {
        let report = validate(parsed, &options);
        let document = GameDocument::new(parsed, &report);
        out.write_all(if first { b"\n" } else { b",\n" })?;
        first = false;
        serde_json::to_writer(&mut *out, &document).map_err(std::io::Error::from)?;
        Ok(Status::Success)
    })?;
    out.write_all(b"\n]}\n")?;
    Ok(status)
}
