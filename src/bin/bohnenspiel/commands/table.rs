//! `bohnenspiel table --beans N --output DIR`: builds the levels of an
//! endgame table and writes each to its file; and reading one for
//! `solve --table` and `engine --table`.

use std::io::{self, Write};
use std::num::NonZeroUsize;
use std::path::Path;
use std::time::Instant;

use bohnenspiel::Rules;
use bohnenspiel::analysis::{EndgameTable, LevelReport, TableError, TableForm};

use crate::error::{CliError, InputProblem, usage};
use crate::memory::{self, Bytes};
use crate::progress;
use crate::status::Status;

/// What `table` is asked to build.
#[derive(Debug, Clone, Copy)]
pub struct Request<'a> {
    /// The most beans on a board.
    pub beans: u8,
    /// The rules.
    pub rules: Rules,
    /// The directory of the level files; `-` is standard output.
    pub output: &'a Path,
    /// `--memory MB`: the most memory the build may take.
    pub memory: Option<u64>,
    /// `--threads N`: the threads of the build (default: every core).
    pub threads: Option<NonZeroUsize>,
    /// `--wdl`: the 2-bit form of each level too.
    pub wdl: bool,
}

/// The level files a build writes: the exact form, and the 2-bit form
/// when asked for.
fn forms(wdl: bool) -> &'static [TableForm] {
    if wdl {
        &[TableForm::Exact, TableForm::Wdl]
    } else {
        &[TableForm::Exact]
    }
}

/// Reads the levels `output` holds already, if it is a directory with
/// level files for `rules`.
fn levels_there(output: &Path, rules: Rules) -> Result<Option<EndgameTable>, CliError> {
    if !output.exists() {
        return Ok(None);
    }
    if !output.is_dir() {
        return Err(usage(format_args!(
            "--output {}: not a directory (the table is a directory of level files)",
            output.display()
        )));
    }
    let has_levels = std::fs::read_dir(output)
        .map_err(|error| input_error(output, InputProblem::Io(error)))?
        .filter_map(Result::ok)
        .any(|entry| entry.file_name().to_str().is_some_and(is_level_file));
    if !has_levels {
        return Ok(None);
    }
    let table = read(output)?;
    wait(output, &table)?;
    if !table.covers(rules) {
        return Err(usage(format_args!(
            "--output {}: its levels are for the rules \"{}\", not \"{rules}\"",
            output.display(),
            table.rules()
        )));
    }
    Ok(Some(table))
}

/// Whether `name` is that of an exact level file, `…-LNN.table`, as
/// `EndgameTable::open` reads them from a directory.
fn is_level_file(name: &str) -> bool {
    name.strip_suffix(".table")
        .map(str::as_bytes)
        .and_then(|stem| stem.get(stem.len().checked_sub(4)?..))
        .is_some_and(|end| end[..2] == *b"-L" && end[2..].iter().all(u8::is_ascii_digit))
}

/// The nearest directory at or above `path` that exists, for the space
/// left on its disk.
fn existing_ancestor(path: &Path) -> &Path {
    path.ancestors()
        .find(|dir| dir.is_dir())
        .unwrap_or(Path::new("."))
}

/// Says on standard error what the build will take, refuses one that
/// needs more memory or disk space than there is, then builds the levels
/// the output directory does not hold yet, writing each as soon as it is
/// built, with a line on standard error for each (level, positions, the
/// positions searched, time); finally says what was written (on `out`, or
/// on standard error when the table went to standard output).
///
/// # Errors
///
/// [`CliError::Usage`] for a bean limit above
/// [`EndgameTable::MAX_BEANS`], a build that does not fit in memory or on
/// the disk, or an output directory with levels for other rules;
/// [`CliError::Input`] for level files there that cannot be read;
/// [`CliError::OutputFile`] when a file cannot be written; a failure to
/// write `out`.
pub fn run(out: &mut impl Write, request: &Request<'_>) -> Result<Status, CliError> {
    let Request {
        beans,
        rules,
        output,
        memory,
        threads,
        wdl,
    } = *request;
    let threads = threads
        .or_else(|| std::thread::available_parallelism().ok())
        .unwrap_or(NonZeroUsize::MIN);
    let too_large = |error: TableError| usage(format_args!("--beans {beans}: {error}"));
    let entries = EndgameTable::entries_for(beans).map_err(too_large)?;
    let needed = EndgameTable::build_memory(beans).map_err(too_large)?;
    let to_stdout = output == Path::new("-");
    let mut table = if to_stdout {
        None
    } else {
        levels_there(output, rules)?
    };
    let top = beans - beans % 2;
    let first = table.as_ref().map_or(0, |table| table.beans() + 2);
    let mut file_len = 0;
    for level in (first..=top).step_by(2) {
        for &form in forms(wdl && !to_stdout) {
            file_len += EndgameTable::level_file_len(level, form).map_err(too_large)?;
        }
    }
    if let Some(budget) = memory::budget(memory)
        && needed > budget
    {
        let source = if memory.is_some() {
            "--memory allows"
        } else {
            "the system has available"
        };
        return Err(usage(format_args!(
            "--beans {beans}: building the table needs {} of memory, but {source} only {}",
            Bytes(needed),
            Bytes(budget)
        )));
    }
    if !to_stdout
        && let Some(free) = crate::disk::available(existing_ancestor(output))
        && file_len > free
    {
        return Err(usage(format_args!(
            "--beans {beans}: the files of the table need {}, but the disk of {} has only {} free",
            Bytes(file_len),
            output.display(),
            Bytes(free)
        )));
    }
    let held = match first {
        0 => 0,
        _ => EndgameTable::entries_for(first - 2).map_err(too_large)?,
    };
    if first > top {
        eprintln!(
            "the levels up to {top} beans are there already: nothing to build ({entries} positions)"
        );
    } else {
        let read = if first > 0 {
            format!("levels 0 to {} read from {}; ", first - 2, output.display())
        } else {
            String::new()
        };
        let levels = if first == top {
            format!("level {top}")
        } else {
            format!("levels {first} to {top}")
        };
        eprintln!(
            "{read}building {levels}, {} positions: files of {} ({file_len} bytes), {} of memory while they are built",
            entries - held,
            Bytes(file_len),
            Bytes(needed)
        );
    }
    let name = if to_stdout {
        "<stdout>".to_owned()
    } else {
        output.display().to_string()
    };
    if !to_stdout {
        std::fs::create_dir_all(output).map_err(|source| CliError::OutputFile {
            name: name.clone(),
            source,
        })?;
    }
    let built_error = |error: TableError| match error {
        TableError::TooManyBeans { .. } => too_large(error),
        other => usage(format_args!("{other}")),
    };
    let save = |table: &EndgameTable, level: u8| -> Result<(), CliError> {
        if to_stdout {
            return Ok(());
        }
        for &form in forms(wdl) {
            table
                .save(output, level..=level, form)
                .map_err(|error| save_error(&name, error))?;
        }
        Ok(())
    };
    let mut started = Instant::now();
    let line = |report: &LevelReport, started: Instant| {
        progress::suspend(|| {
            eprintln!(
                "level {}: {} positions, {} searched, {:.2} s",
                report.beans,
                report.positions,
                report.searched,
                started.elapsed().as_secs_f64()
            );
        });
    };
    let mut table = match table.take() {
        Some(table) => {
            // The 2-bit form of the levels read, where it is missing.
            if wdl {
                for level in (0..=table.beans()).step_by(2) {
                    let file = EndgameTable::level_file_name(rules, level, TableForm::Wdl);
                    if !output.join(file).exists() {
                        table
                            .save(output, level..=level, TableForm::Wdl)
                            .map_err(|error| save_error(&name, error))?;
                    }
                }
            }
            table
        }
        None => {
            progress::step("building level 0".to_owned());
            let mut level_zero = None;
            let table = EndgameTable::build_reporting(rules, 0, threads, |report| {
                level_zero = Some(*report)
            })
            .map_err(built_error)?;
            if let Some(report) = level_zero {
                line(&report, started);
            }
            save(&table, 0)?;
            table
        }
    };
    while table.beans() < top {
        let level = table.beans() + 2;
        progress::step(format!("building level {level}"));
        started = Instant::now();
        let report = table.build_next(threads).map_err(built_error)?;
        line(&report, started);
        save(&table, level)?;
    }
    progress::finish();
    if to_stdout {
        let mut stdout = io::stdout().lock();
        table.write(&mut stdout).map_err(|error| match error {
            TableError::Io(source) => CliError::Output(source),
            other => CliError::Output(io::Error::other(other)),
        })?;
    }
    let summary = format!(
        "{name}: {} positions with up to {top} beans under the rules \"{}\"",
        table.entries(),
        table.rules()
    );
    if to_stdout {
        eprintln!("{summary}");
    } else {
        writeln!(out, "{summary}")?;
    }
    Ok(Status::Success)
}

/// A level file that could not be written, named.
fn save_error(name: &str, error: TableError) -> CliError {
    match error {
        TableError::File { path, source } => CliError::OutputFile {
            name: path.display().to_string(),
            source: match *source {
                TableError::Io(source) => source,
                other => io::Error::other(other),
            },
        },
        other => CliError::OutputFile {
            name: name.to_owned(),
            source: io::Error::other(other),
        },
    }
}

fn input_error(path: &Path, problem: InputProblem) -> CliError {
    CliError::Input {
        name: path.display().to_string(),
        problem,
    }
}

/// Reads the table at `path`: a directory of level files, or a file of
/// levels one after another (`table -o -`).
///
/// # Errors
///
/// [`CliError::Input`] when a file cannot be opened or read, is not a
/// sound table (truncated, damaged, another version), or the levels do
/// not fit together; it names the file at fault.
///
/// A directory's levels are read in the background, from level 0 up
/// ([`EndgameTable::open`]); [`wait`] waits for them.
pub fn read(path: &Path) -> Result<EndgameTable, CliError> {
    EndgameTable::open(path).map_err(|error| table_error(path, error))
}

/// Waits until every level of `table`, read from `path`, is read.
///
/// # Errors
///
/// [`CliError::Input`] naming the level file that turned out damaged or
/// cut short while it was read.
pub fn wait(path: &Path, table: &EndgameTable) -> Result<(), CliError> {
    table
        .wait_loaded()
        .map_err(|error| table_error(path, error))
}

/// A table's `error` as the command line reports it: naming the file at
/// fault (`path` when the error names none).
fn table_error(path: &Path, error: TableError) -> CliError {
    let (name, problem) = match error {
        TableError::File { path, source } => match *source {
            TableError::Io(error) => (path, InputProblem::Io(error)),
            other => (path, InputProblem::Other(other.to_string())),
        },
        TableError::Load { source } => match &*source {
            TableError::File { path, source } => {
                (path.clone(), InputProblem::Other(source.to_string()))
            }
            other => (path.to_path_buf(), InputProblem::Other(other.to_string())),
        },
        TableError::Io(error) => (path.to_path_buf(), InputProblem::Io(error)),
        other => (path.to_path_buf(), InputProblem::Other(other.to_string())),
    };
    input_error(&name, problem)
}

/// The memory the table at `path` takes once read (the level files of a
/// directory, or one file of levels): the entries with South to move,
/// half of each level's, since those with North to move are read for
/// their checks only; 0 when it cannot be seen.
pub fn load_memory(path: &Path) -> u64 {
    let kept = |path: &Path| std::fs::metadata(path).map_or(0, |meta| kept_len(meta.len()));
    if path.is_dir() {
        std::fs::read_dir(path).map_or(0, |entries| {
            entries
                .filter_map(Result::ok)
                .map(|entry| entry.path())
                .filter(|path| path.extension().is_some_and(|ext| ext == "table"))
                .map(|path| kept(&path))
                .sum()
        })
    } else {
        kept(path)
    }
}

/// The entries with South to move of an exact file of `len` bytes: those
/// of its level, or of every level up to its top for a file of levels one
/// after another; half the file for a length no level has (such a file
/// is refused when it is read).
fn kept_len(len: u64) -> u64 {
    let entries = |level: u8| EndgameTable::entries_for(level).unwrap_or(0);
    for level in (0..=EndgameTable::MAX_BEANS).step_by(2) {
        let below = level.checked_sub(2).map_or(0, entries);
        if EndgameTable::level_file_len(level, TableForm::Exact).ok() == Some(len) {
            return (entries(level) - below) / 2;
        }
        if EndgameTable::file_len(level).ok() == Some(len) {
            return entries(level) / 2;
        }
    }
    len / 2
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A level file keeps its entries with South to move, half of its
    /// entries; a file of levels those of every level.
    #[test]
    fn loading_keeps_half_of_the_entries() {
        let level = |beans| EndgameTable::level_file_len(beans, TableForm::Exact).expect("a level");
        let entries = |beans| EndgameTable::entries_for(beans).expect("a level");
        assert_eq!(kept_len(level(16)), (entries(16) - entries(14)) / 2);
        assert_eq!(kept_len(level(0)), 1);
        let stream = EndgameTable::file_len(4).expect("levels");
        assert_eq!(kept_len(stream), entries(4) / 2);
        assert_eq!(kept_len(1_000), 500);
    }
}
