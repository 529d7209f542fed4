//! The solver: exact values under a budget of work.

use std::collections::HashMap;
use std::fmt;
use std::sync::Arc;
use std::time::{Duration, Instant};

use super::AnalysisError;
use super::search::{ABOVE, BELOW, Exhausted, Memo, Oracle, Search, State};
use super::table::{EndgameTable, TableError};
use crate::{Move, Player, Position, Rules, Score, TOTAL_BEANS, Variant};

/// How much work a search may do: one call of the [`Solver`], one
/// [`Engine::search`](super::engine::Engine::search), or each value an
/// [`Analyser`](super::Analyser) or a
/// [`Reviewer`](super::review::Reviewer) finds. It stops at the first
/// limit reached; `None` sets no limit of that kind, and all `None`
/// ([`Limits::default`], [`Limits::INFINITE`]) runs until done (the
/// engine: until its stop flag is set).
///
/// The depth bounds the engine's iterations; the solver always searches
/// to the end of the game and takes the nodes and the time only. A
/// [`Solver::new`] allows [`Solver::DEFAULT_NODES`], so that no call runs
/// unbounded unless asked to.
///
/// ```
/// use std::time::Duration;
/// use bohnenspiel::analysis::Limits;
///
/// let limits = Limits { time: Some(Duration::from_secs(2)), ..Limits::nodes(1_000_000) };
/// assert_eq!(limits.nodes, Some(1_000_000));
/// assert_eq!(limits.to_string(), "1000000 nodes and 2 s");
/// assert_eq!(Limits::depth(6).to_string(), "depth 6");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Limits {
    /// The deepest iteration of the engine (plies); at most
    /// [`Limits::MAX_DEPTH`] is searched. The solver does not read it.
    pub depth: Option<u32>,
    /// The most nodes (positions searched); for the engine, its exact
    /// attempt's included (depth 1 always finishes, so a limit below its
    /// few nodes is passed by them).
    pub nodes: Option<u64>,
    /// The longest time.
    pub time: Option<Duration>,
}

impl Limits {
    /// The most plies [`Engine::search`](super::engine::Engine::search)
    /// searches ahead (a larger [`Limits::depth`] is taken as this).
    pub const MAX_DEPTH: u32 = 120;

    /// No limit: until done, or stopped.
    pub const INFINITE: Limits = Limits {
        depth: None,
        nodes: None,
        time: None,
    };

    /// At most `depth` plies deep.
    #[must_use]
    pub const fn depth(depth: u32) -> Limits {
        Limits {
            depth: Some(depth),
            nodes: None,
            time: None,
        }
    }

    /// At most `nodes` nodes.
    #[must_use]
    pub const fn nodes(nodes: u64) -> Limits {
        Limits {
            depth: None,
            nodes: Some(nodes),
            time: None,
        }
    }

    /// At most `time`.
    #[must_use]
    pub const fn time(time: Duration) -> Limits {
        Limits {
            depth: None,
            nodes: None,
            time: Some(time),
        }
    }
}

impl fmt::Display for Limits {
    /// Writes `depth D`, `N nodes` and `T s`, those set joined by `and`,
    /// or `no limit`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut parts = Vec::new();
        if let Some(depth) = self.depth {
            parts.push(format!("depth {depth}"));
        }
        if let Some(nodes) = self.nodes {
            parts.push(format!("{nodes} nodes"));
        }
        if let Some(time) = self.time {
            parts.push(format!("{} s", time.as_secs_f64()));
        }
        if parts.is_empty() {
            f.write_str("no limit")
        } else {
            f.write_str(&parts.join(" and "))
        }
    }
}

/// What [`Solver::solve`] found.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Solution {
    /// The final score under best play (South's and North's beans add up
    /// to 72).
    pub value: Score,
    /// Every legal move with its value (the final score under best play
    /// after it), in hole order. Empty when the game is over, and when
    /// the player to move must pass (Hemprich).
    pub moves: Vec<(Move, Score)>,
    /// A best line: moves that keep the value, from the position to the
    /// end of the game (by rule or by a repetition). A forced Hemprich
    /// pass is not written; it is the only thing the player can do.
    pub line: Vec<Move>,
    /// The nodes searched for this answer.
    pub nodes: u64,
}

/// An exact solver under one set of [`Rules`], using the search rule of
/// the [module docs](crate::analysis).
///
/// It keeps the history-free values it has found between calls, up to a
/// bounded number of entries ([`Solver::with_memo_limit`]), and can use an
/// [`EndgameTable`] ([`Solver::with_table`]).
///
/// ```
/// use bohnenspiel::analysis::{Limits, AnalysisError, Solver};
/// use bohnenspiel::{Position, Rules, Score};
///
/// let mut solver = Solver::new(Rules::default());
/// let position: Position = "0,0,0,0,0,1/1,0,0,0,0,0 34:36 S".parse()?;
/// // 6 takes North's last 2 beans, which ends the game at 36:36.
/// assert_eq!(solver.value(&position, &[])?, Score::new(36, 36));
///
/// // The opening is far beyond a budget of 1000 nodes.
/// let mut tiny = Solver::new(Rules::default()).with_limits(Limits::nodes(1000));
/// let error = tiny.value(&Position::new(), &[]).unwrap_err();
/// assert!(matches!(error, AnalysisError::OutOfBudget { .. }));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone)]
pub struct Solver {
    rules: Rules,
    limits: Limits,
    memo: Memo,
    memo_limit: usize,
    table: Option<Arc<EndgameTable>>,
}

impl Solver {
    /// The node limit of a new solver: 100 million nodes, a few seconds
    /// to a minute of work.
    pub const DEFAULT_NODES: u64 = 100_000_000;

    /// The default bound on the memo: 4 million entries (about 100 MB).
    pub const DEFAULT_MEMO_LIMIT: usize = 1 << 22;

    /// The most positions a history may hold (a game that goes this many
    /// plies without a capture and without repeating a position): longer
    /// ones are [`AnalysisError::HistoryTooLong`]. Every node of a search
    /// is compared with the positions of its history, so this bounds
    /// the cost of one node.
    pub const MAX_HISTORY: usize = 1024;

    /// A solver for `rules`, allowing [`Solver::DEFAULT_NODES`] nodes a
    /// call and no time limit.
    #[must_use]
    pub fn new(rules: Rules) -> Solver {
        Solver {
            rules,
            limits: Limits::nodes(Solver::DEFAULT_NODES),
            memo: HashMap::default(),
            memo_limit: Solver::DEFAULT_MEMO_LIMIT,
            table: None,
        }
    }

    /// The same solver using `table`: wherever the search reaches a
    /// position without history (the position solved, when it has none,
    /// or a position right after a capture) whose board the table covers,
    /// it takes the table's value instead of searching on. The table's
    /// values are exact, so answers do not change; they only come sooner.
    ///
    /// ```
    /// use bohnenspiel::analysis::{EndgameTable, Solver};
    /// use bohnenspiel::{Position, Rules, Score};
    ///
    /// let table = EndgameTable::build(Rules::default(), 6)?;
    /// let mut solver = Solver::new(Rules::default()).with_table(table)?;
    /// let gentlemen: Position = "0,1,0,0,2,1/0,0,3,0,0,1 34:30 S".parse()?;
    /// assert_eq!(solver.value(&gentlemen, &[])?, Score::new(36, 36));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    ///
    /// [`TableError::OtherRules`] if the table was built for another
    /// variant or endless-play rule than the solver's
    /// ([`EndgameTable::covers`]).
    pub fn with_table(mut self, table: impl Into<Arc<EndgameTable>>) -> Result<Solver, TableError> {
        let table = table.into();
        if !table.covers(self.rules) {
            return Err(TableError::OtherRules {
                table: table.rules(),
                solver: self.rules,
            });
        }
        self.table = Some(table);
        Ok(self)
    }

    /// The table the solver uses, if any.
    #[must_use]
    pub fn table(&self) -> Option<&EndgameTable> {
        self.table.as_deref()
    }

    /// The same solver with `limits` for each call (their depth is not
    /// read: the solver searches to the end of the game).
    #[must_use]
    pub fn with_limits(mut self, limits: Limits) -> Solver {
        self.limits = limits;
        self
    }

    /// The same solver keeping at most `entries` history-free values (at
    /// least one); when the memo is full it is emptied and filled again.
    #[must_use]
    pub fn with_memo_limit(mut self, entries: usize) -> Solver {
        self.memo_limit = entries.max(1);
        self
    }

    /// The rules the solver follows.
    #[must_use]
    pub const fn rules(&self) -> Rules {
        self.rules
    }

    /// The limits of each call.
    #[must_use]
    pub const fn limits(&self) -> Limits {
        self.limits
    }

    /// The value of `position`: the final score under best play. `history`
    /// holds the positions since the last capture, oldest first, ending
    /// with the one before `position` (empty for a position with no
    /// history: a problem's start, or right after a capture).
    ///
    /// # Errors
    ///
    /// [`AnalysisError::HistoryNotAPly`] if the history does not lead to
    /// `position` by moves without captures,
    /// [`AnalysisError::HistoryRepeats`] if it repeats a position;
    /// [`AnalysisError::HistoryTooLong`] if it holds more than
    /// [`Solver::MAX_HISTORY`] positions;
    /// [`AnalysisError::OutOfBudget`] if the budget runs out first.
    pub fn value(
        &mut self,
        position: &Position,
        history: &[Position],
    ) -> Result<Score, AnalysisError> {
        self.run(position, history, |search, last_sower| {
            search.search(position, last_sower, BELOW, ABOVE)
        })
        .map(|(value, _)| score(value))
    }

    /// The value of `position` with `history` (as for [`Solver::value`]),
    /// the value of every legal move, and a best line.
    ///
    /// # Errors
    ///
    /// As for [`Solver::value`]; the budget covers the whole answer.
    pub fn solve(
        &mut self,
        position: &Position,
        history: &[Position],
    ) -> Result<Solution, AnalysisError> {
        let ((value, moves, line), nodes) = self.run(position, history, |search, last_sower| {
            let (value, moves) = match search.state(position, last_sower) {
                State::Over(value) => (value, Vec::new()),
                State::Pass => (
                    search.search(position, last_sower, BELOW, ABOVE)?,
                    Vec::new(),
                ),
                State::Moves => move_values(search, position)?,
            };
            let line = best_line(search, position, last_sower, value)?;
            Ok((value, moves, line))
        })?;
        Ok(Solution {
            value: score(value),
            moves: moves
                .into_iter()
                .map(|(mv, value)| (mv, score(value)))
                .collect(),
            line,
            nodes,
        })
    }

    /// Forgets every value found so far.
    pub fn clear(&mut self) {
        self.memo.clear();
    }

    /// Checks the history and runs `work` on a search set up with it,
    /// within the budget; returns its answer and the nodes searched.
    fn run<R>(
        &mut self,
        position: &Position,
        history: &[Position],
        work: impl FnOnce(&mut Search<'_, Option<&EndgameTable>>, Player) -> Result<R, Exhausted>,
    ) -> Result<(R, u64), AnalysisError> {
        if history.len() > Solver::MAX_HISTORY {
            return Err(AnalysisError::HistoryTooLong {
                length: history.len(),
                limit: Solver::MAX_HISTORY,
            });
        }
        let last_sower = check_history(self.rules, position, history)?;
        let limits = self.limits;
        let table = self.table.as_deref();
        let mut search = Search {
            rules: self.rules,
            memo: &mut self.memo,
            memo_limit: self.memo_limit,
            oracle: &table,
            path: history.to_vec(),
            base: 0,
            nodes: 0,
            node_limit: limits.nodes.unwrap_or(u64::MAX),
            deadline: limits
                .time
                .and_then(|time| Instant::now().checked_add(time)),
        };
        match work(&mut search, last_sower) {
            Ok(answer) => Ok((answer, search.nodes)),
            Err(Exhausted) => Err(AnalysisError::OutOfBudget {
                nodes: search.nodes.min(search.node_limit),
                limits,
            }),
        }
    }
}

/// The score in which South has `value` beans.
fn score(value: i32) -> Score {
    let south = u8::try_from(value).unwrap_or(0).min(TOTAL_BEANS);
    Score::new(south, TOTAL_BEANS - south)
}

/// The exact value of every legal move of `position` (which has some and
/// is not over), in hole order, and the best of them.
fn move_values<O: Oracle>(
    search: &mut Search<'_, O>,
    position: &Position,
) -> Result<(i32, Vec<(Move, i32)>), Exhausted> {
    search.path.push(*position);
    let mut moves = Vec::with_capacity(6);
    for mv in position.legal_moves() {
        let child = position.successor(mv.hole().index());
        moves.push((mv, search.child(position, &child, BELOW, ABOVE)?));
    }
    search.path.pop();
    let values = moves.iter().map(|&(_, value)| value);
    let best = match position.turn() {
        Player::South => values.max(),
        Player::North => values.min(),
    };
    Ok((best.unwrap_or(BELOW), moves))
}

/// A line from `start` that keeps `value` to the end of the game: at each
/// position the first move (in hole order) whose value is `value`, found by
/// a null-window search.
fn best_line<O: Oracle>(
    search: &mut Search<'_, O>,
    start: &Position,
    last_sower: Player,
    value: i32,
) -> Result<Vec<Move>, Exhausted> {
    let mut line = Vec::new();
    let mut position = *start;
    let mut last_sower = last_sower;
    loop {
        match search.state(&position, last_sower) {
            State::Over(_) => return Ok(line),
            State::Pass => {
                search.path.push(position);
                position = position.passed();
            }
            State::Moves => {
                search.path.push(position);
                let maximising = position.turn() == Player::South;
                let mut chosen = None;
                for mv in position.legal_moves() {
                    let child = position.successor(mv.hole().index());
                    let keeps = if maximising {
                        search.child(&position, &child, value - 1, value)? >= value
                    } else {
                        search.child(&position, &child, value, value + 1)? <= value
                    };
                    if keeps {
                        chosen = Some((mv, child));
                        break;
                    }
                }
                // Some move always keeps the value; without one the line
                // simply stops.
                let Some((mv, child)) = chosen else {
                    return Ok(line);
                };
                if child.stores() != position.stores() {
                    search.base = search.path.len();
                }
                last_sower = position.turn();
                position = child;
                line.push(mv);
            }
        }
    }
}

/// Checks that `history` leads to `position` ply by ply without a capture
/// and repeats nothing, and returns who sowed last before `position`.
fn check_history(
    rules: Rules,
    position: &Position,
    history: &[Position],
) -> Result<Player, AnalysisError> {
    let at = |index: usize| history.get(index).unwrap_or(position);
    let passes = |before: &Position, after: &Position| {
        rules.variant == Variant::Hemprich
            && before.is_game_over()
            && before.beans_on_board() > 0
            && before.passed() == *after
    };
    for index in 1..=history.len() {
        let (before, after) = (at(index - 1), at(index));
        let sows = before.legal_moves().any(|mv| {
            let child = before.successor(mv.hole().index());
            child == *after && child.stores() == before.stores()
        });
        if !sows && !passes(before, after) {
            return Err(AnalysisError::HistoryNotAPly { index });
        }
    }
    let mut seen = HashMap::with_capacity(history.len());
    for (index, earlier) in history.iter().enumerate() {
        if let Some(&first) = seen.get(earlier) {
            return Err(AnalysisError::HistoryRepeats {
                index,
                earlier: first,
            });
        }
        seen.insert(*earlier, index);
    }
    Ok(match history.last() {
        Some(before) if passes(before, position) => position.turn(),
        _ => !position.turn(),
    })
}
