//! The errors that stop a command or an input: usage and I/O errors (exit
//! status 2), and failures to write the output.
//!
//! Every message has one form: `FILE: error: MESSAGE` for an input, and
//! `bohnenspiel: error: MESSAGE` for what belongs to no file (a usage
//! error, the output).

use std::fmt;
use std::io;

/// An error that is not a finding about a record.
#[derive(Debug, thiserror::Error)]
pub enum CliError {
    /// An input could not be opened or read.
    #[error("{name}: error: {problem}")]
    Input {
        /// The file as named on the command line, or `<stdin>`.
        name: String,
        /// What went wrong.
        problem: InputProblem,
    },
    /// The command line asks for something that cannot be done, such as
    /// reading standard input twice or an invalid `--position`.
    #[error("bohnenspiel: error: {0}")]
    Usage(String),
    /// An output file could not be created or written.
    #[error("{name}: error: {}", io_message(.source))]
    OutputFile {
        /// The file as named on the command line.
        name: String,
        /// What went wrong.
        source: io::Error,
    },
    /// Standard output or standard error could not be written.
    #[error("bohnenspiel: error: cannot write the output: {}", io_message(.0))]
    Output(#[source] io::Error),
}

/// Why an input could not be read: the `MESSAGE` of `FILE: error:
/// MESSAGE`, the same words in the human and the JSON output.
#[derive(Debug, thiserror::Error)]
pub enum InputProblem {
    /// The operating system's error, worded by [`io_message`].
    #[error("{}", io_message(.0))]
    Io(#[source] io::Error),
    /// A directory was named where a file belongs.
    #[error("is a directory")]
    Directory,
    /// The input lacks what the command needs, such as the game or the
    /// ply asked for.
    #[error("{0}")]
    Other(String),
    /// The input holds bytes that are not UTF-8.
    #[error("not UTF-8 text (first bad byte at line {line}, column {column})")]
    NotUtf8 {
        /// Line of the first bad byte, from 1.
        line: usize,
        /// Column of the first bad byte, from 1, counting characters.
        column: usize,
    },
}

impl CliError {
    /// Whether this is a broken pipe on the output (the reader went away,
    /// as `head` does): the program then stops quietly.
    pub fn is_broken_pipe(&self) -> bool {
        matches!(self, CliError::Output(error) if error.kind() == io::ErrorKind::BrokenPipe)
    }

    /// The input's name and problem, if this is an input error.
    pub fn as_input(&self) -> Option<(&str, &InputProblem)> {
        match self {
            CliError::Input { name, problem } => Some((name, problem)),
            _ => None,
        }
    }
}

impl From<io::Error> for CliError {
    /// Errors from writing: the output is the only I/O done without a file
    /// name.
    fn from(error: io::Error) -> CliError {
        CliError::Output(error)
    }
}

/// An I/O error in the words of the other messages: the operating
/// system's text in lower case, without its ` (os error N)` suffix, so
/// that `no such file or directory` reads like `is a directory`.
pub fn io_message(error: &io::Error) -> String {
    let text = error.to_string();
    let text = match text.rfind(" (os error ") {
        Some(at) if text.ends_with(')') => &text[..at],
        _ => &text,
    };
    let mut chars = text.chars();
    let mut out = String::with_capacity(text.len());
    if let Some(first) = chars.next() {
        // Lower the first letter unless the word is an acronym (`UTF-8`).
        let second_upper = text.chars().nth(1).is_some_and(char::is_uppercase);
        if second_upper {
            out.push(first);
        } else {
            out.extend(first.to_lowercase());
        }
    }
    out.extend(chars);
    out
}

/// A usage error's message: `usage(format_args!(…))`.
pub fn usage(message: fmt::Arguments<'_>) -> CliError {
    CliError::Usage(message.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn io_messages_lose_the_os_error_number() {
        let missing = io::Error::from_raw_os_error(2);
        assert_eq!(io_message(&missing), "no such file or directory");
        let plain = io::Error::other("UTF-8 trouble");
        assert_eq!(io_message(&plain), "UTF-8 trouble");
    }
}
