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
//! is the player who sowed last). [`Rules::repetition_ends_at`](crate::Rules::repetition_ends_at),
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
//! let five = solution.moves.iter().find(|&&(mv, _)| mv == five);
//! assert_eq!(five.map(|&(_, value)| value), Some(Score::new(34, 38)));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Judgements of a record
//!
//! [`Analyser`] replays a record as [`validate`](crate::validate::validate)
//! does (a record that validation finds errors in, or whose start is
//! unknown, `[Setup "?"]`, is an [`AnalysisError`]). For every line with
//! a known start, the main line and every replayed variation, it gives
//! each of the line's own plies its value before and after it
//! ([`PlyValue`]), each found with the line's history since the last
//! capture, and it checks every judgement the record makes against the
//! exact values. Each [`Judgement`] has its place (line, column, ply,
//! move number, variation), its [`JudgementKind`] and a [`Verdict`]:
//! **confirmed**, **contradicted** (the message says why: the values,
//! the move that keeps the value, a line that shows it) or
//! **unanalysed**, when a value it needs was not found within the
//! [`Limits`] (never guessed). Values are those of the side that moves:
//! a move **keeps the value** when the mover's final score under best
//! play after it equals the one before it, and **loses value** when it is
//! smaller.
//!
//! What is judged, and the phrases understood (words in any case; a hole
//! is 1–12; `S` stands for `South` or `North`):
//!
//! - **Marks** on a played ply or an alternative: `?` and `??` say that
//!   the move loses value (`??` is not checked for a larger loss), `!`
//!   that it keeps the value, `!!` that it is the only legal move that
//!   keeps it. `!?` and `?!` judge nothing that a value can check, and
//!   are not judged.
//! - **Other moves** named in a remark on a ply, each judged as if played
//!   instead of it, from the same position: a group holding only a hole
//!   and a mark, `(4?)`; or a comment (also after the `;` of a capture
//!   annotation) starting `but not N?` or `not N?` (a missing mark reads
//!   as `?`), followed, in any order and separated by spaces or commas,
//!   by `loses`, `draws` or `wins` (optionally `with A:B`, for the player
//!   who would play `N`: how the game ends after it), and by `because of
//!   M!` (the reply `M` after `N` keeps the value for the other player:
//!   it refutes `N`; a missing mark reads as `!`). Other words after
//!   these are not read.
//! - **Alternatives**, `8 or 9`: each is as good as the ply written
//!   first (the same value for the mover).
//! - **The remaining beans**: a remark that is, as a whole, `wins the
//!   remaining beans` (or `takes`, `gets`, `captures`; `all the
//!   remaining beans`; with the player's name first; `beads`, as one
//!   source misprints it): the mover ends the game, under best play,
//!   with their store and every bean on the board before the ply.
//! - **Endings** of a move, after `and`: a first sentence `S wins`, `S
//!   draws` or `S loses`, optionally `with A:B` and then `points` or
//!   `beans` (`6 and South loses.`, `and North draws!`, `and South wins
//!   with 38:34 points.`); what follows the sentence is not read. It is
//!   checked against the value after the move's last ply. The larger
//!   count of a score is the winner's, in either order.
//! - **Prose** after the moves: each sentence (ended by `.`, `!` or a
//!   line break) that starts like an ending, checked against the value
//!   at the end of the main line.
//! - **The stipulation** of a problem: a `Stipulation` tag that is, as a
//!   whole, `S to move and win`, `draw` or `lose` (optionally `with A:B`,
//!   a final `.` or `!`), or the same phrase anywhere in the `Event` or
//!   `Title` tag (`[Event "Problem 1: The Gentlemen (South to move and
//!   draw)"]`). The start position must have `S` to move and the value
//!   stated.
//! - **Values written as comments** after a ply, as [`Analysis::write_values`]
//!   (`bohnenspiel analyse --write`) writes them (see
//!   [`WrittenValue::of_ply`](crate::validate::WrittenValue::of_ply)): `(%value S:N)`, the
//!   exact value after the ply, checked against the solver's;
//!   `(%eval dD ±X)`, the engine's estimate after it (South's final beans
//!   minus North's), checked by the engine's search to depth `D` from a
//!   fresh state, with the line's positions since the last capture as
//!   history (as a [fresh](review::Reviewer::fresh) reviewer searches),
//!   which gives the same value every time. `(%verdict …)` comments are not judged: they are written
//!   again by the next `--write`.
//!
//! Text that none of these phrases reads is not a judgement. A line
//! that repeats a position since its last capture has no value in
//! search after it ([`AnalysisError::HistoryRepeats`]): its plies from there are
//! unanalysed too, as are those more than [`Solver::MAX_HISTORY`]
//! positions after the last capture ([`AnalysisError::HistoryTooLong`]).
//! A variation holds its positions from its branch point only, and reads
//! a history that reaches further back in the line it branches from, so
//! that analysing a record is linear in its plies however its
//! variations nest.
//!
//! [`Analyser::analyse_from`] analyses a record from a given start
//! position, whatever its `Setup` tag says, so that candidate starts of
//! a record whose start was lost can be filtered by its judgements
//! ([`Analysis::is_contradicted`]).

mod analyser;
pub mod engine;
mod error;
mod judgement;
mod lines;
mod phrases;
pub mod reconstruction;
pub mod review;
mod search;
mod solver;
pub mod table;
mod written;

pub use analyser::Analyser;
pub use error::AnalysisError;
pub use judgement::{Analysis, Judgement, JudgementKind, LineValues, PlyValue, Verdict};
pub(crate) use phrases::stated_stipulations;
pub use reconstruction::{ReconstructOptions, Reconstruction, reconstruct};
pub use solver::{Limits, Solution, Solver};
pub use table::{EndgameTable, LevelReport, TableError, TableForm, WdlTable};
