//! What `validate` and `analyse` share in how they report as they go: the
//! JSON Lines stream of `--format json` (one object per line), an input
//! that cannot be read, and the totals that end a run.

use std::fmt::Display;
use std::io::{self, Write};

use serde::Serialize;

use crate::cli::Format;
use crate::error::CliError;
use crate::progress;

/// Writes one JSON object and a line break.
pub fn write_json(out: &mut impl Write, value: &impl Serialize) -> Result<(), CliError> {
    serde_json::to_writer(&mut *out, value).map_err(io::Error::from)?;
    writeln!(out)?;
    Ok(())
}

/// An input that could not be read, in the JSON format: `"type":
/// "input-error"`, the file, and the message the human format prints
/// after `FILE: error: `.
#[derive(Debug, Serialize)]
pub struct InputErrorLine<'a> {
    /// Always `input-error`.
    #[serde(rename = "type")]
    pub kind: &'static str,
    /// The file as named on the command line, or `<stdin>`.
    pub file: &'a str,
    /// What went wrong.
    pub message: String,
}

/// Reports an input that could not be read: an [`InputErrorLine`] in the
/// JSON format, else the error's line on standard error, after what
/// standard output holds so far (so that both come out in order).
pub fn unreadable(out: &mut impl Write, format: Format, error: &CliError) -> Result<(), CliError> {
    match (format, error.as_input()) {
        (Format::Json, Some((file, problem))) => write_json(
            out,
            &InputErrorLine {
                kind: "input-error",
                file,
                message: problem.to_string(),
            },
        ),
        _ => {
            out.flush()?;
            progress::suspend(|| writeln!(io::stderr().lock(), "{error}"))?;
            Ok(())
        }
    }
}

/// Ends a run: the totals object last in the JSON format, then the
/// totals line on standard error in both formats.
pub fn finish(
    out: &mut impl Write,
    format: Format,
    line: &impl Serialize,
    totals: &impl Display,
) -> Result<(), CliError> {
    if format == Format::Json {
        write_json(out, line)?;
    }
    out.flush()?;
    writeln!(io::stderr().lock(), "{totals}")?;
    Ok(())
}

/// `1 word`, `2 words`.
pub fn plural(n: usize, word: &str) -> String {
    if n == 1 {
        format!("1 {word}")
    } else {
        format!("{n} {word}s")
    }
}
