//! The one error of the rules' values: a hole, a move, a score, rules and
//! a setup that a text or a number does not give.

use crate::Player;

/// A value the rules do not have: why a text or a number is not a
/// [`Hole`] (or a [`Move`]), a [`Score`], [`Rules`] (a [`Variant`], an
/// [`EndlessPlay`] rule) or a [`Setup`], or why a setup is not a
/// [`Position`] that can arise in a game. The `FromStr` of each of these
/// types returns it, as do [`Hole::new`], [`Move::from_number`],
/// [`Setup::validate`] and [`Position::from_setup`]: one type, because a
/// caller tells the cases apart by its variants, and each message quotes
/// or places what is wrong.
///
/// **Holes.** [`HoleOutOfRange`](RulesError::HoleOutOfRange) for a
/// number outside 1–12, [`NotAHole`](RulesError::NotAHole) for text that
/// is not a decimal number.
///
/// **Rules.** The message quotes the text and names what is allowed.
///
/// **Scores.** [`NotAScore`](RulesError::NotAScore) for text that is not
/// two counts around a `:`, [`ScoreTooLarge`](RulesError::ScoreTooLarge)
/// for counts that add up to more than 72, and, for a final score (a
/// record's `Result` tag), [`ScoreNotFinal`](RulesError::ScoreNotFinal)
/// for fewer.
///
/// **Setup strings.** The six syntax variants say what is wrong and
/// where: the byte `offset` in the text, from 0, and the `column`, from
/// 1, counting characters (as the message says, like every other
/// message); [`RulesError::offset`] and [`RulesError::column`] give them.
///
/// ```
/// use bohnenspiel::{RulesError, Setup};
///
/// let error = "6,6,6,6,6,6/6,6,6,6,6 0:0 S".parse::<Setup>().unwrap_err();
/// assert_eq!(error, RulesError::ExpectedSeparator { offset: 21, column: 22, expected: ',' });
/// assert_eq!((error.offset(), error.column()), (Some(21), Some(22)));
/// assert_eq!(error.to_string(), "at column 22: expected ',' between two holes of a row");
/// ```
///
/// **Positions.** Beans are never created or destroyed, so there are
/// always 72 ([`RulesError::WrongTotal`]); a capture takes 2, 4 or 6
/// beans from each hole it empties, so a store is always even (an odd
/// store is therefore an error, [`RulesError::OddStore`]). These two
/// checks also bound every hole and store to 72, so a hole holding 255 is
/// reported as a wrong total. A setup is not required to be reachable
/// from the opening: composed problems need not be. A setup whose player
/// to move has no beans is valid; it is a finished game.
/// [`Setup::validate`], [`Position::from_setup`] and [`Position`]'s
/// `FromStr` give them.
///
/// [`Hole`]: crate::Hole
/// [`Hole::new`]: crate::Hole::new
/// [`Move`]: crate::Move
/// [`Move::from_number`]: crate::Move::from_number
/// [`Score`]: crate::Score
/// [`Rules`]: crate::Rules
/// [`Variant`]: crate::Variant
/// [`EndlessPlay`]: crate::EndlessPlay
/// [`Setup`]: crate::Setup
/// [`Setup::validate`]: crate::Setup::validate
/// [`Position`]: crate::Position
/// [`Position::from_setup`]: crate::Position::from_setup
#[derive(Debug, Clone, PartialEq, Eq, Hash, thiserror::Error)]
#[non_exhaustive]
pub enum RulesError {
    /// A hole number not in 1..=12.
    #[error("hole {0} does not exist: holes are numbered 1 to 12")]
    HoleOutOfRange(u64),
    /// A text that is not a decimal number, read as a hole number.
    #[error("{0:?} is not a hole number: expected a number from 1 to 12")]
    NotAHole(String),
    /// Not a variant's name.
    #[error("{0:?} is not a rules variant (standard or hemprich)")]
    NotAVariant(String),
    /// Not an endless-play rule's name.
    #[error("{0:?} is not an endless-play rule (own-side, last-mover or split)")]
    NotAnEndlessPlayRule(String),
    /// A part of a rules text that is neither a variant nor
    /// `endless=RULE`.
    #[error("{0:?} is neither a rules variant nor endless=RULE")]
    NotARulesPart(String),
    /// A rules text gives the variant or the endless-play rule twice.
    #[error("the {0} is given twice")]
    RulesGivenTwice(&'static str),
    /// Not two counts around a `:`, read as a score.
    #[error("not a score South:North such as 50:22")]
    NotAScore,
    /// The counts of a score add up to more beans than the game has.
    #[error("{total} beans in all, but the game has only 72")]
    ScoreTooLarge {
        /// The two counts added.
        total: u16,
    },
    /// The counts of a score add up to fewer than 72, where a final score
    /// is asked for (a record's `Result` tag): a finished game has all 72
    /// beans in the stores.
    #[error("{total} beans in all, but a finished game has all 72 in the stores")]
    ScoreNotFinal {
        /// The two counts added.
        total: u16,
    },
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
    /// The holes and stores of a setup do not add up to 72 beans.
    #[error("the holes and stores hold {total} beans, but a game always has 72")]
    WrongTotal {
        /// The beans found.
        total: u32,
    },
    /// A store of a setup holds an odd number of beans.
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

impl RulesError {
    /// Where in a setup string the problem is, as a byte offset from 0:
    /// `None` for every error but the syntax errors of a setup string.
    #[must_use]
    pub const fn offset(&self) -> Option<usize> {
        match self.place() {
            Some((offset, _)) => Some(offset),
            None => None,
        }
    }

    /// Where in a setup string the problem is, as a column from 1
    /// counting characters: `None` for every error but the syntax errors
    /// of a setup string.
    #[must_use]
    pub const fn column(&self) -> Option<usize> {
        match self.place() {
            Some((_, column)) => Some(column),
            None => None,
        }
    }

    /// The byte offset and the column of a setup string's syntax error.
    const fn place(&self) -> Option<(usize, usize)> {
        match *self {
            RulesError::ExpectedNumber { offset, column, .. }
            | RulesError::LeadingZero { offset, column, .. }
            | RulesError::NumberTooLarge { offset, column, .. }
            | RulesError::ExpectedSeparator { offset, column, .. }
            | RulesError::ExpectedTurn { offset, column, .. }
            | RulesError::TrailingText { offset, column, .. } => Some((offset, column)),
            _ => None,
        }
    }
}

/// The message of [`RulesError::ExpectedSeparator`] after its column.
fn separator_message(expected: char) -> String {
    match expected {
        ',' => "expected ',' between two holes of a row".to_owned(),
        '/' => "expected '/' between hole 6 and hole 7".to_owned(),
        ':' => "expected ':' between South's and North's stores".to_owned(),
        ' ' => "expected a space before the stores and before the turn".to_owned(),
        other => format!("expected {other:?}"),
    }
}
