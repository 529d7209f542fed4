//! Matches between players: balanced openings, a game played by the
//! rules with an automatic end, and the Elo difference of a result with
//! its 95% interval. The `duel` command plays its matches with it, and
//! the `strength` example includes this file for its own; each uses a
//! part of it, so what one of them leaves unused is not dead code.
//!
//! A match game ([`Match::play`]) starts from an opening, then asks each
//! side for its move. It ends by the rules, at the **third** occurrence
//! of a position since the last capture (each side taking the beans on
//! its own side, [`EndlessPlay::OwnSide`]), or at a ply cap (scored the
//! same way). A side that gives no move although it has one, or an
//! illegal one, loses the game.

#![allow(dead_code)]

use std::fmt;
use std::ops::RangeInclusive;

use bohnenspiel::{EndlessPlay, Game, GameEnd, Move, PlayError, Player, Position, Rules, Score};

/// How a match game ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MatchEnd {
    /// By the rules of the game (including the third occurrence of a
    /// position).
    Rules(GameEnd),
    /// At the ply cap.
    PlyCap {
        /// The final score: each side took the beans on its own side.
        score: Score,
    },
    /// `player` gave no move although it had one (`mv` is `None`), or an
    /// illegal one, and lost.
    Forfeit {
        /// The player who lost.
        player: Player,
        /// The move it gave, if any.
        mv: Option<Move>,
    },
}

impl MatchEnd {
    /// The final score: `None` after a forfeit, which decides the game
    /// whatever the beans say.
    #[must_use]
    pub const fn score(&self) -> Option<Score> {
        match *self {
            MatchEnd::Rules(end) => Some(end.score),
            MatchEnd::PlyCap { score } => Some(score),
            MatchEnd::Forfeit { .. } => None,
        }
    }

    /// The points `player` scored: 1 for a win, ½ for a draw, 0 for a loss.
    #[must_use]
    pub fn points(&self, player: Player) -> f64 {
        match (*self, self.score().and_then(Score::winner)) {
            (MatchEnd::Forfeit { player: loser, .. }, _) => {
                if loser == player {
                    0.0
                } else {
                    1.0
                }
            }
            (_, Some(winner)) if winner == player => 1.0,
            (_, Some(_)) => 0.0,
            (_, None) => 0.5,
        }
    }
}

/// The rules of a match game: `rules`, with a repetition ending the game
/// at the third occurrence of a position and the beans on the board
/// going to each side's owner.
fn match_rules(rules: Rules) -> Rules {
    Rules {
        repetition_ends_at: Some(3),
        endless_play: EndlessPlay::OwnSide,
        ..rules
    }
}

/// A match: the rules of its games and the ply cap at which a game
/// stops, scored by the beans on each side. Its games are played one at
/// a time by [`Match::play`], from openings such as
/// [`Match::two_ply_openings`] or [`Match::random_openings`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Match {
    /// The rules of the games; the repetition rule and the sharing of
    /// the beans at an endless game are set by the match (see
    /// [`Match::play`]).
    pub rules: Rules,
    /// The plies, the opening's included, after which a game stops.
    pub ply_cap: usize,
}

impl Default for Match {
    /// The default rules and a cap of 400 plies.
    fn default() -> Self {
        Self {
            rules: Rules::default(),
            ply_cap: 400,
        }
    }
}

impl Match {
    /// The 36 openings of two plies: each of South's six first moves with
    /// each of North's six replies, in hole order.
    #[must_use]
    pub fn two_ply_openings() -> Vec<Vec<Move>> {
        let mut openings = Vec::with_capacity(36);
        let start = Position::new();
        for first in start.legal_moves() {
            let mut after = start;
            after.play_unchecked(first);
            for reply in after.legal_moves() {
                openings.push(vec![first, reply]);
            }
        }
        openings
    }

    /// `count` random openings of `plies` plies from a seed (xorshift64, each
    /// ply a uniformly chosen legal move): the same seed gives the same
    /// openings. An opening that would end the game stops short.
    #[must_use]
    pub fn random_openings(count: usize, plies: usize, seed: u64) -> Vec<Vec<Move>> {
        let mut state = seed | 1;
        let mut next = || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        (0..count)
            .map(|_| {
                let mut position = Position::new();
                let mut moves = Vec::with_capacity(plies);
                for _ in 0..plies {
                    let legal = position.legal_moves();
                    let len = legal.len() as u64;
                    let Some(mv) = (len > 0)
                        .then(|| legal.into_iter().nth((next() % len.max(1)) as usize))
                        .flatten()
                    else {
                        break;
                    };
                    position.play_unchecked(mv);
                    moves.push(mv);
                }
                moves
            })
            .collect()
    }

    /// Plays one game under the rules of a match game (`self.rules`, with
    /// a repetition ending the game at the third occurrence of a position
    /// and the beans on the board going to each side's owner): the
    /// `opening` first, then `south` and `north` are asked for their moves
    /// in turn (with the game so far), until the game ends or
    /// `self.ply_cap` plies (the opening's included) have been played.
    /// Returns the game, from the opening position on (its plies start
    /// with the opening's), and how it ended.
    ///
    /// # Errors
    ///
    /// A [`PlayError`] if a move of the opening is illegal.
    pub fn play(
        &self,
        opening: &[Move],
        mut south: impl FnMut(&Game) -> Option<Move>,
        mut north: impl FnMut(&Game) -> Option<Move>,
    ) -> Result<(Game, MatchEnd), PlayError> {
        let mut game = Game::new(Position::new(), match_rules(self.rules));
        for &mv in opening {
            game.play(mv)?;
        }
        let own_sides = |game: &Game| EndlessPlay::OwnSide.score(game.position(), Player::South);
        loop {
            if let Some(end) = game.end() {
                return Ok((game, MatchEnd::Rules(end)));
            }
            if game.plies().len() >= self.ply_cap {
                let score = own_sides(&game);
                return Ok((game, MatchEnd::PlyCap { score }));
            }
            let player = game.turn();
            let mv = match player {
                Player::South => south(&game),
                Player::North => north(&game),
            };
            let played = mv.map(|mv| game.play(mv));
            if !matches!(played, Some(Ok(_))) {
                return Ok((game, MatchEnd::Forfeit { player, mv }));
            }
        }
    }
}

/// Wins, draws and losses of one side of a match.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Tally {
    /// Games won.
    pub wins: u32,
    /// Games drawn.
    pub draws: u32,
    /// Games lost.
    pub losses: u32,
}

impl Tally {
    /// Counts a game in which the side scored `points` (1, ½ or 0).
    pub fn add(&mut self, points: f64) {
        if points > 0.75 {
            self.wins += 1;
        } else if points > 0.25 {
            self.draws += 1;
        } else {
            self.losses += 1;
        }
    }

    /// The games counted.
    #[must_use]
    pub const fn games(&self) -> u32 {
        self.wins + self.draws + self.losses
    }

    /// The points: a win 1, a draw ½.
    #[must_use]
    pub fn points(&self) -> f64 {
        f64::from(self.wins) + f64::from(self.draws) / 2.0
    }

    /// The share of the points, 0 to 1 (0 without games).
    #[must_use]
    pub fn score(&self) -> f64 {
        match self.games() {
            0 => 0.0,
            games => self.points() / f64::from(games),
        }
    }

    /// The Elo difference the score stands for, and its 95% interval
    /// from the spread of the games' points (normal approximation);
    /// infinite at a score of 0 or 1.
    #[must_use]
    pub fn elo(&self) -> (f64, RangeInclusive<f64>) {
        let elo = self.elo_interval();
        (elo.difference, elo.low..=elo.high)
    }

    /// [`Tally::elo`] as the shape that prints it.
    fn elo_interval(&self) -> Elo {
        let games = f64::from(self.games().max(1));
        let mean = self.score();
        let deviation = |points: f64| (points - mean) * (points - mean);
        let variance = (f64::from(self.wins) * deviation(1.0)
            + f64::from(self.draws) * deviation(0.5)
            + f64::from(self.losses) * deviation(0.0))
            / games;
        let margin = 1.96 * (variance / games).sqrt();
        Elo {
            difference: elo_of(mean),
            low: elo_of(mean - margin),
            high: elo_of(mean + margin),
        }
    }
}

impl fmt::Display for Tally {
    /// `+W =D -L, P/N points (S%), Elo …`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "+{} ={} -{}, {}/{} points ({:.1}%), {}",
            self.wins,
            self.draws,
            self.losses,
            self.points(),
            self.games(),
            100.0 * self.score(),
            self.elo_interval()
        )
    }
}

/// The Elo difference of a score and its 95% interval, printed as
/// `Elo +D [L, H]`.
struct Elo {
    /// The difference.
    pub difference: f64,
    /// The interval's lower end.
    pub low: f64,
    /// The interval's upper end.
    pub high: f64,
}

/// The Elo difference of a share of the points.
fn elo_of(score: f64) -> f64 {
    if score <= 0.0 {
        f64::NEG_INFINITY
    } else if score >= 1.0 {
        f64::INFINITY
    } else {
        -400.0 * (1.0 / score - 1.0).log10()
    }
}

impl fmt::Display for Elo {
    /// `Elo +D [L, H]`, `inf` where infinite.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let show = |value: f64| {
            if value.is_infinite() {
                if value > 0.0 {
                    "+inf".to_owned()
                } else {
                    "-inf".to_owned()
                }
            } else {
                format!("{value:+.0}")
            }
        };
        write!(
            f,
            "Elo {} [{}, {}]",
            show(self.difference),
            show(self.low),
            show(self.high)
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_match_game_starts_from_its_opening() -> Result<(), PlayError> {
        let openings = Match::two_ply_openings();
        assert_eq!(openings.len(), 36);
        // The first legal hole against the last one, from one opening.
        let first = |game: &Game| game.legal_moves().next();
        let last = |game: &Game| game.legal_moves().last();
        let (game, end) = Match::default().play(&openings[0], first, last)?;
        assert!(game.plies().len() >= 2, "the opening's plies come first");
        let mut tally = Tally::default();
        tally.add(end.points(Player::South));
        assert_eq!(tally.games(), 1);
        Ok(())
    }

    #[test]
    fn an_even_score_is_zero_elo_and_a_lopsided_one_is_large() {
        let even = Tally {
            wins: 10,
            draws: 0,
            losses: 10,
        };
        let (difference, interval) = even.elo();
        assert!(difference.abs() < 1e-9);
        assert!(*interval.start() < -100.0 && *interval.end() > 100.0);
        let strong = Tally {
            wins: 90,
            draws: 0,
            losses: 10,
        };
        // 90% is about +382 Elo.
        assert!((strong.elo().0 - 381.7).abs() < 1.0);
        let all = Tally {
            wins: 5,
            draws: 0,
            losses: 0,
        };
        assert!(all.elo().0.is_infinite());
        assert_eq!(
            all.to_string(),
            "+5 =0 -0, 5/5 points (100.0%), Elo +inf [+inf, +inf]"
        );
    }

    #[test]
    fn random_openings_are_legal_and_repeatable() {
        let a = Match::random_openings(10, 4, 7);
        assert_eq!(a, Match::random_openings(10, 4, 7));
        for opening in &a {
            let mut position = Position::new();
            for &mv in opening {
                assert!(position.play(mv).is_ok());
            }
        }
    }
}
