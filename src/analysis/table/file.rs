//! The file of one level (see the [module docs](super#the-file-format)):
//! its header, and its entries in checked blocks, in either form.

use std::io::{self, Read, Write};
use std::num::NonZeroUsize;

use xxhash_rust::xxh3::xxh3_64_with_seed;

use super::index::{boards, turn_round, turned};
use super::{EndgameTable, TableError, TableForm, thread_pool};
use crate::{EndlessPlay, Rules, Variant};

/// The first eight bytes of every table file.
pub(crate) const MAGIC: [u8; 8] = *b"BOHNTAB\n";

/// The version of the format written and read.
pub(crate) const VERSION: u32 = 3;

/// The header's length in bytes.
pub(crate) const HEADER: usize = 32;

/// The bytes of one block; each block is followed by its checksum.
pub(crate) const BLOCK: usize = 1 << 20;

/// The length of a block's checksum.
const SUM: usize = 8;

/// The seed of the header's checksum.
const HEADER_SEED: u64 = u64::MAX;

/// The checksum of the header's first 24 bytes (seed `u64::MAX`) or of a
/// block (seed: the block's index from 0): XXH3, 64 bits.
fn checksum(bytes: &[u8], seed: u64) -> u64 {
    xxh3_64_with_seed(bytes, seed)
}

/// The positions of the level of `beans` beans, both players to move.
pub(crate) const fn level_entries(beans: u8) -> u64 {
    2 * boards(beans)
}

/// The bytes that hold `count` entries in `form`.
pub(crate) const fn payload_len(form: TableForm, count: u64) -> u64 {
    match form {
        TableForm::Exact => count,
        TableForm::Wdl => count.div_ceil(4),
    }
}

/// The bytes of a level of `count` entries that a table keeps in memory:
/// in the exact form those with South to move (the first half; the
/// others are the boards turned round, [`super::index::entry`]), in the
/// 2-bit form all.
pub(crate) const fn kept_len(form: TableForm, count: u64) -> u64 {
    match form {
        TableForm::Exact => count / 2,
        TableForm::Wdl => payload_len(form, count),
    }
}

/// The length of the file of a level of `count` entries in `form`.
#[must_use]
pub(crate) const fn level_file_len(form: TableForm, count: u64) -> u64 {
    let payload = payload_len(form, count);
    HEADER as u64 + payload + SUM as u64 * payload.div_ceil(BLOCK as u64)
}

const fn variant_code(variant: Variant) -> u8 {
    match variant {
        Variant::Standard => 0,
        Variant::Hemprich => 1,
    }
}

const fn endless_code(rule: EndlessPlay) -> u8 {
    match rule {
        EndlessPlay::OwnSide => 0,
        EndlessPlay::LastMover => 1,
        EndlessPlay::Split => 2,
    }
}

const fn form_code(form: TableForm) -> u8 {
    match form {
        TableForm::Exact => 0,
        TableForm::Wdl => 1,
    }
}

/// The name of the file of level `beans` under `rules` in `form`:
/// `standard-own-side-L16.table`, `hemprich-split-L08.wdl`.
#[must_use]
pub(crate) fn file_name(rules: Rules, beans: u8, form: TableForm) -> String {
    let variant = match rules.variant {
        Variant::Standard => "standard",
        Variant::Hemprich => "hemprich",
    };
    let endless = match rules.endless_play {
        EndlessPlay::OwnSide => "own-side",
        EndlessPlay::LastMover => "last-mover",
        EndlessPlay::Split => "split",
    };
    format!("{variant}-{endless}-L{beans:02}.{}", form.extension())
}

/// A level file's header, checked.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Header {
    pub(crate) variant: Variant,
    pub(crate) endless_play: EndlessPlay,
    /// The beans on every board of the level.
    pub(crate) level: u8,
    pub(crate) form: TableForm,
}

impl Header {
    pub(crate) fn rules(self) -> Rules {
        Rules {
            variant: self.variant,
            endless_play: self.endless_play,
            ..Rules::default()
        }
    }

    pub(crate) const fn count(self) -> u64 {
        level_entries(self.level)
    }

    /// The header's first 24 bytes (all but the checksum).
    fn bytes(self) -> [u8; 24] {
        let mut bytes = [0u8; 24];
        bytes[..8].copy_from_slice(&MAGIC);
        bytes[8..12].copy_from_slice(&VERSION.to_le_bytes());
        bytes[12] = variant_code(self.variant);
        bytes[13] = endless_code(self.endless_play);
        bytes[14] = self.level;
        bytes[15] = form_code(self.form);
        bytes[16..24].copy_from_slice(&self.count().to_le_bytes());
        bytes
    }
}

/// The 2-bit code of an entry: the beans South gets from a board of
/// `level` beans against half of them (0 fewer, 1 half, 2 more).
pub(crate) const fn wdl_code(value: u8, level: u8) -> u8 {
    let twice = 2 * value as u16;
    if twice < level as u16 {
        0
    } else if twice == level as u16 {
        1
    } else {
        2
    }
}

/// The entries of a level of `level` beans with North to move, in rank
/// order, from `south`, those with South to move: the board less the
/// entry of each board turned round, turned in strips
/// ([`turn_round`]) on `threads` threads (those the table was built on),
/// or on rayon's global pool for `None`.
fn north_entries(
    south: &[u8],
    level: u8,
    threads: Option<NonZeroUsize>,
) -> Result<Vec<u8>, TableError> {
    let mut north = Vec::new();
    north
        .try_reserve_exact(south.len())
        .map_err(|_| TableError::OutOfMemory {
            bytes: south.len() as u64,
        })?;
    north.resize(south.len(), 0);
    let mut turn = || turn_round(south, &mut north, level, |value| turned(value, level));
    match threads {
        Some(threads) => thread_pool(threads)?.install(turn),
        None => turn(),
    }
    Ok(north)
}

/// Fills `out` with the entries of a level from entry `start` on: those
/// with South to move, `south`, then those with North to move, `north`.
fn fill_entries(south: &[u8], north: &[u8], start: usize, out: &mut [u8]) {
    let from_south = south.len().saturating_sub(start).min(out.len());
    let (south_part, north_part) = out.split_at_mut(from_south);
    south_part.copy_from_slice(&south[start.min(south.len())..][..from_south]);
    let first = (start + from_south).saturating_sub(south.len());
    let from_north = north.len().saturating_sub(first).min(north_part.len());
    north_part[..from_north].copy_from_slice(&north[first.min(north.len())..][..from_north]);
}

/// Writes the file of level `level` of `table` in `form`.
pub(crate) fn write_level(
    table: &EndgameTable,
    level: u8,
    form: TableForm,
    mut out: impl Write,
) -> Result<(), TableError> {
    let header = Header {
        variant: table.variant,
        endless_play: table.endless_play,
        level,
        form,
    };
    let south = table
        .level_entries(level)
        .ok_or(TableError::MissingLevel { level })?;
    let count = usize::try_from(header.count()).map_err(|_| TableError::OutOfMemory {
        bytes: header.count(),
    })?;
    let head = header.bytes();
    out.write_all(&head)?;
    out.write_all(&checksum(&head, HEADER_SEED).to_le_bytes())?;
    // The entries of each block, South's copied and North's turned round
    // (the level's size once more in memory while it is written).
    let north = north_entries(south, level, table.threads)?;
    let per_block = match form {
        TableForm::Exact => BLOCK,
        TableForm::Wdl => 4 * BLOCK,
    };
    let mut entries = vec![0; per_block.min(count)];
    let mut packed = Vec::with_capacity(BLOCK.min(count.div_ceil(4)));
    for (index, start) in (0..count).step_by(per_block).enumerate() {
        let entries = &mut entries[..per_block.min(count - start)];
        fill_entries(south, &north, start, entries);
        let block = match form {
            TableForm::Exact => &*entries,
            TableForm::Wdl => {
                packed.clear();
                packed.extend(entries.chunks(4).map(|four| {
                    four.iter().enumerate().fold(0u8, |byte, (at, &value)| {
                        byte | wdl_code(value, level) << (2 * at)
                    })
                }));
                &packed
            }
        };
        out.write_all(block)?;
        out.write_all(&checksum(block, index as u64).to_le_bytes())?;
    }
    out.flush()?;
    Ok(())
}

/// Reads into `buffer` until it is full or the input ends; returns how
/// many bytes were read.
fn fill(input: &mut impl Read, buffer: &mut [u8]) -> io::Result<usize> {
    let mut read = 0;
    while read < buffer.len() {
        match input.read(&mut buffer[read..]) {
            Ok(0) => break,
            Ok(count) => read += count,
            Err(error) if error.kind() == io::ErrorKind::Interrupted => {}
            Err(error) => return Err(error),
        }
    }
    Ok(read)
}

/// A little-endian `u64` from 8 bytes of `bytes` at `at` (0 if there are
/// fewer).
fn le_u64(bytes: &[u8], at: usize) -> u64 {
    bytes
        .get(at..at + 8)
        .and_then(|eight| eight.try_into().ok())
        .map_or(0, u64::from_le_bytes)
}

/// Reads and checks a level's header; `None` if the input ends before
/// its first byte. `base` is where the header begins in the input, for
/// the places errors name.
pub(crate) fn read_header(input: &mut impl Read, base: u64) -> Result<Option<Header>, TableError> {
    let mut head = [0u8; HEADER];
    let got = fill(input, &mut head)?;
    if got == 0 {
        return Ok(None);
    }
    if got >= MAGIC.len() && head[..8] != MAGIC || got < MAGIC.len() && head[..got] != MAGIC[..got]
    {
        return Err(TableError::NotATable);
    }
    // The version first: an older file is named as such, whatever follows.
    if got >= 12 {
        let version = u32::from_le_bytes([head[8], head[9], head[10], head[11]]);
        if version != VERSION {
            return Err(TableError::Version {
                found: version,
                supported: VERSION,
            });
        }
    }
    if got < HEADER {
        return Err(TableError::Truncated {
            expected: base + HEADER as u64,
            found: base + got as u64,
        });
    }
    let stored = le_u64(&head, 24);
    let computed = checksum(&head[..24], HEADER_SEED);
    if stored != computed {
        return Err(TableError::Checksum {
            offset: base,
            len: 24,
            stored,
            computed,
        });
    }
    let corrupt = |at: u64, what: &'static str| TableError::Corrupt {
        offset: base + at,
        what,
    };
    let variant = match head[12] {
        0 => Variant::Standard,
        1 => Variant::Hemprich,
        _ => return Err(corrupt(12, "the rules variant is unknown")),
    };
    let endless_play = match head[13] {
        0 => EndlessPlay::OwnSide,
        1 => EndlessPlay::LastMover,
        2 => EndlessPlay::Split,
        _ => return Err(corrupt(13, "the endless-play rule is unknown")),
    };
    let level = head[14];
    if level > EndgameTable::MAX_BEANS {
        return Err(TableError::TooManyBeans {
            beans: level,
            max: EndgameTable::MAX_BEANS,
        });
    }
    if level % 2 == 1 {
        return Err(corrupt(14, "the level is odd: boards hold even counts"));
    }
    let form = match head[15] {
        0 => TableForm::Exact,
        1 => TableForm::Wdl,
        _ => return Err(corrupt(15, "the form is unknown")),
    };
    let count = le_u64(&head, 16);
    let header = Header {
        variant,
        endless_play,
        level,
        form,
    };
    if count != header.count() {
        return Err(TableError::EntryCount {
            level,
            found: count,
            expected: header.count(),
        });
    }
    Ok(Some(header))
}

/// Reads the entries of the level `header` announces and keeps
/// [`kept_len`] of them on the end of `bytes` (the capacity is reserved
/// by the caller), checking each block as it is read: its checksum, and
/// in the exact form every value; in the 2-bit form every code once the
/// level is read. `base` is where the header began in the input.
pub(crate) fn read_payload(
    input: &mut impl Read,
    header: Header,
    bytes: &mut Vec<u8>,
    base: u64,
) -> Result<(), TableError> {
    let expected = base + level_file_len(header.form, header.count());
    let start = bytes.len();
    let len = payload_len(header.form, header.count());
    let keep = kept_len(header.form, header.count());
    let mut block = Vec::with_capacity(BLOCK.min(usize::try_from(len).unwrap_or(BLOCK)));
    let mut file_offset = base + HEADER as u64;
    let mut read = 0;
    let mut index = 0;
    while read < len {
        let want = (BLOCK as u64).min(len - read);
        block.clear();
        let got = input.take(want).read_to_end(&mut block)?;
        let mut sum = [0u8; SUM];
        let got_sum = if got as u64 == want {
            fill(input, &mut sum)?
        } else {
            0
        };
        if (got as u64) < want || got_sum < SUM {
            return Err(TableError::Truncated {
                expected,
                found: file_offset + (got + got_sum) as u64,
            });
        }
        let stored = u64::from_le_bytes(sum);
        let computed = checksum(&block, index);
        if stored != computed {
            return Err(TableError::Checksum {
                offset: file_offset,
                len: want,
                stored,
                computed,
            });
        }
        if header.form == TableForm::Exact
            && let Some(at) = first_too_large(&block, header.level)
        {
            return Err(TableError::Corrupt {
                offset: base + payload_offset(read + at as u64),
                what: "an entry is larger than the beans on its board",
            });
        }
        let kept = keep.saturating_sub(read).min(want) as usize;
        bytes.extend_from_slice(&block[..kept]);
        read += want;
        file_offset += want + SUM as u64;
        index += 1;
    }
    if header.form == TableForm::Wdl
        && let Some(at) = first_bad_code(&bytes[start..], header.count())
    {
        return Err(TableError::Corrupt {
            offset: base + payload_offset(at as u64),
            what: "a 2-bit entry is 3, or the padding after the last is not 0",
        });
    }
    Ok(())
}

/// The first entry larger than `level`, if any.
fn first_too_large(entries: &[u8], level: u8) -> Option<usize> {
    // The largest value of each chunk (a loop without an early exit, which
    // the compiler turns into vector instructions); the place of a value
    // too large is looked for only when there is one.
    let too_large = |chunk: &[u8]| chunk.iter().fold(0u8, |max, &value| max.max(value)) > level;
    if entries.chunks(1 << 12).any(too_large) {
        entries.iter().position(|&value| value > level)
    } else {
        None
    }
}

/// The first byte of packed 2-bit entries that holds the code 3, or
/// padding bits that are not 0 after the last of `count` entries.
fn first_bad_code(packed: &[u8], count: u64) -> Option<usize> {
    // A code is 3 where both of its bits are set.
    let threes = |byte: u8| byte & (byte >> 1) & 0b0101_0101;
    let any = |chunk: &[u8]| chunk.iter().fold(0u8, |all, &byte| all | threes(byte)) != 0;
    if packed.chunks(1 << 12).any(any)
        && let Some(at) = packed.iter().position(|&byte| threes(byte) != 0)
    {
        return Some(at);
    }
    let used = (count % 4) as u32;
    match packed.last() {
        Some(&last) if used != 0 && last >> (2 * used) != 0 => Some(packed.len() - 1),
        _ => None,
    }
}

/// Where byte `index` of a level's entries is in its file: after the
/// header and the checksums of the blocks before its own.
const fn payload_offset(index: u64) -> u64 {
    HEADER as u64 + index + SUM as u64 * (index / BLOCK as u64)
}
