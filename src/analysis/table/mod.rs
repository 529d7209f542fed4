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
//! **Half of them in memory.** Turning the board round swaps the players,
//! and the rules treat both alike, so a board with North to move is worth
//! to South the beans on the board less what its board turned round, South
//! to move, is worth. A table keeps in memory only the entries with South
//! to move, `C(n + 11, 11)` bytes for `n` beans, and answers for North to
//! move from them; its files hold both (see [the file format](#the-file-format)).
//!
//! **The stores play no part.** Under every [`Rules`] option the moves,
//! the captures, the end of the game (the player to move without beans,
//! or, Hemprich, no beans left), the positions that repeat (since the last
//! capture the stores do not change) and the sharing of the board at a
//! repetition ([`EndlessPlay::score`] adds the
//! board to the stores) depend on the board and the player to move only;
//! the stores are only added to the final score. [`Rules::repetition_ends_at`]
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
//! ([`EndgameTable::build_reporting`]): the moves of each position with
//! North to move, in runs of consecutive boards (a position with South to
//! move has those of its board turned round, seen from the other side,
//! copied in strips of boards that lie close together in memory both ways
//! round); each threshold's attractor, whose
//! positions (one byte each: the best exit and the staying moves still
//! counted, or the threshold at which it joined) change by atomic
//! compare-and-swap, so that exactly one thread joins each position and
//! follows its predecessors, and long work lists are split among the
//! threads; and the search of the positions left open. An attractor is
//! the least fixpoint of its rule, the same whichever thread adds which
//! position first, and the search is exact, so the table is the same,
//! byte for byte, on any number of threads.
//!
//! Measured on the 2-core machine with nothing else running (release
//! build): `bohnenspiel table --beans 24`, from nothing, takes 211 s on
//! the clock and 390 s of CPU time, the level of 24 beans 114 s of it,
//! and peaks at 1.21 GB resident (1,177,080 KiB), 0.80 bytes per
//! position, while the attractors of level 24 are built
//! ([`EndgameTable::build_memory`] says 1.19 GB). Up to 20 beans (277
//! million positions) the `tables` example builds on one thread in 65.0
//! s (4.3 million positions a second) and peaks at 231 MB; on two threads
//! in 34.0 s, 1.91 times less, peaking at 233 MB; level 20 alone takes
//! 40.2 s against 21.2 s (1.89 times), its busiest thread 21.1 s. The
//! speed-up depends on the memory the two threads share with whatever
//! else runs on the machine: of three runs in a row, two gave 1.91 times
//! in all and one 1.60 (level 20: 1.63, its two threads spending 49 s of
//! CPU time against one thread's 41 s). The strips' own bookkeeping is
//! 24 bytes for each North side, 14 MB at 24 beans. The CHANGELOG keeps
//! the figures of earlier versions.
//!
//! # The file format
//!
//! A table is a set of files, one for each level (each even count of
//! beans on the board), so that levels can be built apart, on other
//! machines or days, and put together: the build of a level needs only
//! the levels below it ([`EndgameTable::open`], then
//! [`EndgameTable::build_next`]). Each file names its rules, its level
//! and its form in a 32-byte header; its entries follow in blocks of
//! 1,048,576 bytes (2²⁰; the last block holds the rest), each block
//! followed by its checksum:
//!
//! | bytes | content |
//! |---|---|
//! | 0–7 | the magic `BOHNTAB\n` |
//! | 8–11 | the format version, 3 (little-endian `u32`) |
//! | 12 | the variant: 0 standard, 1 Hemprich |
//! | 13 | the endless-play rule: 0 own side, 1 last mover, 2 split |
//! | 14 | the level `n`: the beans on every board of the file (even) |
//! | 15 | the form: 0 exact (a byte an entry), 1 [2-bit](#the-2-bit-form) |
//! | 16–23 | the number of entries, `2·C(n + 11, 11)` (little-endian `u64`) |
//! | 24–31 | the header's checksum: 64-bit XXH3 of bytes 0–23 with the seed 2⁶⁴ − 1 (little-endian) |
//! | then, per block | the block's bytes, then their 64-bit XXH3 with the block's index (0, 1, …) as the seed (8 bytes, little-endian) |
//!
//! So a level of `E` entries held in `B` bytes (`E` exact, `⌈E / 4⌉` in
//! the 2-bit form) has a file of `32 + B + 8·⌈B / 2²⁰⌉` bytes
//! ([`EndgameTable::level_file_len`]). Each block is checked as it is
//! read, while it is still in the processor's cache, and a damaged one is
//! named by its bytes.
//!
//! Within a level the entries are South to move before North, and each
//! board at its rank in the combinatorial number system: with `s_k` the
//! beans in holes 1 to `k`, the rank is `Σ C(s_k + k − 1, k)` for `k`
//! from 1 to 11 (the board as beans and 11 bars between the holes, the
//! `k`-th bar at `s_k + k − 1`), a number from 0 to `C(n + 11, 11) − 1`.
//!
//! The files of a table are named by their rules, level and form,
//! `standard-own-side-L16.table` or `hemprich-split-L08.wdl`
//! ([`EndgameTable::level_file_name`]), and kept in one directory
//! ([`EndgameTable::save`], [`EndgameTable::open`]); the names only find
//! the files, the headers say what they hold. Written one after another
//! from level 0 up, the files also make one stream
//! ([`EndgameTable::write`], [`EndgameTable::read`]). A file is written
//! under a temporary name beside its own, flushed to the disk and only
//! then renamed: a build that fails or is stopped leaves no file
//! half-written under a level's name.
//!
//! The entries with North to move are the board less the entry of the
//! board turned round, South to move: a table in memory answers them so
//! (see [what an entry means](#what-an-entry-means)), and reads them from
//! a file for their checksums and values only. They are not compared
//! with South's turned round: the table never answers from them, so a
//! file whose North half disagreed could not make it answer wrong, and
//! the checksums find any damage since the file was written (which
//! writes them from South's, [`EndgameTable::write_level`]); comparing
//! them would hold the level's North half in memory beside the table and
//! turn South's round at every load, which would no longer cost nothing.
//!
//! A file that is not a table, has another version, is truncated, has a
//! bad checksum, holds a value larger than its board or anything after its
//! last block is a [`TableError`]; so is a set of levels that does not fit
//! together (a level missing below the top, a level twice, levels for
//! other rules or in the other form), and a table used with other rules
//! ([`Solver::with_table`](super::Solver::with_table)). Versions 1 and 2
//! (one file for all levels) are not read: such a file is
//! [`TableError::Version`], and the table must be built again.
//!
//! Opening a directory of level files ([`EndgameTable::open`]) reads and
//! checks every header, then returns: a thread reads the levels from 0
//! beans up, and each serves once all its blocks and values are checked.
//! A position of a level not read yet has no value in the table, so the
//! solver and the engine search it as they would without one (the same
//! values, more nodes). [`EndgameTable::wait_loaded`] waits for every
//! level, and reports a level that turned out damaged; the levels below
//! it still serve. Measured with the files in the page cache
//! (the `table_load` example): the table up to 20 beans opens in 3 to
//! 4 ms and is read in full 0.14 to 0.18 s later, the one up to 24
//! beans in 4 to 5 ms and 0.8 s, against about 2 s for the engine's
//! depth-16 search from the opening.
//!
//! # The 2-bit form
//!
//! For engines that need the result, not the score: each entry keeps
//! only whether South gets more than half of the beans on the board under
//! best play (2), exactly half (1) or fewer (0), four entries a byte, the
//! first in the lowest two bits, the unused bits of the last byte 0 (3 is
//! never written). That is the outcome of the game when both stores hold
//! the same, and decides it whenever the board's winner is not behind in
//! the stores. A quarter of the exact form's bytes. It is written from an
//! exact table ([`EndgameTable::write_level`] with [`TableForm::Wdl`]) and
//! read as a [`WdlTable`]; both forms give a board's outcome
//! (`board_outcome`) and the game's where it decides it (`outcome`).
//!
//! # Limits
//!
//! At most [`EndgameTable::MAX_BEANS`] beans (1.5 GB of files, 750 MB in
//! memory). Anything larger is [`TableError::TooManyBeans`], before any
//! allocation, and memory that cannot be had is
//! [`TableError::OutOfMemory`].
//!
//! The build of a level holds the levels below it (a capture takes 2, 4 or
//! 6 beans from each hole it empties, so a level's captures fall to every
//! lower level, and their exact values are needed), their entries with
//! South to move, and one byte per position of the level, both players to
//! move: the state of each position while the attractors are built, then,
//! in the same memory, the level's bounds, of which the half with South to
//! move becomes its entries and the rest goes back to the system before the
//! search. Writing a level's file takes its entries with North to move
//! once more beside them (turned round from South's in strips, not one
//! board after another), as much as the build of the level. That, with
//! the strips' bookkeeping (24 bytes for each side of six holes with at
//! most the level's beans, 14 MB at 24 beans) and about 10 MB for the
//! program, is the peak, [`EndgameTable::build_memory`], the same
//! whether the levels below are built in the same run
//! ([`EndgameTable::build`], which returns them all: a table in memory is
//! smaller than its top level's build) or read from their files
//! ([`EndgameTable::build_next`], `bohnenspiel table --output DIR`):
//! 239 MB up to 20 beans and 1.19 GB up to 24, 0.79 bytes per position.
//! Measured with `bohnenspiel table` on the 2-core machine under load
//! (the most resident memory): 42.8 MB up to 16 beans (the estimate
//! 44.1 MB), 101.3 MB up to 18 on one thread and 103.8 MB on two
//! (101.7 MB); the build up to 24 beans peaked at 1.21 GB (1.19 GB).
//! By the bytes alone, a machine with 24 GiB could build every position
//! up to 30 beans (9.6 GB at the peak), the most the build's byte per
//! position can hold (exits and thresholds up to 30).
//!
//! # Building up to 34 beans, on paper
//!
//! Kalah(6,6), which has Bohnenspiel's 72 beans, was weakly solved with
//! tables of every position up to 34 seeds and a search from the opening.
//! What the same tables would take here (the counts are exact, the times
//! an extrapolation):
//!
//! | level `n` | positions `2·C(n + 11, 11)` | all levels up to `n` | 2-bit form of the level | CPU time of the level |
//! |---|---|---|---|---|
//! | 20 | 169,344,630 | 277,118,192 | 42 MB | measured, below |
//! | 22 | 387,073,440 | 664,191,632 | 97 MB | 2.3 min |
//! | 24 | 834,451,800 | 1,498,643,432 | 209 MB | 5.6 min |
//! | 26 | 1,709,984,304 | 3,208,627,736 | 427 MB | 13 min |
//! | 28 | 3,352,112,088 | 6,560,739,824 | 838 MB | 28 min |
//! | 30 | 6,318,923,936 | 12,879,663,760 | 1.6 GB | 61 min |
//! | 32 | 11,504,008,698 | 24,383,672,458 | 2.9 GB | 2.1 h |
//! | 34 | 20,301,191,820 | 44,684,864,278 | 5.1 GB | 4.1 h |
//!
//! Up to 34 beans that is 4.5·10¹⁰ positions (both players to move; the
//! boards alone, one player to move, are half as many, 2.2·10¹⁰): 44.7 GB
//! of exact files, 11.2 GB in the [2-bit form](#the-2-bit-form), plus 8
//! bytes of checksum per MiB. The rate is measured on this crate's build
//! up to 20 beans (`bohnenspiel table --beans 20`, release build, a
//! shared 2-core machine): 87.6 s of CPU for 277 million positions, 3.2
//! million positions per CPU-second, a level's cost per position growing
//! about 13% from one level to the next (level 18 to 20). Extrapolated,
//! levels 22 to 34 take about 8 CPU-hours. Levels 22 and 24, so
//! extrapolated at 470 CPU-seconds, took 469 s when built on top of the
//! 20-bean files (`bohnenspiel table --beans 24` in the same directory).
//! The quiet two-thread build measured
//! [above](#on-several-threads) took less, 498 s of CPU up to 24 beans
//! against 558 s here, so the times in the table are an upper estimate.
//!
//! **On one large machine.** The build of level `n` holds every level
//! below it (a capture can fall to any lower level, and the exact value of
//! each is needed, so the 2-bit form cannot stand in), their entries with
//! South to move, and one byte per position of the level, which becomes
//! its entries (see [Limits](#limits)): for level 34, 12.2 GB below and
//! 20.3 GB for the level, 32.5 GB of memory; level 32, 17.9 GB; level
//! 30, 9.6 GB. A machine with 48 GB and 45 GB of disk builds the whole
//! set; the 8 CPU-hours are
//! about 20 minutes of wall time on 32 cores if the build
//! ([on several threads](#on-several-threads)) scales to 32 as it does
//! to 2, which is not measured.
//!
//! **On several machines.** Each level needs every level below it, so
//! the levels of one table are built one after another, not at once; what
//! the level files allow is to move the work: the small levels built
//! anywhere, their files (checked on reading, each naming its rules and
//! level) copied to the machine with the memory for the next, which
//! builds only that level ([`EndgameTable::open`] and
//! [`EndgameTable::build_next`]; `bohnenspiel table --output DIR` does the
//! same with the levels already in `DIR`), and a build stopped or failed
//! on one machine resumes from the last level written. The six tables of
//! the rules (two variants, three endless-play rules) are independent and
//! can be built on six machines at once. Splitting one level among
//! machines is not provided.
//!
//! **What the crate provides, and what it does not.** The format holds
//! any level (a byte for the level, 64 bits for the count); the build
//! shares a level among every core with one byte of scratch per position;
//! levels are written as they are built, never half-written, and read
//! back checked; a table up to 34 beans takes 22.3 GB in memory, and
//! the 2-bit form 11.2 GB. The bean limit,
//! [`EndgameTable::MAX_BEANS`], is 24: the larger tables need it raised
//! first (the ranks are 64-bit, the values fit a byte up to 254 beans,
//! but the build's byte of scratch holds an exit of at most 30 beans, so
//! levels 32 and 34 need a wider scratch, or two bytes a position),
//! and nothing above 24 beans has been run; the memory is then the
//! machine's question, which [`EndgameTable::build_memory`] answers
//! before a build starts.
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
//! let mut levels = Vec::new();
//! table.write(&mut levels)?;
//! assert_eq!(EndgameTable::read(levels.as_slice())?, table);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod build;
mod file;
mod index;
mod set;
mod wdl;

use std::fmt;
use std::io::{Read, Write};
use std::num::NonZeroUsize;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Condvar, Mutex, OnceLock, PoisonError};

pub use wdl::WdlTable;

use crate::{EndlessPlay, Position, Rules, Score, Variant};

/// How a table file keeps its entries (see the
/// [file format](self#the-file-format)).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum TableForm {
    /// A byte an entry: the beans South still gets from the board.
    Exact,
    /// 2 bits an entry: whether South gets more than half of the board,
    /// half, or less ([the 2-bit form](self#the-2-bit-form)).
    Wdl,
}

impl TableForm {
    /// The extension of its level files: `table` or `wdl`.
    #[must_use]
    pub const fn extension(self) -> &'static str {
        match self {
            TableForm::Exact => "table",
            TableForm::Wdl => "wdl",
        }
    }
}

impl fmt::Display for TableForm {
    /// `exact` or `2-bit`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            TableForm::Exact => "exact",
            TableForm::Wdl => "2-bit",
        })
    }
}

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
    /// The number of entries in a level's header is not that of its level.
    #[error("the header of level {level} announces {found} entries, but the level has {expected}")]
    EntryCount {
        /// The level.
        level: u8,
        /// The number in the header.
        found: u64,
        /// The positions of the level.
        expected: u64,
    },
    /// A set of level files lacks a level below its top (or has none).
    #[error(
        "the level of {level} beans is missing: a table needs the files of every even level from 0 up"
    )]
    MissingLevel {
        /// The lowest level missing.
        level: u8,
    },
    /// A set of level files has a level twice.
    #[error("the level of {level} beans is there twice")]
    DuplicateLevel {
        /// The level.
        level: u8,
    },
    /// The levels of a set were built for different rules.
    #[error(
        "the level of {level} beans was built for the rules \"{found}\", the levels below it for \"{expected}\""
    )]
    MixedRules {
        /// The level.
        level: u8,
        /// Its rules.
        found: Rules,
        /// The rules of the levels below.
        expected: Rules,
    },
    /// A level file holds the other form than the one read.
    #[error("the file holds the {found} form of a level, but the {expected} form is read")]
    Form {
        /// The form in the file.
        found: TableForm,
        /// The form read.
        expected: TableForm,
    },
    /// A level of a table opened from its files could not be read in the
    /// background ([`EndgameTable::wait_loaded`]); the levels below it
    /// still serve.
    #[error("the table could not be read in full: {source}")]
    Load {
        /// What went wrong, in which file.
        source: Arc<TableError>,
    },
    /// Something went wrong with one file of a set.
    #[error("{}: {source}", .path.display())]
    File {
        /// The file.
        path: PathBuf,
        /// What went wrong.
        source: Box<TableError>,
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
///
/// A table opened from level files ([`EndgameTable::open`]) is read in
/// the background, level 0 first: each level serves once all its blocks
/// and values are checked, and until then a position of that level has
/// no value in the table (`None`), as one above the table's beans.
/// [`EndgameTable::wait_loaded`] waits for every level. Clones share the
/// entries.
#[derive(Clone)]
pub struct EndgameTable {
    variant: Variant,
    endless_play: EndlessPlay,
    beans: u8,
    /// The entries of each level with South to move (half the level: a
    /// position with North to move is worth the board less its board
    /// turned round), level 0 first, set once read and checked.
    levels: Arc<[OnceLock<Box<[u8]>>]>,
    loading: Arc<Loading>,
    /// The threads the table was built on, which also write its files;
    /// `None` for a table read (its files are written on rayon's global
    /// pool, as many threads as the system offers).
    threads: Option<NonZeroUsize>,
}

/// How far the background reading of a table's levels has come.
#[derive(Debug)]
struct Loading {
    state: Mutex<LoadState>,
    changed: Condvar,
}

#[derive(Debug, Clone)]
enum LoadState {
    Reading,
    Done,
    Failed(Arc<TableError>),
}

impl Loading {
    fn new(state: LoadState) -> Arc<Loading> {
        Arc::new(Loading {
            state: Mutex::new(state),
            changed: Condvar::new(),
        })
    }

    fn state(&self) -> LoadState {
        self.state
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .clone()
    }

    fn finish(&self, result: Result<(), TableError>) {
        let mut state = self.state.lock().unwrap_or_else(PoisonError::into_inner);
        *state = match result {
            Ok(()) => LoadState::Done,
            Err(error) => LoadState::Failed(Arc::new(error)),
        };
        self.changed.notify_all();
    }

    fn wait(&self) -> LoadState {
        let mut state = self.state.lock().unwrap_or_else(PoisonError::into_inner);
        while matches!(*state, LoadState::Reading) {
            state = self
                .changed
                .wait(state)
                .unwrap_or_else(PoisonError::into_inner);
        }
        state.clone()
    }
}

impl fmt::Debug for EndgameTable {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("EndgameTable")
            .field("rules", &self.rules())
            .field("beans", &self.beans)
            .field("entries", &self.entries())
            .field("loading", &self.loading.state())
            .finish()
    }
}

/// Tables are equal when they are for the same rules and beans and hold
/// the same levels with the same entries (a level not read yet equals
/// only one not read yet).
impl PartialEq for EndgameTable {
    fn eq(&self, other: &EndgameTable) -> bool {
        self.variant == other.variant
            && self.endless_play == other.endless_play
            && self.beans == other.beans
            && self.levels == other.levels
    }
}

impl Eq for EndgameTable {}

impl std::hash::Hash for EndgameTable {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.variant.hash(state);
        self.endless_play.hash(state);
        self.beans.hash(state);
        for level in self.levels.iter() {
            level.get().hash(state);
        }
    }
}

impl EndgameTable {
    /// The largest bean limit supported: 24 beans, 1.5 GB of entries.
    pub const MAX_BEANS: u8 = 24;

    /// The most nodes the build's search may spend on one position.
    pub const NODES_PER_POSITION: u64 = build::NODES_PER_POSITION;

    /// Builds the table of every position with up to `beans` beans on the
    /// board under `rules` (boards hold an even number of beans, so an odd
    /// limit builds, and [`EndgameTable::beans`] reports, the even one
    /// below it), on as many threads as the system offers
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
        let pool = thread_pool(threads)?;
        let mut built: Vec<Box<[u8]>> = Vec::new();
        for level in (0..=beans).step_by(2) {
            let lower: Vec<&[u8]> = built.iter().map(|entries| &**entries).collect();
            let (entries, done) = build_level(&pool, rules, level, &lower)?;
            report(&done);
            built.push(entries);
        }
        Ok(EndgameTable::from_built(rules, built, Some(threads)))
    }

    /// A table of the levels `built`, level 0 first, all in memory, built
    /// on `threads` threads (`None` if read).
    fn from_built(
        rules: Rules,
        built: Vec<Box<[u8]>>,
        threads: Option<NonZeroUsize>,
    ) -> EndgameTable {
        let beans = 2 * (built.len() as u8).saturating_sub(1);
        EndgameTable {
            variant: rules.variant,
            endless_play: rules.endless_play,
            beans,
            levels: built.into_iter().map(OnceLock::from).collect(),
            loading: Loading::new(LoadState::Done),
            threads,
        }
    }

    /// Waits until every level of the table is read and checked (at once
    /// for a table built or read in full; a table opened from level
    /// files is read in the background).
    ///
    /// ```
    /// use bohnenspiel::Rules;
    /// use bohnenspiel::analysis::EndgameTable;
    ///
    /// let dir = tempfile::tempdir()?;
    /// let built = EndgameTable::build(Rules::default(), 6)?;
    /// built.save(dir.path(), 0..=6, bohnenspiel::analysis::TableForm::Exact)?;
    /// let opened = EndgameTable::open(dir.path())?;
    /// opened.wait_loaded()?;
    /// assert_eq!(opened, built);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    ///
    /// [`TableError::Load`] around what made a level fail (a damaged or
    /// cut file, named in a [`TableError::File`]); the levels below it
    /// still serve, those from it up have no values.
    pub fn wait_loaded(&self) -> Result<(), TableError> {
        match self.loading.wait() {
            LoadState::Failed(error) => Err(TableError::Load { source: error }),
            LoadState::Reading | LoadState::Done => Ok(()),
        }
    }

    /// Whether every level of the table is read and checked, without
    /// waiting: `Ok(false)` while levels are still being read.
    ///
    /// # Errors
    ///
    /// As for [`EndgameTable::wait_loaded`], once a level has failed.
    pub fn loaded(&self) -> Result<bool, TableError> {
        match self.loading.state() {
            LoadState::Reading => Ok(false),
            LoadState::Done => Ok(true),
            LoadState::Failed(error) => Err(TableError::Load { source: error }),
        }
    }

    /// The most beans on a board whose level, and every level below it,
    /// is read and serves: [`EndgameTable::beans`] once the table is read
    /// in full, `None` before level 0 is.
    ///
    /// ```
    /// use bohnenspiel::Rules;
    /// use bohnenspiel::analysis::EndgameTable;
    ///
    /// let table = EndgameTable::build(Rules::default(), 4)?;
    /// assert_eq!(table.loaded_beans(), Some(4));
    /// # Ok::<(), bohnenspiel::analysis::TableError>(())
    /// ```
    #[must_use]
    pub fn loaded_beans(&self) -> Option<u8> {
        let read = self
            .levels
            .iter()
            .take_while(|level| level.get().is_some())
            .count();
        (read > 0).then(|| 2 * (read as u8 - 1))
    }

    /// The entries of level `level` with South to move (those with North
    /// to move are [`index::entry`]'s), if the table holds it and it is
    /// read.
    pub(crate) fn level_entries(&self, level: u8) -> Option<&[u8]> {
        if level % 2 == 1 {
            return None;
        }
        self.levels
            .get(usize::from(level / 2))?
            .get()
            .map(|entries| &**entries)
    }

    /// The number of entries of a table up to `beans` beans: one byte
    /// each in its files. In memory the table keeps those with South to
    /// move, half of them (see the [limits](self#limits)).
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

    /// The length in bytes of the level files of a table up to `beans`
    /// beans in the exact form, all levels together (see the
    /// [file format](self#the-file-format)).
    ///
    /// # Errors
    ///
    /// [`TableError::TooManyBeans`] above [`EndgameTable::MAX_BEANS`].
    pub fn file_len(beans: u8) -> Result<u64, TableError> {
        EndgameTable::entries_for(beans)?;
        Ok((0..=beans)
            .step_by(2)
            .map(|level| file::level_file_len(TableForm::Exact, file::level_entries(level)))
            .sum())
    }

    /// The memory in bytes that building a table up to `beans` beans
    /// takes at its peak, while its top level is built: the levels below
    /// it (their entries with South to move), one byte for each position
    /// of the top level (both players to move), which becomes its
    /// entries, the bookkeeping of the strips in which its boards are
    /// turned round (24 bytes for each side of six holes with at most
    /// `beans` beans, on a 64-bit system), and
    /// 10 MB for the program itself: its code, its threads and the
    /// buffers of the file being written (see the [limits](self#limits)). The same whether the levels below are
    /// built in the same run or read from their files.
    ///
    /// ```
    /// use bohnenspiel::analysis::EndgameTable;
    ///
    /// // Levels 0 to 22 with South to move, level 24 in full, its strips
    /// // and the program.
    /// # #[cfg(target_pointer_width = "64")]
    /// assert_eq!(
    ///     EndgameTable::build_memory(24)?,
    ///     332_095_816 + 834_451_800 + 14_250_600 + 10_000_000
    /// );
    /// # Ok::<(), bohnenspiel::analysis::TableError>(())
    /// ```
    ///
    /// # Errors
    ///
    /// [`TableError::TooManyBeans`] above [`EndgameTable::MAX_BEANS`].
    pub fn build_memory(beans: u8) -> Result<u64, TableError> {
        EndgameTable::entries_for(beans)?;
        let top = beans - beans % 2;
        let below: u64 = (0..top).step_by(2).map(index::boards).sum();
        Ok(below + 2 * index::boards(top) + index::strips_memory(top) + PROGRAM_MEMORY)
    }

    /// The most beans on a board the table covers.
    #[must_use]
    pub const fn beans(&self) -> u8 {
        self.beans
    }

    /// The number of entries (positions), one byte each.
    #[must_use]
    pub fn entries(&self) -> u64 {
        index::entries(self.beans)
    }

    /// The rules the table was built for ([`Rules::repetition_ends_at`] is the
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
        let south = self.level_entries(beans)?;
        index::entry(south, &position.board(), beans, position.turn())
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

    /// Builds the level above those the table holds (`beans() + 2`, or
    /// the next even count) from the levels below it on `threads`
    /// threads, and adds it: a table read from the files of levels 0 to
    /// `n` grows to `n + 2` without building those again, in the memory
    /// [`EndgameTable::build_memory`] gives (the levels below are not
    /// copied unless a clone of the table shares them); the level is the
    /// same, byte for byte, as [`EndgameTable::build`] gives. A table
    /// whose build fails is left as it was.
    ///
    /// ```
    /// use std::num::NonZeroUsize;
    ///
    /// use bohnenspiel::Rules;
    /// use bohnenspiel::analysis::EndgameTable;
    ///
    /// let mut table = EndgameTable::build(Rules::default(), 4)?;
    /// let report = table.build_next(NonZeroUsize::MIN)?;
    /// assert_eq!((report.beans, table.beans()), (6, 6));
    /// assert_eq!(table, EndgameTable::build(Rules::default(), 6)?);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    ///
    /// [`TableError::TooManyBeans`] above [`EndgameTable::MAX_BEANS`],
    /// [`TableError::OutOfMemory`], [`TableError::Threads`] if the threads
    /// cannot be started, or [`TableError::Unsolved`] if a position needs
    /// more than [`EndgameTable::NODES_PER_POSITION`] nodes.
    pub fn build_next(&mut self, threads: NonZeroUsize) -> Result<LevelReport, TableError> {
        self.wait_loaded()?;
        let pool = thread_pool(threads)?;
        let level = self.beans - self.beans % 2 + 2;
        EndgameTable::entries_for(level)?;
        let lower = (0..level)
            .step_by(2)
            .map(|below| {
                self.level_entries(below)
                    .ok_or(TableError::MissingLevel { level: below })
            })
            .collect::<Result<Vec<_>, _>>()?;
        let (entries, report) = build_level(&pool, self.rules(), level, &lower)?;
        // The levels move into the grown table; they are copied only when
        // a clone of the table still shares them.
        let mut built: Vec<Box<[u8]>> = match Arc::get_mut(&mut self.levels) {
            Some(levels) => levels.iter_mut().filter_map(OnceLock::take).collect(),
            None => self
                .levels
                .iter()
                .filter_map(|level| level.get().cloned())
                .collect(),
        };
        built.push(entries);
        *self = EndgameTable::from_built(self.rules(), built, Some(threads));
        Ok(report)
    }

    /// The name of the file of level `level` under `rules` in `form`, as
    /// [`EndgameTable::save`] writes it: `standard-own-side-L16.table`.
    #[must_use]
    pub fn level_file_name(rules: Rules, level: u8, form: TableForm) -> String {
        file::file_name(rules, level, form)
    }

    /// The length in bytes of the file of level `level` in `form` (see the
    /// [file format](self#the-file-format)).
    ///
    /// # Errors
    ///
    /// [`TableError::TooManyBeans`] above [`EndgameTable::MAX_BEANS`].
    pub fn level_file_len(level: u8, form: TableForm) -> Result<u64, TableError> {
        EndgameTable::entries_for(level)?;
        Ok(file::level_file_len(form, file::level_entries(level)))
    }

    /// Writes the file of one level, `level` beans on every board, in
    /// `form` (see the [file format](self#the-file-format)). While it
    /// writes, the level's entries with North to move are held in memory
    /// beside the table, as many bytes as the level keeps with South to
    /// move; they are turned round from South's on as many threads as the
    /// table was built on ([`EndgameTable::build_reporting`],
    /// [`EndgameTable::build_next`]), on rayon's global pool for a table
    /// read from files.
    ///
    /// # Errors
    ///
    /// [`TableError::MissingLevel`] if the table does not hold the level
    /// (it is odd or above [`EndgameTable::beans`]); [`TableError::Io`]
    /// if writing fails (a full disk among others);
    /// [`TableError::OutOfMemory`] if the entries with North to move
    /// cannot be held; [`TableError::Threads`] if the threads cannot be
    /// started.
    pub fn write_level(
        &self,
        level: u8,
        form: TableForm,
        out: impl Write,
    ) -> Result<(), TableError> {
        self.wait_loaded()?;
        if level % 2 == 1 || level > self.beans {
            return Err(TableError::MissingLevel { level });
        }
        file::write_level(self, level, form, out)
    }

    /// Writes the files of levels `levels` (those the table holds) in
    /// `form` into the directory `dir`, each under its
    /// [name](EndgameTable::level_file_name), never half-written: to a
    /// temporary name beside it, then renamed. Returns the paths written.
    /// Each is written as [`EndgameTable::write_level`] writes it, on the
    /// same threads.
    ///
    /// # Errors
    ///
    /// [`TableError::File`] naming the file that could not be written,
    /// around [`TableError::Io`] (the temporary file is removed) or what
    /// else made [`EndgameTable::write_level`] fail;
    /// [`TableError::MissingLevel`] for a level the table does not hold.
    pub fn save(
        &self,
        dir: &Path,
        levels: std::ops::RangeInclusive<u8>,
        form: TableForm,
    ) -> Result<Vec<PathBuf>, TableError> {
        self.wait_loaded()?;
        let mut written = Vec::new();
        for level in levels.filter(|level| level % 2 == 0) {
            if level > self.beans {
                return Err(TableError::MissingLevel { level });
            }
            let path = dir.join(EndgameTable::level_file_name(self.rules(), level, form));
            set::save_atomically(&path, |out| file::write_level(self, level, form, out))?;
            written.push(path);
        }
        Ok(written)
    }

    /// Writes the files of every level, from 0 beans up, one after another
    /// in the exact form: a stream [`EndgameTable::read`] reads. Each is
    /// written as [`EndgameTable::write_level`] writes it, on the same
    /// threads.
    ///
    /// # Errors
    ///
    /// [`TableError::Io`] if writing fails; [`TableError::OutOfMemory`]
    /// or [`TableError::Threads`] as for [`EndgameTable::write_level`].
    pub fn write(&self, mut out: impl Write) -> Result<(), TableError> {
        self.wait_loaded()?;
        for level in (0..=self.beans).step_by(2) {
            file::write_level(self, level, TableForm::Exact, &mut out)?;
        }
        Ok(())
    }

    /// Reads the exact level files written one after another to `input`
    /// ([`EndgameTable::write`]), from level 0 up, checking all of each:
    /// the magic bytes, the version, the header's fields, the length, the
    /// checksums and every value, and that the levels fit together.
    ///
    /// # Errors
    ///
    /// [`TableError::NotATable`], [`TableError::Version`],
    /// [`TableError::Corrupt`], [`TableError::EntryCount`],
    /// [`TableError::TooManyBeans`], [`TableError::Truncated`],
    /// [`TableError::Checksum`], [`TableError::MissingLevel`],
    /// [`TableError::DuplicateLevel`], [`TableError::MixedRules`],
    /// [`TableError::Form`], [`TableError::OutOfMemory`] or
    /// [`TableError::Io`].
    pub fn read(input: impl Read) -> Result<EndgameTable, TableError> {
        set::read_stream(input, TableForm::Exact).map(EndgameTable::from_levels)
    }

    /// Opens the exact level files at `paths`, in any order: every header
    /// is read and the set checked before this returns (in a time that
    /// does not grow with the files), then the levels are read in the
    /// background from level 0 up, each checked in full as
    /// [`EndgameTable::read`] does before any of its values serves (see
    /// [`EndgameTable::wait_loaded`]).
    ///
    /// # Errors
    ///
    /// As for [`EndgameTable::read`], inside a [`TableError::File`] that
    /// names the file, for the headers; [`TableError::Threads`] if the
    /// reading thread cannot be started. What goes wrong with a level's
    /// entries is reported by [`EndgameTable::wait_loaded`].
    pub fn open_files(paths: &[PathBuf]) -> Result<EndgameTable, TableError> {
        EndgameTable::read_in_background(set::open_files(paths, TableForm::Exact)?)
    }

    /// Opens the table at `path`: if it is a directory, the exact level
    /// files in it (the names ending in `-LNN.table`, as
    /// [`EndgameTable::save`] writes them; one table a directory), read in
    /// the background as [`EndgameTable::open_files`] does; else the
    /// level files one after another in the file, read in full
    /// ([`EndgameTable::read`]).
    ///
    /// # Errors
    ///
    /// As for [`EndgameTable::open_files`] and [`EndgameTable::read`].
    pub fn open(path: &Path) -> Result<EndgameTable, TableError> {
        if path.is_dir() {
            EndgameTable::open_files(&set::level_files(path, TableForm::Exact)?)
        } else {
            read_stream_file(path, TableForm::Exact).map(EndgameTable::from_levels)
        }
    }

    /// A table of the levels read in full one after another.
    fn from_levels(levels: set::Levels) -> EndgameTable {
        let rules = Rules {
            variant: levels.variant,
            endless_play: levels.endless_play,
            ..Rules::default()
        };
        let mut bytes = levels.bytes;
        // From the top level down, each moved into memory of its own
        // while the rest gives its place back.
        let mut built: Vec<Box<[u8]>> = levels
            .starts
            .iter()
            .rev()
            .map(|&start| {
                let level = bytes.split_off(start).into_boxed_slice();
                bytes.shrink_to_fit();
                level
            })
            .collect();
        built.reverse();
        EndgameTable::from_built(rules, built, None)
    }

    /// A table whose levels `opened` are read by a thread of their own,
    /// level 0 first, each set once read and checked.
    fn read_in_background(opened: set::Opened) -> Result<EndgameTable, TableError> {
        let levels: Arc<[OnceLock<Box<[u8]>>]> =
            opened.files.iter().map(|_| OnceLock::new()).collect();
        let loading = Loading::new(LoadState::Reading);
        let table = EndgameTable {
            variant: opened.variant,
            endless_play: opened.endless_play,
            beans: opened.beans,
            levels: Arc::clone(&levels),
            loading: Arc::clone(&loading),
            threads: None,
        };
        let files = opened.files;
        std::thread::Builder::new()
            .name("table-load".into())
            .spawn(move || {
                let result = files.into_iter().try_for_each(|file| {
                    if Arc::strong_count(&levels) == 1 {
                        // Every clone of the table is gone: no one reads
                        // the levels left.
                        return Ok(());
                    }
                    let slot = levels.get(usize::from(file.header.level / 2));
                    let entries = set::read_level_apart(file)?.into_boxed_slice();
                    if let Some(slot) = slot {
                        // Only this thread sets the levels, each once.
                        let _ = slot.set(entries);
                    }
                    Ok(())
                });
                // The levels are the table's alone before it hears the end.
                drop(levels);
                loading.finish(result);
            })
            .map_err(|error| TableError::Threads {
                threads: NonZeroUsize::MIN,
                reason: error.to_string(),
            })?;
        Ok(table)
    }
}

/// The memory in bytes that [`EndgameTable::build_memory`] allows for the
/// program besides the table: its code, its threads, their work lists
/// and the buffers of the file being written (the peaks of `bohnenspiel
/// table` up to 16 and 18 beans are 8.7 and 12.1 MB above the rest of
/// the estimate, those of the `tables` example 2.3 MB).
const PROGRAM_MEMORY: u64 = 10_000_000;

/// Builds level `level` from the entries of the levels below it,
/// `lower` (South to move), on the threads of `pool`: its entries with
/// South to move, and its report.
fn build_level(
    pool: &rayon::ThreadPool,
    rules: Rules,
    level: u8,
    lower: &[&[u8]],
) -> Result<(Box<[u8]>, LevelReport), TableError> {
    let total = file::level_entries(level);
    usize::try_from(total).map_err(|_| TableError::OutOfMemory { bytes: total })?;
    let (entries, report) = pool.install(|| build::build_level(rules, level, lower))?;
    Ok((entries.into_boxed_slice(), report))
}

/// The threads of a build.
fn thread_pool(threads: NonZeroUsize) -> Result<rayon::ThreadPool, TableError> {
    rayon::ThreadPoolBuilder::new()
        .num_threads(threads.get())
        .thread_name(|thread| format!("table-build-{thread}"))
        .build()
        .map_err(|error| TableError::Threads {
            threads,
            reason: error.to_string(),
        })
}

/// The levels of `form` at `path`, a directory or one stream of levels,
/// read in full.
fn open(path: &Path, form: TableForm) -> Result<set::Levels, TableError> {
    if path.is_dir() {
        set::read_files(&set::level_files(path, form)?, form)
    } else {
        read_stream_file(path, form)
    }
}

/// The levels of `form` in the file at `path`, one after another.
fn read_stream_file(path: &Path, form: TableForm) -> Result<set::Levels, TableError> {
    let in_file = |error: TableError| TableError::File {
        path: path.to_path_buf(),
        source: Box::new(error),
    };
    let file = std::fs::File::open(path).map_err(|error| in_file(error.into()))?;
    set::read_stream(std::io::BufReader::with_capacity(1 << 20, file), form).map_err(in_file)
}
