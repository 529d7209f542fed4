#![doc = include_str!("../README.md")]
#![forbid(unsafe_code)]
#![warn(missing_docs)]

mod hole;
mod player;

pub mod notation;

pub use hole::{Hole, HoleError};
pub use player::Player;
