//! Building a table, one level of beans on the board after another (see
//! the [module docs](super) for why the values are exact).

use std::sync::atomic::{AtomicU8, Ordering};

use rayon::prelude::*;

use super::index::{boards, entry, next_board, turn_round, turned_pairs};
use super::{LevelReport, TableError};
use crate::analysis::search::{ABOVE, BELOW, Exhausted, Memo, Oracle, Search};
use crate::{Player, Position, Rules, Score, TOTAL_BEANS, Variant};

/// No value yet (a bound that was not reached), or no exit.
const NONE: u8 = u8::MAX;

/// The most nodes the search may spend on one position whose value the
/// attractors leave open.
pub(crate) const NODES_PER_POSITION: u64 = 1 << 32;

/// The entry of a board with `beans` beans and `turn` to move in `levels`
/// (the entries of each level with South to move, level 0 first); `None`
/// where the level is not among them.
#[inline]
pub(crate) fn lookup(levels: &[&[u8]], board: &[u8; 12], beans: u8, turn: Player) -> Option<u8> {
    entry(levels.get(usize::from(beans / 2))?, board, beans, turn)
}

/// The levels built so far, as an oracle for the search: every
/// history-free position with fewer than `below` beans.
struct Lower<'a> {
    entries: &'a [&'a [u8]],
    below: u8,
}

impl Oracle for Lower<'_> {
    fn board_value(&self, position: &Position) -> Option<u8> {
        let beans = position.beans_on_board();
        if beans >= self.below {
            return None;
        }
        lookup(self.entries, &position.board(), beans, position.turn())
    }
}

/// The stores of the positions of a level: South holds what is not on
/// the board (an even number, since the board always holds an even one).
fn stores(beans: u8) -> Score {
    Score::new(TOTAL_BEANS - beans, 0)
}

/// What the moves of a position lead to: the number of moves (or a
/// Hemprich pass) that stay on the level, and the best exit for the player
/// to move (a move that captures, valued by the levels below, or the end
/// of the game), [`NONE`] without one.
fn exits(rules: Rules, beans: u8, position: &Position, lower: &[&[u8]]) -> (u8, u8) {
    let turn = position.turn();
    if position.is_game_over() {
        return match rules.variant {
            // The beans left go to the player who moved last.
            Variant::Standard if turn == Player::North => (0, beans),
            Variant::Standard => (0, 0),
            Variant::Hemprich if beans == 0 => (0, 0),
            // A pass: the same board with the other player to move.
            Variant::Hemprich => (1, NONE),
        };
    }
    let mut staying = 0;
    let mut best = NONE;
    for mv in position.legal_moves() {
        let child = position.successor(mv.hole().index());
        let left = child.beans_on_board();
        if left == beans {
            staying += 1;
            continue;
        }
        let from_board = lookup(lower, &child.board(), left, child.turn()).unwrap_or(0);
        let value = match turn {
            Player::South => from_board + (beans - left),
            Player::North => from_board,
        };
        best = match (best, turn) {
            (NONE, _) => value,
            (_, Player::South) => best.max(value),
            (_, Player::North) => best.min(value),
        };
    }
    (staying, best)
}

/// Whether a hole holding `beans` after a sowing is captured: 2, 4 or 6
/// (the rule of the capture chain's first hole, checked against the rules
/// engine by the tests below).
const fn ripe(beans: u8) -> bool {
    matches!(beans, 2 | 4 | 6)
}

/// Calls `visit` with the board and player to move of every position of
/// the level that moves to `board` with `turn` to move without a capture
/// (or, in the Hemprich variant, passes to it), once per such move.
fn predecessors(
    rules: Rules,
    board: &[u8; 12],
    turn: Player,
    mut visit: impl FnMut(&[u8; 12], Player),
) {
    let mover = !turn;
    let first = mover.index() * 6;
    // The two smallest holes, for the fewest beans beside an origin.
    let (mut least, mut second, mut at) = (u8::MAX, u8::MAX, 12);
    for (hole, &beans) in board.iter().enumerate() {
        if beans < least {
            (second, least, at) = (least, beans, hole);
        } else if beans < second {
            second = beans;
        }
    }
    for origin in first..first + 6 {
        // A sowing of 12·laps + rest beans leaves `laps` in the origin and
        // adds `laps` to every other hole, one more to the `rest` after it;
        // its last bean falls into the origin (rest 0) or the rest's last
        // hole, which must not be ripe.
        let laps = board[origin];
        let mut before = *board;
        if laps > 0 {
            let beside = if origin == at { second } else { least };
            if beside < laps {
                continue;
            }
            for (hole, beans) in before.iter_mut().enumerate() {
                if hole != origin {
                    *beans -= laps;
                }
            }
            if !ripe(laps) {
                let mut parent = before;
                parent[origin] = laps.wrapping_mul(12);
                visit(&parent, mover);
            }
        }
        for rest in 1..12u8 {
            let hole = (origin + usize::from(rest)) % 12;
            if before[hole] == 0 {
                break;
            }
            before[hole] -= 1;
            if !ripe(board[hole]) {
                let mut parent = before;
                parent[origin] = laps.wrapping_mul(12).wrapping_add(rest);
                visit(&parent, mover);
            }
        }
    }
    if rules.variant == Variant::Hemprich {
        let side = &board[first..first + 6];
        if side.iter().all(|&beans| beans == 0) && board.iter().any(|&beans| beans > 0) {
            visit(board, mover);
        }
    }
}

mod state {
    //! The one byte a position of the level takes while the level is built.
    //!
    //! Until the position joins South's attractor, its best exit for the
    //! player to move (the five high bits, [`NO_EXIT`] without one) and its
    //! moves that stay on the level and have not joined yet (the three low
    //! bits, at most 6; only North's are counted down); once it joins, the
    //! threshold at which it did (the five high bits) and [`JOINED`] in the
    //! low bits. Every exit and threshold is at most
    //! [`EndgameTable::MAX_BEANS`](super::super::EndgameTable::MAX_BEANS), below
    //! [`NO_EXIT`].

    /// The low bits of a position that has joined.
    pub(super) const JOINED: u8 = 0b111;
    /// The exit of a position without one (above every threshold).
    pub(super) const NO_EXIT: u8 = 31;

    const _: () = assert!(super::super::EndgameTable::MAX_BEANS < NO_EXIT);

    /// A position not yet joined, with its best exit ([`NO_EXIT`]
    /// without one) and its staying moves.
    pub(super) const fn open(exit: u8, staying: u8) -> u8 {
        exit << 3 | staying
    }

    /// A position that joined at `threshold`.
    pub(super) const fn joined(threshold: u8) -> u8 {
        threshold << 3 | JOINED
    }

    /// Whether the position has joined.
    pub(super) const fn is_joined(state: u8) -> bool {
        state & JOINED == JOINED
    }

    /// The best exit ([`NO_EXIT`] without one), or the threshold at
    /// which the position joined.
    pub(super) const fn high(state: u8) -> u8 {
        state >> 3
    }

    /// The staying moves not yet joined.
    pub(super) const fn staying(state: u8) -> u8 {
        state & JOINED
    }
}

/// The state of every position of the level (South's boards first), one
/// byte each; once the attractors are done, the same memory holds the
/// level's bounds and then its values (see [`Scratch::into_bytes`]), so
/// that the scratch space and the values never take memory side by side.
struct Scratch {
    cells: Vec<AtomicU8>,
}

impl Scratch {
    /// The states `bytes`, in the same memory (as [`Scratch::into_bytes`]).
    fn from_bytes(bytes: Vec<u8>) -> Scratch {
        Scratch {
            cells: bytes.into_iter().map(AtomicU8::new).collect(),
        }
    }

    #[inline]
    fn cell(&self, index: usize) -> &AtomicU8 {
        &self.cells[index]
    }

    /// The states as plain bytes, in the same memory: a collection that
    /// maps each element of a vector to one of the same size and
    /// alignment reuses the vector's memory (checked by a test below).
    fn into_bytes(self) -> Vec<u8> {
        self.cells.into_iter().map(AtomicU8::into_inner).collect()
    }
}

/// Positions per task of the passes over a level: each starts from its
/// first board's rank and steps through the boards.
const TASK: usize = 1 << 14;

/// Positions per task of the search for an attractor's seeds.
const SEEDS: usize = 1 << 16;

/// The most boards a task finding seeds steps forward from the last seed
/// instead of ranking out the board of the next ([`super::index::unrank`]).
const STEPS: usize = 32;

/// Positions of the attractor whose predecessors are joined together
/// ([`Attractor::attract`]).
const BATCH: usize = 16;

/// Positions a task of the attractor keeps on its stack before it gives
/// half of them to another task.
const SPLIT: usize = 256;

/// South's attractor for one threshold after another, on the positions
/// of one level.
struct Attractor<'a> {
    rules: Rules,
    beans: u8,
    /// The boards of the level for one player to move.
    per_turn: usize,
    scratch: &'a Scratch,
}

impl<'a> Attractor<'a> {
    /// The index of a position of the level in the scratch space.
    #[inline]
    fn index(&self, board: &[u8; 12], turn: Player) -> usize {
        super::index::rank(board) as usize + turn.index() * self.per_turn
    }

    /// Joins the positions that reach an exit worth `threshold` and the
    /// attractor of the thresholds above (those that join at none above).
    fn spread(&self, threshold: u8) {
        let size = 2 * self.per_turn;
        rayon::scope(|scope| {
            for start in (0..size).step_by(SEEDS) {
                let end = (start + SEEDS).min(size);
                scope.spawn(move |scope| self.seeds(scope, threshold, start..end));
            }
        });
    }

    /// Joins the positions of `range` whose own exit
    /// reaches `threshold` (a South position with such an exit, a North
    /// one whose staying moves have all joined), and what they attract.
    fn seeds<'s>(&'s self, scope: &rayon::Scope<'s>, threshold: u8, range: std::ops::Range<usize>) {
        let mut stack = Vec::new();
        // The last seed: its player to move, rank and board.
        let mut cursor: Option<(Player, usize, [u8; 12])> = None;
        let cells = &self.scratch.cells[range.clone()];
        // North's seed has no staying move left: one state.
        let north = state::open(threshold, 0);
        for (index, cell) in range.zip(cells) {
            let current = cell.load(Ordering::Relaxed);
            let south = index < self.per_turn;
            let seed = if south {
                state::high(current) == threshold && !state::is_joined(current)
            } else {
                current == north
            };
            if !seed {
                continue;
            }
            // Lost only to a task that joined it first.
            let joined = state::joined(threshold);
            if cell
                .compare_exchange(current, joined, Ordering::Relaxed, Ordering::Relaxed)
                .is_err()
            {
                continue;
            }
            let (turn, rank) = if south {
                (Player::South, index)
            } else {
                (Player::North, index - self.per_turn)
            };
            // Seeds lie close together: the board of the last one stepped
            // forward costs less than ranking out the board anew.
            let board = match cursor {
                Some((last_turn, last, mut board))
                    if last_turn == turn && (last..=last + STEPS).contains(&rank) =>
                {
                    for _ in last..rank {
                        next_board(&mut board);
                    }
                    board
                }
                _ => super::index::unrank(rank as u64, self.beans),
            };
            cursor = Some((turn, rank, board));
            stack.push((board, turn));
            if stack.len() >= BATCH {
                self.attract(scope, threshold, &mut stack);
            }
        }
        self.attract(scope, threshold, &mut stack);
    }

    /// Joins, depth first, every position the positions on `stack`
    /// attract at `threshold`, giving half of a long stack to a new task.
    ///
    /// The boards are taken from the stack [`BATCH`] at a time, and the
    /// states of all their predecessors are loaded before any joins: the
    /// loads do not wait on one another (a join's compare-and-swap makes
    /// every later access wait for it), so that the memory serves them
    /// together, and the joins then find their states in the cache.
    fn attract<'s>(
        &'s self,
        scope: &rayon::Scope<'s>,
        threshold: u8,
        stack: &mut Vec<([u8; 12], Player)>,
    ) {
        let mut parents: Vec<(usize, [u8; 12], Player, u8)> = Vec::new();
        while !stack.is_empty() {
            parents.clear();
            for (board, turn) in stack.drain(stack.len().saturating_sub(BATCH)..).rev() {
                predecessors(self.rules, &board, turn, |parent, mover| {
                    parents.push((self.index(parent, mover), *parent, mover, 0));
                });
            }
            for (index, _, _, current) in &mut parents {
                *current = self.scratch.cell(*index).load(Ordering::Relaxed);
            }
            for &(index, parent, mover, current) in &parents {
                if self.join(index, current, mover, threshold) {
                    stack.push((parent, mover));
                }
            }
            if stack.len() >= 2 * SPLIT {
                let mut half = stack.split_off(stack.len() - SPLIT);
                scope.spawn(move |scope| self.attract(scope, threshold, &mut half));
            }
        }
    }

    /// Records that a move of a position (its place in the scratch space
    /// `index`, `mover` to move, its state `current` as last seen) leads
    /// into the attractor: a South position joins; a North one counts the
    /// move off and joins when it was its last staying move and its exit
    /// reaches `threshold`. Whether the position joined with this call
    /// (exactly one call joins each position, whatever the threads do).
    #[inline]
    fn join(&self, index: usize, mut current: u8, mover: Player, threshold: u8) -> bool {
        let cell = self.scratch.cell(index);
        loop {
            if state::is_joined(current) {
                return false;
            }
            let next = match mover {
                Player::South => state::joined(threshold),
                Player::North => {
                    // Each staying move is counted off once, when the
                    // position it leads to joins: the count is never 0 here.
                    let staying = state::staying(current).saturating_sub(1);
                    let exit = state::high(current);
                    if staying == 0 && exit >= threshold {
                        state::joined(threshold)
                    } else {
                        state::open(exit, staying)
                    }
                }
            };
            match cell.compare_exchange_weak(current, next, Ordering::Relaxed, Ordering::Relaxed) {
                Ok(_) => return state::is_joined(next),
                Err(actual) => current = actual,
            }
        }
    }
}

/// The history-free values of the boards with `beans` beans and South to
/// move, given `lower`, the same of every level below (a position with
/// North to move is worth the board less its board turned round,
/// [`entry`]); and what the build took.
///
/// Runs on the threads of the rayon pool it is called in
/// ([`rayon::ThreadPool::install`]); the values are the same on any
/// number of threads (the attractors are unique fixpoints, and the
/// search is exact), the reported nodes are not (each thread keeps its
/// own memo). Besides `lower`, it takes one byte per position of the
/// level (both players to move) while the attractors are built; the
/// values are kept in the first half of the same memory, and the rest
/// is given back before the search of the positions left open.
///
/// Only the positions with North to move look at their moves: a capture
/// leads to a position with South to move, whose entry is at its own rank
/// in `lower`, near those of the captures of the boards beside it. The
/// positions with South to move take theirs from their boards turned
/// round, and the bounds meet their mirrors', in strips of boards that
/// lie close together both ways round ([`turn_round`], [`turned_pairs`]): looking up the board turned round
/// one position after another would wait on the memory for nearly every
/// one.
pub(crate) fn build_level(
    rules: Rules,
    beans: u8,
    lower: &[&[u8]],
) -> Result<(Vec<u8>, LevelReport), TableError> {
    let per_turn = boards(beans) as usize;
    let size = 2 * per_turn;
    let stores = stores(beans);
    let mut states = Vec::new();
    states
        .try_reserve_exact(size)
        .map_err(|_| TableError::OutOfMemory { bytes: size as u64 })?;
    states.resize(size, 0);

    // The moves of each position with North to move, in tasks of
    // consecutive ranks: the positions its captures lead to have South to
    // move, at their own ranks in the levels below, near one another.
    let (south_states, north_states) = states.split_at_mut(per_turn);
    north_states
        .par_chunks_mut(TASK)
        .enumerate()
        .for_each(|(task, cells)| {
            let mut board = super::index::unrank((task * TASK) as u64, beans);
            for cell in cells {
                let position = Position::from_parts(board, stores, Player::North);
                let (staying, exit) = exits(rules, beans, &position, lower);
                let exit = if exit == NONE { state::NO_EXIT } else { exit };
                *cell = state::open(exit, staying);
                next_board(&mut board);
            }
        });
    // A position with South to move has the moves and exits of its board
    // turned round with North to move, seen from the other side: the same
    // staying moves, and the beans on the board less each exit.
    turn_round(north_states, south_states, beans, |north| {
        let exit = match state::high(north) {
            state::NO_EXIT => state::NO_EXIT,
            exit => beans.saturating_sub(exit),
        };
        state::open(exit, state::staying(north))
    });
    let scratch = Scratch::from_bytes(states);

    // The lower bounds: South's attractor for each threshold, from the
    // highest down; a position joins at the first threshold it reaches.
    let attractor = Attractor {
        rules,
        beans,
        per_turn,
        scratch: &scratch,
    };
    for threshold in (0..=beans).rev() {
        attractor.spread(threshold);
    }
    // The lower bounds, in the scratch space's own memory.
    let mut level = scratch.into_bytes();
    level.par_iter_mut().for_each(|value| {
        *value = if state::is_joined(*value) {
            state::high(*value)
        } else {
            NONE
        };
    });

    // The upper bound of a position is the mirror of its mirror's lower
    // bound; where they meet, the value is known. The pairs come strip by
    // strip; the positions left open are searched in rank order.
    let bounds = &*level;
    let mut open: Vec<u32> = turned_pairs(beans, |rank, turned| {
        let (low, mirror) = (bounds[rank], bounds[per_turn + turned]);
        let known =
            low != NONE && mirror != NONE && u16::from(low) + u16::from(mirror) == u16::from(beans);
        (!known).then_some(rank as u32)
    });
    open.par_sort_unstable();
    // Only South's half is kept; North's entries are those of the boards
    // turned round. The memory of North's half goes back to the system.
    level.truncate(per_turn);
    level.shrink_to_fit();

    // The rest by the exact search, with the levels below as its oracle.
    let oracle = Lower {
        entries: lower,
        below: beans,
    };
    let solved = open
        .par_iter()
        .map_init(Memo::default, |memo, &rank| {
            let root = Position::from_parts(
                super::index::unrank(u64::from(rank), beans),
                stores,
                Player::South,
            );
            let mut search = Search {
                rules,
                memo,
                memo_limit: 1 << 12,
                oracle: &oracle,
                path: Vec::new(),
                base: 0,
                nodes: 0,
                node_limit: NODES_PER_POSITION,
                deadline: None,
            };
            let value = search.search(&root, Player::North, BELOW, ABOVE);
            let value = value.map_err(|Exhausted| TableError::Unsolved {
                position: root,
                nodes: NODES_PER_POSITION,
            })?;
            let value = u8::try_from(value - i32::from(stores.south)).unwrap_or(0);
            Ok((rank, value, search.nodes))
        })
        .collect::<Result<Vec<_>, TableError>>()?;
    let mut nodes = 0;
    for (rank, value, searched) in solved {
        level[rank as usize] = value;
        nodes += searched;
    }
    Ok((
        level,
        LevelReport {
            beans,
            positions: size as u64,
            searched: 2 * open.len() as u64,
            nodes,
        },
    ))
}

#[cfg(test)]
mod tests {
    use std::collections::HashMap;

    use super::super::index::for_each_board;
    use super::*;

    /// The scratch space becomes the level's bytes in its own memory: the
    /// build never holds both.
    #[test]
    fn the_scratch_space_becomes_the_values_in_place() {
        let states = vec![0u8; 1 << 20];
        let first = states.as_ptr();
        let scratch = Scratch::from_bytes(states);
        scratch.cell(5).store(7, Ordering::Relaxed);
        let before = scratch.cells.as_ptr().cast::<u8>();
        assert_eq!(before, first);
        let bytes = scratch.into_bytes();
        assert_eq!(bytes.as_ptr(), before);
        assert_eq!((bytes.len(), bytes[5], bytes[6]), (1 << 20, 7, 0));
    }

    /// Every move without a capture is found backwards, and nothing else.
    #[test]
    fn predecessors_are_the_moves_that_stay_on_the_level() {
        for variant in [Variant::Standard, Variant::Hemprich] {
            let rules = Rules {
                variant,
                ..Rules::default()
            };
            for beans in [2, 4, 6] {
                let mut forward = HashMap::new();
                for_each_board(beans, |board| {
                    for turn in Player::ALL {
                        let position = Position::from_parts(*board, stores(beans), turn);
                        let mut children = Vec::new();
                        if position.is_game_over() {
                            if variant == Variant::Hemprich {
                                children.push(position.passed());
                            }
                        } else {
                            for mv in position.legal_moves() {
                                let child = position.successor(mv.hole().index());
                                if child.stores() == position.stores() {
                                    children.push(child);
                                }
                            }
                        }
                        for child in children {
                            *forward.entry((child, position)).or_insert(0) += 1;
                        }
                    }
                });
                let mut backward = HashMap::new();
                for_each_board(beans, |board| {
                    for turn in Player::ALL {
                        let child = Position::from_parts(*board, stores(beans), turn);
                        predecessors(rules, board, turn, |parent, mover| {
                            let parent = Position::from_parts(*parent, stores(beans), mover);
                            *backward.entry((child, parent)).or_insert(0) += 1;
                        });
                    }
                });
                assert_eq!(forward, backward, "{variant} with {beans} beans");
            }
        }
    }
}
