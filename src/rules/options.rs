//! Rule options: the Hemprich variant and how endless play is scored.

use crate::{Player, Position, Score};

/// Which rules a [`Game`](crate::Game) follows. The default is the
/// standard game, with endless play scored [`EndlessPlay::OwnSide`].
///
/// ```
/// use bohnenspiel::{EndlessPlay, Rules, Variant};
///
/// let rules = Rules { variant: Variant::Hemprich, ..Rules::default() };
/// assert_eq!(rules.endless_play, EndlessPlay::OwnSide);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Rules {
    /// The standard game, or Hemprich's 1926 variant.
    pub variant: Variant,
    /// How the beans left on the board are shared when a position repeats.
    pub endless_play: EndlessPlay,
}

/// The rules variant.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum Variant {
    /// The game ends when the player to move has no beans; the beans left
    /// go to the player who moved last.
    #[default]
    Standard,
    /// K. Hemprich, 1926: a player who cannot move passes (recorded as an
    /// [`Action::Pass`](crate::Action::Pass) ply in the game's history),
    /// and the game ends only when every bean is captured (or a position
    /// repeats).
    Hemprich,
}

/// How a game that repeats a position (same board, stores and player to
/// move) is scored. The game ends at the repetition, and the beans still
/// on the board are shared out as this option says; the stores are kept.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum EndlessPlay {
    /// Each player takes the beans on their own side (the default, and the
    /// usual mancala convention).
    #[default]
    OwnSide,
    /// The player who made the last move (the last sowing) takes them all.
    LastMover,
    /// Each player takes half. Stores are always even and the total is 72,
    /// so the beans on the board are always even and split exactly; there
    /// is never an odd bean.
    Split,
}

impl EndlessPlay {
    /// The final score of a game ended by repetition in `position`, where
    /// `last_mover` made the last move.
    ///
    /// ```
    /// use bohnenspiel::{EndlessPlay, Player, Position, Score};
    ///
    /// let position: Position = "3,0,0,0,0,0/0,0,0,0,1,0 34:34 S".parse()?;
    /// let score = |rule: EndlessPlay| rule.score(&position, Player::North);
    /// assert_eq!(score(EndlessPlay::OwnSide), Score::new(37, 35));
    /// assert_eq!(score(EndlessPlay::LastMover), Score::new(34, 38));
    /// assert_eq!(score(EndlessPlay::Split), Score::new(36, 36));
    /// # Ok::<(), bohnenspiel::ParsePositionError>(())
    /// ```
    #[must_use]
    pub fn score(self, position: &Position, last_mover: Player) -> Score {
        let mut score = position.stores();
        match self {
            EndlessPlay::OwnSide => {
                for player in Player::ALL {
                    *score.of_mut(player) += position.beans_on_side(player);
                }
            }
            EndlessPlay::LastMover => *score.of_mut(last_mover) += position.beans_on_board(),
            EndlessPlay::Split => {
                let left = position.beans_on_board();
                score.south += left / 2;
                score.north += left - left / 2;
            }
        }
        score
    }
}
