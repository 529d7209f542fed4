//! A game: moves played from a start position, with their history and the
//! end of the game.

use std::collections::HashMap;
use std::fmt;
use std::hash::{BuildHasherDefault, Hasher};

use crate::{Captures, Move, Moves, Outcome, PlayError, Player, Position, Rules, Score, Variant};

/// What happened in one ply of a [`Game`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum Action {
    /// The player sowed from a hole.
    Sow {
        /// The move played.
        mv: Move,
        /// What it captured, in chain order.
        captures: Captures,
    },
    /// The player had no beans and passed (only in the Hemprich variant,
    /// where the game records a pass by itself whenever one is forced).
    Pass,
}

/// One ply of a [`Game`]: who acted, what they did, and the position
/// after it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Ply {
    /// The player who moved or passed.
    pub player: Player,
    /// The move and its captures, or a pass.
    pub action: Action,
    /// The position after the ply.
    pub position: Position,
}

/// Why a game ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum EndReason {
    /// Standard rules: `player` was to move but had no beans. The beans
    /// left went to the other player, who moved last.
    NoBeans {
        /// The player who could not move.
        player: Player,
    },
    /// Hemprich variant: every bean has been captured.
    AllCaptured,
    /// A position had occurred before since the last capture, and the game
    /// was ended there: by a player's claim ([`Game::claim_repetition`],
    /// or a record that stops there), or by [`Rules::repetition_ends_at`].
    /// The beans left were shared as [`Rules::endless_play`] says.
    Repetition {
        /// The ply after which the position first occurred since the last
        /// capture (0 for the start position).
        earlier_ply: usize,
        /// The ply after which the game ended, at the position's latest
        /// occurrence.
        ply: usize,
    },
}

/// How and with what score a game ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct GameEnd {
    /// Why the game ended.
    pub reason: EndReason,
    /// The final score: both counts add up to 72.
    pub score: Score,
}

impl GameEnd {
    /// The winner, or a draw.
    #[must_use]
    pub const fn outcome(&self) -> Outcome {
        self.score.outcome()
    }
}

impl fmt::Display for GameEnd {
    /// How the game ended, in the words of every summary: `South wins
    /// 50:22 (North cannot move)` and the like (South's count first).
    ///
    /// ```
    /// use bohnenspiel::{EndReason, GameEnd, Player, Score};
    ///
    /// let end = GameEnd {
    ///     reason: EndReason::NoBeans { player: Player::North },
    ///     score: Score::new(50, 22),
    /// };
    /// assert_eq!(end.to_string(), "South wins 50:22 (North cannot move)");
    /// ```
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let score = self.score.in_words();
        match self.reason {
            // The commonest ends in pieces, without the formatting
            // machinery: every game's summary holds one.
            EndReason::NoBeans { player } => {
                fmt::Display::fmt(&score, f)?;
                f.write_str(" (")?;
                fmt::Display::fmt(&player, f)?;
                f.write_str(" cannot move)")
            }
            EndReason::AllCaptured => {
                fmt::Display::fmt(&score, f)?;
                f.write_str(" (all beans captured)")
            }
            EndReason::Repetition {
                earlier_ply: 0,
                ply,
            } => write!(
                f,
                "ended by a claim of repetition after ply {ply} (as at the start): {score}"
            ),
            EndReason::Repetition { earlier_ply, ply } => write!(
                f,
                "ended by a claim of repetition after ply {ply} (as after ply {earlier_ply}): {score}"
            ),
        }
    }
}

/// How often the current position has occurred since the last capture,
/// when it has occurred before.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Recurrence {
    /// The ply after which the position first occurred since the last
    /// capture (0 for the start position).
    first_ply: usize,
    /// How many times it has occurred since the last capture, this time
    /// included: at least 2.
    occurrences: u32,
}

/// A game in progress or finished: the start position, every ply with its
/// captures and the position after it, and what ended the game.
///
/// The game ends by itself when the rules say so. Under the standard rules
/// that is when the player to move has no beans; in the Hemprich variant a
/// player without beans passes (an [`Action::Pass`] ply is recorded) and
/// the game ends when every bean is captured.
///
/// # Repetition
///
/// A position (same board, stores and player to move) that occurs again
/// since the last capture does not end the game by itself, as the
/// published rules know no such end: play goes on, and many games that
/// pass through a position twice end normally later. It entitles a player
/// to end the game: [`Game::first_occurrence`] and [`Game::occurrences`]
/// say whether, since when and how often the current position has
/// occurred since the last capture, and
/// [`Game::claim_repetition`] ends the game there, with the beans on the
/// board shared as [`Rules::endless_play`] says. Captures only ever fill
/// the stores, so no position before a capture can come back: only the
/// positions since the last capture are remembered.
///
/// Some games never end unless someone claims: with one bean on each side,
/// six holes apart, each side has one legal move for ever.
///
/// ```
/// use bohnenspiel::{EndReason, Game, Move, Position, Rules, Score};
///
/// let start: Position = "0,0,0,0,1,0/0,0,0,0,1,0 36:34 S".parse()?;
/// let round = [5, 11, 6, 12, 1, 7, 2, 8, 3, 9, 4, 10];
/// let mut game = Game::new(start, Rules::default());
/// for hole in round.into_iter().chain(round) {
///     assert!(game.play(Move::from_number(hole)?)?.is_empty());
/// }
/// // Twice round: the start position has come back twice, and play goes on.
/// assert!(!game.is_over());
/// assert_eq!((game.first_occurrence(), game.occurrences()), (Some(0), 3));
/// let end = game.claim_repetition().ok_or("a repetition to claim")?;
/// assert_eq!(end.reason, EndReason::Repetition { earlier_ply: 0, ply: 24 });
/// assert_eq!(end.score, Score::new(37, 35), "each side takes its own bean");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// A program that plays on its own (random playouts, self-play) can have
/// the game end automatically when a position occurs for the N-th time
/// since the last capture, with [`Rules::repetition_ends_at`]:
///
/// ```
/// use bohnenspiel::{EndReason, Game, Move, Position, Rules};
///
/// let start: Position = "0,0,0,0,1,0/0,0,0,0,1,0 36:34 S".parse()?;
/// let rules = Rules { repetition_ends_at: Some(2), ..Rules::default() };
/// let mut game = Game::new(start, rules);
/// let round = [5, 11, 6, 12, 1, 7, 2, 8, 3, 9, 4, 10];
/// for hole in round {
///     game.play(Move::from_number(hole)?)?;
/// }
/// let end = game.end().unwrap();
/// assert_eq!(end.reason, EndReason::Repetition { earlier_ply: 0, ply: 12 });
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone)]
pub struct Game {
    rules: Rules,
    start: Position,
    position: Position,
    plies: Vec<Ply>,
    /// The ply after which the last capture happened (0 before any): the
    /// positions after plies `since..` (ply 0 is the start) are those
    /// that can still repeat. They are found in `plies` by a linear scan
    /// while few, through `seen` when many.
    since: usize,
    /// The positions after plies `0..mapped`, each with the ply after
    /// which it first occurred and how many times it did; filled only
    /// once more than [`SCAN_LIMIT`] positions can repeat. It is not
    /// cleared at a capture: a capture fills a store, so no position
    /// before it equals one after, and the entries of earlier stretches
    /// never match again (they stay so that [`Game::rewind`] can take
    /// the game back past a capture without rebuilding them).
    seen: HashMap<Position, (usize, u32), BuildHasherDefault<PositionHasher>>,
    /// The ply up to which (not included) the positions are counted in
    /// `seen`.
    mapped: usize,
    /// How often the current position occurred before since the last
    /// capture: 0 for a new one (the only field the common case writes).
    earlier_count: u32,
    /// The ply after which it first did, when `earlier_count > 0`.
    first_ply: usize,
    /// The OR of the [`Position::filter_bit`]s of the positions after plies
    /// `since..` (and of the start before any capture): a position whose
    /// bit is clear has not occurred since, and needs no search.
    recent: u64,
    end: Option<GameEnd>,
}

/// The state of a [`Game`] after some ply, as [`Game::checkpoint`] takes
/// it, for [`Game::rewind`].
#[derive(Debug, Clone, Copy)]
pub(crate) struct Checkpoint {
    plies: usize,
    since: usize,
    earlier_count: u32,
    first_ply: usize,
    recent: u64,
    end: Option<GameEnd>,
}

/// Up to this many positions since the last capture, a repetition is
/// looked for by scanning the plies; beyond, through a hash map. (Lower
/// in unit tests, so that random games reach the hash map.)
const SCAN_LIMIT: usize = if cfg!(test) { 4 } else { 32 };

impl Game {
    /// A game from `start` under `rules`. If `start` already ends the game
    /// (or, in the Hemprich variant, forces a pass), that is recorded at
    /// once.
    #[must_use]
    pub fn new(start: Position, rules: Rules) -> Game {
        let mut game = Game {
            rules,
            start,
            position: start,
            plies: Vec::new(),
            since: 0,
            seen: HashMap::default(),
            mapped: 0,
            earlier_count: 0,
            first_ply: 0,
            recent: 0,
            end: None,
        };
        game.settle();
        game
    }

    /// Starts this game over from `start` under `rules`, keeping the
    /// room its history has grown: the same as [`Game::new`] without its
    /// allocations.
    pub(crate) fn restart(&mut self, start: Position, rules: Rules) {
        self.rules = rules;
        self.start = start;
        self.position = start;
        self.plies.clear();
        self.since = 0;
        self.seen.clear();
        self.mapped = 0;
        self.earlier_count = 0;
        self.recent = 0;
        self.end = None;
        self.settle();
    }

    /// The state of the game now, to come back to with [`Game::rewind`].
    pub(crate) fn checkpoint(&self) -> Checkpoint {
        Checkpoint {
            plies: self.plies.len(),
            since: self.since,
            earlier_count: self.earlier_count,
            first_ply: self.first_ply,
            recent: self.recent,
            end: self.end,
        }
    }

    /// Takes the game back to `to`, a [`Game::checkpoint`] of this game
    /// taken at or before its current ply (and not rewound past since):
    /// the plies after it are undone, and the game is as it was then.
    /// Takes time in proportion to the plies undone, whatever the
    /// history before them, so that lines branching from one game (the
    /// variations of a record) can be replayed depth first on one game.
    pub(crate) fn rewind(&mut self, to: Checkpoint) {
        let len = to.plies.min(self.plies.len());
        // The positions after the plies undone leave the map, latest
        // first, so that each position's first occurrence goes last.
        while self.mapped > len {
            self.mapped -= 1;
            let position = *self.position_after(self.mapped);
            if let Some((_, count)) = self.seen.get_mut(&position) {
                if *count > 1 {
                    *count -= 1;
                } else {
                    self.seen.remove(&position);
                }
            }
        }
        self.plies.truncate(len);
        self.position = *self.position_after(len);
        self.since = to.since;
        self.earlier_count = to.earlier_count;
        self.first_ply = to.first_ply;
        self.recent = to.recent;
        self.end = to.end;
    }

    /// Takes back the last move: the game is then exactly as it was
    /// before it, in its position, history, end and what it says of
    /// repetition, as if the move had never been played. A pass that
    /// followed the move goes with it (Hemprich variant), and so does the
    /// end of the game after it, whether by the rules, automatic or
    /// claimed. Returns the ply of the move taken back (the player, the
    /// move with its captures, and the position it led to), or `None` if
    /// no move has been played (a pass at the start, forced before any
    /// move, is kept).
    ///
    /// Takes constant time for a move that captured nothing; for one
    /// that captured, time in proportion to the plies between it and the
    /// capture before it (to find what can repeat again).
    ///
    /// ```
    /// use bohnenspiel::{Action, Game, Move, Player};
    ///
    /// let mut game = Game::default();
    /// let before = game.clone();
    /// game.play(Move::from_number(3)?)?;
    /// let captures = game.play(Move::from_number(9)?)?;
    /// let taken = game.take_back().expect("a move to take back");
    /// assert_eq!(taken.player, Player::North);
    /// assert_eq!(taken.action, Action::Sow { mv: Move::from_number(9)?, captures });
    /// assert_eq!(game.plies().len(), 1);
    /// game.take_back();
    /// assert_eq!(game.position(), before.position());
    /// assert_eq!(game.take_back(), None, "nothing left to take back");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn take_back(&mut self) -> Option<Ply> {
        let index = self
            .plies
            .iter()
            .rposition(|ply| matches!(ply.action, Action::Sow { .. }))?;
        let ply = *self.plies.get(index)?;
        let Action::Sow { captures, .. } = ply.action else {
            return None;
        };
        // The game after ply `index`, the position the move was played
        // from: it had not ended, and what could repeat there were the
        // positions since the capture before it.
        let mut since = self.since;
        let mut recent = self.recent;
        if !captures.is_empty() {
            since = self
                .plies
                .get(..index)
                .unwrap_or_default()
                .iter()
                .rposition(|ply| matches!(ply.action, Action::Sow { captures, .. } if !captures.is_empty()))
                .map_or(0, |last| last + 1);
            recent = (since..=index)
                .map(|earlier| self.position_after(earlier).filter_bit())
                .fold(0, |bits, bit| bits | bit);
        }
        // Without a capture undone, the filter keeps the bits of the
        // positions undone too: it may then answer "maybe" for a new
        // position, never "no" for a seen one, which is all it promises.
        self.rewind(Checkpoint {
            plies: index,
            since,
            earlier_count: 0,
            first_ply: 0,
            recent,
            end: None,
        });
        let recurrence = self.search(index);
        self.set_recurrence(recurrence);
        Some(ply)
    }

    /// Reserves room in the history for `additional` more plies.
    pub(crate) fn reserve(&mut self, additional: usize) {
        self.plies.reserve(additional);
    }

    /// Plays `mv` for the player to move and returns what it captured.
    ///
    /// # Errors
    ///
    /// A [`PlayError`] if the move is illegal or the game has ended (then
    /// [`PlayError::GameOver`], also after a repetition was
    /// claimed); the game is then unchanged.
    pub fn play(&mut self, mv: Move) -> Result<Captures, PlayError> {
        let player = self.position.turn();
        if self.end.is_some() {
            return Err(PlayError::GameOver { mv, turn: player });
        }
        // A game that has not ended is never stuck (`settle` ends it or,
        // in the Hemprich variant, passes), so only the hole is checked.
        debug_assert!(!self.position.is_game_over());
        self.position.check_hole(mv)?;
        // The new position is built in a local and written whole, and the
        // history copies the local: reading `self.position` back right
        // after the move wrote it byte by byte stalls the processor
        // (about 15% of a replayed ply).
        let mut after = self.position;
        let captures = after.play_unchecked(mv);
        self.position = after;
        if !captures.is_empty() {
            self.since = self.plies.len() + 1;
            self.recent = 0;
        }
        self.plies.push(Ply {
            player,
            action: Action::Sow { mv, captures },
            position: after,
        });
        self.settle();
        Ok(captures)
    }

    /// Records what the rules make of the current position: the end of the
    /// game, whether it occurred before (and an automatic end by it), or
    /// (Hemprich) a forced pass.
    #[inline]
    fn settle(&mut self) {
        // Most plies leave the player to move with beans, in a position
        // that is new since the last capture.
        if self.position.is_game_over() {
            self.settle_stuck();
        } else {
            // Most positions are new, which the filter tells at once.
            let bit = self.position.filter_bit();
            let maybe_seen = self.recent & bit != 0;
            self.recent |= bit;
            self.earlier_count = 0;
            if maybe_seen {
                self.settle_maybe_seen();
            }
        }
    }

    /// [`Game::settle`] when the filter says the current position may
    /// have occurred before since the last capture.
    #[cold]
    #[inline(never)]
    fn settle_maybe_seen(&mut self) {
        let recurrence = self.search(self.plies.len());
        self.set_recurrence(recurrence);
        if recurrence.is_some() {
            self.end_automatically();
        }
    }

    /// Records whether and how often the current position occurred
    /// before.
    fn set_recurrence(&mut self, recurrence: Option<Recurrence>) {
        match recurrence {
            Some(recurrence) => {
                self.earlier_count = recurrence.occurrences - 1;
                self.first_ply = recurrence.first_ply;
            }
            None => self.earlier_count = 0,
        }
    }

    /// [`Game::settle`] when the player to move has no beans: the end of
    /// the game, or in the Hemprich variant an automatic end by repetition
    /// or a pass (after which the other player, who has beans, is to move).
    #[cold]
    #[inline(never)]
    fn settle_stuck(&mut self) {
        loop {
            let recurrence = self.earlier(self.plies.len());
            self.set_recurrence(recurrence);
            let stuck = self.position.is_game_over();
            let reason = match self.rules.variant {
                Variant::Standard if stuck => Some(EndReason::NoBeans {
                    player: self.position.turn(),
                }),
                Variant::Hemprich if self.position.beans_on_board() == 0 => {
                    Some(EndReason::AllCaptured)
                }
                _ => None,
            };
            if let Some(reason) = reason {
                let score = self
                    .position
                    .final_score()
                    .unwrap_or(self.position.stores());
                self.end = Some(GameEnd { reason, score });
                return;
            }
            if self.end_automatically() || !stuck {
                return;
            }
            // Hemprich: the player to move has no beans, but the other has.
            let player = self.position.turn();
            self.position = self.position.passed();
            self.plies.push(Ply {
                player,
                action: Action::Pass,
                position: self.position,
            });
        }
    }

    /// Ends the game if [`Rules::repetition_ends_at`] ends it automatically at
    /// the current position; whether it did.
    #[cold]
    #[inline(never)]
    fn end_automatically(&mut self) -> bool {
        let Some(occurrence) = self.rules.repetition_ends_at else {
            return false;
        };
        match self.recurrence() {
            Some(recurrence) if recurrence.occurrences >= u32::from(occurrence.max(2)) => {
                self.end_by_repetition(recurrence.first_ply);
                true
            }
            _ => false,
        }
    }

    /// Ends the game because the current position, the position after
    /// the last ply, occurred after ply `earlier_ply` too.
    #[cold]
    #[inline(never)]
    fn end_by_repetition(&mut self, earlier_ply: usize) -> GameEnd {
        let score = self
            .rules
            .endless_play
            .score(&self.position, self.last_mover());
        let end = GameEnd {
            reason: EndReason::Repetition {
                earlier_ply,
                ply: self.plies.len(),
            },
            score,
        };
        self.end = Some(end);
        end
    }

    /// Ends the game by a player's claim that the current position has
    /// occurred before since the last capture (see [Repetition](Game#repetition)).
    /// The beans on the board are shared as [`Rules::endless_play`] says.
    /// Either player may claim: the rule that shares the beans decides
    /// which of them gains by it.
    ///
    /// Returns how the game ended, or `None`, the game unchanged, when
    /// there is nothing to claim: the game is already over
    /// ([`Game::is_over`]), or the position is new since the last capture
    /// ([`Game::first_occurrence`] is `None`).
    ///
    /// ```
    /// use bohnenspiel::{Game, Move, Position, Rules, Score};
    ///
    /// let start: Position = "0,0,0,0,1,0/0,0,0,0,1,0 36:34 S".parse()?;
    /// let mut game = Game::new(start, Rules::default());
    /// assert_eq!(game.claim_repetition(), None, "the position is new");
    /// for hole in [5, 11, 6, 12, 1, 7, 2, 8, 3, 9, 4, 10] {
    ///     game.play(Move::from_number(hole)?)?;
    /// }
    /// let end = game.claim_repetition().ok_or("a repetition to claim")?;
    /// assert_eq!(end.score, Score::new(37, 35));
    /// assert_eq!(game.claim_repetition(), None, "the game is over");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use = "None: the claim was refused"]
    pub fn claim_repetition(&mut self) -> Option<GameEnd> {
        if self.end.is_some() {
            return None;
        }
        let recurrence = self.recurrence()?;
        Some(self.end_by_repetition(recurrence.first_ply))
    }

    /// The ply after which the current position first occurred since the
    /// last capture (since the start if nothing was captured yet; 0 for
    /// the start position), when it has occurred before: `None` for a
    /// position that is new since then. A repetition does not end the
    /// game by itself; see [Repetition](Game#repetition).
    #[must_use]
    pub const fn first_occurrence(&self) -> Option<usize> {
        if self.earlier_count == 0 {
            None
        } else {
            Some(self.first_ply)
        }
    }

    /// Whether, and how often, the current position has occurred since
    /// the last capture: `None` for a position that is new since then.
    const fn recurrence(&self) -> Option<Recurrence> {
        if self.earlier_count == 0 {
            None
        } else {
            Some(Recurrence {
                first_ply: self.first_ply,
                occurrences: self.earlier_count.saturating_add(1),
            })
        }
    }

    /// Whether the current position has occurred before since the last
    /// capture: [`Game::first_occurrence`] is `Some`.
    #[must_use]
    #[inline]
    pub const fn is_repeated(&self) -> bool {
        self.earlier_count != 0
    }

    /// How many times the current position has occurred since the last
    /// capture, this time included: 1 for a new position.
    #[must_use]
    pub fn occurrences(&self) -> u32 {
        self.earlier_count.saturating_add(1)
    }

    /// The position after ply `ply` (0 for the start).
    #[inline]
    fn position_after(&self, ply: usize) -> &Position {
        match ply.checked_sub(1) {
            Some(index) => &self.plies[index].position,
            None => &self.start,
        }
    }

    /// Whether the current position, the position after ply `ply`,
    /// occurred before since the last capture: the ply after which it
    /// first did, and how often.
    #[inline]
    fn earlier(&mut self, ply: usize) -> Option<Recurrence> {
        // Most positions are new, which the filter tells at once.
        let bit = self.position.filter_bit();
        let maybe_seen = self.recent & bit != 0;
        self.recent |= bit;
        if !maybe_seen {
            return None;
        }
        self.search(ply)
    }

    /// [`Game::earlier`] past the filter.
    #[inline]
    fn search(&mut self, ply: usize) -> Option<Recurrence> {
        let since = ply.checked_sub(self.since)?;
        // Every ply, a pass too, hands the turn over: only positions an
        // even number of plies back can be the same.
        if since < 2 {
            None
        } else if since <= SCAN_LIMIT {
            self.earlier_by_scan(ply)
        } else {
            self.earlier_in_map(ply)
        }
    }

    /// [`Game::earlier`] by scanning the positions after plies `ply - 2`,
    /// `ply - 4`, … down to `since`.
    #[inline]
    fn earlier_by_scan(&self, ply: usize) -> Option<Recurrence> {
        let position = &self.position;
        // The positions after plies `lowest..=ply - 2` are in `plies`
        // (the one after ply `k` at index `k - 1`), nearest last.
        let lowest = self.since.max(1);
        let recorded = self
            .plies
            .get(lowest - 1..ply.saturating_sub(2))
            .unwrap_or_default();
        let mut first = None;
        let mut occurrences = 1;
        for (back, earlier) in recorded.iter().rev().step_by(2).enumerate() {
            if earlier.position == *position {
                first = Some(ply - 2 - 2 * back);
                occurrences += 1;
            }
        }
        if self.since == 0 && ply.is_multiple_of(2) && self.start == *position {
            first = Some(0);
            occurrences += 1;
        }
        first.map(|first_ply| Recurrence {
            first_ply,
            occurrences,
        })
    }

    /// [`Game::earlier`] through the hash map of the positions since the
    /// last capture, once there are many.
    #[cold]
    #[inline(never)]
    fn earlier_in_map(&mut self, ply: usize) -> Option<Recurrence> {
        for earlier in self.mapped..ply {
            let before = *self.position_after(earlier);
            self.seen
                .entry(before)
                .and_modify(|(_, count)| *count += 1)
                .or_insert((earlier, 1));
        }
        self.mapped = ply;
        self.seen
            .get(&self.position)
            .map(|&(first_ply, count)| Recurrence {
                first_ply,
                occurrences: count + 1,
            })
    }

    /// The player who sowed last (the opponent of the player to move if
    /// nobody has sowed yet).
    fn last_mover(&self) -> Player {
        self.plies
            .iter()
            .rev()
            .find(|ply| matches!(ply.action, Action::Sow { .. }))
            .map_or(!self.position.turn(), |ply| ply.player)
    }

    /// The rules the game follows.
    #[must_use]
    pub const fn rules(&self) -> Rules {
        self.rules
    }

    /// The position the game started from.
    #[must_use]
    pub const fn start(&self) -> &Position {
        &self.start
    }

    /// The current position.
    #[must_use]
    pub const fn position(&self) -> &Position {
        &self.position
    }

    /// The player to move.
    #[must_use]
    pub const fn turn(&self) -> Player {
        self.position.turn()
    }

    /// Every ply so far, passes included, oldest first.
    #[must_use]
    pub fn plies(&self) -> &[Ply] {
        &self.plies
    }

    /// The positions since the last capture, oldest first, without the
    /// current position: the game's **history**, which the value of its
    /// position depends on (a position that occurs again since the last
    /// capture can end the game), as the engine's search and the solver
    /// take it. Empty right after a capture, and at the start.
    ///
    /// ```
    /// use bohnenspiel::{Game, Move, Position};
    ///
    /// let mut game = Game::default();
    /// for hole in [4, 8, 6] {
    ///     game.play(Move::from_number(hole)?)?;
    /// }
    /// assert_eq!(game.history().len(), 3);
    /// assert_eq!(game.history().first(), Some(&Position::new()));
    /// // 12 captures 2 from 8: the history starts again.
    /// game.play(Move::from_number(12)?)?;
    /// assert!(game.history().is_empty());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn history(&self) -> Vec<Position> {
        let current = self.position.stores();
        let after = |ply: usize| match ply.checked_sub(1) {
            Some(index) => self.plies.get(index).map(|p| p.position),
            None => Some(self.start),
        };
        let mut positions: Vec<Position> = (0..self.plies.len())
            .rev()
            .map_while(after)
            .take_while(|position| position.stores() == current)
            .collect();
        positions.reverse();
        positions
    }

    /// The moves played so far, oldest first (passes left out).
    pub fn moves(&self) -> impl Iterator<Item = Move> + '_ {
        self.plies.iter().filter_map(|ply| match ply.action {
            Action::Sow { mv, .. } => Some(mv),
            Action::Pass => None,
        })
    }

    /// The legal moves now: none once the game has ended.
    #[must_use]
    pub fn legal_moves(&self) -> Moves {
        if self.end.is_some() {
            Moves::EMPTY
        } else {
            self.position.legal_moves()
        }
    }

    /// How the game ended, or `None` while it goes on.
    #[must_use]
    pub const fn end(&self) -> Option<GameEnd> {
        self.end
    }

    /// Whether the game has ended.
    #[must_use]
    pub const fn is_over(&self) -> bool {
        self.end.is_some()
    }

    /// The final score, once the game has ended.
    #[must_use]
    pub fn final_score(&self) -> Option<Score> {
        self.end.map(|end| end.score)
    }

    /// The result, once the game has ended.
    #[must_use]
    pub fn outcome(&self) -> Option<Outcome> {
        self.end.map(|end| end.outcome())
    }
}

/// A fast hasher for the positions a game remembers: a multiply-rotate
/// mix over 8-byte words. Positions come from the game's own play, so the
/// hash needs speed (replaying records hashes every position), not
/// resistance to crafted collisions.
#[derive(Debug, Clone, Copy, Default)]
struct PositionHasher(u64);

impl PositionHasher {
    #[inline]
    fn add(&mut self, word: u64) {
        self.0 = (self.0.rotate_left(5) ^ word).wrapping_mul(0x517C_C1B7_2722_0A95);
    }
}

impl Hasher for PositionHasher {
    #[inline]
    fn write(&mut self, bytes: &[u8]) {
        for chunk in bytes.chunks(8) {
            let mut word = [0u8; 8];
            for (slot, &byte) in word.iter_mut().zip(chunk) {
                *slot = byte;
            }
            self.add(u64::from_le_bytes(word));
        }
    }

    #[inline]
    fn write_u8(&mut self, n: u8) {
        self.add(u64::from(n));
    }

    #[inline]
    fn write_usize(&mut self, n: usize) {
        self.add(n as u64);
    }

    #[inline]
    fn write_isize(&mut self, n: isize) {
        self.add(n as u64);
    }

    #[inline]
    fn finish(&self) -> u64 {
        self.0
    }
}

impl Default for Game {
    /// A standard game from the opening.
    fn default() -> Game {
        Game::new(Position::new(), Rules::default())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Random games from sparse positions, where many plies pass without
    /// a capture, agree with a plain list of the positions since the last
    /// capture on whether and how often the current position occurred,
    /// past the scan limit too; with an automatic end at the second or
    /// third occurrence, or by claim at the fourth.
    #[test]
    fn repetitions_past_the_scan_limit() {
        let mut state = 0x2545_F491_4F6C_DD1D_u64;
        let mut longest = 0;
        let mut ends = [0; 3];
        for start in [
            "1,0,0,2,0,0/0,1,0,0,1,1 32:34 S",
            "0,0,1,0,0,0/0,0,0,0,1,0 36:34 S",
            "2,0,1,0,0,0/0,3,0,0,1,1 30:34 N",
            "0,0,0,0,1,0/0,0,0,0,1,0 36:34 S",
        ] {
            for (n, repetition) in [None, Some(2), Some(3)]
                .into_iter()
                .cycle()
                .take(300)
                .enumerate()
            {
                let start: Position = start.parse().expect("a position");
                let rules = Rules {
                    repetition_ends_at: repetition,
                    ..Rules::default()
                };
                let mut game = Game::new(start, rules);
                let mut seen = vec![start];
                while !game.is_over() {
                    let moves: Vec<Move> = game.legal_moves().collect();
                    state ^= state << 13;
                    state ^= state >> 7;
                    state ^= state << 17;
                    let mv = moves[(state % moves.len() as u64) as usize];
                    let captures = game.play(mv).expect("a legal move");
                    if !captures.is_empty() {
                        seen.clear();
                    }
                    let position = *game.position();
                    let ply = game.plies().len();
                    let base = ply - seen.len();
                    let first = seen.iter().position(|&p| p == position);
                    let occurrences = seen.iter().filter(|&&p| p == position).count() + 1;
                    seen.push(position);
                    longest = longest.max(seen.len());
                    let expected = first.map(|at| Recurrence {
                        first_ply: base + at,
                        occurrences: occurrences as u32,
                    });
                    if game.is_over() && position.is_game_over() {
                        continue;
                    }
                    assert_eq!(game.recurrence(), expected, "game {n}, ply {ply}");
                    assert_eq!(game.occurrences(), occurrences as u32);
                    let automatic = repetition.map_or(usize::MAX, usize::from);
                    let end = game.end().map(|end| end.reason);
                    if occurrences >= automatic {
                        ends[1] += 1;
                        let earlier_ply = base + first.expect("a repetition");
                        assert_eq!(end, Some(EndReason::Repetition { earlier_ply, ply }));
                    } else if occurrences == 4 {
                        ends[2] += 1;
                        let earlier_ply = base + first.expect("a repetition");
                        let claimed = game.claim_repetition().map(|end| end.reason);
                        assert_eq!(claimed, Some(EndReason::Repetition { earlier_ply, ply }));
                    } else {
                        assert_eq!(end, None);
                        if first.is_none() {
                            assert_eq!(game.claim_repetition(), None, "not repeated");
                        }
                    }
                }
                ends[0] += 1;
            }
        }
        assert!(longest > 2 * SCAN_LIMIT, "longest {longest}");
        assert!(ends[1] > 60 && ends[2] > 10, "ends {ends:?}");
    }

    /// Random walks over a tree of lines on one game, with checkpoints
    /// taken and rewound to in stack order, from sparse positions (long
    /// stretches without a capture, past the scan limit, and captures
    /// undone): after every step the game equals a new game that plays
    /// the same moves, in its history, its end and what it says of
    /// repetition, and so do the games played on from there.
    #[test]
    fn a_rewound_game_is_the_game_of_its_moves() {
        let mut state = 0x9E37_79B9_7F4A_7C15_u64;
        let mut next = |n: usize| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            (state % n as u64) as usize
        };
        let mut rewinds = [0; 2];
        for (n, start) in [
            "1,0,0,2,0,0/0,1,0,0,1,1 32:34 S",
            "0,0,1,0,0,0/0,0,0,0,1,0 36:34 S",
            "2,0,1,0,0,0/0,3,0,0,1,1 30:34 N",
            "0,0,0,0,1,0/0,0,0,0,1,0 36:34 S",
            "3,2,0,1,0,4/2,0,1,3,0,2 26:28 S",
        ]
        .into_iter()
        .cycle()
        .take(60)
        .enumerate()
        {
            let start: Position = start.parse().expect("a position");
            let rules = Rules {
                repetition_ends_at: [None, Some(3)][n % 2],
                variant: [Variant::Standard, Variant::Hemprich][n / 2 % 2],
                ..Rules::default()
            };
            let mut game = Game::new(start, rules);
            let mut moves: Vec<Move> = Vec::new();
            let mut checkpoints: Vec<(Checkpoint, usize)> = Vec::new();
            for step in 0..600 {
                match next(10) {
                    0 => checkpoints.push((game.checkpoint(), moves.len())),
                    1 if !checkpoints.is_empty() => {
                        let keep = next(checkpoints.len());
                        checkpoints.truncate(keep + 1);
                        let &(checkpoint, len) = checkpoints.last().expect("a checkpoint");
                        let undone = &moves[len..];
                        rewinds[0] += 1;
                        if undone.len() > 2 * SCAN_LIMIT {
                            rewinds[1] += 1;
                        }
                        game.rewind(checkpoint);
                        moves.truncate(len);
                    }
                    _ => {
                        let legal: Vec<Move> = game.legal_moves().collect();
                        if legal.is_empty() {
                            continue;
                        }
                        let mv = legal[next(legal.len())];
                        game.play(mv).expect("a legal move");
                        moves.push(mv);
                    }
                }
                let mut fresh = Game::new(start, rules);
                for &mv in &moves {
                    fresh.play(mv).expect("the same legal moves");
                }
                assert_eq!(game.plies(), fresh.plies(), "game {n}, step {step}");
                assert_eq!(game.position(), fresh.position());
                assert_eq!(game.end(), fresh.end(), "game {n}, step {step}");
                assert_eq!(
                    game.recurrence(),
                    fresh.recurrence(),
                    "game {n}, step {step}"
                );
                // A claim, then back to before it: play goes on.
                let before = game.checkpoint();
                assert_eq!(game.claim_repetition(), fresh.claim_repetition());
                game.rewind(before);
            }
        }
        assert!(rewinds[0] > 1000 && rewinds[1] > 20, "rewinds {rewinds:?}");
    }
}
