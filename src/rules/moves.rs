//! A move (the hole a player sows from) and the set of legal moves.

use std::fmt;
use std::iter::FusedIterator;
use std::str::FromStr;

use crate::{Hole, HoleError};

/// A move: the hole whose beans the player to move takes and sows.
///
/// A `Move` is one byte, `Copy`, and says nothing about legality: ask
/// [`Position::is_legal`](crate::Position::is_legal) or play it with
/// [`Position::play`](crate::Position::play). It prints and parses as the
/// hole number of the notation.
///
/// ```
/// use bohnenspiel::{Hole, Move};
///
/// let mv: Move = "4".parse()?;
/// assert_eq!(mv.hole(), Hole::new(4)?);
/// assert_eq!(mv.to_string(), "4");
/// assert!("13".parse::<Move>().is_err());
/// # Ok::<(), bohnenspiel::HoleError>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(transparent))]
pub struct Move {
    hole: Hole,
}

impl Move {
    /// The move that sows from `hole`.
    #[must_use]
    #[inline]
    pub const fn new(hole: Hole) -> Move {
        Move { hole }
    }

    /// The move that sows from the hole with notation number `number`.
    ///
    /// # Errors
    ///
    /// [`HoleError::OutOfRange`] unless `number` is in 1..=12.
    pub fn from_number(number: u8) -> Result<Move, HoleError> {
        Hole::new(number).map(Move::new)
    }

    /// The hole sown from.
    #[must_use]
    #[inline]
    pub const fn hole(self) -> Hole {
        self.hole
    }
}

impl From<Hole> for Move {
    fn from(hole: Hole) -> Move {
        Move::new(hole)
    }
}

impl From<Move> for Hole {
    fn from(mv: Move) -> Hole {
        mv.hole
    }
}

impl TryFrom<u8> for Move {
    type Error = HoleError;

    fn try_from(number: u8) -> Result<Move, HoleError> {
        Move::from_number(number)
    }
}

impl FromStr for Move {
    type Err = HoleError;

    /// Parses a hole number, as [`Hole`]'s `FromStr` does.
    fn from_str(text: &str) -> Result<Move, HoleError> {
        text.parse().map(Move::new)
    }
}

impl fmt::Debug for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Move({})", self.hole.number())
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.hole, f)
    }
}

/// A set of moves, such as the legal moves of a position, iterated in hole
/// order.
///
/// `Moves` is a two-byte bit set with its size beside it: building and
/// iterating it never allocates.
///
/// ```
/// use bohnenspiel::{Move, Position};
///
/// let moves = Position::new().legal_moves();
/// assert_eq!(moves.len(), 6);
/// assert!(moves.contains(Move::from_number(1)?));
/// assert!(!moves.contains(Move::from_number(7)?));
/// let holes: Vec<String> = moves.map(|mv| mv.to_string()).collect();
/// assert_eq!(holes, ["1", "2", "3", "4", "5", "6"]);
/// # Ok::<(), bohnenspiel::HoleError>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Moves {
    /// Bit `i` is set when the hole with index `i` is in the set.
    bits: u16,
    /// How many bits are set, kept so that [`Moves::len`] is a read.
    len: u8,
}

impl Moves {
    /// The empty set.
    pub const EMPTY: Moves = Moves { bits: 0, len: 0 };

    /// The set whose bit `i` stands for the hole with index `i`; bits above
    /// 11 are dropped. `len` must be the number of bits set below bit 12:
    /// the caller has it at hand for less than counting them again.
    #[inline]
    pub(crate) const fn from_counted_bits(bits: u16, len: u8) -> Moves {
        Moves {
            bits: bits & 0x0fff,
            len,
        }
    }

    /// How many moves remain in the set.
    #[must_use]
    #[inline]
    pub const fn len(self) -> usize {
        self.len as usize
    }

    /// Whether the set is empty.
    #[must_use]
    #[inline]
    pub const fn is_empty(self) -> bool {
        self.len == 0
    }

    /// Whether `mv` is in the set.
    #[must_use]
    #[inline]
    pub const fn contains(self, mv: Move) -> bool {
        self.bits & (1 << mv.hole.index()) != 0
    }
}

impl Iterator for Moves {
    type Item = Move;

    #[inline]
    fn next(&mut self) -> Option<Move> {
        if self.bits == 0 {
            return None;
        }
        let index = self.bits.trailing_zeros() as u8;
        self.bits &= self.bits - 1;
        self.len = self.len.saturating_sub(1);
        Some(Move::new(Hole::from_index_unchecked(index)))
    }

    /// Skips `n` moves by clearing the lowest `n` bits, one step each.
    #[inline]
    fn nth(&mut self, n: usize) -> Option<Move> {
        if n >= usize::from(self.len) {
            *self = Moves::EMPTY;
            return None;
        }
        for _ in 0..n {
            self.bits &= self.bits.wrapping_sub(1);
        }
        // n < len <= 12.
        self.len -= n as u8;
        self.next()
    }

    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        // The field: `self.len()` would be `ExactSizeIterator::len`, which
        // asks this method.
        let len = usize::from(self.len);
        (len, Some(len))
    }
}

impl ExactSizeIterator for Moves {}

impl FusedIterator for Moves {}

impl fmt::Debug for Moves {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(*self).finish()
    }
}
