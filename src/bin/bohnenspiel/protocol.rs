//! The engine's line protocol: one command per line, read into a
//! [`Request`] (what `bohnenspiel engine` answers is in
//! [`commands::engine`](crate::commands::engine); the `engine` command's
//! help text, in [`cli`](crate::cli), documents both).
//!
//! Words are separated by any run of spaces or tabs; a line's ending
//! (`\n` or `\r\n`) and its surrounding blanks are not part of it. A
//! request that cannot be read is a [`ProtocolError`], whose message the
//! engine sends as `info string error: …`, and it goes on reading.

use std::time::Duration;

/// The longest line read; a longer one is refused whole (its start is
/// quoted in the message).
pub const MAX_LINE: usize = 64 * 1024;

/// The most moves a `position` command may list.
pub const MAX_MOVES: usize = 10_000;

/// One command of the protocol.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Request {
    /// `bsi`: who the engine is.
    Bsi,
    /// `isready`: answered `readyok` at once.
    IsReady,
    /// `newgame`: forget what earlier games taught.
    NewGame,
    /// `position startpos|setup <position string> [moves H H …]`.
    Position {
        /// The position string of `setup`, `None` for `startpos`.
        setup: Option<String>,
        /// The moves after it: hole numbers, `-` for a Hemprich pass.
        moves: Vec<Ply>,
    },
    /// `go …`: search.
    Go(Go),
    /// `stop`: end the search now, with its best move.
    Stop,
    /// `quit`: end the program.
    Quit,
    /// An empty line (or one of blanks): nothing to do.
    Empty,
}

/// A move of a `position` command.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ply {
    /// A hole number, 1 to 12.
    Hole(u8),
    /// `-`: a Hemprich pass.
    Pass,
}

/// The limits of a `go` command; none at all (a bare `go`) is taken as
/// `infinite`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Go {
    /// `movetime <ms>`.
    pub movetime: Option<Duration>,
    /// `depth <d>`.
    pub depth: Option<u64>,
    /// `nodes <n>`.
    pub nodes: Option<u64>,
    /// `infinite`: until `stop`.
    pub infinite: bool,
}

/// Why a line is not a request.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ProtocolError {
    /// The first word names no command.
    #[error("unknown command `{0}`")]
    Unknown(String),
    /// The line is longer than [`MAX_LINE`].
    #[error("line too long: {length} bytes, at most {max} are read (it starts `{start}`)")]
    TooLong {
        /// The line's length in bytes.
        length: usize,
        /// [`MAX_LINE`].
        max: usize,
        /// Its first characters.
        start: String,
    },
    /// The line is not UTF-8 text.
    #[error("the line is not UTF-8 text")]
    NotUtf8,
    /// A command's arguments cannot be read.
    #[error("{command}: {message}")]
    Arguments {
        /// The command.
        command: &'static str,
        /// What is wrong.
        message: String,
    },
}

fn arguments(command: &'static str, message: impl Into<String>) -> ProtocolError {
    ProtocolError::Arguments {
        command,
        message: message.into(),
    }
}

/// At most 40 characters of `text`, for a message.
pub fn quote(text: &str) -> String {
    let mut chars = text.chars();
    let start: String = chars.by_ref().take(40).collect();
    if chars.next().is_some() {
        format!("{start}…")
    } else {
        start
    }
}

/// Reads one line (without its line ending) as a request.
///
/// # Errors
///
/// A [`ProtocolError`] saying why the line is not a request.
pub fn parse_bytes(line: &[u8]) -> Result<Request, ProtocolError> {
    if line.len() > MAX_LINE {
        let start = String::from_utf8_lossy(line.get(..40).unwrap_or(line)).into_owned();
        return Err(ProtocolError::TooLong {
            length: line.len(),
            max: MAX_LINE,
            start: quote(&start),
        });
    }
    let text = std::str::from_utf8(line).map_err(|_| ProtocolError::NotUtf8)?;
    parse(text)
}

/// Reads one line of text as a request.
///
/// # Errors
///
/// A [`ProtocolError`] saying why the line is not a request.
pub fn parse(line: &str) -> Result<Request, ProtocolError> {
    let mut words = line.split_whitespace();
    let Some(command) = words.next() else {
        return Ok(Request::Empty);
    };
    let rest: Vec<&str> = words.collect();
    let no_arguments = |name: &'static str, request: Request| {
        if rest.is_empty() {
            Ok(request)
        } else {
            Err(arguments(
                name,
                format!("takes no arguments, found `{}`", quote(&rest.join(" "))),
            ))
        }
    };
    match command {
        "bsi" => no_arguments("bsi", Request::Bsi),
        "isready" => no_arguments("isready", Request::IsReady),
        "newgame" => no_arguments("newgame", Request::NewGame),
        "stop" => no_arguments("stop", Request::Stop),
        "quit" => no_arguments("quit", Request::Quit),
        "position" => position(&rest),
        "go" => go(&rest).map(Request::Go),
        other => Err(ProtocolError::Unknown(quote(other))),
    }
}

/// `position startpos [moves …]` or `position setup <string> [moves …]`.
fn position(words: &[&str]) -> Result<Request, ProtocolError> {
    let split = words.iter().position(|&word| word == "moves");
    let (head, moves) = match split {
        Some(at) => (&words[..at], &words[at + 1..]),
        None => (words, &[][..]),
    };
    let setup = match head {
        ["startpos"] => None,
        ["setup", string @ ..] if !string.is_empty() => Some(string.join(" ")),
        ["setup"] => {
            return Err(arguments(
                "position",
                "`setup` needs a position string, such as `4,3,4,3,2,0/3,3,19,0,5,0 12:14 S`",
            ));
        }
        [] => {
            return Err(arguments(
                "position",
                "needs `startpos` or `setup <position string>`",
            ));
        }
        [other, ..] => {
            return Err(arguments(
                "position",
                format!(
                    "needs `startpos` or `setup <position string>`, found `{}`",
                    quote(other)
                ),
            ));
        }
    };
    if split.is_some() && moves.is_empty() {
        return Err(arguments("position", "`moves` is followed by no move"));
    }
    if moves.len() > MAX_MOVES {
        return Err(arguments(
            "position",
            format!("{} moves, at most {MAX_MOVES} are taken", moves.len()),
        ));
    }
    let moves = moves
        .iter()
        .enumerate()
        .map(|(index, &word)| match word {
            "-" => Ok(Ply::Pass),
            _ => match word.parse::<u8>() {
                Ok(hole @ 1..=12) => Ok(Ply::Hole(hole)),
                _ => Err(arguments(
                    "position",
                    format!(
                        "move {} is `{}`: a move is a hole number from 1 to 12, or `-` for a pass",
                        index + 1,
                        quote(word)
                    ),
                )),
            },
        })
        .collect::<Result<Vec<Ply>, ProtocolError>>()?;
    Ok(Request::Position { setup, moves })
}

/// `go [movetime <ms>] [depth <d>] [nodes <n>] [infinite]`.
fn go(words: &[&str]) -> Result<Go, ProtocolError> {
    let mut limits = Go::default();
    let mut words = words.iter();
    while let Some(&word) = words.next() {
        let mut number = |name: &str| -> Result<u64, ProtocolError> {
            let Some(&value) = words.next() else {
                return Err(arguments("go", format!("`{name}` needs a number")));
            };
            value.parse::<u64>().map_err(|_| {
                arguments(
                    "go",
                    format!(
                        "`{name}` needs a whole number from 0 to {}, found `{}`",
                        u64::MAX,
                        quote(value)
                    ),
                )
            })
        };
        match word {
            "movetime" => limits.movetime = Some(Duration::from_millis(number("movetime")?)),
            "depth" => limits.depth = Some(number("depth")?),
            "nodes" => limits.nodes = Some(number("nodes")?),
            "infinite" => limits.infinite = true,
            other => {
                return Err(arguments(
                    "go",
                    format!(
                        "unknown limit `{}` (the limits are movetime, depth, nodes and infinite)",
                        quote(other)
                    ),
                ));
            }
        }
    }
    if limits.infinite
        && (limits.movetime.is_some() || limits.depth.is_some() || limits.nodes.is_some())
    {
        return Err(arguments(
            "go",
            "`infinite` cannot be given with movetime, depth or nodes",
        ));
    }
    Ok(limits)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn commands_without_arguments() {
        assert_eq!(parse("bsi"), Ok(Request::Bsi));
        assert_eq!(parse("  isready \t"), Ok(Request::IsReady));
        assert_eq!(parse("newgame"), Ok(Request::NewGame));
        assert_eq!(parse("stop"), Ok(Request::Stop));
        assert_eq!(parse("quit"), Ok(Request::Quit));
        assert_eq!(parse(""), Ok(Request::Empty));
        assert_eq!(parse(" \t "), Ok(Request::Empty));
        assert_eq!(
            parse("quit now").map_err(|e| e.to_string()),
            Err("quit: takes no arguments, found `now`".to_owned())
        );
    }

    #[test]
    fn positions() {
        assert_eq!(
            parse("position startpos"),
            Ok(Request::Position {
                setup: None,
                moves: vec![]
            })
        );
        assert_eq!(
            parse("position startpos moves 4 8 -"),
            Ok(Request::Position {
                setup: None,
                moves: vec![Ply::Hole(4), Ply::Hole(8), Ply::Pass]
            })
        );
        assert_eq!(
            parse("position setup 4,3,4,3,2,0/3,3,19,0,5,0  12:14 S moves 1"),
            Ok(Request::Position {
                setup: Some("4,3,4,3,2,0/3,3,19,0,5,0 12:14 S".to_owned()),
                moves: vec![Ply::Hole(1)]
            })
        );
        let error = |line: &str| parse(line).map_err(|e| e.to_string()).err();
        assert_eq!(
            error("position"),
            Some("position: needs `startpos` or `setup <position string>`".to_owned())
        );
        assert_eq!(
            error("position setup"),
            Some("position: `setup` needs a position string, such as `4,3,4,3,2,0/3,3,19,0,5,0 12:14 S`".to_owned())
        );
        assert_eq!(
            error("position startpos moves 4 13"),
            Some(
                "position: move 2 is `13`: a move is a hole number from 1 to 12, or `-` for a pass"
                    .to_owned()
            )
        );
        assert_eq!(
            error("position startpos moves"),
            Some("position: `moves` is followed by no move".to_owned())
        );
        assert_eq!(
            error("position start"),
            Some(
                "position: needs `startpos` or `setup <position string>`, found `start`".to_owned()
            )
        );
    }

    #[test]
    fn go_limits() {
        assert_eq!(parse("go"), Ok(Request::Go(Go::default())));
        assert_eq!(
            parse("go depth 7 nodes 1000"),
            Ok(Request::Go(Go {
                depth: Some(7),
                nodes: Some(1000),
                ..Go::default()
            }))
        );
        assert_eq!(
            parse("go movetime 0"),
            Ok(Request::Go(Go {
                movetime: Some(Duration::ZERO),
                ..Go::default()
            }))
        );
        let error = |line: &str| parse(line).map_err(|e| e.to_string()).err();
        assert_eq!(
            error("go depth"),
            Some("go: `depth` needs a number".to_owned())
        );
        assert_eq!(
            error("go depth -3"),
            Some(format!(
                "go: `depth` needs a whole number from 0 to {}, found `-3`",
                u64::MAX
            ))
        );
        assert_eq!(
            error("go wtime 100"),
            Some(
                "go: unknown limit `wtime` (the limits are movetime, depth, nodes and infinite)"
                    .to_owned()
            )
        );
        assert_eq!(
            error("go infinite depth 3"),
            Some("go: `infinite` cannot be given with movetime, depth or nodes".to_owned())
        );
    }

    #[test]
    fn garbage() {
        assert_eq!(
            parse("xyzzy 1 2"),
            Err(ProtocolError::Unknown("xyzzy".to_owned()))
        );
        assert_eq!(parse_bytes(b"go \xff"), Err(ProtocolError::NotUtf8));
        let long = vec![b'a'; MAX_LINE + 1];
        assert!(matches!(
            parse_bytes(&long),
            Err(ProtocolError::TooLong { length, .. }) if length == MAX_LINE + 1
        ));
        let many = format!("position startpos moves{}", " 4".repeat(MAX_MOVES + 1));
        assert!(parse(&many).is_err());
        // A long unknown word is quoted short.
        let word = "q".repeat(100);
        assert_eq!(
            parse(&word).map_err(|e| e.to_string()),
            Err(format!("unknown command `{}…`", "q".repeat(40)))
        );
    }
}
