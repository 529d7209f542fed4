//! `bohnenspiel fmt [FILE…]`: print records in the canonical notation.

use std::io::{self, Write};
use std::path::PathBuf;

use crate::diagnostics::{Diagnostic, Diagnostics};
use crate::error::CliError;
use crate::input::for_each_game;
use crate::progress;
use crate::status::Status;
use bohnenspiel::notation::ParsedRecord;
use bohnenspiel::validate::Severity;

/// Prints each game that parses in its canonical form, games separated by
/// a blank line; a game that does not parse is left out and its errors
/// are printed to standard error (status [`Status::Findings`]). Warnings
/// go to standard error too.
///
/// # Errors
///
/// A failure to write.
pub fn run<W: Write>(out: &mut W, files: &[PathBuf]) -> Result<Status, CliError> {
    let diagnostics = Diagnostics::for_stderr();
    let mut first = true;
    for_each_game(files, out, |out, name, _, parsed| {
        let status = print_parse_problems(out, &diagnostics, name, parsed)?;
        if status == Status::Success {
            if !first {
                writeln!(out)?;
            }
            first = false;
            write!(out, "{}", parsed.record)?;
        }
        Ok(status)
    })
}

/// Prints the parse errors and warnings of a game to standard error,
/// once `out` is flushed (so that both come out in order);
/// [`Status::Findings`] if there was an error.
///
/// # Errors
///
/// A failure to write.
pub fn print_parse_problems(
    out: &mut impl Write,
    diagnostics: &Diagnostics,
    name: &str,
    parsed: &ParsedRecord,
) -> Result<Status, CliError> {
    if parsed.errors.is_empty() && parsed.warnings.is_empty() {
        return Ok(Status::Success);
    }
    out.flush()?;
    progress::suspend(|| write_parse_problems(diagnostics, name, parsed))?;
    Ok(if parsed.is_ok() {
        Status::Success
    } else {
        Status::Findings
    })
}

/// Writes the parse errors and warnings of a game to standard error.
fn write_parse_problems(
    diagnostics: &Diagnostics,
    name: &str,
    parsed: &ParsedRecord,
) -> io::Result<()> {
    let mut stderr = io::stderr().lock();
    for error in &parsed.errors {
        let message = error.description();
        let text = diagnostics.render(
            name,
            parsed,
            Diagnostic {
                severity: Severity::Error,
                message: &message,
                span: error.span,
                location: error.location,
            },
        );
        stderr.write_all(text.as_bytes())?;
    }
    for warning in &parsed.warnings {
        stderr.write_all(diagnostics.render(name, parsed, warning.into()).as_bytes())?;
    }
    Ok(())
}
