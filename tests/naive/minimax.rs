//! A deliberately naive exact search, written from the search rule of the
//! analysis module's docs and sharing no code with the crate: minimax over
//! every line with the move code of [`Board`](super::Board), cut only by
//! alpha-beta and the bound of the stores, remembering only history-free
//! values ([`Reference`]); and plain minimax with no pruning and no memo
//! ([`plain_value`]), which checks it on small positions.
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
    let first = if south { 0 } else { 6 };
    let mut beans = 0;
    for hole in first..first + 6 {
        beans += board.holes[hole];
    }
    beans
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

/// The exact search of the tests: minimax over every line, the
/// repetition rule done by the plain list of the line's positions since
/// the last capture.
///
/// Two things keep it fast enough for thousands of positions, and both are
/// plain:
///
/// - **A bound and alpha-beta.** South's final beans lie between South's
///   store and 72 less North's store, so a line is cut as soon as it
///   cannot change its parent's choice (alpha-beta pruning, with moves
///   in hole order). Plain minimax without it is exponential in the
///   length of the lines without a capture: [`plain_value`] is kept to
///   check this search on small positions.
/// - **A memo of history-free values only.** A position right after a
///   capture has no history, so its value is its own: it is searched with
///   the full window, so the value is exact, and remembered by the
///   position and who sowed last. Nothing else is remembered: a position
///   with a history has a value that belongs to its line.
pub struct Reference {
    rules: NaiveRules,
    /// By [`key`] and whether South sowed last.
    after_capture: HashMap<([u8; 15], bool), u32>,
    /// The nodes visited so far, by every call.
    pub nodes: u64,
}

impl Reference {
    /// A search under `rules` with an empty memo.
    pub fn new(rules: NaiveRules) -> Reference {
        Reference {
            rules,
            after_capture: HashMap::new(),
            nodes: 0,
        }
    }

    /// South's final beans under best play from `board` with `history`
    /// (the positions since the last capture, oldest first); the player
    /// who sowed last is South if `south_sowed_last`.
    pub fn value(&mut self, board: &Board, history: &[Board], south_sowed_last: bool) -> u32 {
        self.walk(board, &mut history.to_vec(), south_sowed_last, 0, 72)
    }

    /// The value of each legal move, by hole number, of a position whose
    /// game is not over.
    pub fn move_values(&mut self, board: &Board, history: &[Board]) -> Vec<(usize, u32)> {
        let mut history = history.to_vec();
        history.push(board.clone());
        board
            .moves()
            .into_iter()
            .map(|hole| (hole, self.child(board, hole, &mut history, 0, 72)))
            .collect()
    }

    /// The value of `board` with the history as a stack that every line
    /// pushes onto and pops from. A value strictly between `alpha` and
    /// `beta` is exact; one at most `alpha` says only that the value is
    /// at most that, one at least `beta` only that it is at least that.
    fn walk(
        &mut self,
        board: &Board,
        history: &mut Vec<Board>,
        south_sowed_last: bool,
        mut alpha: u32,
        mut beta: u32,
    ) -> u32 {
        self.nodes += 1;
        if let Some(value) = ended(board, history, self.rules, south_sowed_last) {
            return value;
        }
        let (least, most) = (board.stores[0], 72 - board.stores[1]);
        if least >= beta {
            return least;
        }
        if most <= alpha {
            return most;
        }
        alpha = alpha.max(least);
        beta = beta.min(most);
        history.push(board.clone());
        let moves = board.moves();
        let value = if moves.is_empty() {
            // Hemprich: pass.
            let mut passed = board.clone();
            passed.south_to_move = !board.south_to_move;
            self.walk(&passed, history, south_sowed_last, alpha, beta)
        } else {
            let mut best = if board.south_to_move { least } else { most };
            for hole in moves {
                let value = self.child(board, hole, history, alpha, beta);
                if board.south_to_move {
                    best = best.max(value);
                    alpha = alpha.max(value);
                } else {
                    best = best.min(value);
                    beta = beta.min(value);
                }
                if alpha >= beta {
                    break;
                }
            }
            best
        };
        history.pop();
        value
    }

    /// The value after `hole` is played at `board`, the last position of
    /// `history`, within `alpha..beta` as for [`Reference::walk`].
    fn child(
        &mut self,
        board: &Board,
        hole: usize,
        history: &mut Vec<Board>,
        alpha: u32,
        beta: u32,
    ) -> u32 {
        let (next, captures) = board.play(hole);
        if captures.is_empty() {
            return self.walk(&next, history, board.south_to_move, alpha, beta);
        }
        let key = (key(&next), board.south_to_move);
        if let Some(&value) = self.after_capture.get(&key) {
            return value;
        }
        let value = self.walk(&next, &mut Vec::new(), board.south_to_move, 0, 72);
        self.after_capture.insert(key, value);
        value
    }
}

/// A position as bytes, a memo key: the holes, the stores, and 1 if South
/// is to move.
fn key(board: &Board) -> [u8; 15] {
    let [a, b, c, d, e, f, g, h, i, j, k, l] = board.holes.map(|beans| beans as u8);
    let [south, north] = board.stores.map(|beans| beans as u8);
    let turn = u8::from(board.south_to_move);
    [a, b, c, d, e, f, g, h, i, j, k, l, south, north, turn]
}

/// South's final beans under best play by plain minimax over every line,
/// with no pruning and no memo, or `None` if that takes more than `limit`
/// nodes: the check of [`Reference`] on small positions.
pub fn plain_value(
    board: &Board,
    history: &[Board],
    rules: NaiveRules,
    south_sowed_last: bool,
    limit: u64,
) -> Option<u32> {
    let mut nodes = 0;
    plain(
        board,
        &mut history.to_vec(),
        rules,
        south_sowed_last,
        &mut nodes,
        limit,
    )
}

/// [`plain_value`] with the history as a stack and a count of the nodes.
fn plain(
    board: &Board,
    history: &mut Vec<Board>,
    rules: NaiveRules,
    south_sowed_last: bool,
    nodes: &mut u64,
    limit: u64,
) -> Option<u32> {
    *nodes += 1;
    if *nodes > limit {
        return None;
    }
    if let Some(value) = ended(board, history, rules, south_sowed_last) {
        return Some(value);
    }
    history.push(board.clone());
    let moves = board.moves();
    let value = if moves.is_empty() {
        let mut passed = board.clone();
        passed.south_to_move = !board.south_to_move;
        plain(&passed, history, rules, south_sowed_last, nodes, limit)
    } else {
        let mut values = Vec::new();
        for hole in moves {
            let (next, captures) = board.play(hole);
            let value = if captures.is_empty() {
                plain(&next, history, rules, board.south_to_move, nodes, limit)
            } else {
                plain(
                    &next,
                    &mut Vec::new(),
                    rules,
                    board.south_to_move,
                    nodes,
                    limit,
                )
            };
            values.push(value?);
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
