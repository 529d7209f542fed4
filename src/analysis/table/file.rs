//! The table's file format (see the [module docs](super#the-file-format)).

use std::io::{self, Read, Write};

use super::index::{entries, level_offset};
use super::{EndgameTable, TableError};
use crate::{EndlessPlay, Variant};

/// The first eight bytes of every table file.
pub(crate) const MAGIC: [u8; 8] = *b"BOHNTAB\n";

/// The version of the format written and read.
pub(crate) const VERSION: u32 = 1;

/// The header's length in bytes.
pub(crate) const HEADER: usize = 32;

/// The checksum of everything before it: FNV-1a, 64 bits.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Fnv(u64);

impl Fnv {
    pub(crate) const fn new() -> Fnv {
        Fnv(0xcbf2_9ce4_8422_2325)
    }

    pub(crate) fn update(&mut self, bytes: &[u8]) {
        for &byte in bytes {
            self.0 = (self.0 ^ u64::from(byte)).wrapping_mul(0x0000_0100_0000_01b3);
        }
    }

    pub(crate) const fn value(self) -> u64 {
        self.0
    }
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
    let mut sum = Fnv::new();
    sum.update(&head);
    sum.update(&table.entries);
    out.write_all(&head)?;
    out.write_all(&sum.value().to_le_bytes())?;
    out.write_all(&table.entries)?;
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

pub(crate) fn read(mut input: impl Read) -> Result<EndgameTable, TableError> {
    let mut head = [0u8; HEADER];
    let got = fill(&mut input, &mut head)?;
    if got >= MAGIC.len() && head[..8] != MAGIC || got < MAGIC.len() && head[..got] != MAGIC[..got]
    {
        return Err(TableError::NotATable);
    }
    if got < HEADER {
        return Err(TableError::Truncated {
            expected: HEADER as u64,
            found: got as u64,
        });
    }
    let version = u32::from_le_bytes([head[8], head[9], head[10], head[11]]);
    if version != VERSION {
        return Err(TableError::Version {
            found: version,
            supported: VERSION,
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
    let count = u64::from_le_bytes(head[16..24].try_into().unwrap_or_default());
    if count != entries(beans) {
        return Err(corrupt(
            16,
            "the number of entries does not match the bean limit",
        ));
    }
    let stored = u64::from_le_bytes(head[24..32].try_into().unwrap_or_default());
    let len = usize::try_from(count).map_err(|_| TableError::OutOfMemory { bytes: count })?;
    let mut values = Vec::new();
    values
        .try_reserve_exact(len)
        .map_err(|_| TableError::OutOfMemory { bytes: count })?;
    let read = (&mut input).take(count).read_to_end(&mut values)?;
    if read < len {
        return Err(TableError::Truncated {
            expected: HEADER as u64 + count,
            found: (HEADER + read) as u64,
        });
    }
    let mut sum = Fnv::new();
    sum.update(&head[..24]);
    sum.update(&values);
    if sum.value() != stored {
        return Err(TableError::Checksum {
            stored,
            computed: sum.value(),
        });
    }
    let mut extra = [0u8; 1];
    if fill(&mut input, &mut extra)? > 0 {
        return Err(corrupt(
            HEADER as u64 + count,
            "there are bytes after the last entry",
        ));
    }
    // A value is at most the beans on its board.
    for level in (0..=beans).step_by(2) {
        let start = level_offset(level) as usize;
        let end = entries(level) as usize;
        if let Some(at) = values[start..end].iter().position(|&value| value > level) {
            return Err(corrupt(
                (HEADER + start + at) as u64,
                "an entry is larger than the beans on its board",
            ));
        }
    }
    Ok(EndgameTable {
        variant,
        endless_play,
        beans,
        entries: values,
    })
}
