//! The two players, South and North.

use std::fmt;
use std::ops::Not;

use crate::Hole;

/// One of the two players.
///
/// South is the player who begins the game and owns holes 1–6; North owns
/// holes 7–12. The notation numbers the holes from South's point of view.
///
/// ```
/// use bohnenspiel::{Hole, Player};
///
/// assert_eq!(!Player::South, Player::North);
/// assert!(Player::North.owns(Hole::new(7).unwrap()));
/// assert_eq!(Player::South.to_string(), "South");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
pub enum Player {
    /// The player who moves first; owns holes 1–6.
    South,
    /// The player who moves second; owns holes 7–12.
    North,
}

impl Player {
    /// Both players, South first.
    pub const ALL: [Player; 2] = [Player::South, Player::North];

    /// The other player.
    #[must_use]
    #[inline]
    pub const fn opponent(self) -> Player {
        match self {
            Player::South => Player::North,
            Player::North => Player::South,
        }
    }

    /// 0 for South, 1 for North: an index into per-player arrays.
    #[must_use]
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The six holes this player owns, from left to right as the player
    /// sees them (which is also sowing order).
    #[must_use]
    #[inline]
    pub const fn holes(self) -> [Hole; 6] {
        let first = self.index() as u8 * 6;
        [
            Hole::from_index_unchecked(first),
            Hole::from_index_unchecked(first + 1),
            Hole::from_index_unchecked(first + 2),
            Hole::from_index_unchecked(first + 3),
            Hole::from_index_unchecked(first + 4),
            Hole::from_index_unchecked(first + 5),
        ]
    }

    /// Whether `hole` is on this player's side of the board.
    #[must_use]
    #[inline]
    pub const fn owns(self, hole: Hole) -> bool {
        hole.owner().index() == self.index()
    }

    /// The lowercase name, `"south"` or `"north"`, as used in JSON.
    #[must_use]
    pub const fn as_lowercase_str(self) -> &'static str {
        match self {
            Player::South => "south",
            Player::North => "north",
        }
    }
}

impl Not for Player {
    type Output = Player;

    #[inline]
    fn not(self) -> Player {
        self.opponent()
    }
}

impl fmt::Display for Player {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Player::South => "South",
            Player::North => "North",
        })
    }
}
