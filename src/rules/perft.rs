//! Counting the leaf nodes of the move tree.

use crate::Position;

/// The number of move sequences of length `depth` from `position` under
/// the standard rules: the leaf nodes of the move tree.
///
/// `depth` 0 counts 1. A finished game (the player to move has no beans)
/// has no moves, so it counts 0 at any depth above 0. Repetition is
/// ignored, as chess perft ignores draws by repetition. The last ply is
/// counted in bulk, from the number of legal moves.
///
/// ```
/// use bohnenspiel::{perft, Position};
///
/// let opening = Position::new();
/// assert_eq!(perft(&opening, 0), 1);
/// assert_eq!(perft(&opening, 1), 6);
/// assert_eq!(perft(&opening, 2), 36);
/// ```
#[must_use]
pub fn perft(position: &Position, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => position.count_moves(),
        _ => interior(position, depth),
    }
}

/// Perft at `depth >= 2`: the children at depth 2 are counted in bulk
/// inline, without a call per child.
fn interior(position: &Position, depth: u32) -> u64 {
    let mut nodes = 0;
    for mv in position.legal_moves() {
        let child = position.successor(mv.hole().index());
        nodes += if depth <= 2 {
            child.count_moves()
        } else {
            interior(&child, depth - 1)
        };
    }
    nodes
}
