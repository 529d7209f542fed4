//! The rules engine: the board, sowing and captures, legal moves, the end of
//! the game, endless play, the Hemprich variant, a match, and perft.
//!
//! This layer uses nothing else of the crate. Its types are re-exported at
//! the crate's root, where they are documented: [`Position`](crate::Position),
//! [`Game`](crate::Game), [`Rules`](crate::Rules) and the rest.

mod capture;
mod error;
mod game;
mod hole;
mod moves;
mod options;
mod outcome;
mod partie;
mod perft;
mod player;
mod position;
mod setup;
mod setup_text;
mod sowing;

pub use capture::{Capture, Captures};
pub use error::RulesError;
pub(crate) use game::Checkpoint;
pub use game::{Action, EndReason, Game, GameEnd, Ply};
pub use hole::Hole;
pub use moves::{Move, Moves};
pub use options::{EndlessPlay, Rules, Variant};
pub use outcome::{Outcome, Score};
pub use partie::Partie;
pub use perft::perft;
pub use player::Player;
pub use position::{PlayError, Position};
pub use setup::Setup;
pub(crate) use setup::TOTAL_BEANS;
pub(crate) use sowing::sow;
