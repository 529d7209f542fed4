//! `bohnenspiel reconstruct FILE`: the start positions a problem solution
//! whose diagram was lost can have started from.

use std::io::Write;
use std::path::{Path, PathBuf};

use bohnenspiel::analysis::reconstruction::FilterCount;
use bohnenspiel::analysis::{
    AnalysisError, Limits, ReconstructOptions, Reconstruction, Solver, reconstruct,
};
use bohnenspiel::validate::Options;

use crate::error::{CliError, InputProblem, usage};
use crate::input::{Input, check_files};
use crate::status::Status;

/// What to reconstruct, and how far to search.
pub struct Request<'a> {
    /// The record file (`-` is standard input).
    pub file: &'a Path,
    /// The game of the file, from 1.
    pub game: usize,
    /// The most beans on the board of a start.
    pub beans: u16,
    /// The solver's node budget for each position (default: the
    /// solver's).
    pub nodes: Option<u64>,
    /// The most candidate boards to validate.
    pub max_boards: u64,
    /// Validation options: rules, and `--strict`.
    pub options: Options,
}

/// Prints every start position found, one setup string per line, and on
/// standard error a note for an ignored `Setup` tag, what each filter
/// removed and the count.
///
/// # Errors
///
/// [`CliError::Usage`] for a bean or board limit out of range;
/// [`CliError::Input`] for a file that cannot be read or lacks the game,
/// and for a record that cannot be searched (a syntax error, no moves, no
/// stated end, a search too large for its limits); a failure to write.
/// Finding nothing, or boards the solver cannot solve within the budget,
/// is status 1.
pub fn run(out: &mut impl Write, request: &Request<'_>) -> Result<Status, CliError> {
    let beans = u8::try_from(request.beans)
        .ok()
        .filter(|&beans| beans <= bohnenspiel::Position::TOTAL_BEANS)
        .ok_or_else(|| {
            usage(format_args!(
                "--beans {}: a start holds at most {} beans on the board",
                request.beans,
                bohnenspiel::Position::TOTAL_BEANS
            ))
        })?;
    check_files(&[PathBuf::from(request.file)])?;
    let input = Input::open(request.file)?;
    let name = input.name.clone();
    let Some(parsed) = input.games().nth(request.game.saturating_sub(1)) else {
        return Err(CliError::Input {
            name,
            problem: InputProblem::Other(format!("there is no game {}", request.game)),
        });
    };
    let parsed = parsed?;
    let options = ReconstructOptions {
        beans,
        validation: request.options,
        limits: Limits::nodes(request.nodes.unwrap_or(Solver::DEFAULT_NODES)),
        max_boards: request.max_boards,
    };
    if let Some(value) = parsed
        .record
        .known_tag(bohnenspiel::notation::KnownTag::Setup)
        .map(|tag| &tag.value)
    {
        eprintln!(
            "{name}: note: the Setup tag ({value:?}) is ignored: the start position is searched for"
        );
    }
    let found = reconstruct(&parsed, &options).map_err(|error| match error {
        AnalysisError::BeanLimit { .. } | AnalysisError::BoardLimit { .. } => {
            usage(format_args!("{error}"))
        }
        // What the record lacks belongs to its file.
        _ => CliError::Input {
            name: name.clone(),
            problem: InputProblem::Other(error.to_string()),
        },
    })?;
    for position in &found.positions {
        writeln!(out, "{position}")?;
    }
    out.flush()?;
    summary(&name, beans, &found);
    Ok(
        if found.positions.is_empty() || !found.unsolved.is_empty() {
            Status::Findings
        } else {
            Status::Success
        },
    )
}

/// What each filter checks, for its line on standard error, with its
/// counts, in the order the filters run.
fn filters(beans: u8, found: &Reconstruction) -> [(String, FilterCount); 4] {
    let end = found.end;
    [
        (
            format!(
                "lines: boards of up to {beans} beans (even) on which every line is legal and captures what it annotates, by the symbolic search, then the validator"
            ),
            found.lines,
        ),
        (
            format!("stores: boards whose value with some stores is the stated end, {end}"),
            found.stores,
        ),
        (
            "first moves: positions on which the moves that keep the value are the first moves of the record's lines (those not marked ? or ??)".to_owned(),
            found.first_moves,
        ),
        (
            "judgements: positions that contradict the fewest of the record's judgements, as the solver checks them".to_owned(),
            found.judgements,
        ),
    ]
}

/// The most boards not solved within the budget that are listed.
const UNSOLVED_SHOWN: usize = 20;

/// The counts on standard error.
fn summary(name: &str, beans: u8, found: &Reconstruction) {
    for (what, filter) in filters(beans, found) {
        eprintln!(
            "{name}: {what}: {} given, {} removed, {} kept",
            filter.given,
            filter.removed(),
            filter.kept
        );
    }
    if !found.unsolved.is_empty() {
        let boards = match found.unsolved.len() {
            1 => "1 board is".to_owned(),
            n => format!("{n} boards are"),
        };
        eprintln!(
            "{name}: warning: {boards} not solved within the budget (raise it with --nodes), neither kept nor removed:"
        );
        for board in found.unsolved.iter().take(UNSOLVED_SHOWN) {
            let (south, north) = board.split_at(6);
            let row = |holes: &[u8]| {
                holes
                    .iter()
                    .map(ToString::to_string)
                    .collect::<Vec<_>>()
                    .join(",")
            };
            eprintln!("  {}/{}", row(south), row(north));
        }
        if let Some(more) = found
            .unsolved
            .len()
            .checked_sub(UNSOLVED_SHOWN)
            .filter(|&n| n > 0)
        {
            eprintln!("  and {more} more");
        }
    }
    for (position, contradicted) in found.positions.iter().zip(&found.contradicted) {
        if contradicted.is_empty() {
            continue;
        }
        eprintln!(
            "{name}: note: no position keeps every judgement; on {position} the solver contradicts {}:",
            if contradicted.len() == 1 {
                "one".to_owned()
            } else {
                contradicted.len().to_string()
            }
        );
        for judgement in contradicted {
            eprintln!("  {}", judgement.in_file(name));
        }
    }
    if found.unanalysed > 0 {
        eprintln!(
            "{name}: warning: on {} of the positions kept some judgement is not checked within the budget (raise it with --nodes)",
            found.unanalysed
        );
    }
    let count = found.positions.len();
    eprintln!(
        "{name}: {count} start {} found",
        if count == 1 { "position" } else { "positions" }
    );
}
