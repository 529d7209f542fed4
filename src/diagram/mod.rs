//! Pictures of a position (feature `svg`): an SVG diagram of the board,
//! drawn as the published problems were, with the last ply's marks.
//!
//! North's row is on top, read from hole 12 to hole 7, South's below from
//! 1 to 6; North's store is on the left and South's on the right. Each
//! hole shows its number and its beans; the stores show their beans, and
//! the line under the board says who is to move (or a caption given to
//! [`svg`]: how the game ended, for a finished game). [`Marks`] add a ring
//! round the hole the last ply was sown from and mark the holes it
//! captured from.
//!
//! ```
//! use bohnenspiel::diagram::{Marks, svg};
//! use bohnenspiel::{Move, Position};
//!
//! let mut position = Position::new();
//! let mv = Move::from_number(4)?;
//! let captures = position.play(mv)?;
//! let picture = svg(&position, &Marks::of_ply(mv, captures), None);
//! assert!(picture.starts_with("<svg "));
//! assert!(picture.contains(r#"<g id="hole-4" class="hole south sown">"#));
//! assert!(picture.contains("North to move"));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! This module is a layer of its own: it uses the rules and nothing else.

mod svg;

pub use svg::svg;

use crate::{Captures, Hole, Move};

/// What to mark on a diagram besides the beans: the hole the last ply
/// was sown from and the holes it captured from.
#[derive(Debug, Clone, Copy, Default)]
pub struct Marks {
    /// The hole the last ply was sown from, if any.
    pub sown: Option<Hole>,
    /// What the last ply captured, hole by hole.
    pub captures: Captures,
}

impl Marks {
    /// No marks.
    pub const NONE: Marks = Marks {
        sown: None,
        captures: Captures::NONE,
    };

    /// The marks of a ply: `mv` sown, `captures` taken.
    #[must_use]
    pub fn of_ply(mv: Move, captures: Captures) -> Marks {
        Marks {
            sown: Some(mv.hole()),
            captures,
        }
    }

    /// Whether `hole` was captured from.
    #[must_use]
    pub fn is_captured(&self, hole: Hole) -> bool {
        self.captures.iter().any(|capture| capture.hole == hole)
    }
}
