//! `bohnenspiel validate [--strict] [--format human|json] [FILE…]`.

use std::io::Write;
use std::path::PathBuf;

use bohnenspiel::validate::{Finding, FindingDocument, Options, Report, Validated};
use serde::Serialize;

use crate::cli::Format;
use crate::diagnostics::{Diagnostics, Source};
use crate::error::CliError;
use crate::input::for_each_validated;
use crate::status::Status;

/// Validates every game and prints its findings as it is done: in the
/// human format each finding with its source line, then a summary line
/// per game; in the JSON format one [`FindingLine`] per line.
///
/// # Errors
///
/// A failure to write.
pub fn run(
    out: &mut impl Write,
    files: &[PathBuf],
    strict: bool,
    format: Format,
) -> Result<Status, CliError> {
    let options = Options {
        strict,
        keep_plies: false,
        ..Options::default()
    };
    let diagnostics = Diagnostics::for_stdout();
    for_each_validated(files, options, |name, game, validated| {
        let report = &validated.report;
        match format {
            Format::Human => human(out, &diagnostics, name, game, validated)?,
            Format::Json => {
                for finding in &report.findings {
                    serde_json::to_writer(&mut *out, &FindingLine::new(name, game, finding))
                        .map_err(std::io::Error::from)?;
                    writeln!(out)?;
                }
            }
        }
        Ok(status_of(report))
    })
}

/// [`Status::Findings`] when a finding is an error.
pub fn status_of(report: &Report) -> Status {
    if report.has_errors() {
        Status::Findings
    } else {
        Status::Success
    }
}

/// Prints the findings of one game, then its summary line:
/// `FILE: game N: valid; South wins 50:22 (North cannot move)`.
fn human(
    out: &mut impl Write,
    diagnostics: &Diagnostics,
    name: &str,
    game: usize,
    validated: &Validated,
) -> Result<(), CliError> {
    let report = &validated.report;
    // A game with findings comes parsed or with its text.
    let source: Option<Source<'_>> = match (&validated.parsed, &validated.text) {
        (Some(parsed), _) => Some(parsed.into()),
        (None, Some(text)) => Some(text.into()),
        (None, None) => None,
    };
    if let Some(source) = source {
        for finding in &report.findings {
            out.write_all(diagnostics.render(name, source, finding.into()).as_bytes())?;
        }
    }
    writeln!(out, "{name}: game {game}: {}", verdict(report))?;
    Ok(())
}

/// `valid`, `valid (1 warning)` or `invalid (2 errors, 1 warning)`, then
/// `; ` and the report's summary.
fn verdict(report: &Report) -> String {
    let errors = report.error_count();
    let warnings = report.warning_count();
    let plural = |n: usize, word: &str| {
        if n == 1 {
            format!("1 {word}")
        } else {
            format!("{n} {word}s")
        }
    };
    let mut counts = Vec::new();
    if errors > 0 {
        counts.push(plural(errors, "error"));
    }
    if warnings > 0 {
        counts.push(plural(warnings, "warning"));
    }
    let mut text = String::from(if errors > 0 { "invalid" } else { "valid" });
    if !counts.is_empty() {
        text.push_str(&format!(" ({})", counts.join(", ")));
    }
    text.push_str("; ");
    text.push_str(&report.summary());
    text
}

/// One finding in the JSON format: the file and game it is in, then the
/// finding as the JSON document has it (where, and what).
#[derive(Debug, Serialize)]
pub struct FindingLine<'a> {
    /// The file as named on the command line, or `<stdin>`.
    pub file: &'a str,
    /// The game's index in the file, from 1.
    pub game: usize,
    /// Line, column, ply, move, variation, severity, kind and message.
    #[serde(flatten)]
    pub finding: FindingDocument,
}

impl<'a> FindingLine<'a> {
    /// The line of `finding` in game `game` of `file`.
    pub fn new(file: &'a str, game: usize, finding: &Finding) -> FindingLine<'a> {
        FindingLine {
            file,
            game,
            finding: finding.into(),
        }
    }
}
