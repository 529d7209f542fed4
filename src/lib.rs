//! The rules, the written notation and a transcript validator for
//! **Bohnenspiel**, the Baltic-German two-row mancala game.
//!
#![doc = concat!(
    "<img alt=\"The start of Maksat Shotayev's problem The Gentlemen (2006): South to move and draw\" width=\"365\" src=\"data:image/svg+xml;base64,",
    include_str!("../fixtures/shotayev-gentlemen-start.svg.base64"),
    "\">"
)]
//!
//! *The start of Maksat Shotayev's problem "The Gentlemen", drawn by
//! `bohnenspiel diagram fixtures/shotayev-gentlemen.txt` (the SVG is
//! inlined in this page).*
//!
//! - **Rules engine**: a small `Copy` [`Position`], legal [`Moves`] that
//!   never allocate, sowing with chained [`Captures`], a [`Game`] with its
//!   end and endless play ([`Rules`], [`Variant::Hemprich`]), a
//!   [`Partie`] to 100 points, and [`perft`].
//! - **Notation**: the [`notation`] module parses and prints game records
//!   as people publish them.
//! - **Validation**: the [`validate`] module replays a record against the
//!   rules and reports each finding with its place; with the feature
//!   `serde` it also builds the lossless JSON document of a game.
//! - **Diagrams**: the `diagram` module (feature `svg`) draws a position
//!   as SVG.
//!
//! The README (on the crate's page and in its sources) gives the rules
//! as implemented, an example for each job, the `bohnenspiel` command
//! (feature `cli`), the figures and the layers of the source.
//!
//! ```
//! use bohnenspiel::{Move, Outcome, Player, Position};
//!
//! let mut position = Position::new();
//! // 4,8; 6,12 (2 from hole 8)
//! for hole in [4, 8, 6] {
//!     assert!(position.play(Move::from_number(hole)?)?.is_empty());
//! }
//! let captures = position.play(Move::from_number(12)?)?;
//! assert_eq!(captures.to_string(), "2 from 8");
//! assert_eq!(position.store(Player::North), 2);
//! assert_eq!(position.outcome(), None::<Outcome>);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! Replaying a record:
//!
//! ```
//! use bohnenspiel::notation::parse_records;
//! use bohnenspiel::validate::{Options, validate};
//!
//! let games = parse_records("4,8; 6,12 (2 from hole 8); 6,7; 3 (2 from 12)\n");
//! let report = validate(&games[0], &Options::default());
//! assert!(!report.has_errors());
//! assert_eq!(report.main_line.plies.len(), 7);
//! ```
#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod analysis;
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

/// The README's code blocks, compiled and run as doctests (they need the
/// features `serde` and `svg`); the README itself is plain Markdown, so
/// that it reads the same on the registry, on a code host and here.
#[cfg(all(doctest, feature = "serde", feature = "svg"))]
#[doc = include_str!("../README.md")]
pub struct ReadmeDoctests;

pub(crate) use rules::TOTAL_BEANS;
pub use rules::{
    Action, Capture, Captures, EndReason, EndlessPlay, Game, GameEnd, Hole, Move, Moves, Outcome,
    Partie, PlayError, Player, Ply, Position, Rules, RulesError, Score, Setup, Variant, perft,
};
