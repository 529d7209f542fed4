//! `bohnenspiel json [--strict] [--lines] [--lean] [--variant V] [--endless E] [FILE…]`:
//! every game as a JSON document.

use std::io::Write;
use std::path::PathBuf;

use bohnenspiel::validate::{
    DOCUMENT_VERSION, DocumentForm, Options, validate, write_game_document,
};

use crate::error::CliError;
use crate::input::for_each_game;
use crate::status::Status;

/// Prints `{"version": 4, "games": [...]}`, or with `lines` one game
/// document per line (JSON Lines), writing each game's document (naming
/// its file and its index in the file) as soon as it is validated, one
/// move's document at a time ([`write_game_document`]), so memory stays
/// bounded by one game's tree and report; with `lean`, the lean
/// document of each game, which needs no validation
/// ([`DocumentForm::Lean`]). Invalid records are printed too (their
/// findings are in the full documents): the status is
/// [`Status::Success`] unless an input fails.
///
/// # Errors
///
/// A failure to write.
pub fn run<W: Write>(
    out: &mut W,
    files: &[PathBuf],
    options: Options,
    lines: bool,
    lean: bool,
) -> Result<Status, CliError> {
    if !lines {
        write!(out, "{{\"version\": {DOCUMENT_VERSION}, \"games\": [")?;
    }
    let mut first = true;
    let status = for_each_game(files, out, |out, name, index, parsed| {
        let report = (!lean).then(|| validate(parsed, &options));
        if !lines {
            out.write_all(if first { b"\n" } else { b",\n" })?;
        }
        first = false;
        let form = report
            .as_ref()
            .map_or(DocumentForm::Lean, DocumentForm::Full);
        write_game_document(&mut *out, parsed, form, Some(name), index)?;
        if lines {
            out.write_all(b"\n")?;
        }
        Ok(Status::Success)
    })?;
    if !lines {
        out.write_all(b"\n]}\n")?;
    }
    Ok(status)
}
