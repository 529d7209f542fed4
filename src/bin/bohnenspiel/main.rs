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
mod error;
mod input;
mod status;

use std::io::{self, Write};
use std::process::ExitCode;

use clap::Parser;

use crate::cli::Cli;
use crate::status::Status;

fn main() -> ExitCode {
    // clap prints help and version itself, and exits with status 2 on a
    // usage error.
    let cli = Cli::parse();
    match commands::run(cli.command) {
        Ok(status) => status.into(),
        // The reader of our output went away (`| head`): stop quietly.
        Err(error) if error.is_broken_pipe() => ExitCode::SUCCESS,
        Err(error) => {
            // Nothing more can be done if standard error fails too.
            let _ = writeln!(io::stderr(), "bohnenspiel: {error}");
            Status::Failure.into()
        }
    }
}
