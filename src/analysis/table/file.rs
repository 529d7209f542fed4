//! The table's file format (see the [module docs](super#the-file-format)).

use std::io::{self, Read, Write};

use xxhash_rust::xxh3::xxh3_64_with_seed;

use super::index::{entries, level_offset};
use super::{EndgameTable, TableError};
use crate::{EndlessPlay, Variant};

/// The first eight bytes of every table file.
pub(crate) const MAGIC: [u8; 8] = *b"BOHNTAB\n";

/// The version of the format written and read.
pub(crate) const VERSION: u32 = 2;

/// The header's length in bytes.
pub(crate) const HEADER: usize = 32;

/// The entries of one block; each block is followed by its checksum.
pub(crate) const BLOCK: usize = 1 << 20;

/// The length of a block's checksum.
const SUM: usize = 8;

/// The checksum of the header's first 24 bytes (seed `u64::MAX`) or of a
/// block's entries (seed: the block's index from 0): XXH3, 64 bits.
fn checksum(bytes: &[u8], seed: u64) -> u64 {
    xxh3_64_with_seed(bytes, seed)
}

/// The seed of the header's checksum.
const HEADER_SEED: u64 = u64::MAX;

/// The length of a file holding `count` entries.
#[must_use]
pub(crate) const fn file_len(count: u64) -> u64 {
    HEADER as u64 + count + SUM as u64 * count.div_ceil(BLOCK as u64)
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

/// The header's first 24 bytes (all but the checksum).
fn header(table: &EndgameTable) -> [u8; 24] {
    let mut bytes = [0u8; 24];
    bytes[..8].copy_from_slice(&MAGIC);
    bytes[8..12].copy_from_slice(&VERSION.to_le_bytes());
    bytes[12] = variant_code(table.variant);
    bytes[13] = endless_code(table.endless_play);
    bytes[14] = table.beans;
    bytes[16..24].copy_from_slice(&(table.entries.len() as u64).to_le_bytes());
    bytes
}

pub(crate) fn write(table: &EndgameTable, mut out: impl Write) -> Result<(), TableError> {
    let head = header(table);
    out.write_all(&head)?;
    out.write_all(&checksum(&head, HEADER_SEED).to_le_bytes())?;
    for (index, block) in table.entries.chunks(BLOCK).enumerate() {
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

/// The header's fields, checked.
struct Header {
    variant: Variant,
    endless_play: EndlessPlay,
    beans: u8,
    count: u64,
}

fn read_header(input: &mut impl Read) -> Result<Header, TableError> {
    let mut head = [0u8; HEADER];
    let got = fill(input, &mut head)?;
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
            expected: HEADER as u64,
            found: got as u64,
        });
    }
    let stored = le_u64(&head, 24);
    let computed = checksum(&head[..24], HEADER_SEED);
    if stored != computed {
        return Err(TableError::Checksum {
            offset: 0,
            len: 24,
            stored,
            computed,
        });
    }
    let corrupt = |offset: u64, what: &'static str| TableError::Corrupt { offset, what };
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
    let beans = head[14];
    if beans > EndgameTable::MAX_BEANS {
        return Err(TableError::TooManyBeans {
            beans,
            max: EndgameTable::MAX_BEANS,
        });
    }
    if head[15] != 0 {
        return Err(corrupt(15, "the reserved byte is not 0"));
    }
    let count = le_u64(&head, 16);
    if count != entries(beans) {
        return Err(corrupt(
            16,
            "the number of entries does not match the bean limit",
        ));
    }
    Ok(Header {
        variant,
        endless_play,
        beans,
        count,
    })
}

pub(crate) fn read(mut input: impl Read) -> Result<EndgameTable, TableError> {
    let Header {
        variant,
        endless_play,
        beans,
        count,
    } = read_header(&mut input)?;
    let expected = file_len(count);
    let len = usize::try_from(count).map_err(|_| TableError::OutOfMemory { bytes: count })?;
    let mut values = Vec::new();
    values
        .try_reserve_exact(len)
        .map_err(|_| TableError::OutOfMemory { bytes: count })?;
    // Block by block: read, then checked while it is still in the cache.
    let mut file_offset = HEADER as u64;
    let mut index = 0u64;
    while values.len() < len {
        let start = values.len();
        let want = BLOCK.min(len - start);
        let got = (&mut input).take(want as u64).read_to_end(&mut values)?;
        let mut sum = [0u8; SUM];
        let got_sum = if got == want {
            fill(&mut input, &mut sum)?
        } else {
            0
        };
        if got < want || got_sum < SUM {
            return Err(TableError::Truncated {
                expected,
                found: file_offset + (got + got_sum) as u64,
            });
        }
        let stored = u64::from_le_bytes(sum);
        let computed = checksum(&values[start..], index);
        if stored != computed {
            return Err(TableError::Checksum {
                offset: file_offset,
                len: want as u64,
                stored,
                computed,
            });
        }
        file_offset += (want + SUM) as u64;
        index += 1;
    }
    let mut extra = [0u8; 1];
    if fill(&mut input, &mut extra)? > 0 {
        return Err(TableError::Corrupt {
            offset: expected,
            what: "there are bytes after the last block",
        });
    }
    // A value is at most the beans on its board.
    for level in (0..=beans).step_by(2) {
        let start = level_offset(level) as usize;
        let end = entries(level) as usize;
        let entries = &values[start..end];
        // The largest value of each chunk (a loop without an early exit,
        // which the compiler turns into vector instructions); the place of
        // a value too large is looked for only when there is one.
        let too_large = |chunk: &[u8]| chunk.iter().fold(0u8, |max, &value| max.max(value)) > level;
        if entries.chunks(1 << 12).any(too_large)
            && let Some(at) = entries.iter().position(|&value| value > level)
        {
            return Err(TableError::Corrupt {
                offset: entry_offset((start + at) as u64),
                what: "an entry is larger than the beans on its board",
            });
        }
    }
    Ok(EndgameTable {
        variant,
        endless_play,
        beans,
        entries: values,
    })
}

/// Where entry `index` is in the file: after the header and the checksums
/// of the blocks before its own.
const fn entry_offset(index: u64) -> u64 {
    HEADER as u64 + index + SUM as u64 * (index / BLOCK as u64)
}
