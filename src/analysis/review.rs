//! A whole-game review: every ply of a line given a value before and
//! after it, exact where the [`Analyser`](super::Analyser) found one (the
//! solver, or the endgame tables through it), the
//! [`Engine`]'s estimate elsewhere (saying at what depth),
//! and the plies that lose value marked: a drop that changes the result
//! for the player who moved (a win to a draw or a loss, a draw to a loss),
//! or one larger than a threshold.
//!
//! Values are compared as the final difference of beans, South's minus
//! North's; a ply loses what the difference falls from the mover's view.
//! An estimate is the engine's search of the position with the line's
//! history since the last capture (the line's own plies; a variation's
//! from its branch point): to the reviewer's depth before a ply, one ply
//! less after it, so that both look as far ahead. Only values of one kind
//! are compared (two exact ones or two estimates), and only exact values
//! change a result.
//!
//! ```
//! use bohnenspiel::analysis::engine::{Engine, EngineConfig};
//! use bohnenspiel::analysis::review::{Assessment, Reviewer};
//! use bohnenspiel::analysis::{Analyser, Limits};
//! use bohnenspiel::notation::parse_records;
//! use bohnenspiel::validate::Options;
//! use bohnenspiel::Rules;
//!
//! let games = parse_records("4, 8; 6, 12 (2 from 8)\n");
//! let analysis = Analyser::new(Options::default(), Limits::nodes(1000)).analyse(&games[0])?;
//! let engine = Engine::new(Rules::default(), EngineConfig::default());
//! let mut reviewer = Reviewer::new(engine, Limits::depth(4), 4);
//! let review = reviewer.review(&analysis.lines[0]);
//! assert_eq!(review.len(), 4);
//! // The opening is far beyond 1000 nodes: the engine's estimate at depth 4.
//! assert!(matches!(review[0].before, Assessment::Estimate { depth: 4, .. }));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::fmt;
use std::sync::atomic::AtomicBool;

use super::Limits;
use super::engine::{Engine, Value};
use super::{LineValues, PlyValue};
use crate::{Player, Position, Rules, Score};

/// The value of a position in a review.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Assessment {
    /// The exact final score under best play.
    Exact(Score),
    /// The engine's estimate of the final difference, South's beans minus
    /// North's, at a depth of search.
    Estimate {
        /// South's final beans minus North's.
        difference: i32,
        /// The depth the engine finished.
        depth: u32,
    },
    /// Neither: the engine could not search the position (a history
    /// longer than it takes).
    Missing,
}

impl Assessment {
    /// The final difference, South's beans minus North's.
    #[must_use]
    pub fn difference(&self) -> Option<i32> {
        match *self {
            Assessment::Exact(score) => Some(i32::from(score.south) - i32::from(score.north)),
            Assessment::Estimate { difference, .. } => Some(difference),
            Assessment::Missing => None,
        }
    }
}

impl fmt::Display for Assessment {
    /// `South wins 50:22` (exact), `South +4 (engine, depth 12)`,
    /// `even (engine, depth 12)` or `no value`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Assessment::Exact(score) => write!(f, "{}", score.in_words()),
            Assessment::Estimate { difference, depth } => {
                match difference.signum() {
                    1 => write!(f, "South +{difference}")?,
                    -1 => write!(f, "North +{}", -difference)?,
                    _ => f.write_str("even")?,
                }
                write!(f, " (engine, depth {depth})")
            }
            Assessment::Missing => f.write_str("no value"),
        }
    }
}

/// One ply of a review.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct PlyReview {
    /// The value before the ply.
    pub before: Assessment,
    /// The value after it.
    pub after: Assessment,
    /// What the final difference from the view of the player who moved
    /// (their beans minus the other's; a bean that changes sides counts 2)
    /// fell by (negative: rose, as an estimate can), when both values are
    /// there and of one kind.
    pub loss: Option<i32>,
    /// Whether it changed the result for the player who moved, by exact
    /// values: a win to a draw or a loss, a draw to a loss.
    pub changes_result: bool,
    /// Whether it loses value: it changes the result, or its loss is more
    /// than the reviewer's threshold.
    pub loses_value: bool,
}

/// Reviews lines with an engine (see the [module docs](self)).
#[derive(Debug)]
pub struct Reviewer {
    engine: Engine,
    limits: Limits,
    threshold: i32,
    fresh: bool,
}

impl Reviewer {
    /// A reviewer whose engine searches each position without an exact
    /// value within `limits`, and that marks a ply whose loss (in the
    /// final difference, [`PlyReview::loss`]) is more than `threshold`.
    #[must_use]
    pub fn new(engine: Engine, limits: Limits, threshold: u8) -> Reviewer {
        Reviewer {
            engine,
            limits,
            threshold: i32::from(threshold),
            fresh: false,
        }
    }

    /// The reviewer, searching each position from a fresh engine (as
    /// [`Engine::new_game`] leaves it) instead of one that remembers the
    /// searches before: slower, but each estimate is then the same
    /// whatever was searched before, and can be computed again.
    /// This is how values are reviewed to be written into a record.
    #[must_use]
    pub fn fresh(mut self) -> Reviewer {
        self.fresh = true;
        self
    }

    /// The depth a position after a ply is searched to: one less than
    /// the reviewer's depth (at least 1), as [`PlyReview::after`] is.
    #[must_use]
    pub fn depth_after(&self) -> Option<u32> {
        self.shallower().depth
    }

    /// The limits of a search after a ply: one ply less deep.
    fn shallower(&self) -> Limits {
        Limits {
            depth: self
                .limits
                .depth
                .map(|depth| depth.saturating_sub(1).max(1)),
            ..self.limits
        }
    }

    /// Reviews under `rules` from now on, as the analysis of a record
    /// with a `Rules` tag of its own needs: when they differ from the
    /// engine's, the engine is made anew for them, set up as before
    /// (without an endgame table, which is for the old rules).
    pub fn set_rules(&mut self, rules: Rules) {
        if self.engine.rules() != rules {
            self.engine = Engine::new(rules, *self.engine.config());
        }
    }

    /// The review of every ply of `line`, in order.
    pub fn review(&mut self, line: &LineValues) -> Vec<PlyReview> {
        // The positions of the line: before each ply, then after the last.
        let mut positions: Vec<(Position, Option<Score>)> = line
            .plies
            .iter()
            .map(|ply| (ply.position_before, ply.before.as_ref().ok().copied()))
            .collect();
        if let Some(last) = line.plies.last() {
            positions.push((last.position_after, last.after.as_ref().ok().copied()));
        }
        // Before a ply, a search to the reviewer's depth; after it, one
        // ply less, so that both see as far ahead of the position before
        // the ply (an estimate swings with the parity of its depth).
        let limits = self.limits;
        let shallower = self.shallower();
        line.plies
            .iter()
            .enumerate()
            .map(|(index, ply)| {
                let before = self.assess(&positions, index, &limits);
                let after = self.assess(&positions, index + 1, &shallower);
                let view = |difference: i32| match ply.player {
                    Player::South => difference,
                    Player::North => -difference,
                };
                // Only values of one kind are compared: two exact ones, or
                // two estimates.
                let comparable = matches!(
                    (before, after),
                    (Assessment::Exact(_), Assessment::Exact(_))
                        | (Assessment::Estimate { .. }, Assessment::Estimate { .. })
                );
                let loss = before
                    .difference()
                    .zip(after.difference())
                    .filter(|_| comparable)
                    .map(|(b, a)| view(b) - view(a));
                // A result changes only by exact values: an estimate near
                // 0 changes sign without meaning it.
                let changes_result = match (before, after) {
                    (Assessment::Exact(_), Assessment::Exact(_)) => before
                        .difference()
                        .zip(after.difference())
                        .is_some_and(|(b, a)| view(a).signum() < view(b).signum()),
                    _ => false,
                };
                PlyReview {
                    before,
                    after,
                    loss,
                    changes_result,
                    loses_value: changes_result || loss.is_some_and(|loss| loss > self.threshold),
                }
            })
            .collect()
    }

    /// The value of position `index` of `positions`: exact if known, else
    /// the engine's, with the positions before it since the last capture
    /// as its history.
    fn assess(
        &mut self,
        positions: &[(Position, Option<Score>)],
        index: usize,
        limits: &Limits,
    ) -> Assessment {
        let Some(&(position, exact)) = positions.get(index) else {
            return Assessment::Missing;
        };
        if let Some(score) = exact {
            return Assessment::Exact(score);
        }
        if self.fresh {
            self.engine.new_game();
        }
        let earlier = positions.get(..index).unwrap_or_default();
        search(
            &mut self.engine,
            earlier.iter().map(|(before, _)| *before),
            position,
            limits,
        )
    }
}

/// The engine's value of the position after the `ply`-th ply (from 1)
/// of `plies`, the plies of a line as [`LineValues::plies`] holds them,
/// searched to `depth` from a fresh engine, with the line's positions
/// since the last capture as its history; exact values the analysis
/// found are not used. This is the value a [fresh](Reviewer::fresh)
/// reviewer gives that position where the analysis has no exact value,
/// computed again: a search from a fresh engine is deterministic.
/// [`Assessment::Missing`] for a ply the line does not hold.
pub(crate) fn estimate(
    engine: &mut Engine,
    plies: &[PlyValue],
    ply: usize,
    depth: u32,
) -> Assessment {
    let Some(last) = ply.checked_sub(1).and_then(|at| plies.get(at)) else {
        return Assessment::Missing;
    };
    engine.new_game();
    let earlier = plies.get(..ply).unwrap_or_default();
    search(
        engine,
        earlier.iter().map(|value| value.position_before),
        last.position_after,
        &Limits::depth(depth),
    )
}

/// The engine's search of `position`, after the positions `earlier` of
/// its line (oldest first): those since the last capture are its
/// history.
fn search(
    engine: &mut Engine,
    earlier: impl DoubleEndedIterator<Item = Position>,
    position: Position,
    limits: &Limits,
) -> Assessment {
    let mut history: Vec<Position> = earlier
        .rev()
        .take_while(|before| before.stores() == position.stores())
        .collect();
    history.reverse();
    let stop = AtomicBool::new(false);
    match engine.search(&position, &history, limits, &stop, |_| {}) {
        Ok(result) => match result.value {
            Value::Exact(score) => Assessment::Exact(score),
            Value::Estimate(beans) => Assessment::Estimate {
                difference: match position.turn() {
                    Player::South => beans,
                    Player::North => -beans,
                },
                depth: result.depth,
            },
        },
        Err(_) => Assessment::Missing,
    }
}
