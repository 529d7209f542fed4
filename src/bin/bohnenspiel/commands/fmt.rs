//! `bohnenspiel fmt [FILE…]`: print records in the canonical notation.

use std::io::{self, Write};
use std::path::PathBuf;

use crate::diagnostics::{Diagnostic, Diagnostics};
use crate::error::CliError;
use crate::input::{Input, check_files, for_each_game};
use crate::progress;
use crate::status::Status;
use bohnenspiel::notation::{ParsedRecord, parse_records};
use bohnenspiel::validate::{DocumentErrorKind, Options, Severity, read_json};

/// Prints each game that parses in its canonical form, games separated by
/// a blank line. A game that does not parse is printed too, what parsed
/// in canonical form and what did not verbatim in its place
/// ([`ParsedRecord::print_keeping_unparsed`]), so that no text is lost;
/// its errors are printed to standard error (status
/// [`Status::Findings`]). Warnings go to standard error too.
///
/// # Errors
///
/// A failure to write.
pub fn run<W: Write>(out: &mut W, files: &[PathBuf]) -> Result<Status, CliError> {
    let diagnostics = Diagnostics::for_stderr();
    let mut first = true;
    for_each_game(files, out, |out, name, _, parsed| {
        let status = print_parse_problems(out, &diagnostics, name, parsed)?;
        if !first {
            writeln!(out)?;
        }
        first = false;
        out.write_all(parsed.print_keeping_unparsed().as_bytes())?;
        Ok(status)
    })
}

/// `fmt --from json`: prints the games of each JSON document (or JSON
/// Lines) in the canonical notation, games separated by a blank line,
/// each as soon as it is read ([`read_json`]: memory is bounded
/// by one game; the derived fields a document gives are compared with a
/// replay under `options`). A document that cannot be read back is
/// reported on standard error as `FILE: error: PATH: MESSAGE` (status
/// [`Status::Findings`]); the games before the error are printed, and the
/// next file is read. A game whose record has syntax errors is printed
/// as `fmt` prints it, and its errors go to standard error as `fmt`
/// reports them, placed in the printed record and named
/// `FILE:games[N]` (status [`Status::Findings`], as in `fmt`).
///
/// # Errors
///
/// [`CliError::Usage`] when `-` is named twice; a failure to write.
pub fn run_json<W: Write>(
    out: &mut W,
    files: &[PathBuf],
    options: &Options,
) -> Result<Status, CliError> {
    check_files(files)?;
    let diagnostics = Diagnostics::for_stderr();
    let stdin = [PathBuf::from("-")];
    let paths = if files.is_empty() { &stdin[..] } else { files };
    let mut status = Status::Success;
    let mut first = true;
    for path in paths {
        let input = match Input::open(path) {
            Ok(input) => input,
            Err(error) => {
                out.flush()?;
                writeln!(io::stderr().lock(), "{error}")?;
                status = status.max(Status::Failure);
                continue;
            }
        };
        let name = input.name.clone();
        let mut failed = None;
        let mut index = 0usize;
        let read = read_json(input.into_reader(), options, |record| {
            if failed.is_some() {
                return Ok(());
            }
            let text = record.to_string();
            let written = if first {
                out.write_all(text.as_bytes())
            } else {
                write!(out, "\n{text}")
            };
            first = false;
            let game = index;
            index += 1;
            let printed = written.map_err(CliError::from).and_then(|()| {
                // The errors of a record kept with text that does not parse.
                if !record.has_unparsed_text() {
                    return Ok(Status::Success);
                }
                let mut worst = Status::Success;
                for parsed in parse_records(&text) {
                    let place = format!("{name}:games[{game}]");
                    worst = worst.max(print_parse_problems(out, &diagnostics, &place, &parsed)?);
                }
                Ok(worst)
            });
            match printed {
                Ok(game_status) => status = status.max(game_status),
                Err(error) => failed = Some(error),
            }
            Ok(())
        });
        if let Some(error) = failed {
            return Err(error);
        }
        if let Err(error) = read {
            out.flush()?;
            writeln!(io::stderr().lock(), "{name}: error: {error}")?;
            // An input that cannot be read fails as in the other commands.
            status = status.max(if error.kind == DocumentErrorKind::Io {
                Status::Failure
            } else {
                Status::Findings
            });
        }
    }
    Ok(status)
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
