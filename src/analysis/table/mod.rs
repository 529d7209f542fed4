//! Endgame tables: the history-free value of every position with up to a
//! number of beans on the board, built once, written to a file, read back
//! and used by the [`Solver`](super::Solver).
//!
//! # What an entry means
//!
//! An [`EndgameTable`] built for `N` beans holds, for every board with at
//! most `N` beans and each player to move, the beans South still gets
//! from the board under best play when the position has no history (the
//! start of a problem, or right after a capture): its
//! [history-free value](super#the-rule-that-search-uses) less South's
//! store, one byte from 0 to the beans on the board. Boards always hold an
//! even number of beans (both stores are even), so only even counts have
//! entries: `2·C(n + 11, 11)` for `n` beans.
//!
//! **The stores play no part.** Under every [`Rules`] option the moves,
//! the captures, the end of the game (the player to move without beans,
//! or, Hemprich, no beans left), the positions that repeat (since the last
//! capture the stores do not change) and the sharing of the board at a
//! repetition ([`EndlessPlay::score`] adds the
//! board to the stores) depend on the board and the player to move only;
//! the stores are only added to the final score. [`Rules::repetition`]
//! does not change values either (search ignores it), so a table names
//! the variant and the endless-play rule, and serves every `Rules` with
//! those two ([`EndgameTable::covers`]).
//!
//! # How it is built, and why it equals the search
//!
//! Level by level, from 0 beans up. A move that captures leaves fewer
//! beans on the board and a position without history, whose value is
//! already in the table; a move that does not capture stays on the level.
//! So within a level the game is a graph whose exits (captures, and the
//! end of the game) have known values, and where a line that comes back
//! to a position ends there by repetition.
//!
//! For each threshold `t`, take **South's attractor**: the positions from
//! which South can force an exit worth at least `t`, built backwards (a
//! South position joins when one move leads into it, a North position when
//! every move does). The greatest `t` whose attractor holds a position is
//! its lower bound `L`. Playing the attractor's strategy, each ply goes to
//! a position that joined strictly earlier, so **no position repeats** on
//! the way: from a position without history, South gets at least `L`
//! whatever the repetition rule does, so `L ≤ value`. North's attractors
//! give an upper bound `H ≥ value` the same way; by the symmetry of the
//! rules (turning the board round swaps the players) `H` of a position is
//! `n − L` of its mirror image, so one pass gives both. Where `L = H`, the
//! value is known and the table takes it.
//!
//! Where `L < H`, the value depends on which position a repeating line
//! comes back to, which no retrograde pass captures in general (the
//! payoff of a repetition depends on the position repeated, and under
//! [`EndlessPlay::LastMover`] on who repeats
//! it). Those positions are solved by the solver's own search with an
//! empty history and the levels below as its oracle at every capture:
//! exact by definition. Their number is reported ([`LevelReport`]); it is
//! a small part of each level.
//!
//! # On several threads
//!
//! Each step of a level is shared among the threads of the build
//! ([`EndgameTable::build_reporting`]): the moves of each position, in
//! runs of consecutive boards; each threshold's attractor, whose
//! positions (one byte each: the best exit and the staying moves still
//! counted, or the threshold at which it joined) change by atomic
//! compare-and-swap, so that exactly one thread joins each position and
//! follows its predecessors, and long work lists are split among the
//! threads; and the search of the positions left open. An attractor is
//! the least fixpoint of its rule, the same whichever thread adds which
//! position first, and the search is exact, so the table is the same,
//! byte for byte, on any number of threads.
//!
//! # The file format
//!
//! A 32-byte header, then the entries, one byte each, in blocks of
//! 1,048,576 entries (2²⁰; the last block holds the rest), each block
//! followed by its checksum:
//!
//! | bytes | content |
//! |---|---|
//! | 0–7 | the magic `BOHNTAB\n` |
//! | 8–11 | the format version, 2 (little-endian `u32`) |
//! | 12 | the variant: 0 standard, 1 Hemprich |
//! | 13 | the endless-play rule: 0 own side, 1 last mover, 2 split |
//! | 14 | `N`, the most beans on a board |
//! | 15 | 0 (reserved) |
//! | 16–23 | the number of entries (little-endian `u64`) |
//! | 24–31 | the header's checksum: 64-bit XXH3 of bytes 0–23 with the seed 2⁶⁴ − 1 (little-endian) |
//! | then, per block | the block's entries, then their 64-bit XXH3 with the block's index (0, 1, …) as the seed (8 bytes, little-endian) |
//!
//! So a file of `E` entries has `32 + E + 8·⌈E / 2²⁰⌉` bytes
//! ([`EndgameTable::file_len`]). Each block is checked as it is read, while
//! it is still in the processor's cache, and a damaged one is named by its
//! bytes. Version 1 (one byte-wise FNV-1a checksum over the whole file)
//! is no longer read: such a file is [`TableError::Version`], and the
//! table must be built again.
//!
//! The entries follow level by level (0 beans, 2, 4, … up to `N`); within
//! a level South to move before North, and each board at its rank in the
//! combinatorial number system: with `s_k` the beans in holes 1 to `k`,
//! the rank is `Σ C(s_k + k − 1, k)` for `k` from 1 to 11 (the board as
//! beans and 11 bars between the holes, the `k`-th bar at `s_k + k − 1`),
//! a number from 0 to `C(n + 11, 11) − 1`. A file that is not
//! a table, has another version, is truncated, has a bad checksum, holds
//! a value larger than its board or anything after its last entry is a
//! [`TableError`]; so is a table used with other rules
//! ([`Solver::with_table`](super::Solver::with_table)).
//!
//! # Limits
//!
//! At most [`EndgameTable::MAX_BEANS`] beans (1.5 GB of entries).
//! Anything larger is [`TableError::TooManyBeans`], before any allocation,
//! and memory that cannot be had is [`TableError::OutOfMemory`].
//!
//! Besides the entries, a build takes one byte per position of the level
//! it is building, in chunks of 64 MiB given back one by one as the
//! level's values are written ([`EndgameTable::build_memory`] counts the
//! byte in full: 2.3 GB up to 24 beans). Where the system provides the
//! entries' memory as it is first written, as Linux does, the memory in
//! use never holds a level's scratch bytes and its values together, and
//! peaks at about the table's own size. By the bytes alone, a machine
//! with 24 GiB could build every position up to 30 beans (12.9 GB of
//! entries and 6.3 GB of scratch for the top level).
//!
//! ```
//! use bohnenspiel::analysis::EndgameTable;
//! use bohnenspiel::{Position, Rules, Score};
//!
//! let table = EndgameTable::build(Rules::default(), 4)?;
//! assert_eq!(table.entries(), 2 * (1 + 78 + 1365));
//! // South takes the last 2 beans with 6: 36:36.
//! let position: Position = "0,0,0,0,0,1/1,0,0,0,0,0 34:36 S".parse()?;
//! assert_eq!(table.board_value(&position), Some(2));
//! assert_eq!(table.value(&position), Some(Score::new(36, 36)));
//!
//! // Written and read back, it is the same table.
//! let mut file = Vec::new();
//! table.write(&mut file)?;
//! assert_eq!(EndgameTable::read(file.as_slice())?, table);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod build;
mod file;
mod index;

use std::fmt;
use std::io::{Read, Write};
use std::num::NonZeroUsize;

use crate::{EndlessPlay, Position, Rules, Score, Variant};

/// What building one level of a table took ([`EndgameTable::build_reporting`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct LevelReport {
    /// The beans on every board of the level.
    pub beans: u8,
    /// The positions of the level (both players to move).
    pub positions: u64,
    /// The positions the attractors left open, solved by search.
    pub searched: u64,
    /// The nodes those searches took.
    pub nodes: u64,
}

/// Why a table could not be built, written, read or used.
#[derive(Debug, thiserror::Error)]
pub enum TableError {
    /// The bean limit is above [`EndgameTable::MAX_BEANS`].
    #[error("a table for {beans} beans is too large: at most {max} beans are supported")]
    TooManyBeans {
        /// The limit asked for.
        beans: u8,
        /// The largest supported.
        max: u8,
    },
    /// The memory for the table could not be had.
    #[error("not enough memory for the table ({bytes} bytes)")]
    OutOfMemory {
        /// The bytes asked for.
        bytes: u64,
    },
    /// Reading or writing failed.
    #[error("reading or writing the table failed: {0}")]
    Io(#[from] std::io::Error),
    /// The input does not begin with the magic bytes of a table.
    #[error("not an endgame table: the first bytes are not \"BOHNTAB\\n\"")]
    NotATable,
    /// The file has another version of the format.
    #[error(
        "the table has format version {found}; this version reads only {supported} (build the table again)"
    )]
    Version {
        /// The version in the file.
        found: u32,
        /// The version this crate reads.
        supported: u32,
    },
    /// The input ends before the table does.
    #[error("the table is truncated: it ends after {found} bytes, but needs {expected}")]
    Truncated {
        /// The bytes the header announces (or the header's length).
        expected: u64,
        /// The bytes there are.
        found: u64,
    },
    /// A checksum does not match the bytes it covers (the header's first
    /// 24 bytes, or a block of entries).
    #[error(
        "the table is damaged in bytes {offset} to {}: their checksum is {stored:#018x}, but they give {computed:#018x}",
        .offset + .len - 1
    )]
    Checksum {
        /// Where the damaged bytes begin, in bytes from the start of the
        /// file.
        offset: u64,
        /// How many bytes the checksum covers.
        len: u64,
        /// The checksum in the file.
        stored: u64,
        /// The checksum of the bytes.
        computed: u64,
    },
    /// A field of the file holds something no table writes.
    #[error("the table is corrupt at byte {offset}: {what}")]
    Corrupt {
        /// Where, in bytes from the start of the file.
        offset: u64,
        /// What is wrong.
        what: &'static str,
    },
    /// The table was built for other rules than the solver follows.
    #[error("the table was built for the rules \"{table}\", but the solver follows \"{solver}\"")]
    OtherRules {
        /// The table's rules.
        table: Rules,
        /// The solver's rules.
        solver: Rules,
    },
    /// The threads of a build could not be started.
    #[error("could not start {threads} threads to build the table: {reason}")]
    Threads {
        /// The threads asked for.
        threads: NonZeroUsize,
        /// What the system said.
        reason: String,
    },
    /// A position of the table was not solved within the search's bound
    /// ([`EndgameTable::NODES_PER_POSITION`]).
    #[error("position {position} was not solved within {nodes} nodes")]
    Unsolved {
        /// The position.
        position: Position,
        /// The bound.
        nodes: u64,
    },
}

/// The history-free values of every position with up to
/// [`EndgameTable::beans`] beans on the board, under one variant and
/// endless-play rule (see the [module docs](self)).
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct EndgameTable {
    variant: Variant,
    endless_play: EndlessPlay,
    beans: u8,
    entries: Vec<u8>,
}

impl fmt::Debug for EndgameTable {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("EndgameTable")
            .field("rules", &self.rules())
            .field("beans", &self.beans)
            .field("entries", &self.entries.len())
            .finish()
    }
}

impl EndgameTable {
    /// The largest bean limit supported: 24 beans, 1.5 GB of entries.
    pub const MAX_BEANS: u8 = 24;

    /// The most nodes the build's search may spend on one position.
    pub const NODES_PER_POSITION: u64 = build::NODES_PER_POSITION;

    /// Builds the table of every position with up to `beans` beans on the
    /// board under `rules`, on as many threads as the system offers
    /// ([`std::thread::available_parallelism`], one if it cannot say).
    ///
    /// # Errors
    ///
    /// As for [`EndgameTable::build_reporting`].
    pub fn build(rules: Rules, beans: u8) -> Result<EndgameTable, TableError> {
        let threads = std::thread::available_parallelism().unwrap_or(NonZeroUsize::MIN);
        EndgameTable::build_reporting(rules, beans, threads, |_| {})
    }

    /// Builds the table of every position with up to `beans` beans on the
    /// board under `rules` on `threads` threads, calling `report` after
    /// each level.
    ///
    /// The table is the same, byte for byte, on any number of threads;
    /// the [nodes](LevelReport::nodes) its searches report are not (each
    /// thread keeps its own memo of the positions it searched).
    ///
    /// ```
    /// use std::num::NonZeroUsize;
    ///
    /// use bohnenspiel::Rules;
    /// use bohnenspiel::analysis::EndgameTable;
    ///
    /// let mut levels = Vec::new();
    /// let two = NonZeroUsize::new(2).expect("not zero");
    /// let table = EndgameTable::build_reporting(Rules::default(), 6, two, |level| {
    ///     levels.push((level.beans, level.positions));
    /// })?;
    /// assert_eq!(levels, [(0, 2), (2, 156), (4, 2730), (6, 24752)]);
    /// assert_eq!(table, EndgameTable::build_reporting(Rules::default(), 6, NonZeroUsize::MIN, |_| {})?);
    /// # Ok::<(), bohnenspiel::analysis::TableError>(())
    /// ```
    ///
    /// # Errors
    ///
    /// [`TableError::TooManyBeans`] above [`EndgameTable::MAX_BEANS`],
    /// [`TableError::OutOfMemory`], [`TableError::Threads`] if the threads
    /// cannot be started, or [`TableError::Unsolved`] if a position needs
    /// more than [`EndgameTable::NODES_PER_POSITION`] nodes.
    pub fn build_reporting(
        rules: Rules,
        beans: u8,
        threads: NonZeroUsize,
        mut report: impl FnMut(&LevelReport),
    ) -> Result<EndgameTable, TableError> {
        if beans > EndgameTable::MAX_BEANS {
            return Err(TableError::TooManyBeans {
                beans,
                max: EndgameTable::MAX_BEANS,
            });
        }
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads.get())
            .thread_name(|thread| format!("table-build-{thread}"))
            .build()
            .map_err(|error| TableError::Threads {
                threads,
                reason: error.to_string(),
            })?;
        let total = index::entries(beans);
        let len = usize::try_from(total).map_err(|_| TableError::OutOfMemory { bytes: total })?;
        // The levels not built yet take no memory until they are written.
        let mut entries = build::allocate_zeroed(len)?;
        for level in (0..=beans).step_by(2) {
            let start = index::level_offset(level) as usize;
            let end = index::entries(level) as usize;
            let (lower, rest) = entries.split_at_mut(start);
            let level_entries = &mut rest[..end - start];
            let done = pool.install(|| build::build_level(rules, level, lower, level_entries))?;
            report(&done);
        }
        Ok(EndgameTable {
            variant: rules.variant,
            endless_play: rules.endless_play,
            beans,
            entries,
        })
    }

    /// The number of entries of a table up to `beans` beans: one byte
    /// each, the memory the table takes once read.
    ///
    /// # Errors
    ///
    /// [`TableError::TooManyBeans`] above [`EndgameTable::MAX_BEANS`].
    pub const fn entries_for(beans: u8) -> Result<u64, TableError> {
        if beans > EndgameTable::MAX_BEANS {
            return Err(TableError::TooManyBeans {
                beans,
                max: EndgameTable::MAX_BEANS,
            });
        }
        Ok(index::entries(beans))
    }

    /// The length in bytes of the file of a table up to `beans` beans
    /// (see the [file format](self#the-file-format)).
    ///
    /// # Errors
    ///
    /// [`TableError::TooManyBeans`] above [`EndgameTable::MAX_BEANS`].
    pub fn file_len(beans: u8) -> Result<u64, TableError> {
        Ok(file::file_len(EndgameTable::entries_for(beans)?))
    }

    /// The most memory in bytes that building a table up to `beans` beans
    /// asks for: its entries, and one byte for each position of the top
    /// level while that level is built (the work lists besides are
    /// small). The memory in use stays lower where the system provides
    /// zeroed memory as it is first written, as Linux does: the entries
    /// of a level are written while its scratch space is given back, so
    /// the peak is about the entries alone (see the [limits](self#limits)).
    ///
    /// # Errors
    ///
    /// [`TableError::TooManyBeans`] above [`EndgameTable::MAX_BEANS`].
    pub fn build_memory(beans: u8) -> Result<u64, TableError> {
        let entries = EndgameTable::entries_for(beans)?;
        let top = 2 * index::boards(beans - beans % 2);
        Ok(entries + top)
    }

    /// The most beans on a board the table covers.
    #[must_use]
    pub const fn beans(&self) -> u8 {
        self.beans
    }

    /// The number of entries (positions), one byte each.
    #[must_use]
    pub fn entries(&self) -> u64 {
        self.entries.len() as u64
    }

    /// The rules the table was built for ([`Rules::repetition`] is the
    /// default; it does not change values).
    #[must_use]
    pub fn rules(&self) -> Rules {
        Rules {
            variant: self.variant,
            endless_play: self.endless_play,
            ..Rules::default()
        }
    }

    /// Whether the table's values hold under `rules`: the same variant and
    /// endless-play rule.
    #[must_use]
    pub fn covers(&self, rules: Rules) -> bool {
        rules.variant == self.variant && rules.endless_play == self.endless_play
    }

    /// The beans South still gets from the board of `position` under best
    /// play, if it has no history; `None` if the board holds more beans
    /// than the table covers.
    #[must_use]
    pub fn board_value(&self, position: &Position) -> Option<u8> {
        let beans = position.beans_on_board();
        if beans > self.beans {
            return None;
        }
        build::lookup(&self.entries, &position.board(), beans, position.turn())
    }

    /// The history-free value of `position`: its final score under best
    /// play; `None` if the board holds more beans than the table covers.
    #[must_use]
    pub fn value(&self, position: &Position) -> Option<Score> {
        let from_board = self.board_value(position)?;
        let stores = position.stores();
        let south = stores.south + from_board;
        Some(Score::new(south, crate::TOTAL_BEANS - south))
    }

    /// Writes the table in the [file format](self#the-file-format).
    ///
    /// # Errors
    ///
    /// [`TableError::Io`] if writing fails.
    pub fn write(&self, out: impl Write) -> Result<(), TableError> {
        file::write(self, out)
    }

    /// Reads a table written by [`EndgameTable::write`], checking all of
    /// it: the magic bytes, the version, the header's fields, the length,
    /// the checksum and every value.
    ///
    /// # Errors
    ///
    /// [`TableError::NotATable`], [`TableError::Version`],
    /// [`TableError::Corrupt`], [`TableError::TooManyBeans`],
    /// [`TableError::Truncated`], [`TableError::Checksum`],
    /// [`TableError::OutOfMemory`] or [`TableError::Io`].
    pub fn read(input: impl Read) -> Result<EndgameTable, TableError> {
        file::read(input)
    }
}
