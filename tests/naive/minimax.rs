//! A deliberately naive exact search, written from the search rule of the
//! analysis module's docs and sharing no code with the crate: plain
//! minimax over every line, no pruning, no memo, with the move code of
//! [`Board`](super::Board).
//!
//! - Standard rules: a player to move without beans ends the game, and
//!   the beans left go to the other player.
//! - Hemprich: a player without beans passes; the game ends when no bean
//!   is left on the board.
//! - A position (board, stores, player to move) that occurred before since
//!   the last capture ends the game (after the end by rule); the beans on
//!   the board are shared: each their own side, all to the player who
//!   sowed last, or half each.

use std::collections::HashMap;

use super::Board;

/// The rules variant, as plain flags.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct NaiveRules {
    /// Hemprich's variant instead of the standard rules.
    pub hemprich: bool,
    /// How a repetition shares the beans on the board.
    pub endless: Endless,
}

/// How a repetition shares the beans on the board.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Endless {
    OwnSide,
    LastMover,
    Split,
}

fn side(board: &Board, south: bool) -> u32 {
    let range = if south { 0..6 } else { 6..12 };
    board.holes[range].iter().sum()
}

/// South's final beans when the game ends by repetition at `board`.
fn endless_south(board: &Board, rules: NaiveRules, south_sowed_last: bool) -> u32 {
    let on_board = side(board, true) + side(board, false);
    board.stores[0]
        + match rules.endless {
            Endless::OwnSide => side(board, true),
            Endless::LastMover if south_sowed_last => on_board,
            Endless::LastMover => 0,
            Endless::Split => on_board / 2,
        }
}

/// What the game is at `board` with `history` (the positions since the
/// last capture, oldest first): `Some(south's final beans)` if it is over.
pub fn ended(
    board: &Board,
    history: &[Board],
    rules: NaiveRules,
    south_sowed_last: bool,
) -> Option<u32> {
    let mover_has_beans = side(board, board.south_to_move) > 0;
    if !rules.hemprich && !mover_has_beans {
        let left = side(board, true) + side(board, false);
        let south_gets = if board.south_to_move { 0 } else { left };
        return Some(board.stores[0] + south_gets);
    }
    if rules.hemprich && side(board, true) + side(board, false) == 0 {
        return Some(board.stores[0]);
    }
    if history.contains(board) {
        return Some(endless_south(board, rules, south_sowed_last));
    }
    None
}

/// South's final beans under best play, or `None` if that takes more
/// than `limit` nodes (plain minimax is exponential in the length of the
/// lines without a capture).
pub fn value(
    board: &Board,
    history: &[Board],
    rules: NaiveRules,
    south_sowed_last: bool,
    limit: u64,
) -> Option<u32> {
    let mut walker = Walker {
        rules,
        nodes: 0,
        limit,
        after_capture: HashMap::new(),
    };
    walker.walk(board, &mut history.to_vec(), south_sowed_last)
}

/// The value of each legal move, by hole number, of a position whose game
/// is not over, or `None` if that takes more than `limit` nodes.
pub fn move_values(
    board: &Board,
    history: &[Board],
    rules: NaiveRules,
    limit: u64,
) -> Option<Vec<(usize, u32)>> {
    let mut walker = Walker {
        rules,
        nodes: 0,
        limit,
        after_capture: HashMap::new(),
    };
    let mut history = history.to_vec();
    history.push(board.clone());
    board
        .moves()
        .into_iter()
        .map(|hole| Some((hole, walker.child(board, hole, &mut history)?)))
        .collect()
}

/// Plain minimax with a count of the nodes visited.
///
/// A position right after a capture has no history, so its value is its
/// own: those values are remembered (by the position's text and who sowed
/// last). Nothing else is.
struct Walker {
    rules: NaiveRules,
    nodes: u64,
    limit: u64,
    after_capture: HashMap<(String, bool), u32>,
}

impl Walker {
    /// The value of `board` with the history as a stack that every line
    /// pushes onto and pops from.
    fn walk(
        &mut self,
        board: &Board,
        history: &mut Vec<Board>,
        south_sowed_last: bool,
    ) -> Option<u32> {
        self.nodes += 1;
        if self.nodes > self.limit {
            return None;
        }
        if let Some(value) = ended(board, history, self.rules, south_sowed_last) {
            return Some(value);
        }
        history.push(board.clone());
        let moves = board.moves();
        let value = if moves.is_empty() {
            // Hemprich: pass.
            let mut passed = board.clone();
            passed.south_to_move = !board.south_to_move;
            self.walk(&passed, history, south_sowed_last)
        } else {
            let mut values = Vec::new();
            for hole in moves {
                values.push(self.child(board, hole, history)?);
            }
            if board.south_to_move {
                values.into_iter().max()
            } else {
                values.into_iter().min()
            }
        };
        history.pop();
        value
    }

    /// The value after `hole` is played at `board`, the last position of
    /// `history`.
    fn child(&mut self, board: &Board, hole: usize, history: &mut Vec<Board>) -> Option<u32> {
        let (next, captures) = board.play(hole);
        if captures.is_empty() {
            return self.walk(&next, history, board.south_to_move);
        }
        let key = (format!("{next:?}"), board.south_to_move);
        if let Some(&value) = self.after_capture.get(&key) {
            return Some(value);
        }
        let value = self.walk(&next, &mut Vec::new(), board.south_to_move)?;
        self.after_capture.insert(key, value);
        Some(value)
    }
}

/// Plays `line` (hole numbers, Hemprich passes implied) from `board` and
/// returns South's final beans if the game is then over, `None` if a move
/// is illegal or the game goes on.
pub fn play_out(
    board: &Board,
    history: &[Board],
    rules: NaiveRules,
    south_sowed_last: bool,
    line: &[usize],
) -> Option<u32> {
    let mut board = board.clone();
    let mut history = history.to_vec();
    let mut south_sowed_last = south_sowed_last;
    let mut line = line.iter();
    loop {
        if let Some(value) = ended(&board, &history, rules, south_sowed_last) {
            return line.next().is_none().then_some(value);
        }
        history.push(board.clone());
        if board.moves().is_empty() {
            board.south_to_move = !board.south_to_move;
            continue;
        }
        let &hole = line.next()?;
        if !board.moves().contains(&hole) {
            return None;
        }
        south_sowed_last = board.south_to_move;
        let (next, captures) = board.play(hole);
        if !captures.is_empty() {
            history.clear();
        }
        board = next;
    }
}
