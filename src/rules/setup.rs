//! An unchecked position: board, stores and side to move.

use crate::{Hole, Player, RulesError, Score};

/// The number of beans in every game ([`Position::TOTAL_BEANS`]).
///
/// [`Position::TOTAL_BEANS`]: crate::Position::TOTAL_BEANS
pub(crate) const TOTAL_BEANS: u8 = 72;

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
/// # Ok::<(), bohnenspiel::RulesError>(())
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

impl Setup {
    /// Checks that this setup can arise in a game (see [`RulesError`]).
    ///
    /// # Errors
    ///
    /// [`RulesError::WrongTotal`] first, then [`RulesError::OddStore`]
    /// (South's store checked before North's).
    pub fn validate(&self) -> Result<(), RulesError> {
        let total = self.total();
        if total != u32::from(TOTAL_BEANS) {
            return Err(RulesError::WrongTotal { total });
        }
        for player in Player::ALL {
            let beans = self.stores.of(player);
            if !beans.is_multiple_of(2) {
                return Err(RulesError::OddStore { player, beans });
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
        assert_eq!(setup.validate(), Err(RulesError::WrongTotal { total: 71 }));
        setup.board[0] = 7;
        assert_eq!(setup.validate(), Err(RulesError::WrongTotal { total: 73 }));
        setup.board[0] = 255;
        setup.stores = Score::new(255, 255);
        let error = setup.validate().err();
        assert_eq!(error, Some(RulesError::WrongTotal { total: 831 }));
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
            Err(RulesError::OddStore {
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
