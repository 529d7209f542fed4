//! Pictures of a position (feature `svg`): an SVG diagram of the board,
//! drawn as the published problems were, with the last ply's marks.
//!
//! North's row is on top, read from hole 12 to hole 7, South's below from
//! 1 to 6; North's store is on the left and South's on the right. Each
//! hole shows its number and its beans; the stores show their beans, and
//! the line under the board says who is to move (or a caption given to
//! [`svg`]: how the game ended, for a finished game). The last ply, given
//! as its [`Action`](crate::Action), adds a ring round the hole it was
//! sown from and marks the holes it captured from.
//!
//! ```
//! use bohnenspiel::diagram::svg;
//! use bohnenspiel::{Action, Move, Position};
//!
//! let mut position = Position::new();
//! let mv = Move::from_number(4)?;
//! let captures = position.play(mv)?;
//! let picture = svg(&position, Some(Action::Sow { mv, captures }), None);
//! assert!(picture.starts_with("<svg "));
//! assert!(picture.contains(r#"<g id="hole-4" class="hole south sown">"#));
//! assert!(picture.contains("North to move"));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! This module is a layer of its own: it uses the rules and nothing else.

mod svg;

pub use svg::svg;
