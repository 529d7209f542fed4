//! The short lists inside a tree ([`JoinedHoles`], [`JoinedPhrases`],
//! [`Alternatives`]), each its own type: how it is stored (inline, or
//! one pointer wide while empty) is the crate's business, not part of
//! its interface. Each derefs to a slice, is built from a `Vec` or an
//! iterator, and grows with `push`.

use smallvec::SmallVec;
use thin_vec::ThinVec;

use super::{Joiner, Phrase, WrittenPly};
use crate::Hole;

/// Defines the list type `$name` of `$item`, stored as `$inner` (made
/// empty by `$new`, a `const fn`), deriving the traits `$derive` as well.
macro_rules! list_type {
    ($(#[$meta:meta])* $name:ident, $item:ty, $inner:ty, $new:path, [$($derive:ident),*]) => {
        $(#[$meta])*
        #[derive(Clone, PartialEq, Eq, Default $(, $derive)*)]
        pub struct $name($inner);

        impl $name {
            /// An empty list, allocating nothing.
            #[must_use]
            pub const fn new() -> $name {
                $name($new())
            }

            /// Adds `item` at the end.
            pub fn push(&mut self, item: $item) {
                self.0.push(item);
            }

            /// Keeps the first `len` items, if there are more.
            pub fn truncate(&mut self, len: usize) {
                self.0.truncate(len);
            }

            /// Removes every item.
            pub fn clear(&mut self) {
                self.0.clear();
            }
        }

        impl std::ops::Deref for $name {
            type Target = [$item];

            fn deref(&self) -> &[$item] {
                &self.0
            }
        }

        impl std::ops::DerefMut for $name {
            fn deref_mut(&mut self) -> &mut [$item] {
                &mut self.0
            }
        }

        /// As the slice of its items.
        impl std::fmt::Debug for $name {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.debug_list().entries(self.0.iter()).finish()
            }
        }

        impl From<Vec<$item>> for $name {
            fn from(items: Vec<$item>) -> $name {
                $name(<$inner>::from(items))
            }
        }

        impl FromIterator<$item> for $name {
            fn from_iter<I: IntoIterator<Item = $item>>(items: I) -> $name {
                $name(items.into_iter().collect())
            }
        }

        impl Extend<$item> for $name {
            fn extend<I: IntoIterator<Item = $item>>(&mut self, items: I) {
                self.0.extend(items);
            }
        }

        impl<'a> IntoIterator for &'a $name {
            type Item = &'a $item;
            type IntoIter = std::slice::Iter<'a, $item>;

            fn into_iter(self) -> Self::IntoIter {
                self.0.iter()
            }
        }

        impl<'a> IntoIterator for &'a mut $name {
            type Item = &'a mut $item;
            type IntoIter = std::slice::IterMut<'a, $item>;

            fn into_iter(self) -> Self::IntoIter {
                self.0.iter_mut()
            }
        }
    };
}

list_type!(
    /// The holes of a [`HoleList`](super::HoleList) after its first, each
    /// with the separator written before it. Up to eight are stored
    /// inline, without allocating; it derefs to `[(Joiner, Hole)]`.
    ///
    /// ```
    /// use bohnenspiel::Hole;
    /// use bohnenspiel::notation::{HoleList, JoinedHoles, Joiner};
    ///
    /// let list = HoleList {
    ///     first: Hole::new(2)?,
    ///     rest: JoinedHoles::from(vec![
    ///         (Joiner::Comma, Hole::new(1)?),
    ///         (Joiner::And, Hole::new(12)?),
    ///     ]),
    /// };
    /// assert_eq!(list.len(), 3);
    /// assert_eq!(list.holes().map(Hole::number).collect::<Vec<_>>(), [2, 1, 12]);
    /// # Ok::<(), bohnenspiel::HoleError>(())
    /// ```
    JoinedHoles,
    (Joiner, Hole),
    SmallVec<[(Joiner, Hole); 8]>,
    SmallVec::new_const,
    [Hash]
);

list_type!(
    /// The phrases of a [`CaptureAnnotation`](super::CaptureAnnotation)
    /// after its first, each with the joiner written before it: one
    /// pointer wide, allocating nothing while empty, as for most
    /// annotations (a ply's groups are kept small). It derefs to
    /// `[(Joiner, Phrase)]`.
    JoinedPhrases,
    (Joiner, Phrase),
    ThinVec<(Joiner, Phrase)>,
    ThinVec::new,
    [Hash]
);

impl JoinedPhrases {
    /// How many phrases fit before the list allocates again.
    pub(crate) fn capacity(&self) -> usize {
        self.0.capacity()
    }

    /// Room for `additional` more phrases, and no more.
    pub(crate) fn reserve_exact(&mut self, additional: usize) {
        self.0.reserve_exact(additional);
    }
}

list_type!(
    /// The alternatives of a [`Turn`](super::Turn) after its first ply:
    /// one pointer wide, allocating nothing while empty, as for most
    /// turns. It derefs to `[WrittenPly]`.
    Alternatives,
    WrittenPly,
    ThinVec<WrittenPly>,
    ThinVec::new,
    []
);

impl Alternatives {
    /// Room for `additional` more plies, and no more.
    pub(crate) fn reserve_exact(&mut self, additional: usize) {
        self.0.reserve_exact(additional);
    }
}
