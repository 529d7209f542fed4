#![doc = include_str!("../README.md")]
#![forbid(unsafe_code)]
#![warn(missing_docs)]

#[cfg(feature = "svg")]
pub mod diagram;
pub mod notation;
mod rules;
pub mod validate;

/// The configuration of the crate's own property tests: `cases` cases and
/// no regression files (the crate's layout has no room for them).
#[cfg(test)]
pub(crate) fn proptest_config(cases: u32) -> proptest::prelude::ProptestConfig {
    proptest::prelude::ProptestConfig {
        cases,
        failure_persistence: None,
        ..proptest::prelude::ProptestConfig::default()
    }
}

pub use rules::{
    Action, Capture, Captures, ClaimError, EndReason, EndlessPlay, Game, GameEnd, Hole, HoleError,
    IllegalMoveKind, Move, Moves, Outcome, ParsePositionError, ParseRulesError, Partie,
    PartieError, PlayError, Player, Ply, Position, Recurrence, Repetition, Rules, Score, Setup,
    SetupError, SetupParseError, SetupParseErrorKind, TOTAL_BEANS, Variant, perft,
};
