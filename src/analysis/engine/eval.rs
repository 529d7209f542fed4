//! The evaluation: an estimate of a position's final score difference
//! from the player to move's view, in hundredths of a bean.

use crate::{Player, Position};

/// Hundredths of a bean: the unit of the engine's internal scores.
pub(crate) const SCALE: i32 = 100;

/// The number of board features the evaluation weighs.
const FEATURES: usize = 8;

/// How the engine estimates a position where its search stops: the
/// difference of the stores plus these weights applied to the features
/// of the board, each in hundredths of a bean of the final difference
/// (mover's beans minus the other player's) per unit of the feature,
/// and a constant (the value of being to move). [`Weights::TUNED`] by
/// default; [`Weights::ZERO`] is the difference of the stores alone,
/// what other Bohnenspiel programs use.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Weights {
    /// One weight per feature, in the order of
    /// [`Weights::FEATURE_NAMES`].
    pub features: [i32; FEATURES],
    /// The constant term.
    pub tempo: i32,
}

impl Weights {
    /// The number of board features the evaluation weighs.
    pub const FEATURES: usize = FEATURES;

    /// The names of the features, in the order of [`Weights::features()`].
    pub const FEATURE_NAMES: [&str; FEATURES] = [
        "beans on own side minus the other side",
        "own holes holding 1, 3 or 5",
        "other holes holding 1, 3 or 5",
        "own empty holes",
        "other empty holes",
        "own holes holding 12 or more",
        "other holes holding 12 or more",
        "best capture now (beans)",
    ];

    /// All weights zero: the store difference alone (the engine then
    /// skips the board's features).
    pub const ZERO: Weights = Weights {
        features: [0; FEATURES],
        tempo: 0,
    };

    /// The weights the engine uses by default, found by least squares on
    /// exact values from the endgame table of up to 16 beans, on 100,000
    /// positions that random games reach (`cargo run --release --example
    /// tune_eval -- 16` prints them): they predict the exact final
    /// difference with a mean error of 3.1 beans where the store
    /// difference alone is off by 5.4.
    pub const TUNED: Weights = Weights {
        features: [27, -71, 50, -203, 213, -129, 158, 66],
        tempo: -44,
    };
}

impl Default for Weights {
    fn default() -> Weights {
        Weights::TUNED
    }
}

impl Weights {
    /// The board features of `position`, from the player to move's view,
    /// in the order of [`Weights::FEATURE_NAMES`]: what the weights weigh.
    #[must_use]
    pub fn features(position: &Position) -> [i32; FEATURES] {
        let mover = position.turn();
        let board = position.board();
        let (own, other) = match mover {
            Player::South => board.split_at(6),
            Player::North => {
                let (south, north) = board.split_at(6);
                (north, south)
            }
        };
        let sum = |side: &[u8]| side.iter().map(|&b| i32::from(b)).sum::<i32>();
        let count = |side: &[u8], test: fn(u8) -> bool| {
            side.iter().filter(|&&beans| test(beans)).count() as i32
        };
        let odd_small = |beans: u8| matches!(beans, 1 | 3 | 5);
        let empty = |beans: u8| beans == 0;
        let loaded = |beans: u8| beans >= 12;
        let best_capture = position
            .legal_moves()
            .map(|mv| {
                let child = position.successor(mv.hole().index());
                i32::from(child.store(mover)) - i32::from(position.store(mover))
            })
            .max()
            .unwrap_or(0);
        [
            sum(own) - sum(other),
            count(own, odd_small),
            count(other, odd_small),
            count(own, empty),
            count(other, empty),
            count(own, loaded),
            count(other, loaded),
            best_capture,
        ]
    }
}

/// The store difference from the mover's view, in [`SCALE`] units.
#[inline]
pub(crate) fn store_difference(position: &Position) -> i32 {
    let mover = position.turn();
    (i32::from(position.store(mover)) - i32::from(position.store(!mover))) * SCALE
}

/// The estimate of `position` (not over) under `weights`, from the
/// mover's view, in [`SCALE`] units.
pub(crate) fn evaluate(position: &Position, weights: Weights) -> i32 {
    if weights == Weights::ZERO {
        return store_difference(position);
    }
    let board = Weights::features(position)
        .iter()
        .zip(weights.features)
        .map(|(&feature, weight)| feature * weight)
        .sum::<i32>();
    store_difference(position) + board + weights.tempo
}
