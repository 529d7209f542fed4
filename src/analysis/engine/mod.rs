//! An engine that plays: the best move it finds within limits of depth,
//! nodes or time, with a value that is exact where the endgame tables or
//! the solver reach and an estimate elsewhere.
//!
//! # How it searches
//!
//! - **Exact first.** With [`EngineConfig::exact`] on, the engine first asks the
//!   [`Solver`] (with the endgame table, if one was given,
//!   [`Engine::with_table`]) for the exact value, within a small budget
//!   ([`EngineConfig::exact_nodes`]), on boards of at most
//!   [`EngineConfig::exact_beans`] beans (20 by default, or the table's). When it answers, the engine plays one
//!   of the solver's best moves and reports [`Value::Exact`]: an engine
//!   value never contradicts an exact one.
//! - **Otherwise, iterative deepening** of a principal variation search
//!   (negamax alpha-beta, later moves tried with a null window first),
//!   depth 1, 2, 3, … until a limit is reached. Each finished depth is
//!   reported ([`SearchResult`]); the answer is that of the deepest finished
//!   depth, or a move the unfinished depth proved better than it (depth 1
//!   always finishes, so there is always a move when there is a legal
//!   one). The best move of each depth is searched first at the next;
//!   under a time limit no depth starts after half the time is gone.
//! - **Scores** are the final difference of beans from the player to
//!   move's view (their final beans minus the other player's), in
//!   hundredths of a bean inside the search and in beans in
//!   [`Value::Estimate`]. Where the game ends inside the search (by rule,
//!   by repetition, or at a position the endgame table covers right after
//!   a capture) the score is exact; where the search stops, the
//!   evaluation ([`Weights`]) estimates it, bounded by what the stores already
//!   give each side.
//! - **The endless-play rule** of search ([the module docs](super)): the
//!   first position that occurs again since the last capture ends the
//!   game, the beans on the board shared as
//!   [`Rules::endless_play`](crate::Rules::endless_play) says; the history
//!   passed to [`Engine::search`] counts. In the Hemprich variant a player
//!   without beans passes (the best move is then `None`).
//! - **A transposition table** of fixed size ([`EngineConfig::hash_bytes`],
//!   16 MB by default; entries of 16 bytes in buckets of two) keyed by a
//!   64-bit hash of the whole position (board, stores, player to move),
//!   storing score, depth, bound kind and best move; a new entry replaces
//!   the same position's, else one from an earlier search, else the
//!   shallower. Its scores ignore the history a position was reached
//!   with (as in every engine of this family); exact answers come from the
//!   solver, which does not.
//! - **Move ordering**: the table's move, then captures by size, then two
//!   killer moves per ply, then by a history of cutoffs.
//!
//! # Limits, stopping, determinism
//!
//! [`Limits`] bound the depth, the nodes and the time; all `None` searches
//! until the `stop` flag is set (from another thread: an
//! [`AtomicBool`] shared by reference, for
//! example in an `Arc`). The flag, the node limit and the time are checked
//! every 1024 nodes, so a search stops within about a millisecond (the
//! exact attempt first runs within its own small budget). A search with a
//! depth or node limit and no time limit is deterministic: the same engine
//! state (a new engine, or after [`Engine::new_game`]) and the same calls
//! give the same answers, on any machine.
//!
//! ```
//! use std::sync::atomic::AtomicBool;
//! use bohnenspiel::analysis::Limits;
//! use bohnenspiel::analysis::engine::{Engine, EngineConfig, Value};
//! use bohnenspiel::{Position, Rules};
//!
//! let mut engine = Engine::new(Rules::default(), EngineConfig::default());
//! let stop = AtomicBool::new(false);
//! let mut depths = Vec::new();
//! let result = engine.search(&Position::new(), &[], &Limits::depth(6), &stop, |info| {
//!     depths.push(info.depth);
//! })?;
//! assert_eq!(depths, [1, 2, 3, 4, 5, 6]);
//! assert!(result.best.is_some());
//! assert!(matches!(result.value, Value::Estimate(_)));
//!
//! // Near the end the value is exact: South takes North's last 2 beans.
//! let end: Position = "0,0,0,0,0,1/1,0,0,0,0,0 34:36 S".parse()?;
//! let result = engine.search(&end, &[], &Limits::depth(6), &stop, |_| {})?;
//! assert_eq!(result.best.map(|mv| mv.to_string()).as_deref(), Some("6"));
//! assert_eq!(result.value, Value::Exact(bohnenspiel::Score::new(36, 36)));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod eval;
mod search;
mod tt;

use std::fmt;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

pub use eval::Weights;

use self::eval::SCALE;
use self::search::{INFINITY, MAX_PLY, Searcher};
use self::tt::Table;
use super::{AnalysisError, EndgameTable, Limits, Solver, TableError};
use crate::{Hole, Move, Player, Position, Rules, Score, Variant};

/// How an [`Engine`] is set up: the size of its table, its evaluation,
/// the parts it uses (each can be switched off to measure what it gains;
/// all on by default) and the bounds of its exact attempt.
///
/// ```
/// use bohnenspiel::analysis::engine::EngineConfig;
///
/// let without_table = EngineConfig { transposition_table: false, ..EngineConfig::default() };
/// assert!(without_table.move_ordering && without_table.exact);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct EngineConfig {
    /// The bytes of the transposition table (rounded down to a power of
    /// two times 32 bytes, at least 32).
    pub hash_bytes: usize,
    /// The weights of the evaluation where the search stops
    /// ([`Weights::TUNED`] by default, [`Weights::ZERO`] for the
    /// difference of the stores alone).
    pub evaluation: Weights,
    /// Whether the transposition table is used.
    pub transposition_table: bool,
    /// Whether captures, killers and the history of cutoffs order the
    /// moves (the table's move is tried first either way, if the table is
    /// on).
    pub move_ordering: bool,
    /// Whether the exact attempt with the solver (and the endgame table)
    /// is made at the root.
    pub exact: bool,
    /// The nodes the exact attempt may take at each search (fewer if the
    /// [`Limits::nodes`] are fewer: half of them).
    pub exact_nodes: u64,
    /// The entries of the solver's memo for the exact attempt.
    pub exact_memo: usize,
    /// The exact attempt is made only on boards of at most this many
    /// beans (or as many as the endgame table covers, if more): on fuller
    /// boards it would only take time from the search.
    pub exact_beans: u8,
}

impl EngineConfig {
    /// The default size of the transposition table: 16 MB.
    pub const DEFAULT_HASH_BYTES: usize = 16 << 20;
}

impl Default for EngineConfig {
    fn default() -> EngineConfig {
        EngineConfig {
            hash_bytes: EngineConfig::DEFAULT_HASH_BYTES,
            evaluation: Weights::TUNED,
            transposition_table: true,
            move_ordering: true,
            exact: true,
            exact_nodes: 50_000,
            exact_memo: 1 << 20,
            exact_beans: 20,
        }
    }
}

/// A value found by the engine.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Value {
    /// The exact final score under best play (from the endgame table or
    /// the solver, with the history given).
    Exact(Score),
    /// An estimate of the final difference, in beans, from the view of
    /// the player to move: their final beans minus the other player's.
    Estimate(i32),
}

impl fmt::Display for Value {
    /// `exact S:N` (South's beans first) or the estimate as a signed
    /// number (`+4`, `-2`, `0`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Value::Exact(score) => write!(f, "exact {}:{}", score.south, score.north),
            Value::Estimate(0) => f.write_str("0"),
            Value::Estimate(beans) => write!(f, "{beans:+}"),
        }
    }
}

/// What a search found: after each finished depth (passed to the
/// callback of [`Engine::search`]) and at its end (its answer).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SearchResult {
    /// The move to play; `None` when the game is over or, in the Hemprich
    /// variant, when the player to move has no beans and passes. In the
    /// answer it may be a move that an unfinished depth proved better than
    /// the first of [`pv`](SearchResult::pv).
    pub best: Option<Move>,
    /// The value of the position at that depth.
    pub value: Value,
    /// The depth finished (0 for an exact answer of the solver, or a
    /// finished game).
    pub depth: u32,
    /// The nodes searched so far in this search.
    pub nodes: u64,
    /// Nodes per second so far.
    pub nps: u64,
    /// The time since the search started.
    pub elapsed: Duration,
    /// The principal variation: the best line found, from the position
    /// searched. A Hemprich pass in it is not written.
    pub pv: Vec<Move>,
}

/// The engine: its rules, its setup, its transposition table, and the
/// solver and endgame table for exact values. See the
/// [module docs](self).
#[derive(Debug, Clone)]
pub struct Engine {
    rules: Rules,
    config: EngineConfig,
    tt: Table,
    table: Option<Arc<EndgameTable>>,
    solver: Solver,
}

impl Engine {
    /// An engine for `rules` set up as `config` says. Allocates the
    /// transposition table at once.
    #[must_use]
    pub fn new(rules: Rules, config: EngineConfig) -> Engine {
        Engine {
            rules,
            config,
            tt: Table::with_bytes(config.hash_bytes),
            table: None,
            solver: Solver::new(rules).with_memo_limit(config.exact_memo),
        }
    }

    /// The same engine using `table` for exact values, in its search
    /// (right after every capture) and in the exact attempt.
    ///
    /// # Errors
    ///
    /// [`TableError::OtherRules`] if the table was built for another
    /// variant or endless-play rule.
    pub fn with_table(mut self, table: impl Into<Arc<EndgameTable>>) -> Result<Engine, TableError> {
        let table = table.into();
        self.solver = self.solver.with_table(Arc::clone(&table))?;
        self.table = Some(table);
        Ok(self)
    }

    /// The rules the engine plays by.
    #[must_use]
    pub const fn rules(&self) -> Rules {
        self.rules
    }

    /// The engine's setup.
    #[must_use]
    pub const fn config(&self) -> &EngineConfig {
        &self.config
    }

    /// The endgame table the engine uses, if any.
    #[must_use]
    pub fn table(&self) -> Option<&EndgameTable> {
        self.table.as_deref()
    }

    /// The bytes of the transposition table.
    #[must_use]
    pub fn hash_bytes(&self) -> usize {
        self.tt.bytes()
    }

    /// Forgets everything learnt in earlier searches (the transposition
    /// table and the solver's memo), for a new game: searches after it
    /// answer as a new engine's would.
    pub fn new_game(&mut self) {
        self.tt.clear();
        self.solver.clear();
    }

    /// Searches `position` within `limits` (or until `stop` is set) and
    /// returns the best move found. `history` holds the positions since
    /// the last capture, oldest first, ending with the one before
    /// `position` (empty right after a capture or at a game's start;
    /// [`Game::history`](crate::Game::history) takes it from a game); a
    /// position of it that the search meets again ends the game there.
    /// `on_info` is called after each finished depth.
    ///
    /// # Errors
    ///
    /// [`AnalysisError::HistoryNotAPly`] if the history does not lead to
    /// `position` by moves without captures;
    /// [`AnalysisError::HistoryTooLong`] if it holds more than
    /// [`Solver::MAX_HISTORY`] positions. A history that repeats a
    /// position is searched (the search ends the game at the first
    /// position it meets again), so the engine gives neither of the
    /// solver's other errors.
    pub fn search(
        &mut self,
        position: &Position,
        history: &[Position],
        limits: &Limits,
        stop: &AtomicBool,
        mut on_info: impl FnMut(&SearchResult),
    ) -> Result<SearchResult, AnalysisError> {
        let started = Instant::now();
        let last_sower = check_history(self.rules, position, history)?;
        let deadline = limits.time.and_then(|time| started.checked_add(time));
        if let Some(result) = self.over(position, started) {
            on_info(&result);
            return Ok(result);
        }
        let mut spent = 0;
        let exact_beans = self.config.exact_beans.max(
            self.table
                .as_ref()
                .and_then(|table| table.loaded_beans())
                .unwrap_or(0),
        );
        if self.config.exact
            && position.beans_on_board() <= exact_beans
            && let Some(result) = self.exact(position, history, limits, started, &mut spent)
        {
            on_info(&result);
            return Ok(result);
        }
        self.tt.new_search();
        let max_depth = limits
            .depth
            .unwrap_or(Limits::MAX_DEPTH)
            .clamp(1, Limits::MAX_DEPTH);
        let node_limit = limits.nodes.map_or(u64::MAX, |n| n.saturating_sub(spent));
        let single = position.legal_moves().len() <= 1;
        let mut searcher = Searcher {
            rules: self.rules,
            config: &self.config,
            tt: &mut self.tt,
            table: self.table.as_deref(),
            path: history.to_vec(),
            base: 0,
            nodes: 0,
            node_limit,
            deadline,
            stop,
            may_stop: false,
            killers: vec![[u8::MAX; 2]; MAX_PLY + 1],
            history: [[0; 12]; 2],
            pv: vec![Vec::new(); MAX_PLY + 1],
            root_first: u8::MAX,
            root_better: None,
        };
        let mut last: Option<SearchResult> = None;
        for depth in 1..=max_depth {
            searcher.root_better = None;
            let outcome = searcher.search(position, last_sower, depth, 0, -INFINITY, INFINITY);
            let Ok(score) = outcome else {
                // A move proven better than the last depth's best by the
                // unfinished depth replaces it (its value stays the last
                // depth's, a bound for the new move).
                let better = searcher
                    .root_better
                    .and_then(|origin| Hole::from_index(origin.into()));
                if let (Some(hole), Some(result)) = (better, last.as_mut()) {
                    result.best = Some(Move::new(hole));
                }
                break;
            };
            let elapsed = started.elapsed();
            let nodes = spent + searcher.nodes;
            let pv = searcher.pv.first().cloned().unwrap_or_default();
            let best = pv
                .first()
                .copied()
                .or_else(|| position.legal_moves().next());
            let result = SearchResult {
                best: if position.is_game_over() { None } else { best },
                value: Value::Estimate(beans(score)),
                depth,
                nodes,
                nps: per_second(nodes, elapsed),
                elapsed,
                pv,
            };
            on_info(&result);
            last = Some(result);
            searcher.may_stop = true;
            // One legal move needs no search beyond a value, when time is
            // what counts.
            if single && limits.time.is_some() {
                break;
            }
            // A depth takes longer than all before it together: one that
            // could not finish in the time left is not started.
            let half_gone = limits
                .time
                .is_some_and(|time| started.elapsed() * 2 >= time);
            if searcher.stop.load(std::sync::atomic::Ordering::Relaxed)
                || half_gone
                || searcher.nodes >= node_limit
            {
                break;
            }
        }
        Ok(last.unwrap_or_else(|| SearchResult {
            best: position.legal_moves().next(),
            value: Value::Estimate(0),
            depth: 0,
            nodes: spent,
            nps: 0,
            elapsed: started.elapsed(),
            pv: Vec::new(),
        }))
    }

    /// The answer for a finished game.
    fn over(&self, position: &Position, started: Instant) -> Option<SearchResult> {
        let score = match self.rules.variant {
            Variant::Standard => position.final_score()?,
            Variant::Hemprich if position.beans_on_board() == 0 => position.stores(),
            Variant::Hemprich => return None,
        };
        Some(SearchResult {
            best: None,
            value: Value::Exact(score),
            depth: 0,
            nodes: 0,
            nps: 0,
            elapsed: started.elapsed(),
            pv: Vec::new(),
        })
    }

    /// The exact attempt: the solver within its budget.
    fn exact(
        &mut self,
        position: &Position,
        history: &[Position],
        limits: &Limits,
        started: Instant,
        spent: &mut u64,
    ) -> Option<SearchResult> {
        let nodes = match limits.nodes {
            Some(limit) => self.config.exact_nodes.min(limit / 2),
            None => self.config.exact_nodes,
        };
        let time = limits.time.map(|time| time / 4);
        let solver = std::mem::replace(&mut self.solver, Solver::new(self.rules));
        let mut solver = solver.with_limits(Limits {
            depth: None,
            nodes: Some(nodes),
            time,
        });
        let answer = solver.solve(position, history);
        self.solver = solver;
        let solution = match answer {
            Ok(solution) => solution,
            Err(AnalysisError::OutOfBudget { nodes, .. }) => {
                *spent = nodes;
                return None;
            }
            Err(_) => return None,
        };
        *spent = solution.nodes;
        let best = solution
            .moves
            .iter()
            .find(|&&(_, value)| value == solution.value)
            .map(|&(mv, _)| mv);
        let elapsed = started.elapsed();
        Some(SearchResult {
            best,
            value: Value::Exact(solution.value),
            depth: 0,
            nodes: solution.nodes,
            nps: per_second(solution.nodes, elapsed),
            elapsed,
            pv: solution.line,
        })
    }
}

/// Hundredths of a bean to beans, rounded to the nearest.
fn beans(score: i32) -> i32 {
    (score + SCALE / 2 * score.signum()) / SCALE
}

fn per_second(nodes: u64, elapsed: Duration) -> u64 {
    let seconds = elapsed.as_secs_f64();
    if seconds > 0.0 {
        (nodes as f64 / seconds) as u64
    } else {
        0
    }
}

/// Checks that `history` leads to `position` ply by ply without a
/// capture, and returns who sowed last before `position`.
fn check_history(
    rules: Rules,
    position: &Position,
    history: &[Position],
) -> Result<Player, AnalysisError> {
    if history.len() > Solver::MAX_HISTORY {
        return Err(AnalysisError::HistoryTooLong {
            length: history.len(),
            limit: Solver::MAX_HISTORY,
        });
    }
    let passes = |before: &Position, after: &Position| {
        rules.variant == Variant::Hemprich
            && before.is_game_over()
            && before.beans_on_board() > 0
            && before.passed() == *after
    };
    let mut last_sower = !position.turn();
    for index in 1..=history.len() {
        let before = history.get(index - 1).unwrap_or(position);
        let after = history.get(index).unwrap_or(position);
        let sows = before.legal_moves().any(|mv| {
            let child = before.successor(mv.hole().index());
            child == *after && child.stores() == before.stores()
        });
        if sows {
            last_sower = before.turn();
        } else if passes(before, after) {
            last_sower = !before.turn();
        } else {
            return Err(AnalysisError::HistoryNotAPly { index });
        }
    }
    Ok(last_sower)
}
