//! `bohnenspiel`: check, convert and show Bohnenspiel game records.
//!
//! The binary is a thin layer over the library: [`cli`] parses the command
//! line, [`input`] reads files or standard input one game at a time,
//! [`commands`] runs each subcommand with the library's validation,
//! annotation and JSON model, [`diagnostics`] renders findings the way
//! rustc does and [`board`] draws positions. Exit status: 0 when no
//! finding is an error, 1 when one is, 2 for a usage or I/O error.

mod board;
mod cli;
mod commands;
mod diagnostics;
mod disk;
mod error;
mod input;
mod matches;
mod memory;
mod progress;
mod protocol;
mod status;
mod stream;

use std::io::{self, Write};
use std::process::ExitCode;

use clap::error::ErrorKind;
use clap::{CommandFactory, FromArgMatches};

use crate::cli::{Cli, ColorChoice};
use crate::status::Status;

fn main() -> ExitCode {
    // The help is drawn by clap before `--color` is parsed, so the choice
    // is read from the arguments first and handed to clap too.
    let color = color_in_arguments(std::env::args_os());
    diagnostics::set_color(color);
    let help_color = if diagnostics::colored(io::IsTerminal::is_terminal(&io::stdout())) {
        clap::ColorChoice::Always
    } else {
        clap::ColorChoice::Never
    };
    let cli = match Cli::command()
        .color(help_color)
        .try_get_matches()
        .and_then(|matches| Cli::from_arg_matches(&matches))
    {
        Ok(cli) => cli,
        Err(error) => return usage_error(&error),
    };
    match commands::run(cli.command) {
        Ok(status) => status.into(),
        // The reader of our output went away (`| head`): stop quietly.
        Err(error) if error.is_broken_pipe() => ExitCode::SUCCESS,
        Err(error) => {
            // Nothing more can be done if standard error fails too.
            let _ = writeln!(io::stderr(), "{error}");
            Status::Failure.into()
        }
    }
}

/// The last `--color WHEN` or `--color=WHEN` among the arguments (before a
/// `--`), or `auto`. A value that is not a choice is left for clap to
/// report.
fn color_in_arguments(arguments: impl Iterator<Item = std::ffi::OsString>) -> ColorChoice {
    let mut choice = ColorChoice::Auto;
    let mut arguments = arguments.skip(1);
    while let Some(argument) = arguments.next() {
        let value = match argument.to_str() {
            Some("--") => break,
            Some("--color") => arguments.next(),
            Some(other) => other.strip_prefix("--color=").map(Into::into),
            None => None,
        };
        match value.as_ref().and_then(|value| value.to_str()) {
            Some("always") => choice = ColorChoice::Always,
            Some("never") => choice = ColorChoice::Never,
            Some("auto") => choice = ColorChoice::Auto,
            _ => {}
        }
    }
    choice
}

/// The message of clap's rendered error on one line. clap writes
/// `error: MESSAGE`, then (for missing arguments) one indented line per
/// argument, then a blank line with the usage and a tip: the message and
/// its indented lines are kept, joined by `, `.
fn clap_message(text: &str) -> String {
    let mut lines = text.lines().take_while(|line| !line.trim().is_empty());
    let first = lines.next().unwrap_or_default();
    let mut message = first.strip_prefix("error: ").unwrap_or(first).to_owned();
    let details: Vec<&str> = lines.map(str::trim).collect();
    if !details.is_empty() {
        message.push(' ');
        message.push_str(&details.join(", "));
    }
    message
}

/// The subcommand or option clap suggests for a misspelt one (`validat`,
/// `--stric`), quoted as `` `validate` ``; several are joined by `or`.
fn suggestion(error: &clap::Error) -> Option<String> {
    use clap::error::{ContextKind, ContextValue};
    [ContextKind::SuggestedSubcommand, ContextKind::SuggestedArg]
        .into_iter()
        .find_map(|kind| match error.get(kind)? {
            ContextValue::String(one) => Some(vec![one.clone()]),
            ContextValue::Strings(many) if !many.is_empty() => Some(many.clone()),
            _ => None,
        })
        .map(|names| {
            names
                .iter()
                .map(|name| format!("`{name}`"))
                .collect::<Vec<_>>()
                .join(" or ")
        })
}

/// Help and version go to standard output (status 0); a usage error is
/// one line in the common form, `bohnenspiel: error: MESSAGE`, with a
/// pointer to the help (status 2).
fn usage_error(error: &clap::Error) -> ExitCode {
    if matches!(
        error.kind(),
        ErrorKind::DisplayHelp
            | ErrorKind::DisplayVersion
            | ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand
    ) {
        // clap prints help to standard output and exits as it should.
        error.exit();
    }
    let text = error.render().to_string();
    let message = clap_message(&text);
    let suggestion = suggestion(error)
        .map(|hint| format!("; did you mean {hint}?"))
        .unwrap_or_default();
    let _ = writeln!(
        io::stderr(),
        "bohnenspiel: error: {message}{suggestion} (see `bohnenspiel --help`)"
    );
    Status::Failure.into()
}
