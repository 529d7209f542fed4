//! A match (Partie) of several games, won by the first to 100 points.

use crate::{Player, Score};

/// A match of several games, a "Partie" as B. Rüger (1962) calls it: each
/// game's beans are added to the players' totals, and the first player to
/// reach the target (100 points by default) wins.
///
/// If both players reach the target in the same game, the higher total
/// wins; on equal totals the match goes on until, after some game, one
/// player has reached the target with more points than the other.
///
/// ```
/// use bohnenspiel::{Partie, Player, Score};
///
/// let mut partie = Partie::new();
/// assert!(partie.add_game(Score::new(50, 22)));
/// assert!(partie.add_game(Score::new(22, 50)));
/// // Both pass 100 with equal totals: the match goes on.
/// assert!(partie.add_game(Score::new(36, 36)));
/// assert_eq!(partie.winner(), None);
/// assert!(partie.add_game(Score::new(38, 34)));
/// assert_eq!(partie.winner(), Some(Player::South));
/// assert_eq!(partie.total(Player::South), 146);
/// assert_eq!(partie.total(Player::North), 142);
/// // The match is won: a game more is not added.
/// assert!(!partie.add_game(Score::new(72, 0)));
/// assert_eq!(partie.games().len(), 4);
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Partie {
    target: u16,
    totals: [u16; 2],
    games: Vec<Score>,
    winner: Option<Player>,
}

impl Partie {
    /// The usual target: 100 points.
    pub const TARGET: u16 = 100;

    /// A match to 100 points.
    #[must_use]
    pub const fn new() -> Partie {
        Partie::with_target(Partie::TARGET)
    }

    /// A match to `target` points.
    #[must_use]
    pub const fn with_target(target: u16) -> Partie {
        Partie {
            target,
            totals: [0; 2],
            games: Vec::new(),
            winner: None,
        }
    }

    /// Adds the final score of a game, unless the match is already won:
    /// returns whether it was added. [`Partie::winner`] says whether the
    /// match is now decided, and by whom.
    #[must_use = "false: the match was already won, and the game was not added"]
    pub fn add_game(&mut self, score: Score) -> bool {
        if self.winner.is_some() {
            return false;
        }
        for player in Player::ALL {
            let total = &mut self.totals[player.index()];
            *total = total.saturating_add(u16::from(score.of(player)));
        }
        self.games.push(score);
        let [south, north] = self.totals;
        if south.max(north) >= self.target && south != north {
            self.winner = Some(if south > north {
                Player::South
            } else {
                Player::North
            });
        }
        true
    }

    /// The points needed to win.
    #[must_use]
    pub const fn target(&self) -> u16 {
        self.target
    }

    /// `player`'s points so far.
    #[must_use]
    pub const fn total(&self, player: Player) -> u16 {
        self.totals[player.index()]
    }

    /// The final scores of the games so far, oldest first.
    #[must_use]
    pub fn games(&self) -> &[Score] {
        &self.games
    }

    /// The winner of the match, once decided.
    #[must_use]
    pub const fn winner(&self) -> Option<Player> {
        self.winner
    }
}

impl Default for Partie {
    /// A match to 100 points.
    fn default() -> Partie {
        Partie::new()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_first_to_reach_the_target_wins() {
        let mut partie = Partie::new();
        assert_eq!(partie.target(), 100);
        assert!(partie.add_game(Score::new(50, 22)));
        assert_eq!(partie.winner(), None);
        // Exactly 100 is enough.
        assert!(partie.add_game(Score::new(50, 22)));
        assert_eq!(partie.total(Player::South), 100);
        assert_eq!(partie.total(Player::North), 44);
        assert_eq!(partie.winner(), Some(Player::South));
    }

    #[test]
    fn when_both_pass_the_target_the_higher_total_wins() {
        let mut partie = Partie::with_target(72);
        assert!(partie.add_game(Score::new(40, 32)));
        assert_eq!(partie.winner(), None);
        assert!(partie.add_game(Score::new(36, 36)));
        assert_eq!(partie.winner(), Some(Player::South));
        assert_eq!(partie.total(Player::South), 76);
        assert_eq!(partie.total(Player::North), 68);
        let mut both = Partie::with_target(72);
        assert!(both.add_game(Score::new(36, 36)));
        assert!(both.add_game(Score::new(34, 38)));
        assert_eq!(both.winner(), Some(Player::North));
        assert_eq!(both.games(), [Score::new(36, 36), Score::new(34, 38)]);
    }

    #[test]
    fn no_game_can_be_added_once_the_match_is_won() {
        let mut partie = Partie::with_target(50);
        assert!(partie.add_game(Score::new(22, 50)));
        assert!(!partie.add_game(Score::new(72, 0)), "the match is won");
        assert_eq!(partie.winner(), Some(Player::North));
        assert_eq!(partie.games().len(), 1);
        assert_eq!(partie.total(Player::South), 22);
    }
}
