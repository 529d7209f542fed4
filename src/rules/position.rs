//! A validated position and the moves played on it.

use std::fmt;
use std::str::FromStr;

use super::capture::EMPTY_LIST;
use super::setup::TOTAL_BEANS;
use super::sowing::{capture_chain, sow};
use crate::{Captures, Hole, Move, Moves, Outcome, Player, RulesError, Score, Setup};

/// A position that can arise in a game: 72 beans in all, even stores, and
/// the player to move. Build one with [`Position::new`] (the opening),
/// [`Position::from_setup`], `TryFrom<Setup>` or by parsing the text form
/// described at [`Setup`].
///
/// Its text form is that of [`Setup`]:
/// `<h1>,<h2>,<h3>,<h4>,<h5>,<h6>/<h7>,<h8>,<h9>,<h10>,<h11>,<h12> <south store>:<north store> <S|N>`,
/// such as `6,6,6,6,6,6/6,6,6,6,6,6 0:0 S` for the opening; parsing it
/// also validates the position ([`RulesError`]).
///
/// A `Position` is 15 bytes and `Copy`. It follows the standard rules:
/// the game is over when the player to move has no beans on their side,
/// and then the beans left on the board go to the other player, who moved
/// last. Repetition and the Hemprich variant are handled by
/// [`Game`](crate::Game).
///
/// ```
/// use bohnenspiel::{Move, Player, Position, Score};
///
/// let mut position = Position::new();
/// assert_eq!(position.to_string(), "6,6,6,6,6,6/6,6,6,6,6,6 0:0 S");
/// let captures = position.play(Move::from_number(4)?)?;
/// assert!(captures.is_empty());
/// assert_eq!(position.turn(), Player::North);
/// assert_eq!(position.to_string(), "6,6,6,0,7,7/7,7,7,7,6,6 0:0 N");
///
/// // The last ply of "The Gentlemen" captures the final beans: 36:36.
/// let mut position: Position = "0,0,0,0,0,0/0,0,0,0,1,1 36:34 N".parse()?;
/// assert_eq!(position.play(Move::from_number(11)?)?.total(), 2);
/// assert!(position.is_game_over());
/// assert_eq!(position.final_score(), Some(Score::new(36, 36)));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(try_from = "Setup", into = "Setup"))]
pub struct Position {
    board: [u8; 12],
    stores: [u8; 2],
    turn: Player,
}

impl Position {
    /// The number of beans in every game, 72: on the board and in the
    /// stores together.
    pub const TOTAL_BEANS: u8 = TOTAL_BEANS;

    /// The opening: six beans in every hole, South to move.
    #[must_use]
    pub const fn new() -> Position {
        Position {
            board: [6; 12],
            stores: [0; 2],
            turn: Player::South,
        }
    }

    /// Validates `setup`.
    ///
    /// A setup whose player to move has no beans is valid: it is a
    /// finished game.
    ///
    /// # Errors
    ///
    /// A [`RulesError`] naming what cannot arise in a game: a bean total
    /// other than 72 or an odd store.
    ///
    /// ```
    /// use bohnenspiel::{Position, Setup, RulesError};
    ///
    /// let mut setup = Setup::START;
    /// setup.board[0] = 255;
    /// let error = Position::from_setup(setup).unwrap_err();
    /// assert_eq!(error, RulesError::WrongTotal { total: 321 });
    /// assert_eq!(
    ///     error.to_string(),
    ///     "the holes and stores hold 321 beans, but a game always has 72"
    /// );
    /// ```
    pub fn from_setup(setup: Setup) -> Result<Position, RulesError> {
        setup.validate()?;
        Ok(Position {
            board: setup.board,
            stores: [setup.stores.south, setup.stores.north],
            turn: setup.turn,
        })
    }

    /// A position from its parts, unchecked: for analysis code that builds
    /// positions from parts known to be valid (72 beans, even stores).
    #[must_use]
    pub(crate) const fn from_parts(board: [u8; 12], stores: Score, turn: Player) -> Position {
        Position {
            board,
            stores: [stores.south, stores.north],
            turn,
        }
    }

    /// The board, stores and player to move as an unchecked [`Setup`].
    #[must_use]
    pub const fn to_setup(&self) -> Setup {
        Setup {
            board: self.board,
            stores: Score::new(self.stores[0], self.stores[1]),
            turn: self.turn,
        }
    }

    /// The player to move.
    #[must_use]
    #[inline]
    pub const fn turn(&self) -> Player {
        self.turn
    }

    /// The beans in each hole, by index: `board()[0]` is hole 1.
    #[must_use]
    #[inline]
    pub const fn board(&self) -> [u8; 12] {
        self.board
    }

    /// The beans in `hole`.
    #[must_use]
    #[inline]
    pub const fn beans(&self, hole: Hole) -> u8 {
        self.board[hole.index()]
    }

    /// The beans in the stores so far.
    #[must_use]
    #[inline]
    pub const fn stores(&self) -> Score {
        Score::new(self.stores[0], self.stores[1])
    }

    /// The beans in `player`'s store.
    #[must_use]
    #[inline]
    pub const fn store(&self, player: Player) -> u8 {
        self.stores[player.index()]
    }

    /// The beans in `player`'s six holes.
    #[must_use]
    pub fn beans_on_side(&self, player: Player) -> u8 {
        self.side(player).iter().sum()
    }

    /// The beans left on the board.
    #[must_use]
    pub fn beans_on_board(&self) -> u8 {
        TOTAL_BEANS - self.stores[0] - self.stores[1]
    }

    /// `player`'s six holes.
    #[inline]
    fn side(&self, player: Player) -> &[u8; 6] {
        match player {
            Player::South => self.board.first_chunk(),
            Player::North => self.board.last_chunk(),
        }
        .unwrap_or(&[0; 6])
    }

    /// The legal moves: the non-empty holes of the player to move. Empty
    /// when the game is over. Never allocates.
    #[must_use]
    #[inline]
    pub fn legal_moves(&self) -> Moves {
        // Byte i of `non_empty` is 0 or 1; the multiplier moves byte i's
        // bit to bit 56 + i, and every cross product lands either below
        // bit 56 (each on its own bit, so without carries) or above bit 63.
        const GATHER: u64 = 1 << 56 | 1 << 49 | 1 << 42 | 1 << 35 | 1 << 28 | 1 << 21;
        let non_empty = self.non_empty_holes();
        let mask = (non_empty.wrapping_mul(GATHER) >> 56) as u8;
        Moves::of_side(self.turn, mask, count(non_empty))
    }

    /// Whether `mv` is legal: it sows from a non-empty hole of the player
    /// to move.
    #[must_use]
    #[inline]
    pub fn is_legal(&self, mv: Move) -> bool {
        self.check(mv).is_ok()
    }

    /// Checks that `mv` is legal.
    ///
    /// # Errors
    ///
    /// A [`PlayError`] saying why not: the game is over, the hole belongs
    /// to the other player, or it is empty (checked in that order).
    pub fn check(&self, mv: Move) -> Result<(), PlayError> {
        if self.is_game_over() {
            return Err(PlayError::GameOver {
                mv,
                turn: self.turn,
            });
        }
        self.check_hole(mv)
    }

    /// [`Position::check`] without its first test, for a position known
    /// not to be over: that `mv` sows from a non-empty hole of the player
    /// to move.
    #[inline]
    pub(crate) fn check_hole(&self, mv: Move) -> Result<(), PlayError> {
        let turn = self.turn;
        if !turn.owns(mv.hole()) {
            Err(PlayError::NotYourHole { mv, turn })
        } else if self.beans(mv.hole()) == 0 {
            Err(PlayError::EmptyHole { mv, turn })
        } else {
            Ok(())
        }
    }

    /// Plays `mv` and returns what it captured.
    ///
    /// # Errors
    ///
    /// A [`PlayError`] if `mv` is not legal (see [`Position::check`]); the
    /// position is then left unchanged.
    ///
    /// ```
    /// use bohnenspiel::{Move, PlayError, Player, Position};
    ///
    /// let mut position = Position::new();
    /// let error = position.play(Move::from_number(9)?).unwrap_err();
    /// assert_eq!(error, PlayError::NotYourHole { mv: Move::from_number(9)?, turn: Player::South });
    /// assert_eq!(error.to_string(), "hole 9 belongs to North, but South is to move");
    /// assert_eq!(position, Position::new());
    /// # Ok::<(), bohnenspiel::RulesError>(())
    /// ```
    pub fn play(&mut self, mv: Move) -> Result<Captures, PlayError> {
        self.check(mv)?;
        Ok(self.play_unchecked(mv))
    }

    /// Plays `mv` without checking that it is legal, and returns what it
    /// captured: the fast path for search code that takes its moves from
    /// [`Position::legal_moves`].
    ///
    /// # Panics
    ///
    /// Never. Misuse is harmless but gives a position that may not follow
    /// from a legal move: the beans of the hole are sown whoever owns it
    /// and whether or not the game is over, captures go to the player to
    /// move, and the turn passes. An empty hole sows nothing, so it only
    /// passes the turn. The result is still a valid [`Position`] (72
    /// beans, even stores).
    #[inline]
    pub fn play_unchecked(&mut self, mv: Move) -> Captures {
        let (next, captures) = self.after(mv.hole().index());
        *self = next;
        captures
    }

    /// The position after sowing from hole index `origin`, as a new value
    /// (see [`Position::after`]).
    #[must_use]
    #[inline]
    pub(crate) fn successor(&self, origin: usize) -> Position {
        self.after(origin).0
    }

    /// The move itself: sows from hole index `origin`, runs the capture
    /// chain, adds the captured beans to the mover's store and passes the
    /// turn; with the captures, listed as the chain takes them (a caller
    /// that drops them, such as [`Position::successor`], does not pay
    /// for the list). The new position is built as a value, not by
    /// writing over a copy of this one: a copy written piece by piece and
    /// read back whole stalls the processor (its loads cannot be
    /// forwarded from the smaller stores), which made perft half again as
    /// slow.
    #[inline]
    fn after(&self, origin: usize) -> (Position, Captures) {
        let mut board = self.board;
        let last = sow(&mut board, origin);
        let mut list = EMPTY_LIST;
        let (captured, holes) = capture_chain(&mut board, last, &mut list);
        // Both stores as one number, the mover's byte raised (no store
        // holds more than 72, so nothing carries).
        let stores = u16::from_le_bytes(self.stores)
            .wrapping_add(u16::from(captured) << (8 * self.turn.index()));
        let next = Position {
            board,
            stores: stores.to_le_bytes(),
            turn: !self.turn,
        };
        (next, Captures::from_list(list, holes))
    }

    /// The same board and stores with the other player to move: a pass in
    /// the Hemprich variant.
    #[must_use]
    pub(crate) const fn passed(mut self) -> Position {
        self.turn = self.turn.opponent();
        self
    }

    /// The holes of the player to move as six bytes of a word, byte i
    /// being 1 if the player's i-th hole holds beans and 0 if it is empty:
    /// the legal moves, found for all six holes at once.
    #[inline]
    fn non_empty_holes(&self) -> u64 {
        // No hole holds more than 72 beans, so adding 0x7f to each byte
        // sets its top bit exactly when it is non-zero, without carries.
        ((self.mover_side() + 0x7f7f_7f7f_7f7f) & 0x8080_8080_8080) >> 7
    }

    /// The six holes of the player to move as the low six bytes of a word,
    /// byte i holding the player's i-th hole.
    #[inline]
    fn mover_side(&self) -> u64 {
        // South's six holes and two more, cut off; or North's first two
        // and its last four, put together.
        let (low, high) = self.board_words();
        match self.turn {
            Player::South => low & 0xffff_ffff_ffff,
            Player::North => low >> 48 | u64::from(high) << 16,
        }
    }

    /// The board as two words, holes 1–8 and holes 9–12: the board is read
    /// in the two pieces a move writes it in, so that the reads can be
    /// served from the writes (by the compiler, or else by the processor;
    /// a read that straddles them cannot be).
    #[inline]
    fn board_words(&self) -> (u64, u32) {
        let [low @ .., i, j, k, l] = self.board;
        (u64::from_le_bytes(low), u32::from_le_bytes([i, j, k, l]))
    }

    /// The number of legal moves, as used by bulk counting.
    #[inline]
    pub(crate) fn count_moves(&self) -> u64 {
        u64::from(count(self.non_empty_holes()))
    }

    /// One bit of 64 chosen by a hash of the board and the player to move:
    /// equal positions have equal bits, so a set of positions kept as the
    /// OR of their bits tells for sure when a position is not among them.
    /// The stores are left out: the positions a game compares (those since
    /// the last capture) all have the same stores.
    #[inline]
    pub(crate) fn filter_bit(&self) -> u64 {
        // Holes 1–8 in one word; holes 9–12 and the turn in another.
        let (low, high) = self.board_words();
        let high = u64::from(high) | (self.turn as u64) << 32;
        let mixed = (low ^ high.rotate_left(29)).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        1 << (mixed >> 58)
    }

    /// Whether the game is over: the player to move has no beans on their
    /// side.
    #[must_use]
    #[inline]
    pub fn is_game_over(&self) -> bool {
        self.mover_side() == 0
    }

    /// The final score once the game is over: the stores, plus the beans
    /// left on the board for the player who moved last (the opponent of
    /// the player to move). `None` while the game goes on.
    #[must_use]
    pub fn final_score(&self) -> Option<Score> {
        if !self.is_game_over() {
            return None;
        }
        let mut score = self.stores();
        let last_mover = score.of_mut(!self.turn);
        *last_mover += self.beans_on_board();
        Some(score)
    }

    /// The result once the game is over: more than 36 beans win, 36–36 is
    /// a draw. `None` while the game goes on.
    #[must_use]
    pub fn outcome(&self) -> Option<Outcome> {
        self.final_score().map(Score::outcome)
    }

    /// Whether a store holds more than 36 beans, which decides the game
    /// whatever happens next.
    #[must_use]
    pub fn is_decided(&self) -> bool {
        self.decided_winner().is_some()
    }

    /// The player whose store holds more than 36 beans, if any.
    #[must_use]
    pub fn decided_winner(&self) -> Option<Player> {
        Player::ALL
            .into_iter()
            .find(|&player| self.store(player) > TOTAL_BEANS / 2)
    }
}

/// The number of 1 bytes in a word of six 0-or-1 bytes, as
/// [`Position::non_empty_holes`] makes: the product sums them into its top
/// byte.
#[inline]
const fn count(non_empty: u64) -> u8 {
    (non_empty.wrapping_mul(0x0101_0101_0101) >> 40) as u8
}

impl Default for Position {
    /// The opening, [`Position::new`].
    fn default() -> Position {
        Position::new()
    }
}

impl TryFrom<Setup> for Position {
    type Error = RulesError;

    fn try_from(setup: Setup) -> Result<Position, RulesError> {
        Position::from_setup(setup)
    }
}

impl From<Position> for Setup {
    fn from(position: Position) -> Setup {
        position.to_setup()
    }
}

impl FromStr for Position {
    type Err = RulesError;

    /// Parses the text form described at [`Setup`] and validates it.
    fn from_str(text: &str) -> Result<Position, RulesError> {
        Position::from_setup(text.parse()?)
    }
}

impl fmt::Display for Position {
    /// Writes the text form described at [`Setup`].
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.to_setup(), f)
    }
}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Position({self})")
    }
}

/// An illegal move: why it is not legal, with the move and the player
/// who tried it. Its message names the hole and the players, such as
/// "hole 9 belongs to North, but South is to move".
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, thiserror::Error)]
pub enum PlayError {
    /// The game is over: no move may be played.
    #[error("the game is over, so {turn} cannot play hole {}", mv.hole())]
    GameOver {
        /// The move tried.
        mv: Move,
        /// The player who was to move.
        turn: Player,
    },
    /// The hole is on the other player's side.
    #[error("hole {} belongs to {}, but {turn} is to move", mv.hole(), mv.hole().owner())]
    NotYourHole {
        /// The move tried.
        mv: Move,
        /// The player who was to move.
        turn: Player,
    },
    /// The hole is empty.
    #[error("hole {} is empty, so {turn} cannot sow from it", mv.hole())]
    EmptyHole {
        /// The move tried.
        mv: Move,
        /// The player who was to move.
        turn: Player,
    },
}

impl PlayError {
    /// The move tried.
    #[must_use]
    pub const fn mv(&self) -> Move {
        match *self {
            PlayError::GameOver { mv, .. }
            | PlayError::NotYourHole { mv, .. }
            | PlayError::EmptyHole { mv, .. } => mv,
        }
    }

    /// The player who was to move.
    #[must_use]
    pub const fn turn(&self) -> Player {
        match *self {
            PlayError::GameOver { turn, .. }
            | PlayError::NotYourHole { turn, .. }
            | PlayError::EmptyHole { turn, .. } => turn,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn position(text: &str) -> Position {
        text.parse()
            .unwrap_or_else(|error| panic!("{text:?}: {error}"))
    }

    fn mv(number: u8) -> Move {
        Move::new(Hole::ALL[usize::from(number - 1)])
    }

    fn pairs(captures: &Captures) -> Vec<(u8, u8)> {
        captures
            .iter()
            .map(|capture| (capture.hole.number(), capture.beans))
            .collect()
    }

    #[test]
    fn sizes_are_pinned() {
        assert_eq!(size_of::<Position>(), 15);
        assert_eq!(size_of::<Move>(), 1);
        assert_eq!(size_of::<Option<Move>>(), 1);
        assert_eq!(size_of::<Moves>(), 4);
        assert_eq!(size_of::<Captures>(), 25);
    }

    #[test]
    fn twelve_or_more_beans_sow_into_the_origin_hole() {
        let mut p = position("0,0,13,0,0,0/1,0,0,0,0,0 30:28 S");
        let captures = p.play(mv(3)).unwrap_or_default();
        // Beans 1–9 go to holes 4–12, 10–11 to holes 1–2, the 12th into
        // hole 3 itself and the 13th into hole 4, making 2 there.
        assert_eq!(p.beans(Hole::ALL[2]), 1);
        assert_eq!(pairs(&captures), [(4, 2)]);
        assert_eq!(p.board(), [1, 1, 1, 0, 1, 1, 2, 1, 1, 1, 1, 1]);
        assert_eq!(p.stores(), Score::new(32, 28));
        assert_eq!(p.turn(), Player::North);
    }

    #[test]
    fn a_chain_crosses_from_hole_1_back_to_12_and_into_norths_row() {
        let mut p = position("1,4,0,0,0,0/0,0,0,3,5,3 28:28 N");
        let captures = p.play(mv(10)).unwrap_or_default();
        assert_eq!(pairs(&captures), [(1, 2), (12, 4), (11, 6)]);
        assert_eq!(captures.to_string(), "2 from 1, 4 from 12 and 6 from 11");
        assert_eq!(p.board(), [0, 4, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
        assert_eq!(p.stores(), Score::new(28, 40));
        assert!(p.is_decided());
        assert_eq!(p.decided_winner(), Some(Player::North));
    }

    #[test]
    fn a_chain_crosses_from_norths_row_back_into_souths() {
        let mut p = position("0,0,0,0,3,1/3,5,0,0,0,2 30:28 S");
        let captures = p.play(mv(5)).unwrap_or_default();
        assert_eq!(pairs(&captures), [(8, 6), (7, 4), (6, 2)]);
        assert_eq!(captures.total(), 12);
        assert_eq!(p.board(), [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2]);
        assert_eq!(p.stores(), Score::new(42, 28));
        assert_eq!(p.decided_winner(), Some(Player::South));
        assert!(!p.is_game_over());
    }

    #[test]
    fn a_count_above_six_breaks_the_chain() {
        let mut p = position("2,7,1,0,0,0/6,6,6,6,6,6 14:12 S");
        let captures = p.play(mv(1)).unwrap_or_default();
        assert_eq!(p.beans(Hole::ALL[1]), 8);
        assert_eq!(pairs(&captures), [(3, 2)]);
        assert_eq!(p.stores(), Score::new(16, 12));
    }

    #[test]
    fn an_odd_count_breaks_the_chain() {
        let mut p = position("2,2,1,1,0,0/6,6,6,6,6,6 16:14 S");
        let captures = p.play(mv(1)).unwrap_or_default();
        assert_eq!(p.beans(Hole::ALL[1]), 3);
        assert_eq!(pairs(&captures), [(3, 2)]);
    }

    #[test]
    fn no_chain_starts_unless_the_last_hole_is_ripe() {
        // The last bean makes 3 in hole 9; hole 8 holding 2 is not taken.
        let mut p = position("0,0,0,0,0,3/1,1,2,0,0,1 32:32 S");
        let captures = p.play(mv(6)).unwrap_or_default();
        assert!(captures.is_empty());
        assert_eq!(captures.to_string(), "");
        assert_eq!(p.board(), [0, 0, 0, 0, 0, 0, 2, 2, 3, 0, 0, 1]);
    }

    #[test]
    fn taking_the_opponents_last_beans_ends_the_game() {
        let mut p = position("0,0,4,0,0,1/1,0,0,0,0,0 34:32 S");
        let captures = p.play(mv(6)).unwrap_or_default();
        assert_eq!(pairs(&captures), [(7, 2)]);
        assert!(p.is_game_over());
        assert!(p.legal_moves().is_empty());
        // The four beans left on South's side go to South, who moved last.
        assert_eq!(p.stores(), Score::new(36, 32));
        assert_eq!(p.final_score(), Some(Score::new(40, 32)));
        assert_eq!(
            p.outcome(),
            Some(Outcome::Decisive {
                winner: Player::South
            })
        );
        let error = p.play(mv(9)).err();
        assert!(matches!(error, Some(PlayError::GameOver { .. })));
    }

    #[test]
    fn thirty_six_each_is_a_draw() {
        let mut p = position("0,0,0,0,0,1/1,0,0,0,0,0 34:36 S");
        assert_eq!(p.final_score(), None);
        assert_eq!(p.outcome(), None);
        let captures = p.play(mv(6)).unwrap_or_default();
        assert_eq!(captures.total(), 2);
        assert_eq!(p.final_score(), Some(Score::new(36, 36)));
        assert_eq!(p.outcome(), Some(Outcome::Draw));
        assert!(!p.is_decided());
        assert_eq!(p.decided_winner(), None);
    }

    #[test]
    fn a_position_without_beans_for_the_mover_is_a_finished_game() {
        let p = position("0,0,0,0,0,0/1,0,0,0,0,1 36:34 S");
        assert!(p.is_game_over());
        assert_eq!(p.legal_moves().len(), 0);
        assert_eq!(p.count_moves(), 0);
        assert_eq!(p.final_score(), Some(Score::new(36, 36)));
    }

    #[test]
    fn legal_moves_are_the_movers_non_empty_holes() {
        let p = position("0,1,0,0,2,1/0,0,3,0,0,1 34:30 S");
        let holes: Vec<u8> = p.legal_moves().map(|m| m.hole().number()).collect();
        assert_eq!(holes, [2, 5, 6]);
        assert_eq!(p.count_moves(), 3);
        let north = position("0,1,0,0,2,1/0,0,3,0,0,1 34:30 N");
        let holes: Vec<u8> = north.legal_moves().map(|m| m.hole().number()).collect();
        assert_eq!(holes, [9, 12]);
        for hole in Hole::ALL {
            assert_eq!(
                p.is_legal(Move::new(hole)),
                [2, 5, 6].contains(&hole.number())
            );
        }
    }

    /// Every pattern of empty and full holes on each side, with counts up
    /// to 72 (the word tricks of `non_empty_holes` must not carry): the
    /// legal moves, their number and every `nth` agree with a plain scan.
    #[test]
    fn legal_moves_agree_with_a_plain_scan_for_every_pattern() {
        const COUNTS: [u8; 6] = [1, 72, 6, 13, 71, 12];
        for turn in [Player::South, Player::North] {
            for pattern in 0..64u8 {
                let mut board = [0; 12];
                for (i, hole) in board.iter_mut().enumerate() {
                    // The mover's side follows the pattern; the other side
                    // is full, so that it must not show through.
                    let own = (i < 6) == (turn == Player::South);
                    if !own || pattern >> (i % 6) & 1 == 1 {
                        *hole = COUNTS[(i + usize::from(pattern)) % 6];
                    }
                }
                let p = Position {
                    board,
                    stores: [0, 0],
                    turn,
                };
                let plain: Vec<Move> = Hole::ALL
                    .into_iter()
                    .filter(|&hole| turn.owns(hole) && board[hole.index()] != 0)
                    .map(Move::new)
                    .collect();
                let moves = p.legal_moves();
                assert_eq!(moves.collect::<Vec<_>>(), plain, "{board:?} {turn:?}");
                assert_eq!(moves.len(), plain.len());
                assert_eq!(moves.is_empty(), plain.is_empty());
                assert_eq!(moves.size_hint(), (plain.len(), Some(plain.len())));
                assert_eq!(p.count_moves(), plain.len() as u64);
                assert_eq!(p.is_game_over(), plain.is_empty());
                for k in 0..=plain.len() + 1 {
                    let mut rest = moves;
                    assert_eq!(rest.nth(k), plain.get(k).copied(), "{board:?} {k}");
                    assert_eq!(rest.len(), plain.len().saturating_sub(k + 1));
                    // Equal to the empty set once empty, whichever side.
                    assert_eq!(rest == Moves::EMPTY, rest.is_empty());
                    let left = plain.get(k + 1..).unwrap_or_default();
                    for hole in Hole::ALL {
                        assert_eq!(
                            rest.contains(Move::new(hole)),
                            left.contains(&Move::new(hole))
                        );
                    }
                    assert_eq!(
                        rest.collect::<Vec<_>>(),
                        plain.get(k + 1..).unwrap_or_default()
                    );
                }
            }
        }
    }

    #[test]
    fn play_unchecked_misuse_keeps_a_valid_position() {
        // An empty hole only passes the turn.
        let mut p = Position::new();
        p.play_unchecked(mv(4));
        let before = p;
        assert!(p.play_unchecked(mv(4)).is_empty());
        assert_eq!(p.board(), before.board());
        assert_eq!(p.turn(), Player::South);
        // The opponent's hole is sown for the player to move.
        let mut p = Position::new();
        p.play_unchecked(mv(9));
        assert_eq!(p.turn(), Player::North);
        assert_eq!(Position::from_setup(p.to_setup()), Ok(p));
    }

    #[test]
    fn errors_name_the_hole_and_the_players() {
        let mut p = Position::new();
        let error = p.play(mv(9)).err();
        assert_eq!(
            error,
            Some(PlayError::NotYourHole {
                mv: mv(9),
                turn: Player::South
            })
        );
        p.play_unchecked(mv(1));
        let error = p.play(mv(2)).err().map(|e| e.to_string());
        assert_eq!(
            error.as_deref(),
            Some("hole 2 belongs to South, but North is to move")
        );
        let mut p = position("0,12,6,6,6,6/6,6,6,6,6,6 0:0 S");
        let before = p;
        let error = p.play(mv(1)).err();
        assert!(matches!(error, Some(PlayError::EmptyHole { .. })));
        assert_eq!(
            error.map(|e| e.to_string()).as_deref(),
            Some("hole 1 is empty, so South cannot sow from it")
        );
        assert_eq!(p, before);
    }
}
