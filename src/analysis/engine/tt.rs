//! The transposition table: a fixed number of entries, each keyed by a
//! 64-bit hash of the whole position.

use crate::Position;

/// What a stored score says about the true score.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Bound {
    /// The score is exact (at the depth searched).
    Exact,
    /// The true score is at least this.
    Lower,
    /// The true score is at most this.
    Upper,
}

/// One entry: 16 bytes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Entry {
    /// The full hash of the position (0 for an empty slot).
    pub(crate) key: u64,
    /// The score, from the mover's view.
    pub(crate) score: i16,
    /// The depth searched.
    pub(crate) depth: u8,
    pub(crate) bound: Bound,
    /// The best move's hole index, or 255 for none.
    pub(crate) best: u8,
    /// The search (counted by [`Table::new_search`]) that wrote it.
    pub(crate) age: u8,
}

const EMPTY: Entry = Entry {
    key: 0,
    score: 0,
    depth: 0,
    bound: Bound::Upper,
    best: u8::MAX,
    age: 0,
};

/// The bytes of one entry, for sizing the table.
pub(crate) const ENTRY_BYTES: usize = 16;

/// A hash of the whole position: board, stores and player to move, mixed
/// so that every input bit moves every output bit (two rounds of a
/// 64-bit multiply-xorshift over the 15 bytes).
#[inline]
pub(crate) fn hash(position: &Position) -> u64 {
    let [a, b, c, d, e, f, g, h, i, j, k, l] = position.board();
    let stores = position.stores();
    let low = u64::from_le_bytes([a, b, c, d, e, f, g, h]);
    let high = u64::from_le_bytes([
        i,
        j,
        k,
        l,
        stores.south,
        stores.north,
        position.turn() as u8,
        0x5a,
    ]);
    let mix = |mut x: u64| {
        x ^= x >> 32;
        x = x.wrapping_mul(0xd6e8_feb8_6659_fd93);
        x ^= x >> 32;
        x = x.wrapping_mul(0xd6e8_feb8_6659_fd93);
        x ^ (x >> 32)
    };
    // Never 0, which marks an empty slot.
    (mix(low ^ mix(high).rotate_left(17)) ^ high) | 1
}

/// The table: entries in pairs (buckets); a new entry replaces, in its
/// bucket, the entry of the same position, else an entry from an older
/// search, else the shallower one.
#[derive(Debug, Clone)]
pub(crate) struct Table {
    entries: Vec<Entry>,
    age: u8,
}

impl Table {
    /// A table of at most `bytes` bytes (at least one bucket; the
    /// number of buckets is a power of two).
    pub(crate) fn with_bytes(bytes: usize) -> Table {
        let wanted = (bytes / ENTRY_BYTES / 2).max(1);
        // The largest power of two not above `wanted`.
        let buckets = 1usize << (usize::BITS - 1 - wanted.leading_zeros());
        Table {
            entries: vec![EMPTY; buckets * 2],
            age: 0,
        }
    }

    /// The bytes the entries take.
    pub(crate) fn bytes(&self) -> usize {
        self.entries.len() * ENTRY_BYTES
    }

    /// Empties every entry.
    pub(crate) fn clear(&mut self) {
        self.entries.fill(EMPTY);
        self.age = 0;
    }

    /// Starts a new search: older entries become the first to go.
    pub(crate) fn new_search(&mut self) {
        self.age = self.age.wrapping_add(1);
    }

    fn bucket(&self, key: u64) -> usize {
        let buckets = self.entries.len() / 2;
        ((key >> 32) as usize & (buckets - 1)) * 2
    }

    /// The entry of the position with hash `key`, if kept.
    #[inline]
    pub(crate) fn probe(&self, key: u64) -> Option<Entry> {
        let at = self.bucket(key);
        self.entries
            .get(at..at + 2)?
            .iter()
            .find(|entry| entry.key == key)
            .copied()
    }

    /// Stores an entry.
    #[inline]
    pub(crate) fn store(&mut self, key: u64, score: i32, depth: u32, bound: Bound, best: u8) {
        let at = self.bucket(key);
        let age = self.age;
        let Some(bucket) = self.entries.get_mut(at..at + 2) else {
            return;
        };
        let depth = u8::try_from(depth).unwrap_or(u8::MAX);
        let slot = if let Some(same) = bucket.iter().position(|entry| entry.key == key) {
            same
        } else if let Some(old) = bucket.iter().position(|entry| entry.age != age) {
            old
        } else if bucket[0].depth <= bucket[1].depth {
            0
        } else {
            1
        };
        let entry = &mut bucket[slot];
        // A shallower result for the same position keeps the old move if it
        // has none of its own.
        let best = if best == u8::MAX && entry.key == key {
            entry.best
        } else {
            best
        };
        *entry = Entry {
            key,
            score: i16::try_from(score).unwrap_or(0),
            depth,
            bound,
            best,
            age,
        };
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_table_keeps_what_it_stores_and_replaces_the_oldest() {
        let mut table = Table::with_bytes(64);
        assert_eq!(table.bytes(), 64);
        let start = Position::new();
        let key = hash(&start);
        table.store(key, 150, 3, Bound::Exact, 2);
        let entry = table
            .probe(key)
            .map(|e| (e.score, e.depth, e.bound, e.best));
        assert_eq!(entry, Some((150, 3, Bound::Exact, 2)));
        assert_eq!(table.probe(key ^ 2), None);
    }

    #[test]
    fn a_full_bucket_gives_up_an_older_search_first_then_the_shallower_entry() {
        // One bucket: every key lands in it.
        let mut table = Table::with_bytes(32);
        table.store(10, 1, 5, Bound::Exact, 0);
        table.new_search();
        table.store(20, 2, 2, Bound::Lower, 1);
        // Key 10 is from the search before: it goes, whatever its depth.
        table.store(30, 3, 1, Bound::Upper, 2);
        assert!(table.probe(10).is_none());
        assert!(table.probe(20).is_some() && table.probe(30).is_some());
        // Both from this search: the shallower (30, depth 1) goes.
        table.store(40, 4, 3, Bound::Exact, 3);
        assert!(table.probe(30).is_none());
        assert_eq!(table.probe(20).map(|e| e.depth), Some(2));
        assert_eq!(table.probe(40).map(|e| e.depth), Some(3));
        // The same position is overwritten in place, keeping its move
        // when the new result has none.
        table.store(40, 5, 4, Bound::Lower, u8::MAX);
        let entry = table.probe(40).map(|e| (e.score, e.depth, e.best));
        assert_eq!(entry, Some((5, 4, 3)));
        assert!(table.probe(20).is_some());
        table.clear();
        assert!(table.probe(20).is_none() && table.probe(40).is_none());
    }

    #[test]
    fn the_hash_tells_the_player_to_move_and_the_stores_apart() {
        let a: Position = "6,6,6,6,6,6/6,6,6,6,6,6 0:0 S".parse().unwrap_or_default();
        let b: Position = "6,6,6,6,6,6/6,6,6,6,6,6 0:0 N".parse().unwrap_or_default();
        let c: Position = "6,6,6,6,6,4/6,6,6,6,6,6 2:0 S".parse().unwrap_or_default();
        let d: Position = "6,6,6,6,6,4/6,6,6,6,6,6 0:2 S".parse().unwrap_or_default();
        let keys = [hash(&a), hash(&b), hash(&c), hash(&d)];
        for (i, x) in keys.iter().enumerate() {
            for y in &keys[i + 1..] {
                assert_ne!(x, y);
            }
        }
    }
}
