//! The one error of the analysis layer.

use crate::TOTAL_BEANS;
use crate::notation::Location;
use crate::validate::Finding;

use super::Limits;
use super::reconstruction::{MAX_BOARDS_LIMIT, MAX_PLACES, MAX_SEARCH_STEPS};

/// Why the analysis gave no answer: one type for the layer, as a caller
/// tells the cases apart by its variants, and each message says what is
/// wrong.
///
/// **A value** ([`Solver`](super::Solver), the
/// [`Engine`](super::engine::Engine)'s search, and the value of a ply
/// that an [`Analyser`](super::Analyser) did not find, held in
/// [`PlyValue`](super::PlyValue)): [`OutOfBudget`](Self::OutOfBudget) when
/// the [`Limits`] are reached first; [`HistoryNotAPly`](Self::HistoryNotAPly),
/// [`HistoryRepeats`](Self::HistoryRepeats) and
/// [`HistoryTooLong`](Self::HistoryTooLong) for a history that cannot be
/// searched.
///
/// **A record** that [`Analyser::analyse`](super::Analyser::analyse)
/// cannot analyse: [`UnknownStart`](Self::UnknownStart) and
/// [`Invalid`](Self::Invalid).
///
/// **A start** that [`reconstruct`](super::reconstruct) cannot find: a
/// limit out of range ([`BeanLimit`](Self::BeanLimit),
/// [`BoardLimit`](Self::BoardLimit)), a record that says too little
/// ([`Syntax`](Self::Syntax), [`NoMoves`](Self::NoMoves),
/// [`NoEnd`](Self::NoEnd)), or a search too large
/// ([`TooManyBoards`](Self::TooManyBoards),
/// [`LinesTooLong`](Self::LinesTooLong),
/// [`TooMuchReplay`](Self::TooMuchReplay),
/// [`SearchTooLarge`](Self::SearchTooLarge)).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum AnalysisError {
    /// The budget ran out before the value was found.
    #[error("not solved within the budget of {limits} ({nodes} nodes searched)")]
    OutOfBudget {
        /// The nodes searched before stopping.
        nodes: u64,
        /// The limits reached.
        limits: Limits,
    },
    /// A position of the history does not follow from the one before it
    /// by a legal move without a capture (or, in the Hemprich variant, a
    /// forced pass). A capture starts a new history, so the positions
    /// before it do not belong in one. Positions are counted from 0, the
    /// oldest of the history, to the history's length, the position
    /// solved.
    #[error(
        "position {index} of the history: it does not follow from the position before it by a move without a capture"
    )]
    HistoryNotAPly {
        /// Which position: the history's length stands for the position
        /// solved.
        index: usize,
    },
    /// A position of the history occurred before in it: the game ended
    /// there by repetition. Positions are counted as for
    /// [`AnalysisError::HistoryNotAPly`].
    #[error(
        "position {index} of the history: it repeats position {earlier}, where the game ended by repetition"
    )]
    HistoryRepeats {
        /// Which position.
        index: usize,
        /// The index of its first occurrence.
        earlier: usize,
    },
    /// The history holds more than [`Solver::MAX_HISTORY`](super::Solver::MAX_HISTORY) positions.
    /// The search compares every position it reaches with those of the
    /// history, so a history without bound would make one call cost
    /// without bound; a position that long after the last capture is
    /// left unsolved instead.
    #[error(
        "the history since the last capture holds {length} positions, more than the {limit} the solver takes"
    )]
    HistoryTooLong {
        /// The positions in the history.
        length: usize,
        /// [`Solver::MAX_HISTORY`](super::Solver::MAX_HISTORY).
        limit: usize,
    },
    /// The record says its start position is unknown (`[Setup "?"]`):
    /// there is no position to analyse. Give one with
    /// [`Analyser::analyse_from`](super::Analyser::analyse_from).
    #[error(
        "{location}: the Setup tag says the start position is unknown (\"?\"), so the record cannot be analysed: give it a start position"
    )]
    UnknownStart {
        /// Where the `Setup` tag is.
        location: Location,
    },
    /// The record cannot be replayed against the rules: it has errors
    /// (an invalid `Setup` tag, an illegal ply, a capture annotation
    /// that the rules contradict, a syntax error). A judgement of such a
    /// record has no position to be checked in.
    #[error(
        "the record cannot be analysed: validation finds {count} error{s} (the first: {first}); fix it first (see `bohnenspiel validate`)",
        count = .errors.len(),
        s = if .errors.len() == 1 { "" } else { "s" },
        first = .errors.first().map(ToString::to_string).unwrap_or_default()
    )]
    Invalid {
        /// The errors validation found, in the order of their places.
        errors: Vec<Finding>,
    },
    /// The bean limit is above the 72 beans of the game.
    #[error("a bean limit of {beans} is more than the {TOTAL_BEANS} beans of the game")]
    BeanLimit {
        /// The limit asked for.
        beans: u16,
    },
    /// The limit on boards validated is above 10 million.
    #[error(
        "a limit of {max_boards} boards is too large for memory: at most {MAX_BOARDS_LIMIT} are kept"
    )]
    BoardLimit {
        /// The limit asked for.
        max_boards: u64,
    },
    /// The record does not parse cleanly.
    #[error("the record has a syntax error at line {line}, column {column}: {message}")]
    Syntax {
        /// Where (line, from 1).
        line: usize,
        /// Where (column, from 1).
        column: usize,
        /// The parser's message.
        message: String,
    },
    /// The record has no ply to replay.
    #[error("the record has no moves, so it says nothing about its start")]
    NoMoves,
    /// The record does not state how the game ends.
    #[error(
        "the record states no end (a Result tag such as \"36:36\", or a stipulation such as \"South to move and draw\" in its Event or Title tag), so the stores cannot be found"
    )]
    NoEnd,
    /// The lines constrain the board so little that more boards would
    /// have to be validated than allowed.
    #[error(
        "the record constrains the board too little: more than {max_boards} boards of up to {beans} beans allow its lines (raise the limit of boards, or lower the bean limit)"
    )]
    TooManyBoards {
        /// The limit that was reached.
        max_boards: u64,
        /// The bean limit.
        beans: u8,
    },
    /// The record's lines hold more than 100,000 moves, each counted
    /// whole from the start of the game.
    #[error(
        "the record's lines hold {moves} moves, each line counted from the start of the game: more than the {limit} the search replays (reconstruct a problem's solution, not a long game)"
    )]
    LinesTooLong {
        /// The moves of the lines, counted whole.
        moves: u64,
        /// The most moves the lines may hold, 100,000.
        limit: u64,
    },
    /// Validating the record on every board its lines allow would replay
    /// more than 50 million plies.
    #[error(
        "the record constrains the board too little for its length: {boards} or more boards of up to {beans} beans allow its lines, and validating its {plies} plies on each would replay more than {limit} plies (lower the bean limit)"
    )]
    TooMuchReplay {
        /// The boards allowed when the limit was reached.
        boards: u64,
        /// The written plies of the record.
        plies: u64,
        /// The bean limit.
        beans: u8,
        /// The most plies replayed, 50 million.
        limit: u64,
    },
    /// The symbolic search visited 50 million places, or tried 2 billion
    /// steps.
    #[error(
        "the search for boards of up to {beans} beans went past its limit ({MAX_PLACES} places, or {MAX_SEARCH_STEPS} steps of its lines) without finishing (lower the bean limit)"
    )]
    SearchTooLarge {
        /// The bean limit.
        beans: u8,
    },
}
