//! Exact analysis: the value of a position under best play, the value of
//! every move, and a best line.
//!
//! This layer uses the rules engine (and, for judgements of records, the
//! notation and validation layers).
//!
//! # The rule that search uses
//!
//! The **value** of a position is its final score under best play by both
//! sides: South maximises South's beans, North maximises North's. A final
//! score always adds up to 72, so the value is one number, South's beans.
//!
//! A game ends as [`Rules::variant`](crate::Rules::variant) says: under
//! the standard rules when the player to move has no beans (the beans left
//! go to the player who moved last); in the Hemprich variant a player
//! without beans passes and the game ends when every bean is captured.
//!
//! Endless play becomes a claim that the side favoured by the split always
//! makes: in search, **the first position that occurs again since the last
//! capture ends the game** (board, stores and player to move; a position
//! after a Hemprich pass counts too), and the beans left on the board are
//! shared as [`Rules::endless_play`](crate::Rules::endless_play) says
//! ([`EndlessPlay::score`](crate::EndlessPlay::score), where the last mover
//! is the player who sowed last). [`Rules::repetition`](crate::Rules::repetition),
//! which says how a [`Game`](crate::Game) treats a repetition, plays no
//! part in search. The end of the game by rule comes first:
//! under the standard rules a player without beans ends the game even in a
//! position seen before.
//!
//! A position's value therefore depends on the positions since the last
//! capture, its **history**. No position before a capture can come back
//! (stores only grow), so nothing older matters. A position with an empty
//! history (the start of a problem, or the position right after a
//! capture) has a value of its own, its **history-free value**.
//!
//! # What the solver remembers
//!
//! The solver keeps a memo of history-free values only: an entry for a
//! board and player to move holds bounds on the beans South still gets
//! from the board, as found by searching that position with an empty
//! history. That is sound, because the value of every position right after
//! a capture is such a value, whatever line led there. Values of positions
//! with a history are never kept: a subtree that never met a position of
//! the line above it may still have been cut short by the line's other
//! positions, or may meet them under another line, so its value belongs to
//! the line, not to the position.
//!
//! ```
//! use bohnenspiel::analysis::Solver;
//! use bohnenspiel::{Move, Position, Rules, Score};
//!
//! // Shotayev's "The Gentlemen" (2006): South to move and draw.
//! let start: Position = "0,1,0,0,2,1/0,0,3,0,0,1 34:30 S".parse()?;
//! let mut solver = Solver::new(Rules::default());
//! let solution = solver.solve(&start, &[])?;
//! assert_eq!(solution.value, Score::new(36, 36));
//! let five = Move::from_number(5)?;
//! let five = solution.moves.iter().find(|m| m.mv == five);
//! assert_eq!(five.map(|m| m.value), Some(Score::new(34, 38)));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod search;
mod solver;

pub use solver::{Budget, HistoryProblem, MoveValue, Solution, SolveError, Solver};
