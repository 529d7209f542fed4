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

/// Calls `visit` with every position of the level that moves to `child`
/// without a capture (or, in the Hemprich variant, passes to it). Each
/// candidate is confirmed by playing its move, so the rules engine decides.
fn predecessors(rules: Rules, child: &Position, mut visit: impl FnMut(&Position)) {
    let after = child.board();
    let mover = !child.turn();
    let first = mover.index() * 6;
    for origin in first..first + 6 {
        // A sowing of 12·laps + rest beans leaves `laps` in the origin and
        // adds `laps` to every other hole, one more to the `rest` after it.
        let laps = after[origin];
        let mut before = after;
        let mut fits = true;
        for (hole, beans) in before.iter_mut().enumerate() {
            if hole != origin {
                fits &= *beans >= laps;
                *beans = beans.wrapping_sub(laps);
            }
        }
        if !fits {
            continue;
        }
        for rest in 0..12 {
            if rest > 0 {
                let hole = (origin + rest) % 12;
                if before[hole] == 0 {
                    break;
                }
                before[hole] -= 1;
            }
            let sown = 12 * u16::from(laps) + rest as u16;
            let Ok(sown) = u8::try_from(sown) else { break };
            if sown == 0 {
                continue;
            }
            let mut parent = before;
            parent[origin] = sown;
            let parent = Position::from_parts(parent, child.stores(), mover);
            if parent.successor(origin, |_, _| {}) == *child {
                visit(&parent);
            }
        }
    }
    let passer = child.passed();
    if rules.variant == Variant::Hemprich && passer.is_game_over() && passer.beans_on_board() > 0 {
        visit(&passer);
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
    let mut staying = allocate(size, 0u8)?;
    let mut best = allocate(size, NONE)?;
    let mut rank = 0;
    for_each_board(beans, |board| {
        for turn in Player::ALL {
            let index = turn.index() * per_turn + rank;
            let position = Position::from_parts(*board, stores, turn);
            (staying[index], best[index]) = exits(rules, beans, &position, lower);
        }
        rank += 1;
    });

    // The lower bounds: the attractor of South for each threshold, from the
    // highest down. `level` holds the threshold at which a position joined.
    level.fill(NONE);
    let at = |index: u32| {
        let index = index as usize;
        let (turn, rank) = if index < per_turn {
            (Player::South, index)
        } else {
            (Player::North, index - per_turn)
        };
        Position::from_parts(super::index::unrank(rank as u64, beans), stores, turn)
    };
    let mut stack: Vec<u32> = Vec::new();
    for threshold in (0..=beans).rev() {
        for index in 0..size {
            if level[index] == NONE
                && best[index] == threshold
                && (index < per_turn || staying[index] == 0)
            {
                level[index] = threshold;
                stack.push(index as u32);
            }
        }
        while let Some(joined) = stack.pop() {
            predecessors(rules, &at(joined), |parent| {
                let index = level_index(&parent.board(), beans, parent.turn()) as usize;
                if level[index] != NONE {
                    return;
                }
                if parent.turn() == Player::North {
                    staying[index] -= 1;
                    if staying[index] > 0 || best[index] < threshold {
                        return;
                    }
                }
                level[index] = threshold;
                stack.push(index as u32);
            });
        }
    }
    drop((staying, best));

    // The upper bound of a position is the mirror of its mirror's lower
    // bound; where they meet, the value is known.
    let mut open = Vec::new();
    let mut rank = 0;
    for_each_board(beans, |board| {
        let turned = per_turn + super::index::rank(&mirrored(board), beans) as usize;
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
        let root = at(rank);
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
        let turned = per_turn + super::index::rank(&mirrored(&root.board()), beans) as usize;
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
                        predecessors(rules, &child, |parent| {
                            *backward.entry((child, *parent)).or_insert(0) += 1;
                        });
                    }
                });
                assert_eq!(forward, backward, "{variant} with {beans} beans");
            }
        }
    }
}
