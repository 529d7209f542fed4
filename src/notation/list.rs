//! The short lists inside a tree ([`JoinedHoles`], [`JoinedPhrases`],
//! [`Alternatives`]), each its own type, private to the crate: the tree's
//! accessors hand out slices and iterators, so how a list is stored
//! (inline, or one pointer wide while empty) is not part of the
//! interface. Each derefs to a slice, is built from a `Vec` or an
//! iterator, and grows with `push`.

use thin_vec::ThinVec;

use super::{Joiner, Phrase, WrittenPly};
use crate::Hole;

/// Defines the list type `$name` of `$item`, stored as `$inner` (made
/// empty by `$new`, a `const fn`), deriving the traits `$derive` as well.
macro_rules! list_type {
    ($(#[$meta:meta])* $name:ident, $item:ty, $inner:ty, $new:path, [$($derive:ident),*]) => {
        $(#[$meta])*
        #[derive(Clone, PartialEq, Eq, Default $(, $derive)*)]
        pub(crate) struct $name($inner);

        impl $name {
            /// An empty list, allocating nothing.
            #[must_use]
            pub const fn new() -> $name {
                $name($new())
            }

            /// Adds `item` at the end.
            #[inline]
            pub fn push(&mut self, item: $item) {
                self.0.push(item);
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
    /// with the separator written before it. Up to seven are stored
    /// inline, without allocating, in 16 bytes; it derefs to
    /// `[(Joiner, Hole)]`.
    JoinedHoles,
    (Joiner, Hole),
    HoleRun,
    HoleRun::new,
    [Hash]
);

/// How [`JoinedHoles`] holds its items: up to [`HoleRun::INLINE`] in
/// place, more in a vector one pointer wide. It is 16 bytes, half of what
/// a general small vector takes, so that a capture annotation, and with it
/// every group (the largest kind sets the size of all), stays small while
/// an annotation of one phrase still allocates nothing.
#[derive(Clone)]
enum HoleRun {
    /// The first `len` of `items`; the rest are filler.
    Inline {
        len: u8,
        items: [(Joiner, Hole); HoleRun::INLINE],
    },
    /// More than fit inline, once.
    Heap(ThinVec<(Joiner, Hole)>),
}

impl HoleRun {
    /// The most items held in place.
    const INLINE: usize = 7;

    /// An empty run, allocating nothing.
    const fn new() -> HoleRun {
        HoleRun::Inline {
            len: 0,
            items: [(Joiner::Comma, Hole::MIN); HoleRun::INLINE],
        }
    }

    /// Adds `item` at the end: in place while there is room (most lists
    /// of an annotation), which is inlined into the reader.
    #[inline]
    fn push(&mut self, item: (Joiner, Hole)) {
        if let HoleRun::Inline { len, items } = self
            && let Some(slot) = items.get_mut(usize::from(*len))
        {
            *slot = item;
            *len += 1;
        } else {
            self.push_spilled(item);
        }
    }

    /// [`HoleRun::push`] once the items are, or are about to be, on the
    /// heap.
    #[cold]
    fn push_spilled(&mut self, item: (Joiner, Hole)) {
        match self {
            HoleRun::Inline { len, items } => {
                let mut heap = ThinVec::with_capacity(2 * HoleRun::INLINE);
                heap.extend_from_slice(items.get(..usize::from(*len)).unwrap_or_default());
                heap.push(item);
                *self = HoleRun::Heap(heap);
            }
            HoleRun::Heap(heap) => heap.push(item),
        }
    }

    fn clear(&mut self) {
        match self {
            HoleRun::Inline { len, .. } => *len = 0,
            // The room stays, for the next list read into this one.
            HoleRun::Heap(heap) => heap.clear(),
        }
    }
}

impl std::ops::Deref for HoleRun {
    type Target = [(Joiner, Hole)];

    fn deref(&self) -> &[(Joiner, Hole)] {
        match self {
            HoleRun::Inline { len, items } => items.get(..usize::from(*len)).unwrap_or_default(),
            HoleRun::Heap(heap) => heap,
        }
    }
}

impl std::ops::DerefMut for HoleRun {
    fn deref_mut(&mut self) -> &mut [(Joiner, Hole)] {
        match self {
            HoleRun::Inline { len, items } => {
                items.get_mut(..usize::from(*len)).unwrap_or_default()
            }
            HoleRun::Heap(heap) => heap,
        }
    }
}

/// Equal when the items are, however they are held.
impl PartialEq for HoleRun {
    fn eq(&self, other: &HoleRun) -> bool {
        **self == **other
    }
}

impl Eq for HoleRun {}

/// The items' hash, however they are held.
impl std::hash::Hash for HoleRun {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        (**self).hash(state);
    }
}

impl Default for HoleRun {
    fn default() -> HoleRun {
        HoleRun::new()
    }
}

impl From<Vec<(Joiner, Hole)>> for HoleRun {
    fn from(items: Vec<(Joiner, Hole)>) -> HoleRun {
        if items.len() > HoleRun::INLINE {
            HoleRun::Heap(items.into())
        } else {
            items.into_iter().collect()
        }
    }
}

impl FromIterator<(Joiner, Hole)> for HoleRun {
    fn from_iter<I: IntoIterator<Item = (Joiner, Hole)>>(items: I) -> HoleRun {
        let mut run = HoleRun::new();
        run.extend(items);
        run
    }
}

impl Extend<(Joiner, Hole)> for HoleRun {
    fn extend<I: IntoIterator<Item = (Joiner, Hole)>>(&mut self, items: I) {
        for item in items {
            self.push(item);
        }
    }
}

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

impl JoinedHoles {
    /// Removes every hole, keeping the room, for the next list read into
    /// this one.
    pub(crate) fn clear(&mut self) {
        self.0.clear();
    }
}

impl JoinedPhrases {
    /// Keeps the first `len` phrases, if there are more.
    pub(crate) fn truncate(&mut self, len: usize) {
        self.0.truncate(len);
    }

    /// How many phrases fit before the list allocates again.
    pub(crate) fn capacity(&self) -> usize {
        self.0.capacity()
    }

    /// Room for `additional` more phrases, and no more.
    pub(crate) fn reserve_exact(&mut self, additional: usize) {
        self.0.reserve_exact(additional);
    }
}

/// The alternatives of a [`Turn`](super::Turn) after its first ply: one
/// pointer wide, null while there are none, as for most turns, so that a
/// turn without alternatives is told, and dropped, by one test of the
/// pointer. It derefs to `[WrittenPly]`.
#[derive(Clone, Default)]
pub(crate) struct Alternatives(Option<ThinVec<WrittenPly>>);

impl Alternatives {
    /// No alternatives, allocating nothing.
    #[must_use]
    pub const fn new() -> Alternatives {
        Alternatives(None)
    }

    /// Adds `ply` at the end.
    #[inline]
    pub fn push(&mut self, ply: WrittenPly) {
        self.0.get_or_insert_with(ThinVec::new).push(ply);
    }

    /// Whether there are no alternatives.
    #[inline]
    pub(crate) fn is_empty(&self) -> bool {
        self.0.as_ref().is_none_or(ThinVec::is_empty)
    }

    /// Room for `additional` more plies, and no more.
    pub(crate) fn reserve_exact(&mut self, additional: usize) {
        self.0
            .get_or_insert_with(ThinVec::new)
            .reserve_exact(additional);
    }
}

impl std::ops::Deref for Alternatives {
    type Target = [WrittenPly];

    fn deref(&self) -> &[WrittenPly] {
        self.0.as_deref().unwrap_or_default()
    }
}

impl std::ops::DerefMut for Alternatives {
    fn deref_mut(&mut self) -> &mut [WrittenPly] {
        self.0.as_deref_mut().unwrap_or_default()
    }
}

/// As the slice of its plies.
impl std::fmt::Debug for Alternatives {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

/// Equal when the plies are, however they are held.
impl PartialEq for Alternatives {
    fn eq(&self, other: &Alternatives) -> bool {
        **self == **other
    }
}

impl Eq for Alternatives {}

impl From<Vec<WrittenPly>> for Alternatives {
    fn from(plies: Vec<WrittenPly>) -> Alternatives {
        if plies.is_empty() {
            Alternatives::new()
        } else {
            Alternatives(Some(ThinVec::from(plies)))
        }
    }
}

impl FromIterator<WrittenPly> for Alternatives {
    fn from_iter<I: IntoIterator<Item = WrittenPly>>(plies: I) -> Alternatives {
        let mut alternatives = Alternatives::new();
        alternatives.extend(plies);
        alternatives
    }
}

impl Extend<WrittenPly> for Alternatives {
    fn extend<I: IntoIterator<Item = WrittenPly>>(&mut self, plies: I) {
        for ply in plies {
            self.push(ply);
        }
    }
}

impl<'a> IntoIterator for &'a Alternatives {
    type Item = &'a WrittenPly;
    type IntoIter = std::slice::Iter<'a, WrittenPly>;

    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

impl<'a> IntoIterator for &'a mut Alternatives {
    type Item = &'a mut WrittenPly;
    type IntoIter = std::slice::IterMut<'a, WrittenPly>;

    fn into_iter(self) -> Self::IntoIter {
        self.iter_mut()
    }
}

#[cfg(test)]
mod tests {
    use std::hash::BuildHasher as _;

    use super::*;

    #[test]
    fn alternatives_compare_by_their_plies_however_held() {
        let mut reserved = Alternatives::new();
        reserved.reserve_exact(1);
        assert!(reserved.is_empty());
        assert_eq!(reserved, Alternatives::new());
        assert_eq!(Alternatives::from(Vec::new()), Alternatives::new());
        let ply = WrittenPly::new(Hole::MIN);
        let mut pushed = Alternatives::new();
        pushed.push(ply.clone());
        assert!(!pushed.is_empty());
        assert_eq!(&*pushed, std::slice::from_ref(&ply));
        assert_eq!(pushed, Alternatives::from(vec![ply.clone()]));
        assert_eq!(pushed, std::iter::once(ply).collect());
        assert_ne!(pushed, reserved);
        reserved.extend(pushed.iter().cloned());
        assert_eq!(reserved, pushed);
    }

    /// The `i`-th item of a test run: holes 1 to 12, over and over.
    fn item(i: u8) -> (Joiner, Hole) {
        let joiner = if i.is_multiple_of(2) {
            Joiner::Comma
        } else {
            Joiner::And
        };
        (joiner, Hole::new(i % 12 + 1).unwrap_or(Hole::MIN))
    }

    #[test]
    fn a_run_of_holes_holds_any_length_and_compares_by_its_items() {
        for n in 0..=20u8 {
            let items: Vec<(Joiner, Hole)> = (0..n).map(item).collect();
            let mut pushed = JoinedHoles::new();
            for &one in &items {
                pushed.push(one);
            }
            assert_eq!(&*pushed, items.as_slice());
            // Held in place up to seven, in a vector past that: equal
            // either way, with equal hashes.
            let from_vec = JoinedHoles::from(items.clone());
            let collected: JoinedHoles = items.iter().copied().collect();
            assert_eq!(pushed, from_vec);
            assert_eq!(pushed, collected);
            let state = std::hash::RandomState::new();
            assert_eq!(state.hash_one(&pushed), state.hash_one(&from_vec));
            let mut changed = pushed.clone();
            if let Some(first) = changed.first_mut() {
                first.0 = Joiner::Plus;
                assert_ne!(changed, pushed);
            }
            changed.clear();
            assert!(changed.is_empty());
            assert_eq!(changed, JoinedHoles::new());
        }
    }
}
