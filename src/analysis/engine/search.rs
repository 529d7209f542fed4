//! The search: iterative deepening over a principal variation search
//! (negamax alpha-beta with null windows), on scores from the player to
//! move's view in hundredths of a bean.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

use super::EngineConfig;
use super::eval::{SCALE, evaluate};
use super::tt::{Bound, Table, hash};
use crate::analysis::EndgameTable;
use crate::analysis::search::insert_by_key;
use crate::{Move, Player, Position, Rules, TOTAL_BEANS, Variant};

/// Above every score.
pub(crate) const INFINITY: i32 = 30_000;

/// The deepest the search goes (plies from the root).
pub(crate) const MAX_PLY: usize = crate::analysis::Limits::MAX_DEPTH as usize + 8;

/// The search was stopped (limit, deadline or stop flag).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Stopped;

/// The final difference (mover minus other) of a final score, scaled.
fn difference(score: crate::Score, mover: Player) -> i32 {
    (i32::from(score.of(mover)) - i32::from(score.of(!mover))) * SCALE
}

/// One search's state.
pub(crate) struct Searcher<'a> {
    pub(crate) rules: Rules,
    pub(crate) config: &'a EngineConfig,
    pub(crate) tt: &'a mut Table,
    pub(crate) table: Option<&'a EndgameTable>,
    /// The positions of the current line; `path[base..]` are those since
    /// the last capture.
    pub(crate) path: Vec<Position>,
    pub(crate) base: usize,
    pub(crate) nodes: u64,
    pub(crate) node_limit: u64,
    pub(crate) deadline: Option<Instant>,
    pub(crate) stop: &'a AtomicBool,
    /// Whether limits are checked (not during the first iteration, so
    /// that a move is always found).
    pub(crate) may_stop: bool,
    pub(crate) killers: Vec<[u8; 2]>,
    pub(crate) history: [[u32; 12]; 2],
    pub(crate) pv: Vec<Vec<Move>>,
    /// The root move searched first (the best of the last finished
    /// iteration), `u8::MAX` for none.
    pub(crate) root_first: u8,
    /// A root move of the current iteration proven better than the one
    /// searched first (its null-window search failed high), if any: the
    /// answer if the iteration does not finish.
    pub(crate) root_better: Option<u8>,
}

impl Searcher<'_> {
    #[inline]
    fn tick(&mut self) -> Result<(), Stopped> {
        self.nodes += 1;
        if self.may_stop {
            if self.nodes >= self.node_limit {
                return Err(Stopped);
            }
            if self.nodes.is_multiple_of(1024) {
                if self.stop.load(Ordering::Relaxed) {
                    return Err(Stopped);
                }
                if let Some(deadline) = self.deadline
                    && Instant::now() >= deadline
                {
                    return Err(Stopped);
                }
            }
        }
        Ok(())
    }

    /// Whether `position` occurred since the last capture on the line
    /// (its parent being the last entry of the path).
    fn repeats(&self, position: &Position) -> bool {
        self.path
            .get(self.base..)
            .unwrap_or(&[])
            .iter()
            .rev()
            .skip(1)
            .step_by(2)
            .any(|earlier| earlier == position)
    }

    /// The exact score of `position` if the game is over there (by rule,
    /// by repetition, or by the endgame table), from the mover's view.
    fn exact(&self, position: &Position, last_sower: Player) -> Option<i32> {
        let mover = position.turn();
        match self.rules.variant {
            Variant::Standard if position.is_game_over() => {
                return position.final_score().map(|s| difference(s, mover));
            }
            Variant::Hemprich if position.beans_on_board() == 0 => {
                return Some(difference(position.stores(), mover));
            }
            _ => {}
        }
        if self.repeats(position) {
            let score = self.rules.endless_play.score(position, last_sower);
            return Some(difference(score, mover));
        }
        if self.base == self.path.len()
            && let Some(beans) = self.table.and_then(|t| t.board_value(position))
        {
            let stores = position.stores();
            let south = stores.south + beans;
            let score = crate::Score::new(south, TOTAL_BEANS - south);
            return Some(difference(score, mover));
        }
        None
    }

    /// The score of `position` searched `depth` plies deep, `ply` plies
    /// from the root, fail-soft in the window `alpha..beta`.
    pub(crate) fn search(
        &mut self,
        position: &Position,
        last_sower: Player,
        depth: u32,
        ply: usize,
        alpha: i32,
        beta: i32,
    ) -> Result<i32, Stopped> {
        self.tick()?;
        if let Some(pv) = self.pv.get_mut(ply) {
            pv.clear();
        }
        if ply > 0
            && let Some(score) = self.exact(position, last_sower)
        {
            return Ok(score);
        }
        // The final difference lies between what the stores already give
        // each side.
        let mover = position.turn();
        let floor = (2 * i32::from(position.store(mover)) - i32::from(TOTAL_BEANS)) * SCALE;
        let ceiling = (i32::from(TOTAL_BEANS) - 2 * i32::from(position.store(!mover))) * SCALE;
        if floor >= beta {
            return Ok(floor);
        }
        if ceiling <= alpha {
            return Ok(ceiling);
        }
        if depth == 0 || ply + 1 >= MAX_PLY {
            return Ok(evaluate(position, self.config.evaluation).clamp(floor, ceiling));
        }
        let key = hash(position);
        let mut tt_move = if ply == 0 { self.root_first } else { u8::MAX };
        if self.config.transposition_table
            && let Some(entry) = self.tt.probe(key)
        {
            if ply > 0 {
                tt_move = entry.best;
            }
            let score = i32::from(entry.score);
            if ply > 0 && u32::from(entry.depth) >= depth {
                let cut = match entry.bound {
                    Bound::Exact => true,
                    Bound::Lower => score >= beta,
                    Bound::Upper => score <= alpha,
                };
                if cut {
                    return Ok(score);
                }
            }
        }
        self.path.push(*position);
        let result = if position.is_game_over() {
            // Hemprich: no beans, a pass (the game is not over, `exact`
            // said so). The passer did not sow.
            let child = position.passed();
            let score = self.search(&child, last_sower, depth - 1, ply + 1, -beta, -alpha);
            // The line goes on after the pass, which it does not write.
            let below = self.pv.get(ply + 1).cloned().unwrap_or_default();
            if let Some(pv) = self.pv.get_mut(ply) {
                *pv = below;
            }
            score.map(|score| -score)
        } else {
            self.moves(position, depth, ply, alpha, beta, tt_move, key)
        };
        self.path.pop();
        result
    }

    /// The moves of `position` (the last entry of the path), best first
    /// as far as known, searched by PVS; stores the result.
    #[allow(clippy::too_many_arguments)]
    fn moves(
        &mut self,
        position: &Position,
        depth: u32,
        ply: usize,
        mut alpha: i32,
        beta: i32,
        tt_move: u8,
        key: u64,
    ) -> Result<i32, Stopped> {
        let original_alpha = alpha;
        let mover = position.turn();
        let children = self.ordered(position, ply, tt_move);
        let mut best = -INFINITY;
        let mut best_move = u8::MAX;
        for (index, &(origin, child)) in children.iter().flatten().enumerate() {
            let captured = child.stores() != position.stores();
            let saved = self.base;
            if captured {
                self.base = self.path.len();
            }
            let score = if index == 0 {
                self.search(&child, mover, depth - 1, ply + 1, -beta, -alpha)
                    .map(|s| -s)
            } else {
                match self
                    .search(&child, mover, depth - 1, ply + 1, -alpha - 1, -alpha)
                    .map(|s| -s)
                {
                    Ok(s) if s > alpha && s < beta => {
                        if ply == 0 {
                            self.root_better = Some(origin);
                        }
                        self.search(&child, mover, depth - 1, ply + 1, -beta, -alpha)
                            .map(|s| -s)
                    }
                    other => other,
                }
            };
            self.base = saved;
            let score = score?;
            if score > best {
                best = score;
                best_move = origin;
                if score > alpha {
                    alpha = score;
                    self.update_pv(ply, origin);
                }
            }
            if alpha >= beta {
                if !captured && self.config.move_ordering {
                    self.remember_cutoff(ply, mover, origin, depth);
                }
                break;
            }
        }
        if self.config.transposition_table {
            let bound = if best >= beta {
                Bound::Lower
            } else if best > original_alpha {
                Bound::Exact
            } else {
                Bound::Upper
            };
            self.tt.store(key, best, depth, bound, best_move);
        }
        Ok(best)
    }

    /// The children of `position` with their origins, in search order:
    /// the table's move, then captures by size, then killers, then by
    /// the history of cutoffs (or hole order without move ordering).
    fn ordered(&self, position: &Position, ply: usize, tt_move: u8) -> [Option<(u8, Position)>; 6] {
        let mover = position.turn();
        let mut children = [None; 6];
        let mut keys = [0i64; 6];
        let killers = self.killers.get(ply).copied().unwrap_or([u8::MAX; 2]);
        for (count, mv) in position.legal_moves().enumerate().take(6) {
            let origin = mv.hole().index() as u8;
            let child = position.successor(usize::from(origin));
            let gain = i64::from(child.store(mover)) - i64::from(position.store(mover));
            let key = if !self.config.move_ordering {
                if origin == tt_move { 1 << 40 } else { 0 }
            } else if origin == tt_move {
                1 << 40
            } else if gain > 0 {
                (1 << 32) + gain
            } else if killers[0] == origin {
                1 << 31
            } else if killers[1] == origin {
                1 << 30
            } else {
                let history = self.history[mover.index()];
                i64::from(history.get(usize::from(origin)).copied().unwrap_or(0))
            };
            insert_by_key(&mut keys, &mut children, count, key, (origin, child));
        }
        children
    }

    fn remember_cutoff(&mut self, ply: usize, mover: Player, origin: u8, depth: u32) {
        if let Some(killers) = self.killers.get_mut(ply)
            && killers[0] != origin
        {
            killers[1] = killers[0];
            killers[0] = origin;
        }
        if let Some(entry) = self.history[mover.index()].get_mut(usize::from(origin)) {
            *entry = entry.saturating_add(depth * depth);
        }
    }

    /// The line at `ply`: `origin`, then the line found below it.
    fn update_pv(&mut self, ply: usize, origin: u8) {
        let below = self.pv.get(ply + 1).cloned().unwrap_or_default();
        if let Some(pv) = self.pv.get_mut(ply) {
            pv.clear();
            if let Some(hole) = crate::Hole::from_index(usize::from(origin)) {
                pv.push(Move::new(hole));
            }
            pv.extend(below);
        }
    }
}
