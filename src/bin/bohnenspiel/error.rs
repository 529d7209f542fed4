//! The errors that stop a command or a file: usage and I/O errors (exit
//! status 2), and failures to write the output.

use std::io;

/// An error that is not a finding about a record.
#[derive(Debug, thiserror::Error)]
pub enum CliError {
    /// A file could not be opened or read.
    #[error("{name}: {source}")]
    Io {
        /// The file as named on the command line.
        name: String,
        /// What went wrong.
        source: io::Error,
    },
    /// A directory was named where a file belongs.
    #[error("{name}: is a directory")]
    Directory {
        /// The directory as named on the command line.
        name: String,
    },
    /// The input holds bytes that are not UTF-8.
    #[error("{name}: not UTF-8 text (first bad byte at line {line}, column {column})")]
    NotUtf8 {
        /// The file as named on the command line.
        name: String,
        /// Line of the first bad byte, from 1.
        line: usize,
        /// Column of the first bad byte, from 1, counting characters.
        column: usize,
    },
    /// `perft --position` is not a valid setup string.
    #[error("invalid position `{text}`: {message}")]
    Position {
        /// The text given.
        text: String,
        /// Why it is not a position.
        message: String,
    },
    /// Standard output or standard error could not be written.
    #[error("cannot write the output: {0}")]
    Output(#[source] io::Error),
}

impl CliError {
    /// Whether this is a broken pipe on the output (the reader went away,
    /// as `head` does): the program then stops quietly.
    pub fn is_broken_pipe(&self) -> bool {
        matches!(self, CliError::Output(error) if error.kind() == io::ErrorKind::BrokenPipe)
    }
}

impl From<io::Error> for CliError {
    /// Errors from writing: the output is the only I/O done without a file
    /// name.
    fn from(error: io::Error) -> CliError {
        CliError::Output(error)
    }
}
