//! The exit status of a run.

use std::process::ExitCode;

/// How a run went, in increasing order of badness; the exit status is the
/// worst status of any game or input.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Status {
    /// Exit status 0: no errors.
    Success,
    /// Exit status 1: a record has errors.
    Findings,
    /// Exit status 2: a usage or I/O error.
    Failure,
}

impl From<Status> for ExitCode {
    fn from(status: Status) -> ExitCode {
        ExitCode::from(match status {
            Status::Success => 0,
            Status::Findings => 1,
            Status::Failure => 2,
        })
    }
}
