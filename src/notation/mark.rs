//! Move marks: `!`, `?`, `!!`, `??`, `!?`, `?!`.

use std::fmt;
use std::str::FromStr;

use nom::bytes::complete::take_while_m_n;
use nom::combinator::map_opt;
use nom::{IResult, Parser};

/// A judgement written right after a hole number, as in `6!!` or `4?`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Mark {
    /// `!`: a good move.
    Good,
    /// `?`: a mistake.
    Mistake,
    /// `!!`: a brilliant move.
    Brilliant,
    /// `??`: a blunder.
    Blunder,
    /// `!?`: an interesting move.
    Interesting,
    /// `?!`: a dubious move.
    Dubious,
}

/// Text that is not one of the six marks.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0:?} is not a mark: expected one of !, ?, !!, ??, !?, ?!")]
pub struct MarkError(pub String);

impl Mark {
    /// All six marks.
    pub const ALL: [Mark; 6] = [
        Mark::Good,
        Mark::Mistake,
        Mark::Brilliant,
        Mark::Blunder,
        Mark::Interesting,
        Mark::Dubious,
    ];

    /// The written form, e.g. `"!?"`.
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            Mark::Good => "!",
            Mark::Mistake => "?",
            Mark::Brilliant => "!!",
            Mark::Blunder => "??",
            Mark::Interesting => "!?",
            Mark::Dubious => "?!",
        }
    }

    /// The mark written as these bytes, if any.
    #[must_use]
    pub(crate) fn from_bytes(bytes: &[u8]) -> Option<Mark> {
        match bytes {
            b"!" => Some(Mark::Good),
            b"?" => Some(Mark::Mistake),
            b"!!" => Some(Mark::Brilliant),
            b"??" => Some(Mark::Blunder),
            b"!?" => Some(Mark::Interesting),
            b"?!" => Some(Mark::Dubious),
            _ => None,
        }
    }
}

/// One of the six marks at the start of `input` (the longest one): its
/// one or two characters of `!` and `?`, looked up in
/// [`Mark::from_bytes`].
pub(crate) fn mark(input: &str) -> IResult<&str, Mark> {
    map_opt(
        take_while_m_n(1, 2, |c| c == '!' || c == '?'),
        |written: &str| Mark::from_bytes(written.as_bytes()),
    )
    .parse(input)
}

impl fmt::Display for Mark {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl FromStr for Mark {
    type Err = MarkError;

    /// Parses one of the six marks, exactly.
    fn from_str(text: &str) -> Result<Mark, MarkError> {
        Mark::from_bytes(text.as_bytes()).ok_or_else(|| MarkError(text.to_owned()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_mark_round_trips() {
        for mark in Mark::ALL {
            assert_eq!(mark.to_string().parse::<Mark>(), Ok(mark));
        }
        assert_eq!("!!".parse::<Mark>(), Ok(Mark::Brilliant));
        assert_eq!("??".parse::<Mark>(), Ok(Mark::Blunder));
        assert_eq!("?!".parse::<Mark>(), Ok(Mark::Dubious));
        assert!("!!!".parse::<Mark>().is_err());
        assert!("".parse::<Mark>().is_err());
    }

    #[test]
    fn the_longest_mark_is_read_from_the_start() {
        for (text, read, rest) in [
            ("!", Mark::Good, ""),
            ("?)", Mark::Mistake, ")"),
            ("!!!", Mark::Brilliant, "!"),
            ("??x", Mark::Blunder, "x"),
            ("!? (A)", Mark::Interesting, " (A)"),
            ("?!?", Mark::Dubious, "?"),
        ] {
            assert_eq!(mark(text), Ok((rest, read)), "{text}");
        }
        for text in ["", "x!", " !", "."] {
            assert!(mark(text).is_err(), "{text}");
        }
    }
}
