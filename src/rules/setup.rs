//! An unchecked position: board, stores and side to move.

use crate::{Hole, Player, Score};

/// The number of beans in every game.
pub const TOTAL_BEANS: u8 = 72;

/// A board, the two stores and the player to move, with nothing checked:
/// the public fields may hold any numbers. [`Position::from_setup`]
/// validates a `Setup` into a [`Position`].
///
/// # Text form
///
/// A setup prints and parses as
/// `<h1>,<h2>,<h3>,<h4>,<h5>,<h6>/<h7>,<h8>,<h9>,<h10>,<h11>,<h12> <south store>:<north store> <S|N>`:
/// the beans in holes 1–6 (South's row), a `/`, the beans in holes 7–12
/// (North's row), a space, South's and North's stores joined by `:`, a
/// space, and `S` or `N` for the player to move. Numbers are decimal, 0 to
/// 255, without sign or leading zeros; nothing else (no other white space)
/// is accepted. The opening is `6,6,6,6,6,6/6,6,6,6,6,6 0:0 S`.
///
/// ```
/// use bohnenspiel::{Player, Setup};
///
/// let setup: Setup = "0,1,0,0,2,1/0,0,3,0,0,1 34:30 S".parse()?;
/// assert_eq!(setup.board[4], 2);
/// assert_eq!(setup.stores.south, 34);
/// assert_eq!(setup.turn, Player::South);
/// assert_eq!(setup.to_string(), "0,1,0,0,2,1/0,0,3,0,0,1 34:30 S");
/// assert_eq!(Setup::START.to_string(), "6,6,6,6,6,6/6,6,6,6,6,6 0:0 S");
/// # Ok::<(), bohnenspiel::SetupError>(())
/// ```
///
/// [`Position`]: crate::Position
/// [`Position::from_setup`]: crate::Position::from_setup
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Setup {
    /// Beans in each hole, by index: `board[0]` is hole 1, `board[11]` is
    /// hole 12.
    pub board: [u8; 12],
    /// The beans in each player's store.
    pub stores: Score,
    /// The player to move.
    pub turn: Player,
}

impl Setup {
    /// The opening: six beans in every hole, empty stores, South to move.
    pub const START: Setup = Setup {
        board: [6; 12],
        stores: Score::new(0, 0),
        turn: Player::South,
    };

    /// The beans in `hole`.
    #[must_use]
    #[inline]
    pub const fn beans(&self, hole: Hole) -> u8 {
        self.board[hole.index()]
    }

    /// The beans on the board, the stores included, counted without
    /// overflow.
    #[must_use]
    pub fn total(&self) -> u32 {
        self.board
            .iter()
            .map(|&beans| u32::from(beans))
            .sum::<u32>()
            + u32::from(self.stores.total())
    }
}

impl Default for Setup {
    /// The opening, [`Setup::START`].
    fn default() -> Setup {
        Setup::START
    }
}

/// Why a text is not a setup string, or a [`Setup`] not a position that
/// can arise in a game: the one error of setups and positions.
///
/// **Text.** The six syntax variants say what is wrong and where: the
/// byte `offset` in the text, from 0, and the `column`, from 1, counting
/// characters (as the message says, like every other message).
/// [`Setup`]'s and [`Position`]'s `FromStr` give them.
///
/// ```
/// use bohnenspiel::{Setup, SetupError};
///
/// let error = "6,6,6,6,6,6/6,6,6,6,6 0:0 S".parse::<Setup>().unwrap_err();
/// assert_eq!(error, SetupError::ExpectedSeparator { offset: 21, column: 22, expected: ',' });
/// assert_eq!((error.offset(), error.column()), (Some(21), Some(22)));
/// assert_eq!(error.to_string(), "at column 22: expected ',' between two holes of a row");
/// ```
///
/// **Position.** Beans are never created or destroyed, so there are
/// always 72 ([`SetupError::WrongTotal`]); a capture takes 2, 4 or 6
/// beans from each hole it empties, so a store is always even (an odd
/// store is therefore an error, [`SetupError::OddStore`]). These two
/// checks also bound every hole and store to 72, so a hole holding 255 is
/// reported as a wrong total. A setup is not required to be reachable
/// from the opening: composed problems need not be. A setup whose player
/// to move has no beans is valid; it is a finished game.
/// [`Setup::validate`], [`Position::from_setup`] and [`Position`]'s
/// `FromStr` give them.
///
/// [`Position`]: crate::Position
/// [`Position::from_setup`]: crate::Position::from_setup
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, thiserror::Error)]
#[non_exhaustive]
pub enum SetupError {
    /// A bean count was expected (a decimal number from 0 to 255).
    #[error("at column {column}: expected a bean count (a number from 0 to 255)")]
    ExpectedNumber {
        /// The byte offset in the text, from 0.
        offset: usize,
        /// The column in the text, from 1, counting characters.
        column: usize,
    },
    /// A bean count has a leading zero, such as `06`.
    #[error("at column {column}: a bean count must not have a leading zero")]
    LeadingZero {
        /// The byte offset in the text, from 0.
        offset: usize,
        /// The column in the text, from 1, counting characters.
        column: usize,
    },
    /// A bean count is above 255.
    #[error("at column {column}: bean count too large: at most 255 fit in a hole or store")]
    NumberTooLarge {
        /// The byte offset in the text, from 0.
        offset: usize,
        /// The column in the text, from 1, counting characters.
        column: usize,
    },
    /// A separator was expected.
    #[error("at column {column}: {}", separator_message(*expected))]
    ExpectedSeparator {
        /// The byte offset in the text, from 0.
        offset: usize,
        /// The column in the text, from 1, counting characters.
        column: usize,
        /// The separator expected: `,`, `/`, `:` or a space.
        expected: char,
    },
    /// `S` or `N` was expected for the player to move.
    #[error("at column {column}: expected S or N (or s or n) for the player to move")]
    ExpectedTurn {
        /// The byte offset in the text, from 0.
        offset: usize,
        /// The column in the text, from 1, counting characters.
        column: usize,
    },
    /// The text goes on after the player to move.
    #[error("at column {column}: unexpected text after the player to move")]
    TrailingText {
        /// The byte offset in the text, from 0.
        offset: usize,
        /// The column in the text, from 1, counting characters.
        column: usize,
    },
    /// The holes and stores do not add up to 72 beans.
    #[error("the holes and stores hold {total} beans, but a game always has 72")]
    WrongTotal {
        /// The beans found.
        total: u32,
    },
    /// A store holds an odd number of beans.
    #[error(
        "{player}'s store holds an odd number of beans ({beans}), but captures only ever add 2, 4 or 6"
    )]
    OddStore {
        /// The player whose store it is.
        player: Player,
        /// The beans in it.
        beans: u8,
    },
}

impl SetupError {
    /// Where in the text the problem is, as a byte offset from 0: `None`
    /// for a setup that reads but cannot arise in a game.
    #[must_use]
    pub const fn offset(&self) -> Option<usize> {
        match self.place() {
            Some((offset, _)) => Some(offset),
            None => None,
        }
    }

    /// Where in the text the problem is, as a column from 1 counting
    /// characters: `None` for a setup that reads but cannot arise in a
    /// game.
    #[must_use]
    pub const fn column(&self) -> Option<usize> {
        match self.place() {
            Some((_, column)) => Some(column),
            None => None,
        }
    }

    /// The byte offset and the column of a syntax error; `None` for a
    /// setup that reads but cannot arise in a game.
    const fn place(&self) -> Option<(usize, usize)> {
        match *self {
            SetupError::ExpectedNumber { offset, column, .. }
            | SetupError::LeadingZero { offset, column, .. }
            | SetupError::NumberTooLarge { offset, column, .. }
            | SetupError::ExpectedSeparator { offset, column, .. }
            | SetupError::ExpectedTurn { offset, column, .. }
            | SetupError::TrailingText { offset, column, .. } => Some((offset, column)),
            SetupError::WrongTotal { .. } | SetupError::OddStore { .. } => None,
        }
    }
}

/// The message of [`SetupError::ExpectedSeparator`] after its column.
fn separator_message(expected: char) -> String {
    match expected {
        ',' => "expected ',' between two holes of a row".to_owned(),
        '/' => "expected '/' between hole 6 and hole 7".to_owned(),
        ':' => "expected ':' between South's and North's stores".to_owned(),
        ' ' => "expected a space before the stores and before the turn".to_owned(),
        other => format!("expected {other:?}"),
    }
}

impl Setup {
    /// Checks that this setup can arise in a game (see [`SetupError`]).
    ///
    /// # Errors
    ///
    /// [`SetupError::WrongTotal`] first, then [`SetupError::OddStore`]
    /// (South's store checked before North's).
    pub fn validate(&self) -> Result<(), SetupError> {
        let total = self.total();
        if total != u32::from(TOTAL_BEANS) {
            return Err(SetupError::WrongTotal { total });
        }
        for player in Player::ALL {
            let beans = self.stores.of(player);
            if !beans.is_multiple_of(2) {
                return Err(SetupError::OddStore { player, beans });
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_opening_is_valid() {
        assert_eq!(Setup::START.total(), 72);
        assert_eq!(Setup::START.validate(), Ok(()));
    }

    #[test]
    fn wrong_totals_are_reported_with_the_count_found() {
        let mut setup = Setup::START;
        setup.board[0] = 5;
        assert_eq!(setup.validate(), Err(SetupError::WrongTotal { total: 71 }));
        setup.board[0] = 7;
        assert_eq!(setup.validate(), Err(SetupError::WrongTotal { total: 73 }));
        setup.board[0] = 255;
        setup.stores = Score::new(255, 255);
        let error = setup.validate().err();
        assert_eq!(error, Some(SetupError::WrongTotal { total: 831 }));
        assert_eq!(
            error.map(|e| e.to_string()).unwrap_or_default(),
            "the holes and stores hold 831 beans, but a game always has 72"
        );
    }

    #[test]
    fn odd_stores_are_rejected() {
        let setup = Setup {
            board: [6, 6, 6, 6, 6, 5, 6, 6, 6, 6, 6, 6],
            stores: Score::new(0, 1),
            turn: Player::South,
        };
        let error = setup.validate();
        assert_eq!(
            error,
            Err(SetupError::OddStore {
                player: Player::North,
                beans: 1
            })
        );
        assert_eq!(
            error.err().map(|e| e.to_string()).unwrap_or_default(),
            "North's store holds an odd number of beans (1), but captures only ever add 2, 4 or 6"
        );
    }
}
