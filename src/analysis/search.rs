//! The alpha-beta search behind [`Solver`](super::Solver), on values in
//! South's final beans (0..=72).

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};
use std::time::Instant;

use crate::{EndlessPlay, Player, Position, Rules, TOTAL_BEANS, Variant};

/// The lowest value below any score, and the highest above any.
pub(crate) const BELOW: i32 = -1;
pub(crate) const ABOVE: i32 = TOTAL_BEANS as i32 + 1;

/// A memo key: the board and the player to move.
pub(crate) fn key(position: &Position) -> u128 {
    let mut bytes = [0u8; 16];
    let (board, rest) = bytes.split_at_mut(12);
    board.copy_from_slice(&position.board());
    rest[0] = position.turn() as u8;
    u128::from_le_bytes(bytes)
}

/// A hasher for memo keys: one multiply of the two halves folded.
#[derive(Default)]
pub(crate) struct KeyHasher(u64);

impl Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &byte in bytes {
            self.0 = (self.0.rotate_left(8) ^ u64::from(byte)).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        }
    }

    fn write_u128(&mut self, value: u128) {
        let folded = (value as u64) ^ ((value >> 64) as u64).rotate_left(23);
        self.0 = folded.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ (folded >> 29);
    }
}

/// History-free bounds, by [`key`]: the least and the most beans South
/// still gets from the board.
pub(crate) type Memo = HashMap<u128, (u8, u8), BuildHasherDefault<KeyHasher>>;

/// The work ran out.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Exhausted;

/// Something that knows exact history-free values: the beans South still
/// gets from the board of `position`, or `None` when it does not cover it.
pub(crate) trait Oracle {
    fn board_value(&self, position: &Position) -> Option<u8>;
}

/// An endgame table when there is one.
impl Oracle for Option<&super::EndgameTable> {
    fn board_value(&self, position: &Position) -> Option<u8> {
        self.and_then(|table| table.board_value(position))
    }
}

/// One search: the rules, the memo, the line since the last capture, and
/// the work done and allowed.
pub(crate) struct Search<'a, O: Oracle> {
    pub(crate) rules: Rules,
    pub(crate) memo: &'a mut Memo,
    pub(crate) memo_limit: usize,
    pub(crate) oracle: &'a O,
    /// The positions of the current line; those since the last capture
    /// (the history of the node searched) are `path[base..]`.
    pub(crate) path: Vec<Position>,
    pub(crate) base: usize,
    pub(crate) nodes: u64,
    pub(crate) node_limit: u64,
    pub(crate) deadline: Option<Instant>,
}

/// What a position is before any move is tried.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum State {
    /// The game is over with South getting this many beans.
    Over(i32),
    /// Hemprich: the player to move has no beans and passes.
    Pass,
    /// The player to move chooses a move.
    Moves,
}

/// South's beans in a final score.
fn south(score: crate::Score) -> i32 {
    i32::from(score.south)
}

impl<O: Oracle> Search<'_, O> {
    /// Whether `position` occurred since the last capture on the current
    /// line (`path[base..]`, the last entry being its parent).
    pub(crate) fn repeats(&self, position: &Position) -> bool {
        // Every ply passes the turn: only an even number of plies back can
        // hold the same position.
        self.path[self.base..]
            .iter()
            .rev()
            .skip(1)
            .step_by(2)
            .any(|earlier| earlier == position)
    }

    /// What `position` is on the current line.
    pub(crate) fn state(&self, position: &Position, last_sower: Player) -> State {
        let stuck = position.is_game_over();
        match self.rules.variant {
            Variant::Standard if stuck => {
                return State::Over(position.final_score().map_or(0, south));
            }
            Variant::Hemprich if position.beans_on_board() == 0 => {
                return State::Over(south(position.stores()));
            }
            _ => {}
        }
        if self.repeats(position) {
            State::Over(south(endless(
                self.rules.endless_play,
                position,
                last_sower,
            )))
        } else if stuck {
            State::Pass
        } else {
            State::Moves
        }
    }

    /// Counts a node and checks the budget.
    #[inline]
    fn tick(&mut self) -> Result<(), Exhausted> {
        self.nodes += 1;
        if self.nodes > self.node_limit {
            return Err(Exhausted);
        }
        if self.nodes.is_multiple_of(1024)
            && let Some(deadline) = self.deadline
            && Instant::now() >= deadline
        {
            return Err(Exhausted);
        }
        Ok(())
    }

    /// Searches `child`, reached from `parent` (the last entry of the
    /// path) by a move of `parent`'s player: with an empty history if the
    /// move captured.
    pub(crate) fn child(
        &mut self,
        parent: &Position,
        child: &Position,
        alpha: i32,
        beta: i32,
    ) -> Result<i32, Exhausted> {
        if child.stores() != parent.stores() {
            let saved = self.base;
            self.base = self.path.len();
            let value = self.search(child, parent.turn(), alpha, beta);
            self.base = saved;
            value
        } else {
            self.search(child, parent.turn(), alpha, beta)
        }
    }

    /// The value of `position` (South's final beans) with the history
    /// `path[base..]`, fail-soft within the window `alpha..beta`: a value
    /// at most `alpha` is an upper bound, one at least `beta` a lower
    /// bound, one in between exact. `last_sower` sowed last.
    pub(crate) fn search(
        &mut self,
        position: &Position,
        last_sower: Player,
        mut alpha: i32,
        mut beta: i32,
    ) -> Result<i32, Exhausted> {
        self.tick()?;
        let state = self.state(position, last_sower);
        if let State::Over(value) = state {
            return Ok(value);
        }
        let store = i32::from(position.store(Player::South));
        let free = self.base == self.path.len();
        let mut low = store;
        let mut high = i32::from(TOTAL_BEANS - position.store(Player::North));
        let key = key(position);
        if free {
            if let Some(beans) = self.oracle.board_value(position) {
                return Ok(store + i32::from(beans));
            }
            if let Some(&(lo, hi)) = self.memo.get(&key) {
                low = store + i32::from(lo);
                high = store + i32::from(hi);
            }
        }
        if low >= beta || low == high {
            return Ok(low);
        }
        if high <= alpha {
            return Ok(high);
        }
        alpha = alpha.max(low);
        beta = beta.min(high);
        let (window_low, window_high) = (alpha, beta);
        self.path.push(*position);
        let result = if state == State::Pass {
            self.search(&position.passed(), last_sower, alpha, beta)
        } else {
            self.moves(position, alpha, beta)
        };
        self.path.pop();
        let value = result?;
        if free {
            let (mut lo, mut hi) = (low, high);
            if value <= window_low {
                hi = hi.min(value);
            } else if value >= window_high {
                lo = lo.max(value);
            } else {
                (lo, hi) = (value, value);
            }
            if self.memo.len() >= self.memo_limit {
                self.memo.clear();
            }
            let relative = |v: i32| u8::try_from(v - store).unwrap_or(0);
            self.memo.insert(key, (relative(lo), relative(hi)));
        }
        Ok(value)
    }

    /// The best of `position`'s moves (it is the last entry of the path).
    fn moves(
        &mut self,
        position: &Position,
        mut alpha: i32,
        mut beta: i32,
    ) -> Result<i32, Exhausted> {
        let children = ordered_children(position);
        let maximising = position.turn() == Player::South;
        let mut best = if maximising { BELOW } else { ABOVE };
        for child in children.iter().flatten() {
            let value = self.child(position, child, alpha, beta)?;
            if maximising {
                best = best.max(value);
                alpha = alpha.max(best);
            } else {
                best = best.min(value);
                beta = beta.min(best);
            }
            if alpha >= beta {
                break;
            }
        }
        Ok(best)
    }
}

/// The final score of a game ended by repetition in `position`.
pub(crate) fn endless(rule: EndlessPlay, position: &Position, last_sower: Player) -> crate::Score {
    rule.score(position, last_sower)
}

/// The positions after each legal move, the biggest captures first (then
/// in hole order).
pub(crate) fn ordered_children(position: &Position) -> [Option<Position>; 6] {
    let mut children = [None; 6];
    let mut gains = [0u8; 6];
    let mover = position.turn();
    for (count, mv) in position.legal_moves().enumerate() {
        let child = position.successor(mv.hole().index());
        let gain = child.store(mover).wrapping_sub(position.store(mover));
        insert_by_key(&mut gains, &mut children, count, gain, child);
    }
    children
}

/// Puts `item` with `key` among the first `count` entries of `keys` and
/// `items`, which are in order of falling key: after every entry whose
/// key is not smaller, so that equal keys keep the order they came in.
/// A move list has at most six entries, where insertion beats sorting.
pub(crate) fn insert_by_key<K: PartialOrd + Copy, T: Copy>(
    keys: &mut [K; 6],
    items: &mut [Option<T>; 6],
    count: usize,
    key: K,
    item: T,
) {
    let mut at = count.min(5);
    while at > 0 && keys[at - 1] < key {
        keys[at] = keys[at - 1];
        items[at] = items[at - 1];
        at -= 1;
    }
    keys[at] = key;
    items[at] = Some(item);
}
