//! The compact text form of a setup, such as
//! `6,6,6,6,6,6/6,6,6,6,6,6 0:0 S` (see [`Setup`]).

use std::fmt;
use std::str::FromStr;

use crate::{Player, RulesError, Score, Setup};

/// What a syntax error of a setup string says, before its place is
/// known.
#[derive(Clone, Copy)]
enum Syntax {
    ExpectedNumber,
    LeadingZero,
    NumberTooLarge,
    ExpectedSeparator(char),
    ExpectedTurn,
    TrailingText,
}

/// A cursor over the bytes of a setup string.
struct SetupCursor<'a> {
    bytes: &'a [u8],
    offset: usize,
}

impl SetupCursor<'_> {
    fn error(&self, syntax: Syntax) -> RulesError {
        self.error_at(self.offset, syntax)
    }

    fn error_at(&self, offset: usize, syntax: Syntax) -> RulesError {
        // Characters before the place: bytes that do not continue one.
        let before = self.bytes.get(..offset).unwrap_or(self.bytes);
        let column = 1 + before.iter().filter(|&&b| b & 0xC0 != 0x80).count();
        match syntax {
            Syntax::ExpectedNumber => RulesError::ExpectedNumber { offset, column },
            Syntax::LeadingZero => RulesError::LeadingZero { offset, column },
            Syntax::NumberTooLarge => RulesError::NumberTooLarge { offset, column },
            Syntax::ExpectedSeparator(expected) => RulesError::ExpectedSeparator {
                offset,
                column,
                expected,
            },
            Syntax::ExpectedTurn => RulesError::ExpectedTurn { offset, column },
            Syntax::TrailingText => RulesError::TrailingText { offset, column },
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
    fn punctuation(&mut self, expected: char) -> Result<(), RulesError> {
        let before = self.offset;
        self.spaces();
        if self.bytes.get(self.offset).map(|&b| char::from(b)) != Some(expected) {
            // Pointed at right after the number, where it belongs.
            return Err(self.error_at(before, Syntax::ExpectedSeparator(expected)));
        }
        self.offset += 1;
        self.spaces();
        Ok(())
    }

    /// One space or more (or tabs).
    fn space(&mut self) -> Result<(), RulesError> {
        if self.spaces() {
            Ok(())
        } else {
            Err(self.error(Syntax::ExpectedSeparator(' ')))
        }
    }

    fn number(&mut self) -> Result<u8, RulesError> {
        let start = self.offset;
        let mut value: u32 = 0;
        while let Some(&byte) = self.bytes.get(self.offset) {
            if !byte.is_ascii_digit() {
                break;
            }
            if self.offset > start && value == 0 {
                return Err(self.error_at(start, Syntax::LeadingZero));
            }
            value = value * 10 + u32::from(byte - b'0');
            if value > u32::from(u8::MAX) {
                return Err(self.error_at(start, Syntax::NumberTooLarge));
            }
            self.offset += 1;
        }
        if self.offset == start {
            return Err(self.error(Syntax::ExpectedNumber));
        }
        u8::try_from(value).map_err(|_| self.error_at(start, Syntax::NumberTooLarge))
    }
}

impl FromStr for Setup {
    type Err = RulesError;

    /// Parses the text form described at [`Setup`]. Nothing is validated
    /// beyond the syntax: any count from 0 to 255 is accepted. As lenient
    /// as the notation where the meaning is certain: spaces (or tabs) may
    /// stand at the ends, around `,`, `/` and `:`, and several where one
    /// is needed; the player to move may be written `s` or `n`.
    fn from_str(text: &str) -> Result<Setup, RulesError> {
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
            _ => return Err(reader.error(Syntax::ExpectedTurn)),
        };
        reader.offset += 1;
        reader.spaces();
        if reader.offset != reader.bytes.len() {
            return Err(reader.error(Syntax::TrailingText));
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

    fn error(text: &str) -> (RulesError, String) {
        match text.parse::<Setup>() {
            Ok(setup) => panic!("{text:?} parsed as {setup:?}"),
            Err(error) => (error.clone(), error.to_string()),
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
        use RulesError::*;
        assert_eq!(
            error("").0,
            ExpectedNumber {
                offset: 0,
                column: 1
            }
        );
        assert_eq!(
            error("6,6,6,6,6,256/6,6,6,6,6,6 0:0 S"),
            (
                NumberTooLarge {
                    offset: 10,
                    column: 11
                },
                "at column 11: bean count too large: at most 255 fit in a hole or store".into()
            )
        );
        assert_eq!(
            error("6,6,6,6,6,6,6,6,6,6,6,6 0:0 S"),
            (
                ExpectedSeparator {
                    offset: 11,
                    column: 12,
                    expected: '/'
                },
                "at column 12: expected '/' between hole 6 and hole 7".into()
            )
        );
        assert!(matches!(
            error("6,6,6,6,6,6/6,6,6,6,6,6 0 S").0,
            ExpectedSeparator { expected: ':', .. }
        ));
        assert!(matches!(
            error("6,6,6,6,6,6/6,6,6,6,6,60:0 S").0,
            ExpectedSeparator { expected: ' ', .. }
        ));
        assert_eq!(
            error("6,6,6,6,6,6/6,6,6,6,6,6 0:0 x"),
            (
                ExpectedTurn {
                    offset: 28,
                    column: 29
                },
                "at column 29: expected S or N (or s or n) for the player to move".into()
            )
        );
        assert!(matches!(
            error("6,6,6,6,6,6/6,6,6,6,6,6 0:0 S x").0,
            TrailingText { .. }
        ));
        assert!(matches!(
            error("06,6,6,6,6,6/6,6,6,6,6,6 0:0 S").0,
            LeadingZero { .. }
        ));
        assert_eq!(
            error("6,6,-6,6,6,6/6,6,6,6,6,6 0:0 S"),
            (
                ExpectedNumber {
                    offset: 4,
                    column: 5
                },
                "at column 5: expected a bean count (a number from 0 to 255)".into()
            )
        );
        assert!(matches!(
            error("6,6,6,6,6,6/6,6,6,6,6,6 0:99999999999 S").0,
            NumberTooLarge { .. }
        ));
    }

    #[test]
    fn columns_count_characters() {
        let error = "6,6,6,6,6,6/6,6,6,6,6,6 0:0 Ü"
            .parse::<Setup>()
            .err()
            .map(|error| (error.offset(), error.column()));
        assert_eq!(error, Some((Some(28), Some(29))));
        let error = "6,6,6,6,6,6/6,6,6,6,6,6 0:0 S Ü x"
            .parse::<Setup>()
            .err()
            .map(|error| (error.offset(), error.column()));
        assert_eq!(error, Some((Some(30), Some(31))));
    }
}
