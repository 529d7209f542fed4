//! Recovering a lost start position from a problem's published solution.
//!
//! A problem solution whose diagram was lost still says a lot about its
//! start: every line of it (the main line and the variations, as the
//! validator replays them) must be legal there and capture exactly what
//! it annotates, and the record states how the game ends. [`reconstruct`]
//! finds every start position (South to move, at most
//! [`ReconstructOptions::beans`] beans on the board) that agrees, in
//! four filters, each counted in a field of [`Reconstruction`]:
//!
//! 1. **The lines.** A symbolic search replays every line on a board of
//!    unknown counts and decides a hole's count only when a ply needs it
//!    (the hole sown from; the holes a capture annotation names; the
//!    hole before a capture chain or the last hole of a ply that
//!    captures nothing, which must not hold 2, 4 or 6; the hole of an
//!    alternative or of an other move in a remark, which must not be
//!    empty). The lines share one assignment and are replayed side by
//!    side, branching only when none can go on, on the unknown with the
//!    fewest values left; the bean limit bounds the assignment as it
//!    grows. Holes that no line constrains are enumerated at the end
//!    within the limit (at most [`ReconstructOptions::max_boards`]
//!    boards; a record that allows more is an error, not a search
//!    without end). Every board found is then validated for real
//!    ([`validate`](crate::validate::validate) with
//!    [`Options::start`](crate::validate::Options::start)), which is the exact check: the search only
//!    narrows it. A board must give no error finding other than the
//!    `Result` tag's, which needs the stores. Boards hold an even number
//!    of beans, since the stores are even.
//! 2. **The stores.** The record states the end: a final score in its
//!    `Result` tag (such as `38:34`), or a stipulation, read as the
//!    [`Analyser`] reads it (`South to move and draw` holds for 36:36
//!    only; `and win` for any win). A board's beans and the stores add up
//!    to 72; the stores kept are those for which the [`Solver`]'s value
//!    of the start agrees with the stated end. The record is then
//!    validated again from the whole position, `Result` tag included.
//! 3. **The first moves.** A problem's solution gives every move that
//!    solves it: the moves that keep the start's value must be exactly
//!    the first moves of the lines the record replays (the main line's
//!    and the variations', and their alternatives), leaving out those
//!    marked `?` or `??` (a refutation shown, not a solution).
//! 4. **The judgements** the record makes, as the [`Analyser`] checks
//!    them ([`Analyser::analyse_from`]: marks, other moves in remarks,
//!    alternatives, endings, prose, the stipulation). The positions that
//!    contradict the fewest judgements are kept: none, when some position
//!    keeps them all; otherwise the record has a judgement that no start
//!    bears out, and [`Reconstruction::contradicted`] says which. A
//!    judgement the solver cannot check within the budget is never
//!    counted as contradicted ([`Reconstruction::unanalysed`]).
//!
//! For "The Gentlemen" (`fixtures/shotayev-gentlemen.txt`), up to 24
//! beans: 86 boards allow the lines, all with stores that draw; the first
//! moves (2 and 6 draw, 5 does not) leave 5, and the judgements leave
//! the published start, `0,1,0,0,2,1/0,0,3,0,0,1 34:30 S`, on which the
//! solver contradicts one published judgement: in variation (A), `2.
//! 5!!` is not the only drawing move, 2 draws too.
//!
//! The search has limits, each a typed error when reached, so that its
//! time and memory stay bounded on any record: the lines, each counted
//! whole from the start of the game, may hold 100,000 moves (a record
//! of many deep variations is refused before anything is replayed); the
//! symbolic search may visit 50 million places and try 2 billion steps
//! of its lines; and the boards it allows are first only counted, so
//! that more than [`ReconstructOptions::max_boards`], or more than 50
//! million plies to validate on them, is refused before any is
//! validated. Each limit reached is an error that says it.
//!
//! A ply written without a capture annotation is read as the validator
//! reads it: under [`validate::Options::strict`] it captures nothing; by
//! default it may capture (the validator only warns), so it constrains
//! nothing. A `Setup` tag is ignored, so that a known start can be
//! checked: [`Reconstruction::setup_ignored`] says when there was one.
//!
//! ```
//! use bohnenspiel::analysis::{ReconstructOptions, reconstruct};
//! use bohnenspiel::notation::parse_records;
//!
//! // South's 6 takes 2 beans from hole 7, and the game is a draw.
//! let text = "[Event \"South to move and draw\"]\n\n1. 6 (2 from 7)\n";
//! let games = parse_records(text);
//! let options = ReconstructOptions { beans: 4, ..ReconstructOptions::default() };
//! let found = reconstruct(&games[0], &options)?;
//! let start = "0,0,0,0,0,1/1,0,0,0,0,0 34:36 S".parse()?;
//! assert!(found.positions.contains(&start));
//! // Every start has one bean in hole 6 and one in hole 7.
//! assert!(found.positions.iter().all(|p| p.board()[5] == 1 && p.board()[6] == 1));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod search;

use std::fmt;

use crate::notation::{GroupKind, Mark, ParsedRecord, Record, Turn};
use crate::validate::{self, FindingKind, Options, Report, Severity};
use crate::{Move, Outcome, Player, Position, Score, Setup, TOTAL_BEANS};

use super::phrases::{self, ClaimedResult, OutcomeClaim};
use super::{Analyser, AnalysisError, Judgement, Limits, Solver, Verdict};
use search::{Expect, Step, Stopped};

/// The default bean limit of [`ReconstructOptions::beans`].
const DEFAULT_BEANS: u8 = 24;

/// The default of [`ReconstructOptions::max_boards`].
const DEFAULT_MAX_BOARDS: u64 = 1_000_000;

/// The largest [`ReconstructOptions::max_boards`] allowed: the boards
/// that pass the lines are kept in memory, 12 bytes each.
pub(crate) const MAX_BOARDS_LIMIT: u64 = 10_000_000;

/// The most places the symbolic search visits (each a partial
/// assignment at some ply of some line) before it gives up with
/// [`AnalysisError::SearchTooLarge`].
pub(crate) const MAX_PLACES: u64 = 50_000_000;

/// The most steps the symbolic search tries (a ply of a line replayed,
/// or a line looked at once more at a place) before it gives up with
/// [`AnalysisError::SearchTooLarge`]: a bound on its time however
/// many lines the record has (about a minute on one core).
pub(crate) const MAX_SEARCH_STEPS: u64 = 2_000_000_000;

/// The most moves the record's lines may hold, each line counted whole
/// from the start of the game (a variation's parent's moves up to its
/// branch point, then its own; read from its row numbers): the search
/// replays every line side by side, so a record of many deep variations
/// would cost their number times their depth. More is a
/// [`AnalysisError::LinesTooLong`]. A problem's solution holds a few
/// dozen.
const MAX_LINE_MOVES: u64 = 100_000;

/// The most plies validated for real in the first filter: each board
/// the symbolic search allows is validated, the whole record on it, so
/// the boards allowed times the record's plies may be at most this
/// (about a minute on one core); more is a
/// [`AnalysisError::TooMuchReplay`].
const MAX_REPLAYED_PLIES: u64 = 50_000_000;

/// The most assignments of the symbolic search kept between its count of
/// the boards and their validation (about 200 bytes each); a search that
/// finds more runs again instead.
const MAX_KEPT_ASSIGNMENTS: usize = 100_000;

/// How [`reconstruct`] searches.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ReconstructOptions {
    /// The most beans on the board of a start position, at most 72
    /// (24 by default).
    pub beans: u8,
    /// How the record is validated: its rules (a `Rules` tag wins) and
    /// whether a ply without a capture annotation captures nothing
    /// ([`validate::Options::strict`]).
    pub validation: validate::Options,
    /// The solver's budget for each position it solves.
    pub limits: Limits,
    /// The most candidate boards validated for real; more is a
    /// [`AnalysisError::TooManyBoards`]. At most 10 million (the
    /// boards kept in memory, 12 bytes each); a million by default.
    pub max_boards: u64,
}

impl Default for ReconstructOptions {
    fn default() -> ReconstructOptions {
        ReconstructOptions {
            beans: DEFAULT_BEANS,
            validation: validate::Options {
                keep_plies: false,
                ..validate::Options::default()
            },
            limits: Limits::nodes(Solver::DEFAULT_NODES),
            max_boards: DEFAULT_MAX_BOARDS,
        }
    }
}

/// What a record states about the end of the game under best play from
/// its start.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum StatedEnd {
    /// A final score, from a `Result` tag.
    Score(Score),
    /// The stipulation of a problem, read as [`Analyser`] reads it (a
    /// `Stipulation` tag, or the phrase in the `Event` or `Title` tag):
    /// `South to move and draw` holds only for 36:36, `and win` for any
    /// win, `North wins with 38:34` only for that score.
    Stipulation {
        /// The player named.
        player: Player,
        /// The outcome stated for the game: [`Outcome::Draw`] for
        /// `draws`, a win of `player` for `wins`, of the other player for
        /// `loses`.
        outcome: Outcome,
        /// The score, when one is written, as the named player's beans
        /// and the other player's (`38:34` in `South wins with 38:34` is
        /// 38 for South; in `North wins with 38:34`, 38 for North: the
        /// larger count is the winner's, whatever the order).
        beans: Option<(u8, u8)>,
    },
}

impl StatedEnd {
    /// Whether a final score agrees with what is stated.
    ///
    /// ```
    /// use bohnenspiel::analysis::reconstruction::StatedEnd;
    /// use bohnenspiel::{Outcome, Player, Score};
    ///
    /// let loses = StatedEnd::Stipulation {
    ///     player: Player::South,
    ///     outcome: Outcome::Decisive { winner: Player::North },
    ///     beans: None,
    /// };
    /// assert!(loses.agrees(Score::new(34, 38)));
    /// assert!(!loses.agrees(Score::new(36, 36)));
    /// assert_eq!(loses.to_string(), "South loses");
    /// let exact = StatedEnd::Stipulation {
    ///     player: Player::South,
    ///     outcome: Outcome::Decisive { winner: Player::North },
    ///     beans: Some((34, 38)),
    /// };
    /// assert!(exact.agrees(Score::new(34, 38)));
    /// assert!(!exact.agrees(Score::new(30, 42)));
    /// assert_eq!(exact.to_string(), "South loses with 34:38");
    /// ```
    #[must_use]
    pub fn agrees(self, score: Score) -> bool {
        match self {
            StatedEnd::Score(stated) => stated == score,
            StatedEnd::Stipulation { .. } => self.claim().is_some_and(|claim| claim.holds(score)),
        }
    }

    /// A stipulation as the analysis reads and checks it.
    fn claim(self) -> Option<OutcomeClaim> {
        match self {
            StatedEnd::Score(_) => None,
            StatedEnd::Stipulation {
                player,
                outcome,
                beans,
            } => Some(OutcomeClaim {
                player,
                result: match outcome {
                    Outcome::Draw => ClaimedResult::Draw,
                    Outcome::Decisive { winner } if winner == player => ClaimedResult::Win,
                    Outcome::Decisive { .. } => ClaimedResult::Loss,
                },
                beans,
            }),
        }
    }

    /// The stipulation the analysis read.
    fn stipulation(claim: OutcomeClaim) -> StatedEnd {
        StatedEnd::Stipulation {
            player: claim.player,
            outcome: match claim.result {
                ClaimedResult::Win => Outcome::Decisive {
                    winner: claim.player,
                },
                ClaimedResult::Draw => Outcome::Draw,
                ClaimedResult::Loss => Outcome::Decisive {
                    winner: !claim.player,
                },
            },
            beans: claim.beans,
        }
    }
}

impl fmt::Display for StatedEnd {
    /// `36:36`, `South draws`, `South wins with 38:34`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self, self.claim()) {
            (StatedEnd::Score(score), _) => write!(f, "{score}"),
            (_, Some(claim)) => f.write_str(&claim.describe()),
            (_, None) => Ok(()),
        }
    }
}

/// What one filter of [`reconstruct`] did.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct FilterCount {
    /// How many candidates it was given.
    pub given: u64,
    /// How many it kept (at most `given`).
    pub kept: u64,
}

impl FilterCount {
    /// How many it removed: those given that it did not keep.
    #[must_use]
    pub const fn removed(&self) -> u64 {
        self.given.saturating_sub(self.kept)
    }
}

/// What [`reconstruct`] found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Reconstruction {
    /// Every start position that passes all filters, in increasing order
    /// of their setup strings' boards (hole 1 first), then stores.
    pub positions: Vec<Position>,
    /// The value of the record's `Setup` tag, which was ignored.
    pub setup_ignored: Option<String>,
    /// What the record states about the end.
    pub end: StatedEnd,
    /// The boards on which every line is legal and captures what it
    /// annotates (what the first filter kept), in increasing order.
    pub boards: Vec<[u8; 12]>,
    /// What the first filter, the lines, did: the boards the symbolic
    /// search allows, validated for real (what it removed is what the
    /// validator rejected).
    pub lines: FilterCount,
    /// What the second filter, the stores, did: the stores for which the
    /// solver's value agrees with the stated end (it counts boards
    /// before, positions after).
    pub stores: FilterCount,
    /// What the third filter, the first moves, did: on the position, the
    /// moves that keep the value of the start are exactly the first moves
    /// of the record's lines not marked `?` or `??`.
    pub first_moves: FilterCount,
    /// What the fourth filter, the judgements, did: the record's
    /// judgements checked through the solver, the positions that
    /// contradict the fewest kept.
    pub judgements: FilterCount,
    /// Places visited by the symbolic search.
    pub places: u64,
    /// Boards whose value the solver could not find within the budget:
    /// they are neither kept nor counted as removed.
    pub unsolved: Vec<[u8; 12]>,
    /// For each position, the judgements of the record that the solver
    /// contradicts on it: empty when a position keeps every judgement.
    /// When none does, the positions kept are those that contradict the
    /// fewest, and this says which.
    pub contradicted: Vec<Vec<Judgement>>,
    /// Positions kept by the judgement filter with some judgement that
    /// the solver could not check within the budget (unanalysed: never
    /// counted as contradicted).
    pub unanalysed: u64,
}

/// Finds every start position of `parsed`'s record, as the [module
/// docs](self) describe.
///
/// # Errors
///
/// An [`AnalysisError`]: a limit out of range, a record with a syntax
/// error, without moves or without a stated end, or a search too large
/// for its limits.
pub fn reconstruct(
    parsed: &ParsedRecord,
    options: &ReconstructOptions,
) -> Result<Reconstruction, AnalysisError> {
    if options.beans > TOTAL_BEANS {
        return Err(AnalysisError::BeanLimit {
            beans: options.beans.into(),
        });
    }
    if options.max_boards > MAX_BOARDS_LIMIT {
        return Err(AnalysisError::BoardLimit {
            max_boards: options.max_boards,
        });
    }
    if let Some(error) = parsed.errors.first() {
        return Err(AnalysisError::Syntax {
            line: error.location.line,
            column: error.location.column,
            message: error.description(),
        });
    }
    let record = &parsed.record;
    let end = stated_end(record).ok_or(AnalysisError::NoEnd)?;
    let validation = validate::Options {
        keep_plies: false,
        ..options.validation
    };
    let rules = validate::record_rules(parsed, &validation);
    let moves = line_moves(record);
    if moves > MAX_LINE_MOVES {
        return Err(AnalysisError::LinesTooLong {
            moves,
            limit: MAX_LINE_MOVES,
        });
    }
    let plies = written_plies(record);
    let lines = steps(record, validation.strict);
    if lines.iter().all(Vec::is_empty) {
        return Err(AnalysisError::NoMoves);
    }

    // 1. The lines: the symbolic search, then the validator. The boards
    // the search allows are counted first, so that a record that allows
    // too many is refused before any is validated; then each is
    // validated, from the assignments kept (or from the search run again
    // when it found too many to keep).
    let mut candidates = 0u64;
    let mut too_many = false;
    let mut too_long = false;
    let search = |found: &mut dyn FnMut(&search::Partial) -> bool| {
        search::search(
            &lines,
            rules.variant,
            options.beans,
            MAX_PLACES,
            MAX_SEARCH_STEPS,
            found,
        )
    };
    // The assignments found, kept while they are few (else the search
    // runs again to give them).
    let mut found: Option<Vec<search::Partial>> = Some(Vec::new());
    let counted = search(&mut |partial| {
        if let Some(list) = &mut found {
            if list.len() < MAX_KEPT_ASSIGNMENTS {
                list.push(*partial);
            } else {
                found = None;
            }
        }
        candidates = candidates.saturating_add(partial.count());
        too_many = candidates > options.max_boards;
        too_long = candidates.saturating_mul(plies) > MAX_REPLAYED_PLIES;
        !(too_many || too_long)
    });
    let places = match counted {
        Ok(places) => places,
        Err(Stopped::ByCaller) if too_many => {
            return Err(AnalysisError::TooManyBoards {
                max_boards: options.max_boards,
                beans: options.beans,
            });
        }
        Err(Stopped::ByCaller) if too_long => {
            return Err(AnalysisError::TooMuchReplay {
                boards: candidates,
                plies,
                beans: options.beans,
                limit: MAX_REPLAYED_PLIES,
            });
        }
        Err(_) => {
            return Err(AnalysisError::SearchTooLarge {
                beans: options.beans,
            });
        }
    };
    let mut boards = Vec::new();
    let mut validate_boards = |partial: &search::Partial| {
        partial.boards(|board| {
            if passes_lines(parsed, &validation, board) {
                boards.push(board);
            }
            true
        })
    };
    match found {
        Some(list) => list.iter().for_each(|partial| {
            validate_boards(partial);
        }),
        // The same search again, which finishes as it did.
        None => {
            let _ = search(&mut validate_boards);
        }
    }
    boards.sort_unstable();
    let lines = count(candidates, boards.len());

    // 2. The stores.
    let mut solver = Solver::new(rules).with_limits(options.limits);
    let mut positions: Vec<Position> = Vec::new();
    let mut unsolved = Vec::new();
    for &board in &boards {
        match stores_for(&mut solver, board, end) {
            Ok(found) => positions.extend(found.into_iter().filter(|position| {
                let options = Options {
                    start: Some(*position),
                    ..validation
                };
                !validate::validate(parsed, &options).has_errors()
            })),
            Err(_) => unsolved.push(board),
        }
    }
    let decided = boards.len() - unsolved.len();
    let stores = count(decided as u64, positions.len());

    // 3. The first moves: those that keep the value are those written.
    let given = positions.len() as u64;
    let keys = first_moves(record);
    positions.retain(|start| match first_moves_agree(&mut solver, start, keys) {
        Ok(agree) => agree,
        Err(_) => {
            unsolved.push(start.board());
            false
        }
    });
    let first_moves = count(given, positions.len());

    // 4. The judgements.
    let given = positions.len() as u64;
    let mut analyser = Analyser::new(validation, options.limits);
    let mut unanalysed = 0u64;
    let mut judged = Vec::with_capacity(positions.len());
    for start in positions {
        // Validated already: an error now would be no start at all.
        if let Ok(analysis) = analyser.analyse_from(parsed, start) {
            unanalysed += u64::from(analysis.count(Verdict::Unanalysed) > 0);
            let contradicted: Vec<Judgement> = analysis
                .with_verdict(Verdict::Contradicted)
                .cloned()
                .collect();
            judged.push((start, contradicted));
        }
    }
    let fewest = judged.iter().map(|(_, c)| c.len()).min().unwrap_or(0);
    judged.retain(|(_, contradicted)| contradicted.len() == fewest);
    let positions: Vec<Position> = judged.iter().map(|&(start, _)| start).collect();
    let contradicted = judged.into_iter().map(|(_, c)| c).collect();
    let judgements = count(given, positions.len());

    Ok(Reconstruction {
        positions,
        setup_ignored: record
            .known_tag(crate::notation::KnownTag::Setup)
            .map(|tag| tag.value.clone()),
        end,
        boards,
        lines,
        stores,
        first_moves,
        judgements,
        places,
        unsolved,
        unanalysed,
        contradicted,
    })
}

/// The count of a filter given `given` candidates that kept `kept`.
fn count(given: u64, kept: usize) -> FilterCount {
    FilterCount {
        given,
        kept: kept as u64,
    }
}

/// A start position with `board`, South to move, and stores that add up
/// to 72 (South's first); `None` if they cannot.
fn position(board: [u8; 12], south: u8) -> Option<Position> {
    let beans: u32 = board.iter().map(|&b| u32::from(b)).sum();
    let north = u32::from(TOTAL_BEANS).checked_sub(beans + u32::from(south))?;
    Position::from_setup(Setup {
        board,
        stores: Score::new(south, u8::try_from(north).ok()?),
        turn: Player::South,
    })
    .ok()
}

/// Whether the record's lines are legal on `board` and capture what they
/// annotate: no error finding but the `Result` tag's, which depends on
/// the stores.
fn passes_lines(parsed: &ParsedRecord, options: &validate::Options, board: [u8; 12]) -> bool {
    let beans: u32 = board.iter().map(|&b| u32::from(b)).sum();
    let Some(start) = u8::try_from(u32::from(TOTAL_BEANS).saturating_sub(beans))
        .ok()
        .and_then(|south| position(board, south))
    else {
        return false;
    };
    let options = Options {
        start: Some(start),
        ..*options
    };
    let report: Report = validate::validate(parsed, &options);
    !report
        .findings
        .iter()
        .any(|f| f.severity == Severity::Error && f.kind != FindingKind::ResultMismatch)
}

/// The positions with `board` whose value agrees with `end`: one for
/// each pair of even stores that does.
///
/// The rules never look at the stores (where a sowing ends, what it
/// captures and when the game ends depend on the board alone), so the
/// value of a start is its stores plus what each side gets from the
/// board under best play, the same whatever the stores. The board is
/// solved once, with all other beans in South's store; the stores that
/// can agree follow, and each is solved again (from the solver's memo)
/// to confirm it.
fn stores_for(
    solver: &mut Solver,
    board: [u8; 12],
    end: StatedEnd,
) -> Result<Vec<Position>, AnalysisError> {
    let beans: u8 = board.iter().sum();
    let stores = TOTAL_BEANS - beans;
    let Some(first) = position(board, stores) else {
        return Ok(Vec::new());
    };
    // What South gets from the board, as a number of beans.
    let gained = i32::from(solver.value(&first, &[])?.south) - i32::from(stores);
    let mut found = Vec::new();
    for south in (0..=stores).step_by(2) {
        let value = i32::from(south) + gained;
        let agrees = u8::try_from(value).is_ok_and(|south_value| {
            end.agrees(Score::new(
                south_value,
                TOTAL_BEANS.saturating_sub(south_value),
            ))
        });
        if !agrees {
            continue;
        }
        let Some(start) = position(board, south) else {
            continue;
        };
        if end.agrees(solver.value(&start, &[])?) {
            found.push(start);
        }
    }
    Ok(found)
}

/// The first moves the record gives as solving (by bit, hole index): the
/// first ply of every line it replays, and the alternatives written with
/// it, unless marked `?` or `??` (a refutation shown, not a solution).
fn first_moves(record: &Record) -> u16 {
    let mut keys = 0u16;
    for (_, moves) in validate::replayed_lines(&record.movetext) {
        let Some((_, _, turn)) = validate::turns(&moves).next() else {
            continue;
        };
        for ply in turn.plies() {
            let refuted = matches!(ply.mark, Some(Mark::Mistake | Mark::Blunder));
            if let Some(hole) = ply.hole.filter(|_| !refuted) {
                keys |= 1 << hole.index();
            }
        }
    }
    keys
}

/// Whether the moves of `start` that keep its value are exactly `keys`
/// (by bit, hole index). Each legal move's position is solved (with the
/// start as its history when the move captures nothing), the moves not
/// in `keys` first, and the answer is given at the first move that
/// disagrees.
fn first_moves_agree(
    solver: &mut Solver,
    start: &Position,
    keys: u16,
) -> Result<bool, AnalysisError> {
    let value = solver.value(start, &[])?;
    let mut moves: Vec<Move> = start.legal_moves().into_iter().collect();
    moves.sort_by_key(|mv| keys >> mv.hole().index() & 1);
    let mut kept = 0u16;
    for mv in moves {
        let mut after = *start;
        let captures = after.play_unchecked(mv);
        let history: &[Position] = if captures.is_empty() {
            std::slice::from_ref(start)
        } else {
            &[]
        };
        let keeps = solver.value(&after, history)? == value;
        let key = keys >> mv.hole().index() & 1 == 1;
        if keeps != key {
            return Ok(false);
        }
        kept |= u16::from(keeps) << mv.hole().index();
    }
    Ok(kept == keys)
}

/// What the record states about the end: its `Result` tag's score, else
/// its stipulation (as the [`Analyser`] finds it: a `Stipulation` tag
/// that is the phrase, or the phrase in an `Event` or `Title` tag).
fn stated_end(record: &Record) -> Option<StatedEnd> {
    if let Ok(Some(score)) = record.result() {
        return Some(StatedEnd::Score(score));
    }
    phrases::stated_stipulations(&record.tags)
        .next()
        .map(|(_, claim, _)| StatedEnd::stipulation(claim))
}

/// The plies of every line the validator replays, as the search needs
/// them.
/// The moves of the record's lines, each counted whole from the start of
/// the game, as its row numbers give it: the main line's, and for each
/// variation the rows before its first one and its own (saturating).
fn line_moves(record: &Record) -> u64 {
    let movetext = &record.movetext;
    let own = |moves: &[crate::notation::WrittenMove]| moves.len() as u64;
    movetext
        .variations
        .iter()
        .map(|variation| {
            let before = variation
                .moves
                .first()
                .and_then(|m| m.row_number())
                .map_or(0, |number| u64::from(number.saturating_sub(1)));
            before.saturating_add(own(&variation.moves))
        })
        .fold(own(&movetext.moves), u64::saturating_add)
}

/// The plies written in the record (a turn's alternatives included): what
/// one validation replays.
fn written_plies(record: &Record) -> u64 {
    record
        .all_moves()
        .flat_map(|m| m.turns())
        .map(|(_, turn)| 1 + turn.alternatives.len() as u64)
        .sum()
}

fn steps(record: &Record, strict: bool) -> Vec<Vec<Step>> {
    validate::replayed_lines(&record.movetext)
        .into_iter()
        .map(|(_, moves)| {
            validate::turns(&moves)
                .map(|(_, _, turn)| step(turn, strict))
                .collect()
        })
        .collect()
}

/// One turn as a step of the search.
fn step(turn: &Turn, strict: bool) -> Step {
    let ply = &turn.ply;
    let expect = match ply.capture_annotation() {
        Some(annotation) => {
            validate::annotated_beans(annotation).map_or(Expect::Impossible, Expect::Beans)
        }
        None if strict => Expect::Nothing,
        None => Expect::Anything,
    };
    let remarks = ply.groups.iter().filter_map(|group| match &group.kind {
        GroupKind::OtherMove(other) => Some(&**other),
        _ => None,
    });
    let others = turn
        .alternatives
        .iter()
        .chain(remarks)
        .filter_map(|other| other.hole)
        .filter_map(|hole| u8::try_from(hole.index()).ok())
        .collect();
    Step {
        hole: ply.hole.and_then(|hole| u8::try_from(hole.index()).ok()),
        expect,
        others,
    }
}
