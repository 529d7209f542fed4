//! `bohnenspiel annotate [--variant V] [--endless E] [FILE…]`: records with the rules' capture
//! annotations filled in.

use std::io::Write;
use std::path::PathBuf;

use bohnenspiel::validate::{Options, validate};

use crate::commands::fmt::print_parse_problems;
use crate::commands::print_errors;
use crate::commands::validate::status_of;
use crate::diagnostics::Diagnostics;
use crate::error::CliError;
use crate::input::for_each_game;
use crate::status::Status;

/// Prints each game in canonical form with every capture annotated as the
/// rules capture it, games separated by a blank line. A game that does
/// not parse is printed as `fmt` prints it, annotated up to its first
/// error, with the text that does not parse kept verbatim (its errors go
/// to standard error, as in `fmt`); the errors of a game that parses (such as a wrong annotation, which the
/// output corrects, or an illegal move) go to standard error and make the
/// status [`Status::Findings`], but the game is printed.
///
/// # Errors
///
/// A failure to write.
pub fn run<W: Write>(out: &mut W, files: &[PathBuf], options: Options) -> Result<Status, CliError> {
    let diagnostics = Diagnostics::for_stderr();
    let mut first = true;
    for_each_game(files, out, |out, name, _, parsed| {
        let report = validate(parsed, &options);
        let status = if parsed.is_ok() {
            print_errors(out, &diagnostics, name, parsed, &report)?;
            status_of(&report)
        } else {
            print_parse_problems(out, &diagnostics, name, parsed)?
        };
        if !first {
            writeln!(out)?;
        }
        first = false;
        // Annotated in place: the record as written is not needed again.
        report.annotate(&mut parsed.record);
        out.write_all(parsed.print_keeping_unparsed().as_bytes())?;
        Ok(status)
    })
}
