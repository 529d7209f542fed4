//! `bohnenspiel table --beans N --output FILE`: builds an endgame table
//! and writes it; and reading one for `solve --table FILE`.

use std::fs::File;
use std::io::{BufReader, BufWriter, Write};
use std::path::Path;

use bohnenspiel::Rules;
use bohnenspiel::analysis::{EndgameTable, TableError};

use crate::error::{CliError, InputProblem, usage};
use crate::status::Status;

/// Builds the table of every position with up to `beans` beans under
/// `rules`, writes it to `output`, and says what was written on `out`.
///
/// # Errors
///
/// [`CliError::Usage`] for a bean limit above
/// [`EndgameTable::MAX_BEANS`]; [`CliError::OutputFile`] when the file
/// cannot be written; a failure to write `out`.
pub fn run(
    out: &mut impl Write,
    beans: u8,
    rules: Rules,
    output: &Path,
) -> Result<Status, CliError> {
    let table = EndgameTable::build(rules, beans).map_err(|error| match error {
        TableError::TooManyBeans { .. } => usage(format_args!("--beans {beans}: {error}")),
        other => usage(format_args!("{other}")),
    })?;
    let failed = |source: std::io::Error| CliError::OutputFile {
        name: output.display().to_string(),
        source,
    };
    let file = File::create(output).map_err(failed)?;
    let mut file = BufWriter::new(file);
    table.write(&mut file).map_err(|error| match error {
        TableError::Io(source) => failed(source),
        other => failed(std::io::Error::other(other)),
    })?;
    writeln!(
        out,
        "{}: {} positions with up to {beans} beans under the rules \"{}\"",
        output.display(),
        table.entries(),
        table.rules()
    )?;
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
    EndgameTable::read(BufReader::new(file)).map_err(|error| match error {
        TableError::Io(error) => failed(InputProblem::Io(error)),
        other => failed(InputProblem::Other(other.to_string())),
    })
}
