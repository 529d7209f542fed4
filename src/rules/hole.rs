//! Hole numbers 1–12 of the notation.

use std::fmt;
use std::num::NonZeroU8;
use std::str::FromStr;

use crate::{Player, RulesError};

/// One of the twelve holes, numbered 1–12 counter-clockwise as in the
/// notation: holes 1–6 are South's row from South's left, holes 7–12 are
/// North's row from North's left. Sowing goes from a hole to the next
/// number, and from 12 to 1.
///
/// A `Hole` always holds a number in 1..=12; [`Hole::new`] and
/// [`FromStr`] check it.
///
/// ```
/// use bohnenspiel::{Hole, Player};
///
/// let hole: Hole = "12".parse()?;
/// assert_eq!(hole.number(), 12);
/// assert_eq!(hole.next(), Hole::new(1).unwrap());
/// assert_eq!(hole.owner(), Player::North);
/// assert!("13".parse::<Hole>().is_err());
/// # Ok::<(), bohnenspiel::RulesError>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Hole(NonZeroU8);

impl Hole {
    /// The smallest hole number, 1.
    pub const MIN: Hole = Hole::from_index_unchecked(0);
    /// The largest hole number, 12.
    pub const MAX: Hole = Hole::from_index_unchecked(11);
    /// All twelve holes in sowing order, 1 to 12.
    pub const ALL: [Hole; 12] = {
        let mut all = [Hole::MIN; 12];
        let mut i = 0;
        while i < 12 {
            all[i] = Hole::from_index_unchecked(i as u8);
            i += 1;
        }
        all
    };

    /// The hole with the given notation number.
    ///
    /// # Errors
    ///
    /// [`RulesError::HoleOutOfRange`] unless `number` is in 1..=12.
    pub const fn new(number: u8) -> Result<Hole, RulesError> {
        if number >= 1 && number <= 12 {
            Ok(Hole::from_index_unchecked(number - 1))
        } else {
            Err(RulesError::HoleOutOfRange(number as u64))
        }
    }

    /// The hole at a zero-based index (hole 1 is index 0).
    ///
    /// Returns `None` unless `index < 12`.
    #[must_use]
    #[inline]
    pub const fn from_index(index: usize) -> Option<Hole> {
        if index < 12 {
            Some(Hole::from_index_unchecked(index as u8))
        } else {
            None
        }
    }

    /// Builds a hole from an index already known to be below 12.
    #[inline]
    pub(crate) const fn from_index_unchecked(index: u8) -> Hole {
        // Index is < 12 by contract, so index + 1 is in 1..=12 and never
        // zero; `min` keeps even a broken contract panic-free.
        match NonZeroU8::new(if index < 12 { index } else { 11 } + 1) {
            Some(n) => Hole(n),
            None => Hole(NonZeroU8::MIN),
        }
    }

    /// The notation number, 1..=12.
    #[must_use]
    #[inline]
    pub const fn number(self) -> u8 {
        self.0.get()
    }

    /// The zero-based index, 0..12 (hole 1 is index 0).
    #[must_use]
    #[inline]
    pub const fn index(self) -> usize {
        (self.0.get() - 1) as usize
    }

    /// The player whose row holds this hole.
    #[must_use]
    #[inline]
    pub const fn owner(self) -> Player {
        if self.0.get() <= 6 {
            Player::South
        } else {
            Player::North
        }
    }

    /// The next hole in sowing order (12 is followed by 1).
    #[must_use]
    #[inline]
    pub const fn next(self) -> Hole {
        Hole::from_index_unchecked((self.index() as u8 + 1) % 12)
    }

    /// The previous hole in sowing order (1 is preceded by 12): the
    /// direction in which a capture chain runs.
    #[must_use]
    #[inline]
    pub const fn previous(self) -> Hole {
        Hole::from_index_unchecked((self.index() as u8 + 11) % 12)
    }
}

impl fmt::Debug for Hole {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Hole({})", self.number())
    }
}

impl fmt::Display for Hole {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.number(), f)
    }
}

impl TryFrom<u8> for Hole {
    type Error = RulesError;

    fn try_from(number: u8) -> Result<Hole, RulesError> {
        Hole::new(number)
    }
}

impl From<Hole> for u8 {
    fn from(hole: Hole) -> u8 {
        hole.number()
    }
}

impl FromStr for Hole {
    type Err = RulesError;

    /// Parses a decimal hole number such as `"7"`. Leading zeros and
    /// surrounding white space are not accepted.
    fn from_str(text: &str) -> Result<Hole, RulesError> {
        if text.is_empty()
            || !text.bytes().all(|b| b.is_ascii_digit())
            || text.starts_with('0') && text.len() > 1
        {
            return Err(RulesError::NotAHole(text.to_owned()));
        }
        match text.parse::<u64>() {
            Ok(number) if (1..=12).contains(&number) => Hole::new(number as u8),
            Ok(number) => Err(RulesError::HoleOutOfRange(number)),
            // Only overflow remains: all digits, too many of them.
            Err(_) => Err(RulesError::HoleOutOfRange(u64::MAX)),
        }
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for Hole {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_u8(self.number())
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for Hole {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Hole, D::Error> {
        let number = u8::deserialize(deserializer)?;
        Hole::new(number).map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_round_trip_through_text() {
        for hole in Hole::ALL {
            assert_eq!(hole.to_string().parse::<Hole>(), Ok(hole));
        }
        assert_eq!(
            Hole::ALL.map(Hole::number),
            [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]
        );
    }

    #[test]
    fn zero_and_thirteen_are_rejected() {
        assert_eq!(Hole::new(0), Err(RulesError::HoleOutOfRange(0)));
        assert_eq!(Hole::new(13), Err(RulesError::HoleOutOfRange(13)));
        assert_eq!("13".parse::<Hole>(), Err(RulesError::HoleOutOfRange(13)));
        assert!(matches!("x".parse::<Hole>(), Err(RulesError::NotAHole(_))));
        assert!(matches!("07".parse::<Hole>(), Err(RulesError::NotAHole(_))));
        assert!(matches!("".parse::<Hole>(), Err(RulesError::NotAHole(_))));
        assert_eq!(
            "99999999999999999999999".parse::<Hole>(),
            Err(RulesError::HoleOutOfRange(u64::MAX))
        );
    }

    #[test]
    fn sowing_order_wraps_from_twelve_to_one() {
        let twelve = Hole::MAX;
        assert_eq!(twelve.next(), Hole::MIN);
        assert_eq!(Hole::MIN.previous(), twelve);
        for hole in Hole::ALL {
            assert_eq!(hole.next().previous(), hole);
        }
    }

    #[test]
    fn rows_belong_to_their_players() {
        for hole in Hole::ALL {
            let expected = if hole.number() <= 6 {
                Player::South
            } else {
                Player::North
            };
            assert_eq!(hole.owner(), expected);
            assert!(expected.owns(hole));
            assert!(!expected.opponent().owns(hole));
        }
        assert_eq!(
            Player::North.holes().map(Hole::number),
            [7, 8, 9, 10, 11, 12]
        );
    }
}
