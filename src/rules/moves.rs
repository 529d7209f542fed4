//! A move (the hole a player sows from) and the set of legal moves.

use std::fmt;
use std::hash::{Hash, Hasher};
use std::iter::FusedIterator;
use std::str::FromStr;

use crate::{Hole, Player, RulesError};

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
/// # Ok::<(), bohnenspiel::RulesError>(())
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
    /// [`RulesError::HoleOutOfRange`] unless `number` is in 1..=12.
    pub fn from_number(number: u8) -> Result<Move, RulesError> {
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
    type Error = RulesError;

    fn try_from(number: u8) -> Result<Move, RulesError> {
        Move::from_number(number)
    }
}

impl FromStr for Move {
    type Err = RulesError;

    /// Parses a hole number, as [`Hole`]'s `FromStr` does.
    fn from_str(text: &str) -> Result<Move, RulesError> {
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
/// `Moves` is a two-byte bit set of one side's holes with its size and
/// side beside it: building and iterating it never allocates, and picking the n-th
/// move ([`Iterator::nth`]) is one table look-up.
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
/// # Ok::<(), bohnenspiel::RulesError>(())
/// ```
#[derive(Clone, Copy, Default)]
pub struct Moves {
    /// Bit `i` is set when the hole with index `i` is in the set; the bits
    /// set are all of the side `side` (0..6 for South, 6..12 for North),
    /// as [`Moves::of_side`] makes them and removing moves keeps them.
    bits: u16,
    /// How many bits are set, kept so that [`Moves::len`] is a read.
    len: u8,
    /// The side whose holes the set holds: 0 for South, 1 for North.
    side: u8,
}

/// `NTH[side][mask][n]`: the `n`-th hole (from 0, in sowing order) of the
/// six-bit set `mask` of `side`'s holes (bit `i` for the side's `i`-th
/// hole); the side's last hole where the set has no `n`-th member (never
/// read for those).
const NTH: [[[Hole; 8]; 64]; 2] = {
    let mut table = [[[Hole::MIN; 8]; 64]; 2];
    let mut side = 0;
    while side < 2 {
        let mut mask = 0;
        while mask < 64 {
            let mut n = 0;
            let mut offset = 0;
            while offset < 6 {
                if mask >> offset & 1 == 1 {
                    table[side][mask][n] = Hole::from_index_unchecked((6 * side + offset) as u8);
                    n += 1;
                }
                offset += 1;
            }
            while n < 8 {
                table[side][mask][n] = Hole::from_index_unchecked((6 * side + 5) as u8);
                n += 1;
            }
            mask += 1;
        }
        side += 1;
    }
    table
};

impl Moves {
    /// The empty set.
    pub const EMPTY: Moves = Moves {
        bits: 0,
        len: 0,
        side: 0,
    };

    /// The set of `side`'s holes whose bit is set in `mask` (bit `i` for
    /// the side's `i`-th hole; bits 6 and 7 are dropped). `len` must be the
    /// number of bits set in the six: the caller has it at hand for less
    /// than counting them again.
    #[inline]
    pub(crate) const fn of_side(side: Player, mask: u8, len: u8) -> Moves {
        Moves {
            bits: ((mask & 0x3f) as u16) << (6 * side.index()),
            len,
            side: side as u8,
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

impl PartialEq for Moves {
    /// Sets are equal when they hold the same moves (two empty sets are
    /// equal whichever side they came from).
    fn eq(&self, other: &Moves) -> bool {
        self.bits == other.bits
    }
}

impl Eq for Moves {}

impl Hash for Moves {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.bits.hash(state);
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

    /// Picks the `n`-th move from a table and drops it and the moves
    /// before it, without a step per move skipped.
    #[inline]
    fn nth(&mut self, n: usize) -> Option<Move> {
        if n >= usize::from(self.len) {
            *self = Moves::EMPTY;
            return None;
        }
        let side = usize::from(self.side & 1);
        let mask = usize::from(self.bits >> (6 * side)) & 0x3f;
        let hole = NTH[side][mask][n & 7];
        // Keep the bits above the hole's own.
        self.bits &= 0xfffe_u16.wrapping_shl(hole.index() as u32);
        // n < len <= 12.
        self.len -= n as u8 + 1;
        Some(Move::new(hole))
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
