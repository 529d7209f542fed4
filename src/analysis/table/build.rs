//! Building a table, one level of beans on the board after another (see
//! the [module docs](super) for why the values are exact).

use super::index::{boards, for_each_board, level_index, level_offset, mirrored};
use super::{LevelReport, TableError};
use crate::analysis::search::{ABOVE, BELOW, Exhausted, Memo, Oracle, Search};
use crate::{Player, Position, Rules, Score, TOTAL_BEANS, Variant};

/// No value yet (a bound that was not reached), or no exit.
const NONE: u8 = u8::MAX;

/// The most nodes the search may spend on one position whose value the
/// attractors leave open.
pub(crate) const NODES_PER_POSITION: u64 = 1 << 32;

/// The entry of a board with `beans` beans and `turn` to move in `entries`
/// (which holds every level up to `beans`).
#[inline]
pub(crate) fn lookup(entries: &[u8], board: &[u8; 12], beans: u8, turn: Player) -> Option<u8> {
    let index = level_offset(beans) + level_index(board, beans, turn);
    entries.get(usize::try_from(index).ok()?).copied()
}

/// The levels built so far, as an oracle for the search: every
/// history-free position with fewer than `below` beans.
struct Lower<'a> {
    entries: &'a [u8],
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
fn exits(rules: Rules, beans: u8, position: &Position, lower: &[u8]) -> (u8, u8) {
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
        let child = position.successor(mv.hole().index(), |_, _| {});
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

/// Allocates `len` bytes of `value`, or says how many could not be had.
pub(crate) fn allocate<T: Clone>(len: usize, value: T) -> Result<Vec<T>, TableError> {
    let mut vec = Vec::new();
    vec.try_reserve_exact(len)
        .map_err(|_| TableError::OutOfMemory {
            bytes: (len as u64).saturating_mul(std::mem::size_of::<T>() as u64),
        })?;
    vec.resize(len, value);
    Ok(vec)
}

/// One position of the level while it is built.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Node {
    /// The threshold at which it joined South's attractor, [`NONE`] yet.
    low: u8,
    /// Its moves that stay on the level and have not joined (North).
    staying: u8,
    /// Its best exit for the player to move, [`NONE`] without one.
    exit: u8,
}

/// Fills `level` (both players to move, South's boards first) with the
/// history-free values of the boards with `beans` beans, given `lower`,
/// every level below.
pub(crate) fn build_level(
    rules: Rules,
    beans: u8,
    lower: &[u8],
    level: &mut [u8],
) -> Result<LevelReport, TableError> {
    let per_turn = boards(beans) as usize;
    let size = 2 * per_turn;
    let stores = stores(beans);
    let unset = Node {
        low: NONE,
        staying: 0,
        exit: NONE,
    };
    let mut nodes = allocate(size, unset)?;
    // The moves of each position: South's and North's on two threads.
    let (south, north) = nodes.split_at_mut(per_turn);
    let moves = |turn: Player, half: &mut [Node]| {
        let mut rank = 0;
        for_each_board(beans, |board| {
            let node = &mut half[rank];
            let position = Position::from_parts(*board, stores, turn);
            (node.staying, node.exit) = exits(rules, beans, &position, lower);
            rank += 1;
        });
    };
    // Without a second thread, both halves on this one.
    let north = std::sync::Mutex::new(Some(north));
    let take = || north.lock().ok().and_then(|mut half| half.take());
    std::thread::scope(|scope| {
        let spawned = std::thread::Builder::new().spawn_scoped(scope, || {
            if let Some(half) = take() {
                moves(Player::North, half);
            }
        });
        moves(Player::South, south);
        if spawned.is_err()
            && let Some(half) = take()
        {
            moves(Player::North, half);
        }
    });

    // The lower bounds: South's attractor for each threshold, from the
    // highest down; a position joins at the first threshold it reaches.
    let index = |board: &[u8; 12], turn: Player| {
        super::index::rank(board) as usize + turn.index() * per_turn
    };
    let mut stack: Vec<([u8; 12], Player)> = Vec::new();
    for threshold in (0..=beans).rev() {
        for seed in 0..size {
            let node = &mut nodes[seed];
            let south = seed < per_turn;
            if node.low != NONE || node.exit != threshold || !(south || node.staying == 0) {
                continue;
            }
            node.low = threshold;
            let (turn, rank) = if south {
                (Player::South, seed)
            } else {
                (Player::North, seed - per_turn)
            };
            stack.push((super::index::unrank(rank as u64, beans), turn));
            while let Some((board, turn)) = stack.pop() {
                predecessors(rules, &board, turn, |parent, mover| {
                    let node = &mut nodes[index(parent, mover)];
                    if node.low != NONE {
                        return;
                    }
                    if mover == Player::North {
                        node.staying -= 1;
                        if node.staying > 0 || node.exit < threshold {
                            return;
                        }
                    }
                    node.low = threshold;
                    stack.push((*parent, mover));
                });
            }
        }
    }
    for (value, node) in level.iter_mut().zip(&nodes) {
        *value = node.low;
    }
    drop(nodes);

    // The upper bound of a position is the mirror of its mirror's lower
    // bound; where they meet, the value is known.
    let mut open = Vec::new();
    let mut rank = 0;
    for_each_board(beans, |board| {
        let turned = per_turn + super::index::rank(&mirrored(board)) as usize;
        let (low, mirror) = (level[rank], level[turned]);
        if low == NONE || mirror == NONE || u16::from(low) + u16::from(mirror) != u16::from(beans) {
            open.push(rank as u32);
        }
        rank += 1;
    });

    // The rest by the exact search, with the levels below as its oracle.
    let mut memo = Memo::default();
    let oracle = Lower {
        entries: lower,
        below: beans,
    };
    let mut nodes = 0;
    for &rank in &open {
        let root = Position::from_parts(
            super::index::unrank(u64::from(rank), beans),
            stores,
            Player::South,
        );
        let mut search = Search {
            rules,
            memo: &mut memo,
            memo_limit: 1 << 12,
            oracle: &oracle,
            path: Vec::new(),
            base: 0,
            nodes: 0,
            node_limit: NODES_PER_POSITION,
            deadline: None,
        };
        let value = search.search(&root, Player::North, BELOW, ABOVE);
        nodes += search.nodes;
        let value = value.map_err(|Exhausted| TableError::Unsolved {
            position: root,
            nodes: NODES_PER_POSITION,
        })?;
        let value = u8::try_from(value - i32::from(stores.south)).unwrap_or(0);
        let turned = per_turn + super::index::rank(&mirrored(&root.board())) as usize;
        level[rank as usize] = value;
        level[turned] = beans - value;
    }
    Ok(LevelReport {
        beans,
        positions: size as u64,
        searched: 2 * open.len() as u64,
        nodes,
    })
}

#[cfg(test)]
mod tests {
    use std::collections::HashMap;

    use super::*;

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
                                let child = position.successor(mv.hole().index(), |_, _| {});
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
