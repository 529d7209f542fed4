//! The compact text form of a setup, such as
//! `6,6,6,6,6,6/6,6,6,6,6,6 0:0 S` (see [`Setup`]).

use std::fmt;
use std::str::FromStr;

use crate::{Player, Score, Setup, SetupError};

/// What is wrong at the place a [`SetupParseError`] points to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum SetupParseErrorKind {
    /// A bean count was expected (a decimal number from 0 to 255).
    ExpectedNumber,
    /// A bean count has a leading zero, such as `06`.
    LeadingZero,
    /// A bean count is above 255.
    NumberTooLarge,
    /// A separator was expected.
    ExpectedSeparator {
        /// The separator expected: `,`, `/`, `:` or a space.
        expected: char,
    },
    /// `S` or `N` was expected for the player to move.
    ExpectedTurn,
    /// The text goes on after the player to move.
    TrailingText,
}

impl fmt::Display for SetupParseErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SetupParseErrorKind::ExpectedNumber => {
                f.write_str("expected a bean count (a number from 0 to 255)")
            }
            SetupParseErrorKind::LeadingZero => {
                f.write_str("a bean count must not have a leading zero")
            }
            SetupParseErrorKind::NumberTooLarge => {
                f.write_str("bean count too large: at most 255 fit in a hole or store")
            }
            SetupParseErrorKind::ExpectedSeparator { expected: ',' } => {
                f.write_str("expected ',' between two holes of a row")
            }
            SetupParseErrorKind::ExpectedSeparator { expected: '/' } => {
                f.write_str("expected '/' between hole 6 and hole 7")
            }
            SetupParseErrorKind::ExpectedSeparator { expected: ':' } => {
                f.write_str("expected ':' between South's and North's stores")
            }
            SetupParseErrorKind::ExpectedSeparator { expected: ' ' } => {
                f.write_str("expected a space before the stores and before the turn")
            }
            SetupParseErrorKind::ExpectedSeparator { expected } => {
                write!(f, "expected {expected:?}")
            }
            SetupParseErrorKind::ExpectedTurn => {
                f.write_str("expected S or N (or s or n) for the player to move")
            }
            SetupParseErrorKind::TrailingText => {
                f.write_str("unexpected text after the player to move")
            }
        }
    }
}

/// Text that is not a setup string: where (as a column from 1, like
/// every other message), and what is wrong.
///
/// ```
/// use bohnenspiel::{Setup, SetupParseErrorKind};
///
/// let error = "6,6,6,6,6,6/6,6,6,6,6 0:0 S".parse::<Setup>().unwrap_err();
/// assert_eq!((error.offset(), error.column()), (21, 22));
/// assert_eq!(error.kind(), SetupParseErrorKind::ExpectedSeparator { expected: ',' });
/// assert_eq!(error.to_string(), "at column 22: expected ',' between two holes of a row");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, thiserror::Error)]
#[error("at column {column}: {kind}")]
pub struct SetupParseError {
    offset: usize,
    column: usize,
    kind: SetupParseErrorKind,
}

impl SetupParseError {
    /// The byte offset in the text where the problem is, from 0.
    #[must_use]
    pub const fn offset(&self) -> usize {
        self.offset
    }

    /// The column in the text where the problem is, from 1, counting
    /// characters (as the message says).
    #[must_use]
    pub const fn column(&self) -> usize {
        self.column
    }

    /// What is wrong there.
    #[must_use]
    pub const fn kind(&self) -> SetupParseErrorKind {
        self.kind
    }
}

/// Text that is not a valid position: either not a setup string, or a
/// setup that cannot arise in a game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, thiserror::Error)]
pub enum ParsePositionError {
    /// The text is not a setup string.
    #[error(transparent)]
    Syntax(#[from] SetupParseError),
    /// The setup is not a position of the game.
    #[error(transparent)]
    Invalid(#[from] SetupError),
}

/// A cursor over the bytes of a setup string.
struct SetupCursor<'a> {
    bytes: &'a [u8],
    offset: usize,
}

impl SetupCursor<'_> {
    fn error(&self, kind: SetupParseErrorKind) -> SetupParseError {
        self.error_at(self.offset, kind)
    }

    fn error_at(&self, offset: usize, kind: SetupParseErrorKind) -> SetupParseError {
        // Characters before the place: bytes that do not continue one.
        let before = self.bytes.get(..offset).unwrap_or(self.bytes);
        let column = 1 + before.iter().filter(|&&b| b & 0xC0 != 0x80).count();
        SetupParseError {
            offset,
            column,
            kind,
        }
    }

    /// Skips spaces and tabs; whether there was any.
    fn spaces(&mut self) -> bool {
        let start = self.offset;
        while matches!(self.bytes.get(self.offset), Some(b' ' | b'\t')) {
            self.offset += 1;
        }
        self.offset > start
    }

    /// A `,`, `/` or `:`, with any spaces around it.
    fn punctuation(&mut self, expected: char) -> Result<(), SetupParseError> {
        let before = self.offset;
        self.spaces();
        if self.bytes.get(self.offset).map(|&b| char::from(b)) != Some(expected) {
            // Pointed at right after the number, where it belongs.
            return Err(self.error_at(before, SetupParseErrorKind::ExpectedSeparator { expected }));
        }
        self.offset += 1;
        self.spaces();
        Ok(())
    }

    /// One space or more (or tabs).
    fn space(&mut self) -> Result<(), SetupParseError> {
        if self.spaces() {
            Ok(())
        } else {
            Err(self.error(SetupParseErrorKind::ExpectedSeparator { expected: ' ' }))
        }
    }

    fn number(&mut self) -> Result<u8, SetupParseError> {
        let start = self.offset;
        let mut value: u32 = 0;
        while let Some(&byte) = self.bytes.get(self.offset) {
            if !byte.is_ascii_digit() {
                break;
            }
            if self.offset > start && value == 0 {
                return Err(self.error_at(start, SetupParseErrorKind::LeadingZero));
            }
            value = value * 10 + u32::from(byte - b'0');
            if value > u32::from(u8::MAX) {
                return Err(self.error_at(start, SetupParseErrorKind::NumberTooLarge));
            }
            self.offset += 1;
        }
        if self.offset == start {
            return Err(self.error(SetupParseErrorKind::ExpectedNumber));
        }
        u8::try_from(value).map_err(|_| self.error_at(start, SetupParseErrorKind::NumberTooLarge))
    }
}

impl FromStr for Setup {
    type Err = SetupParseError;

    /// Parses the text form described at [`Setup`]. Nothing is validated
    /// beyond the syntax: any count from 0 to 255 is accepted. As lenient
    /// as the notation where the meaning is certain: spaces (or tabs) may
    /// stand at the ends, around `,`, `/` and `:`, and several where one
    /// is needed; the player to move may be written `s` or `n`.
    fn from_str(text: &str) -> Result<Setup, SetupParseError> {
        let mut reader = SetupCursor {
            bytes: text.as_bytes(),
            offset: 0,
        };
        reader.spaces();
        let mut board = [0; 12];
        for (index, hole) in board.iter_mut().enumerate() {
            match index {
                0 => {}
                6 => reader.punctuation('/')?,
                _ => reader.punctuation(',')?,
            }
            *hole = reader.number()?;
        }
        reader.space()?;
        let south = reader.number()?;
        reader.punctuation(':')?;
        let north = reader.number()?;
        reader.space()?;
        let turn = match reader.bytes.get(reader.offset) {
            Some(b'S' | b's') => Player::South,
            Some(b'N' | b'n') => Player::North,
            _ => return Err(reader.error(SetupParseErrorKind::ExpectedTurn)),
        };
        reader.offset += 1;
        reader.spaces();
        if reader.offset != reader.bytes.len() {
            return Err(reader.error(SetupParseErrorKind::TrailingText));
        }
        Ok(Setup {
            board,
            stores: Score::new(south, north),
            turn,
        })
    }
}

impl fmt::Display for Setup {
    /// Writes the text form described at [`Setup`].
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (index, beans) in self.board.iter().enumerate() {
            match index {
                0 => {}
                6 => f.write_str("/")?,
                _ => f.write_str(",")?,
            }
            write!(f, "{beans}")?;
        }
        let turn = match self.turn {
            Player::South => 'S',
            Player::North => 'N',
        };
        write!(f, " {} {turn}", self.stores)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn error(text: &str) -> (usize, SetupParseErrorKind, String) {
        match text.parse::<Setup>() {
            Ok(setup) => panic!("{text:?} parsed as {setup:?}"),
            Err(error) => (error.offset(), error.kind(), error.to_string()),
        }
    }

    #[test]
    fn the_opening_round_trips() {
        let text = "6,6,6,6,6,6/6,6,6,6,6,6 0:0 S";
        assert_eq!(text.parse::<Setup>(), Ok(Setup::START));
        assert_eq!(Setup::START.to_string(), text);
    }

    #[test]
    fn large_counts_parse_unchecked() {
        let setup: Setup = "255,0,0,0,0,0/0,0,0,0,0,10 1:200 N"
            .parse()
            .unwrap_or_default();
        assert_eq!(setup.board[0], 255);
        assert_eq!(setup.board[11], 10);
        assert_eq!(setup.stores, Score::new(1, 200));
        assert_eq!(setup.turn, Player::North);
        assert_eq!(setup.to_string(), "255,0,0,0,0,0/0,0,0,0,0,10 1:200 N");
    }

    #[test]
    fn case_and_spaces_are_read_as_the_notation_reads_them() {
        let lenient = [
            "6,6,6,6,6,6/6,6,6,6,6,6 0:0 s",
            "6,6,6,6,6,6/6,6,6,6,6,6  0:0  S",
            " 6, 6, 6, 6, 6, 6 / 6, 6, 6, 6, 6, 6 0 : 0 S ",
            "6,6,6,6,6,6/6,6,6,6,6,6\t0:0\tS",
        ];
        for text in lenient {
            assert_eq!(text.parse::<Setup>(), Ok(Setup::START), "{text:?}");
        }
        let north: Setup = "0,0,0,0,1,0/0,0,0,0,1,0 36:34 n"
            .parse()
            .unwrap_or_default();
        assert_eq!(north.turn, Player::North);
    }

    #[test]
    fn errors_point_at_the_problem() {
        use SetupParseErrorKind::*;
        assert_eq!(error("").0, 0);
        assert_eq!(error("").1, ExpectedNumber);
        assert_eq!(
            error("6,6,6,6,6,256/6,6,6,6,6,6 0:0 S"),
            (
                10,
                NumberTooLarge,
                "at column 11: bean count too large: at most 255 fit in a hole or store".into()
            )
        );
        assert_eq!(
            error("6,6,6,6,6,6,6,6,6,6,6,6 0:0 S"),
            (
                11,
                ExpectedSeparator { expected: '/' },
                "at column 12: expected '/' between hole 6 and hole 7".into()
            )
        );
        assert_eq!(
            error("6,6,6,6,6,6/6,6,6,6,6,6 0 S").1,
            ExpectedSeparator { expected: ':' }
        );
        assert_eq!(
            error("6,6,6,6,6,6/6,6,6,6,6,60:0 S").1,
            ExpectedSeparator { expected: ' ' }
        );
        assert_eq!(
            error("6,6,6,6,6,6/6,6,6,6,6,6 0:0 x"),
            (
                28,
                ExpectedTurn,
                "at column 29: expected S or N (or s or n) for the player to move".into()
            )
        );
        assert_eq!(error("6,6,6,6,6,6/6,6,6,6,6,6 0:0 S x").1, TrailingText);
        assert_eq!(error("06,6,6,6,6,6/6,6,6,6,6,6 0:0 S").1, LeadingZero);
        assert_eq!(
            error("6,6,-6,6,6,6/6,6,6,6,6,6 0:0 S"),
            (
                4,
                ExpectedNumber,
                "at column 5: expected a bean count (a number from 0 to 255)".into()
            )
        );
        assert_eq!(
            error("6,6,6,6,6,6/6,6,6,6,6,6 0:99999999999 S").1,
            NumberTooLarge
        );
    }

    #[test]
    fn columns_count_characters() {
        let error = "6,6,6,6,6,6/6,6,6,6,6,6 0:0 Ü"
            .parse::<Setup>()
            .err()
            .map(|error| (error.offset(), error.column()));
        assert_eq!(error, Some((28, 29)));
        let error = "6,6,6,6,6,6/6,6,6,6,6,6 0:0 S Ü x"
            .parse::<Setup>()
            .err()
            .map(|error| (error.offset(), error.column()));
        assert_eq!(error, Some((30, 31)));
    }
}
