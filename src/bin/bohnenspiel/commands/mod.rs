//! The subcommands, one module each.

pub mod annotate;
pub mod fmt;
pub mod json;
pub mod perft;
pub mod show;
pub mod validate;

use std::io::{self, BufWriter, StdoutLock, Write};

use crate::cli::Command;
use crate::error::CliError;
use crate::status::Status;

/// Runs a subcommand.
///
/// # Errors
///
/// A usage error or a failure to write the output.
pub fn run(command: Command) -> Result<Status, CliError> {
    let mut out = stdout();
    let status = match command {
        Command::Validate {
            strict,
            format,
            files,
        } => validate::run(&mut out, &files, strict, format)?,
        Command::Json { strict, files } => json::run(&mut out, &files, strict)?,
        Command::Fmt { files } => fmt::run(&mut out, &files)?,
        Command::Annotate { files } => annotate::run(&mut out, &files)?,
        Command::Show { files } => show::run(&mut out, &files)?,
        Command::Perft { depth, position } => perft::run(&mut out, depth, position.as_deref())?,
    };
    out.flush()?;
    Ok(status)
}

/// Standard output, buffered.
fn stdout() -> BufWriter<StdoutLock<'static>> {
    BufWriter::with_capacity(1 << 16, io::stdout().lock())
}
