//! `bohnenspiel table --beans N --output FILE`: builds an endgame table
//! and writes it; and reading one for `solve --table FILE`.

use std::fs::File;
use std::io::{self, BufReader, BufWriter, Write};
use std::num::NonZeroUsize;
use std::path::Path;

use bohnenspiel::Rules;
use bohnenspiel::analysis::{EndgameTable, TableError};

use crate::error::{CliError, InputProblem, usage};
use crate::memory::{self, Bytes};
use crate::status::Status;

/// What `table` is asked to build.
#[derive(Debug, Clone, Copy)]
pub struct Request<'a> {
    /// The most beans on a board.
    pub beans: u8,
    /// The rules.
    pub rules: Rules,
    /// The file to write; `-` is standard output.
    pub output: &'a Path,
    /// `--memory MB`: the most memory the build may take.
    pub memory: Option<u64>,
    /// `--threads N`: the threads of the build (default: every core).
    pub threads: Option<NonZeroUsize>,
}

/// Says on standard error how large the table and its file will be,
/// refuses a build that needs more memory than there is, then builds the
/// table, writes it to `output` (`-`: standard output), and says what was
/// written (on `out`, or on standard error when the table went to
/// standard output).
///
/// # Errors
///
/// [`CliError::Usage`] for a bean limit above
/// [`EndgameTable::MAX_BEANS`] or a build that does not fit in memory;
/// [`CliError::OutputFile`] when the file cannot be written; a failure to
/// write `out`.
pub fn run(out: &mut impl Write, request: &Request<'_>) -> Result<Status, CliError> {
    let Request {
        beans,
        rules,
        output,
        memory,
        threads,
    } = *request;
    let too_large = |error: TableError| usage(format_args!("--beans {beans}: {error}"));
    let entries = EndgameTable::entries_for(beans).map_err(too_large)?;
    let file_len = EndgameTable::file_len(beans).map_err(too_large)?;
    let needed = EndgameTable::build_memory(beans).map_err(too_large)?;
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
    eprintln!(
        "building the table of {entries} positions with up to {beans} beans: a file of {} ({file_len} bytes), {} of memory while it is built",
        Bytes(file_len),
        Bytes(needed)
    );
    let threads = threads
        .or_else(|| std::thread::available_parallelism().ok())
        .unwrap_or(NonZeroUsize::MIN);
    let built = EndgameTable::build_reporting(rules, beans, threads, |_| {});
    let table = built.map_err(|error| match error {
        TableError::TooManyBeans { .. } => too_large(error),
        other => usage(format_args!("{other}")),
    })?;
    let to_stdout = output == Path::new("-");
    let name = if to_stdout {
        "<stdout>".to_owned()
    } else {
        output.display().to_string()
    };
    let failed = |source: io::Error| CliError::OutputFile {
        name: name.clone(),
        source,
    };
    let written = if to_stdout {
        let mut stdout = io::stdout().lock();
        table.write(&mut stdout)
    } else {
        let file = File::create(output).map_err(failed)?;
        table.write(BufWriter::new(file))
    };
    written.map_err(|error| match error {
        TableError::Io(source) if to_stdout => CliError::Output(source),
        TableError::Io(source) => failed(source),
        other => failed(io::Error::other(other)),
    })?;
    let summary = format!(
        "{name}: {} positions with up to {beans} beans under the rules \"{}\"",
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

/// Reads the table file at `path`.
///
/// # Errors
///
/// [`CliError::Input`] when the file cannot be opened or read, or is not
/// a sound table (truncated, damaged, another version).
pub fn read(path: &Path) -> Result<EndgameTable, CliError> {
    let failed = |problem: InputProblem| CliError::Input {
        name: path.display().to_string(),
        problem,
    };
    let file = File::open(path).map_err(|error| failed(InputProblem::Io(error)))?;
    EndgameTable::read(BufReader::with_capacity(1 << 20, file)).map_err(|error| match error {
        TableError::Io(error) => failed(InputProblem::Io(error)),
        other => failed(InputProblem::Other(other.to_string())),
    })
}
