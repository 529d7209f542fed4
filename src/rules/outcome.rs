//! Scores and the result of a game.

use std::fmt;

use crate::Player;

/// A number of beans for each player: the stores of a position, or the
/// final score of a game.
///
/// Prints as `south:north`, such as `50:22`.
///
/// ```
/// use bohnenspiel::{Outcome, Player, Score};
///
/// let score = Score::new(50, 22);
/// assert_eq!(score.of(Player::North), 22);
/// assert_eq!(score.outcome(), Outcome::Decisive { winner: Player::South });
/// assert_eq!(Score::new(36, 36).outcome(), Outcome::Draw);
/// assert_eq!(score.to_string(), "50:22");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Score {
    /// South's beans.
    pub south: u8,
    /// North's beans.
    pub north: u8,
}

impl Score {
    /// A score of `south` and `north` beans.
    #[must_use]
    pub const fn new(south: u8, north: u8) -> Score {
        Score { south, north }
    }

    /// The beans of `player`.
    #[must_use]
    #[inline]
    pub const fn of(self, player: Player) -> u8 {
        match player {
            Player::South => self.south,
            Player::North => self.north,
        }
    }

    /// A mutable reference to the beans of `player`.
    #[inline]
    pub fn of_mut(&mut self, player: Player) -> &mut u8 {
        match player {
            Player::South => &mut self.south,
            Player::North => &mut self.north,
        }
    }

    /// Both counts added, in a type that cannot overflow.
    #[must_use]
    pub const fn total(self) -> u16 {
        self.south as u16 + self.north as u16
    }

    /// The player with more beans wins; equal counts are a draw. For a
    /// final score, whose counts add up to 72, that is: more than 36 wins,
    /// and 36–36 is a draw.
    #[must_use]
    pub const fn outcome(self) -> Outcome {
        if self.south > self.north {
            Outcome::Decisive {
                winner: Player::South,
            }
        } else if self.north > self.south {
            Outcome::Decisive {
                winner: Player::North,
            }
        } else {
            Outcome::Draw
        }
    }

    /// The player with more beans, or `None` on equal counts.
    #[must_use]
    pub const fn winner(self) -> Option<Player> {
        self.outcome().winner()
    }
}

impl fmt::Display for Score {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}", self.south, self.north)
    }
}

/// How a game ended: a win for one player, or a draw.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
pub enum Outcome {
    /// One player has more beans: more than 36 of the 72.
    Decisive {
        /// The player who won.
        winner: Player,
    },
    /// 36 beans each.
    Draw,
}

impl Outcome {
    /// The winner, or `None` for a draw.
    #[must_use]
    pub const fn winner(self) -> Option<Player> {
        match self {
            Outcome::Decisive { winner } => Some(winner),
            Outcome::Draw => None,
        }
    }
}

impl fmt::Display for Outcome {
    /// `South wins`, `North wins` or `draw`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Outcome::Decisive { winner } => write!(f, "{winner} wins"),
            Outcome::Draw => f.write_str("draw"),
        }
    }
}
