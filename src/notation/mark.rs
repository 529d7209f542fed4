//! Move marks: `!`, `?`, `!!`, `??`, `!?`, `?!`.

use std::fmt;

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

    /// The mark `text` is, exactly: `None` for anything but the six
    /// marks (as [`Label::new`](super::Label::new) reads a label).
    ///
    /// ```
    /// use bohnenspiel::notation::Mark;
    ///
    /// assert_eq!(Mark::new("!?"), Some(Mark::Interesting));
    /// assert_eq!(Mark::new("!!!"), None);
    /// ```
    #[must_use]
    pub fn new(text: &str) -> Option<Mark> {
        Mark::from_bytes(text.as_bytes())
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_mark_round_trips() {
        for mark in Mark::ALL {
            assert_eq!(Mark::new(&mark.to_string()), Some(mark));
        }
        assert_eq!(Mark::new("!!"), Some(Mark::Brilliant));
        assert_eq!(Mark::new("??"), Some(Mark::Blunder));
        assert_eq!(Mark::new("?!"), Some(Mark::Dubious));
        assert_eq!(Mark::new("!!!"), None);
        assert_eq!(Mark::new(""), None);
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
