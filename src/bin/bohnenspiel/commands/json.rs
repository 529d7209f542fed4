//! `bohnenspiel json [--strict] [--lines] [--lean] [--variant V] [--endless E] [FILE…]`:
//! every game as a JSON document.

use std::io::Write;
use std::path::PathBuf;

use bohnenspiel::notation::ParsedRecord;
use bohnenspiel::validate::{DocumentForm, JsonWriter, Options, validate};

use crate::error::CliError;
use crate::input::{EachGame, for_each_parsed};
use crate::status::Status;

/// Prints `{"version": 4, "games": [...]}`, or with `lines` one game
/// document per line (JSON Lines), writing each game's document (naming
/// its file and its index in the file) as soon as it is validated, one
/// move's document at a time ([`JsonWriter`]), so memory stays bounded
/// by one game's tree and report; with `lean`, the lean document of each
/// game, which needs no validation ([`DocumentForm::Lean`]). Invalid
/// records are printed too (their findings are in the full documents):
/// the status is [`Status::Success`] unless an input fails.
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
    let writer = if lines {
        JsonWriter::lines(out)
    } else {
        JsonWriter::new(out)
    };
    let mut each = Json {
        writer,
        options,
        lean,
    };
    let status = for_each_parsed(files, &mut each)?;
    each.writer.finish()?;
    Ok(status)
}

/// Each game's document, written by `writer`.
struct Json<W: Write> {
    writer: JsonWriter<W>,
    options: Options,
    lean: bool,
}

impl<W: Write> EachGame<ParsedRecord> for Json<W> {
    fn game(
        &mut self,
        name: &str,
        index: usize,
        parsed: &mut ParsedRecord,
    ) -> Result<Status, CliError> {
        let report = (!self.lean).then(|| validate(parsed, &self.options));
        let form = report
            .as_ref()
            .map_or(DocumentForm::Lean, DocumentForm::Full);
        self.writer.write(parsed, form, Some(name), index)?;
        Ok(Status::Success)
    }

    fn flush(&mut self) -> Result<(), CliError> {
        self.writer.flush()?;
        Ok(())
    }
}
