//! A deliberately naive depth-limited negamax, written from the engine's
//! description and sharing no code with the crate: every line to `depth`
//! plies, the store difference at the leaves, the exact difference where
//! the game ends (by rule, or at the first repetition since the last
//! capture, as [`ended`](super::minimax::ended) says). Scores are the
//! mover's final beans minus the other's, in hundredths of a bean.

use super::Board;
use super::minimax::{NaiveRules, ended};

fn from_mover(board: &Board, south: u32) -> i32 {
    let diff = 2 * south as i32 - 72;
    100 * if board.south_to_move { diff } else { -diff }
}

/// The negamax value of `board` searched `depth` plies with `history`
/// (the positions since the last capture, oldest first); `root` skips the
/// end-of-game test of the position itself, as the engine does for the
/// position it is asked about.
pub fn depth_value(
    board: &Board,
    history: &mut Vec<Board>,
    rules: NaiveRules,
    south_sowed_last: bool,
    depth: u32,
    root: bool,
) -> i32 {
    if !root && let Some(south) = ended(board, history, rules, south_sowed_last) {
        return from_mover(board, south);
    }
    if depth == 0 {
        let (own, other) = if board.south_to_move { (0, 1) } else { (1, 0) };
        return 100 * (board.stores[own] as i32 - board.stores[other] as i32);
    }
    history.push(board.clone());
    let moves = board.moves();
    let value = if moves.is_empty() {
        let mut passed = board.clone();
        passed.south_to_move = !board.south_to_move;
        -depth_value(&passed, history, rules, south_sowed_last, depth - 1, false)
    } else {
        let mut best = i32::MIN;
        for hole in moves {
            let value = move_value(board, hole, history, rules, depth);
            best = best.max(value);
        }
        best
    };
    history.pop();
    value
}

/// The value of sowing `hole` from `board` (the last entry of `history`
/// if `history` is not empty), searched `depth - 1` plies after it, from
/// `board`'s mover's view.
pub fn move_value(
    board: &Board,
    hole: usize,
    history: &mut Vec<Board>,
    rules: NaiveRules,
    depth: u32,
) -> i32 {
    let (child, captures) = board.play(hole);
    let sowed = board.south_to_move;
    if captures.is_empty() {
        -depth_value(&child, history, rules, sowed, depth - 1, false)
    } else {
        -depth_value(&child, &mut Vec::new(), rules, sowed, depth - 1, false)
    }
}
