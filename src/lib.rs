#![doc = include_str!("../README.md")]
#![forbid(unsafe_code)]
#![warn(missing_docs)]

mod capture;
mod game;
mod hole;
mod moves;
pub mod notation;
mod outcome;
mod partie;
mod perft;
mod player;
mod position;
mod rules;
mod setup;
mod setup_text;
mod sowing;
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

pub use capture::{Capture, Captures};
pub use game::{Action, EndReason, Game, GameEnd, Ply};
pub use hole::{Hole, HoleError};
pub use moves::{Move, Moves};
pub use outcome::{Outcome, Score};
pub use partie::{Partie, PartieError};
pub use perft::perft;
pub use player::Player;
pub use position::{IllegalMoveKind, PlayError, Position};
pub use rules::{EndlessPlay, Rules, Variant};
pub use setup::{Setup, SetupError, TOTAL_BEANS};
pub use setup_text::{ParsePositionError, SetupParseError, SetupParseErrorKind};
