//! Running the `bohnenspiel` binary from the tests that need it (those
//! with `required-features = ["cli"]`): what a run printed and returned.

use std::fmt::Write as _;
use std::path::Path;
use std::process::{Command, Output, Stdio};

/// What a run of the binary printed and returned.
#[derive(Debug)]
pub struct Run {
    pub stdout: String,
    pub stderr: String,
    pub code: Option<i32>,
}

impl Run {
    /// Exit status, output and error output, for a snapshot.
    pub fn transcript(&self) -> String {
        let mut text = format!("exit status: {:?}\n", self.code);
        let _ = write!(text, "--- stdout\n{}", self.stdout);
        if !self.stderr.is_empty() {
            let _ = write!(text, "--- stderr\n{}", self.stderr);
        }
        text
    }
}

impl From<Output> for Run {
    fn from(output: Output) -> Run {
        Run {
            stdout: String::from_utf8(output.stdout).expect("stdout is UTF-8"),
            stderr: String::from_utf8(output.stderr).expect("stderr is UTF-8"),
            code: output.status.code(),
        }
    }
}

/// The binary, to be given its arguments, environment and input.
pub fn command() -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_bohnenspiel"));
    command.env_remove("CLICOLOR_FORCE");
    command
}

/// Runs the binary with `args` from `dir`, with empty standard input.
pub fn run_in(dir: &Path, args: &[&str]) -> Run {
    command()
        .args(args)
        .current_dir(dir)
        .stdin(Stdio::null())
        .output()
        .expect("the binary runs")
        .into()
}
