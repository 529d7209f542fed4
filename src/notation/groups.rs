//! [`Groups`]: the parenthesised groups after a ply, held in a vector
//! that the plies of a parsed game share.

use std::fmt;
use std::ops::{Deref, DerefMut};
use std::sync::Arc;

use super::Group;

/// The `end` of groups that are their vector's every group, however many
/// (`start` is then 0).
const WHOLE: u32 = u32::MAX;

/// The parenthesised groups after a ply, in written order.
///
/// Most plies carry no group; those that do share one vector per parsed
/// game, so that building the tree of a game costs no allocation per ply
/// with a group. `Groups` is 16 bytes: a shared pointer to a vector
/// (none while empty, which allocates nothing) and the range of it that
/// holds this ply's groups. It derefs to `[Group]`, and behaves as a
/// value: a clone is cheap (the vector is shared), and changing groups
/// (through [`DerefMut`], [`Groups::push`], [`Groups::truncate`], …)
/// first gives them a vector of their own, unless they have one, so
/// that no other ply sees the change. Build groups with
/// [`Groups::new`], `Vec<Group>::into()`, [`Groups::from`] an array, or
/// by collecting groups. [`WrittenPly::groups`](super::WrittenPly::groups)
/// shows them at work.
#[derive(Clone, Default)]
pub(crate) struct Groups {
    /// The vector that holds the groups; `None` while there are none (and,
    /// inside the tree builder only, for groups whose game's vector is
    /// not built yet: see [`Groups::pending`]).
    buffer: Option<Arc<Vec<Group>>>,
    /// The groups are `buffer[start..end]`, or the whole vector when
    /// `end` is [`WHOLE`].
    start: u32,
    end: u32,
}

impl Groups {
    /// No groups; allocates nothing.
    #[must_use]
    pub const fn new() -> Groups {
        Groups {
            buffer: None,
            start: 0,
            end: 0,
        }
    }

    /// No groups, with room for `capacity` of them (nothing allocated for
    /// none).
    #[must_use]
    pub fn with_capacity(capacity: usize) -> Groups {
        Groups::from(Vec::with_capacity(capacity))
    }

    /// The groups, as a slice.
    #[must_use]
    #[inline(always)]
    pub fn as_slice(&self) -> &[Group] {
        match &self.buffer {
            None => &[],
            Some(buffer) => {
                // One path for both (`start` is 0 for the whole vector).
                let end = if self.end == WHOLE {
                    usize::MAX
                } else {
                    self.end as usize
                };
                buffer
                    .get(self.start as usize..end.min(buffer.len()))
                    .unwrap_or_default()
            }
        }
    }

    /// The groups, as a mutable slice; they get a vector of their own
    /// first, unless they have one or there are none.
    pub fn as_mut_slice(&mut self) -> &mut [Group] {
        if self.as_slice().is_empty() {
            return &mut [];
        }
        self.vec_mut().as_mut_slice()
    }

    /// How many groups fit without allocating: the capacity of the
    /// groups' vector when they are its every group and no other ply shares it,
    /// and otherwise the number of groups (for the tests of sharing).
    #[cfg(test)]
    fn capacity(&self) -> usize {
        match &self.buffer {
            Some(buffer)
                if self.end == WHOLE
                    && Arc::strong_count(buffer) == 1
                    && Arc::weak_count(buffer) == 0 =>
            {
                buffer.capacity()
            }
            _ => self.as_slice().len(),
        }
    }

    /// Appends a group.
    pub fn push(&mut self, group: Group) {
        self.vec_mut().push(group);
    }

    /// Inserts a group at `index`, shifting the later ones.
    ///
    /// # Panics
    ///
    /// If `index` is past the last group (as [`Vec::insert`]).
    pub fn insert(&mut self, index: usize, group: Group) {
        self.vec_mut().insert(index, group);
    }

    /// Removes the group at `index` and gives it, shifting the later ones.
    ///
    /// # Panics
    ///
    /// If there is no group at `index` (as [`Vec::remove`]).
    pub fn remove(&mut self, index: usize) -> Group {
        self.vec_mut().remove(index)
    }

    /// Keeps the first `len` groups and drops the rest (nothing happens if
    /// there are no more than `len`). Groups that share a vector keep
    /// sharing it, over a shorter range.
    pub fn truncate(&mut self, len: usize) {
        if len >= self.as_slice().len() {
            return;
        }
        if self.end == WHOLE
            && let Some(vec) = self.buffer.as_mut().and_then(Arc::get_mut)
        {
            vec.truncate(len);
            return;
        }
        // A narrower range of the same vector, which nothing changes.
        match u32::try_from(len)
            .ok()
            .and_then(|len| self.start.checked_add(len))
            .filter(|&end| end < WHOLE)
        {
            Some(end) => self.end = end,
            None => self.vec_mut().truncate(len),
        }
    }

    /// Keeps only the groups for which `keep` is true, in order.
    pub fn retain(&mut self, keep: impl FnMut(&Group) -> bool) {
        if !self.as_slice().is_empty() {
            self.vec_mut().retain(keep);
        }
    }

    /// The groups in a vector; no copy when they are their vector's every
    /// group and no other ply shares it.
    #[must_use]
    pub fn into_vec(self) -> Vec<Group> {
        match self.buffer {
            Some(buffer) if self.end == WHOLE => {
                Arc::try_unwrap(buffer).unwrap_or_else(|shared| shared.as_ref().clone())
            }
            Some(_) => self.as_slice().to_vec(),
            None => Vec::new(),
        }
    }

    /// The groups' own vector, holding exactly them: copied from the
    /// shared one first unless they are its every group and no other ply
    /// shares it (a vector is allocated for groups that have none).
    #[inline(always)]
    pub(crate) fn vec_mut(&mut self) -> &mut Vec<Group> {
        if self.end != WHOLE || self.buffer.is_none() {
            self.make_own();
        }
        // `Arc::make_mut` copies the vector if another ply shares it.
        Arc::make_mut(self.buffer.get_or_insert_with(Arc::default))
    }

    /// Gives the groups a vector of their own, a copy.
    #[cold]
    fn make_own(&mut self) {
        let own = self.as_slice().to_vec();
        *self = Groups {
            buffer: Some(Arc::new(own)),
            start: 0,
            end: WHOLE,
        };
    }

    /// Groups `start..end` of a game's vector that is still being built:
    /// they read as none until [`Groups::share`] gives them the vector.
    /// Only the tree builder holds such groups, and it shares the vector
    /// with all of them before the tree leaves it. `None` if the range is too far out to be
    /// held.
    pub(crate) fn pending(start: usize, end: usize) -> Option<Groups> {
        let start = u32::try_from(start).ok()?;
        let end = u32::try_from(end).ok().filter(|&end| end < WHOLE)?;
        Some(Groups {
            buffer: None,
            start,
            end,
        })
    }

    /// Whether these are [`Groups::pending`] groups (of at least one group).
    #[inline]
    pub(crate) fn is_pending(&self) -> bool {
        // An `end` of 0, as for most plies (no groups), decides at once.
        self.end != 0 && self.buffer.is_none() && self.start < self.end
    }

    /// Gives [`Groups::pending`] groups the vector they are a range of;
    /// other groups are left as they are.
    #[inline]
    pub(crate) fn share(&mut self, buffer: &Arc<Vec<Group>>) {
        if self.is_pending() {
            self.share_pending(buffer);
        }
    }

    /// [`Groups::share`] for pending groups.
    fn share_pending(&mut self, buffer: &Arc<Vec<Group>>) {
        if (self.end as usize) <= buffer.len() {
            self.buffer = Some(Arc::clone(buffer));
        } else {
            *self = Groups::new();
        }
    }
}

#[cfg(test)]
impl Groups {
    /// The vector that holds the groups, if any, and its length.
    pub(crate) fn shared_vector(&self) -> Option<(*const Vec<Group>, usize)> {
        self.buffer
            .as_ref()
            .map(|buffer| (Arc::as_ptr(buffer), buffer.len()))
    }
}

impl Deref for Groups {
    type Target = [Group];

    #[inline(always)]
    fn deref(&self) -> &[Group] {
        self.as_slice()
    }
}

impl DerefMut for Groups {
    fn deref_mut(&mut self) -> &mut [Group] {
        self.as_mut_slice()
    }
}

impl AsRef<[Group]> for Groups {
    fn as_ref(&self) -> &[Group] {
        self.as_slice()
    }
}

/// As the slice of groups (so that a tree's `Debug` shows groups as a list).
impl fmt::Debug for Groups {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self.as_slice(), f)
    }
}

/// Groups are equal when their slices are, whatever vectors hold them.
impl PartialEq for Groups {
    fn eq(&self, other: &Groups) -> bool {
        self.as_slice() == other.as_slice()
    }
}

impl Eq for Groups {}

impl From<Vec<Group>> for Groups {
    /// The groups of `vec`, which becomes their own vector (without a copy;
    /// nothing is kept for an empty vector without room).
    fn from(vec: Vec<Group>) -> Groups {
        if vec.capacity() == 0 {
            return Groups::new();
        }
        Groups {
            buffer: Some(Arc::new(vec)),
            start: 0,
            end: WHOLE,
        }
    }
}

impl<const N: usize> From<[Group; N]> for Groups {
    fn from(groups: [Group; N]) -> Groups {
        Groups::from(Vec::from(groups))
    }
}

impl From<&[Group]> for Groups {
    fn from(groups: &[Group]) -> Groups {
        Groups::from(groups.to_vec())
    }
}

impl From<Groups> for Vec<Group> {
    fn from(groups: Groups) -> Vec<Group> {
        groups.into_vec()
    }
}

impl FromIterator<Group> for Groups {
    fn from_iter<I: IntoIterator<Item = Group>>(iter: I) -> Groups {
        Groups::from(iter.into_iter().collect::<Vec<Group>>())
    }
}

impl Extend<Group> for Groups {
    fn extend<I: IntoIterator<Item = Group>>(&mut self, iter: I) {
        let mut iter = iter.into_iter();
        if let Some(first) = iter.next() {
            let vec = self.vec_mut();
            vec.push(first);
            vec.extend(iter);
        }
    }
}

impl IntoIterator for Groups {
    type Item = Group;
    type IntoIter = std::vec::IntoIter<Group>;

    fn into_iter(self) -> Self::IntoIter {
        self.into_vec().into_iter()
    }
}

impl<'a> IntoIterator for &'a Groups {
    type Item = &'a Group;
    type IntoIter = std::slice::Iter<'a, Group>;

    fn into_iter(self) -> Self::IntoIter {
        self.as_slice().iter()
    }
}

impl<'a> IntoIterator for &'a mut Groups {
    type Item = &'a mut Group;
    type IntoIter = std::slice::IterMut<'a, Group>;

    fn into_iter(self) -> Self::IntoIter {
        self.as_mut_slice().iter_mut()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::{GroupKind, Span};

    fn comment(text: &str) -> Group {
        Group {
            kind: GroupKind::Comment(text.to_owned()),
            span: Span::default(),
        }
    }

    fn comments(groups: &[Group]) -> Vec<&str> {
        groups
            .iter()
            .map(|group| match &group.kind {
                GroupKind::Comment(text) => text.as_str(),
                _ => "?",
            })
            .collect()
    }

    /// Groups `range` of a vector shared as a game's is.
    fn shared_range(buffer: &Arc<Vec<Group>>, start: usize, end: usize) -> Groups {
        let mut groups = Groups::pending(start, end).expect("a small range");
        groups.share(buffer);
        groups
    }

    fn abcd() -> Arc<Vec<Group>> {
        Arc::new(["a", "b", "c", "d"].map(comment).to_vec())
    }

    #[cfg(target_pointer_width = "64")]
    #[test]
    fn groups_are_16_bytes() {
        assert_eq!(std::mem::size_of::<Groups>(), 16);
    }

    #[test]
    fn empty_groups_hold_no_vector() {
        let mut groups = Groups::new();
        assert!(groups.is_empty() && groups.buffer.is_none());
        assert_eq!(groups.capacity(), 0);
        assert!(groups.as_mut_slice().is_empty());
        groups.truncate(0);
        groups.retain(|_| true);
        groups.extend(std::iter::empty());
        assert!(groups.buffer.is_none());
        assert!(Groups::from(Vec::new()).buffer.is_none());
        assert!(Groups::with_capacity(0).buffer.is_none());
        assert_eq!(Groups::with_capacity(3).capacity(), 3);
    }

    #[test]
    fn a_range_of_a_shared_vector_derefs_to_its_groups() {
        let buffer = abcd();
        let middle = shared_range(&buffer, 1, 3);
        assert_eq!(comments(&middle), ["b", "c"]);
        assert_eq!(middle.len(), 2);
        assert!(matches!(&middle[1].kind, GroupKind::Comment(text) if text == "c"));
        assert_eq!(middle.iter().count(), 2);
        assert_eq!((&middle).into_iter().count(), 2);
        assert_eq!(comments(&shared_range(&buffer, 3, 4)), ["d"]);
        // Sharing adds a reference, not a copy.
        assert_eq!(Arc::strong_count(&buffer), 2);
        // A range that the vector does not hold reads as no groups.
        assert!(shared_range(&Arc::new(Vec::new()), 0, 2).is_empty());
        // Before the vector is shared, pending groups read as none.
        assert!(Groups::pending(1, 3).is_some_and(|groups| groups.is_empty()));
        assert!(Groups::pending(0, u32::MAX as usize).is_none());
    }

    #[test]
    fn groups_compare_and_print_as_their_slices() {
        let buffer = abcd();
        let middle = shared_range(&buffer, 1, 3);
        let own = Groups::from(vec![comment("b"), comment("c")]);
        assert_eq!(middle, own);
        assert_eq!(
            format!("{middle:?}"),
            format!("{:?}", [comment("b"), comment("c")])
        );
        assert_eq!(format!("{middle:#?}"), format!("{:#?}", own.as_slice()));
        assert_eq!(format!("{:?}", Groups::new()), "[]");
        assert_ne!(middle, shared_range(&buffer, 0, 2));
        assert_ne!(middle, shared_range(&buffer, 1, 2));
        assert_eq!(Groups::new(), Groups::pending(0, 2).unwrap_or_default());
        assert_eq!(middle.clone().into_vec(), own.clone().into_vec());
        assert_eq!(Vec::from(middle.clone()), [comment("b"), comment("c")]);
        let collected: Groups = [comment("b"), comment("c")].into_iter().collect();
        assert_eq!(collected, middle);
        assert_eq!(Groups::from([comment("b"), comment("c")]), middle);
        assert_eq!(Groups::from(&buffer[1..3]), middle);
    }

    #[test]
    fn changing_a_clone_leaves_the_original() {
        let original = Groups::from(vec![comment("a"), comment("b")]);

        let mut pushed = original.clone();
        pushed.push(comment("c"));
        let mut truncated = original.clone();
        truncated.truncate(1);
        let mut changed = original.clone();
        changed[0] = comment("x");
        let mut retained = original.clone();
        retained.retain(|group| group == &comment("b"));
        let mut inserted = original.clone();
        inserted.insert(1, comment("i"));
        let mut removed = original.clone();
        assert_eq!(removed.remove(0), comment("a"));
        let mut spanned = original.clone();
        for group in &mut spanned {
            group.span = Span::new(1, 2);
        }

        assert_eq!(comments(&original), ["a", "b"]);
        assert_eq!(comments(&pushed), ["a", "b", "c"]);
        assert_eq!(comments(&truncated), ["a"]);
        assert_eq!(comments(&changed), ["x", "b"]);
        assert_eq!(comments(&retained), ["b"]);
        assert_eq!(comments(&inserted), ["a", "i", "b"]);
        assert_eq!(comments(&removed), ["b"]);
        assert!(spanned.iter().all(|group| group.span == Span::new(1, 2)));
        assert!(original.iter().all(|group| group.span == Span::default()));
        // Every clone that changed holds a vector of its own.
        assert_eq!(original.buffer.as_ref().map(Arc::strong_count), Some(2));
    }

    #[test]
    fn changing_a_range_copies_it_and_leaves_the_shared_vector() {
        let buffer = abcd();
        let mut middle = shared_range(&buffer, 1, 3);
        let untouched = shared_range(&buffer, 1, 3);
        // Truncating a range narrows it without a copy.
        let mut first = middle.clone();
        first.truncate(1);
        assert_eq!(comments(&first), ["b"]);
        assert!(
            first
                .buffer
                .as_ref()
                .is_some_and(|b| Arc::ptr_eq(b, &buffer))
        );
        // Growing or changing it copies just the range.
        middle.push(comment("e"));
        middle[0] = comment("x");
        assert_eq!(comments(&middle), ["x", "c", "e"]);
        assert_eq!(middle.capacity(), middle.vec_mut().capacity());
        assert_eq!(comments(&buffer), ["a", "b", "c", "d"]);
        assert_eq!(comments(&untouched), ["b", "c"]);
        // A range holds only its own groups however it is changed.
        let mut last = shared_range(&buffer, 3, 4);
        last.extend([comment("f")]);
        assert_eq!(comments(&last), ["d", "f"]);
        // Shared groups report only their number as room.
        assert_eq!(untouched.capacity(), 2);
    }

    #[test]
    fn own_groups_change_in_place_and_keep_their_room() {
        let mut groups = Groups::with_capacity(4);
        groups.push(comment("a"));
        groups.push(comment("b"));
        let before = groups.buffer.as_ref().map(Arc::as_ptr);
        groups.truncate(1);
        groups[0] = comment("c");
        groups.truncate(0);
        groups.push(comment("d"));
        assert_eq!(groups.buffer.as_ref().map(Arc::as_ptr), before);
        assert_eq!(groups.capacity(), 4);
    }

    #[test]
    fn groups_can_go_between_threads() {
        fn send_sync<T: Send + Sync>() {}
        send_sync::<Groups>();
        let groups = Groups::from(vec![comment("a")]);
        let copy = groups.clone();
        let read = std::thread::spawn(move || copy.len()).join().ok();
        assert_eq!(read, Some(1));
    }
}
