//! The beans a move captures.

use std::fmt;
use std::hash::{Hash, Hasher};

use crate::Hole;

/// Beans taken from one hole into the mover's store: 2, 4 or 6 of them.
///
/// ```
/// use bohnenspiel::{Capture, Hole};
///
/// let capture = Capture { hole: Hole::new(7)?, beans: 4 };
/// assert_eq!(capture.to_string(), "4 from 7");
/// # Ok::<(), bohnenspiel::RulesError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Capture {
    /// The hole emptied.
    pub hole: Hole,
    /// How many beans it held (2, 4 or 6 when made by the rules).
    pub beans: u8,
}

impl fmt::Display for Capture {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} from {}", self.beans, self.hole)
    }
}

/// The most holes one move can capture from: all twelve.
pub(crate) const CAPACITY: usize = 12;

/// A list of [`CAPACITY`] captures for the capture chain to fill: the
/// slots of [`Captures::NONE`].
pub(crate) const EMPTY_LIST: [Capture; CAPACITY] = Captures::NONE.list;

/// The captures of one move, in chain order: the hole of the last bean
/// first, then each hole before it, backwards in sowing order.
///
/// A fixed-capacity list (at most 12 captures, one per hole) that never
/// allocates. It prints as the captures joined by `", "` and a final
/// `" and "`, such as `"4 from 7 and 2 from 6"`; a move that captures
/// nothing prints as the empty string.
///
/// ```
/// use bohnenspiel::{Move, Position};
///
/// // Rüger 1962 after 1. 4 8 2. 6: North's 12 captures the 2 beans in 8.
/// let mut position: Position = "8,7,7,0,7,0/8,1,9,9,8,8 0:0 N".parse()?;
/// let captures = position.play(Move::from_number(12)?)?;
/// assert_eq!(captures.len(), 1);
/// assert_eq!(captures.total(), 2);
/// assert_eq!(captures.to_string(), "2 from 8");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy)]
pub struct Captures {
    list: [Capture; CAPACITY],
    len: u8,
}

impl Captures {
    /// No captures.
    pub const NONE: Captures = Captures {
        list: [Capture {
            hole: Hole::MIN,
            beans: 0,
        }; CAPACITY],
        len: 0,
    };

    /// Builds a list from captures in chain order.
    ///
    /// Returns `None` if there are more than 12.
    #[must_use]
    pub fn from_slice(captures: &[Capture]) -> Option<Captures> {
        let mut list = Captures::NONE;
        for &capture in captures {
            *list.list.get_mut(usize::from(list.len))? = capture;
            list.len += 1;
        }
        Some(list)
    }

    /// The first `len` captures of `list` (all 12 if `len` is more), as the
    /// capture chain lists them ([`capture_chain`](super::sowing::capture_chain)).
    #[inline]
    pub(crate) fn from_list(list: [Capture; CAPACITY], len: usize) -> Captures {
        Captures {
            list,
            len: len.min(CAPACITY) as u8,
        }
    }

    /// Appends a capture; the chain never holds more than 12.
    #[cfg(test)]
    pub(crate) fn push(&mut self, hole: Hole, beans: u8) {
        if let Some(slot) = self.list.get_mut(usize::from(self.len)) {
            *slot = Capture { hole, beans };
            self.len += 1;
        }
    }

    /// The captures as a slice, in chain order.
    #[must_use]
    #[inline]
    pub fn as_slice(&self) -> &[Capture] {
        self.list.get(..usize::from(self.len)).unwrap_or_default()
    }

    /// Iterates over the captures in chain order.
    pub fn iter(&self) -> std::slice::Iter<'_, Capture> {
        self.as_slice().iter()
    }

    /// How many holes were captured from.
    #[must_use]
    #[inline]
    pub const fn len(&self) -> usize {
        self.len as usize
    }

    /// Whether nothing was captured.
    #[must_use]
    #[inline]
    pub const fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The beans captured in all, at most 72.
    #[must_use]
    pub fn total(&self) -> u32 {
        self.iter().map(|capture| u32::from(capture.beans)).sum()
    }
}

impl Default for Captures {
    fn default() -> Captures {
        Captures::NONE
    }
}

impl PartialEq for Captures {
    fn eq(&self, other: &Captures) -> bool {
        self.as_slice() == other.as_slice()
    }
}

impl Eq for Captures {}

impl Hash for Captures {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.as_slice().hash(state);
    }
}

impl fmt::Debug for Captures {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

impl fmt::Display for Captures {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let last = self.len().saturating_sub(1);
        for (i, capture) in self.iter().enumerate() {
            if i == last && i > 0 {
                f.write_str(" and ")?;
            } else if i > 0 {
                f.write_str(", ")?;
            }
            fmt::Display::fmt(capture, f)?;
        }
        Ok(())
    }
}

impl<'a> IntoIterator for &'a Captures {
    type Item = &'a Capture;
    type IntoIter = std::slice::Iter<'a, Capture>;

    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for Captures {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.iter())
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for Captures {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Captures, D::Error> {
        let list = Vec::<Capture>::deserialize(deserializer)?;
        Captures::from_slice(&list).ok_or_else(|| {
            serde::de::Error::custom(format!(
                "{} captures, but a move captures from at most 12 holes",
                list.len()
            ))
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn hole(number: u8) -> Hole {
        Hole::ALL[usize::from(number - 1)]
    }

    #[test]
    fn display_joins_with_commas_and_a_final_and() {
        let mut captures = Captures::NONE;
        assert_eq!(captures.to_string(), "");
        captures.push(hole(10), 4);
        assert_eq!(captures.to_string(), "4 from 10");
        captures.push(hole(9), 2);
        assert_eq!(captures.to_string(), "4 from 10 and 2 from 9");
        captures.push(hole(8), 2);
        captures.push(hole(7), 2);
        assert_eq!(
            captures.to_string(),
            "4 from 10, 2 from 9, 2 from 8 and 2 from 7"
        );
        assert_eq!(captures.total(), 10);
        assert_eq!(captures.len(), 4);
    }

    #[test]
    fn equality_ignores_unused_slots() {
        let mut a = Captures::NONE;
        a.push(hole(3), 2);
        let b = Captures::from_slice(&[Capture {
            hole: hole(3),
            beans: 2,
        }]);
        assert_eq!(Some(a), b);
        assert_ne!(a, Captures::NONE);
    }

    #[test]
    fn holds_at_most_twelve() {
        let capture = Capture {
            hole: hole(1),
            beans: 2,
        };
        assert!(Captures::from_slice(&[capture; 12]).is_some());
        assert!(Captures::from_slice(&[capture; 13]).is_none());
        let mut full = Captures::from_slice(&[capture; 12]).unwrap_or_default();
        full.push(hole(2), 4);
        assert_eq!(full.len(), 12);
    }
}
