//! A table as a set of level files: read from one stream (the levels one
//! after another, from 0 beans up), from a list of files in any order, or
//! from a directory; and each level saved under its own name, never
//! half-written.

use std::fs::{self, File};
use std::io::{BufReader, BufWriter, Read, Write};
use std::path::{Path, PathBuf};

use super::file::{Header, kept_len, level_file_len, read_header, read_payload};
use super::{TableError, TableForm};
use crate::{EndlessPlay, Variant};

/// The levels of a table, read and checked: their bytes one level after
/// another.
pub(crate) struct Levels {
    pub(crate) variant: Variant,
    pub(crate) endless_play: EndlessPlay,
    /// The top level's bean count.
    pub(crate) beans: u8,
    pub(crate) bytes: Vec<u8>,
    /// Where each level's bytes begin, level 0 first.
    pub(crate) starts: Vec<usize>,
}

/// The checks every level of a set passes against the levels below it.
struct Expect {
    form: TableForm,
    first: Option<Header>,
    /// The level that must come next.
    next: u8,
}

impl Expect {
    const fn new(form: TableForm) -> Expect {
        Expect {
            form,
            first: None,
            next: 0,
        }
    }

    fn check(&mut self, header: Header) -> Result<(), TableError> {
        if header.form != self.form {
            return Err(TableError::Form {
                found: header.form,
                expected: self.form,
            });
        }
        if let Some(first) = self.first
            && first.rules() != header.rules()
        {
            return Err(TableError::MixedRules {
                level: header.level,
                found: header.rules(),
                expected: first.rules(),
            });
        }
        if header.level > self.next {
            return Err(TableError::MissingLevel { level: self.next });
        }
        self.first.get_or_insert(header);
        self.next = header.level + 2;
        Ok(())
    }

    fn finish(self, bytes: Vec<u8>, starts: Vec<usize>) -> Result<Levels, TableError> {
        let first = self.first.ok_or(TableError::MissingLevel { level: 0 })?;
        Ok(Levels {
            variant: first.variant,
            endless_play: first.endless_play,
            beans: self.next - 2,
            bytes,
            starts,
        })
    }
}

/// Room for `len` more bytes at the end of `bytes`, or how many could
/// not be had.
fn reserve(bytes: &mut Vec<u8>, len: u64) -> Result<(), TableError> {
    let out_of_memory = TableError::OutOfMemory { bytes: len };
    let len = usize::try_from(len).map_err(|_| out_of_memory)?;
    bytes
        .try_reserve_exact(len)
        .map_err(|_| TableError::OutOfMemory { bytes: len as u64 })
}

/// Reads level files written one after another, from level 0 up, until
/// the input ends.
pub(crate) fn read_stream(mut input: impl Read, form: TableForm) -> Result<Levels, TableError> {
    let mut expect = Expect::new(form);
    let mut bytes = Vec::new();
    let mut starts = Vec::new();
    let mut base = 0;
    while let Some(header) = read_header(&mut input, base)? {
        if header.level < expect.next {
            return Err(TableError::DuplicateLevel {
                level: header.level,
            });
        }
        expect.check(header)?;
        let start = bytes.len();
        reserve(&mut bytes, kept_len(form, header.count()))?;
        read_payload(&mut input, header, &mut bytes, base)?;
        starts.push(start);
        base += level_file_len(form, header.count());
    }
    expect.finish(bytes, starts)
}

/// `error` in the file at `path`.
fn in_file(path: &Path) -> impl Fn(TableError) -> TableError + '_ {
    move |error| TableError::File {
        path: path.to_path_buf(),
        source: Box::new(error),
    }
}

/// Level files whose headers are read and checked as a set, their
/// entries not read yet: each ready for [`read_level`], level 0 first.
pub(crate) struct Opened {
    pub(crate) variant: Variant,
    pub(crate) endless_play: EndlessPlay,
    /// The top level's bean count.
    pub(crate) beans: u8,
    pub(crate) files: Vec<OpenedFile>,
}

/// One level file of an [`Opened`] set, read up to its entries.
pub(crate) struct OpenedFile {
    pub(crate) header: Header,
    pub(crate) path: PathBuf,
    input: BufReader<File>,
}

/// Reads the headers of the level files at `paths`, in any order, and
/// checks that they fit together, before any entries are read or their
/// memory taken.
pub(crate) fn open_files(paths: &[PathBuf], form: TableForm) -> Result<Opened, TableError> {
    let mut files = Vec::with_capacity(paths.len());
    for path in paths {
        let in_file = in_file(path);
        let file = File::open(path).map_err(|error| in_file(error.into()))?;
        let mut input = BufReader::with_capacity(1 << 20, file);
        let header = read_header(&mut input, 0)
            .and_then(|header| {
                header.ok_or(TableError::Truncated {
                    expected: level_file_len(form, 0),
                    found: 0,
                })
            })
            .map_err(in_file)?;
        files.push(OpenedFile {
            header,
            path: path.clone(),
            input,
        });
    }
    files.sort_by_key(|file| file.header.level);
    if let Some(pair) = files
        .windows(2)
        .find(|pair| pair[0].header.level == pair[1].header.level)
    {
        return Err(TableError::File {
            path: pair[1].path.clone(),
            source: Box::new(TableError::DuplicateLevel {
                level: pair[1].header.level,
            }),
        });
    }
    let mut expect = Expect::new(form);
    for file in &files {
        expect.check(file.header).map_err(in_file(&file.path))?;
    }
    let levels = expect.finish(Vec::new(), Vec::new())?;
    Ok(Opened {
        variant: levels.variant,
        endless_play: levels.endless_play,
        beans: levels.beans,
        files,
    })
}

/// Reads the entries of one opened level file onto the end of `bytes`
/// (its capacity reserved by the caller), every block and value checked,
/// and that nothing follows them.
pub(crate) fn read_level(file: OpenedFile, bytes: &mut Vec<u8>) -> Result<(), TableError> {
    let OpenedFile {
        header,
        path,
        mut input,
    } = file;
    read_payload(&mut input, header, bytes, 0).map_err(in_file(&path))?;
    let mut extra = [0u8; 1];
    if input
        .read(&mut extra)
        .map_err(|error| in_file(&path)(error.into()))?
        > 0
    {
        return Err(in_file(&path)(TableError::Corrupt {
            offset: level_file_len(header.form, header.count()),
            what: "there are bytes after the last block",
        }));
    }
    Ok(())
}

/// The entries of one opened level file, read and checked as
/// [`read_level`] does, in memory of their own.
pub(crate) fn read_level_apart(file: OpenedFile) -> Result<Vec<u8>, TableError> {
    let mut bytes = Vec::new();
    reserve(&mut bytes, kept_len(file.header.form, file.header.count()))
        .map_err(in_file(&file.path))?;
    read_level(file, &mut bytes)?;
    Ok(bytes)
}

/// Reads the level files at `paths`, in any order: every header first
/// ([`open_files`]), then the entries of each, one level after another.
pub(crate) fn read_files(paths: &[PathBuf], form: TableForm) -> Result<Levels, TableError> {
    let opened = open_files(paths, form)?;
    let total = opened
        .files
        .iter()
        .map(|file| kept_len(form, file.header.count()))
        .sum();
    let mut bytes = Vec::new();
    reserve(&mut bytes, total)?;
    let mut starts = Vec::with_capacity(opened.files.len());
    for file in opened.files {
        starts.push(bytes.len());
        read_level(file, &mut bytes)?;
    }
    Ok(Levels {
        variant: opened.variant,
        endless_play: opened.endless_play,
        beans: opened.beans,
        bytes,
        starts,
    })
}

/// The level files of `form` in the directory `dir`: the names ending in
/// `-LNN.table` (or `.wdl`), as [`super::EndgameTable::level_file_name`]
/// gives them.
pub(crate) fn level_files(dir: &Path, form: TableForm) -> Result<Vec<PathBuf>, TableError> {
    let suffix = format!(".{}", form.extension());
    let mut paths = Vec::new();
    for entry in fs::read_dir(dir).map_err(|error| in_file(dir)(error.into()))? {
        let path = entry.map_err(|error| in_file(dir)(error.into()))?.path();
        let is_level = path
            .file_name()
            .and_then(|name| name.to_str())
            .and_then(|name| name.strip_suffix(&suffix))
            .and_then(|stem| stem.get(stem.len().checked_sub(4)?..))
            .is_some_and(|end| {
                let end = end.as_bytes();
                end[..2] == *b"-L" && end[2].is_ascii_digit() && end[3].is_ascii_digit()
            });
        if is_level {
            paths.push(path);
        }
    }
    paths.sort();
    Ok(paths)
}

/// Writes the file `path` through `write`: to a temporary name beside it
/// first, flushed to the disk, then renamed; on any failure the
/// temporary file is removed and nothing is left under `path`.
pub(crate) fn save_atomically(
    path: &Path,
    write: impl FnOnce(&mut BufWriter<File>) -> Result<(), TableError>,
) -> Result<(), TableError> {
    let name = path.file_name().map_or_else(
        || "table".into(),
        |name| name.to_string_lossy().into_owned(),
    );
    let partial = path.with_file_name(format!(".{name}.{}.partial", std::process::id()));
    let result = (|| {
        let mut out = BufWriter::with_capacity(1 << 20, File::create(&partial)?);
        write(&mut out)?;
        out.flush()?;
        let file = out.into_inner().map_err(|error| error.into_error())?;
        file.sync_all()?;
        drop(file);
        fs::rename(&partial, path)?;
        Ok(())
    })();
    if result.is_err() {
        // The error that matters is the one that made the write fail.
        let _ = fs::remove_file(&partial);
    }
    result.map_err(in_file(path))
}

#[cfg(test)]
mod tests {
    use std::io;

    use super::*;

    #[test]
    fn a_write_that_fails_midway_leaves_nothing_behind() {
        let dir = tempfile::tempdir().expect("a directory");
        let path = dir.path().join("standard-own-side-L04.table");
        let error = save_atomically(&path, |out| {
            out.write_all(&[7; 3 << 20])?;
            Err(io::Error::new(io::ErrorKind::StorageFull, "no space left on device").into())
        })
        .unwrap_err();
        assert!(
            matches!(&error, TableError::File { source, .. } if matches!(**source, TableError::Io(_))),
            "{error:?}"
        );
        assert!(
            error.to_string().contains("no space left on device"),
            "{error}"
        );
        let left: Vec<_> = fs::read_dir(dir.path()).expect("listed").collect();
        assert!(left.is_empty(), "nothing left behind: {left:?}");
    }

    #[test]
    fn a_write_that_succeeds_is_under_its_name_only() {
        let dir = tempfile::tempdir().expect("a directory");
        let path = dir.path().join("standard-own-side-L04.table");
        save_atomically(&path, |out| Ok(out.write_all(b"bytes")?)).expect("saved");
        assert_eq!(fs::read(&path).expect("read"), b"bytes");
        assert_eq!(fs::read_dir(dir.path()).expect("listed").count(), 1);
    }
}
